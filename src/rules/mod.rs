//! The rules of shogi: board, moves, drops, legality, SFEN, perft, and the
//! formations a player names on sight (castles, the rook's plan).
//!
//! Knows nothing of the engine or the GUI.

pub mod attacks;
pub mod bitboard;
mod display;
pub mod dominance;
pub mod formation;
pub mod game;
pub mod hand;
pub mod handicap;
pub mod impasse;
pub mod legality;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod position;
#[cfg(test)]
pub(crate) mod random_game;
pub mod setup;
pub mod sfen;
pub mod types;
pub mod zobrist;

pub use bitboard::BitBoard;
pub use hand::Hand;
pub use handicap::Handicap;
pub use legality::IllegalMove;
pub use moves::{MAX_MOVES, Move, MoveList, MoveParseError};
pub use perft::{perft, perft_divide, perft_playing_leaves};
pub use position::{Position, START_SFEN, Undo};
pub use setup::{Setup, SetupError};
pub use sfen::{PositionCommand, PositionError, SfenError, SfenField};
pub use types::{ByColor, Color, Piece, PieceKind, Square};
