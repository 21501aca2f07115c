//! Applying what the user asked for: the one place that changes the app's state.

use super::{KomadaiApp, Pick, Play};
use crate::gui::Level;
use crate::gui::dialogs::Dialog;
use crate::gui::game_setup::GameSetup;
use crate::gui::intent::Intent;
use crate::gui::selection::Selection;
use crate::gui::settings::SideChoice;
use crate::gui::view_mode::ViewMode;
use crate::rules::game::Game;
use crate::rules::{Color, Move, Position};
use rand::RngExt;
use std::mem::discriminant;

impl KomadaiApp {
    /// Applies one intent to the game and the app's state.
    pub fn apply(&mut self, intent: Intent) {
        match intent {
            Intent::Select(sq) => {
                self.clear_selection();
                self.pick.selection = Selection::Square(sq);
            }
            Intent::SelectHand(kind) => {
                self.clear_selection();
                self.pick.selection = Selection::Hand(kind);
            }
            Intent::Deselect => self.clear_selection(),
            Intent::Move(mv) => self.play(mv),
            Intent::AskPromotion { from, to } => self.pick.promotion = Some((from, to)),
            Intent::ChoosePromotion(promote) => {
                if let Some((from, to)) = self.pick.promotion.take() {
                    self.play(Move::Board { from, to, promote });
                }
            }
            Intent::Refuse(why) => self.message = Some(why),

            Intent::OpenNewGame => {
                self.dialog = Some(Dialog::NewGame {
                    side: self.settings.side,
                    level: self.play.level,
                    sfen: String::new(),
                    error: None,
                    setup: self.settings.setup,
                });
            }
            Intent::NewGame {
                side,
                level,
                sfen,
                setup,
            } => self.start_new_game(side, level, sfen, setup),
            Intent::OpenResults => self.dialog = Some(Dialog::Results(self.ladder.clone())),
            Intent::TakeOffer(offer) => {
                let setup = GameSetup {
                    odds: offer.odds,
                    ..self.settings.setup
                };
                self.start_new_game(self.settings.side, offer.level, None, setup);
            }
            Intent::Undo => self.undo(),
            Intent::Hint => self.ask_hint(),
            Intent::AskResign => self.dialog = Some(Dialog::Resign),
            Intent::Resign => {
                self.dialog = None;
                self.background.stop_ai();
                if !self.play.game.is_over() {
                    self.play.game.resign(self.play.player);
                }
            }
            Intent::AskDeclare => {
                if self.players_turn() && self.play.game.can_declare() {
                    self.dialog = Some(Dialog::Declare(self.play.game.impasse_preview()));
                }
            }
            Intent::Declare => {
                self.dialog = None;
                if let Err(err) = self.play.game.declare() {
                    self.message = Some(err.to_string());
                }
            }

            Intent::View(ply) => {
                self.clear_selection();
                let last = self.play.game.ply();
                self.view = match ply {
                    Some(ply) => self.view.at(ply, last),
                    None => self.view.latest(last),
                };
            }
            Intent::PlayOn(player) => self.play_on_from(self.shown_ply(), player),
            Intent::Flip => {
                self.settings.flipped = !self.settings.flipped;
                self.save_settings();
            }
            Intent::SetLabels(labels) => {
                self.settings.labels = labels;
                self.save_settings();
            }
            Intent::SetMoveDots(on) => {
                self.settings.move_dots = on;
                self.save_settings();
            }
            Intent::SetNotation(style) => {
                self.settings.notation = style;
                self.save_settings();
            }

            Intent::SaveAs(format) => self.save_as(format),
            Intent::Open => self.open_with_dialog(),
            Intent::OpenFile(path) => self.open_file(&path),
            Intent::CopySfen => self.copy(self.shown_sfen(), "Position copied as SFEN."),
            Intent::CopyKif => self.copy(self.record().to_kif(), "Game copied as KIF."),
            Intent::OpenPaste => {
                self.dialog = Some(Dialog::Paste {
                    text: String::new(),
                    error: None,
                });
            }
            Intent::Paste(text) => self.paste_text(&text),

            Intent::EditDialog(form) => {
                // Only the dialog still open takes its edits: one closed or replaced by an
                // earlier intent of the same frame stays so.
                if let Some(open) = &mut self.dialog
                    && discriminant(open) == discriminant(&form)
                {
                    *open = form;
                }
            }
            Intent::Cancel => self.cancel(),
        }
    }

