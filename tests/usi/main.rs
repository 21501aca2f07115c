//! The USI engine driven as a process: the dialogue, robustness against bad input, the perft
//! command; komadai driving engines (the client, live analysis).
//!
//! One test binary for the group (each file of `tests/` would link the crate again).

#[path = "../common/mod.rs"]
mod common;
#[path = "../usi_support/mod.rs"]
mod usi_support;

mod analysis;
mod client;
mod dialogue;
mod match_tool;
mod perft_command;
mod robustness;
