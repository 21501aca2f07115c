//! Telling checking moves apart without playing them, for the mate solvers
//! and the search's check extensions.

use crate::rules::attacks::{line, piece_attacks};
use crate::rules::{BitBoard, Move, Piece, Position, Square};

/// What the attacker needs to know to tell checking moves apart cheaply.
pub struct CheckInfo {
    /// None when the opponent has no king (a mate problem's attacker).
    their_king: Option<Square>,
    /// Our pieces whose moving off the line uncovers a check.
    discoverers: BitBoard,
}

impl CheckInfo {
    pub fn new(pos: &Position) -> CheckInfo {
        let us = pos.side_to_move();
        CheckInfo {
            their_king: pos.king_square(!us),
            discoverers: pos.blockers_for_king(!us) & pos.pieces(us),
        }
    }
}

/// Whether the legal move `mv` checks the opponent, without playing it.
pub fn gives_check(pos: &Position, info: &CheckInfo, mv: Move) -> bool {
    let us = pos.side_to_move();
    let Some(king) = info.their_king else {
        return false;
    };
    match mv {
        Move::Drop { kind, to } => {
            piece_attacks(Piece::new(us, kind), to, pos.occupied()).has(king)
        }
        Move::Board { from, to, promote } => {
            let Some(piece) = pos.piece_at(from) else {
                return false;
            };
            let kind = if promote {
                piece.kind.promoted().unwrap_or(piece.kind)
            } else {
                piece.kind
            };
            let occupied = pos.occupied().without(from).with(to);
            if piece_attacks(Piece::new(us, kind), to, occupied).has(king) {
                return true;
            }
            info.discoverers.has(from) && !line(from, king).has(to)
        }
    }
}
