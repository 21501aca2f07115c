//! komadai as the GUI of a USI engine: any engine program, or its own engine
//! behind the same protocol. The other side of `usi::session`.
//!
//! `process` is the pipe, `engine` the protocol (handshake, options, a move,
//! an endless search and `stop`), `option` and `info` read what the engine
//! declares and reports, and `analysis` runs an engine on a thread of its own
//! for live analysis, `player` for moves in a game.

pub mod analysis;
pub mod engine;
pub mod error;
pub mod info;
pub mod option;
pub mod player;
pub mod process;

pub use analysis::{Analysis, AnalysisLine, AnalysisReport, EngineSetup};
pub use engine::{Answer, BestMove, EngineId, Launch, Timeouts, UsiEngine, check_bestmove};
pub use error::{UsiError, UsiErrorKind};
pub use info::{EngineScore, SearchInfo};
pub use option::{EngineOption, OptionKind};
pub use player::EnginePlayer;
pub use process::Traffic;
