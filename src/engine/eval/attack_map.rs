//! How many times each side attacks every square, built once per evaluation
//! from each piece's attack set: the king-safety and threat features read
//! it instead of asking "who attacks this square?" square by square.
//!
//! It also keeps, for each side, the squares attacked by its pieces of each
//! value tier, so a threat (a piece attacked by a cheaper one) is one lookup.
//!
//! The counts are bit-sliced: four bitboards hold the binary digits of every
//! square's count at once, so adding a piece's attack set is a few 128-bit
//! operations whatever its size.

use crate::rules::attacks::{
    bishop_attacks, gold_attacks, king_attacks, knight_attacks, lance_attacks, rook_attacks,
    silver_attacks,
};
use crate::rules::{BitBoard, Color, PieceKind, Position, Square};

/// Value tiers of the pieces other than the king, cheapest first: pawn;
/// lance and knight; silver; gold and the promoted minor pieces; bishop and
/// rook; horse and dragon.
pub const TIERS: usize = 6;

/// The tier of a kind (the king is above every tier).
pub const fn tier(kind: PieceKind) -> usize {
    match kind {
        PieceKind::Pawn => 0,
        PieceKind::Lance | PieceKind::Knight => 1,
        PieceKind::Silver => 2,
        PieceKind::Gold
        | PieceKind::Tokin
        | PieceKind::ProLance
        | PieceKind::ProKnight
        | PieceKind::ProSilver => 3,
        PieceKind::Bishop | PieceKind::Rook => 4,
        PieceKind::Horse | PieceKind::Dragon => 5,
        PieceKind::King => TIERS,
    }
}

/// One side's attacks: how many on every square (0..=15), and which
/// squares each tier attacks.
#[derive(Clone, Copy, Default)]
pub struct AttackCounts {
    digits: [BitBoard; 4],
    by_tier: [BitBoard; TIERS],
}

impl AttackCounts {
    /// Counts one more attack, by a piece of `tier`, on every square of
    /// `attacks` (the king's tier, `TIERS`, has no map of its own).
    #[inline(always)]
    fn add(&mut self, tier: usize, attacks: BitBoard) {
        if let Some(map) = self.by_tier.get_mut(tier) {
            *map |= attacks;
        }
        let mut carry = attacks;
        for digit in &mut self.digits {
            let next = *digit & carry;
            *digit ^= carry;
            carry = next;
            if carry.is_empty() {
                break;
            }
        }
    }

    /// How many pieces attack `sq`.
    #[inline(always)]
    pub fn at(&self, sq: Square) -> i32 {
        self.digits
            .iter()
            .enumerate()
            .map(|(bit, digit)| i32::from(digit.has(sq)) << bit)
            .sum()
    }

    /// Every square attacked at least once.
    #[inline(always)]
    pub fn any(&self) -> BitBoard {
        self.digits[0] | self.digits[1] | self.digits[2] | self.digits[3]
    }

    /// The attacks on the squares of `mask`, added up.
    #[inline(always)]
    pub fn total_on(&self, mask: BitBoard) -> i32 {
        self.digits
            .iter()
            .enumerate()
            .map(|(bit, digit)| ((*digit & mask).count() as i32) << bit)
            .sum()
    }

    /// The squares these attacks outnumber or equal `other`'s, compared
    /// digit by digit from the highest (every square at once).
    #[inline(always)]
    pub fn at_least(&self, other: &AttackCounts) -> BitBoard {
        let mut greater = BitBoard::EMPTY;
        let mut equal = !BitBoard::EMPTY;
        for (&ours, &theirs) in self.digits.iter().zip(&other.digits).rev() {
            greater |= equal & ours & !theirs;
            equal &= !(ours ^ theirs);
        }
        greater | equal
    }

    /// The squares attacked by this side's pieces of `tier`.
    #[inline(always)]
    pub fn by_tier(&self, tier: usize) -> BitBoard {
        self.by_tier[tier]
    }

    /// The squares attacked exactly once.
    #[inline(always)]
    pub fn once(&self) -> BitBoard {
        self.digits[0] & !(self.digits[1] | self.digits[2] | self.digits[3])
    }

    /// The cheapest tier attacking `sq`, if any piece but the king does.
    #[inline(always)]
    pub fn cheapest_tier(&self, sq: Square) -> Option<usize> {
        self.by_tier.iter().position(|map| map.has(sq))
    }
}

/// Both sides' attack counts.
pub struct AttackMap {
    counts: [AttackCounts; 2],
}

impl AttackMap {
    #[inline(always)]
    pub fn new(pos: &Position) -> AttackMap {
        AttackMap {
            // Not `array::map`: its closure is compiled inside the generic
            // `map`, outside the evaluation's popcnt copy.
            counts: [
                side_counts(pos, Color::Sente),
                side_counts(pos, Color::Gote),
            ],
        }
    }

