//! The bar below the board: where in the game the board is, and stepping through the moves.
//! In the game it offers to look back; looking back, to return to the game; in a replayed
//! record, to play on from the move shown.
//!
//! The bar is always there, so the board keeps its place when looking back begins or ends.

use super::intent::Intent;
use super::view_mode::ViewMode;
use crate::rules::Color;
use egui::Ui;

/// The bar's rows at `width`: one where everything fits, two in a narrow window.
pub fn rows(width: f32) -> usize {
    if width < 720.0 { 2 } else { 1 }
}

/// Shows the bar for `view` in a game of `last` plies.
pub fn show(ui: &mut Ui, view: ViewMode, last: usize) -> Option<Intent> {
    let shown = view.shown(last);
    let mut intent = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(match view {
            ViewMode::Live => format!("Move {last}"),
            ViewMode::LookingBack(_) => format!("Looking back: move {shown} of {last}"),
            ViewMode::Replaying(_) => format!("Replaying: move {shown} of {last}"),
        });
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
        match view {
            ViewMode::Live => {
                ui.weak("The arrow keys or a click on a move look back");
            }
            ViewMode::LookingBack(_) => {
                if ui.button("Back to the game").clicked() {
                    intent = Some(Intent::View(None));
                }
            }
            ViewMode::Replaying(_) => {
                ui.label("Play on from here as");
                if ui.button("☗ Sente").clicked() {
                    intent = Some(Intent::PlayOn(Color::Sente));
                }
                if ui.button("☖ Gote").clicked() {
                    intent = Some(Intent::PlayOn(Color::Gote));
                }
            }
        }
    });
    intent
}
