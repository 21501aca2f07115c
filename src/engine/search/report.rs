//! What a search tells: a report after each iteration, and its answer.

use crate::rules::Move;
use std::time::Duration;

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
