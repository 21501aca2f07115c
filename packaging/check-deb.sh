#!/bin/sh
# Checks the .deb as a new user would meet it, on a Debian or Ubuntu machine, as root:
#   sh packaging/check-deb.sh [komadai_X_amd64.deb]
# Without an argument it builds the package first (`cargo deb`, which needs cargo-deb:
# `cargo install cargo-deb --locked`). Then it
#   1. installs the package's declared dependencies with apt, and the package with dpkg -i
#      (which fails if a dependency is missing), and the tools of this check (Xvfb, ImageMagick);
#   2. checks the files: both programs on the PATH, the menu entry (desktop-file-validate),
#      the icons, the licences, and that the record types (.kif .kifu .ki2 .csa) are known to
#      the MIME database and lead to komadai.desktop, as a file manager looks them up;
#   3. asks komadai-usi `usi` (it must answer `usiok`), `isready` and `go`;
#   4. starts the menu entry's Exec line, with %f replaced by a record, under Xvfb, and takes a
#      screenshot ($KOMADAI_CHECK_OUT, default /tmp/komadai-check); then xdg-open on another
#      record (as a double-click does); then the Exec line with a file that is not a record,
#      which must leave the app running with the reader's message;
#   5. removes the package (dpkg -r) and checks that no file it installed is left, nor its
#      MIME types.
# It takes about 2 minutes on top of building the package (a fat-LTO build: 15 to 40 minutes),
# so it is not run in CI. It leaves the package removed, whatever happens.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out=${KOMADAI_CHECK_OUT:-/tmp/komadai-check}
started=$(date +%s)
step() { printf '\n== %s (%ss)\n' "$*" "$(($(date +%s) - started))"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { echo "ok: $*"; }

[ "$(id -u)" = 0 ] || fail "run as root (dpkg -i and dpkg -r)"
command -v apt-get >/dev/null || fail "needs apt-get (Debian or Ubuntu)"
rm -rf "$out" && mkdir -p "$out"

if [ $# -ge 1 ]; then
    deb=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
else
    step "building the package (cargo deb)"
    command -v cargo-deb >/dev/null || fail "cargo-deb is missing: cargo install cargo-deb --locked"
    deb=$(cd "$root" && cargo deb | tail -n 1)
fi
[ -f "$deb" ] || fail "no package at $deb"

step "the package: $deb"
dpkg-deb --info "$deb" | sed -n '/Package:/,$p'
echo "package file: $(du -k "$deb" | cut -f1) KiB; installed: $(dpkg-deb -f "$deb" Installed-Size) KiB"
dpkg-deb --contents "$deb" | awk '{print $3, $6}'

if dpkg -s komadai >/dev/null 2>&1; then
    fail "komadai is already installed: dpkg -r komadai first (this check removes it at the end)"
fi

# dpkg, waiting (up to 5 minutes) while another apt or dpkg holds the lock.
dpkg_waiting() {
    for _ in $(seq 1 150); do
        if dpkg "$@" 2>"$out/dpkg-error.txt"; then return 0; fi
        grep -q 'lock' "$out/dpkg-error.txt" || { cat "$out/dpkg-error.txt" >&2; return 1; }
        sleep 2
    done
    cat "$out/dpkg-error.txt" >&2
    return 1
}

xvfb_pid=
app_pid=
cleanup() {
    [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
    if dpkg -s komadai >/dev/null 2>&1; then dpkg_waiting -r komadai >/dev/null || true; fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM

step "declared dependencies and the check's tools (apt)"
# Depends without versions or alternatives: each name must be installable from the archive.
deps=$(dpkg-deb -f "$deb" Depends | sed 's/([^)]*)//g; s/|[^,]*//g; s/,/ /g')
echo "Depends: $deps"
tools="xvfb xauth imagemagick x11-utils desktop-file-utils shared-mime-info xdg-utils
    libfile-mimeinfo-perl"
missing=
for pkg in $deps $tools; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing="$missing $pkg"
done
if [ -n "$missing" ]; then
    echo "installing:$missing"
    # shellcheck disable=SC2086 # one word a package
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y \
        --no-install-recommends $missing >/dev/null
fi
ok "dependencies present"

step "dpkg -i"
dpkg_waiting -i "$deb"
dpkg -s komadai | grep -q '^Status: install ok installed' || fail "not installed"
dpkg -L komadai > "$out/installed-files.txt"
ok "installed $(wc -l < "$out/installed-files.txt") paths"

step "installed files"
for bin in komadai komadai-usi; do
    [ "$(command -v "$bin")" = "/usr/bin/$bin" ] || fail "$bin is not /usr/bin/$bin on the PATH"
done
ok "komadai and komadai-usi are on the PATH ($(komadai --version))"
if komadai --no-such-flag 2>"$out/bad-flag.txt"; then fail "an unknown flag was accepted"; fi
grep -q "unknown option '--no-such-flag'" "$out/bad-flag.txt" || fail "unclear message for a bad flag"
ok "an unknown flag is refused: $(head -n 1 "$out/bad-flag.txt")"
desktop=/usr/share/applications/komadai.desktop
desktop-file-validate "$desktop" || fail "the menu entry does not validate"
ok "menu entry $desktop: $(grep -E '^(Exec|MimeType)=' "$desktop" | tr '\n' ' ')"
for n in 16 24 32 48 64 128 256; do
    icon=/usr/share/icons/hicolor/${n}x${n}/apps/komadai.png
    identify -format '%wx%h' "$icon" | grep -qx "${n}x${n}" || fail "icon $icon"
done
ok "icons 16 to 256 in /usr/share/icons/hicolor"
for doc in copyright LICENSE-MIT LICENSE-APACHE font-NotoSerifCJK-OFL.txt; do
    [ -s "/usr/share/doc/komadai/$doc" ] || fail "no /usr/share/doc/komadai/$doc"
done
ok "licences in /usr/share/doc/komadai"

step "record types (the triggers of shared-mime-info and desktop-file-utils ran)"
for pair in kif:application/x-kif kifu:application/x-kif ki2:application/x-ki2 ki2u:application/x-ki2 csa:application/x-csa; do
    ext=${pair%%:*}
    type=${pair#*:}
    grep -q "^50:$type:\*\.$ext\$" /usr/share/mime/globs2 || fail "*.$ext is not $type in the MIME database"
    [ -f "/usr/share/mime/$type.xml" ] || fail "no /usr/share/mime/$type.xml"
    grep -q "^$type=.*komadai.desktop" /usr/share/applications/mimeinfo.cache ||
        fail "$type does not lead to komadai.desktop"
done
ok "*.kif *.kifu *.ki2 *.ki2u *.csa are known and open with komadai.desktop"
for ext in kif kifu ki2 ki2u csa; do
    touch "$out/game.$ext"
    type=$(xdg-mime query filetype "$out/game.$ext")
    app=$(xdg-mime query default "$type")
    [ "$app" = komadai.desktop ] || fail "xdg-mime: game.$ext is $type, opened by '$app'"
    rm "$out/game.$ext"
done
ok "xdg-mime agrees (the file's type by shared-mime-info, then its application)"

step "komadai-usi answers usi"
{
    printf 'usi\nisready\nposition startpos\ngo depth 3\n'
    sleep 3
    printf 'quit\n'
} | timeout 30 komadai-usi > "$out/usi.txt"
cat "$out/usi.txt"
grep -qx usiok "$out/usi.txt" || fail "no usiok"
grep -qx readyok "$out/usi.txt" || fail "no readyok"
grep -q '^bestmove ' "$out/usi.txt" || fail "no bestmove"
ok "usiok, readyok, bestmove"

# Starts komadai on the file $2 in a fresh home directory, waits for its window, takes a
# screenshot to $3 and keeps the log beside it. $1 says how: `exec` runs the menu entry's Exec
# line with %f replaced by the file, as a file manager does on a double-click; `xdg-open` asks
# xdg-open, which finds the file's type and its application as a desktop without its own
# file manager does.
run_app() {
    how=$1
    file=$2
    shot=$3
    home=$(mktemp -d /tmp/komadai-check-home.XXXXXX)
    opener=
    if [ "$how" = xdg-open ]; then
        echo "running: xdg-open $file"
        env -i PATH=/usr/bin:/bin HOME="$home" DISPLAY=:$display LANG=C.UTF-8 xdg-open "$file" \
            > "$out/app-stdout.txt" 2>&1 &
        opener=$!
        for _ in $(seq 1 20); do
            app_pid=$(ps -o pid= -o comm= --ppid "$opener" | awk '$2 == "komadai" { print $1 }')
            [ -n "$app_pid" ] && break
            sleep 0.5
        done
        [ -n "$app_pid" ] || { cat "$out/app-stdout.txt"; fail "xdg-open did not start komadai"; }
        ps -o args= -p "$app_pid"
    else
        start_exec_line "$file"
    fi
    for _ in $(seq 1 60); do
        xwininfo -display :$display -root -tree 2>/dev/null | grep -q '"komadai"' && break
        kill -0 "$app_pid" 2>/dev/null || break
        sleep 1
    done
    sleep 3 # a few frames, the fonts loaded
    kill -0 "$app_pid" 2>/dev/null || { cat "$out/app-stdout.txt"; fail "komadai exited"; }
    xwininfo -display :$display -root -tree | grep -q '"komadai"' || fail "no komadai window"
    import -display :$display -window root "$shot"
    cp "$home/.local/share/komadai/komadai.log" "${shot%.png}.log"
    kill "$app_pid"
    wait "${opener:-$app_pid}" 2>/dev/null || true
    app_pid=
    rm -rf "$home"
}

start_exec_line() {
    file=$1
    exec_line=$(sed -n 's/^Exec=//p' "$desktop")
    # The Exec line has no quoted arguments: split on spaces, then put the file in for %f.
    set -f
    # shellcheck disable=SC2086
    set -- $exec_line
    set +f
    cmd=$1
    shift
    n=$#
    while [ "$n" -gt 0 ]; do
        arg=$1
        shift
        [ "$arg" = "%f" ] && arg=$file
        set -- "$@" "$arg"
        n=$((n - 1))
    done
    echo "running: $cmd $*"
    env -i PATH=/usr/bin:/bin HOME="$home" DISPLAY=:$display LANG=C.UTF-8 "$cmd" "$@" \
        > "$out/app-stdout.txt" 2>&1 &
    app_pid=$!
}

step "the menu entry's Exec line opens a record under Xvfb"
display=77
while [ -e "/tmp/.X$display-lock" ]; do display=$((display + 1)); done
Xvfb :$display -screen 0 1280x900x24 -nolisten tcp > "$out/xvfb.txt" 2>&1 &
xvfb_pid=$!
for _ in $(seq 1 20); do xdpyinfo -display :$display >/dev/null 2>&1 && break; sleep 0.5; done
records="$out/棋譜 files"
mkdir -p "$records"
cp "$root/tests/data/records/oyama_masuda_1959.kif" "$records/大山 対 升田 1959.kif"
run_app exec "$records/大山 対 升田 1959.kif" "$out/record.png"
grep -q "opened .*大山 対 升田 1959.kif" "$out/record.log" || fail "the log does not say the record was opened"
ok "window shown, record opened: $out/record.png (log: $(grep -o 'opened .*' "$out/record.log"))"

step "xdg-open opens a CSA record in komadai"
cp "$root/tests/data/records/oyama_masuda_1959.csa" "$records/大山 対 升田 1959.csa"
run_app xdg-open "$records/大山 対 升田 1959.csa" "$out/xdg-open.png"
grep -q "opened .*大山 対 升田 1959.csa" "$out/xdg-open.log" || fail "the log does not say the record was opened"
ok "window shown, record opened: $out/xdg-open.png"

step "a file that is not a record: the app starts with the reader's message"
cp "$root/assets/icon.png" "$records/not a record.csa"
run_app exec "$records/not a record.csa" "$out/not-a-record.png"
grep -q "told the player.*: Cannot open not a record.csa" "$out/not-a-record.log" || fail "the message is not in the log"
ok "still running, and it $(grep -o 'told the player.*' "$out/not-a-record.log")"
kill "$xvfb_pid"
xvfb_pid=

step "dpkg -r"
dpkg_waiting -r komadai
if dpkg -s komadai 2>/dev/null | grep -q '^Status: .* installed'; then fail "still installed"; fi
left=0
while read -r path; do
    if [ -e "$path" ] && [ ! -d "$path" ]; then
        echo "left behind: $path"
        left=1
    fi
done < "$out/installed-files.txt"
[ "$left" = 0 ] || fail "files left after dpkg -r"
for type in application/x-kif application/x-ki2 application/x-csa; do
    [ ! -e "/usr/share/mime/$type.xml" ] || fail "$type is still in the MIME database"
    ! grep -q "^$type=" /usr/share/applications/mimeinfo.cache || fail "$type still in mimeinfo.cache"
done
ok "every installed file is gone, and the record types with them"

step "all checks passed in $(($(date +%s) - started)) s; screenshots in $out"
