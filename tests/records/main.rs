//! Game records: KIF, KI2, CSA and USI read, written and round-tripped, real games, dialects, errors, and fuzzing of every parser.
//!
//! One test binary for the group (each file of `tests/` would link the crate again).

#[path = "../common/mod.rs"]
mod common;

mod comments;
mod dialects;
mod errors;
mod fuzz;
mod fuzz_corpus;
mod fuzz_parsers;
mod handicap;
mod jkf;
mod ki2;
mod mate_problems;
mod read_up_to;
mod real_games;
mod round_trip;
mod study_tree;
mod variations;
