//! What runs beside the UI: the AI thinking about its move, a Hard search for the
//! player's hint, the review's analysis of every position and the judging of a retried move.
//! All run on their own threads and wake the window when they have news.

use crate::clock::MoveClock;
use crate::engine::search::{Engine, THREAD_STACK};
use crate::engine::{EngineMove, Progress};
use crate::gui::Level;
use crate::gui::app::ai::{AiPlayer, Pace};
use crate::gui::app::engines::seat;
use crate::gui::app::engines::{EngineWork, Failed};
use crate::review::{
    Analysis, AnalysisOptions, GamePositions, GameReview, MoveReview, PositionAnalysis,
};
use crate::rules::Move;
use crate::rules::game::Game;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// The longest a hint search may take.
const HINT_TIME: Duration = Duration::from_secs(2);

/// The searches in flight and what they found.
pub(super) struct Background {
    ai: AiPlayer,
    hint: Hint,
    /// Overrides the level's thinking time (tests and tools).
    movetime: Option<Duration>,
    /// The review's analysis of the game's positions, while it runs.
    review: Option<Analysis>,
    /// How hard and how wide the review analyses.
    review_options: AnalysisOptions,
    /// A retried move being judged.
    trial: Option<Trial>,
    /// The added USI engines at work (the opponent, the hints, the review).
    pub(super) engines: EngineWork,
}

/// A retried move judged on its own thread, as the game's move was.
struct Trial {
    answer: Receiver<Option<MoveReview>>,
    cancel: Arc<AtomicBool>,
}

impl Drop for Trial {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// Called by a search when it has news for the window.
pub(super) type Wake = Box<dyn Fn() + Send>;

/// A hint: the search, the ply it is about, and the move it found while it still applies.
#[derive(Default)]
struct Hint {
    search: AiPlayer,
    ply: usize,
    found: Option<Move>,
    /// The whole move is shown, not only its piece (stepped hints).
    revealed: bool,
}

impl Background {
    pub(super) fn new(movetime: Option<Duration>, review_options: AnalysisOptions) -> Background {
        Background {
            ai: AiPlayer::default(),
            hint: Hint::default(),
            movetime,
            review: None,
            review_options,
            trial: None,
            engines: EngineWork::default(),
        }
    }

    /// The thinking time tests and tools set, if any.
    pub(super) fn movetime(&self) -> Option<Duration> {
        self.movetime
    }

    /// Starts analysing every position of `game` (an analysis already running is dropped).
    pub(super) fn start_review(
        &mut self,
        game: GamePositions,
        notify: Arc<dyn Fn() + Send + Sync>,
    ) {
        self.review = None;
        self.review = Some(Analysis::start_notifying(
            game,
            self.review_options.clone(),
            notify,
        ));
    }

    /// The analyses that arrived since the last call; the analysis is let go once finished.
    pub(super) fn poll_review(&mut self) -> Vec<PositionAnalysis> {
        if let Some((_, name, running)) = &self.engines.review {
            let finished = running.is_finished();
            let (results, failed) = running.take();
            if let Some(error) = failed {
                let name = name.clone();
                self.engines.failures.push((Failed::Review, name, error));
                self.engines.review = None;
            } else if finished {
                self.engines.review = None;
            }
            return results;
        }
        let Some(analysis) = &self.review else {
            return Vec::new();
        };
        // Asked before taking the results: once every worker is done, all they sent is here.
        let finished = analysis.is_finished();
        let results: Vec<PositionAnalysis> = std::iter::from_fn(|| analysis.try_next()).collect();
        if finished {
            self.review = None;
        }
        results
    }

    /// Stops the review's analysis (what arrived stays in the review).
    pub(super) fn cancel_review(&mut self) {
        self.review = None;
        self.engines.review = None;
    }

    /// How far the review's analysis has come, while it runs.
    pub(super) fn review_progress(&self) -> Option<crate::review::Progress> {
        if let Some((_, _, running)) = &self.engines.review {
            return Some(running.progress());
        }
        self.review.as_ref().map(Analysis::progress)
    }

    /// The node budget a retry is judged with: the review's, for a fair comparison.
    pub(super) fn review_budget(&self) -> crate::review::Budget {
        self.review_options.budget()
    }

    pub(super) fn review_hash_mb(&self) -> usize {
        self.review_options.hash_mb
    }

    /// Judges `tried` in place of the game's move `ply` on a thread of its own (the search
    /// needs the engine's deep stack and must not hold up the window).
    pub(super) fn judge_try(&mut self, review: &GameReview, ply: usize, tried: Move, wake: Wake) {
        let (sender, answer) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let (review, stop, budget) = (
            review.clone(),
            Arc::clone(&cancel),
            self.review_options.budget(),
        );
        let hash_mb = self.review_options.hash_mb;
        let spawned = std::thread::Builder::new()
            .name("retry".into())
            .stack_size(THREAD_STACK)
            .spawn(move || {
                let mut engine = Engine::new(hash_mb);
                let judged = review.judge_try(ply, tried, &mut engine, budget, &stop);
                let _ = sender.send(judged);
                wake();
            });
        self.trial = spawned.is_ok().then_some(Trial { answer, cancel });
    }

