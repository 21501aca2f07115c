#!/bin/sh
# Adds komadai to the desktop's application menu for the current user, after
# `cargo install --path .` has put the `komadai` program in ~/.cargo/bin, and makes
# shogi records (.kif .kifu .ki2 .csa .jkf) open in komadai on a double-click.
# Undo with: sh packaging/install-linux.sh --remove
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
sizes="16 24 32 48 64 128 256"
refresh() {
    if command -v update-mime-database >/dev/null; then update-mime-database "$data/mime"; fi
    if command -v update-desktop-database >/dev/null; then
        update-desktop-database "$data/applications" || true
    fi
}
if [ "${1:-}" = "--remove" ]; then
    rm -f "$data/applications/komadai.desktop" "$data/mime/packages/komadai.xml"
    for n in $sizes; do rm -f "$data/icons/hicolor/${n}x${n}/apps/komadai.png"; done
    mkdir -p "$data/mime/packages" "$data/applications"
    refresh
    echo "komadai is out of the application menu."
    exit 0
fi
bin=$(command -v komadai || echo "$HOME/.cargo/bin/komadai")
if [ ! -x "$bin" ]; then
    echo "komadai is not installed yet: run 'cargo install --path .' first" >&2
    exit 1
fi
mkdir -p "$data/applications" "$data/mime/packages"
for n in $sizes; do
    mkdir -p "$data/icons/hicolor/${n}x${n}/apps"
    cp "$here/icons/${n}x${n}/komadai.png" "$data/icons/hicolor/${n}x${n}/apps/komadai.png"
done
cp "$here/komadai-mime.xml" "$data/mime/packages/komadai.xml"
# The menu may not search ~/.cargo/bin: name the program by its full path.
sed "s|^Exec=komadai |Exec=$bin |" "$here/komadai.desktop" > "$data/applications/komadai.desktop"
refresh
echo "komadai is in the application menu (Games), and opens .kif .kifu .ki2 .csa .jkf records."
