//! The fixed value of each piece kind, on the board and in hand: they order
//! captures and judge exchanges (SEE), where a stable, simple scale is what
//! matters, apart from the fitted weights of the evaluation.

use crate::rules::PieceKind;

/// Value of each kind on the board, in `PieceKind` index order, for move
/// ordering and exchanges.
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
