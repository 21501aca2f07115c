//! Attack tables, built at compile time, and sliding attacks.
//!
//! Step pieces read a table. Sliders (lance, rook, bishop) use the classical
//! ray method: the ray from the square to the edge, cut at the first blocker,
//! found with one bit scan (forward for rays towards higher square indices,
//! backward for the others).

use super::bitboard::BitBoard;
use super::types::{Color, Piece, PieceKind, Square};

/// (file step, rank step) of the eight ray directions. The first four go to
/// higher square indices, the last four to lower ones.
const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (1, -1),
    (0, -1),
    (-1, 0),
    (-1, -1),
    (-1, 1),
];
const SOUTH: usize = 0; // towards rank i: Gote's lance
const NORTH: usize = 4; // towards rank a: Sente's lance
const ROOK_DIRS: [usize; 4] = [0, 1, 4, 5];
const BISHOP_DIRS: [usize; 4] = [2, 3, 6, 7];

const fn offset(sq: usize, df: i8, dr: i8) -> Option<usize> {
    let file = (sq / 9) as i8 + df;
    let rank = (sq % 9) as i8 + dr;
    if file >= 0 && file < 9 && rank >= 0 && rank < 9 {
        Some(file as usize * 9 + rank as usize)
    } else {
        None
    }
}

const fn build_rays() -> [[BitBoard; 81]; 8] {
    let mut rays = [[BitBoard::EMPTY; 81]; 8];
    let mut dir = 0;
    while dir < 8 {
        let (df, dr) = DIRECTIONS[dir];
        let mut sq = 0;
        while sq < 81 {
            let mut bits = 0u128;
            let mut cur = sq;
            while let Some(next) = offset(cur, df, dr) {
                bits |= 1u128 << next;
                cur = next;
            }
            rays[dir][sq] = BitBoard(bits);
            sq += 1;
        }
        dir += 1;
    }
    rays
}

static RAYS: [[BitBoard; 81]; 8] = build_rays();

/// Step table from Sente's point of view; Gote's mirrors the rank step.
const fn build_steps(steps: &[(i8, i8)], color: Color) -> [BitBoard; 81] {
    let mut table = [BitBoard::EMPTY; 81];
    let flip: i8 = match color {
        Color::Sente => 1,
        Color::Gote => -1,
    };
    let mut sq = 0;
    while sq < 81 {
        let mut bits = 0u128;
        let mut i = 0;
        while i < steps.len() {
            let (df, dr) = steps[i];
            if let Some(to) = offset(sq, df, dr * flip) {
                bits |= 1u128 << to;
            }
            i += 1;
        }
        table[sq] = BitBoard(bits);
        sq += 1;
    }
    table
}

const PAWN_STEPS: [(i8, i8); 1] = [(0, -1)];
const KNIGHT_STEPS: [(i8, i8); 2] = [(-1, -2), (1, -2)];
const SILVER_STEPS: [(i8, i8); 5] = [(-1, -1), (0, -1), (1, -1), (-1, 1), (1, 1)];
const GOLD_STEPS: [(i8, i8); 6] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (0, 1)];
const KING_STEPS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

const fn by_color(steps: &[(i8, i8)]) -> [[BitBoard; 81]; 2] {
    [
        build_steps(steps, Color::Sente),
        build_steps(steps, Color::Gote),
    ]
}

static PAWN: [[BitBoard; 81]; 2] = by_color(&PAWN_STEPS);
static KNIGHT: [[BitBoard; 81]; 2] = by_color(&KNIGHT_STEPS);
static SILVER: [[BitBoard; 81]; 2] = by_color(&SILVER_STEPS);
static GOLD: [[BitBoard; 81]; 2] = by_color(&GOLD_STEPS);
static KING: [BitBoard; 81] = build_steps(&KING_STEPS, Color::Sente);

const fn build_pseudo(dirs: [usize; 4]) -> [BitBoard; 81] {
    let rays = build_rays();
    let mut table = [BitBoard::EMPTY; 81];
    let mut sq = 0;
    while sq < 81 {
        let mut i = 0;
        while i < 4 {
            table[sq] = table[sq].or(rays[dirs[i]][sq]);
            i += 1;
        }
        sq += 1;
    }
    table
}

static ROOK_PSEUDO: [BitBoard; 81] = build_pseudo(ROOK_DIRS);
static BISHOP_PSEUDO: [BitBoard; 81] = build_pseudo(BISHOP_DIRS);