    /// Starts a game from `start` with the player on `player`'s side; the AI moves first
    /// (on the next frame) when it is its turn.
    pub fn new_game(&mut self, start: Position, player: Color, level: Level) {
        self.view = ViewMode::Live;
        self.background.stop_ai();
        self.background.forget_hint();
        self.play = Play::new(Game::from_position(start), player, level);
        self.clear_selection();
        self.dialog = None;
    }

    /// Starts the game the new-game dialog asked for (a handicap's start and sides, each
    /// side's clock); a bad SFEN or a clock without time keeps the dialog open with the reason.
    fn start_new_game(
        &mut self,
        side: SideChoice,
        level: Level,
        sfen: Option<String>,
        setup: GameSetup,
    ) {
        let start = match sfen.as_deref().map(Position::from_sfen) {
            None => setup.odds.start(),
            Some(Ok(position)) => position,
            Some(Err(err)) => {
                self.refuse_new_game(format!("That SFEN cannot be used: {err}"));
                return;
            }
        };
        if !(setup.player_time.is_playable() && setup.ai_time.is_playable()) {
            self.refuse_new_game("A clock needs some time: set its minutes or seconds.".into());
            return;
        }
        self.settings.side = side;
        self.settings.level = level;
        self.settings.setup = setup;
        self.save_settings();
        let player = match setup.odds.player_side() {
            Some(color) if sfen.is_none() => color,
            _ => self.resolve_side(side),
        };
        self.new_game(start, player, level);
        self.set_clocks(setup.player_time, setup.ai_time);
    }

    fn refuse_new_game(&mut self, why: String) {
        if let Some(Dialog::NewGame { error, .. }) = &mut self.dialog {
            *error = Some(why);
        }
    }

    fn play(&mut self, mv: Move) {
        if !self.players_turn() {
            return;
        }
        match self.play.game.play(mv) {
            Ok(()) => {
                self.clear_selection();
                self.background.forget_hint();
            }
            Err(err) => self.message = Some(err.to_string()),
        }
    }

    /// Takes back the player's last move and the AI's reply (or only the player's move while
    /// the AI is still thinking about it), also after the game ended.
    fn undo(&mut self) {
        self.background.stop_ai();
        self.background.forget_hint();
        self.dialog = None;
        self.clear_selection();
        let game = &mut self.play.game;
        if game.undo().is_some() {
            while game.position().side_to_move() != self.play.player && game.ply() > 0 {
                game.undo();
            }
        }
        self.view = self.view.latest(self.play.game.ply());
    }

    /// Asks the Hard level for the player's move, on the player's turn.
    fn ask_hint(&mut self) {
        if !self.players_turn() || self.background.is_hinting() {
            return;
        }
        let seed = self.rng.random::<u64>();
        let wake = self.wake();
        self.background.ask_hint(&self.play.game, seed, wake);
    }

    /// Closes the dialog, or else the promotion prompt, or else puts the piece down and
    /// returns to the latest position.
    fn cancel(&mut self) {
        if self.dialog.take().is_some() || self.pick.promotion.take().is_some() {
            return;
        }
        self.view = self.view.latest(self.play.game.ply());
        self.clear_selection();
    }

    fn clear_selection(&mut self) {
        self.pick = Pick::default();
        self.message = None;
    }

    fn save_settings(&mut self) {
        if let Err(err) = self.store.save(&self.settings) {
            self.message = Some(format!("could not save settings: {err}"));
        }
    }

    pub(super) fn resolve_side(&mut self, side: SideChoice) -> Color {
        match side {
            SideChoice::Sente => Color::Sente,
            SideChoice::Gote => Color::Gote,
            SideChoice::Random if self.rng.random_bool(0.5) => Color::Sente,
            SideChoice::Random => Color::Gote,
        }
    }
}
