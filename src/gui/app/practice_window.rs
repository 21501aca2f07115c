//! The window while the Practice page is open: the menu bar, a line for the note about the
//! last action, the page on the right and the exercise's board in the middle.

use super::KomadaiApp;
use crate::gui::board::board_view::BoardView;
use crate::gui::board::piece_tile::TileStyle;
use crate::gui::board::promotion;
use crate::gui::intent::Intent;
use crate::gui::panels::message;
use crate::gui::practice::page;
use egui::{CentralPanel, Panel, RichText, Ui};

/// The page's width: room for the graph and a sentence per line.
const PAGE_WIDTH: f32 = 340.0;

impl KomadaiApp {
    /// Draws the page and the board; returns what the user asked for.
    pub(super) fn show_practice(&self, ui: &mut Ui) -> Vec<Intent> {
        let mut intents = Vec::new();
        Panel::top("practice note").show(ui, |ui| match &self.screen.message {
            Some(note) => {
                let colour = message::color(note.kind, ui.visuals());
                ui.label(RichText::new(message::capitalised(&note.text)).color(colour));
            }
            None => {
                ui.label(" ");
            }
        });
        Panel::right("practice page")
            .resizable(false)
            .exact_size(PAGE_WIDTH)
            .show(ui, |ui| {
                intents.extend(page::show(ui, &self.practice_page(), self.language()));
            });
        CentralPanel::default().show(ui, |ui| intents.extend(self.show_practice_board(ui)));
        intents
    }

    fn show_practice_board(&self, ui: &mut Ui) -> Option<Intent> {
        let current = self.practice.current.as_ref()?;
        let style = TileStyle {
            labels: self.stored.settings.labels,
            move_dots: self.stored.settings.move_dots,
        };
        let help_move = current.solution.first().copied();
        let answer: Vec<_> = if current.answer_shown {
            help_move.into_iter().collect()
        } else {
            Vec::new()
        };
        let view = BoardView {
            position: &current.position,
            player: self.practice_player(),
            flipped: self.stored.settings.flipped,
            style,
            notation: self.stored.settings.notation,
            selection: self.screen.pick.selection,
            last_move: current.last_move,
            hint: help_move.filter(|_| current.help >= 2),
            hint_piece: help_move
                .filter(|_| current.help == 1)
                .and_then(|mv| mv.from()),
            interactive: current.awaits_move(),
            prompt_open: self.screen.pick.promotion.is_some(),
            handicap: false,
            marked: &[],
            arrows: &answer,
            lang: self.language(),
        };
        let bottom = view.bottom_color();
        let (layout, clicked) = view.show(ui);
        let Some((from, to)) = self.screen.pick.promotion else {
            return clicked;
        };
        let choice = promotion::show(
            ui.ctx(),
            &layout,
            &current.position,
            (from, to),
            style,
            bottom,
            self.language(),
        );
        choice.or(clicked)
    }
}