/// `BETWEEN[a][b]`: the squares strictly between two aligned squares.
/// `LINE[a][b]`: the whole line through them, edge to edge. Both empty when
/// the squares share no file, rank or diagonal.
const fn build_between_and_line() -> ([[BitBoard; 81]; 81], [[BitBoard; 81]; 81]) {
    let rays = build_rays();
    let mut between = [[BitBoard::EMPTY; 81]; 81];
    let mut line = [[BitBoard::EMPTY; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut dir = 0;
        while dir < 8 {
            let opposite = (dir + 4) % 8;
            let ray = rays[dir][a];
            let mut b = 0;
            while b < 81 {
                if ray.0 >> b & 1 != 0 {
                    between[a][b] = BitBoard(ray.0 & !rays[dir][b].0 & !(1u128 << b));
                    line[a][b] = BitBoard(ray.0 | rays[opposite][a].0 | 1u128 << a);
                }
                b += 1;
            }
            dir += 1;
        }
        a += 1;
    }
    (between, line)
}

static BETWEEN_AND_LINE: ([[BitBoard; 81]; 81], [[BitBoard; 81]; 81]) = build_between_and_line();

#[inline]
pub fn between(a: Square, b: Square) -> BitBoard {
    BETWEEN_AND_LINE.0[a.index()][b.index()]
}

#[inline]
pub fn line(a: Square, b: Square) -> BitBoard {
    BETWEEN_AND_LINE.1[a.index()][b.index()]
}

#[inline]
fn ray_towards_higher(dir: usize, sq: Square, occupied: BitBoard) -> BitBoard {
    let ray = RAYS[dir][sq.index()];
    let blockers = ray.0 & occupied.0;
    if blockers == 0 {
        ray
    } else {
        BitBoard(ray.0 ^ RAYS[dir][blockers.trailing_zeros() as usize].0)
    }
}

#[inline]
fn ray_towards_lower(dir: usize, sq: Square, occupied: BitBoard) -> BitBoard {
    let ray = RAYS[dir][sq.index()];
    let blockers = ray.0 & occupied.0;
    if blockers == 0 {
        ray
    } else {
        BitBoard(ray.0 ^ RAYS[dir][127 - blockers.leading_zeros() as usize].0)
    }
}

#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> BitBoard {
    PAWN[color.index()][sq.index()]
}

#[inline]
pub fn knight_attacks(color: Color, sq: Square) -> BitBoard {
    KNIGHT[color.index()][sq.index()]
}

#[inline]
pub fn silver_attacks(color: Color, sq: Square) -> BitBoard {
    SILVER[color.index()][sq.index()]
}

#[inline]
pub fn gold_attacks(color: Color, sq: Square) -> BitBoard {
    GOLD[color.index()][sq.index()]
}

#[inline]
pub fn king_attacks(sq: Square) -> BitBoard {
    KING[sq.index()]
}

#[inline]
pub fn lance_attacks(color: Color, sq: Square, occupied: BitBoard) -> BitBoard {
    match color {
        Color::Sente => ray_towards_lower(NORTH, sq, occupied),
        Color::Gote => ray_towards_higher(SOUTH, sq, occupied),
    }
}

/// A lance's reach on an empty board.
#[inline]
pub fn lance_pseudo_attacks(color: Color, sq: Square) -> BitBoard {
    match color {
        Color::Sente => RAYS[NORTH][sq.index()],
        Color::Gote => RAYS[SOUTH][sq.index()],
    }
}

#[inline]
pub fn rook_attacks(sq: Square, occupied: BitBoard) -> BitBoard {
    ray_towards_higher(0, sq, occupied)
        | ray_towards_higher(1, sq, occupied)
        | ray_towards_lower(4, sq, occupied)
        | ray_towards_lower(5, sq, occupied)
}

#[inline]
pub fn bishop_attacks(sq: Square, occupied: BitBoard) -> BitBoard {
    ray_towards_higher(2, sq, occupied)
        | ray_towards_higher(3, sq, occupied)
        | ray_towards_lower(6, sq, occupied)
        | ray_towards_lower(7, sq, occupied)
}

#[inline]
pub fn rook_pseudo_attacks(sq: Square) -> BitBoard {
    ROOK_PSEUDO[sq.index()]
}

#[inline]
pub fn bishop_pseudo_attacks(sq: Square) -> BitBoard {
    BISHOP_PSEUDO[sq.index()]
}

/// The squares a piece on `sq` attacks, given the occupied squares.
#[inline]
pub fn piece_attacks(piece: Piece, sq: Square, occupied: BitBoard) -> BitBoard {
    let color = piece.color;
    match piece.kind {
        PieceKind::Pawn => pawn_attacks(color, sq),
        PieceKind::Lance => lance_attacks(color, sq, occupied),
        PieceKind::Knight => knight_attacks(color, sq),
        PieceKind::Silver => silver_attacks(color, sq),
        PieceKind::Gold
        | PieceKind::Tokin
        | PieceKind::ProLance
        | PieceKind::ProKnight
        | PieceKind::ProSilver => gold_attacks(color, sq),
        PieceKind::Bishop => bishop_attacks(sq, occupied),
        PieceKind::Rook => rook_attacks(sq, occupied),
        PieceKind::King => king_attacks(sq),
        PieceKind::Horse => bishop_attacks(sq, occupied) | king_attacks(sq),
        PieceKind::Dragon => rook_attacks(sq, occupied) | king_attacks(sq),
    }
}
