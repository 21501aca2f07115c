//! Game records other shogi software reads and writes: KIF and KI2 (Kifu
//! for Windows, ShogiGUI, ShogiHome), CSA V2.2 (computer-shogi servers),
//! USI `position` lines and JKF (JSON kifu format).
//!
//! Every reader replays the moves through a [`Game`](crate::rules::game::Game),
//! so a record that loads is legal move by move, and the endings komadai's
//! rules detect (mate, sennichite, perpetual check, the ply limit) come from
//! the moves themselves; the file only adds what players do (resign, declare).
//!
//! - `model`: the [`Record`] itself;
//! - `tree`: its lines as a tree a study board edits (a branch started, made
//!   the main line, deleted);
//! - `format`: which format a text is in, and reading and writing each;
//! - `kif/`, `ki2/`, `csa/`, `jkf/`, `usi`: one folder (or file) per format, the
//!   reader and the writer side by side;
//! - `replay`: a record's start position and moves played through the rules,
//!   a refusal named as a record problem (every reader's one way to play);
//! - `ending`: the endings the files write (`投了`, `%TORYO`...);
//! - `error`, `board_problem`: what can be wrong with a record, and where;
//! - `text`: bytes to text (UTF-8 or Shift_JIS);
//! - `start_time`: the moment a game started, as the headers write it.

mod board_problem;
mod csa;
mod ending;
mod error;
mod format;
mod jkf;
mod ki2;
mod kif;
mod model;
mod replay;
mod start_time;
mod text;
mod tree;
mod usi;

pub use board_problem::BoardProblem;
pub use error::{Found, Problem, RecordError};
pub use format::Format;
pub use model::{Record, RecordInfo, Variation};
pub use start_time::UtcTime;
pub use text::{decode, sfen_core};
pub use tree::{Alternative, LineId};
