//! How players write moves: Western (Hodges) and Japanese (KI2 style), and
//! the kanji Japanese text is written in.
//! USI text is [`Move`]'s `Display`.
//!
//! Both spellings depend on the position before the move (which piece moved,
//! whether it captured, which other pieces could have gone to the same
//! square), so each function takes that position.
//!
//! [`Move`]: crate::rules::Move

mod japanese;
mod kanji;
mod western;

pub use japanese::{japanese, japanese_square, relative_classes};
pub use kanji::{
    digit_value, japanese_piece_name, kanji_digit, kanji_kind, piece_kanji, read_piece_name,
    tile_kanji, wide_digit,
};
pub use western::western;

use super::moves::Move;
use super::position::Position;
use super::types::{Piece, Square};

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

/// The other squares from which a piece like the one on `from` could make a
/// legal move to `to`: what decides whether notation must say which piece
/// moved.
fn rivals(before: &Position, piece: Piece, from: Square, to: Square) -> Vec<Square> {
    let mut squares: Vec<Square> = Vec::new();
    for mv in before.legal_moves().iter() {
        if let Move::Board {
            from: other,
            to: target,
            ..
        } = *mv
            && target == to
            && other != from
            && before.piece_at(other) == Some(piece)
            && !squares.contains(&other)
        {
            squares.push(other);
        }
    }
    squares
}

/// Whether the piece moving `from` → `to` had the choice to promote (so a
/// move without promotion declined it).
fn could_promote(before: &Position, from: Square, to: Square) -> bool {
    match before.piece_at(from) {
        Some(piece) => {
            piece.kind.can_promote() && (from.in_zone(piece.color) || to.in_zone(piece.color))
        }
        None => false,
    }
}

/// Whether a piece of the dropped kind already on the board could move to
/// `to`, so that a drop there must say it is one.
fn board_piece_could_go(before: &Position, piece: Piece, to: Square) -> bool {
    before.legal_moves().iter().any(|mv| {
        matches!(*mv, Move::Board { from, to: target, .. }
            if target == to && before.piece_at(from) == Some(piece))
    })
}
