//! The app's front: one move for a game in progress, found by [`decide`]
//! at the level's pace or on the game's clock, with what the engine learned
//! at earlier moves kept in [`EngineMemory`].

use super::decision::EngineMove;
use super::decision::{ImpasseRule, MoveLimits, MoveRequest, TimeLimit, decide};
use super::level::Level;
use super::repetition::Visit;
use super::score::mate_distance;
use super::search::Engine;
use crate::clock::MoveClock;
use crate::rules::{Move, Position};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// How the thinking is going, for a GUI to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    pub depth: u32,
    /// From the side to move's point of view.
    pub score_cp: i32,
    /// Plies to mate: positive when the side to move mates.
    pub mate_in: Option<i32>,
    pub nodes: u64,
    pub pv: Vec<Move>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineEvent {
    Progress(Progress),
    Done(EngineMove),
}

/// What a player's engine keeps from one move to the next: its hash table
/// and move-ordering history, as a USI engine keeps them between `go`
/// commands. Without it every move's search starts from nothing. Entries are
/// keyed by position, so those of an earlier game or line are never wrong,
/// only unused.
#[derive(Clone, Default)]
pub struct EngineMemory(Arc<Mutex<Option<Engine>>>);

impl std::fmt::Debug for EngineMemory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EngineMemory")
    }
}

impl EngineMemory {
    /// The engine for a level with a table of `hash_mb`, remembered if one of
    /// that size was used before. Waits for a search still using it (one
    /// just told to stop ends within a few thousand nodes).
    fn engine(&self, hash_mb: usize) -> MutexGuard<'_, Option<Engine>> {
        let mut slot = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if slot.as_ref().is_none_or(|e| e.hash_mb() != hash_mb) {
            *slot = Some(Engine::new(hash_mb));
        }
        slot
    }
}

/// A request to find one move.
#[derive(Clone, Debug)]
pub struct ThinkRequest {
    pub start: Position,
    pub moves: Vec<Move>,
    pub level: Level,
    /// Drives the randomised levels' choices (the same seed, the same move).
    pub seed: u64,
    /// `None` = the level's pace.
    pub movetime: Option<Duration>,
    /// The mover's game clock: its time manager then decides, still within the level's
    /// `movetime` (a clock is followed rather than `movetime` above).
    pub clock: Option<MoveClock>,
    /// A fixed number of nodes instead of time (repeatable, as USI `go nodes`).
    pub nodes: Option<u64>,
    /// Search threads for a level that searches in parallel (Hard); the
    /// others use one whatever this says.
    pub threads: usize,
    /// The engine's memory of earlier moves (share one per player).
    pub memory: EngineMemory,
}

/// Replays `moves` from `start`, keeping every position for repetitions.
/// Stops at the first illegal move (the caller's record is then cut there).
pub fn replay(start: &Position, moves: &[Move]) -> (Position, Vec<Visit>) {
    let mut pos = *start;
    let mut path = Vec::with_capacity(moves.len() + 1);
    for &mv in moves {
        if !pos.is_legal(mv) {
            break;
        }
        path.push(Visit {
            key: pos.hash(),
            in_check: pos.in_check(),
        });
        pos.play_unchecked(mv);
    }
    (pos, path)
}

/// The app's front: decides one move for `req` by [`decide`] at the level's
/// pace (or by `req.clock`, or in `req.movetime`, or in `req.nodes` whatever the time) under the
/// app's impasse rule, reporting each iteration as [`Progress`]. Blocking;
/// returns at once (best so far) when `stop` is set. Call it on a thread with
/// [`super::search::THREAD_STACK`] bytes of stack, as [`ThinkHandle`] does.
pub fn think(
    req: &ThinkRequest,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
) -> EngineMove {
    let params = req.level.params();
    let (position, path) = replay(&req.start, &req.moves);
    let mut limits = MoveLimits {
        threads: req.threads,
        ..MoveLimits::level_pace()
    };
    if req.nodes.is_some() {
        limits.nodes = req.nodes;
        limits.time = TimeLimit::Unlimited;
    } else if let Some(clock) = req.clock {
        limits.time = TimeLimit::Clock(clock);
    } else if let Some(movetime) = req.movetime {
        limits.time = TimeLimit::Clock(MoveClock {
            byoyomi: movetime.min(MAX_MOVETIME),
            ..MoveClock::default()
        });
    }
    let request = MoveRequest {
        position: &position,
        path: &path,
        params,
        limits,
        impasse_rule: ImpasseRule::Point24,
        seed: req.seed,
        lines: 1,
    };
    let mut slot = req.memory.engine(params.hash_mb);
    let engine = slot.get_or_insert_with(|| Engine::new(params.hash_mb));
    let decision = decide(&request, engine, stop, &mut |info| {
        progress(&Progress {
            depth: info.depth,
            score_cp: info.score,
            mate_in: mate_distance(info.score),
            nodes: info.nodes,
            pv: info.pv.clone(),
        })
    });
    decision.action
}

/// A day at most: longer would only overflow the time arithmetic.
const MAX_MOVETIME: Duration = Duration::from_secs(86_400);
