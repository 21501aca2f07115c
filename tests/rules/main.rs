//! The rules core: each rule, SFEN, perft against reference counts, random playouts, endings, repetition, impasse, notation.
//!
//! One test binary for the group (each file of `tests/` would link the crate again).

#[path = "../common/mod.rs"]
mod common;

mod each_rule;
mod game_endings;
mod game_repetition_properties;
mod impasse_csa27;
mod notation_japanese;
mod notation_typed;
mod notation_western;
mod perft;
mod random_playouts;
mod sfen;
