//! The bar below the board: where in the game the board is, and stepping through the moves.
//! In the game it offers to look back; looking back, to return to the game; in a replayed
//! record, to play on from the move shown; in a study of a copy of the game, to go back to
//! the game.
//!
//! The bar is always there, so the board keeps its place when looking back begins or ends.

use crate::gui::intent::Intent;
use crate::gui::view_mode::ViewMode;
use crate::i18n::{Language, fill};
use crate::rules::Color;
use egui::Ui;

/// The bar's rows at `width`: one where everything fits, two in a narrow window.
pub fn rows(width: f32) -> usize {
    if width < 720.0 { 2 } else { 1 }
}

/// Shows the bar for `view` in a game of `last` plies; `studying_copy`: the replay is a
/// study of a copy of the game against the AI, which waits.
pub fn show(
    ui: &mut Ui,
    view: ViewMode,
    last: usize,
    studying_copy: bool,
    lang: Language,
) -> Option<Intent> {
    let t = lang.strings();
    let shown = view.shown(last);
    let moves: [(&str, &dyn std::fmt::Display); 2] = [("shown", &shown), ("last", &last)];
    let mut intent = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(match view {
            ViewMode::Live => fill(t.bar_move, &moves),
            ViewMode::LookingBack(_) => fill(t.bar_looking_back, &moves),
            ViewMode::Replaying(_) if studying_copy => fill(t.bar_studying, &moves),
            ViewMode::Replaying(_) => fill(t.bar_replaying, &moves),
        });
        let steps = [
            (t.bar_first, 0, shown > 0),
            (t.bar_back, shown.saturating_sub(1), shown > 0),
            (t.bar_next, shown + 1, shown < last),
            (t.bar_last, last, shown < last),
        ];
        for (label, ply, enabled) in steps {
            if ui.add_enabled(enabled, egui::Button::new(label)).clicked() {
                intent = Some(Intent::View(Some(ply)));
            }
        }
        ui.separator();
        match view {
            ViewMode::Live => {
                ui.weak(t.bar_live_hint);
            }
            ViewMode::LookingBack(_) => {
                if ui.button(t.bar_back_to_game).clicked() {
                    intent = Some(Intent::View(None));
                }
                if ui
                    .button(t.menu_study)
                    .on_hover_text(t.menu_study_tip)
                    .clicked()
                {
                    intent = Some(Intent::StudyGame);
                }
            }
            ViewMode::Replaying(_) if studying_copy => {
                if ui.button(t.bar_back_to_game).clicked() {
                    intent = Some(Intent::BackToGame);
                }
            }
            ViewMode::Replaying(_) => {
                ui.label(t.bar_play_on_as);
                if ui.button(t.bar_play_sente).clicked() {
                    intent = Some(Intent::PlayOn(Color::Sente));
                }
                if ui.button(t.bar_play_gote).clicked() {
                    intent = Some(Intent::PlayOn(Color::Gote));
                }
            }
        }
    });
    intent
}
