//! The USI engine driven as a process: the dialogue, robustness against bad input, the perft command.
//!
//! One test binary for the group (each file of `tests/` would link the crate again).

#[path = "../common/mod.rs"]
mod common;
#[path = "../usi_support/mod.rs"]
mod usi_support;

mod dialogue;
mod match_tool;
mod perft_command;
mod robustness;
