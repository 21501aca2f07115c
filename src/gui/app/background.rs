//! What runs beside the UI: the AI thinking about its move, a Hard search for the
//! player's hint, the review's analysis of every position, its deep pass over the mistakes,
//! and the judging of a retried move.
//! All run on their own threads and wake the window when they have news.

use crate::clock::MoveClock;
use crate::engine::search::{Engine, THREAD_STACK};
use crate::engine::{EngineMove, Progress};
use crate::gui::Level;
use crate::gui::app::ai::{AiPlayer, Allowance};
use crate::gui::app::event::{Event, Failed};
use crate::gui::app::host::Wake;
use crate::gui::engines::seat;
use crate::gui::engines::work::EngineWork;
use crate::practice::mate::{self, MateFound};
use crate::review::workers::Notify;
use crate::review::{
    AnalysisOptions, AnalysisProgress, DeepLook, DeepOptions, DeepPass, GameAnalysis,
    GamePositions, GameReview, MoveReview, PositionAnalysis,
};
use crate::rules::game::Game;
use crate::rules::{Move, Position, Square};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// The longest a hint search may take.
const HINT_TIME: Duration = Duration::from_secs(2);

/// The searches in flight and what they found.
pub(in crate::gui) struct Background {
    ai: AiPlayer,
    hint: Hint,
    /// Overrides the level's thinking time (tests and tools).
    movetime: Option<Duration>,
    /// The review's analysis of the game's positions, while it runs.
    review: Option<GameAnalysis>,
    /// How hard and how wide the review analyses.
    review_options: AnalysisOptions,
    /// The review's deep pass over its mistakes, while it runs.
    deep: Option<DeepPass>,
    /// How hard the deep pass searches.
    deep_options: DeepOptions,
    /// A retried move being judged.
    trial: Option<Trial>,
    /// The added USI engines at work (the opponent, the hints, the review).
    pub(in crate::gui) engines: EngineWork,
    /// The mate search on a position, while it runs.
    mate: Option<MateJob>,
}

/// The mate search on its own thread, and the position it was asked about.
struct MateJob {
    position: Position,
    previous_to: Option<Square>,
    answer: Receiver<MateFound>,
    cancel: Arc<AtomicBool>,
}

impl Drop for MateJob {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
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
    pub(in crate::gui) fn new(
        movetime: Option<Duration>,
        review_options: AnalysisOptions,
        deep_options: DeepOptions,
    ) -> Background {
        Background {
            ai: AiPlayer::default(),
            hint: Hint::default(),
            movetime,
            review: None,
            review_options,
            deep: None,
            deep_options,
            trial: None,
            engines: EngineWork::default(),
            mate: None,
        }
    }

    /// The thinking time tests and tools set, if any.
    pub(in crate::gui) fn movetime(&self) -> Option<Duration> {
        self.movetime
    }

    /// Starts analysing every position of `game` (an analysis already running is dropped).
    pub(in crate::gui) fn start_review(
        &mut self,
        game: GamePositions,
        notify: Arc<dyn Fn() + Send + Sync>,
    ) {
        self.review = None;
        self.deep = None;
        self.review = Some(GameAnalysis::start_notifying(
            game,
            self.review_options.clone(),
            notify,
        ));
    }

    /// Takes what the threads sent since the last frame, as events for `apply`: the AI's
    /// move, the hint's, the review's analyses, a retry judged, an engine added; an added
    /// engine's failure comes last. Only the inboxes change here (a search that answered
    /// is let go); what the news does to the app is `apply`'s.
    pub(in crate::gui) fn news(&mut self, events: &mut Vec<Event>) {
        let mut failures = Vec::new();
        if let Some(decision) = self.poll_ai(&mut failures) {
            events.push(Event::AiMove(decision));
        }
        if let Some(decision) = self.poll_hint(&mut failures) {
            events.push(Event::HintFound {
                ply: self.hint.ply,
                decision,
            });
        }
        if let Some((analyses, finished)) = self.poll_review(&mut failures) {
            events.push(Event::ReviewAnalysed { analyses, finished });
        }
        if let Some((looks, finished)) = self.poll_deep() {
            events.push(Event::ReviewDeepened { looks, finished });
        }
        if let Some(judged) = self.poll_trial() {
            events.push(Event::TryJudged(judged.map(Box::new)));
        }
        if let Some((program, answer)) = self.engines.poll_probe() {
            events.push(Event::EngineProbed { program, answer });
        }
        events.extend(self.poll_mate());
        events.extend(failures);
    }

