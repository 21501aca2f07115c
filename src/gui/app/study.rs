//! Variations on the board: a study of an opened record (or of a copy of the game against
//! the AI, which waits meanwhile) where a move for either side follows a line, extends it or
//! starts a branch; switching lines, making one the main line, deleting one, and playing an
//! analysis line as a variation. The lines live in the record (`record::tree`); this file
//! turns the app's game and header into that record and back.

use crate::gui::app::KomadaiApp;
use crate::gui::app::play::{OpenedRecord, Play};
use crate::gui::panels::message::Message;
use crate::gui::panels::move_list::{BranchChoice, Branches};
use crate::gui::storage::settings::NotationStyle;
use crate::gui::view_mode::ViewMode;
use crate::record::{LineId, Record};
use crate::rules::game::Game;
use crate::rules::{Color, Move, notation};

impl KomadaiApp {
    /// The board follows a study: a replayed record or a copy of the game. Moves on it
    /// make variations and the AI waits.
    pub(in crate::gui) fn is_studying(&self) -> bool {
        self.screen.view.is_replaying()
    }

    /// The line the board follows: the game, or the variation shown in a study.
    pub(in crate::gui) fn shown_game(&self) -> &Game {
        self.play.line_game.as_ref().unwrap_or(&self.play.game)
    }

    /// Puts a copy of the game against the AI on the board to study it; the game waits,
    /// its clock stopped, until the player goes back to it.
    pub(in crate::gui) fn study_game(&mut self) {
        if self.is_studying() || self.screen.editor.is_some() {
            return;
        }
        let shown = self.shown_ply();
        let record = self.bare_record();
        self.study_copy(record, shown);
        self.screen.message = Some(Message::info(self.strings().study_started));
    }

    /// Puts `record` (a copy of the game, with what was made of it) on the board at `shown`;
    /// the game waits, its clock stopped.
    fn study_copy(&mut self, record: Record, shown: usize) {
        self.background.stop_ai();
        self.background.forget_hint();
        self.screen.clear_selection();
        self.screen.dialog = None;
        let now = self.host.now();
        self.play.clock.pause(now);
        let mut study = Play::new(record.game.clone(), self.play.player, self.play.level);
        study.odds = None;
        let kept = std::mem::replace(&mut self.play, study);
        self.play.kept = Some(Box::new(kept));
        self.store_record(record);
        self.screen.view = ViewMode::Replaying(shown);
    }

    /// The study the autosave kept, back on the board: the opened record being replayed
    /// (`opened`: its main line is the game resumed) with its header and variations, or the
    /// copy of the game studied while the resumed game waits.
    pub(in crate::gui) fn resume_study(&mut self, record: Record, opened: bool) {
        if !opened {
            let shown = record.game.ply();
            self.study_copy(record, shown);
        } else if record.game.moves() == self.play.game.moves() {
            self.store_record(record);
        }
    }

    /// Back to the game set aside for a study, as it was.
    pub(in crate::gui) fn back_to_game(&mut self) {
        let Some(kept) = self.play.kept.take() else {
            return;
        };
        let studied = self.play.header.as_ref().is_some_and(|h| {
            !h.variations.is_empty() || self.play.game.moves() != kept.game.moves()
        });
        self.play = *kept;
        // Its moves and ending were heard before the study: no click, chime or result box.
        self.host.heard.ply = self.play.game.ply();
        self.host.heard.over = self.play.game.is_over();
        self.screen.clear_selection();
        self.screen.view = ViewMode::Live;
        if studied {
            self.screen.message = Some(Message::info(self.strings().study_left_lines));
        }
    }

    /// Plays `mv` on the position shown in a study: it follows the line or an alternative
    /// making it, extends the line at its end, or starts a variation.
    pub(in crate::gui) fn play_in_study(&mut self, mv: Move) -> bool {
        let line = self.play.line.clone();
        let ply = self.shown_ply();
        let mut record = self.bare_record();
        match record.play_in_line(&line, ply, mv) {
            Ok(now) => {
                self.store_record(record);
                self.show_line(now, ply + 1);
                self.screen.clear_selection();
                true
            }
            Err(err) => {
                let text = crate::i18n::game_error(self.language(), &err);
                self.screen.message = Some(Message::warning(text));
                false
            }
        }
    }

    /// Plays an analysis line from the position shown as a variation, studying a copy of the
    /// game first when the board shows the game against the AI.
    pub(in crate::gui) fn play_analysis_line(&mut self, moves: Vec<Move>) {
        if !self.is_studying() {
            self.study_game();
        }
        for mv in moves {
            if !self.play_in_study(mv) {
                break;
            }
        }
    }

    /// Shows the position after `ply` moves of `line`.
    pub(in crate::gui) fn show_line(&mut self, line: LineId, ply: usize) {
        if !self.is_studying() {
            return;
        }
        let record = self.bare_record();
        match record.line_game(&line).filter(|_| !line.is_main()) {
            Some(game) => {
                self.play.line = line;
                self.play.line_game = Some(game);
            }
            None => {
                self.play.line = LineId::main();
                self.play.line_game = None;
            }
        }
        self.screen.clear_selection();
        let last = self.shown_game().ply();
        self.screen.view = ViewMode::Replaying(ply.min(last));
    }

    /// The board follows the game's own moves again, at the same ply where it has one.
    pub(in crate::gui) fn follow_main_line(&mut self) {
        if self.play.line.is_main() {
            return;
        }
        let shown = self.shown_ply();
        self.play.line = LineId::main();
        self.play.line_game = None;
        if self.is_studying() {
            self.screen.view = ViewMode::Replaying(shown.min(self.play.game.ply()));
        }
    }

