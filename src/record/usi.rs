//! USI `position` lines as records: `position startpos moves 7g7f ...` or
//! `position sfen <sfen> moves ...`. They carry no result.

use super::error::{Problem, RecordError};
use super::model::Record;
use super::replay::play_move;
use crate::rules::PositionCommand;
use crate::rules::game::Game;

pub fn read(line: &str) -> Result<Record, RecordError> {
    let command = PositionCommand::parse(line.trim_start_matches('\u{feff}').trim())
        .map_err(|err| RecordError::new(1, Problem::BadUsi(err)))?;
    let mut game = Game::from_position(command.start);
    for (i, &mv) in command.moves.iter().enumerate() {
        let number = i + 1;
        play_move(&mut game, mv, number, mv).map_err(|problem| RecordError::new(1, problem))?;
    }
    Ok(Record::new(game))
}

pub fn write(game: &Game) -> String {
    let command = PositionCommand {
        start: *game.start(),
        moves: game.moves().to_vec(),
    };
    format!("position {}", command.to_usi())
}
