//! komadai: shogi against a built-in AI.
//!
//! The layers, each knowing only those above it in this list:
//! - `rules`: the rules core (board, moves, legality, game endings, notation);
//! - `record`: game records other software reads (KIF, CSA);
//! - `engine`: the alpha-beta AI;
//! - `clock`: the game clock (time controls, time per move, time loss), which
//!   feeds the engine's time manager;
//! - `i18n`: the languages the app speaks, one table of strings per language,
//!   for the review and the window alike;
//! - `review`: a game's review (verdicts, explanations, the `komadai review`
//!   command), from the rules, records and engine;
//! - `practice`: mistakes of the player's as exercises, mate problems, the puzzle
//!   rating, from the review and the engine's mate solvers;
//! - `usi`: the engine's USI protocol front;
//! - `gui`: the egui board the app shows (the `gui` feature, on by default;
//!   without it the crate builds headless, for the USI engine and tools).

pub mod clock;
pub mod engine;
#[cfg(feature = "gui")]
pub mod gui;
pub mod i18n;
pub mod practice;
pub mod record;
pub mod review;
pub mod rules;
pub mod usi;
