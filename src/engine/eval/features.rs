//! The evaluation's features: what it looks at, as indices into one weight
//! table. The same enumeration serves play ([`super::evaluate`] sums the
//! weights) and tuning (`examples/tune_eval.rs` fits the weights to labelled
//! positions), so the two can never disagree.
//!
//! Everything is seen from one side's point of view (Gote's squares turned
//! round), and files are folded (file 1 and file 9 share a weight), so the
//! evaluation is the same for both colours and in a mirror by construction.
//!
//! Every function here (and in the attack map) is `#[inline(always)]`: the
//! evaluation is compiled twice, with and without the `popcnt` instruction
//! ([`super::evaluate`] picks one at run time), and a call left out of line
//! would run without it.
//!
//! - `PLACEMENT`: each kind on each (folded) square; this holds the
//!   material value too.
//! - `NEAR_OWN_KING`, `NEAR_ENEMY_KING`: each kind by its offset from its own
//!   king and from the enemy king (ranks forward/back, files either way):
//!   castles, attackers and defenders.
//! - `HAND`: for each kind, having one in hand at all (the choice of where
//!   to drop it), and how many.
//! - `KING_DANGER`: a count of threats around the king (enemy pieces near
//!   it, attacked squares, enemy pieces in hand, missing escapes), and its
//!   square, so danger grows faster than linearly.
//! - `MOBILITY`: squares reached by rooks and by bishops.
//! - `THREATS`: what the side could lose to a capture: its two largest
//!   threatened gains (a piece attacked and undefended, or attacked by a
//!   cheaper piece), apart for the side to move (which can save one piece,
//!   not two) and the side that just moved (whose piece the opponent takes).
//! - `KING_ZONE`, `WEAK_SQUARES`, `DROP_CHECKS`: the king's shelter as the
//!   pieces in hand see it: which tiers of enemy piece attack the squares
//!   next to the king, its weak squares against each kind the enemy holds,
//!   and the squares where a dropped piece would give a check the defence
//!   cannot answer by taking it. In shogi an attack is mostly drops, so
//!   what the enemy holds decides how much a hole costs.
//! - `KING_UNDER_MOVE`: the king features again (danger, zone, weak
//!   squares, drop checks), for the king of the side not to move. In an
//!   attacking race the side to move strikes first, so the same holes cost
//!   more when the enemy has the move. A correction on top of the shared
//!   weights, fitted from zero, so a feature seen rarely keeps close to its
//!   shared weight.
//!
//! Each feature has a second weight, per unit of the game's [`phase`]
//! (what the hands hold and what has promoted): the same hole next to a
//! king, or the move itself, is worth more once pieces are there to drop.

use super::attack_map::{AttackMap, TIERS, tier};
use super::piece_values::capture_value;
use crate::rules::attacks::{
    bishop_attacks, gold_attacks, king_attacks, knight_attacks, lance_attacks, rook_attacks,
    silver_attacks,
};
use crate::rules::{BitBoard, Color, Hand, PieceKind, Position, Square};

const KINDS: usize = PieceKind::COUNT;
/// Folded squares: 9 ranks by 5 files.
const SQUARES: usize = 45;
/// Offsets from a king: 17 rank differences by 9 file distances.
const OFFSETS: usize = 17 * 9;

pub const PLACEMENT: usize = 0;
pub const NEAR_OWN_KING: usize = PLACEMENT + KINDS * SQUARES;
pub const NEAR_ENEMY_KING: usize = NEAR_OWN_KING + KINDS * OFFSETS;
pub const HAND: usize = NEAR_ENEMY_KING + KINDS * OFFSETS;
pub const KING_DANGER: usize = HAND + 14;
pub const MOBILITY: usize = KING_DANGER + 2;
/// The side to move's bonus; counted once, for the side to move.
pub const TEMPO: usize = MOBILITY + 2;
/// Largest and second-largest threatened gain, for the side to move (two
/// features), then for the other side (two).
pub const THREATS: usize = TEMPO + 1;
/// For each tier, the squares next to the king its enemy attacks with a
/// piece of that tier (which attackers, not only how many).
pub const KING_ZONE: usize = THREATS + 4;
/// The king's weak squares (next to it, empty or the enemy's, guarded by
/// the king alone) times each kind the enemy holds in hand (P L N S B R G):
/// where a dropped piece would bite; then those weak squares the enemy
/// already attacks.
pub const WEAK_SQUARES: usize = KING_ZONE + TIERS;
/// Safe drop checks against the king, for each kind the enemy holds (L N S
/// G B R): empty squares from which a dropped piece of that kind would
/// give check, guarded by no defender but the king (and, next to the king,
/// attacked by the enemy, so the king cannot take). Squares next to the
/// king count one each; distant ones count one in all.
pub const DROP_CHECKS: usize = WEAK_SQUARES + 8;
/// The king features again (`KING_DANGER`, then `KING_ZONE` through
/// `DROP_CHECKS`), counted only for the king of the side that is not to
/// move: the side to move can strike first, so an exposed king costs more
/// when its enemy has the move. Fitted as a correction on top of the
/// shared weights.
pub const KING_UNDER_MOVE: usize = DROP_CHECKS + 6;
pub const COUNT: usize = KING_UNDER_MOVE + 2 + (KING_UNDER_MOVE - KING_ZONE);
/// Every feature has two weights: a plain one (index `i`), and one per unit
/// of the game's phase (index `COUNT + i`), so a feature can matter more or
/// less as the game goes on.
pub const WEIGHT_COUNT: usize = 2 * COUNT;
/// The phase of a game once it is well into the fight.
pub const PHASE_MAX: i32 = 16;