    /// Shows the next (or the previous) alternative to the move shown.
    pub(in crate::gui) fn other_branch(&mut self, forward: bool) {
        let shown = self.shown_ply();
        let Some(fork) = shown.checked_sub(1) else {
            return;
        };
        let record = self.bare_record();
        let choices = record.alternatives(&self.play.line, fork);
        let played = self.shown_game().moves().get(fork).copied();
        let Some(at) = choices.iter().position(|c| Some(c.mv) == played) else {
            return;
        };
        if choices.len() < 2 {
            return;
        }
        let next = match forward {
            true => (at + 1) % choices.len(),
            false => (at + choices.len() - 1) % choices.len(),
        };
        self.show_line(choices[next].line.clone(), shown);
    }

    /// Makes `line` the main line; the board stays on the position it showed.
    pub(in crate::gui) fn promote_line(&mut self, line: LineId) {
        let mut record = self.bare_record();
        let shown = self.shown_ply();
        let following = line == self.play.line;
        if !record.promote_to_main(&line) {
            return;
        }
        // The review was of the old main line.
        self.review_panel.close(&mut self.background);
        self.store_record(record);
        let ply = if following {
            shown
        } else {
            self.play.game.ply()
        };
        self.show_line(LineId::main(), ply);
    }

    /// Deletes `line` and its branches; the board shows the position it branched from.
    pub(in crate::gui) fn delete_line(&mut self, line: LineId) {
        let mut record = self.bare_record();
        let branch_point = record.variation(&line).map(|v| v.ply);
        let Some(parent) = record.delete_line(&line) else {
            return;
        };
        self.store_record(record);
        let inside = self.play.line.to_owned();
        if is_within(&inside, &line) {
            self.show_line(parent, branch_point.unwrap_or(0));
        } else {
            // Deleting a line renumbers the ones after it: the line shown stays while its
            // indices still lead to its moves, or else the board follows the main line.
            let shown = self.shown_ply();
            let same = self.shown_game().moves().to_vec();
            let record = self.bare_record();
            let keep = record.line_moves(&inside).is_some_and(|m| m == same);
            match keep {
                true => self.show_line(inside, shown),
                false => self.show_line(LineId::main(), shown.min(self.play.game.ply())),
            }
        }
    }

    /// Puts an edited record back into the game and its header.
    fn store_record(&mut self, record: Record) {
        let info = record.info;
        let game = record.game;
        let turn = game.side_to_move();
        let plies = game.ply();
        let mut clock = crate::clock::GameClock::unlimited(game.start().side_to_move());
        clock.catch_up(plies, &record.move_times, turn);
        self.play.clock = clock;
        self.play.header = Some(OpenedRecord {
            info,
            other_ending: record.other_ending,
            comments: record.comments,
            variations: record.variations,
            opened_moves: game.moves().to_vec(),
        });
        self.play.game = game;
    }

    /// The move list's marks and the alternatives to the move shown, in a study with
    /// variations.
    pub(in crate::gui) fn branches(&self) -> Option<Branches> {
        let header = self.play.header.as_ref()?;
        if !self.is_studying() || header.variations.is_empty() {
            return None;
        }
        let record = self.bare_record();
        let line = &self.play.line;
        let game = self.shown_game();
        let marked = (0..game.ply())
            .map(|ply| record.alternatives(line, ply).len() > 1)
            .collect();
        let shown = self.shown_ply();
        let choices = match shown.checked_sub(1) {
            Some(fork) => {
                let before = game.position_after(fork)?;
                let previous_to = fork
                    .checked_sub(1)
                    .and_then(|i| game.moves().get(i))
                    .map(|m| m.to());
                let played = game.moves().get(fork).copied();
                record
                    .alternatives(line, fork)
                    .into_iter()
                    .map(|choice| BranchChoice {
                        written: self.written_at(before, choice.mv, previous_to),
                        shown: Some(choice.mv) == played,
                        main: choice.line.is_main(),
                        line: choice.line,
                    })
                    .collect()
            }
            None => Vec::new(),
        };
        Some(Branches {
            marked,
            number: shown,
            choices: if choices.len() > 1 {
                choices
            } else {
                Vec::new()
            },
            line: (!line.is_main()).then(|| line.clone()),
        })
    }

    /// A move as the move list writes it.
    fn written_at(
        &self,
        before: &crate::rules::Position,
        mv: Move,
        previous_to: Option<crate::rules::Square>,
    ) -> String {
        match self.stored.settings.notation {
            NotationStyle::Western => {
                let mark = match before.side_to_move() {
                    Color::Sente => "☗",
                    Color::Gote => "☖",
                };
                format!("{mark} {}", notation::western(before, mv))
            }
            NotationStyle::Japanese => notation::japanese(before, mv, previous_to),
        }
    }
}

/// Whether `line` is `outer` or branches off it (at any depth).
fn is_within(line: &LineId, outer: &LineId) -> bool {
    let mut at = Some(line.clone());
    while let Some(current) = at {
        if &current == outer {
            return true;
        }
        at = current.parent();
    }
    false
}

/// What tests and tools read of the study.
impl KomadaiApp {
    /// The line the board follows (the game itself unless a variation is shown).
    pub fn shown_line(&self) -> LineId {
        self.play.line.clone()
    }

    /// The moves of the line the board follows, from the start.
    pub fn shown_line_moves(&self) -> Vec<Move> {
        self.shown_game().moves().to_vec()
    }

    /// A game against the AI waits while a copy of it is studied.
    pub fn has_kept_game(&self) -> bool {
        self.play.kept.is_some()
    }

    /// The game against the AI that waits while a copy of it is studied.
    pub fn kept_game(&self) -> Option<&Game> {
        self.play.kept.as_ref().map(|kept| &kept.game)
    }
}