    /// The retried move's review once judged: `Some(None)` when it could not be judged.
    pub(super) fn poll_trial(&mut self) -> Option<Option<MoveReview>> {
        let judged = self.trial.as_ref()?.answer.try_recv().ok()?;
        self.trial = None;
        Some(judged)
    }

    pub(super) fn is_judging(&self) -> bool {
        self.trial.is_some()
    }

    /// Forgets a retried move being judged.
    pub(super) fn forget_trial(&mut self) {
        self.trial = None;
    }

    /// Starts the AI on the game's position, by its `clock` if it has one, with `threads`
    /// if its level searches in parallel (a search already running is dropped).
    pub(super) fn start_ai(
        &mut self,
        game: &Game,
        level: Level,
        seed: u64,
        clock: Option<MoveClock>,
        threads: usize,
        wake: Wake,
    ) {
        let pace = Pace {
            movetime: self.movetime,
            clock,
            threads,
        };
        self.ai.start(game, level, seed, pace, wake);
    }

    /// The AI's decision once it has one: the added engine's when one plays (if it fails,
    /// it is let go and the failure kept to be told; the built-in AI moves next).
    pub(super) fn poll_ai(&mut self) -> Option<EngineMove> {
        if let Some(opponent) = &mut self.engines.opponent {
            match opponent.player.poll() {
                None => {}
                Some(Ok(answer)) => return Some(seat::decision(answer)),
                Some(Err(error)) => {
                    let name = opponent.name.clone();
                    self.engines.failures.push((Failed::Opponent, name, error));
                    self.engines.opponent = None;
                }
            }
            return None;
        }
        self.ai.poll()
    }

    pub(super) fn stop_ai(&mut self) {
        self.ai.stop();
        if let Some(opponent) = &mut self.engines.opponent {
            opponent.player.cancel();
        }
    }

    pub(super) fn is_thinking(&self) -> bool {
        self.ai.is_thinking()
            || (self.engines.opponent.as_ref()).is_some_and(|o| o.player.is_thinking())
    }

    pub(super) fn progress(&self) -> Option<&Progress> {
        self.ai.progress()
    }

    /// Starts a hint search on the game's position (a search already running is dropped).
    pub(super) fn ask_hint(&mut self, game: &Game, seed: u64, threads: usize, wake: Wake) {
        let pace = Pace {
            movetime: Some(self.movetime.unwrap_or(HINT_TIME).min(HINT_TIME)),
            clock: None,
            threads,
        };
        self.hint.ply = game.ply();
        self.hint.revealed = false;
        if let Some(engine) = &mut self.engines.hint {
            let think = pace.movetime.unwrap_or(HINT_TIME);
            let position = crate::rules::PositionCommand {
                start: *game.start(),
                moves: game.moves().to_vec(),
            };
            let go = format!("go btime 0 wtime 0 byoyomi {}", think.as_millis());
            engine.player.go(position, go, think + engine.grace);
            return;
        }
        self.hint.search.start(game, Level::Hard, seed, pace, wake);
    }

    /// Takes the hint search's move when it comes, if the game is still at the ply it was
    /// asked about and `wanted` (the player still to move).
    pub(super) fn poll_hint(&mut self, game: &Game, wanted: bool) {
        let found = match &mut self.engines.hint {
            Some(engine) => match engine.player.poll() {
                Some(Ok(answer)) => Some(seat::decision(answer)),
                Some(Err(error)) => {
                    let name = engine.name.clone();
                    self.engines.failures.push((Failed::Hint, name, error));
                    self.engines.hint = None;
                    None
                }
                None => None,
            },
            None => self.hint.search.poll(),
        };
        if let Some(EngineMove::Move(mv)) = found
            && game.ply() == self.hint.ply
            && wanted
        {
            self.hint.found = Some(mv);
        }
    }

    pub(super) fn is_hinting(&self) -> bool {
        self.hint.search.is_thinking()
            || (self.engines.hint.as_ref()).is_some_and(|h| h.player.is_thinking())
    }

    /// Gives the hints back to the built-in engine until the next hint is asked.
    pub(super) fn drop_hint_engine(&mut self) {
        self.engines.hint = None;
    }

    /// The hint's move, if it was asked about the position after `ply` moves.
    pub(super) fn hint(&self, ply: usize) -> Option<Move> {
        self.hint.found.filter(|_| self.hint.ply == ply)
    }

    /// The second step of a stepped hint: the whole move.
    pub(super) fn reveal_hint(&mut self) {
        self.hint.revealed = true;
    }

    pub(super) fn is_hint_revealed(&self) -> bool {
        self.hint.revealed
    }

    /// The AI's opinion of the game: its search in progress, or its last one.
    pub(super) fn ai_score(&self) -> Option<&Progress> {
        self.ai.last_progress()
    }

    pub(super) fn forget_ai_score(&mut self) {
        self.ai.forget_progress();
        if let Some(opponent) = &mut self.engines.opponent {
            opponent.player.forget_score();
        }
    }

    /// Stops the hint search and forgets its move (the position changed).
    pub(super) fn forget_hint(&mut self) {
        self.hint.search.stop();
        if let Some(engine) = &mut self.engines.hint {
            engine.player.cancel();
        }
        self.hint.found = None;
        self.hint.revealed = false;
    }
}