/// How far the game has gone, 0 (the start) to `PHASE_MAX`: pieces in hand
/// (two units each, a pawn one and no more than four pawns a side) and
/// promoted pieces on the board (two units each). In shogi, material
/// taken is soon dropped back at a king: what the hands hold, more than what
/// is left on the board, tells an opening from an attacking race.
#[inline(always)]
pub fn phase(pos: &Position) -> i32 {
    let mut units = 0;
    for color in [Color::Sente, Color::Gote] {
        let hand = pos.hand(color);
        units += (hand.count(PieceKind::Pawn) as i32).min(4);
        units += 2 * (hand.total() as i32 - hand.count(PieceKind::Pawn) as i32);
    }
    let promoted = (pos.gold_movers() & !pos.pieces_of_kind(PieceKind::Gold))
        | pos.pieces_of_kind(PieceKind::Horse)
        | pos.pieces_of_kind(PieceKind::Dragon);
    units += 2 * promoted.count() as i32;
    units.min(PHASE_MAX)
}

/// Where a king feature's correction for the king under the move lies
/// (`king_feature` one of `KING_DANGER`'s two or `KING_ZONE` through
/// `DROP_CHECKS`).
#[inline(always)]
fn under_move_index(king_feature: usize) -> usize {
    debug_assert!(
        (KING_DANGER..KING_DANGER + 2).contains(&king_feature)
            || (KING_ZONE..KING_UNDER_MOVE).contains(&king_feature)
    );
    if king_feature < KING_ZONE {
        KING_UNDER_MOVE + (king_feature - KING_DANGER)
    } else {
        KING_UNDER_MOVE + 2 + (king_feature - KING_ZONE)
    }
}

/// A square seen from `color`'s side: (rank 0..9 counted from the far
/// side, file 0..9).
#[inline(always)]
fn relative(sq: Square, color: Color) -> (i32, i32) {
    let sq = match color {
        Color::Sente => sq,
        Color::Gote => sq.rotate(),
    };
    (sq.rank() as i32 - 1, sq.file() as i32 - 1)
}

#[inline(always)]
pub fn placement_index(kind: PieceKind, rank: i32, file: i32) -> usize {
    let folded = file.min(8 - file);
    PLACEMENT + kind.index() * SQUARES + (rank * 5 + folded) as usize
}

#[inline(always)]
pub fn offset_index(kind: PieceKind, from_king: (i32, i32)) -> usize {
    let (dr, df) = from_king;
    kind.index() * OFFSETS + ((dr + 8) * 9 + df.abs()) as usize
}

/// The hand feature of `kind` (P L N S B R G): whether any is held, or
/// how many.
#[inline(always)]
pub fn hand_index(kind: PieceKind, count: bool) -> usize {
    HAND + 2 * kind.index().min(6) + usize::from(count)
}

/// Where the evaluation takes `color`'s king to stand: its square, or, for
/// the attacker of a mate problem set up without a king, its starting square
/// (5i or 5a), out of the way of a problem's play. Only the evaluation's
/// geometry reads this stand-in; the rules know there is no king.
#[inline(always)]
pub fn king_or_home(pos: &Position, color: Color) -> Square {
    pos.king_square(color).unwrap_or(match color {
        Color::Sente => Square::SENTE_KING_HOME,
        Color::Gote => Square::GOTE_KING_HOME,
    })
}

