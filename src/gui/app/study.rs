//! Variations on the board: a study of an opened record (or of a copy of the game against
//! the AI, which waits meanwhile) where a move for either side follows a line, extends it or
//! starts a branch; switching lines, making one the main line, deleting one, and playing an
//! analysis line as a variation. The lines live in the record (`record::tree`); this file
//! turns the game on the board and its header into that record and back.

use crate::gui::app::background::Background;
use crate::gui::app::host::Host;
use crate::gui::app::play::{OpenedRecord, Play};
use crate::gui::app::screen::Screen;
use crate::gui::panels::message::Message;
use crate::gui::panels::move_list::{BranchChoice, Branches};
use crate::gui::review_panel::state::ReviewPanel;
use crate::gui::storage::settings::NotationStyle;
use crate::gui::view_mode::ViewMode;
use crate::i18n::Language;
use crate::record::{LineId, Record};
use crate::rules::{Color, Move, notation};

/// What a study reads and changes beside the game on the board.
pub(in crate::gui) struct Studying<'a> {
    pub(in crate::gui) screen: &'a mut Screen,
    pub(in crate::gui) background: &'a mut Background,
    pub(in crate::gui) review_panel: &'a mut ReviewPanel,
    pub(in crate::gui) host: &'a mut Host,
    pub(in crate::gui) language: Language,
    /// The engine that plays the game against the AI, named in a copy's record.
    pub(in crate::gui) opponent: Option<String>,
    /// The player's own name, in a copy's record ("You" without one).
    pub(in crate::gui) you: Option<String>,
}

impl Play {
    /// Puts a copy of the game against the AI on the board to study it; the game waits,
    /// its clock stopped, until the player goes back to it.
    pub(in crate::gui) fn study_game(&mut self, cx: &mut Studying) {
        if cx.screen.view.is_replaying() || cx.screen.editor.is_some() {
            return;
        }
        let shown = self.shown_ply(cx.screen);
        let record = self.bare_record(cx.language, cx.opponent.as_deref(), cx.you.as_deref());
        self.study_copy(record, shown, cx);
        cx.screen.message = Some(Message::info(cx.language.strings().study_started));
    }

    /// Puts `record` (a copy of the game, with what was made of it) on the board at `shown`;
    /// the game waits, its clock stopped.
    fn study_copy(&mut self, record: Record, shown: usize, cx: &mut Studying) {
        cx.background.stop_ai();
        cx.background.forget_hint();
        cx.screen.clear_selection();
        cx.screen.dialog = None;
        let now = cx.host.now();
        self.clock.pause(now);
        let mut study = Play::new(record.game.clone(), self.player, self.level);
        study.odds = None;
        let kept = std::mem::replace(self, study);
        self.kept = Some(Box::new(kept));
        self.store_record(record);
        cx.screen.view = ViewMode::Replaying(shown);
    }

    /// The study the autosave kept, back on the board: the opened record being replayed
    /// (`opened`: its main line is the game resumed) with its header and variations, or the
    /// copy of the game studied while the resumed game waits.
    pub(in crate::gui) fn resume_study(&mut self, record: Record, opened: bool, cx: &mut Studying) {
        if !opened {
            let shown = record.game.ply();
            self.study_copy(record, shown, cx);
        } else if record.game.moves() == self.game.moves() {
            self.store_record(record);
        }
    }

    /// Back to the game set aside for a study, as it was.
    pub(in crate::gui) fn back_to_game(&mut self, cx: &mut Studying) {
        let Some(kept) = self.kept.take() else {
            return;
        };
        let studied = self
            .header
            .as_ref()
            .is_some_and(|h| !h.variations.is_empty() || self.game.moves() != kept.game.moves());
        *self = *kept;
        // Its moves and ending were heard before the study: no click, chime or result box.
        cx.host.heard.ply = self.game.ply();
        cx.host.heard.over = self.game.is_over();
        cx.screen.clear_selection();
        cx.screen.view = ViewMode::Live;
        if studied {
            let text = cx.language.strings().study_left_lines;
            cx.screen.message = Some(Message::info(text));
        }
    }

    /// Plays `mv` on the position shown in a study: it follows the line or an alternative
    /// making it, extends the line at its end, or starts a variation.
    pub(in crate::gui) fn play_in_study(&mut self, mv: Move, cx: &mut Studying) -> bool {
        let line = self.line.clone();
        let ply = self.shown_ply(cx.screen);
        let mut record = self.bare_record(cx.language, cx.opponent.as_deref(), cx.you.as_deref());
        match record.play_in_line(&line, ply, mv) {
            Ok(now) => {
                self.store_record(record);
                self.show_line(now, ply + 1, cx);
                cx.screen.clear_selection();
                true
            }
            Err(err) => {
                let text = crate::i18n::game_error(cx.language, &err);
                cx.screen.message = Some(Message::warning(text));
                false
            }
        }
    }

