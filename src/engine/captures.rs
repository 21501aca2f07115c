//! Captures (and pawn promotions) only, for the quiescence search: much
//! cheaper than every legal move, since drops and quiet moves are skipped.
//!
//! Only for a side that is not in check (in check, every evasion is
//! searched). The rules core's generator finds the moves, with the enemy's
//! pieces as targets (and, for pawns, the empty squares of the promotion
//! zone); this file only chooses which promotions to keep.

use crate::rules::movegen::{MoveSets, dead_squares, pawn_origin, promotion_zone};
use crate::rules::{BitBoard, Color, Move, MoveList, PieceKind, Position, Square};

/// Appends the legal captures, and pawn moves that promote, of a side that
/// is not in check: pawns, the other pieces as [`Position::generate_moves`]
/// orders them, the king last; each capture's promotion before its plain
/// twin.
pub fn generate_tactical(pos: &Position, list: &mut MoveList) {
    debug_assert!(!pos.in_check());
    let us = pos.side_to_move();
    let enemies = pos.pieces(!us);
    let pawn_targets = enemies | (promotion_zone(us) & !pos.occupied());
    pos.generate_board_moves(enemies, pawn_targets, &mut Tactical { list, us });
    if let Some(king) = pos.king_square(us) {
        push(list, us, PieceKind::King, king, pos.king_steps(enemies));
    }
}

/// Expands move sets into the tactical moves.
struct Tactical<'a> {
    list: &'a mut MoveList,
    us: Color,
}

impl MoveSets for Tactical<'_> {
    #[inline]
    fn pawns(&mut self, free: BitBoard, pinned: BitBoard) {
        // In square order, the pinned pawn among the others.
        for to in free | pinned {
            let from = pawn_origin(self.us, to);
            push(
                self.list,
                self.us,
                PieceKind::Pawn,
                from,
                BitBoard::from_square(to),
            );
        }
    }

    #[inline]
    fn piece(&mut self, kind: PieceKind, from: Square, to: BitBoard) {
        push(self.list, self.us, kind, from, to);
    }
}

/// Pushes the moves of one piece: promoting where it may, and for a pawn,
/// bishop or rook only the promotion (declining it is never better here).
#[inline]
fn push(list: &mut MoveList, us: Color, kind: PieceKind, from: Square, targets: BitBoard) {
    if !kind.can_promote() {
        for to in targets {
            list.push(Move::Board {
                from,
                to,
                promote: false,
            });
        }
        return;
    }
    let zone = promotion_zone(us);
    let may_promote = if zone.has(from) {
        targets
    } else {
        targets & zone
    };
    let dead = dead_squares(us, kind);
    let always_promote = matches!(kind, PieceKind::Pawn | PieceKind::Bishop | PieceKind::Rook);
    for to in targets {
        let promote = may_promote.has(to);
        if promote {
            list.push(Move::Board {
                from,
                to,
                promote: true,
            });
        }
        let declining_pays = !(promote && always_promote);
        if !dead.has(to) && declining_pays {
            list.push(Move::Board {
                from,
                to,
                promote: false,
            });
        }
    }
}