/// Calls `add(index, count)` for every feature of the position, from the
/// side to move's point of view: its own features count up, the
/// opponent's down, and the tempo once.
#[inline(always)]
pub fn features(pos: &Position, add: &mut impl FnMut(usize, i32)) {
    let us = pos.side_to_move();
    let map = AttackMap::new(pos);
    add(TEMPO, 1);
    side_features(pos, us, &map, add);
    side_features(pos, !us, &map, &mut |i, n| add(i, -n));
}

/// Calls `add(index, count)` for every feature of `color`'s side.
#[inline(always)]
fn side_features(pos: &Position, color: Color, map: &AttackMap, add: &mut impl FnMut(usize, i32)) {
    let own_king = relative(king_or_home(pos, color), color);
    let enemy_king = relative(king_or_home(pos, !color), color);
    for sq in pos.pieces(color) {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        let (rank, file) = relative(sq, color);
        add(placement_index(piece.kind, rank, file), 1);
        if piece.kind != PieceKind::King {
            let own = (rank - own_king.0, file - own_king.1);
            add(NEAR_OWN_KING + offset_index(piece.kind, own), 1);
        }
        let enemy = (rank - enemy_king.0, file - enemy_king.1);
        add(NEAR_ENEMY_KING + offset_index(piece.kind, enemy), 1);
    }
    let hand = pos.hand(color);
    for kind in PieceKind::HAND {
        let count = hand.count(kind) as i32;
        if count > 0 {
            add(hand_index(kind, false), 1);
            add(hand_index(kind, true), count);
        }
    }
    let under_move = color != pos.side_to_move();
    let mut king_add = |i: usize, n: i32| {
        add(i, n);
        if under_move {
            add(under_move_index(i), n);
        }
    };
    king_shelter(pos, color, map, &mut king_add);
    let danger = king_danger_units(pos, color, map);
    king_add(KING_DANGER, danger);
    king_add(KING_DANGER + 1, danger * danger / 8);
    let (rook_squares, bishop_squares) = slider_mobility(pos, color);
    add(MOBILITY, rook_squares);
    add(MOBILITY + 1, bishop_squares);
    let [largest, second] = threatened_gains(pos, color, map);
    let base = THREATS + if color == pos.side_to_move() { 0 } else { 2 };
    add(base, largest);
    add(base + 1, second);
}

/// The `KING_ZONE`, `WEAK_SQUARES` and `DROP_CHECKS` features of `color`'s
/// king, which read the same squares around it.
#[inline(always)]
fn king_shelter(pos: &Position, color: Color, map: &AttackMap, add: &mut impl FnMut(usize, i32)) {
    // A side without a king has none to shelter.
    let Some(king) = pos.king_square(color) else {
        return;
    };
    let attacks = map.of(!color);
    let defences = map.of(color);
    let around = king_attacks(king);
    for t in 0..TIERS {
        let n = (attacks.by_tier(t) & around).count() as i32;
        if n > 0 {
            add(KING_ZONE + t, n);
        }
    }
    let hand = pos.hand(!color);
    // Every square next to the king is defended by the king itself: a
    // count of one there is the king alone.
    let king_alone = defences.once() & around;
    let weak = king_alone & !pos.pieces(color);
    let n = weak.count() as i32;
    if n > 0 {
        for (i, kind) in PieceKind::HAND.into_iter().enumerate() {
            if hand.count(kind) > 0 {
                add(WEAK_SQUARES + i, n);
            }
        }
        add(WEAK_SQUARES + 7, (weak & attacks.any()).count() as i32);
    }
    if hand.is_empty() {
        return;
    }
    let occupied = pos.occupied();
    let guarded = defences.any() & !king_alone;
    let safe = !occupied & !guarded & (!around | attacks.any());
    drop_checks(color, king, around, occupied, hand, safe, add);
}

/// The kinds of the `DROP_CHECKS` features, in order (no pawn: a pawn drop
/// may check but never mate).
const DROP_CHECK_KINDS: [PieceKind; 6] = [
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
];

