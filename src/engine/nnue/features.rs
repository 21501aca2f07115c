//! The network's inputs: which pieces stand where and what is in hand, seen
//! from one side (a "perspective").
//!
//! Each side sees the board from its own seat: Gote's view is the board turned
//! round, so "own pawn on the square in front of own king" is one input for
//! both sides and a net learns one game, not two. The view is also mirrored
//! left to right when the side's own king stands on the left half, so a king
//! castled on either wing looks the same.
//!
//! A network reads one of two input sets ([`InputSet`]), named in its file.
//! [`InputSet::Pieces`], 2,344 inputs:
//! - board: own or enemy × 14 piece kinds × 81 squares (2,268);
//! - hand: own or enemy × one input per piece of a kind held, up to the most a
//!   hand can hold (18 pawns, 4 lances, knights, silvers and golds, 2 bishops
//!   and rooks: 38 a side), so two pawns in hand light the first two pawn inputs.
//!
//! [`InputSet::KingZones`] adds 1,400 inputs that place pieces relative to the
//! kings, where the attacking race is decided: each king's zone is the 5 × 5
//! squares from one rank behind it to three ranks in front of it (as that king
//! faces) and two files to either side, and a piece in the own king's zone or
//! the enemy king's lights one more input each: zone × own or enemy × kind ×
//! its square within the zone. A piece on the same squares means another thing
//! next to the own king (a defender, or an attacker at the door) than out on the
//! board, and the pieces-on-squares inputs alone cannot say where the kings are.

use crate::engine::eval::features::king_or_home;
use crate::rules::{Color, PieceKind, Position, Square};

const KINDS: usize = PieceKind::COUNT;
const BOARD: usize = 2 * KINDS * Square::COUNT;
/// How many of each kind a hand can hold, in [`PieceKind::HAND`] order.
const HAND_MOST: [usize; 7] = [18, 4, 4, 4, 2, 2, 4];
const HAND_PER_SIDE: usize = 38;
/// The inputs of [`InputSet::Pieces`]; the king zones' follow them.
const PIECES_COUNT: usize = BOARD + 2 * HAND_PER_SIDE;

/// A king zone's extent: files to either side, ranks behind and in front.
const ZONE_SIDE: i32 = 2;
const ZONE_BEHIND: i32 = 1;
const ZONE_AHEAD: i32 = 3;
const ZONE_FILES: usize = (2 * ZONE_SIDE + 1) as usize;
const ZONE_CELLS: usize = ZONE_FILES * (ZONE_BEHIND + 1 + ZONE_AHEAD) as usize;
/// Own king's zone and the enemy king's, each own or enemy × kind × cell.
const ZONES_COUNT: usize = 2 * 2 * KINDS * ZONE_CELLS;

/// Which inputs a network reads (its file says which).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InputSet {
    /// Pieces on squares and in hand.
    Pieces,
    /// Those, and the pieces within either king's zone by their place there.
    KingZones,
}

impl InputSet {
    pub const ALL: [InputSet; 2] = [InputSet::Pieces, InputSet::KingZones];

    /// The number of inputs of one perspective.
    pub const fn count(self) -> usize {
        match self {
            InputSet::Pieces => PIECES_COUNT,
            InputSet::KingZones => PIECES_COUNT + ZONES_COUNT,
        }
    }

    /// At most this many inputs are on at once: every one of the 40 pieces
    /// lights one, on the board or in a hand, and each other square of a king
    /// zone may hold a piece that lights one more.
    pub const fn most_active(self) -> usize {
        match self {
            InputSet::Pieces => 40,
            InputSet::KingZones => 40 + 2 * (ZONE_CELLS - 1),
        }
    }

    /// The set's name on the trainer's command line.
    pub const fn name(self) -> &'static str {
        match self {
            InputSet::Pieces => "pieces",
            InputSet::KingZones => "king-zones",
        }
    }

    /// The set a name names.
    pub fn named(name: &str) -> Option<InputSet> {
        InputSet::ALL.into_iter().find(|set| set.name() == name)
    }
}

impl std::fmt::Display for InputSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Where each hand kind's inputs start within a side's hand block.
const HAND_OFFSET: [usize; 7] = {
    let mut offsets = [0; 7];
    let mut i = 1;
    while i < 7 {
        offsets[i] = offsets[i - 1] + HAND_MOST[i - 1];
        i += 1;
    }
    offsets
};

/// How one side sees squares: turned round for Gote, mirrored when its king
/// stands on the left half; for the king zones, where both kings stand in it.
/// Two views are equal when every input of every piece is the same in both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct View {
    side: Color,
    mirror: bool,
    set: InputSet,
    /// The kings' squares in this view (own, enemy); 0 when the set has no
    /// king zones, so that a king move changes no view of such a set.
    kings: [u8; 2],
}

impl View {
    pub(super) fn of(pos: &Position, side: Color, set: InputSet) -> View {
        let mut view = View::of_nothing(side);
        let king = view.square(king_or_home(pos, side));
        // Files 6 to 9 from the side's own seat: the left half.
        view.mirror = king / 9 > 4;
        if set == InputSet::KingZones {
            view.set = set;
            view.kings = [
                view.square(king_or_home(pos, side)) as u8,
                view.square(king_or_home(pos, !side)) as u8,
            ];
        }
        view
    }

