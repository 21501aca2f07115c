//! Captures (and pawn promotions) only, for the quiescence search: much
//! cheaper than every legal move, since drops and quiet moves are skipped.
//!
//! Only for a side that is not in check (in check, every evasion is
//! searched). The moves are legal: pinned pieces stay on their pin line and
//! the king never captures onto an attacked square.

use crate::rules::attacks::{
    bishop_attacks, gold_attacks, king_attacks, knight_attacks, lance_attacks, line, pawn_attacks,
    rook_attacks, silver_attacks,
};
use crate::rules::movegen::{dead_squares, promotion_zone};
use crate::rules::{BitBoard, Move, MoveList, PieceKind, Position, Square};

/// Appends the legal captures, and pawn moves that promote, of a side that
/// is not in check.
pub fn generate_tactical(pos: &Position, list: &mut MoveList) {
    debug_assert!(!pos.in_check());
    let us = pos.side_to_move();
    let them = !us;
    let king = pos.king_square(us);
    let occupied = pos.occupied();
    let enemies = pos.pieces(them);
    let pinned = pos.pinned();
    let reach = |from: Square, attacks: BitBoard, targets: BitBoard| {
        if pinned.has(from) {
            attacks & targets & line(king, from)
        } else {
            attacks & targets
        }
    };
    let zone = promotion_zone(us);
    let pawn_targets = enemies | (zone & !occupied);
    for from in pos.pieces_of(us, PieceKind::Pawn) {
        let to = reach(from, pawn_attacks(us, from), pawn_targets);
        push(list, us, PieceKind::Pawn, from, to, true);
    }
    for from in pos.pieces_of(us, PieceKind::Lance) {
        let to = reach(from, lance_attacks(us, from, occupied), enemies);
        push(list, us, PieceKind::Lance, from, to, true);
    }
    for from in pos.pieces_of(us, PieceKind::Knight) & !pinned {
        push(
            list,
            us,
            PieceKind::Knight,
            from,
            knight_attacks(us, from) & enemies,
            true,
        );
    }
    for from in pos.pieces_of(us, PieceKind::Silver) {
        let to = reach(from, silver_attacks(us, from), enemies);
        push(list, us, PieceKind::Silver, from, to, true);
    }
    for from in pos.gold_movers() & pos.pieces(us) {
        let to = reach(from, gold_attacks(us, from), enemies);
        push(list, us, PieceKind::Gold, from, to, false);
    }
    for from in pos.pieces_of(us, PieceKind::Bishop) {
        let to = reach(from, bishop_attacks(from, occupied), enemies);
        push(list, us, PieceKind::Bishop, from, to, true);
    }
    for from in pos.pieces_of(us, PieceKind::Rook) {
        let to = reach(from, rook_attacks(from, occupied), enemies);
        push(list, us, PieceKind::Rook, from, to, true);
    }
    for from in pos.pieces_of(us, PieceKind::Horse) {
        let to = reach(
            from,
            bishop_attacks(from, occupied) | king_attacks(from),
            enemies,
        );
        push(list, us, PieceKind::Horse, from, to, false);
    }
    for from in pos.pieces_of(us, PieceKind::Dragon) {
        let to = reach(
            from,
            rook_attacks(from, occupied) | king_attacks(from),
            enemies,
        );
        push(list, us, PieceKind::Dragon, from, to, false);
    }
    let without_king = occupied.without(king);
    for to in king_attacks(king) & enemies {
        if !pos.is_attacked(to, them, without_king) {
            list.push(Move::Board {
                from: king,
                to,
                promote: false,
            });
        }
    }
}

/// Pushes the moves of one piece: promoting where it may, and for a pawn,
/// bishop or rook only the promotion (declining it is never better here).
fn push(
    list: &mut MoveList,
    us: crate::rules::Color,
    kind: PieceKind,
    from: Square,
    targets: BitBoard,
    promotable: bool,
) {
    if !promotable {
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
