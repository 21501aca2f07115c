//! The alpha-beta engine. Knows the rules core only.
//!
//! [`decide`] is the one way the engine chooses a move: an impasse win, a
//! quick mate, the search and the level's choice. [`think`] is its front for
//! the app (a game's moves in, a move out; [`ThinkHandle`] runs it on its own
//! thread); the USI front calls [`decide`] with the GUI's clock.

pub mod bench;
pub mod book;
pub mod captures;
pub mod choice;
pub mod correction;
pub mod decision;
pub mod eval;
pub mod history;
pub mod level;
pub mod mate;
pub mod movepick;
pub mod nnue;
pub mod repetition;
pub mod score;
pub mod search;
pub mod see;
mod think;
pub mod thread;
pub mod time;
pub mod tt;

pub use decision::{Decision, EngineMove, ImpasseRule, MoveLimits, MoveRequest, TimeLimit, decide};
pub use level::{Level, LevelParams};
pub use think::{EngineEvent, EngineMemory, Progress, ThinkRequest, replay, think};
pub use thread::ThinkHandle;
