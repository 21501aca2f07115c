//! The confirm and Cancel buttons that end most dialogs.

use crate::gui::intent::Intent;
use crate::i18n::Language;
use egui::Ui;

/// A row of `confirm` (giving `intent`) and Cancel; the intent of the one clicked.
pub(super) fn buttons(
    ui: &mut Ui,
    confirm: &str,
    intent: Intent,
    lang: Language,
) -> Option<Intent> {
    ui.horizontal(|ui| {
        if ui.button(confirm).clicked() {
            Some(intent)
        } else if ui.button(lang.strings().cancel).clicked() {
            Some(Intent::Cancel)
        } else {
            None
        }
    })
    .inner
}
