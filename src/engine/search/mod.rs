//! The search: iterative deepening over a principal variation search
//! (alpha-beta with null windows), with a transposition table (which also
//! keeps each node's static evaluation and whether it was on a principal
//! variation, and serves the quiescence search), quiescence on captures and
//! promotions, a mate-in-one test at every node (contact and knight checks,
//! see [`super::mate::one_ply`]), check extension, null-move pruning, razoring,
//! ProbCut, late-move reductions (for losing captures too; less on lines
//! that were principal variations), mate-distance pruning, and futility,
//! exchange and move-count pruning near the leaves (a quiet move's futility
//! and exchange judged at the depth it would be searched to after its
//! reduction; a capture's by the piece it takes, at the node's depth). The
//! static evaluation the pruning reads is corrected by what earlier searches
//! found in positions with the same pawns or hands ([`super::correction`]).
//! Several threads may search one root together, sharing the table (Lazy
//! SMP, see [`Engine::search`]).
//!
//! The parts: `threads` (the [`Engine`] that lasts between searches, and
//! the main thread with its helpers), `root` (iterative deepening, the
//! root's moves and lines), `node` (a node of the search, in the numbered
//! steps each node follows), `quiesce` (the quiescence search), `reduction`
//! (late-move reductions) and `walk` (what a thread carries down the line).
//! The scores are [`crate::engine::score`]'s.

pub use crate::engine::score::{MATE, MATE_BOUND, mate_distance, mate_in, mated_in};
pub use threads::{Engine, THREAD_STACK};

use crate::rules::Move;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

mod node;
mod quiesce;
mod reduction;
mod root;
mod threads;
mod walk;

pub const MAX_DEPTH: u32 = 64;
pub const MAX_PLY: usize = 128;

/// What a node is expected to be: on the principal variation (searched
/// with an open window), or off it and expected to fail high (a cut node:
/// one move should refute it) or low (an all node: every move is tried).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Node {
    Pv,
    Cut,
    All,
}

impl Node {
    /// The kind of the first child of a node of this kind: a cut node's
    /// refutation leads to a node where nothing works, and the reverse.
    fn first_child(self) -> Node {
        match self {
            Node::Pv => Node::Pv,
            Node::Cut => Node::All,
            Node::All => Node::Cut,
        }
    }
}

/// When to stop searching, with how many threads, and how many of the best
/// root moves to search.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Threads searching the root together (Lazy SMP, see [`Engine::search`]);
    /// 0 and 1 both mean the calling thread alone.
    pub threads: usize,
    /// Deepest iteration (0 = no limit).
    pub depth: u32,
    pub nodes: Option<u64>,
    /// No new iteration starts after this much time.
    pub soft_time: Option<Duration>,
    /// The search stops, mid-iteration if need be, at this time.
    pub hard_time: Option<Duration>,
    /// While this is set, time does not count (USI ponder); the clock
    /// starts when it is cleared.
    pub pondering: Option<Arc<AtomicBool>>,
    /// When the clock started (the `go` arrived), if before the search
    /// began: time spent first on a mate search counts against the limits.
    pub started: Option<Instant>,
    /// How many of the best root moves to search each with its own exact
    /// score and line (MultiPV); 0 and 1 both mean the best alone.
    pub lines: usize,
}

/// What the search reports after each iteration.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Move>,
    pub hashfull: u32,
    /// Which of the best lines this is, from 1 (USI `multipv`).
    pub multipv: usize,
}

/// The search's answer.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// `None` only when there is no legal move.
    pub best: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub pv: Vec<Move>,
    pub nodes: u64,
    /// Every root move with its last full score (randomised levels only).
    pub root_scores: Vec<(Move, i32)>,
    /// The best root moves, as many as [`Limits::lines`] asked for (fewer
    /// when there are fewer legal moves), best first; the first is `best`'s.
    pub lines: Vec<RootLine>,
}

/// One of the best root moves: its score, the depth it was searched to and
/// its line. After a stop mid-iteration the lines may differ in depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootLine {
    pub mv: Move,
    pub score: i32,
    pub depth: u32,
    /// Starts with `mv`.
    pub pv: Vec<Move>,
}
