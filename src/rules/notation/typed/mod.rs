//! Moves as players type them, in any notation the app writes and the ones people type:
//! USI (`7g7f`, `P*5e`), Western (`P-7f`, `P7f`, `Sx6h+`, `S*5e`) and Japanese (`７六歩`,
//! `76歩`, `▲７六歩`, `同　歩`, `58金右`, `55角打`, `24歩不成`).
//!
//! The text is read directly into a pattern of the parts it says (`read`), and the legal
//! moves that fit the pattern are the answer: a move said in more words than notation needs
//! (`58金右` where only one gold can go) still fits, and one said in fewer fits every move it
//! could be. Reading the text, rather than comparing it with the forms the notations write,
//! is what lets those forms and the hand-written ones (`P7f`, `同歩`, `七六歩`, `76歩(77)`)
//! share one path. For suggestions while typing, the written forms are compared: a move is
//! offered when one of its forms starts with what was typed.

mod fit;
mod read;

pub use fit::{Reading, Unplayable};
pub use read::Notation;

use super::{japanese, western};
use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::types::Square;

/// A typed move read against the position before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typed {
    /// The notation the text is in: the one its answer is written in.
    pub notation: Notation,
    pub reading: Result<Reading, Unplayable>,
}

/// What `text` comes to in `before`, the move before it having gone to `previous_to` (for
/// `同`): one move, one move whose promotion is the player's to choose, or why none.
pub fn read_typed(before: &Position, previous_to: Option<Square>, text: &str) -> Typed {
    let notation = read::notation_of(&read::normalize(text));
    let reading = match read::read(text) {
        Some(pattern) => fit::resolve(before, previous_to, &pattern),
        None if text.trim().is_empty() => Err(Unplayable::Empty),
        None => Err(Unplayable::Unreadable),
    };
    Typed { notation, reading }
}

/// The legal moves `text` could still become, in the order the position lists them: those
/// with a written form that starts with it, and those the whole text fits. Each is a whole
/// move, promotion said.
pub fn suggestions(before: &Position, previous_to: Option<Square>, text: &str) -> Vec<Move> {
    let typed = compact(&read::normalize(text));
    if typed.is_empty() {
        return Vec::new();
    }
    let notation = read::notation_of(&typed);
    let fitting = read::read(text)
        .map(|pattern| fit::fitting(before, previous_to, &pattern))
        .unwrap_or_default();
    before
        .legal_moves()
        .iter()
        .copied()
        .filter(|&mv| {
            fitting.contains(&mv)
                || forms(before, previous_to, mv, notation)
                    .iter()
                    .any(|form| compact(&read::normalize(form)).starts_with(&typed))
        })
        .collect()
}

/// `mv` written in `notation` as the move list writes it (Japanese without its mark).
pub fn write_typed(
    before: &Position,
    previous_to: Option<Square>,
    mv: Move,
    notation: Notation,
) -> String {
    match notation {
        Notation::Usi => mv.to_string(),
        Notation::Western => western(before, mv),
        Notation::Japanese => {
            let text = japanese(before, mv, previous_to);
            let mut chars = text.chars();
            chars.next();
            chars.as_str().to_string()
        }
    }
}

/// The forms a move is written in that typing may start: the move list's, and in Western
/// and Japanese the one naming its origin or its square instead of `同`.
fn forms(
    before: &Position,
    previous_to: Option<Square>,
    mv: Move,
    notation: Notation,
) -> Vec<String> {
    let written = write_typed(before, previous_to, mv, notation);
    match (notation, mv) {
        (Notation::Usi, _) => vec![written],
        (Notation::Western, Move::Board { from, to, promote }) => {
            let letters = western(before, mv);
            let with_origin = match before.piece_at(from) {
                Some(piece) if piece.kind.is_promoted() => {
                    format!("+{}{from}{to}", piece.kind.letter())
                }
                Some(piece) => format!("{}{from}{to}", piece.kind.letter()),
                None => String::new(),
            };
            let mark = if promote { "+" } else { "" };
            vec![letters, format!("{with_origin}{mark}")]
        }
        (Notation::Western, Move::Drop { .. }) => vec![written],
        (Notation::Japanese, _) => {
            let square = write_typed(before, None, mv, notation);
            vec![written, square]
        }
    }
}

/// Normalized text without the marks Western puts between squares, which typing may leave
/// out (`P7f` for `P-7f`).
fn compact(normalized: &str) -> String {
    normalized
        .chars()
        .filter(|c| !matches!(c, '-' | 'x' | 'X'))
        .collect()
}
