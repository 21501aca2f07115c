//! Applying what the user asked for: the one place that changes the app's state.

use super::{KomadaiApp, Pick, Play};
use crate::gui::Level;
use crate::gui::board::selection::{self, Selection};
use crate::gui::dialogs::Dialog;
use crate::gui::dialogs::game_setup::GameSetup;
use crate::gui::i18n::{self, SystemError, fill};
use crate::gui::intent::Intent;
use crate::gui::panels::message::Message;
use crate::gui::storage::settings::SideChoice;
use crate::gui::view_mode::ViewMode;
use crate::rules::game::Game;
use crate::rules::{Color, Move, PieceKind, Position};
use rand::RngExt;
use std::mem::discriminant;

impl KomadaiApp {
    /// Applies one intent to the game and the app's state.
    pub fn apply(&mut self, intent: Intent) {
        // A note answers the last action: the next one makes it stale (typing into a dialog's
        // field is no new action).
        if !matches!(intent, Intent::EditDialog(_)) {
            self.message = None;
        }
        match intent {
            Intent::Select(sq) => {
                self.clear_selection();
                self.pick.selection = Selection::Square(sq);
            }
            Intent::SelectHand(kind) => self.select_hand(kind),
            Intent::Deselect => self.clear_selection(),
            Intent::Move(mv) => self.play(mv),
            Intent::AskPromotion { from, to } => self.pick.promotion = Some((from, to)),
            Intent::ChoosePromotion(promote) => {
                if let Some((from, to)) = self.pick.promotion.take() {
                    self.play(Move::Board { from, to, promote });
                }
            }
            Intent::Refuse(why) => {
                let text = selection::refusal_text(why, self.language());
                self.message = Some(Message::warning(text));
            }
            Intent::ReadOnlyClick => self.explain_read_only(),

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
            Intent::Undo if self.refused_in_replay() => {}
            Intent::Undo => self.undo(),
            Intent::Hint if self.refused_in_replay() => {}
            Intent::Hint => {
                self.back_to_the_game();
                self.ask_hint();
            }
            Intent::AskResign | Intent::Resign if self.refused_in_replay() => {}
            Intent::AskResign => {
                self.back_to_the_game();
                self.dialog = Some(Dialog::Resign);
            }
            Intent::Resign => self.resign(),
            Intent::AskDeclare | Intent::Declare if self.refused_in_replay() => {}
            Intent::AskDeclare => {
                self.back_to_the_game();
                if self.players_turn() && self.play.game.can_declare() {
                    self.dialog = Some(Dialog::Declare(self.play.game.impasse_preview()));
                }
            }
            Intent::Declare => self.declare(),
            Intent::Quit => {
                if let Some(ctx) = &self.egui {
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
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
            Intent::SetEvalBar(on) => {
                self.settings.eval_bar = on;
                self.save_settings();
            }
            Intent::SetSteppedHints(on) => {
                self.settings.stepped_hints = on;
                self.save_settings();
            }
            Intent::SetLanguage(language) => {
                self.settings.language = language;
                self.save_settings();
            }
            Intent::SetSound(on) => {
                self.settings.sound = on;
                self.save_settings();
            }
            Intent::SetHardThreads(threads) => {
                self.settings.hard_threads = threads.max(1);
                self.save_settings();
            }

            Intent::OpenEditor => self.open_editor(),
            Intent::Edit(edit) => self.edit(edit),
            Intent::PlayFromEditor(player) => self.play_from_editor(player),
            Intent::CopyEditorSfen => self.copy_editor_sfen(),
            Intent::SaveEditor => self.save_editor(),
            Intent::CloseEditor => self.editor = None,

            Intent::SaveAs(format) => self.save_as(format),
            Intent::Open => self.open_with_dialog(),
            Intent::OpenFile(path) => self.open_record_file(&path),
            Intent::CopySfen => self.copy(self.shown_sfen(), self.strings().copied_sfen),
            Intent::CopyKif => self.copy(self.record().to_kif(), self.strings().copied_kif),
            Intent::OpenPaste => {
                self.dialog = Some(Dialog::Paste {
                    text: String::new(),
                    error: None,
                });
            }
            Intent::Paste(text) => self.paste_text(&text),

            Intent::StartReview => self.start_review(),
            Intent::CancelReview => self.cancel_review(),
            Intent::CloseReview => self.close_review(),
            Intent::TryAgain(ply) => self.try_again(ply),
            Intent::ShowAnswer => self.show_answer(),
            Intent::StopTrying => self.stop_trying(),
            Intent::NextMistake => self.next_mistake(),

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
        self.close_review();
        self.background.stop_ai();
        self.background.forget_ai_score();
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
                let why = i18n::sfen_error(self.language(), &err);
                self.refuse_new_game(fill(self.strings().sfen_unusable, &[("why", &why)]));
                return;
            }
        };
        if !(setup.player_time.is_playable() && setup.ai_time.is_playable()) {
            self.refuse_new_game(self.strings().clock_needs_time.to_owned());
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
        if self.is_trying() {
            self.try_move(mv);
            return;
        }
        if !self.players_turn() {
            return;
        }
        match self.play.game.play(mv) {
            Ok(()) => {
                self.clear_selection();
                self.background.forget_hint();
            }
            Err(err) => {
                let text = crate::gui::i18n::game_error(self.language(), &err);
                self.message = Some(Message::warning(text));
            }
        }
    }

    /// Picks up a piece from the hand; says at once when it has nowhere to go.
    fn select_hand(&mut self, kind: PieceKind) {
        self.clear_selection();
        self.pick.selection = Selection::Hand(kind);
        if let Some(why) = selection::nowhere_to_drop(self.board_position(), kind, self.language())
        {
            self.message = Some(Message::warning(why));
        }
    }

    /// The player resigns; the game keeps its moves, so Undo can take the resignation back.
    fn resign(&mut self) {
        self.dialog = None;
        self.background.stop_ai();
        self.background.forget_hint();
        self.clear_selection();
        self.back_to_the_game();
        if !self.play.game.is_over() {
            self.play.game.resign(self.play.player);
        }
    }

    fn declare(&mut self) {
        self.dialog = None;
        self.background.forget_hint();
        self.clear_selection();
        if let Err(err) = self.play.game.declare() {
            let text = crate::gui::i18n::game_error(self.language(), &err);
            self.message = Some(Message::warning(text));
        }
    }

    /// In a replay the board belongs to the record, not to a game being played: say how to
    /// play from it instead of changing it. Returns whether the request was refused.
    fn refused_in_replay(&mut self) -> bool {
        if !self.view.is_replaying() {
            return false;
        }
        self.message = Some(Message::warning(self.strings().replay_read_only));
        true
    }

    /// Says why a click on the board did nothing.
    fn explain_read_only(&mut self) {
        let game = &self.play.game;
        let t = self.strings();
        let why = match self.view {
            ViewMode::Replaying(_) => t.replay_read_only.to_owned(),
            ViewMode::LookingBack(ply) => fill(t.looking_back_read_only, &[("ply", &ply)]),
            ViewMode::Live if game.is_over() => t.game_is_over.to_owned(),
            ViewMode::Live if game.position().side_to_move() != self.play.player => {
                t.ai_is_to_move.to_owned()
            }
            ViewMode::Live => return,
        };
        self.message = Some(Message::info(why));
    }

    /// Leaves looking back for the game itself (a replay stays a replay).
    fn back_to_the_game(&mut self) {
        if let ViewMode::LookingBack(_) = self.view {
            self.view = ViewMode::Live;
        }
    }

    /// Asks the Hard level for the player's move, on the player's turn; with stepped hints,
    /// a second press on a hint showing only its piece shows the rest.
    fn ask_hint(&mut self) {
        if !self.players_turn() || self.background.is_hinting() {
            return;
        }
        if self.hint_piece().is_some() {
            self.background.reveal_hint();
            return;
        }
        let seed = self.rng.random::<u64>();
        let wake = self.wake();
        let threads = self.settings.hard_threads;
        self.background
            .ask_hint(&self.play.game, seed, threads, wake);
    }

    /// Closes the dialog, or else the promotion prompt, or else puts the piece down and
    /// returns to the latest position.
    fn cancel(&mut self) {
        if self.dialog.take().is_some() || self.pick.promotion.take().is_some() {
            return;
        }
        if let Some(editor) = &mut self.editor {
            editor.held = None;
            return;
        }
        self.view = self.view.latest(self.play.game.ply());
        self.clear_selection();
    }

    pub(super) fn clear_selection(&mut self) {
        self.pick = Pick::default();
    }

    fn save_settings(&mut self) {
        if let Err(err) = self.store.save(&self.settings) {
            log::warn!("could not save the settings: {err}");
            let why = i18n::system_error(self.language(), &SystemError::from(&err));
            let text = fill(self.strings().settings_not_saved, &[("why", &why)]);
            self.message = Some(Message::error(text));
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
