//! The bar below the board while looking back or replaying an opened game: step through the
//! moves, or play on from the one shown.

use super::intent::Intent;
use super::view_mode::ViewMode;
use crate::rules::Color;
use egui::Ui;

/// Shows the bar for `view` in a game of `last` plies.
pub fn show(ui: &mut Ui, view: ViewMode, last: usize) -> Option<Intent> {
    let shown = view.shown(last);
    let mut intent = None;
    ui.horizontal_wrapped(|ui| {
        let what = if view.is_replaying() {
            "Replaying"
        } else {
            "Looking back"
        };
        ui.label(format!("{what}: move {shown} of {last}"));
        let steps = [
            ("First", 0, shown > 0),
            ("Back", shown.saturating_sub(1), shown > 0),
            ("Next", shown + 1, shown < last),
            ("Last", last, shown < last),
        ];
        for (label, ply, enabled) in steps {
            if ui.add_enabled(enabled, egui::Button::new(label)).clicked() {
                intent = Some(Intent::View(Some(ply)));
            }
        }
        ui.separator();
        ui.label("Play on from here against the AI as");
        if ui.button("☗ Sente").clicked() {
            intent = Some(Intent::PlayOn(Color::Sente));
        }
        if ui.button("☖ Gote").clicked() {
            intent = Some(Intent::PlayOn(Color::Gote));
        }
    });
    intent
}
