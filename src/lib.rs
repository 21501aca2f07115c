//! komadai: shogi against a built-in AI.
//!
//! The layers, lowest first: each imports only the layers listed before it, and the layers
//! that share a line in `docs/architecture.md` (`record` and `engine`) import neither each
//! other. That document states the order once and `tests/architecture` checks the imports
//! against it, this list included.
//! - `rules`: the rules core (board, moves, legality, game endings, notation);
//! - `clock`: the game clock (time controls, time per move, time loss) and the clock as
//!   the side to move sees it, which the engine's time manager reads;
//! - `record`: game records other software reads (KIF, KI2, CSA, JKF, USI);
//! - `engine`: the alpha-beta AI, its evaluation (linear and NNUE), book and mate solvers;
//! - `usi`: the USI protocol: the engine's front for other GUIs, and the client that runs
//!   other USI engines;
//! - `i18n`: the languages the app speaks, one table of strings per language, for the
//!   review and the window alike;
//! - `review`: a game's review (verdicts, explanations, the `komadai review` command),
//!   from the rules, records and engine;
//! - `practice`: mistakes of the player's as exercises, mate problems, the puzzle rating,
//!   from the review and the engine's mate solvers;
//! - `gui`: the egui board the app shows (the `gui` feature, on by default; without it the
//!   crate builds headless, for the USI engine and tools).
//!
//! `main.rs` (the app) and `bin/komadai-usi.rs` (the USI engine) sit on top.

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
