//! What the views and the tests read of the app: the game, the view, the hint, the note, the
//! review, the analysis, the practice; and the tests' two hooks into the practice (its
//! schedule's time moved on, an exercise put on its board).

use super::KomadaiApp;
use crate::gui::analysis_panel::analysing::Following;
use crate::gui::analysis_panel::panel::AnalysisPanelState;
use crate::gui::board::selection::Selection;
use crate::gui::dialogs::Dialog;
use crate::gui::editor::Editor;
use crate::gui::panels::message::MessageKind;
use crate::gui::review_panel::reviewing::ReviewReading;
use crate::gui::storage::settings::Settings;
use crate::gui::view_mode::ViewMode;
use crate::i18n::{Language, Strings};
use crate::practice::{Practice, Task};
use crate::record::LineId;
use crate::review::{AnalysisProgress, GameReview, Verdict};
use crate::rules::dominance::promoted_if_dominated;
use crate::rules::game::Game;
use crate::rules::{Color, Move, Position, PositionCommand};
use crate::usi::client::AnalysisReport;

impl KomadaiApp {
    pub fn game(&self) -> &Game {
        &self.play.game
    }

    pub fn player(&self) -> Color {
        self.play.player
    }

    pub fn settings(&self) -> &Settings {
        &self.stored.settings
    }

    /// The interface's language.
    pub fn language(&self) -> Language {
        self.stored.settings.language
    }

    /// The player's results per level and odds.
    pub fn ladder(&self) -> &crate::gui::ladder::Ladder {
        &self.stored.ladder.ladder
    }

    /// Whether a collection is being checked.
    pub fn is_importing(&self) -> bool {
        self.practice_page.is_importing()
    }

    /// Whether a game of the player's is being reviewed in the background.
    pub fn is_reviewing_kept_games(&self) -> bool {
        self.practice_page.is_reviewing_kept_games()
    }

    /// The name the AI goes by: the added engine's, or the built-in level's.
    pub(in crate::gui) fn opponent_name(&self) -> String {
        (self.background.engines).opponent_name(self.language(), self.play.level)
    }

    /// The added engine playing the AI's side of this game, by name.
    pub fn opponent_engine(&self) -> Option<&str> {
        (self.background.engines.opponent.as_ref()).map(|seat| seat.name.as_str())
    }

    /// An added engine played in this game (which keeps it off the ladder).
    pub fn engine_played(&self) -> bool {
        self.background.engines.played
    }

    /// The added engine analysing the game for the review, by name, while it does.
    pub fn review_engine(&self) -> Option<&str> {
        (self.background.engines.review.as_ref()).map(|(_, name, _)| name.as_str())
    }

    /// A program is being started to be added.
    pub fn is_adding_engine(&self) -> bool {
        self.background.engines.probe.is_some()
    }