/// The `DROP_CHECKS` features of `color`'s king on `king` (`around` it
/// the squares next to it), given the squares a drop would be `safe` on.
#[inline(always)]
fn drop_checks(
    color: Color,
    king: Square,
    around: BitBoard,
    occupied: BitBoard,
    hand: &Hand,
    safe: BitBoard,
    add: &mut impl FnMut(usize, i32),
) {
    for (i, kind) in DROP_CHECK_KINDS.into_iter().enumerate() {
        if hand.count(kind) == 0 {
            continue;
        }
        // The enemy's piece attacks the king from exactly the squares the
        // same kind of ours reaches from the king's square.
        let from = match kind {
            PieceKind::Lance => lance_attacks(color, king, occupied),
            PieceKind::Knight => knight_attacks(color, king),
            PieceKind::Silver => silver_attacks(color, king),
            PieceKind::Gold => gold_attacks(color, king),
            PieceKind::Bishop => bishop_attacks(king, occupied),
            _ => rook_attacks(king, occupied), // the rook, last of the kinds
        };
        // Every hole next to the king counts; a distant check (a lance,
        // knight, bishop or rook from afar) counts once however many
        // squares it has, as the king can often just step out of it.
        let contact = (from & safe & around).count() as i32;
        let distant = i32::from(!(from & safe & !around).is_empty());
        add(DROP_CHECKS + i, contact + distant);
    }
}

/// Capture value of a typical piece of each tier, for what a capture by
/// the cheapest attacker costs back.
const TIER_VALUE: [i32; 6] = [195, 575, 900, 1000, 1400, 1750];

/// The two largest amounts `color` stands to lose to a single capture: the
/// whole value of a piece attacked and undefended, or the difference when a
/// cheaper piece attacks it. A rough exchange count, with no x-rays or pins.
#[inline(always)]
fn threatened_gains(pos: &Position, color: Color, map: &AttackMap) -> [i32; 2] {
    let attackers = map.of(!color);
    let defenders = map.of(color);
    let targets = pos.pieces(color) & attackers.any() & !pos.pieces_of(color, PieceKind::King);
    let mut gains = [0, 0];
    for sq in targets {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        let value = capture_value(piece.kind);
        let gain = if defenders.at(sq) == 0 {
            value
        } else {
            match attackers.cheapest_tier(sq) {
                Some(cheapest) if cheapest < tier(piece.kind) => value - TIER_VALUE[cheapest],
                _ => continue,
            }
        };
        if gain > gains[0] {
            gains = [gain, gains[0]];
        } else if gain > gains[1] {
            gains[1] = gain;
        }
    }
    gains
}

/// Squares reached by `color`'s rooks (and dragons), and by its bishops (and
/// horses), not counting its own pieces.
#[inline(always)]
fn slider_mobility(pos: &Position, color: Color) -> (i32, i32) {
    let occupied = pos.occupied();
    let ours = pos.pieces(color);
    let rooks =
        (pos.pieces_of_kind(PieceKind::Rook) | pos.pieces_of_kind(PieceKind::Dragon)) & ours;
    let bishops =
        (pos.pieces_of_kind(PieceKind::Bishop) | pos.pieces_of_kind(PieceKind::Horse)) & ours;
    let mut rook_squares = 0;
    for sq in rooks {
        rook_squares += (rook_attacks(sq, occupied) & !ours).count() as i32;
    }
    let mut bishop_squares = 0;
    for sq in bishops {
        bishop_squares += (bishop_attacks(sq, occupied) & !ours).count() as i32;
    }
    (rook_squares, bishop_squares)
}

/// Squares within two king steps of each square (a 5×5 box).
static NEAR2: [BitBoard; 81] = near2_table();

const fn near2_table() -> [BitBoard; 81] {
    let mut table = [BitBoard::EMPTY; 81];
    let mut a: usize = 0;
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
        table[a] = BitBoard(bits);
        a += 1;
    }
    table
}

#[inline(always)]
fn near2(sq: Square) -> BitBoard {
    NEAR2[sq.index()]
}

