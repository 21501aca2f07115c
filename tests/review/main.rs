//! The game review: analysis, verdicts and reasons, the command line.
//!
//! One test binary for the group (each file of `tests/` would link the crate again).

mod analysis;
mod book;
mod cli;
mod deep;
mod patterns;
mod practice;
mod reasons;
