#!/bin/sh
# Adds komadai to the desktop's application menu for the current user, after
# `cargo install --path .` has put the `komadai` program in ~/.cargo/bin.
# Undo with: rm ~/.local/share/applications/komadai.desktop \
#   ~/.local/share/icons/hicolor/256x256/apps/komadai.png
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
bin=$(command -v komadai || echo "$HOME/.cargo/bin/komadai")
if [ ! -x "$bin" ]; then
    echo "komadai is not installed yet: run 'cargo install --path .' first" >&2
    exit 1
fi
mkdir -p "$data/applications" "$data/icons/hicolor/256x256/apps"
cp "$here/../assets/icon.png" "$data/icons/hicolor/256x256/apps/komadai.png"
# The menu may not search ~/.cargo/bin: name the program by its full path.
sed "s|^Exec=komadai\$|Exec=$bin|" "$here/komadai.desktop" > "$data/applications/komadai.desktop"
command -v update-desktop-database >/dev/null && update-desktop-database "$data/applications" || true
echo "komadai is in the application menu (Games)."