    #[inline(always)]
    pub fn of(&self, color: Color) -> &AttackCounts {
        &self.counts[color.index()]
    }
}

/// A slider's attack set from a square, given the occupied squares.
type SliderReach = fn(Square, BitBoard) -> BitBoard;

#[inline(always)]
fn side_counts(pos: &Position, color: Color) -> AttackCounts {
    let occupied = pos.occupied();
    let mut counts = AttackCounts::default();
    // Two pawns never attack the same square (one pawn a file, each
    // attacking the square in front), so all of them are one addition. No
    // unpromoted pawn stands on its last rank, so the shift never wraps.
    let pawns = pos.pieces_of(color, PieceKind::Pawn);
    let pawn_reach = match color {
        Color::Sente => pawns.shift_up(),
        Color::Gote => pawns.shift_down(),
    };
    counts.add(tier(PieceKind::Pawn), pawn_reach);
    for sq in pos.pieces_of(color, PieceKind::Lance) {
        counts.add(tier(PieceKind::Lance), lance_attacks(color, sq, occupied));
    }
    for sq in pos.pieces_of(color, PieceKind::Knight) {
        counts.add(tier(PieceKind::Knight), knight_attacks(color, sq));
    }
    for sq in pos.pieces_of(color, PieceKind::Silver) {
        counts.add(tier(PieceKind::Silver), silver_attacks(color, sq));
    }
    for sq in pos.gold_movers() & pos.pieces(color) {
        counts.add(tier(PieceKind::Gold), gold_attacks(color, sq));
    }
    // Bishops and rooks, and their promotions which add the king's steps.
    let sliders: [(PieceKind, PieceKind, SliderReach); 2] = [
        (PieceKind::Bishop, PieceKind::Horse, bishop_attacks),
        (PieceKind::Rook, PieceKind::Dragon, rook_attacks),
    ];
    for (plain, promoted, reach) in sliders {
        let promoted_ones = pos.pieces_of(color, promoted);
        for sq in pos.pieces_of(color, plain) | promoted_ones {
            let (kind, steps) = if promoted_ones.has(sq) {
                (promoted, king_attacks(sq))
            } else {
                (plain, BitBoard::EMPTY)
            };
            counts.add(tier(kind), reach(sq, occupied) | steps);
        }
    }
    if let Some(king) = pos.king_square(color) {
        counts.add(tier(PieceKind::King), king_attacks(king));
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::random_game::random_game;

    /// The counts agree with asking each square for its attackers.
    fn assert_counts_match(pos: &Position) {
        let map = AttackMap::new(pos);
        for color in [Color::Sente, Color::Gote] {
            for sq in Square::all() {
                let expected = pos.attackers_to(sq, color, pos.occupied()).count() as i32;
                assert_eq!(map.of(color).at(sq), expected, "{color:?} on {sq}");
            }
        }
    }

    #[test]
    fn counts_match_the_attackers_of_every_square() {
        let game = random_game(12345, 300);
        assert!(game.len() > 100, "the game went on: {} plies", game.len());
        for pos in &game {
            assert_counts_match(pos);
        }
    }

    #[test]
    fn whole_board_sums_and_comparisons_match_the_square_counts() {
        for pos in &random_game(777, 200) {
            let map = AttackMap::new(pos);
            let (sente, gote) = (map.of(Color::Sente), map.of(Color::Gote));
            let at_least = sente.at_least(gote);
            let once = sente.once();
            for sq in Square::all() {
                assert_eq!(at_least.has(sq), sente.at(sq) >= gote.at(sq), "{sq}");
                assert_eq!(once.has(sq), sente.at(sq) == 1, "{sq}");
            }
            let mask = king_attacks(pos.king_square(Color::Gote).expect("a game has both kings"));
            let by_square: i32 = mask.into_iter().map(|sq| sente.at(sq)).sum();
            assert_eq!(sente.total_on(mask), by_square);
        }
    }

    #[test]
    fn the_cheapest_attacker_is_found_by_its_tier() {
        // Sente: pawn on 5e (reaching 5d), rook on 5h (reaching 5f, and 5e
        // where the pawn stops it). Gote's bishop on 9a reaches 5e.
        let pos = Position::from_sfen("b3k4/9/9/9/4P4/9/9/4R4/4K4 b - 1").expect("valid sfen");
        let map = AttackMap::new(&pos);
        let sq = |text: &str| Square::parse(text).expect("a square");
        assert_eq!(map.of(Color::Sente).cheapest_tier(sq("5d")), Some(0));
        assert_eq!(map.of(Color::Sente).cheapest_tier(sq("5f")), Some(4));
        assert_eq!(map.of(Color::Gote).cheapest_tier(sq("5e")), Some(4));
        // The king alone is in no tier.
        assert_eq!(map.of(Color::Sente).cheapest_tier(sq("4i")), None);
        assert_eq!(map.of(Color::Sente).at(sq("4i")), 1);
    }
}
