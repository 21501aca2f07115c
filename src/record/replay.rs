//! A record's game played through the rules: the start position checked and
//! each move played, a refusal named as the record's problem. Every reader
//! plays its moves here, so a record reads the same whatever its format.

use super::error::{Problem, RecordError};
use crate::rules::game::{Game, GameError};
use crate::rules::{Move, Position, Setup};
use std::fmt::Display;

/// The checked position a record's diagram or `P` lines describe; `line`
/// is where an error is reported.
pub fn start_position(setup: Setup, line: usize) -> Result<Position, RecordError> {
    Position::try_from(setup).map_err(|err| RecordError::new(line, Problem::BadPosition(err)))
}

/// Plays move `number` of the record, `mv`, written `text` in the file.
/// The rules refuse it either as illegal there (the reason kept) or because
/// the game is already over.
pub fn play_move(
    game: &mut Game,
    mv: Move,
    number: usize,
    text: impl Display,
) -> Result<(), Problem> {
    game.play(mv).map_err(|err| match err {
        GameError::Illegal(reason) => Problem::IllegalMove {
            number,
            text: text.to_string(),
            reason,
        },
        _ => Problem::MoveAfterEnd { number },
    })
}