    /// Every string of the interface, in its language.
    pub(in crate::gui) fn strings(&self) -> &'static Strings {
        self.stored.settings.language.strings()
    }

    /// The position editor, while it is open.
    pub fn editor(&self) -> Option<&Editor> {
        self.screen.editor.as_ref()
    }

    /// The dialog open, with what has been typed or found in it.
    pub fn dialog(&self) -> Option<&Dialog> {
        self.screen.dialog.as_ref()
    }

    pub fn selection(&self) -> Selection {
        self.screen.pick.selection
    }

    /// The note for the player about their last action (why a move was refused, a file
    /// saved).
    pub fn message(&self) -> Option<&str> {
        self.screen.message.as_ref().map(|m| m.text.as_str())
    }

    /// The text typed in the move box.
    pub fn typed_move(&self) -> &str {
        &self.screen.move_box.text
    }

    /// How serious the note is.
    pub fn message_kind(&self) -> Option<MessageKind> {
        self.screen.message.as_ref().map(|m| m.kind)
    }

    /// What the board shows: the game, an earlier position of it, or a replay.
    pub fn view(&self) -> ViewMode {
        self.screen.view
    }

    /// Plies shown on the board when that is not the latest position (looking back, or
    /// stepping through a replay).
    pub fn viewing(&self) -> Option<usize> {
        self.screen.view.earlier(self.shown_game().ply())
    }

    /// An opened game is being replayed (the AI waits until the player plays on).
    pub fn is_reviewing(&self) -> bool {
        self.screen.view.is_replaying()
    }

    pub fn is_thinking(&self) -> bool {
        self.background.is_thinking()
    }

    /// The move a hint suggested, while it still applies: in the position it was asked
    /// about, with the player to move there and the game going on. With stepped hints, only
    /// once asked for the second time.
    pub fn hint(&self) -> Option<Move> {
        let stepped = self.stored.settings.stepped_hints && !self.background.is_hint_revealed();
        self.applying_hint().filter(|_| !stepped)
    }

    /// The first step of a stepped hint: the piece to move (its square; `None` for a drop, or
    /// when the whole move is shown).
    pub fn hint_piece(&self) -> Option<Move> {
        let stepped = self.stored.settings.stepped_hints && !self.background.is_hint_revealed();
        self.applying_hint().filter(|_| stepped)
    }

    fn applying_hint(&self) -> Option<Move> {
        if self.players_turn() && self.screen.view == ViewMode::Live {
            let hint = self.background.hint(self.play.game.ply())?;
            Some(promoted_if_dominated(self.play.game.position(), hint))
        } else {
            None
        }
    }

    /// Sente's chance to win by the AI's last search (the evaluation bar), if it has searched:
    /// the added engine's last score when one plays and gave one.
    pub fn ai_sente_chance(&self) -> Option<f64> {
        let engine =
            (self.background.engines.opponent.as_ref()).and_then(|seat| seat.player.last_score());
        let score = match engine {
            Some(score) => crate::gui::engines::engine_review::review_score(score),
            None => {
                let progress = self.background.ai_score()?;
                match progress.mate_in {
                    Some(plies) if plies > 0 => crate::review::Score::Mates(plies.unsigned_abs()),
                    Some(plies) => crate::review::Score::Mated(plies.unsigned_abs()),
                    None => crate::review::Score::Cp(progress.score_cp),
                }
            }
        };
        // The AI searches its own moves: its score is from its side.
        let sente = if self.ai_color() == Color::Sente {
            score
        } else {
            score.flipped()
        };
        Some(sente.win_chance())
    }

    /// The written moves as the move list shows them.
    pub fn move_lines(&self) -> &[String] {
        self.screen.move_list.lines()
    }

    /// The board is shown with Gote at the bottom.
    pub fn is_flipped(&self) -> bool {
        (self.play.player == Color::Gote) != self.stored.settings.flipped
    }

    /// The plies shown on the board.
    pub(in crate::gui) fn shown_ply(&self) -> usize {
        self.play.shown_ply(&self.screen)
    }

    /// The board follows a study: a replayed record or a copy of the game. Moves on it
    /// make variations and the AI waits.
    pub(in crate::gui) fn is_studying(&self) -> bool {
        self.screen.view.is_replaying()
    }

    /// The line the board follows: the game, or the variation shown in a study.
    pub(in crate::gui) fn shown_game(&self) -> &Game {
        self.play.shown_game()
    }

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

    /// The position shown on the board.
    pub(in crate::gui) fn board_position(&self) -> &Position {
        let game = self.shown_game();
        game.position_after(self.shown_ply())
            .unwrap_or(game.position())
    }

    pub(in crate::gui) fn ai_color(&self) -> Color {
        !self.play.player
    }

    /// The player may move: it is their turn in a game going on (not a replay).
    pub(in crate::gui) fn players_turn(&self) -> bool {
        let game = &self.play.game;
        !self.screen.view.is_replaying()
            && !game.is_over()
            && game.position().side_to_move() == self.play.player
    }

    /// A review is open beside the board.
    pub fn is_review_open(&self) -> bool {
        self.review_panel.is_open()
    }

    /// How far the review's analysis has come, while it runs.
    pub fn review_progress(&self) -> Option<AnalysisProgress> {
        self.background.review_progress()
    }

    /// How far the review's deep pass has come (mistakes looked at again), while it runs.
    pub fn deep_progress(&self) -> Option<AnalysisProgress> {
        self.background.deep_progress()
    }

    /// The review so far, if one is open.
    pub fn game_review(&self) -> Option<&GameReview> {
        self.review_panel.review()
    }

    /// The verdict on move `ply` (1-based), once judged.
    pub fn review_verdict(&self, ply: usize) -> Option<Verdict> {
        Some(self.game_review()?.move_review(ply)?.verdict())
    }

    /// What the last retried move came to.
    pub fn retry_note(&self) -> Option<&str> {
        self.review_panel.retry_note()
    }

    /// A retried move is being judged.
    pub fn is_judging_try(&self) -> bool {
        self.background.is_judging()
    }

    /// The board takes a move for the review's retry.
    pub(in crate::gui) fn is_trying(&self) -> bool {
        (self.review_panel).is_trying(self.shown_ply(), &self.screen, &self.background)
    }

    /// How the review is read now: the player's language and notation, their side, what
    /// the board shows.
    pub(in crate::gui) fn review_reading(&self) -> ReviewReading {
        let (settings, view) = (&self.stored.settings, self.screen.view);
        let handicap = self.is_handicap();
        let shown = self.shown_ply();
        let played = self.shown_game().moves().get(..shown);
        let reviewed = (self.review_panel.reviewed_moves()).and_then(|moves| moves.get(..shown));
        let in_game = played.is_some() && played == reviewed;
        ReviewReading::new(settings, self.play.player, view, handicap, (shown, in_game))
    }

    /// The analysis's latest report, while its panel is open.
    pub fn analysis_report(&self) -> Option<AnalysisReport> {
        self.analysis_panel.report()
    }

    /// The engine is thinking on the position shown (until stopped).
    pub fn is_analysing(&self) -> bool {
        self.analysis_panel.is_running()
    }

    /// The board shows the game against the AI (or a study of it, the game set aside), which
    /// is still going on and will count in the results: no engine has helped in it. The
    /// editor's setup is no such game.
    pub(in crate::gui) fn game_counts_in_results(&self) -> bool {
        let game = self.play.kept.as_deref().unwrap_or(&self.play);
        self.screen.editor.is_none()
            && game.odds.is_some()
            && game.header.is_none()
            && !game.counted
            && !game.game.is_over()
            && !self.background.engines.played
    }

    /// The program the open analysis runs, by file name; `None` for the built-in engine.
    pub fn analysis_program(&self) -> Option<String> {
        self.analysis_panel_state()?.program
    }

    /// The analysis's lines as the panel writes them, best first.
    pub fn analysis_lines_written(&self) -> Vec<String> {
        self.analysis_panel_state()
            .map(|panel| panel.rows.into_iter().map(|row| row.moves).collect())
            .unwrap_or_default()
    }

    /// The evaluation bar's Sente chance by the analysis, while it is about the position shown.
    pub fn analysis_chance(&self) -> Option<f64> {
        self.analysis_panel
            .sente_chance(self.shown_command().as_ref())
    }

    /// The analysis panel's contents, while it is open.
    pub(in crate::gui) fn analysis_panel_state(&self) -> Option<AnalysisPanelState> {
        let shown = self.shown_command();
        let settings = &self.stored.settings;
        self.analysis_panel.panel_state(
            shown.as_ref(),
            settings.language,
            settings.notation,
            (self.screen.editor.is_none(), self.is_handicap()),
        )
    }

    /// What the analysis follows now: the position shown, the threads, the repaint.
    pub(in crate::gui) fn analysis_following(&self) -> Following {
        Following {
            shown: self.shown_command(),
            threads: self.stored.settings.hard_threads,
            wake: self.host.wake(),
        }
    }

    /// The position on the board with the moves that led to it (for repetitions); in the
    /// editor, its setup while it is playable (`None` while it is not).
    fn shown_command(&self) -> Option<PositionCommand> {
        if let Some(editor) = &self.screen.editor {
            let start = Position::try_from(editor.setup).ok()?;
            return Some(PositionCommand {
                start,
                moves: Vec::new(),
            });
        }
        let game = self.shown_game();
        let shown = self.shown_ply().min(game.moves().len());
        Some(PositionCommand {
            start: *game.start(),
            moves: game.moves()[..shown].to_vec(),
        })
    }

    /// The Engine match page: its form, the match's games and the game being played.
    pub fn engine_match(&self) -> &crate::gui::engine_match::EngineMatch {
        &self.engine_match
    }

    /// Whether the Practice page is open.
    pub fn is_practising(&self) -> bool {
        self.practice_page.open
    }

    /// The player's practice.
    pub fn practice(&self) -> &Practice {
        &self.practice_page.practice
    }

    /// The exercise on the practice board.
    pub fn practice_task(&self) -> Option<&Task> {
        self.practice_page.current.as_ref().map(|c| &c.task)
    }

    /// The practice board's position.
    pub fn practice_position(&self) -> Option<Position> {
        self.practice_page.current.as_ref().map(|c| c.position)
    }

    /// Whether a move on the practice board is being judged.
    pub fn is_judging_practice(&self) -> bool {
        self.practice_page
            .current
            .as_ref()
            .is_some_and(|c| c.job.is_some() || c.finding.is_some())
    }

    /// What the last practice move or import came to.
    pub fn practice_note(&self) -> Option<&str> {
        self.practice_page.note.as_ref().map(|n| n.text.as_str())
    }

    /// Moves the schedule's time on (tests: an exercise missed comes back later).
    pub fn pass_practice_time(&mut self, seconds: u64) {
        self.practice_page.clock_offset = self.practice_page.clock_offset.saturating_add(seconds);
    }

    /// Puts `task` on the practice board (tests, and a problem chosen by hand).
    pub fn practise(&mut self, task: Task) {
        let wake = self.host.wake();
        self.practice_page.practise(task, wake);
    }
}
