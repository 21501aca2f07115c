//! The Practice page: the player's exercises and mate problems on a board of their own, the
//! queue, the rating's history and the streaks. The practice itself (queue, schedule,
//! rating, the solvers' judgement) is `crate::practice`, with no window in it.
//!
//! - `room`: what the page holds while open: the exercise being solved, its help, the move
//!   being judged, an import being checked;
//! - `page`: the page beside the board, and its keys;
//! - `graph`: the rating's history as a small graph.

pub mod graph;
pub mod page;
pub mod room;
