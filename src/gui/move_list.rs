//! The moves so far, numbered, in Western or Japanese notation, newest at the bottom.

use super::settings::NotationStyle;
use crate::rules::game::Game;
use crate::rules::{Color, Move, notation};
use egui::{RichText, ScrollArea, Ui};

/// The written moves, rebuilt only when the game or the notation changes (writing 400
/// moves every frame would waste the frame budget).
#[derive(Default)]
pub struct MoveList {
    moves: Vec<Move>,
    style: Option<NotationStyle>,
    lines: Vec<String>,
}

impl MoveList {
    pub fn update(&mut self, game: &Game, style: NotationStyle) {
        if self.style == Some(style) && self.moves == game.moves() {
            return;
        }
        self.moves = game.moves().to_vec();
        self.style = Some(style);
        self.lines = written(game, style);
    }

    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// Shows the list with `viewing` (plies shown on the board, when looking back)
    /// highlighted; returns the move clicked, as the number of plies after it.
    pub fn show(&self, ui: &mut Ui, viewing: Option<usize>) -> Option<usize> {
        let mut clicked = None;
        ScrollArea::vertical()
            .auto_shrink([false, false])
            .stick_to_bottom(true)
            .show(ui, |ui| {
                for (i, line) in self.lines.iter().enumerate() {
                    let text = RichText::new(format!("{:>3}. {line}", i + 1))
                        .monospace()
                        .size(15.0)
                        .strong();
                    let response = ui
                        .selectable_label(viewing == Some(i + 1), text)
                        .on_hover_text("Show the position after this move");
                    if response.clicked() {
                        clicked = Some(i + 1);
                    }
                }
                if self.lines.is_empty() {
                    ui.weak("No moves yet.");
                }
            });
        clicked
    }
}

fn written(game: &Game, style: NotationStyle) -> Vec<String> {
    let mut lines = Vec::with_capacity(game.moves().len());
    let mut previous_to = None;
    for (ply, &mv) in game.moves().iter().enumerate() {
        let Some(before) = game.position_after(ply) else {
            break;
        };
        lines.push(match style {
            NotationStyle::Western => {
                let mark = if before.side_to_move() == Color::Sente {
                    "☗"
                } else {
                    "☖"
                };
                format!("{mark} {}", notation::western(before, mv))
            }
            NotationStyle::Japanese => notation::japanese(before, mv, previous_to),
        });
        previous_to = Some(mv.to());
    }
    lines
}
