//! Static exchange evaluation: what a move wins or loses on its target
//! square if both sides then capture there, least valuable piece first.
//!
//! Good captures are searched early, losing ones late, and the quiescence
//! search skips captures that only lose material.

use super::eval::{board_value, capture_value};
use crate::rules::{Move, PieceKind, Position};

/// The material balance of the exchange `mv` starts, for the mover.
pub fn see(pos: &Position, mv: Move) -> i32 {
    let to = mv.to();
    let mut occupied = pos.occupied();
    let (mut on_square, first_gain) = match mv {
        Move::Board { from, promote, .. } => {
            let Some(mover) = pos.piece_at(from) else {
                return 0;
            };
            let captured = pos.piece_at(to).map_or(0, |p| capture_value(p.kind));
            let kind = if promote {
                mover.kind.promoted().unwrap_or(mover.kind)
            } else {
                mover.kind
            };
            let promotion = board_value(kind) - board_value(mover.kind);
            occupied = occupied.without(from);
            (kind, captured + promotion)
        }
        Move::Drop { kind, .. } => (kind, 0),
    };
    occupied = occupied.with(to);
    let mut gains = [0i32; 40];
    gains[0] = first_gain;
    let mut depth = 0;
    let mut side = !pos.side_to_move();
    loop {
        let attackers = pos.attackers_to(to, side, occupied) & occupied;
        let Some((square, kind)) = least_valuable(pos, attackers) else {
            break;
        };
        if kind == PieceKind::King
            && (pos.attackers_to(to, !side, occupied) & occupied).is_nonempty()
        {
            // The king may not capture onto a defended square.
            break;
        }
        depth += 1;
        if depth >= gains.len() {
            break;
        }
        gains[depth] = capture_value(on_square) - gains[depth - 1];
        if (-gains[depth - 1]).max(gains[depth]) < 0 {
            break;
        }
        occupied = occupied.without(square);
        on_square = kind;
        side = !side;
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

fn least_valuable(
    pos: &Position,
    attackers: crate::rules::BitBoard,
) -> Option<(crate::rules::Square, PieceKind)> {
    let mut best: Option<(crate::rules::Square, PieceKind, i32)> = None;
    for sq in attackers {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        let value = if piece.kind == PieceKind::King {
            100_000
        } else {
            board_value(piece.kind)
        };
        if best.is_none_or(|(_, _, v)| value < v) {
            best = Some((sq, piece.kind, value));
        }
    }
    best.map(|(sq, kind, _)| (sq, kind))
}
