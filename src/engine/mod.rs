//! The alpha-beta engine (issue 4). Knows the rules core only.
//!
//! [`think`] is the whole engine for a caller that wants one move: it replays
//! the game, looks for a quick mate or an impasse win, searches by the level's
//! parameters and picks the move. [`ThinkHandle`] runs it on its own thread.
//! The USI front drives [`search::Engine`] directly for finer control.

pub mod bench;
pub mod captures;
pub mod choice;
pub mod correction;
pub mod dfpn;
pub mod eval;
pub mod level;
pub mod mate;
pub mod mate1;
pub mod mate_probe;
pub mod movepick;
pub mod repetition;
pub mod search;
pub mod see;
pub mod thread;
pub mod time;
pub mod tt;

pub use level::{Level, LevelParams};
pub use thread::ThinkHandle;

use crate::rules::impasse::{both_points, can_declare, count_winner};
use crate::rules::{Move, Position};
use repetition::Visit;
use search::{Engine, Limits, MATE_BOUND, mate_distance, mate_in};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// What the engine decided to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineMove {
    Move(Move),
    Resign,
    /// Declare an impasse win (the 24-point rule).
    DeclareWin,
}

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
    /// `None` = the level's default.
    pub movetime: Option<Duration>,
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

/// Whether declaring an impasse now wins for the side to move.
pub fn declaration_wins(pos: &Position) -> bool {
    can_declare(pos) && count_winner(both_points(pos)) == Some(pos.side_to_move())
}

/// Blocking; returns when done, or at once (best so far) when `stop` is set.
/// Never an illegal move. The search recurses deeply: call it on a thread
/// with [`search::THREAD_STACK`] bytes of stack, as [`ThinkHandle`] does.
pub fn think(
    req: &ThinkRequest,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Progress),
) -> EngineMove {
    let started = std::time::Instant::now();
    let params = req.level.params();
    let (pos, path) = replay(&req.start, &req.moves);
    if !pos.has_legal_move() {
        return EngineMove::Resign;
    }
    if params.may_declare && declaration_wins(&pos) {
        return EngineMove::DeclareWin;
    }
    // A day at most: longer would only overflow the time arithmetic.
    let movetime = req
        .movetime
        .unwrap_or(params.default_movetime)
        .min(Duration::from_secs(86_400));
    if params.mate_search_plies > 0 {
        let deadline = started + movetime / 4;
        let budget = 200_000;
        let probe = mate_probe::probe(
            &pos,
            &path,
            params.mate_search_plies,
            budget,
            stop,
            Some(deadline),
        );
        if let Some(found) = probe
            && let Some(&first) = found.line.first()
        {
            progress(&Progress {
                depth: found.line.len() as u32,
                score_cp: mate_in(found.line.len()),
                mate_in: Some(found.line.len() as i32),
                nodes: found.nodes,
                pv: found.line,
            });
            return EngineMove::Move(first);
        }
    }
    let limits = Limits {
        depth: params.max_depth,
        nodes: None,
        soft_time: Some(movetime * 6 / 10),
        hard_time: Some(movetime),
        pondering: None,
        started: Some(started),
    };
    let margin = if params.is_randomised() {
        params.slip_margin_cp.max(3 * params.noise_cp)
    } else {
        0
    };
    let mut slot = req.memory.engine(params.hash_mb);
    let engine = slot.get_or_insert_with(|| Engine::new(params.hash_mb));
    let outcome = engine.search(&pos, &path, &limits, stop, margin, &mut |info| {
        progress(&Progress {
            depth: info.depth,
            score_cp: info.score,
            mate_in: mate_distance(info.score),
            nodes: info.nodes,
            pv: info.pv.clone(),
        })
    });
    let Some(best) = outcome.best else {
        return EngineMove::Resign;
    };
    if params.resigns_when_mated && outcome.score <= -MATE_BOUND {
        return EngineMove::Resign;
    }
    if params.is_randomised() {
        let mut rng = choice::Rng::new(req.seed ^ pos.hash());
        let mv = choice::choose(&outcome.root_scores, best, &params, &mut rng);
        if pos.is_legal(mv) {
            return EngineMove::Move(mv);
        }
    }
    EngineMove::Move(best)
}