    /// A view of no position yet (before a first evaluation).
    pub(super) fn of_nothing(side: Color) -> View {
        View {
            side,
            mirror: false,
            set: InputSet::Pieces,
            kings: [0; 2],
        }
    }

    #[inline]
    fn square(self, sq: Square) -> usize {
        let turned = match self.side {
            Color::Sente => sq.index(),
            Color::Gote => Square::COUNT - 1 - sq.index(),
        };
        if self.mirror {
            (8 - turned / 9) * 9 + turned % 9
        } else {
            turned
        }
    }

    /// Calls `input` with each input a `color` piece of `kind` on `sq` lights:
    /// its square's, and for the king zones its place in either king's zone.
    #[inline]
    pub(super) fn board_inputs(
        self,
        color: Color,
        kind: PieceKind,
        sq: Square,
        input: &mut impl FnMut(usize),
    ) {
        let owner = usize::from(color != self.side);
        let at = self.square(sq);
        input((owner * KINDS + kind.index()) * Square::COUNT + at);
        if self.set != InputSet::KingZones {
            return;
        }
        let (file, rank) = ((at / 9) as i32, (at % 9) as i32);
        for (zone, &king) in self.kings.iter().enumerate() {
            let king = usize::from(king);
            if king == at {
                // A king is always at the middle of its own zone: no news.
                continue;
            }
            let (king_file, king_rank) = ((king / 9) as i32, (king % 9) as i32);
            let beside = file - king_file;
            // In this view the own king faces rank 1 and the enemy king rank 9.
            let ahead = if zone == 0 {
                king_rank - rank
            } else {
                rank - king_rank
            };
            if beside.abs() <= ZONE_SIDE && (-ZONE_BEHIND..=ZONE_AHEAD).contains(&ahead) {
                let cell =
                    (ahead + ZONE_BEHIND) as usize * ZONE_FILES + (beside + ZONE_SIDE) as usize;
                input(
                    PIECES_COUNT + ((zone * 2 + owner) * KINDS + kind.index()) * ZONE_CELLS + cell,
                );
            }
        }
    }

    /// The input of the `nth` (from 0) piece of the `slot`th hand kind held by `color`.
    #[inline]
    pub(super) fn hand_input(self, color: Color, slot: usize, nth: usize) -> usize {
        let owner = usize::from(color != self.side);
        BOARD + owner * HAND_PER_SIDE + HAND_OFFSET[slot] + nth
    }
}

/// How many of the `slot`th hand kind light an input: a hand holding more
/// than [`HAND_MOST`] lights no more.
#[inline]
pub(super) fn hand_lit(pos: &Position, color: Color, slot: usize) -> usize {
    usize::from(pos.hand(color).count(PieceKind::HAND[slot])).min(HAND_MOST[slot])
}

/// Calls `active` with each input of `set` that is on in `pos` from `side`'s view.
#[inline]
pub fn active(set: InputSet, pos: &Position, side: Color, active: &mut impl FnMut(usize)) {
    let view = View::of(pos, side, set);
    for color in [Color::Sente, Color::Gote] {
        for kind in PieceKind::ALL {
            for sq in pos.pieces_of(color, kind) {
                view.board_inputs(color, kind, sq, active);
            }
        }
        for slot in 0..PieceKind::HAND.len() {
            for nth in 0..hand_lit(pos, color, slot) {
                active(view.hand_input(color, slot, nth));
            }
        }
    }
}

/// The inputs that are on, as a list (for training, where speed matters less).
pub fn active_list(set: InputSet, pos: &Position, side: Color) -> Vec<u16> {
    let mut list = Vec::with_capacity(set.most_active());
    active(set, pos, side, &mut |i| list.push(i as u16));
    list
}

