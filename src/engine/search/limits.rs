//! How far a search may go: its depth and ply bounds, and the limits a
//! caller sets (time, nodes, threads, lines).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

pub const MAX_DEPTH: u32 = 64;
pub const MAX_PLY: usize = 128;

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
