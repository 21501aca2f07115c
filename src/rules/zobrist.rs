//! Zobrist keys for the position hash (board, both hands, side to move),
//! generated at compile time from a fixed seed so hashes are reproducible.

use super::types::{Color, Piece, PieceKind, Square};

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// Enough hand slots for 0..=18 pawns.
const HAND_SLOTS: usize = 19;

struct Keys {
    board: [[[u64; 81]; 14]; 2],
    hand: [[[u64; HAND_SLOTS]; 7]; 2],
    side: u64,
}

const fn build_keys() -> Keys {
    let mut keys = Keys {
        board: [[[0; 81]; 14]; 2],
        hand: [[[0; HAND_SLOTS]; 7]; 2],
        side: 0,
    };
    let mut state = 0x6b6f_6d61_6461_6921; // "komadai!"
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 14 {
            let mut sq = 0;
            while sq < 81 {
                let (next, value) = splitmix64(state);
                state = next;
                keys.board[c][k][sq] = value;
                sq += 1;
            }
            k += 1;
        }
        let mut k = 0;
        while k < 7 {
            let mut n = 1; // an empty hand slot hashes to zero
            while n < HAND_SLOTS {
                let (next, value) = splitmix64(state);
                state = next;
                keys.hand[c][k][n] = value;
                n += 1;
            }
            k += 1;
        }
        c += 1;
    }
    let (_, side) = splitmix64(state);
    keys.side = side;
    keys
}

static KEYS: Keys = build_keys();

#[inline]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    KEYS.board[piece.color.index()][piece.kind.index()][sq.index()]
}

/// The key of holding `count` pieces of a hand kind.
#[inline]
pub fn hand_key(color: Color, kind: PieceKind, count: u8) -> u64 {
    KEYS.hand[color.index()][kind.index()][count as usize]
}

/// Mixed in when Gote is to move.
#[inline]
pub fn side_key() -> u64 {
    KEYS.side
}
