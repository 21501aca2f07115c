//! The mate solvers: a forced mate looked for on its own, away from the main
//! search's evaluation.
//!
//! - [`dfpn`]: the df-pn proof-number solver, for mates of any length (USI
//!   `go mate`, and the stronger levels' look before each move);
//! - [`fixed_depth`]: a short fixed-depth mate search (the weaker levels'
//!   look, and the shortening of df-pn's lines);
//! - [`one_ply`]: the cheap mate-in-one test at the search's nodes;
//! - [`probe`]: the look before each move, by the level's horizon;
//! - [`checks`]: which moves give check, without playing them.

pub mod checks;
pub mod dfpn;
pub mod fixed_depth;
pub mod one_ply;
pub mod probe;

pub use checks::{CheckInfo, gives_check};
pub use fixed_depth::MateSearch;
