//! USI `position` lines as records: `position startpos moves 7g7f ...` or
//! `position sfen <sfen> moves ...`. They carry no result.

use super::Record;
use super::error::{Problem, RecordError};
use crate::rules::PositionCommand;
use crate::rules::game::{Game, GameError};

pub fn read(line: &str) -> Result<Record, RecordError> {
    let command = PositionCommand::parse(line.trim_start_matches('\u{feff}').trim())
        .map_err(|err| RecordError::new(1, Problem::BadUsi(err)))?;
    let mut game = Game::from_position(command.start);
    for (i, &mv) in command.moves.iter().enumerate() {
        let number = i + 1;
        game.play(mv).map_err(|err| {
            let problem = match err {
                GameError::Illegal(reason) => Problem::IllegalMove {
                    number,
                    text: mv.to_string(),
                    reason,
                },
                _ => Problem::MoveAfterEnd { number },
            };
            RecordError::new(1, problem)
        })?;
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
