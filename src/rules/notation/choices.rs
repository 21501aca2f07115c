//! What notation must say to leave no doubt: which of several pieces moved,
//! whether a move declined to promote, whether a piece was dropped.

use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::types::{Piece, Square};

/// The other squares from which a piece like the one on `from` could make a
/// legal move to `to`: what decides whether notation must say which piece
/// moved.
pub(super) fn rivals(before: &Position, piece: Piece, from: Square, to: Square) -> Vec<Square> {
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
pub(super) fn could_promote(before: &Position, from: Square, to: Square) -> bool {
    match before.piece_at(from) {
        Some(piece) => {
            piece.kind.can_promote() && (from.in_zone(piece.color) || to.in_zone(piece.color))
        }
        None => false,
    }
}

/// Whether a piece of the dropped kind already on the board could move to
/// `to`, so that a drop there must say it is one.
pub(super) fn board_piece_could_go(before: &Position, piece: Piece, to: Square) -> bool {
    before.legal_moves().iter().any(|mv| {
        matches!(*mv, Move::Board { from, to: target, .. }
            if target == to && before.piece_at(from) == Some(piece))
    })
}
