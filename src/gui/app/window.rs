//! The window's layout: which view goes where, each fed from the app's state. Views only
//! read; what the user asked for comes back as intents.

use super::KomadaiApp;
use crate::gui::board_view::BoardView;
use crate::gui::intent::Intent;
use crate::gui::piece_tile::TileStyle;
use crate::gui::selection::Selection;
use crate::gui::view_mode::ViewMode;
use crate::gui::{dialogs, game_menu, promotion, replay_bar, status, toolbar};
use egui::{CentralPanel, Panel, Ui};

impl KomadaiApp {
    /// Draws every panel and the open dialog; returns what the user asked for.
    pub(super) fn show_window(&self, ui: &mut Ui) -> Vec<Intent> {
        let mut intents = Vec::new();
        let last = self.play.game.ply();
        // The menu and the replay bar first, so they sit on the outside.
        Panel::top("game menu").show(ui, |ui| {
            let games_dir = self.disk.games_dir();
            intents.extend(game_menu::show(ui, games_dir.as_deref()));
        });
        if self.view != ViewMode::Live {
            Panel::bottom("replay").show(ui, |ui| {
                intents.extend(replay_bar::show(ui, self.view, last));
            });
        }
        Panel::top("toolbar").show(ui, |ui| {
            intents.extend(self.show_toolbar(ui));
        });
        // The board gets most of a small window; the list never takes more than a fifth.
        let list_width = (ui.available_width() * 0.2).clamp(120.0, 240.0);
        Panel::right("moves")
            .default_size(190.0)
            .size_range(120.0..=list_width)
            .show(ui, |ui| {
                ui.heading("Moves");
                ui.small(self.seats_caption());
                if let Some(ply) = self.move_list.show(ui, self.view.earlier(last)) {
                    intents.push(Intent::View(Some(ply)));
                }
            });
        CentralPanel::default().show(ui, |ui| {
            intents.extend(self.show_board(ui));
        });
        if let Some(dialog) = &self.dialog {
            intents.extend(dialogs::show(ui.ctx(), dialog, self.play.player));
        }
        intents
    }

    fn show_toolbar(&self, ui: &mut Ui) -> Option<Intent> {
        let game = &self.play.game;
        let intent = toolbar::show(
            ui,
            &toolbar::ToolbarState {
                settings: self.settings,
                can_undo: game.ply() > 0,
                can_resign: !game.is_over(),
                can_declare: self.players_turn() && game.can_declare(),
                can_hint: self.players_turn() && !self.background.is_hinting(),
            },
        );
        let position = game.position();
        status::show(
            ui,
            &status::StatusState {
                player: self.play.player,
                level_name: self.play.level.name(),
                side_to_move: position.side_to_move(),
                in_check: position.in_check(),
                thinking: self.background.is_thinking(),
                hinting: self.background.is_hinting(),
                progress: self.background.progress(),
                message: self.message.as_deref(),
                result: game.result(),
            },
        );
        intent
    }

    fn show_board(&self, ui: &mut Ui) -> Option<Intent> {
        let game = &self.play.game;
        let style = TileStyle {
            labels: self.settings.labels,
            move_dots: self.settings.move_dots,
        };
        let mut intent = None;
        // A replayed game has its own bar.
        if let ViewMode::LookingBack(ply) = self.view {
            ui.horizontal(|ui| {
                ui.label(format!("Looking back at move {ply} (the game goes on)."));
                if ui.button("Back to the game").clicked() {
                    intent = Some(Intent::View(None));
                }
            });
        }
        let earlier = self.view.earlier(game.ply());
        let ply = self.shown_ply();
        let view = BoardView {
            position: game.position_after(ply).unwrap_or(game.position()),
            player: self.play.player,
            flipped: self.settings.flipped,
            style,
            selection: if earlier.is_some() {
                Selection::None
            } else {
                self.pick.selection
            },
            last_move: ply
                .checked_sub(1)
                .and_then(|i| game.moves().get(i).copied()),
            hint: if earlier.is_some() {
                None
            } else {
                self.background.hint()
            },
            interactive: earlier.is_none() && self.players_turn() && self.dialog.is_none(),
            prompt_open: self.pick.promotion.is_some(),
        };
        let bottom = view.bottom_color();
        let (layout, clicked) = view.show(ui);
        self.show_clocks(ui, &layout, bottom);
        let Some((from, to)) = self.pick.promotion else {
            return intent.or(clicked);
        };
        let choice = promotion::show(ui.ctx(), &layout, game.position(), from, to, style, bottom);
        intent.or(choice).or(clicked)
    }
}
