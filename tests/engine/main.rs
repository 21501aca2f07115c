//! The engine: move generation, evaluation, tactics with known answers, mate solvers, the opening book, MultiPV, threads and the app's front.
//!
//! One test binary for the group (each file of `tests/` would link the crate again).

#[path = "../engine_sets/mod.rs"]
mod engine_sets;
#[path = "../think_support/mod.rs"]
mod think_support;
#[path = "../usi_support/mod.rs"]
mod usi_support;

mod book;
mod dfpn;
mod eval;
mod fronts;
mod movegen;
mod multipv;
mod tactics;
mod think;
mod threads;
