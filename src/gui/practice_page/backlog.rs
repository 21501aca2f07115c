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

use crate::gui::app::background::Background;
use crate::gui::app::host::Host;
use crate::gui::app::play::Play;
use crate::gui::app::screen::Screen;
use crate::gui::practice_page::state::{BacklogRun, PracticePage};
use crate::gui::review_panel::state::ReviewPanel;
use crate::i18n::{Language, fill};
use crate::practice::KeptGame;
use crate::review::{GameAnalysis, GameReview, MoveReview, PositionAnalysis};
use std::sync::Arc;

/// What the practice's upkeep reads of the rest of the app, and the screen whose note it
/// may set.
pub(in crate::gui) struct Upkeep<'a> {
    pub(in crate::gui) play: &'a Play,
    pub(in crate::gui) review_panel: &'a ReviewPanel,
    pub(in crate::gui) background: &'a Background,
    /// The analysis panel's search is running.
    pub(in crate::gui) analysing: bool,
    pub(in crate::gui) host: &'a Host,
    pub(in crate::gui) language: Language,
    pub(in crate::gui) screen: &'a mut Screen,
}

impl PracticePage {
    /// Once a frame: a completed review's mistakes join the practice, the game on the
    /// board is kept when it has just ended, and the kept games are reviewed one at a time
    /// while the engine is idle.
    pub(in crate::gui) fn upkeep(&mut self, around: Upkeep) {
        let Upkeep {
            play,
            review_panel,
            background,
            analysing,
            host,
            language,
            screen,
        } = around;
        self.harvest_review(review_panel, play, host, language, screen);
        self.keep_finished_game(play, language, screen);
        if self.engine_wanted(play, screen, background, analysing) {
            if self.backlog.take().is_some() {
                log::info!("background review stopped: the engine is wanted");
            }
            return;
        }
        if self.backlog.is_none() {
            self.start_backlog(host, language, screen);
        }
    }

    /// Whether a game of the player's is being reviewed in the background.
    pub(in crate::gui) fn is_reviewing_kept_games(&self) -> bool {
        self.backlog.is_some()
    }

    fn keep_finished_game(&mut self, play: &Play, language: Language, screen: &mut Screen) {
        let game = &play.game;
        if !game.is_over() || screen.view.is_replaying() || play.header.is_some() {
            return;
        }
        if self.looked_at.as_deref() == Some(game.moves()) {
            return;
        }
        self.looked_at = Some(game.moves().to_vec());
        let player = play.player;
        // A game the player made no move in has nothing of theirs to practise.
        let first_own = usize::from(game.start().side_to_move() != player);
        if game.moves().len() <= first_own {
            return;
        }
        let kept = KeptGame::new(game.start(), game.moves(), player);
        if self.practice.keep_game(kept) {
            self.save(language, screen);
        }
    }

    /// Something the player started needs the engine, or soon will.
    fn engine_wanted(
        &self,
        play: &Play,
        screen: &Screen,
        background: &Background,
        analysing: bool,
    ) -> bool {
        let game = &play.game;
        let game_under_way =
            !game.is_over() && game.ply() > 0 && !screen.view.is_replaying() && !self.open;
        let practice_busy = self
            .current
            .as_ref()
            .is_some_and(|c| c.job.is_some() || c.finding.is_some())
            || self.import.is_some()
            || !self.harvest.is_empty();
        game_under_way
            || practice_busy
            || background.is_thinking()
            || background.is_hinting()
            || background.is_judging()
            || background.review_progress().is_some()
            || background.deep_progress().is_some()
            || analysing
    }

    fn start_backlog(&mut self, host: &Host, language: Language, screen: &mut Screen) {
        loop {
            let Some(kept) = self.practice.unreviewed.first().cloned() else {
                return;
            };
            let key = kept.key();
            let Some(positions) = kept.positions() else {
                // A damaged entry: it cannot be reviewed, now or later.
                log::warn!("a kept game does not replay; dropped from the practice");
                self.practice.mark_reviewed(&key);
                self.save(language, screen);
                continue;
            };
            let ctx = host.egui.clone();
            let notify = Arc::new(move || {
                if let Some(ctx) = &ctx {
                    ctx.request_repaint();
                }
            });
            let options = self.backlog_options.clone();
            self.backlog = Some(BacklogRun {
                key,
                player: kept.player(),
                review: GameReview::new(positions.clone()),
                analysis: GameAnalysis::start_notifying(positions, options, notify),
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
        host: &Host,
        language: Language,
        screen: &mut Screen,
    ) {
        let Some(run) = &mut self.backlog else {
            return;
        };
        for analysis in analyses {
            run.review.add(analysis);
        }
        if !finished && !run.review.is_complete() {
            return;
        }
        let Some(run) = self.backlog.take() else {
            return;
        };
        let reviews: Vec<MoveReview> = run.review.moves().iter().flatten().cloned().collect();
        let added = self.harvest(&reviews, run.player, host);
        self.practice.mark_reviewed(&run.key);
        self.save(language, screen);
        log::info!("background review done: {added} new exercise(s)");
        // Said only over nothing else: the player may be reading another note.
        if added > 0 && screen.message.is_none() {
            let t = language.practice();
            let text = fill(t.added_from_kept, &[("count", &added)]);
            screen.message = Some(crate::gui::panels::message::Message::info(text));
        }
    }
}