    /// Looks for a forced mate for the side to move in `position` on a thread of its own
    /// (one asked before is stopped); the answer comes as [`Event::MateSearched`].
    pub(in crate::gui) fn search_mate(
        &mut self,
        position: Position,
        previous_to: Option<Square>,
        wake: Wake,
    ) {
        self.mate = None;
        let cancel = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&cancel);
        let (sender, answer) = mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("mate search".into())
            .stack_size(THREAD_STACK)
            .spawn(move || {
                let _ = sender.send(mate::search_mate(&position, &stop));
                wake();
            });
        if spawned.is_ok() {
            self.mate = Some(MateJob {
                position,
                previous_to,
                answer,
                cancel,
            });
        }
    }

    /// Stops the mate search (its answer is no longer wanted).
    pub(in crate::gui) fn stop_mate(&mut self) {
        self.mate = None;
    }

    /// The mate search's answer, once it has come.
    fn poll_mate(&mut self) -> Option<Event> {
        let found = match self.mate.as_ref()?.answer.try_recv() {
            Ok(found) => found,
            Err(mpsc::TryRecvError::Empty) => return None,
            // The thread ended without an answer: as if stopped.
            Err(mpsc::TryRecvError::Disconnected) => MateFound::OutOfBudget { nodes: 0 },
        };
        let job = self.mate.take()?;
        Some(Event::MateSearched {
            position: Box::new(job.position),
            previous_to: job.previous_to,
            found,
        })
    }

    /// The analyses that arrived since the last call, and whether the analysis is done.
    fn poll_review(&mut self, failures: &mut Vec<Event>) -> Option<(Vec<PositionAnalysis>, bool)> {
        if let Some((_, name, running)) = &self.engines.review {
            let finished = running.is_finished();
            let (results, failed) = running.take();
            if let Some(error) = failed {
                failures.push(Event::EngineFailed {
                    failed: Failed::Review,
                    name: name.clone(),
                    error,
                });
            }
            return Some((results, finished));
        }
        let analysis = self.review.as_ref()?;
        // Asked before taking the results: once every worker is done, all they sent is here.
        let finished = analysis.is_finished();
        let results: Vec<PositionAnalysis> = std::iter::from_fn(|| analysis.try_next()).collect();
        Some((results, finished))
    }

    /// The review's analysis is over (done, or its engine failed): it is let go.
    pub(in crate::gui) fn review_done(&mut self) {
        self.review = None;
        self.engines.review = None;
    }

    /// Stops the review's analysis and its deep pass (what arrived stays in the review).
    pub(in crate::gui) fn cancel_review(&mut self) {
        self.review = None;
        self.engines.review = None;
        self.deep = None;
    }

    /// Starts the deep pass over `review`'s mistakes (one already running is dropped),
    /// waking the window through `notify` after each look.
    pub(in crate::gui) fn start_deep_pass(&mut self, review: &GameReview, notify: Notify) {
        self.deep = None;
        self.deep = Some(DeepPass::start(review, self.deep_options.clone(), notify));
    }

    /// The looks that arrived since the last call, and whether the deep pass is done.
    fn poll_deep(&mut self) -> Option<(Vec<DeepLook>, bool)> {
        let deep = self.deep.as_ref()?;
        // Asked before taking the looks: once every worker is done, all they sent is here.
        let finished = deep.is_finished();
        let looks: Vec<DeepLook> = std::iter::from_fn(|| deep.try_next()).collect();
        Some((looks, finished))
    }

    /// The deep pass is over: it is let go.
    pub(in crate::gui) fn deep_pass_done(&mut self) {
        self.deep = None;
    }

    /// How far the deep pass has come (mistakes looked at), while it runs.
    pub(in crate::gui) fn deep_progress(&self) -> Option<AnalysisProgress> {
        self.deep.as_ref().map(DeepPass::progress)
    }

    /// How far the review's analysis has come, while it runs.
    pub(in crate::gui) fn review_progress(&self) -> Option<AnalysisProgress> {
        if let Some((_, _, running)) = &self.engines.review {
            return Some(running.progress());
        }
        self.review.as_ref().map(GameAnalysis::progress)
    }

    /// The node budget a retry is judged with: the review's, for a fair comparison.
    pub(in crate::gui) fn review_budget(&self) -> crate::review::Budget {
        self.review_options.budget()
    }

    pub(in crate::gui) fn review_hash_mb(&self) -> usize {
        self.review_options.hash_mb
    }

    /// Judges `tried` in place of the game's move `ply` on a thread of its own (the search
    /// needs the engine's deep stack and must not hold up the window).
    pub(in crate::gui) fn judge_try(
        &mut self,
        review: &GameReview,
        ply: usize,
        tried: Move,
        wake: Wake,
    ) {
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
    fn poll_trial(&mut self) -> Option<Option<MoveReview>> {
        let judged = self.trial.as_ref()?.answer.try_recv().ok()?;
        self.trial = None;
        Some(judged)
    }

    pub(in crate::gui) fn is_judging(&self) -> bool {
        self.trial.is_some()
    }

    /// Forgets a retried move being judged.
    pub(in crate::gui) fn forget_trial(&mut self) {
        self.trial = None;
    }

    /// Starts the AI on the game's position, by its `clock` if it has one, with `threads`
    /// if its level searches in parallel (a search already running is dropped).
    pub(in crate::gui) fn start_ai(
        &mut self,
        game: &Game,
        level: Level,
        seed: u64,
        clock: Option<MoveClock>,
        threads: usize,
        wake: Wake,
    ) {
        let allowance = Allowance {
            movetime: self.movetime,
            clock,
            threads,
        };
        self.ai.start(game, level, seed, allowance, wake);
    }

    /// The AI's decision once it has one: the added engine's when one plays (if it fails,
    /// the failure is news; the built-in AI moves once it is let go).
    fn poll_ai(&mut self, failures: &mut Vec<Event>) -> Option<EngineMove> {
        if let Some(opponent) = &mut self.engines.opponent {
            match opponent.player.poll() {
                None => {}
                Some(Ok(answer)) => return Some(seat::decision(answer)),
                Some(Err(error)) => failures.push(Event::EngineFailed {
                    failed: Failed::Opponent,
                    name: opponent.name.clone(),
                    error,
                }),
            }
            return None;
        }
        self.ai.poll()
    }

    pub(in crate::gui) fn stop_ai(&mut self) {
        self.ai.stop();
        if let Some(opponent) = &mut self.engines.opponent {
            opponent.player.cancel();
        }
    }

    pub(in crate::gui) fn is_thinking(&self) -> bool {
        self.ai.is_thinking()
            || (self.engines.opponent.as_ref()).is_some_and(|o| o.player.is_thinking())
    }

    pub(in crate::gui) fn progress(&self) -> Option<&Progress> {
        self.ai.progress()
    }

    /// Starts a hint search on the game's position (a search already running is dropped).
    pub(in crate::gui) fn ask_hint(&mut self, game: &Game, seed: u64, threads: usize, wake: Wake) {
        let allowance = Allowance {
            movetime: Some(self.movetime.unwrap_or(HINT_TIME).min(HINT_TIME)),
            clock: None,
            threads,
        };
        self.hint.ply = game.ply();
        self.hint.revealed = false;
        if let Some(engine) = &mut self.engines.hint {
            let think = allowance.movetime.unwrap_or(HINT_TIME);
            let position = crate::rules::PositionCommand {
                start: *game.start(),
                moves: game.moves().to_vec(),
            };
            let go = format!("go btime 0 wtime 0 byoyomi {}", think.as_millis());
            engine.player.go(position, go, think + engine.grace);
            return;
        }
        self.hint
            .search
            .start(game, Level::Hard, seed, allowance, wake);
    }

    /// The hint search's decision when it comes (an added engine's failure is news).
    fn poll_hint(&mut self, failures: &mut Vec<Event>) -> Option<EngineMove> {
        match &mut self.engines.hint {
            Some(engine) => match engine.player.poll() {
                Some(Ok(answer)) => Some(seat::decision(answer)),
                Some(Err(error)) => {
                    failures.push(Event::EngineFailed {
                        failed: Failed::Hint,
                        name: engine.name.clone(),
                        error,
                    });
                    None
                }
                None => None,
            },
            None => self.hint.search.poll(),
        }
    }

    /// Keeps the hint's move, if the game is still at the ply it was asked about and
    /// `wanted` (the player still to move).
    pub(in crate::gui) fn take_hint(
        &mut self,
        ply: usize,
        decision: EngineMove,
        game: &Game,
        wanted: bool,
    ) {
        if let EngineMove::Move(mv) = decision
            && game.ply() == ply
            && ply == self.hint.ply
            && wanted
        {
            self.hint.found = Some(mv);
        }
    }

    pub(in crate::gui) fn is_hinting(&self) -> bool {
        self.hint.search.is_thinking()
            || (self.engines.hint.as_ref()).is_some_and(|h| h.player.is_thinking())
    }

    /// Gives the hints back to the built-in engine until the next hint is asked.
    pub(in crate::gui) fn drop_hint_engine(&mut self) {
        self.engines.hint = None;
    }

    /// The hint's move, if it was asked about the position after `ply` moves.
    pub(in crate::gui) fn hint(&self, ply: usize) -> Option<Move> {
        self.hint.found.filter(|_| self.hint.ply == ply)
    }

    /// The second step of a stepped hint: the whole move.
    pub(in crate::gui) fn reveal_hint(&mut self) {
        self.hint.revealed = true;
    }

    pub(in crate::gui) fn is_hint_revealed(&self) -> bool {
        self.hint.revealed
    }

    /// The AI's opinion of the game: its search in progress, or its last one.
    pub(in crate::gui) fn ai_score(&self) -> Option<&Progress> {
        self.ai.last_progress()
    }

    pub(in crate::gui) fn forget_ai_score(&mut self) {
        self.ai.forget_progress();
        if let Some(opponent) = &mut self.engines.opponent {
            opponent.player.forget_score();
        }
    }

    /// Stops the hint search and forgets its move (the position changed).
    pub(in crate::gui) fn forget_hint(&mut self) {
        self.hint.search.stop();
        if let Some(engine) = &mut self.engines.hint {
            engine.player.cancel();
        }
        self.hint.found = None;
        self.hint.revealed = false;
    }
}
