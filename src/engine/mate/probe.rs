//! The quick look for a forced mate before a move is searched, shared by
//! the app's `think` and the USI `go`.
//!
//! A level that looks for mates of up to one ply keeps the fixed-depth
//! [`MateSearch`]: finding only the obvious is part of its strength. The
//! others use df-pn, which in the same time also finds the long mates a
//! depth-limited search cannot reach (mates of 7 to 25 plies and more from
//! real games), and which keeps the line off the game's earlier positions,
//! so that playing it out never runs into a repetition.

use super::dfpn::{Dfpn, MateResult};
use super::fixed_depth::MateSearch;
use crate::engine::repetition::Visit;
use crate::rules::{Move, Position};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// A df-pn node costs about this many `MateSearch` nodes of time (it
/// generates and looks up every child: 4-9 µs against 3-5 µs on the
/// problems of `examples/tsume.rs`), so budgets given in the latter are
/// divided by it.
pub const DFPN_NODE_COST: u64 = 2;

/// Table for the probe: its node budgets fill a few megabytes at most.
const TABLE_MB: usize = 8;

/// A mate found, with the nodes it took.
pub struct FoundMate {
    pub line: Vec<Move>,
    pub nodes: u64,
}

/// Looks for a mate from `pos` (reached through `history`), within about
/// `budget` `MateSearch` nodes and `deadline`. `max_plies` is the level's
/// mate horizon: above one ply, df-pn looks for mates of any length.
pub fn probe(
    pos: &Position,
    history: &[Visit],
    max_plies: u32,
    budget: u64,
    stop: &AtomicBool,
    deadline: Option<Instant>,
) -> Option<FoundMate> {
    if max_plies <= 1 {
        let mut search = MateSearch::new(stop, budget).with_deadline(deadline);
        let line = search.find(pos, max_plies)?;
        return Some(FoundMate {
            line,
            nodes: search.nodes,
        });
    }
    let mut solver = Dfpn::new(stop, (budget / DFPN_NODE_COST).max(1), TABLE_MB)
        .with_deadline(deadline)
        .with_history(history.iter().map(|visit| visit.key));
    match solver.solve(pos) {
        MateResult::Mate(line) => Some(FoundMate {
            line,
            nodes: solver.nodes,
        }),
        MateResult::NoMate | MateResult::Unknown => None,
    }
}
