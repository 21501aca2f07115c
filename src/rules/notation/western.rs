//! Western notation in the Hodges style: `P-7f`, `Bx3c+`, `S*5b`, `N-7c=`,
//! `+Rx2b`, and `G6i-5h` when another gold could also reach 5h.

use super::choices::{could_promote, rivals};
use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::types::PieceKind;

/// The Hodges spelling of `mv`, played from `before`. A move with no piece
/// on its origin (not legal anyway) falls back to USI text.
pub fn western(before: &Position, mv: Move) -> String {
    match mv {
        Move::Drop { kind, to } => format!("{}*{to}", kind.letter()),
        Move::Board { from, to, promote } => {
            let Some(piece) = before.piece_at(from) else {
                return mv.to_string();
            };
            let origin = if rivals(before, piece, from, to).is_empty() {
                String::new()
            } else {
                from.to_string()
            };
            let action = if before.piece_at(to).is_some() {
                'x'
            } else {
                '-'
            };
            let suffix = if promote {
                "+"
            } else if could_promote(before, from, to) {
                "="
            } else {
                ""
            };
            format!("{}{origin}{action}{to}{suffix}", letters(piece.kind))
        }
    }
}

/// `P`, `+P`, `R`, `+R`...: promoted pieces carry a `+` before the letter.
fn letters(kind: PieceKind) -> String {
    if kind.is_promoted() {
        format!("+{}", kind.letter())
    } else {
        kind.letter().to_string()
    }
}
