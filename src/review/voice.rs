//! Who the review's sentences name, and how they write moves and squares:
//! in the notation the player chose, by the rules core's notation modules,
//! whatever the language.

use super::line::{Line, Step};
use crate::rules::notation::{japanese, japanese_square, western, wide_digit};
use crate::rules::{Color, Square};

/// How moves and squares are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    /// `P-7f`, squares `7f`.
    #[default]
    Western,
    /// `▲７六歩`, squares `７六`.
    Japanese,
}

/// Who a sentence names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    You,
    /// Neither side is the reader's: "the opponent".
    Opponent,
    Side(Color),
    /// A side of a handicap game, named as its player is: 上手 (Gote) or 下手 (Sente).
    Seat(Color),
    /// The app's built-in AI.
    Ai,
}

/// Who is who in a move's explanation, and the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Voice {
    pub notation: Notation,
    /// The side that played the move.
    pub mover: Who,
    /// The other side.
    pub opponent: Who,
}

impl Voice {
    /// Speaking to whoever moved: "you" and "the opponent" (a record whose
    /// players the reader is neither or both of).
    pub fn to_mover(notation: Notation) -> Voice {
        Voice {
            notation,
            mover: Who::You,
            opponent: Who::Opponent,
        }
    }

    /// Naming the sides: "Sente" and "Gote", or in a `handicap` game 下手 and 上手.
    pub fn by_sides(notation: Notation, mover: Color, handicap: bool) -> Voice {
        let side = if handicap { Who::Seat } else { Who::Side };
        Voice {
            notation,
            mover: side(mover),
            opponent: side(!mover),
        }
    }

    /// A game the reader played as `player` against `other` ([`Who::Ai`] or
    /// [`Who::Opponent`]), for a move by `mover`.
    pub fn for_player(notation: Notation, player: Color, other: Who, mover: Color) -> Voice {
        let (mover, opponent) = if mover == player {
            (Who::You, other)
        } else {
            (other, Who::You)
        };
        Voice {
            notation,
            mover,
            opponent,
        }
    }
}

/// One move in the chosen notation.
pub fn step_text(step: &Step, notation: Notation) -> String {
    match notation {
        Notation::Western => western(&step.before, step.mv),
        Notation::Japanese => japanese(&step.before, step.mv, step.previous_to),
    }
}

/// A line's moves in the chosen notation, separated by spaces.
pub fn line_text(line: &Line, notation: Notation) -> String {
    line.steps()
        .iter()
        .map(|step| step_text(step, notation))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A square in the chosen notation.
pub fn square_text(square: Square, notation: Notation) -> String {
    match notation {
        Notation::Western => square.to_string(),
        Notation::Japanese => japanese_square(square),
    }
}

/// A file (1 to 9) in the chosen notation: `2`, ２.
pub fn file_text(file: u8, notation: Notation) -> String {
    match notation {
        Notation::Western => file.to_string(),
        Notation::Japanese => wide_digit(file).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_is_you_on_their_own_moves_and_the_ai_is_named_on_its_own() {
        let mine = Voice::for_player(Notation::Western, Color::Sente, Who::Ai, Color::Sente);
        assert_eq!((mine.mover, mine.opponent), (Who::You, Who::Ai));
        let its = Voice::for_player(Notation::Western, Color::Sente, Who::Ai, Color::Gote);
        assert_eq!((its.mover, its.opponent), (Who::Ai, Who::You));
    }
}
