//! Games between two USI engines, every one judged by the rules core: the engines only
//! propose moves. The match tool (`tools/usi_match`) and the window's engine match play
//! their games here.
//!
//! `openings` (where a game starts: quiet random moves from a seed, or lines of a file),
//! `clock` (the time control and each move's `go` line), `engine` (one side's engine, started
//! afresh after a failure, and what a failure means), `referee` (each answer judged, the
//! verdict, the game as a record) and `game` (one game, the engines asked in turn).

pub mod clock;
pub mod engine;
pub mod game;
pub mod openings;
pub mod referee;

pub use clock::{Clocks, TimeControl};
pub use engine::{EngineSpec, Failure, MatchEngine, Traffic};
pub use game::{GameRules, Played, play_game};
pub use openings::{Opening, parse_opening, parse_openings, random_openings, shuffle};
pub use referee::{DeclarationRule, Referee, Verdict};
