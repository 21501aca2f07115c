//! What the threads of one search share besides the table, and what each
//! thread learns and keeps for the next search.

use crate::engine::correction::Correction;
use crate::engine::history::History;
use std::sync::atomic::{AtomicBool, AtomicU64};

/// What one search thread learns as it goes and keeps for the next search:
/// the move-ordering history and the evaluation's correction.
#[derive(Default)]
pub(super) struct Lessons {
    pub(super) history: History,
    pub(super) correction: Correction,
}

impl Lessons {
    pub(super) fn clear(&mut self) {
        self.history.clear();
        self.correction.clear();
    }
}

/// What the threads of one search share besides the table.
pub(super) struct Team {
    /// Set when the main thread has its answer: the helpers stop.
    pub(super) done: AtomicBool,
    /// The helpers' nodes so far, counted in steps of [`POLL_INTERVAL`].
    pub(super) helper_nodes: AtomicU64,
}

/// Nodes between two looks at the clock and the stop flag.
pub(super) const POLL_INTERVAL: u64 = 1024;
