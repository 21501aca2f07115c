//! The embedded kanji font: a subset of Noto Serif CJK JP Bold (OFL, see `assets/fonts/`).
//!
//! Embedded rather than taken from the system because system CJK fonts differ from machine
//! to machine, and a missing glyph would show as a box (or panic egui's test harness).

use egui::epaint::text::{FontInsert, FontPriority, InsertFontFamily};
use egui::{FontData, FontFamily, FontId};

const KANJI_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSerifCJKjp-Bold-komadai.otf");

/// The family name piece labels are drawn with.
pub const KANJI_FAMILY: &str = "komadai-kanji";

/// Adds the kanji font: as its own family for piece labels, and as a fallback of the usual
/// families so Japanese notation in the move list renders too.
pub fn install(ctx: &egui::Context) {
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
}

/// A font of the kanji family at `size` points.
pub fn kanji(size: f32) -> FontId {
    FontId::new(size, FontFamily::Name(KANJI_FAMILY.into()))
}
