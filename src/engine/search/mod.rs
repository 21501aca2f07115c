//! The search: iterative deepening over a principal variation search
//! (alpha-beta with null windows), with a transposition table (which also
//! keeps each node's static evaluation and whether it was on a principal
//! variation, and serves the quiescence search), quiescence on captures and
//! promotions, a mate-in-one test at every node (contact and knight checks,
//! see [`super::mate::one_ply`]; in the quiescence search where standing
//! pat does not already beat beta), check extension, null-move pruning, razoring,
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
pub use limits::{Limits, MAX_DEPTH, MAX_PLY};
pub use report::{Info, Outcome, RootLine};
pub use threads::{Engine, THREAD_STACK};

mod limits;
mod node;
mod quiesce;
mod reduction;
mod report;
mod root;
mod team;
mod threads;
mod walk;
