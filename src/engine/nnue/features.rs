//! The network's inputs: which pieces stand where and what is in hand, seen
//! from one side (a "perspective").
//!
//! Each side sees the board from its own seat: Gote's view is the board turned
//! round, so "own pawn on the square in front of own king" is one input for
//! both sides and a net learns one game, not two. The view is also mirrored
//! left to right when the side's own king stands on the left half, so a king
//! castled on either wing looks the same.
//!
//! Inputs, 2,344 in all:
//! - board: own or enemy × 14 piece kinds × 81 squares (2,268);
//! - hand: own or enemy × one input per piece of a kind held, up to the most a
//!   hand can hold (18 pawns, 4 lances, knights, silvers and golds, 2 bishops
//!   and rooks: 38 a side), so two pawns in hand light the first two pawn inputs.

use crate::engine::eval::king_or_home;
use crate::rules::{Color, PieceKind, Position, Square};

const KINDS: usize = PieceKind::COUNT;
const BOARD: usize = 2 * KINDS * Square::COUNT;
/// How many of each kind a hand can hold, in [`PieceKind::HAND`] order.
const HAND_MOST: [usize; 7] = [18, 4, 4, 4, 2, 2, 4];
const HAND_PER_SIDE: usize = 38;

/// The number of inputs of one perspective.
pub const COUNT: usize = BOARD + 2 * HAND_PER_SIDE;

/// At most this many inputs are on at once: every one of the 40 pieces lights
/// one, on the board or in a hand.
pub const MOST_ACTIVE: usize = 40;

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
/// stands on the left half.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct View {
    side: Color,
    mirror: bool,
}

impl View {
    pub(super) fn of(pos: &Position, side: Color) -> View {
        let king = View {
            side,
            mirror: false,
        }
        .square(king_or_home(pos, side));
        View {
            side,
            // Files 6 to 9 from the side's own seat: the left half.
            mirror: king / 9 > 4,
        }
    }

    /// A view of no position yet (before a first evaluation).
    pub(super) fn of_nothing(side: Color) -> View {
        View {
            side,
            mirror: false,
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

    /// The input of a `color` piece of `kind` on `sq`.
    #[inline]
    pub(super) fn board_input(self, color: Color, kind: PieceKind, sq: Square) -> usize {
        let owner = usize::from(color != self.side);
        (owner * KINDS + kind.index()) * Square::COUNT + self.square(sq)
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

/// Calls `active` with each input that is on in `pos` from `side`'s view.
#[inline]
pub fn active(pos: &Position, side: Color, active: &mut impl FnMut(usize)) {
    let view = View::of(pos, side);
    for color in [Color::Sente, Color::Gote] {
        for kind in PieceKind::ALL {
            for sq in pos.pieces_of(color, kind) {
                active(view.board_input(color, kind, sq));
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
pub fn active_list(pos: &Position, side: Color) -> Vec<u16> {
    let mut list = Vec::with_capacity(MOST_ACTIVE);
    active(pos, side, &mut |i| list.push(i as u16));
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
    fn the_start_lights_forty_inputs_each_below_the_count() {
        let start = Position::startpos();
        for side in [Color::Sente, Color::Gote] {
            let list = active_list(&start, side);
            assert_eq!(list.len(), 40);
            assert!(list.iter().all(|&i| usize::from(i) < COUNT));
        }
    }

    #[test]
    fn each_side_sees_the_same_inputs_in_a_position_turned_round() {
        let sfens = [
            "ln5nl/2r2gk2/1p2sgbpp/p1spppp2/2P6/P1SPPPP1P/1PG1S1G2/3K3R1/LN5NL w Pp 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        ];
        for sfen in sfens {
            let a = pos(sfen);
            let b = pos(&turned(sfen));
            for side in [Color::Sente, Color::Gote] {
                let mut seen = active_list(&a, side);
                let mut turned_seen = active_list(&b, !side);
                seen.sort_unstable();
                turned_seen.sort_unstable();
                assert_eq!(seen, turned_seen, "{sfen}");
            }
        }
    }

    #[test]
    fn pieces_in_hand_light_one_input_each_up_to_the_most() {
        let start = pos("4k4/9/9/9/9/9/9/9/4K4 b 2P3p 1");
        let own = active_list(&start, Color::Sente);
        // Two kings, two own pawns in hand, three enemy pawns.
        assert_eq!(own.len(), 7);
        assert!(own.contains(&(BOARD as u16)) && own.contains(&(BOARD as u16 + 1)));
        assert!(own.contains(&((BOARD + HAND_PER_SIDE + 2) as u16)));
    }
}
