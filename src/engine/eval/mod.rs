//! The static evaluation: what a position is worth to the side to move, in
//! centipawns (a pawn on the board is 100).
//!
//! Material counts pieces in hand above pieces on the board (a piece in hand
//! can be dropped anywhere). Placement, promotion, king safety and the move
//! itself (tempo) are added on top.

use crate::rules::attacks::{bishop_attacks, king_attacks, rook_attacks};
use crate::rules::{BitBoard, Color, PieceKind, Position, Square};

/// Value of each kind on the board, in `PieceKind` index order.
const BOARD_VALUE: [i32; PieceKind::COUNT] = [
    90,   // pawn
    260,  // lance
    290,  // knight
    420,  // silver
    640,  // bishop
    740,  // rook
    500,  // gold
    0,    // king
    560,  // tokin
    520,  // promoted lance
    530,  // promoted knight
    520,  // promoted silver
    900,  // horse
    1060, // dragon
];

/// Value of each kind in hand, in `PieceKind::HAND` order (P L N S B R G).
const HAND_VALUE: [i32; 7] = [105, 300, 330, 480, 720, 830, 560];

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

/// Squares exactly `d` king steps away from each square, for d = 1, 2, 3.
static RINGS: [[BitBoard; 81]; 4] = rings();

const fn rings() -> [[BitBoard; 81]; 4] {
    let mut rings = [[BitBoard::EMPTY; 81]; 4];
    let mut a = 0;
    while a < 81 {
        let mut b: usize = 0;
        while b < 81 {
            let df = (a / 9) as i32 - (b / 9) as i32;
            let dr = (a % 9) as i32 - (b % 9) as i32;
            let df = if df < 0 { -df } else { df };
            let dr = if dr < 0 { -dr } else { dr };
            let d = if df > dr { df } else { dr } as usize;
            if d <= 3 {
                rings[d][a] = BitBoard(rings[d][a].0 | (1u128 << b));
            }
            b += 1;
        }
        a += 1;
    }
    rings
}

/// Squares within two steps (a 5×5 box) of `sq`.
fn near2(sq: Square) -> BitBoard {
    let i = sq.index();
    RINGS[0][i] | RINGS[1][i] | RINGS[2][i]
}

/// Weighted count of `pieces` by their distance to `sq` (1, 2, 3 steps,
/// and further).
fn by_distance(pieces: BitBoard, sq: Square, weights: [i32; 4]) -> i32 {
    let i = sq.index();
    let r1 = (pieces & RINGS[1][i]).count() as i32;
    let r2 = (pieces & RINGS[2][i]).count() as i32;
    let r3 = (pieces & RINGS[3][i]).count() as i32;
    let far = pieces.count() as i32 - r1 - r2 - r3;
    weights[0] * r1 + weights[1] * r2 + weights[2] * r3 + weights[3] * far
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
/// any piece bearing down on the enemy king, knights and lances not stuck
/// at the far edge.
fn placement(pos: &Position, color: Color) -> i32 {
    let own_king = pos.king_square(color);
    let their_king = pos.king_square(!color);
    let ours = pos.pieces(color);
    let guards =
        (pos.pieces_of_kind(PieceKind::Gold) | pos.pieces_of_kind(PieceKind::Silver)) & ours;
    let promoted = (pos.gold_movers() & !pos.pieces_of_kind(PieceKind::Gold)
        | pos.pieces_of_kind(PieceKind::Horse)
        | pos.pieces_of_kind(PieceKind::Dragon))
        & ours;
    let far_ranks = match color {
        Color::Sente => BitBoard::rank(1) | BitBoard::rank(2),
        Color::Gote => BitBoard::rank(8) | BitBoard::rank(9),
    };
    let stuck = (pos.pieces_of_kind(PieceKind::Knight) | pos.pieces_of_kind(PieceKind::Lance))
        & ours
        & far_ranks;
    by_distance(guards, own_king, [40, 20, 5, -10])
        + by_distance(guards, their_king, [25, 17, 7, 0])
        + by_distance(promoted, their_king, [50, 35, 15, 0])
        + king_shelter(own_king.relative_rank(color))
        + slider_mobility(pos, color)
        - 40 * stuck.count() as i32
}

/// How exposed `color`'s king is: enemy pieces close to it, enemy pieces in
/// hand (any of them can be dropped beside it), squares around it the enemy
/// controls, and too few guards.
/// Rooks and bishops (promoted or not) are worth more with open lines.
fn slider_mobility(pos: &Position, color: Color) -> i32 {
    let occupied = pos.occupied();
    let not_own = !pos.pieces(color);
    let rooks = (pos.pieces_of_kind(PieceKind::Rook) | pos.pieces_of_kind(PieceKind::Dragon))
        & pos.pieces(color);
    let bishops = (pos.pieces_of_kind(PieceKind::Bishop) | pos.pieces_of_kind(PieceKind::Horse))
        & pos.pieces(color);
    let mut squares = 0;
    for sq in rooks {
        squares += (rook_attacks(sq, occupied) & not_own).count() as i32;
    }
    for sq in bishops {
        squares += (bishop_attacks(sq, occupied) & not_own).count() as i32;
    }
    3 * squares
}

/// A king on its own back ranks is harder to reach with drops.
fn king_shelter(relative_rank: u8) -> i32 {
    match relative_rank {
        9 => 30,
        8 => 20,
        7 => 0,
        r => -25 * (7 - r as i32),
    }
}

fn king_danger(pos: &Position, color: Color) -> i32 {
    let them = !color;
    let king = pos.king_square(color);
    let near = near2(king);
    let theirs = pos.pieces(them) & near;
    let kinds = |list: &[PieceKind]| -> i32 {
        list.iter()
            .map(|&k| (pos.pieces_of_kind(k) & theirs).count() as i32)
            .sum()
    };
    let mut units = kinds(&[PieceKind::Pawn])
        + 2 * kinds(&[PieceKind::Lance, PieceKind::Knight])
        + 3 * kinds(&[PieceKind::Silver, PieceKind::Bishop, PieceKind::Rook])
        + 4 * (pos.gold_movers() & theirs).count() as i32
        + 6 * kinds(&[PieceKind::Horse, PieceKind::Dragon]);
    let hand = pos.hand(them);
    units += 4 * hand.count(PieceKind::Rook) as i32
        + 3 * hand.count(PieceKind::Bishop) as i32
        + 3 * hand.count(PieceKind::Gold) as i32
        + 3 * hand.count(PieceKind::Silver) as i32
        + 2 * hand.count(PieceKind::Knight) as i32
        + hand.count(PieceKind::Lance) as i32
        + (hand.count(PieceKind::Pawn) as i32).min(3);
    let occupied = pos.occupied();
    let own = pos.pieces(color);
    let mut escapes = 0;
    for sq in king_attacks(king) {
        let attackers = pos.attackers_to(sq, them, occupied).count() as i32;
        if attackers == 0 {
            if !own.has(sq) {
                escapes += 1;
            }
            continue;
        }
        // The king itself defends every square around it: not counted.
        let defenders = pos.attackers_to(sq, color, occupied).count() as i32 - 1;
        units += 2 * attackers + if attackers > defenders { 3 } else { 0 };
    }
    units += 2 * (2 - escapes).max(0);
    let guards = (pos.pieces(color) & near & pos.gold_movers()).count() as i32
        + (pos.pieces_of(color, PieceKind::Silver) & near).count() as i32;
    units -= 2 * guards.min(4);
    let units = units.max(0);
    (units * units / 2).min(1500)
}
