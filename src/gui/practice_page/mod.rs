//! The Practice page: the player's exercises and mate problems on a board of their own, the
//! queue, the rating's history and the streaks. The practice itself (queue, schedule,
//! rating, the solvers' judgement) is `crate::practice`, with no window in it.
//!
//! - `state`: what the page holds while open: the exercise being solved, its help, the move
//!   being judged, an import being checked;
//! - `page`: the page beside the board, and its keys; `window`, what it is given to draw;
//! - `graph`: the rating's history as a small graph;
//! - `practicing`: an exercise played and judged; `import`: a collection imported and a
//!   review's mistakes harvested; `backlog`: the player's finished games reviewed while the
//!   engine is idle.

pub(in crate::gui) mod backlog;
pub mod graph;
mod import;
pub mod page;
pub(in crate::gui) mod practicing;
pub mod state;
mod window;
