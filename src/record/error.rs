//! What can be wrong with a record, and where.

use super::board_problem::BoardProblem;
use super::model::Record;
use crate::rules::{Color, IllegalMove, PieceKind, Position, PositionError, SetupError, Square};
use std::fmt;

/// A record that could not be read: the line (1-based; 0 when the problem
/// is the file as a whole) and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub line: usize,
    pub problem: Problem,
}

/// What is wrong, in terms a person can act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The bytes are neither UTF-8 nor Shift_JIS.
    NotText,
    /// No move list, position or anything else a record holds.
    Empty,
    /// A line this format does not allow.
    UnexpectedLine(String),
    /// A move that cannot be read as a move at all.
    BadMoveText { number: usize, text: String },
    /// A move whose piece is not the one on its origin square.
    WrongPiece {
        number: usize,
        text: String,
        found: Found,
    },
    /// A CSA move marked for the side that is not to move.
    WrongSide {
        number: usize,
        text: String,
        to_move: Color,
    },
    /// KI2 text that fits no legal move.
    NoMatchingMove { number: usize, text: String },
    /// KI2 text that fits more than one legal move.
    AmbiguousMove { number: usize, text: String },
    /// A well-formed move that the rules forbid there.
    IllegalMove {
        number: usize,
        text: String,
        reason: IllegalMove,
    },
    /// Move numbers must count up from the first.
    MoveNumber { expected: usize, found: String },
    /// A move after the record said the game was over.
    MoveAfterEnd { number: usize },
    /// The KIF board diagram does not make a position.
    BadBoard(BoardProblem),
    /// A CSA position line (`text`, as written) does not make a position.
    BadPositionLine { text: String, why: BoardProblem },
    /// A `手合割` or handicap this reader does not know.
    UnknownHandicap(String),
    /// The position the header describes is not a legal start.
    BadPosition(SetupError),
    /// A USI position line that cannot be used.
    BadUsi(PositionError),
    /// A KIF `変化` line that names no move number (as written).
    BadVariation(String),
    /// A KIF variation starting at move `number`, which no line read before
    /// it has.
    VariationStart { number: usize },
    /// JSON that is not JKF, or not JSON at all (why, in the JSON reader's
    /// English).
    BadJkf(String),
}

/// What stands on the origin square of a move that names another piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    Piece { kind: PieceKind, square: Square },
    Empty { square: Square },
}

impl Found {
    /// What stands on `square` in `pos`.
    pub(super) fn on(pos: &Position, square: Square) -> Found {
        match pos.piece_at(square) {
            Some(piece) => Found::Piece {
                kind: piece.kind,
                square,
            },
            None => Found::Empty { square },
        }
    }
}

impl RecordError {
    pub fn new(line: usize, problem: Problem) -> RecordError {
        RecordError { line, problem }
    }
}

/// What a reader gives: the record as far as its moves could be read, with the problem that
/// stopped the reading before the file's end (the moves after it, the ending and the
/// variations not yet read are left out); an error when not even the start could be read.
pub(super) type ReadUpTo = Result<(Record, Option<RecordError>), RecordError>;

/// The whole record, or the problem that stopped its reading: what the strict readers give.
pub(super) fn whole(read: ReadUpTo) -> Result<Record, RecordError> {
    match read? {
        (record, None) => Ok(record),
        (_, Some(problem)) => Err(problem),
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        write!(f, "{}", self.problem)
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::NotText => write!(
                f,
                "the file is neither UTF-8 nor Shift_JIS text; is it a game record?"
            ),
            Problem::Empty => write!(f, "the record holds no position and no moves"),
            Problem::UnexpectedLine(text) => write!(f, "cannot read '{text}'"),
            Problem::BadMoveText { number, text } => {
                write!(f, "move {number}: '{text}' is not a move")
            }
            Problem::WrongPiece {
                number,
                text,
                found,
            } => write!(
                f,
                "move {number} ('{text}'): the piece on its origin square is {found}"
            ),
            Problem::WrongSide {
                number,
                text,
                to_move,
            } => write!(
                f,
                "move {number} ('{text}') is marked for {}, but {to_move} is to move",
                !*to_move
            ),
            Problem::IllegalMove {
                number,
                text,
                reason,
            } => write!(f, "move {number} ('{text}') is illegal: {reason}"),
            Problem::NoMatchingMove { number, text } => {
                write!(f, "move {number}: no legal move fits '{text}'")
            }
            Problem::AmbiguousMove { number, text } => write!(
                f,
                "move {number}: '{text}' fits more than one legal move; it needs 右, 左, 直, 上, 引 or 寄"
            ),
            Problem::MoveNumber { expected, found } => {
                write!(f, "expected move number {expected}, found '{found}'")
            }
            Problem::MoveAfterEnd { number } => {
                write!(f, "move {number} comes after the end of the game")
            }
            Problem::BadBoard(why) => write!(f, "bad board: {why}"),
            Problem::BadPositionLine { text, why } => write!(f, "bad board: '{text}': {why}"),
            Problem::UnknownHandicap(name) => write!(f, "unknown handicap '{name}'"),
            Problem::BadVariation(text) => {
                write!(f, "'{text}' names no move for the variation to start at")
            }
            Problem::VariationStart { number } => write!(
                f,
                "a variation starts at move {number}, which the lines before it do not reach"
            ),
            Problem::BadPosition(err) => write!(f, "the start position is not legal: {err}"),
            Problem::BadUsi(err) => write!(f, "{err}"),
            Problem::BadJkf(why) => write!(f, "not a JKF record: {why}"),
        }
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Piece { kind, square } => write!(f, "a {kind} on {square}"),
            Found::Empty { square } => write!(f, "nothing: {square} is empty"),
        }
    }
}

impl std::error::Error for RecordError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_stands_on_the_origin_is_written_in_english() {
        let square = Square::parse("7g").unwrap_or_else(|| unreachable!("7g is a square"));
        let pawn = Found::Piece {
            kind: PieceKind::Pawn,
            square,
        };
        assert_eq!(pawn.to_string(), "a pawn on 7g");
        assert_eq!(Found::Empty { square }.to_string(), "nothing: 7g is empty");
    }

    #[test]
    fn a_bad_position_line_is_quoted_before_its_problem() {
        let problem = Problem::BadPositionLine {
            text: "PI82KA".to_owned(),
            why: BoardProblem::NothingToRemove {
                kind: PieceKind::Bishop,
                square: Square::parse("8b").unwrap_or_else(|| unreachable!("8b is a square")),
            },
        };
        assert_eq!(
            problem.to_string(),
            "bad board: 'PI82KA': no bishop on 8b to remove"
        );
    }
}
