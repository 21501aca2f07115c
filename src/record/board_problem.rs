//! Why a KIF board diagram or a CSA position line does not make a board: one
//! variant per reason, with the squares, kinds and counts as values (so the
//! interface can name them in its own language) and the user's own text
//! where quoting it is the clearest way to point at the mistake.

use crate::rules::notation::kanji_digit;
use crate::rules::{PieceKind, Square};
use std::fmt;

/// What is wrong with a board diagram or a position line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardProblem {
    /// A CSA position line with a character outside ASCII.
    NotAscii,
    /// A CSA `P` line that is none of `PI`, `P1`..`P9`, `P+`, `P-`.
    UnknownLine,
    /// CSA items have a fixed width (4 for `82HI`, 3 for a rank's `-KY`); `text` does
    /// not divide into items of `size` characters.
    ItemLength { text: String, size: usize },
    /// A CSA item whose digits name no square.
    NoSquare { item: String },
    /// A CSA item or cell whose letters name no piece.
    NoPiece { item: String },
    /// A `PI` line removes a piece the even start does not have there.
    NothingToRemove { kind: PieceKind, square: Square },
    /// A CSA rank line with more than nine squares.
    RankLength { squares: usize },
    /// A CSA cell that does not start with `+` or `-`.
    NoColor { cell: String, square: Square },
    /// A piece that cannot be held in hand (a king, a promoted piece).
    NotInHand { kind: PieceKind },
    /// A KIF hand item that is not a piece held in hand.
    HandItem { item: String },
    /// A KIF hand item whose count cannot be read.
    HandCount { item: String },
    /// A KIF diagram with a tenth rank.
    TooManyRanks,
    /// A KIF rank whose squares between the bars are not 9 of 2 characters.
    RowWidth { rank: u8, chars: usize },
    /// A KIF square holding a character that is no piece.
    UnknownKanji { text: char, square: Square },
    /// A KIF diagram that ends before its ninth rank.
    MissingRanks,
}

impl fmt::Display for BoardProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardProblem::NotAscii => write!(f, "position lines are ASCII"),
            BoardProblem::UnknownLine => write!(f, "expected PI, P1..P9, P+ or P-"),
            BoardProblem::ItemLength { text, size } => {
                write!(f, "'{text}' is not made of {size}-character items")
            }
            BoardProblem::NoSquare { item } => write!(f, "'{item}' names no square"),
            BoardProblem::NoPiece { item } => write!(f, "'{item}' names no piece"),
            BoardProblem::NothingToRemove { kind, square } => {
                write!(f, "no {kind} on {square} to remove")
            }
            BoardProblem::RankLength { squares } => {
                write!(f, "a rank has 9 squares, not {squares}")
            }
            BoardProblem::NoColor { cell, square } => {
                write!(f, "'{cell}' on {square} is not + or - and a piece")
            }
            BoardProblem::NotInHand { kind } => write!(f, "a {kind} cannot be in hand"),
            BoardProblem::HandItem { item } => write!(f, "'{item}' is not a piece in hand"),
            BoardProblem::HandCount { item } => write!(f, "'{item}' has no readable count"),
            BoardProblem::TooManyRanks => write!(f, "more than nine ranks"),
            // The diagram labels its ranks 一..九, so the message does too.
            BoardProblem::RowWidth { rank, chars } => write!(
                f,
                "rank {} has {chars} characters between the bars; it needs 9 squares of 2",
                kanji_digit(*rank)
            ),
            BoardProblem::UnknownKanji { text, square } => {
                write!(f, "'{text}' on {square} is no piece")
            }
            BoardProblem::MissingRanks => write!(f, "the board diagram does not have nine ranks"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> Square {
        Square::parse(name).unwrap_or_else(|| unreachable!("{name} is a square"))
    }

    #[test]
    fn squares_and_kinds_are_written_in_english() {
        let removed = BoardProblem::NothingToRemove {
            kind: PieceKind::Bishop,
            square: square("8b"),
        };
        assert_eq!(removed.to_string(), "no bishop on 8b to remove");
        let cell = BoardProblem::NoColor {
            cell: "*KY".to_owned(),
            square: square("9a"),
        };
        assert_eq!(cell.to_string(), "'*KY' on 9a is not + or - and a piece");
        let hand = BoardProblem::NotInHand {
            kind: PieceKind::Dragon,
        };
        assert_eq!(hand.to_string(), "a dragon cannot be in hand");
    }

    #[test]
    fn a_kif_rank_is_named_as_the_diagram_labels_it() {
        let row = BoardProblem::RowWidth { rank: 3, chars: 16 };
        assert_eq!(
            row.to_string(),
            "rank 三 has 16 characters between the bars; it needs 9 squares of 2"
        );
    }
}
