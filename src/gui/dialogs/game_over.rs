//! The box that says how a game just ended: who won and how, after how many moves, and what
//! next (a review, a new game). It is a window, not a modal: the final position stays in
//! reach (look back, Undo) while it is open.

use crate::gui::intent::Intent;
use crate::i18n::{Language, fill, game_result};
use crate::rules::Color;
use crate::rules::game::GameResult;
use egui::{Align2, Context, Id, RichText, Vec2};

/// What the box says.
pub struct GameOverState<'a> {
    pub result: &'a GameResult,
    pub player: Color,
    /// A handicap game: the result names the sides 下手 and 上手.
    pub handicap: bool,
    /// Moves played, the last included.
    pub moves: usize,
    pub can_review: bool,
    pub lang: Language,
}

pub fn show(ctx: &Context, s: &GameOverState<'_>) -> Vec<Intent> {
    let t = s.lang.strings();
    let heading = match s.result.winner {
        Some(winner) if winner == s.player => t.game_over_won,
        Some(_) => t.game_over_lost,
        None => t.game_over_draw,
    };
    let mut intents = Vec::new();
    egui::Window::new(t.game_over_title)
        .id(Id::unique("komadai game over"))
        .collapsible(false)
        .resizable(false)
        .anchor(Align2::CENTER_CENTER, Vec2::ZERO)
        .show(ctx, |ui| {
            ui.set_max_width(360.0);
            ui.label(RichText::new(heading).heading().strong());
            ui.label(game_result(s.lang, s.result, s.handicap));
            ui.label(match s.moves {
                0 => t.game_over_no_moves.to_owned(),
                1 => t.game_over_one_move.to_owned(),
                moves => fill(t.game_over_moves, &[("moves", &moves)]),
            });
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                let review = ui.add_enabled(s.can_review, egui::Button::new(t.game_over_review));
                if review.clicked() {
                    intents.extend([Intent::CloseResultBox, Intent::StartReview]);
                }
                if ui.button(t.game_over_new_game).clicked() {
                    intents.extend([Intent::CloseResultBox, Intent::OpenNewGame]);
                }
                if ui.button(t.close).clicked() {
                    intents.push(Intent::CloseResultBox);
                }
            });
        });
    intents
}
