//! Every glyph of every interface string, in both languages, is in the fonts the app embeds:
//! a missing one would draw as a box on a machine without a CJK font (and make egui's test
//! harness panic).

use crate::gui_support;

use egui::{FontFamily, FontId};
use gui_support::{app_in, harness, settings_dir};
use komadai::i18n::{Language, every_text};

/// The characters of `lang`'s texts that no embedded font has, with a text that uses each.
fn missing(ctx: &egui::Context, lang: Language, family: FontFamily) -> Vec<(char, String)> {
    let font = FontId::new(14.0, family);
    let mut missing: Vec<(char, String)> = Vec::new();
    ctx.fonts_mut(|fonts| {
        for text in every_text(lang) {
            for c in text.chars().filter(|c| !c.is_whitespace()) {
                if !fonts.has_glyph(&font, c) && !missing.iter().any(|(m, _)| *m == c) {
                    missing.push((c, text.clone()));
                }
            }
        }
    });
    missing
}

#[test]
fn every_interface_string_has_its_glyphs_in_the_embedded_fonts() {
    // The app installs its fonts on its first frame.
    let h = harness(app_in(&settings_dir("glyphs")));
    for lang in Language::ALL {
        for family in [FontFamily::Proportional, FontFamily::Monospace] {
            let missing = missing(&h.ctx, lang, family.clone());
            assert!(
                missing.is_empty(),
                "{lang:?}, {family:?}: no glyph for {:?}",
                missing
            );
        }
    }
}

#[test]
fn a_glyph_outside_the_fonts_is_noticed() {
    let h = harness(app_in(&settings_dir("glyphs-check")));
    let font = FontId::proportional(14.0);
    // Hangul is in no embedded font: the check above would catch a string using it.
    assert!(!h.ctx.fonts_mut(|f| f.has_glyph(&font, '한')));
    assert!(h.ctx.fonts_mut(|f| f.has_glyph(&font, '詰')));
}
