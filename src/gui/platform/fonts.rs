//! The embedded Japanese fonts (OFL, see `assets/fonts/`): a subset of Noto Serif CJK JP Bold
//! for the pieces and the notation, and one of Noto Sans CJK JP Regular with all of JIS X 0208
//! for Japanese text from outside the app (players' names in a record, file names); and the
//! few icons of the app's own file dialog.
//!
//! Embedded rather than taken from the system because system CJK fonts differ from machine
//! to machine, and a missing glyph would show as a box (or panic egui's test harness).

use egui::epaint::text::{FontInsert, FontPriority, InsertFontFamily};
use egui::{FontData, FontFamily, FontId};

const KANJI_FONT: &[u8] = include_bytes!("../../../assets/fonts/NotoSerifCJKjp-Bold-komadai.otf");
const TEXT_FONT: &[u8] = include_bytes!("../../../assets/fonts/NotoSansCJKjp-Regular-komadai.otf");

/// The icons of the app's own file dialog (📁 📂 💾 🗀 🗋 ⬆ ⟲), from the emoji fonts egui
/// ships: a few glyphs each (`assets/fonts/README.md`).
const ICON_FONTS: [(&str, &[u8]); 2] = [
    (
        "komadai-icons",
        include_bytes!("../../../assets/fonts/EmojiIcon-komadai.ttf"),
    ),
    (
        "komadai-icons-noto",
        include_bytes!("../../../assets/fonts/NotoEmoji-komadai.ttf"),
    ),
];

/// The family of the Japanese text font.
const TEXT_FAMILY: &str = "komadai-japanese-text";

/// The family name piece labels are drawn with.
pub const KANJI_FAMILY: &str = "komadai-kanji";

/// Adds the fonts: the text font as the usual families' fallback for Japanese, and the kanji
/// font as its own family for piece labels, first in the move list's monospace family (so
/// its notation reads like the pieces) and last in the others (for ☗ and ☖).
pub fn install(ctx: &egui::Context) {
    ctx.add_font(FontInsert::new(
        TEXT_FAMILY,
        FontData::from_static(TEXT_FONT),
        vec![
            InsertFontFamily {
                family: FontFamily::Proportional,
                priority: FontPriority::Lowest,
            },
            InsertFontFamily {
                family: FontFamily::Monospace,
                priority: FontPriority::Lowest,
            },
        ],
    ));
    ctx.add_font(FontInsert::new(
        KANJI_FAMILY,
        FontData::from_static(KANJI_FONT),
        vec![
            InsertFontFamily {
                family: FontFamily::Name(KANJI_FAMILY.into()),
                priority: FontPriority::Highest,
            },
            InsertFontFamily {
                family: FontFamily::Proportional,
                priority: FontPriority::Lowest,
            },
            // First for the move list, so ▲ and △ come from one font and match; it has no
            // Latin letters, so those still come from egui's monospace font.
            InsertFontFamily {
                family: FontFamily::Monospace,
                priority: FontPriority::Highest,
            },
        ],
    ));
    for (name, bytes) in ICON_FONTS {
        ctx.add_font(FontInsert::new(
            name,
            FontData::from_static(bytes),
            vec![InsertFontFamily {
                family: FontFamily::Proportional,
                priority: FontPriority::Lowest,
            }],
        ));
    }
}

/// A font of the kanji family at `size` points.
pub fn kanji(size: f32) -> FontId {
    FontId::new(size, FontFamily::Name(KANJI_FAMILY.into()))
}
