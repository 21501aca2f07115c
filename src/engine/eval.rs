//! The static evaluation: what a position is worth to the side to move, in
//! centipawns (a pawn on the board is 100).
//!
//! Material counts pieces in hand above pieces on the board (a piece in hand
//! can be dropped anywhere). Placement, promotion, king safety and the move
//! itself (tempo) are added on top.

use crate::rules::attacks::king_attacks;
use crate::rules::{BitBoard, Color, Piece, PieceKind, Position, Square};

/// Value of each kind on the board, in `PieceKind` index order.
const BOARD_VALUE: [i32; PieceKind::COUNT] = [
    100,  // pawn
    300,  // lance
    350,  // knight
    500,  // silver
    550,  // gold
    800,  // bishop
    950,  // rook
    0,    // king
    550,  // tokin
    530,  // promoted lance
    530,  // promoted knight
    540,  // promoted silver
    1050, // horse
    1250, // dragon
];

/// Value of each kind in hand, in `PieceKind::HAND` order.
const HAND_VALUE: [i32; 7] = [115, 340, 400, 570, 620, 900, 1070];

/// Scores beyond this are decided games (mate), not material.
pub const KNOWN_WIN: i32 = 15_000;

const TEMPO: i32 = 20;

pub const fn board_value(kind: PieceKind) -> i32 {
    BOARD_VALUE[kind.index()]
}

pub const fn hand_value(kind: PieceKind) -> i32 {
    HAND_VALUE[kind.unpromoted().index()]
}

/// What capturing a piece of this kind gains: it leaves the board and goes
/// to the captor's hand.
pub const fn capture_value(kind: PieceKind) -> i32 {
    board_value(kind) + hand_value(kind)
}

/// Squares within two steps (a 5×5 box) of each square.
static NEAR2: [BitBoard; 81] = near_boxes();

const fn near_boxes() -> [BitBoard; 81] {
    let mut boxes = [BitBoard::EMPTY; 81];
    let mut a = 0;
    while a < 81 {
        let mut bits = 0u128;
        let mut b: usize = 0;
        while b < 81 {
            let df = (a / 9) as i32 - (b / 9) as i32;
            let dr = (a % 9) as i32 - (b % 9) as i32;
            if df >= -2 && df <= 2 && dr >= -2 && dr <= 2 {
                bits |= 1u128 << b;
            }
            b += 1;
        }
        boxes[a] = BitBoard(bits);
        a += 1;
    }
    boxes
}

/// The evaluation from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    side_score(pos, us) - side_score(pos, !us) + TEMPO
}

/// Material only, from the side to move's point of view (used by tests and
/// by the weakest levels' explanations).
pub fn material(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    material_of(pos, us) - material_of(pos, !us)
}

fn material_of(pos: &Position, color: Color) -> i32 {
    let mut total = 0;
    for kind in PieceKind::ALL {
        total += BOARD_VALUE[kind.index()] * pos.pieces_of(color, kind).count() as i32;
    }
    let hand = pos.hand(color);
    for (i, kind) in PieceKind::HAND.into_iter().enumerate() {
        total += HAND_VALUE[i] * hand.count(kind) as i32;
    }
    total
}

fn side_score(pos: &Position, color: Color) -> i32 {
    material_of(pos, color) + placement(pos, color) - king_danger(pos, color)
}

/// Pieces where they do their work: golds and silvers by their own king,
/// any piece bearing down on the enemy king, pawns a little forward.
fn placement(pos: &Position, color: Color) -> i32 {
    let own_king = pos.king_square(color);
    let their_king = pos.king_square(!color);
    let mut score = 0;
    for sq in pos.pieces(color) {
        let Some(Piece { kind, .. }) = pos.piece_at(sq) else {
            continue;
        };
        let rank = sq.relative_rank(color) as i32;
        score += match kind {
            PieceKind::Pawn => (7 - rank).clamp(0, 3) * 4,
            PieceKind::Gold | PieceKind::Silver => {
                guard_bonus(sq, own_king) + attack_bonus(sq, their_king) / 2
            }
            PieceKind::Knight | PieceKind::Lance => {
                if rank <= 2 {
                    -40
                } else {
                    0
                }
            }
            PieceKind::Rook | PieceKind::Bishop => {
                if rank <= 3 {
                    20
                } else {
                    0
                }
            }
            PieceKind::King => 0,
            _ => attack_bonus(sq, their_king),
        };
    }
    score
}

fn distance(a: Square, b: Square) -> i32 {
    let df = (a.file() as i32 - b.file() as i32).abs();
    let dr = (a.rank() as i32 - b.rank() as i32).abs();
    df.max(dr)
}

fn guard_bonus(sq: Square, king: Square) -> i32 {
    match distance(sq, king) {
        1 => 40,
        2 => 20,
        3 => 5,
        _ => -10,
    }
}

fn attack_bonus(sq: Square, king: Square) -> i32 {
    match distance(sq, king) {
        1 => 50,
        2 => 35,
        3 => 15,
        _ => 0,
    }
}

/// How exposed `color`'s king is: enemy pieces close to it, enemy pieces in
/// hand (any of them can be dropped beside it), squares around it the enemy
/// controls, and too few guards.
fn king_danger(pos: &Position, color: Color) -> i32 {
    let them = !color;
    let king = pos.king_square(color);
    let near = NEAR2[king.index()];
    let mut units = 0;
    for sq in pos.pieces(them) & near {
        if let Some(piece) = pos.piece_at(sq) {
            units += attacker_weight(piece.kind);
        }
    }
    let hand = pos.hand(them);
    units += 4 * hand.count(PieceKind::Rook) as i32
        + 3 * hand.count(PieceKind::Bishop) as i32
        + 3 * hand.count(PieceKind::Gold) as i32
        + 3 * hand.count(PieceKind::Silver) as i32
        + 2 * hand.count(PieceKind::Knight) as i32
        + hand.count(PieceKind::Lance) as i32
        + (hand.count(PieceKind::Pawn) as i32).min(3);
    let occupied = pos.occupied();
    let ring = king_attacks(king);
    let mut controlled = 0;
    for sq in ring {
        if pos.is_attacked(sq, them, occupied) {
            controlled += 1;
        }
    }
    units += 2 * controlled;
    let guards = (pos.pieces(color) & near & pos.gold_movers()).count() as i32
        + (pos.pieces_of(color, PieceKind::Silver) & near).count() as i32;
    units -= 2 * guards.min(4);
    let units = units.max(0);
    (units * units / 2).min(1500)
}

fn attacker_weight(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Pawn => 1,
        PieceKind::Lance | PieceKind::Knight => 2,
        PieceKind::Silver | PieceKind::Bishop | PieceKind::Rook => 3,
        PieceKind::King => 0,
        PieceKind::Horse | PieceKind::Dragon => 6,
        _ => 4, // gold and the pieces that move like one
    }
}
