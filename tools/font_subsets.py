#!/usr/bin/env python3
"""Makes the embedded font subsets in assets/fonts/: two from Debian's fonts-noto-cjk, and
two tiny ones of file-dialog icons from the emoji fonts egui ships.

    apt-get install fonts-noto-cjk && pip install fonttools
    python3 tools/font_subsets.py

- NotoSerifCJKjp-Bold-komadai.otf: the piece labels and the notation's glyphs
  (PIECE_GLYPHS below), drawn in the bold serif face of a shogi piece.
- NotoSansCJKjp-Regular-komadai.otf: every character of JIS X 0208 (kana,
  the level 1 and 2 kanji, symbols, full-width letters), so that Japanese
  text from outside the app, such as the players' names in a record and file
  names, draws without boxes. It also covers the Japanese interface
  (src/gui/i18n/ja.rs): its strings are written in JIS X 0208 characters.

tests/gui/glyphs.rs checks every interface string of both languages (and the
names and reasons filled into them) against the embedded fonts, so a string
using a character outside these subsets fails the tests: then add the
character to PIECE_GLYPHS (for the marks ☗☖▲△) or write it otherwise.
"""

import subprocess
from pathlib import Path

NOTO = Path("/usr/share/fonts/opentype/noto")
OUT = Path(__file__).resolve().parent.parent / "assets" / "fonts"

PIECE_GLYPHS = (
    "▲△☖☗　と一七三上下不九了二五先入全八六分勝十千右同四圭宣寄将左引後成手打投持日杏桂"
    "棋歩点玉王番直竜行角言詰負金銀飛香馬駒龍０１２３４５６７８９"
)


def jis_x_0208() -> str:
    """Every character EUC-JP encodes in two bytes: JIS X 0208 rows 1 to 84."""
    chars = set()
    for high in range(0xA1, 0xFF):
        for low in range(0xA1, 0xFF):
            try:
                chars.add(bytes([high, low]).decode("euc_jp"))
            except UnicodeDecodeError:
                pass
    return "".join(sorted(chars))


def subset(source: str, text: str, output: str, layout_features: str) -> None:
    subprocess.run(
        [
            "pyftsubset",
            str(NOTO / source),
            "--font-number=0",  # face 0 of the collection is the Japanese one
            f"--text={text}",
            f"--output-file={OUT / output}",
            f"--layout-features={layout_features}",
            "--no-hinting",
            "--desubroutinize",
            "--name-IDs=*",
        ],
        check=True,
    )


# The icons of the app's own file dialog (egui_file), from the emoji fonts egui ships.
EMOJI_ICON_GLYPHS = "💾🗀🗋⬆⟲"
NOTO_EMOJI_GLYPHS = "📁📂"


def egui_fonts() -> Path:
    """epaint_default_fonts 0.37's fonts folder in Cargo's registry (`cargo fetch` puts it there)."""
    registry = Path.home() / ".cargo" / "registry" / "src"
    return next(registry.glob("*/epaint_default_fonts-0.37.*/fonts"))


def icon_subset(source: str, text: str, output: str) -> None:
    subprocess.run(
        [
            "pyftsubset",
            str(egui_fonts() / source),
            f"--text={text}",
            f"--output-file={OUT / output}",
            "--no-hinting",
            "--name-IDs=*",
        ],
        check=True,
    )


def main() -> None:
    subset("NotoSerifCJK-Bold.ttc", PIECE_GLYPHS, "NotoSerifCJKjp-Bold-komadai.otf", "*")
    subset("NotoSansCJK-Regular.ttc", jis_x_0208(), "NotoSansCJKjp-Regular-komadai.otf", "")
    icon_subset("emoji-icon-font.ttf", EMOJI_ICON_GLYPHS, "EmojiIcon-komadai.ttf")
    icon_subset("NotoEmoji-Regular.ttf", NOTO_EMOJI_GLYPHS, "NotoEmoji-komadai.ttf")


if __name__ == "__main__":
    main()
