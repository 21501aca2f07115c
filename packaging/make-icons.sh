#!/bin/sh
# Makes the menu icons the desktops look for (hicolor sizes 16 to 256) from assets/icon.png,
# into packaging/icons/<n>x<n>/komadai.png. The results are committed, so building the .deb
# needs no ImageMagick; rerun this (apt install imagemagick) after changing assets/icon.png.
# No 512x512: the drawing is 256 pixels wide, and a desktop scales 256 up as well as we could.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
if command -v magick >/dev/null; then im=magick; else im=convert; fi
for n in 16 24 32 48 64 128 256; do
    dir="$root/packaging/icons/${n}x${n}"
    mkdir -p "$dir"
    # 8 bits a channel (the source has 16, which no desktop shows), metadata stripped.
    "$im" "$root/assets/icon.png" -filter Lanczos -resize "${n}x${n}" -depth 8 -strip \
        "PNG32:$dir/komadai.png"
    echo "$dir/komadai.png"
done
