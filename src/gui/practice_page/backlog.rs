//! The player's finished games reviewed in the background, so that every mistake of theirs
//! joins the practice, not only those of the games they reviewed in the window.
//!
//! A game is kept (in the practice file) once it is over on the board: a game played here,
//! including the autosaved one the app resumed. While the engine has nothing else to do, the
//! oldest kept game is reviewed on one thread with the review's budget, and its mistakes and
//! missed mates are harvested as a review in the window harvests them. Anything that wants
//! the engine (the AI's move, a game under way, a hint, a review or the analysis in the
//! window, an exercise judged, an import) stops it at once; the game waits and is reviewed
//! from its start later, since a half-done review left waiting would hold threads.

use crate::gui::app::KomadaiApp;
use crate::gui::practice_page::state::BacklogRun;
use crate::i18n::fill;
use crate::practice::KeptGame;
use crate::review::{Analysis, GameReview, MoveReview, PositionAnalysis};
use std::sync::Arc;

impl KomadaiApp {
    /// Once a frame: a completed review's mistakes join the practice, the game on the
    /// board is kept when it has just ended, and the kept games are reviewed one at a time
    /// while the engine is idle.
    pub(in crate::gui) fn practice_upkeep(&mut self) {
        self.harvest_review();
        self.keep_finished_game();
        if self.engine_wanted() {
            if self.practice_page.backlog.take().is_some() {
                log::info!("background review stopped: the engine is wanted");
            }
            return;
        }
        if self.practice_page.backlog.is_none() {
            self.start_backlog();
        }
    }

    /// Whether a game of the player's is being reviewed in the background.
    pub fn is_reviewing_kept_games(&self) -> bool {
        self.practice_page.backlog.is_some()
    }

    fn keep_finished_game(&mut self) {
        let game = &self.play.game;
        if !game.is_over() || self.screen.view.is_replaying() || self.play.header.is_some() {
            return;
        }
        if self.practice_page.looked_at.as_deref() == Some(game.moves()) {
            return;
        }
        self.practice_page.looked_at = Some(game.moves().to_vec());
        let player = self.play.player;
        // A game the player made no move in has nothing of theirs to practise.
        let first_own = usize::from(game.start().side_to_move() != player);
        if game.moves().len() <= first_own {
            return;
        }
        let kept = KeptGame::new(game.start(), game.moves(), player);
        if self.practice_page.practice.keep_game(kept) {
            self.save_practice();
        }
    }

    /// Something the player started needs the engine, or soon will.
    fn engine_wanted(&self) -> bool {
        let game = &self.play.game;
        let game_under_way = !game.is_over()
            && game.ply() > 0
            && !self.screen.view.is_replaying()
            && !self.practice_page.open;
        let practice_busy = self
            .practice_page
            .current
            .as_ref()
            .is_some_and(|c| c.job.is_some() || c.finding.is_some())
            || self.practice_page.import.is_some()
            || !self.practice_page.harvest.is_empty();
        game_under_way
            || practice_busy
            || self.background.is_thinking()
            || self.background.is_hinting()
            || self.background.is_judging()
            || self.background.review_progress().is_some()
            || self.is_analysing()
    }

    fn start_backlog(&mut self) {
        loop {
            let Some(kept) = self.practice_page.practice.unreviewed.first().cloned() else {
                return;
            };
            let key = kept.key();
            let Some(positions) = kept.positions() else {
                // A damaged entry: it cannot be reviewed, now or later.
                log::warn!("a kept game does not replay; dropped from the practice");
                self.practice_page.practice.mark_reviewed(&key);
                self.save_practice();
                continue;
            };
            let ctx = self.host.egui.clone();
            let notify = Arc::new(move || {
                if let Some(ctx) = &ctx {
                    ctx.request_repaint();
                }
            });
            let options = self.practice_page.backlog_options.clone();
            self.practice_page.backlog = Some(BacklogRun {
                key,
                player: kept.player(),
                review: GameReview::new(positions.clone()),
                analysis: Analysis::start_notifying(positions, options, notify),
            });
            return;
        }
    }

    /// The background review sent `analyses` (`finished`: it is done); once the game is
    /// reviewed, its mistakes join the practice.
    pub(in crate::gui) fn backlog_analysed(
        &mut self,
        analyses: Vec<PositionAnalysis>,
        finished: bool,
    ) {
        let Some(run) = &mut self.practice_page.backlog else {
            return;
        };
        for analysis in analyses {
            run.review.add(analysis);
        }
        if !finished && !run.review.is_complete() {
            return;
        }
        let Some(run) = self.practice_page.backlog.take() else {
            return;
        };
        let reviews: Vec<MoveReview> = run.review.moves().iter().flatten().cloned().collect();
        let added = self.harvest(&reviews, run.player);
        self.practice_page.practice.mark_reviewed(&run.key);
        self.save_practice();
        log::info!("background review done: {added} new exercise(s)");
        // Said only over nothing else: the player may be reading another note.
        if added > 0 && self.screen.message.is_none() {
            let t = self.language().practice();
            let text = fill(t.added_from_kept, &[("count", &added)]);
            self.screen.message = Some(crate::gui::panels::message::Message::info(text));
        }
    }
}