    /// Plays an analysis line from the position shown as a variation, studying a copy of the
    /// game first when the board shows the game against the AI.
    pub(in crate::gui) fn play_analysis_line(&mut self, moves: Vec<Move>, cx: &mut Studying) {
        if !cx.screen.view.is_replaying() {
            self.study_game(cx);
        }
        for mv in moves {
            if !self.play_in_study(mv, cx) {
                break;
            }
        }
    }

    /// Shows the position after `ply` moves of `line`.
    pub(in crate::gui) fn show_line(&mut self, line: LineId, ply: usize, cx: &mut Studying) {
        if !cx.screen.view.is_replaying() {
            return;
        }
        let record = self.bare_record(cx.language, cx.opponent.as_deref(), cx.you.as_deref());
        match record.line_game(&line).filter(|_| !line.is_main()) {
            Some(game) => {
                self.line = line;
                self.line_game = Some(game);
            }
            None => {
                self.line = LineId::main();
                self.line_game = None;
            }
        }
        cx.screen.clear_selection();
        let last = self.shown_game().ply();
        cx.screen.view = ViewMode::Replaying(ply.min(last));
    }

    /// The board follows the game's own moves again, at the same ply where it has one.
    pub(in crate::gui) fn follow_main_line(&mut self, screen: &mut Screen) {
        if self.line.is_main() {
            return;
        }
        let shown = self.shown_ply(screen);
        self.line = LineId::main();
        self.line_game = None;
        if screen.view.is_replaying() {
            screen.view = ViewMode::Replaying(shown.min(self.game.ply()));
        }
    }

    /// Shows the next (or the previous) alternative to the move shown.
    pub(in crate::gui) fn other_branch(&mut self, forward: bool, cx: &mut Studying) {
        let shown = self.shown_ply(cx.screen);
        let Some(fork) = shown.checked_sub(1) else {
            return;
        };
        let record = self.bare_record(cx.language, cx.opponent.as_deref(), cx.you.as_deref());
        let choices = record.alternatives(&self.line, fork);
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
        self.show_line(choices[next].line.clone(), shown, cx);
    }

    /// Makes `line` the main line; the board stays on the position it showed.
    pub(in crate::gui) fn promote_line(&mut self, line: LineId, cx: &mut Studying) {
        let mut record = self.bare_record(cx.language, cx.opponent.as_deref(), cx.you.as_deref());
        let shown = self.shown_ply(cx.screen);
        let following = line == self.line;
        if !record.promote_to_main(&line) {
            return;
        }
        // The review was of the old main line.
        cx.review_panel.close(cx.background);
        self.store_record(record);
        let ply = if following { shown } else { self.game.ply() };
        self.show_line(LineId::main(), ply, cx);
    }

    /// Deletes `line` and its branches; the board shows the position it branched from.
    pub(in crate::gui) fn delete_line(&mut self, line: LineId, cx: &mut Studying) {
        let mut record = self.bare_record(cx.language, cx.opponent.as_deref(), cx.you.as_deref());
        let branch_point = record.variation(&line).map(|v| v.ply);
        let Some(parent) = record.delete_line(&line) else {
            return;
        };
        self.store_record(record);
        let inside = self.line.to_owned();
        if is_within(&inside, &line) {
            self.show_line(parent, branch_point.unwrap_or(0), cx);
        } else {
            // Deleting a line renumbers the ones after it: the line shown stays while its
            // indices still lead to its moves, or else the board follows the main line.
            let shown = self.shown_ply(cx.screen);
            let same = self.shown_game().moves().to_vec();
            let record = self.bare_record(cx.language, cx.opponent.as_deref(), cx.you.as_deref());
            let keep = record.line_moves(&inside).is_some_and(|m| m == same);
            match keep {
                true => self.show_line(inside, shown, cx),
                false => {
                    let ply = shown.min(self.game.ply());
                    self.show_line(LineId::main(), ply, cx)
                }
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
        self.clock = clock;
        self.header = Some(OpenedRecord {
            info,
            other_ending: record.other_ending,
            comments: record.comments,
            variations: record.variations,
            opened_moves: game.moves().to_vec(),
        });
        self.game = game;
    }

    /// The move list's marks and the alternatives to the move shown, in a study with
    /// variations.
    pub(in crate::gui) fn branches(
        &self,
        screen: &Screen,
        language: Language,
        notation: NotationStyle,
    ) -> Option<Branches> {
        let header = self.header.as_ref()?;
        if !screen.view.is_replaying() || header.variations.is_empty() {
            return None;
        }
        // With a header, the record names no one from the game against the AI.
        let record = self.bare_record(language, None, None);
        let line = &self.line;
        let game = self.shown_game();
        let marked = (0..game.ply())
            .map(|ply| record.alternatives(line, ply).len() > 1)
            .collect();
        let shown = self.shown_ply(screen);
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
                        written: written_at(notation, before, choice.mv, previous_to),
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
}

/// A move as the move list writes it.
fn written_at(
    notation: NotationStyle,
    before: &crate::rules::Position,
    mv: Move,
    previous_to: Option<crate::rules::Square>,
) -> String {
    match notation {
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