#[cfg(test)]
/// The SFEN of the same position with the colours swapped and the board
/// turned round.
pub(super) fn turned(sfen: &str) -> String {
    let fields: Vec<&str> = sfen.split(' ').collect();
    let swap = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    let rows: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|row| {
            let mut tokens: Vec<String> = Vec::new();
            let mut promoted = false;
            for c in row.chars() {
                if c == '+' {
                    promoted = true;
                } else {
                    let letter = swap(c).to_string();
                    tokens.push(if promoted {
                        format!("+{letter}")
                    } else {
                        letter
                    });
                    promoted = false;
                }
            }
            tokens.reverse();
            tokens.concat()
        })
        .collect();
    let side = if fields[1] == "b" { "w" } else { "b" };
    let hand: String = fields[2].chars().map(swap).collect();
    format!("{} {side} {hand} 1", rows.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(sfen: &str) -> Position {
        Position::from_sfen(sfen).expect("a test position")
    }

    #[test]
    fn the_start_lights_one_input_a_piece_and_one_a_piece_in_a_king_zone() {
        let start = Position::startpos();
        for side in [Color::Sente, Color::Gote] {
            let list = active_list(InputSet::Pieces, &start, side);
            assert_eq!(list.len(), 40);
            assert!(
                list.iter()
                    .all(|&i| usize::from(i) < InputSet::Pieces.count())
            );
            let zones = active_list(InputSet::KingZones, &start, side);
            let count = InputSet::KingZones.count();
            assert!(zones.iter().all(|&i| usize::from(i) < count));
            // Each king's zone at the start, from one rank behind it (off the
            // board) to three in front and two files aside, holds two golds,
            // two silvers and five pawns (the rook and bishop stand outside).
            let in_zones = zones.iter().filter(|&&i| usize::from(i) >= PIECES_COUNT);
            assert_eq!(in_zones.count(), 2 * 9, "{zones:?}");
            assert!(zones.len() <= InputSet::KingZones.most_active());
        }
    }

    #[test]
    fn each_side_sees_the_same_inputs_in_a_position_turned_round() {
        let sfens = [
            "ln5nl/2r2gk2/1p2sgbpp/p1spppp2/2P6/P1SPPPP1P/1PG1S1G2/3K3R1/LN5NL w Pp 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        ];
        for set in InputSet::ALL {
            for sfen in sfens {
                let a = pos(sfen);
                let b = pos(&turned(sfen));
                for side in [Color::Sente, Color::Gote] {
                    let mut seen = active_list(set, &a, side);
                    let mut turned_seen = active_list(set, &b, !side);
                    seen.sort_unstable();
                    turned_seen.sort_unstable();
                    assert_eq!(seen, turned_seen, "{set}: {sfen}");
                }
            }
        }
    }

    #[test]
    fn pieces_in_hand_light_one_input_each_up_to_the_most() {
        let start = pos("4k4/9/9/9/9/9/9/9/4K4 b 2P3p 1");
        let own = active_list(InputSet::Pieces, &start, Color::Sente);
        // Two kings, two own pawns in hand, three enemy pawns.
        assert_eq!(own.len(), 7);
        assert!(own.contains(&(BOARD as u16)) && own.contains(&(BOARD as u16 + 1)));
        assert!(own.contains(&((BOARD + HAND_PER_SIDE + 2) as u16)));
    }

    /// The king-zone inputs of `side`'s view of `sfen`.
    fn zone_inputs(sfen: &str, side: Color) -> Vec<u16> {
        let mut list: Vec<u16> = active_list(InputSet::KingZones, &pos(sfen), side)
            .into_iter()
            .filter(|&i| usize::from(i) >= PIECES_COUNT)
            .collect();
        list.sort_unstable();
        list
    }

    #[test]
    fn a_piece_lights_a_zone_input_only_within_a_kings_zone() {
        // An enemy gold three ranks in front of Sente's king (5i) is in its
        // zone; four ranks in front it is not; beside Gote's king it is in
        // the other zone.
        assert_eq!(
            zone_inputs("4k4/9/9/9/9/4g4/9/9/4K4 b - 1", Color::Sente).len(),
            1
        );
        assert!(zone_inputs("4k4/9/9/9/4g4/9/9/9/4K4 b - 1", Color::Sente).is_empty());
        assert!(zone_inputs("4k4/9/9/9/9/9/9/9/4K4 b - 1", Color::Sente).is_empty());
        assert_eq!(
            zone_inputs("3gk4/9/9/9/9/9/9/9/4K4 b - 1", Color::Sente).len(),
            1
        );
        // Two ranks behind a king is out of its zone, one rank is in.
        assert!(zone_inputs("4k4/9/9/9/9/9/4K4/9/4G4 b - 1", Color::Sente).is_empty());
        assert_eq!(
            zone_inputs("4k4/9/9/9/9/9/9/4K4/4G4 b - 1", Color::Sente).len(),
            1
        );
        // The same gold at the same distance in front of either king, seen
        // from either side, is not the same input: whose zone it is matters.
        let near_own = zone_inputs("4k4/9/9/9/9/9/4g4/9/4K4 b - 1", Color::Sente);
        let near_enemy = zone_inputs("4k4/9/4G4/9/9/9/9/9/4K4 b - 1", Color::Sente);
        assert_eq!((near_own.len(), near_enemy.len()), (1, 1));
        assert_ne!(near_own, near_enemy);
    }

    #[test]
    fn the_pieces_inputs_are_the_first_of_the_king_zones() {
        let sfen = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
        let position = pos(sfen);
        for side in [Color::Sente, Color::Gote] {
            let pieces = active_list(InputSet::Pieces, &position, side);
            let zones: Vec<u16> = active_list(InputSet::KingZones, &position, side)
                .into_iter()
                .filter(|&i| usize::from(i) < PIECES_COUNT)
                .collect();
            let mut pieces_sorted = pieces.clone();
            pieces_sorted.sort_unstable();
            let mut zones_sorted = zones;
            zones_sorted.sort_unstable();
            assert_eq!(pieces_sorted, zones_sorted);
        }
    }

    #[test]
    fn an_input_set_is_named_by_its_name() {
        for set in InputSet::ALL {
            assert_eq!(InputSet::named(set.name()), Some(set));
        }
        assert_eq!(InputSet::named("halfkp"), None);
    }
}
