//! Correction history: how far the static evaluation has been from the
//! search's own result in positions that share a pawn structure, or the
//! same pieces in hand.
//!
//! A linear evaluation is wrong in the same direction again and again for
//! a given structure (a pawn chain it over-values, a hand whose drops it
//! under-rates); the search notices, node after node, and the running mean
//! of its verdicts corrects the evaluation the pruning decisions read.

use crate::rules::{Color, PieceKind, Position};

/// Entries per side to move in each table.
const SIZE: usize = 1 << 14;
/// Corrections are kept in 1/GRAIN centipawns, so small verdicts add up.
const GRAIN: i32 = 16;
/// No correction beyond this many centipawns.
const LIMIT: i32 = 160;
/// A verdict's weight out of 256 grows with the depth that produced it.
const MAX_WEIGHT: i32 = 24;

pub struct Correction {
    /// `2 × SIZE` each: side to move, then the key's slot.
    pawns: Box<[i16]>,
    hands: Box<[i16]>,
}

impl Default for Correction {
    fn default() -> Self {
        Correction::new()
    }
}

impl Correction {
    pub fn new() -> Correction {
        Correction {
            pawns: vec![0; 2 * SIZE].into_boxed_slice(),
            hands: vec![0; 2 * SIZE].into_boxed_slice(),
        }
    }

    pub fn clear(&mut self) {
        self.pawns.fill(0);
        self.hands.fill(0);
    }

    /// `raw`, the static evaluation of `pos`, corrected by what earlier
    /// searches found in positions like it.
    pub fn corrected(&self, pos: &Position, raw: i32) -> i32 {
        let [pawns, hands] = slots(pos);
        let total = i32::from(self.pawns[pawns]) + i32::from(self.hands[hands]);
        raw + total / (2 * GRAIN)
    }

    /// A search of `depth` found `score` where the raw evaluation said
    /// `raw`: move both tables' means toward the difference.
    pub fn learn(&mut self, pos: &Position, raw: i32, score: i32, depth: i32) {
        let target = (score - raw).clamp(-LIMIT, LIMIT) * GRAIN;
        let weight = (depth + 1).min(MAX_WEIGHT);
        let [pawns, hands] = slots(pos);
        for entry in [&mut self.pawns[pawns], &mut self.hands[hands]] {
            let mean = (i32::from(*entry) * (256 - weight) + target * weight) / 256;
            // |mean| <= LIMIT * GRAIN = 2560, well within an i16.
            *entry = mean as i16;
        }
    }
}

/// The two tables' slots for `pos`: its pawns, its hands (each for the
/// side to move).
fn slots(pos: &Position) -> [usize; 2] {
    let side = pos.side_to_move().index() * SIZE;
    [side + index(pawn_key(pos)), side + index(hand_key(pos))]
}

fn index(key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SIZE.trailing_zeros())) as usize
}

/// Both sides' pawns, folded to 64 bits.
fn pawn_key(pos: &Position) -> u64 {
    let mix = |bits: u128, salt: u64| {
        let folded = (bits as u64) ^ ((bits >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        folded
            .wrapping_add(salt)
            .wrapping_mul(0xFF51_AFD7_ED55_8CCD)
    };
    let sente = pos.pieces_of(Color::Sente, PieceKind::Pawn).0;
    let gote = pos.pieces_of(Color::Gote, PieceKind::Pawn).0;
    mix(sente, 1) ^ mix(gote, 2).rotate_left(31)
}

/// Both hands, every count packed: 5 bits for pawns (at most 18), 3 for
/// each other kind (at most 4), 23 bits a hand, so nothing is shifted out.
fn hand_key(pos: &Position) -> u64 {
    let mut key = 0u64;
    for color in [Color::Sente, Color::Gote] {
        let hand = pos.hand(color);
        for kind in PieceKind::HAND {
            let bits = if kind == PieceKind::Pawn { 5 } else { 3 };
            key = key << bits | u64::from(hand.count(kind));
        }
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(sfen: &str) -> Position {
        Position::from_sfen(sfen).expect("valid sfen")
    }

    #[test]
    fn a_repeated_verdict_pulls_the_evaluation_toward_it() {
        let pos = Position::startpos();
        let mut correction = Correction::new();
        assert_eq!(correction.corrected(&pos, 50), 50);
        for _ in 0..200 {
            correction.learn(&pos, 50, 130, 10);
        }
        let corrected = correction.corrected(&pos, 50);
        assert!((120..=130).contains(&corrected), "{corrected}");
    }

    #[test]
    fn every_count_in_either_hand_makes_its_own_key() {
        let board = "4k4/9/9/9/9/9/9/9/4K4";
        let keys: Vec<u64> = [
            "b - 1", "b P 1", "b 2P 1", "b p 1", "b R 1", "b r 1", "b 2G2g 1", "b 4G 1",
        ]
        .iter()
        .map(|hands| hand_key(&parse(&format!("{board} {hands}"))))
        .collect();
        for (i, a) in keys.iter().enumerate() {
            for b in &keys[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn corrections_are_bounded() {
        let pos = Position::startpos();
        let mut correction = Correction::new();
        for _ in 0..500 {
            correction.learn(&pos, 0, 30_000, 20);
        }
        // The running mean approaches the bound from inside, never past it.
        let up = correction.corrected(&pos, 0);
        assert!((LIMIT - 2..=LIMIT).contains(&up), "{up}");
        for _ in 0..1000 {
            correction.learn(&pos, 0, -30_000, 20);
        }
        let down = correction.corrected(&pos, 0);
        assert!((-LIMIT..=2 - LIMIT).contains(&down), "{down}");
    }

    #[test]
    fn a_structure_learns_only_for_itself_and_the_side_to_move() {
        let pos = Position::startpos();
        let other_hands = parse("lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b B 1");
        let other_side = parse("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
        let mut correction = Correction::new();
        for _ in 0..200 {
            correction.learn(&pos, 0, 100, 10);
        }
        // Same pawns, other hands: half the correction (one table of two).
        let half = correction.corrected(&other_hands, 0);
        assert!((40..=50).contains(&half), "{half}");
        assert_eq!(correction.corrected(&other_side, 0), 0);
    }
}
