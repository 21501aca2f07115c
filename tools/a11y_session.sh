#!/bin/sh
# Runs komadai under Xvfb with the platform's accessibility bus, reads its tree with
# tools/a11y_dump.py before and after a move made by keyboard alone (B, arrows, Enter), and
# takes a screenshot of the board's cursor.
#
#   tools/a11y_session.sh KOMADAI_BINARY OUT_DIR [DISPLAY_NUMBER] [LANG]
#
# Needs Debian's at-spi2-core, python3-pyatspi, dbus-x11 (dbus-run-session), xvfb, xdotool
# and imagemagick. Writes OUT_DIR/tree-before.txt, summary-before.txt, tree-after.txt,
# summary-after.txt, heard.txt (the announcements and focus changes a screen reader
# gets while the move is made) and cursor.png.
set -eu
bin=$(realpath "$1")
out=$(realpath -m "$2")
display=":${3:-64}"
lang=${4:-en_GB.UTF-8}
here=$(dirname "$(realpath "$0")")
mkdir -p "$out"

Xvfb "$display" -screen 0 1280x900x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true' EXIT
sleep 1

DISPLAY=$display LANG=$lang HOME=$(mktemp -d) dbus-run-session -- sh -c '
    set -eu
    /usr/libexec/at-spi-bus-launcher --launch-immediately &
    launcher=$!
    sleep 1
    "$0/a11y_dump.py" enable
    "$1" &
    app=$!
    sleep 8
    "$0/a11y_dump.py" tree > "$2/tree-before.txt"
    "$0/a11y_dump.py" summary > "$2/summary-before.txt" || true
    window=$(xdotool search --sync --pid $app | tail -1)
    xdotool windowfocus --sync "$window" || true
    "$0/a11y_dump.py" listen 12 > "$2/heard.txt" &
    listener=$!
    sleep 1
    # B puts the keyboard on the board at 5e; two left and two down reach 7g; Enter picks
    # the pawn up, Up and Enter play it to 7f.
    for key in b Left Left Down Down Return Up Return; do
        xdotool key --window "$window" "$key"
        sleep 0.4
    done
    wait $listener || true
    "$0/a11y_dump.py" tree > "$2/tree-after.txt"
    "$0/a11y_dump.py" summary > "$2/summary-after.txt" || true
    import -window root "$2/cursor.png"
    kill $app $launcher 2>/dev/null || true
' "$here" "$bin" "$out"