/// How threatened `color`'s king is, in units: enemy pieces within two
/// steps, enemy pieces in hand (any of them can be dropped beside it),
/// squares next to it the enemy attacks (more where the enemy outnumbers the
/// defence), too few free escape squares, less for each gold or silver
/// guarding it.
#[inline(always)]
fn king_danger_units(pos: &Position, color: Color, map: &AttackMap) -> i32 {
    let them = !color;
    let Some(king) = pos.king_square(color) else {
        return 0;
    };
    let near = near2(king);
    let theirs = pos.pieces(them) & near;
    let count = |kind: PieceKind| (pos.pieces_of_kind(kind) & theirs).count() as i32;
    let mut units = count(PieceKind::Pawn)
        + 2 * (count(PieceKind::Lance) + count(PieceKind::Knight))
        + 3 * (count(PieceKind::Silver) + count(PieceKind::Bishop) + count(PieceKind::Rook))
        + 4 * (pos.gold_movers() & theirs).count() as i32
        + 6 * (count(PieceKind::Horse) + count(PieceKind::Dragon));
    let hand = pos.hand(them);
    units += 4 * hand.count(PieceKind::Rook) as i32
        + 3 * hand.count(PieceKind::Bishop) as i32
        + 3 * hand.count(PieceKind::Gold) as i32
        + 3 * hand.count(PieceKind::Silver) as i32
        + 2 * hand.count(PieceKind::Knight) as i32
        + hand.count(PieceKind::Lance) as i32
        + (hand.count(PieceKind::Pawn) as i32).min(3);
    let own = pos.pieces(color);
    let (attacks, defences) = (map.of(them), map.of(color));
    let around = king_attacks(king);
    let attacked = around & attacks.any();
    let escapes = (around & !attacked & !own).count() as i32;
    // Attacked more often than defended. The king itself defends every
    // square around it and is not counted: attackers > defenders - 1.
    let outnumbered = attacked & attacks.at_least(defences);
    units += 2 * attacks.total_on(around) + 3 * outnumbered.count() as i32;
    units += 2 * (2 - escapes).max(0);
    let guards = (own & near & pos.gold_movers()).count() as i32
        + (pos.pieces_of(color, PieceKind::Silver) & near).count() as i32;
    units -= 2 * guards.min(4);
    units.clamp(0, 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gains(sfen: &str, color: Color) -> [i32; 2] {
        let pos = Position::from_sfen(sfen).expect("valid sfen");
        threatened_gains(&pos, color, &AttackMap::new(&pos))
    }

    /// The position's features, summed per index, from the side to move's
    /// point of view.
    fn feature_sums(sfen: &str) -> std::collections::HashMap<usize, i32> {
        let pos = Position::from_sfen(sfen).expect("valid sfen");
        let mut sums = std::collections::HashMap::new();
        features(&pos, &mut |i, n| *sums.entry(i).or_insert(0) += n);
        sums
    }

    #[test]
    fn the_king_zone_counts_attackers_by_tier_and_weak_squares_by_hand() {
        // Sente's rook on 9b sweeps rank b: 6b, 5b and 4b, next to Gote's
        // king on 5a. Sente holds a gold. Gote's king guards its five
        // neighbours alone.
        let sums = feature_sums("4k4/R8/9/9/9/9/9/9/4K4 b G 1");
        let zone: Vec<i32> = (KING_ZONE..DROP_CHECKS)
            .map(|i| sums.get(&i).copied().unwrap_or(0))
            .collect();
        // Counted against Gote, the side not to move: negative.
        let mut expected = vec![0; DROP_CHECKS - KING_ZONE];
        expected[tier(PieceKind::Rook)] = -3;
        expected[TIERS + 6] = -5; // five weak squares, a gold in hand
        expected[TIERS + 7] = -3; // of which the rook attacks three
        assert_eq!(zone, expected);
        // A gold on 6a guards 6b and 5b: only 4a and 4b stay weak, and the
        // rook attacks 4b.
        let guarded = feature_sums("3gk4/R8/9/9/9/9/9/9/4K4 b G 1");
        let sum = |i: usize| guarded.get(&i).copied().unwrap_or(0);
        assert_eq!(sum(WEAK_SQUARES + 6), -2);
        assert_eq!(sum(WEAK_SQUARES + 7), -1);
    }

    #[test]
    fn the_king_of_the_side_not_to_move_counts_its_king_features_again() {
        let sum = |sums: &std::collections::HashMap<usize, i32>, i: usize| {
            sums.get(&i).copied().unwrap_or(0)
        };
        let king_features: Vec<usize> = (KING_DANGER..KING_DANGER + 2)
            .chain(KING_ZONE..KING_UNDER_MOVE)
            .collect();
        // Sente's rook on 9b attacks three squares next to Gote's king on
        // 5a, and Sente holds a gold; Gote has nothing to attack Sente's
        // king with, so every king feature is Gote's.
        // With Sente to move, Gote's king is under the move: each of its
        // king features counts again (against Gote, negative).
        let sente = feature_sums("4k4/R8/9/9/9/9/9/9/4K4 b G 1");
        for &i in &king_features {
            assert_eq!(sum(&sente, under_move_index(i)), sum(&sente, i), "{i}");
        }
        let gold_weak = WEAK_SQUARES + 6;
        assert_eq!(sum(&sente, under_move_index(gold_weak)), -5);
        assert!(sum(&sente, under_move_index(KING_DANGER)) < 0);
        // With Gote to move its king's features count for it, once: the
        // king under the move is Sente's, which nothing threatens.
        let gote = feature_sums("4k4/R8/9/9/9/9/9/9/4K4 w G 1");
        assert_eq!(sum(&gote, gold_weak), 5);
        for &i in &king_features {
            assert_eq!(sum(&gote, under_move_index(i)), 0, "{i}");
        }
    }

    #[test]
    fn the_phase_counts_pieces_in_hand_and_promoted_pieces() {
        let phase_of = |sfen: &str| phase(&Position::from_sfen(sfen).expect("valid sfen"));
        assert_eq!(phase_of(crate::rules::START_SFEN), 0);
        // A bishop each in hand (2 + 2) and three pawns (3).
        assert_eq!(phase_of("4k4/9/9/9/9/9/9/9/4K4 b Bb3p 1"), 7);
        // Pawns count four at most a side; a tokin and a horse two each.
        assert_eq!(phase_of("4k4/9/4+P4/9/9/9/4+B4/9/4K4 b 9P 1"), 8);
        // A race where both hands are full counts no more than the maximum.
        assert_eq!(
            phase_of("4k4/9/9/9/9/9/9/9/4K4 b RBGSNLrbgsnl 1"),
            PHASE_MAX
        );
    }

    #[test]
    fn drop_checks_count_the_squares_the_defence_cannot_answer() {
        let sum = |sums: &std::collections::HashMap<usize, i32>, i: usize| {
            sums.get(&i).copied().unwrap_or(0)
        };
        let (gold, rook) = (DROP_CHECKS + 3, DROP_CHECKS + 5);
        // Gote holds a gold and a rook; Sente's king on 5i stands alone. A
        // gold dropped beside it is taken by the king: no safe gold check.
        // A rook checks from afar (5b-5g, 1i-3i, 7i-9i): one in all.
        let alone = feature_sums("4k4/9/9/9/9/9/9/9/4K4 b gr 1");
        assert_eq!((sum(&alone, gold), sum(&alone, rook)), (0, 1));
        // A Gote silver on 5g covers 4h, 5h and 6h: a gold drop there is
        // safe, and the rook's file is cut to 5h, a contact check; its
        // checks along rank i are still there, one more.
        let covered = feature_sums("4k4/9/9/9/9/9/4s4/9/4K4 b gr 1");
        assert_eq!((sum(&covered, gold), sum(&covered, rook)), (3, 2));
        // With nothing in hand there is no drop check to count.
        let empty = feature_sums("4k4/9/9/9/9/9/4s4/9/4K4 b - 1");
        assert_eq!(sum(&empty, rook), 0);
    }

    #[test]
    fn an_undefended_attacked_piece_is_threatened_whole() {
        // Gote's bishop on 9a attacks the pawn on 5e; nothing defends it.
        let pawn = capture_value(PieceKind::Pawn);
        assert_eq!(
            gains("b3k4/9/9/9/4P4/9/9/9/4K4 b R 1", Color::Sente),
            [pawn, 0]
        );
        // With the rook behind it, a bishop is no cheaper: no threat.
        assert_eq!(
            gains("b3k4/9/9/9/4P4/9/9/4R4/4K4 b - 1", Color::Sente),
            [0, 0]
        );
    }

    #[test]
    fn a_piece_attacked_by_a_cheaper_one_is_threatened_even_defended() {
        let rook = capture_value(PieceKind::Rook);
        // Gote's pawn on 5d attacks the rook on 5e.
        assert_eq!(
            gains("4k4/9/9/4p4/4R4/9/9/9/4K4 b - 1", Color::Sente),
            [rook, 0]
        );
        // Defended by a gold, the rook still costs the exchange.
        let defended = gains("4k4/9/9/4p4/4R4/4G4/9/9/4K4 b - 1", Color::Sente);
        assert_eq!(defended, [rook - TIER_VALUE[0], 0]);
        // The pawn itself hangs to the rook.
        let pawn = capture_value(PieceKind::Pawn);
        assert_eq!(
            gains("4k4/9/9/4p4/4R4/4G4/9/9/4K4 b - 1", Color::Gote),
            [pawn, 0]
        );
        // Two threats: the rook to the pawn, the pawn on 7c to the bishop.
        assert_eq!(
            gains("b3k4/9/2P6/4p4/4R4/9/9/9/4K4 b - 1", Color::Sente),
            [rook, capture_value(PieceKind::Pawn)]
        );
    }
}
