//! How players write moves: Western (Hodges) and Japanese (KI2 style), and
//! the kanji Japanese text is written in.
//! USI text is [`Move`]'s `Display`. Moves typed by players, in any of these, are read
//! in `typed`.
//!
//! Both spellings depend on the position before the move (which piece moved,
//! whether it captured, which other pieces could have gone to the same
//! square), so each function takes that position.
//!
//! [`Move`]: crate::rules::Move

mod choices;
mod japanese;
mod kanji;
mod typed;
mod western;

pub use japanese::{japanese, japanese_square, relative_classes};
pub use kanji::{
    digit_value, japanese_piece_name, kanji_digit, kanji_kind, piece_kanji, read_piece_name,
    tile_kanji, wide_digit,
};
pub use typed::{Notation, Reading, Typed, Unplayable, read_typed, suggestions, write_typed};
pub use western::western;

use super::moves::Move;
use super::position::Position;

/// `text` with its first letter in upper case: a sentence starts with a capital in the
/// scripts that have them; the others are left as they are.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Every move of a game in Western notation, in order (for a move list).
/// Moves must be legal in turn from `start`.
pub fn western_moves(start: &Position, moves: &[Move]) -> Vec<String> {
    let mut pos = *start;
    moves
        .iter()
        .map(|&mv| {
            let text = western(&pos, mv);
            pos.play_unchecked(mv);
            text
        })
        .collect()
}

/// Every move of a game in Japanese notation, with 同 where a move lands
/// on the square of the one before. Moves must be legal in turn.
pub fn japanese_moves(start: &Position, moves: &[Move]) -> Vec<String> {
    let mut pos = *start;
    let mut previous_to = None;
    moves
        .iter()
        .map(|&mv| {
            let text = japanese(&pos, mv, previous_to);
            pos.play_unchecked(mv);
            previous_to = Some(mv.to());
            text
        })
        .collect()
}
