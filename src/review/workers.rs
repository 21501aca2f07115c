//! Every position of a game searched in the background, positions in
//! parallel: N worker threads, each with its own engine, take positions from
//! a shared counter (in game order, so results come roughly from the start)
//! and send each result as soon as it is found ([`super::analysis`] searches
//! each one).

use super::analysis::{AnalysisOptions, GamePositions, PositionAnalysis, analyse_position};
use super::check::{FoundAnalyses, check_best};
pub use super::pool::AnalysisProgress;
use super::pool::{Hands, Pool};
use super::score::Score;
use crate::engine::search::{Engine, THREAD_STACK};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Sender};

/// What the workers share: the next position to take and the analyses found.
struct Shared {
    next: AtomicUsize,
    found: FoundAnalyses,
}

impl Shared {
    fn new(game: &GamePositions) -> Shared {
        Shared {
            next: AtomicUsize::new(0),
            found: FoundAnalyses::new(game.len()),
        }
    }
}

/// One worker's loop: positions from the shared counter until none is left
/// or the analysis is cancelled. A position that completes a move that looks
/// like a mistake is reported after the move's second look ([`super::check`]); a
/// second look at an earlier position reports that position again, first.
/// `send` is told whether the position is reported for the first time.
fn work(
    game: &GamePositions,
    options: &AnalysisOptions,
    shared: &Shared,
    cancel: &AtomicBool,
    send: &dyn Fn(PositionAnalysis, bool) -> bool,
) {
    let mut engine = Engine::new(options.hash_mb);
    loop {
        let index = shared.next.fetch_add(1, Ordering::Relaxed);
        if index >= game.len() || cancel.load(Ordering::Relaxed) {
            return;
        }
        let Some(result) = analyse_position(&mut engine, game, index, options.budget(), cancel)
        else {
            return;
        };
        let found = &shared.found;
        for ply in found.keep(game, result) {
            let Some(before) = found.get(ply - 1) else {
                continue;
            };
            let budget = options.budget();
            // The position after the move, for its side to move: mating is the mover mated.
            let played_mated = found
                .get(ply)
                .is_some_and(|after| matches!(after.score, Score::Mates(_)));
            let looked = (&before, played_mated);
            let Some(look) = check_best(&mut engine, game, ply, looked, budget, cancel) else {
                return;
            };
            let Some(before) = found.add_check(ply - 1, look) else {
                continue;
            };
            if ply - 1 != index && !send(before, false) {
                return;
            }
        }
        let Some(result) = found.get(index) else {
            return;
        };
        if !send(result, true) {
            return;
        }
    }
}

/// Analyses every position of `game`, blocking, calling `on_result` on this
/// thread as each arrives (in no fixed order). Returns early, with some
/// positions unreported, when `cancel` is set.
pub fn analyse(
    game: &GamePositions,
    options: &AnalysisOptions,
    cancel: &AtomicBool,
    on_result: &mut dyn FnMut(PositionAnalysis),
) {
    let shared = Shared::new(game);
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..options.threads.max(1) {
            let sender: Sender<PositionAnalysis> = sender.clone();
            let shared = &shared;
            let spawned = std::thread::Builder::new()
                .stack_size(THREAD_STACK)
                .spawn_scoped(scope, move || {
                    work(game, options, shared, cancel, &|r, _| {
                        sender.send(r).is_ok()
                    })
                });
            if spawned.is_err() {
                break;
            }
        }
        drop(sender);
        for result in receiver {
            on_result(result);
        }
    });
}

/// Called after each result is sent (a GUI asks for a repaint there).
pub type Notify = Arc<dyn Fn() + Send + Sync>;

/// An analysis running in the background: poll it for results, watch its
/// progress, cancel it. Dropping it cancels it and waits for the workers
/// (each stops within a thousand nodes).
pub type GameAnalysis = Pool<PositionAnalysis>;

impl Pool<PositionAnalysis> {
    /// Starts analysing every position of `game`.
    pub fn start(game: GamePositions, options: AnalysisOptions) -> GameAnalysis {
        GameAnalysis::start_notifying(game, options, Arc::new(|| {}))
    }

    /// [`GameAnalysis::start`], calling `notify` from a worker after each result.
    pub fn start_notifying(
        game: GamePositions,
        options: AnalysisOptions,
        notify: Notify,
    ) -> GameAnalysis {
        let total = game.len();
        let shared = Shared::new(&game);
        let threads = options.threads;
        Pool::spawn("review", threads, total, move |hands| {
            let Hands {
                sender,
                cancel,
                done,
            } = hands;
            work(&game, &options, &shared, &cancel, &|result, first| {
                let sent = sender.send(result).is_ok();
                if first {
                    done.fetch_add(1, Ordering::Relaxed);
                }
                notify();
                sent
            })
        })
    }
}
