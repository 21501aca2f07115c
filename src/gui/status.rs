//! The line under the toolbar: whose turn, the AI thinking, why a move was refused, and the
//! game-over banner.

use super::theme;
use crate::engine::Progress;
use crate::rules::Color;
use crate::rules::game::GameResult;
use egui::{Frame, RichText, Ui};

pub struct StatusState<'a> {
    pub player: Color,
    pub level_name: &'a str,
    pub side_to_move: Color,
    pub in_check: bool,
    pub thinking: bool,
    pub hinting: bool,
    pub progress: Option<&'a Progress>,
    pub message: Option<&'a str>,
    pub result: Option<&'a GameResult>,
}

pub fn show(ui: &mut Ui, s: &StatusState) {
    if let Some(result) = s.result {
        banner(ui, result, s.player);
    }
    ui.horizontal_wrapped(|ui| {
        let mark = if s.player == Color::Sente {
            "☗"
        } else {
            "☖"
        };
        ui.label(format!("You: {mark} {} vs AI ({})", s.player, s.level_name));
        ui.separator();
        if s.result.is_none() {
            let turn = if s.side_to_move == s.player {
                RichText::new("Your move").strong()
            } else if s.thinking {
                RichText::new(thinking_text(s.progress)).italics()
            } else {
                RichText::new("AI to move")
            };
            ui.label(turn);
            if s.hinting {
                ui.label(RichText::new("looking for a hint…").italics());
            }
            if s.in_check {
                ui.label(RichText::new("Check!").color(theme::PROMOTED_INK).strong());
            }
        }
    });
    // Always one line, so the board does not jump when a message comes and goes.
    ui.label(RichText::new(s.message.unwrap_or(" ")).color(theme::PROMOTED_INK));
}

fn thinking_text(progress: Option<&Progress>) -> String {
    match progress {
        Some(p) => format!("AI thinking… (depth {})", p.depth),
        None => "AI thinking…".to_owned(),
    }
}

fn banner(ui: &mut Ui, result: &GameResult, player: Color) {
    let verdict = match result.winner {
        Some(w) if w == player => "You won!",
        Some(_) => "You lost.",
        None => "Draw.",
    };
    Frame::new()
        .fill(theme::BANNER)
        .inner_margin(8.0)
        .corner_radius(6.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(
                RichText::new(format!("Game over — {verdict}"))
                    .heading()
                    .color(theme::BANNER_TEXT),
            );
            ui.label(RichText::new(result.to_string()).color(theme::BANNER_TEXT));
            ui.label(
                RichText::new("Undo to take moves back, or start a new game.")
                    .small()
                    .color(theme::BANNER_TEXT),
            );
        });
}
