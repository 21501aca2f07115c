//! The Help menu's pages: how to play, the rules in brief, the keyboard shortcuts.

use super::help_page::HelpPage;
use crate::gui::intent::Intent;
use crate::i18n::Language;
use egui::{RichText, Ui};

/// Shows the page, scrolled when the window is short; Close (or Esc) closes it.
pub fn page(ui: &mut Ui, page: HelpPage, lang: Language) -> Vec<Intent> {
    let t = lang.strings();
    ui.heading(page.title(lang).trim_end_matches('…'));
    ui.add_space(6.0);
    // The buttons stay in sight: the text scrolls in what the window leaves.
    let room = (ui.ctx().content_rect().height() - 140.0).max(120.0);
    egui::ScrollArea::vertical()
        .max_height(room)
        .auto_shrink([false, true])
        .show(ui, |ui| match page {
            HelpPage::HowToPlay => paragraphs(ui, t.help_how_to_play_text),
            HelpPage::Rules => paragraphs(ui, t.help_rules_text),
            HelpPage::Keys => keys(ui, t.help_keys_text),
        });
    ui.add_space(8.0);
    if ui.button(t.close).clicked() {
        vec![Intent::Cancel]
    } else {
        Vec::new()
    }
}

fn paragraphs(ui: &mut Ui, text: &str) {
    for paragraph in text.lines() {
        ui.label(paragraph);
        ui.add_space(4.0);
    }
}

/// A key and what it does, a row each.
fn keys(ui: &mut Ui, text: &str) {
    egui::Grid::new("help keys")
        .num_columns(2)
        .spacing([16.0, 6.0])
        .show(ui, |ui| {
            for line in text.lines() {
                let (key, action) = line.split_once('\t').unwrap_or((line, ""));
                ui.label(RichText::new(key).monospace().strong());
                ui.label(action);
                ui.end_row();
            }
        });
}
