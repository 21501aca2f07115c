//! Pieces in hand (the komadai a player keeps captured pieces on).

use super::types::PieceKind;
use std::fmt;

/// How many of each droppable kind one side holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand {
    /// Indexed by `PieceKind::index()`, which is 0..7 for the hand kinds.
    counts: [u8; 7],
}

impl Hand {
    pub const EMPTY: Hand = Hand { counts: [0; 7] };

    /// The count of `kind` (a promoted kind counts as its unpromoted form; a
    /// king is never in hand).
    #[inline]
    pub fn count(&self, kind: PieceKind) -> u8 {
        let kind = kind.unpromoted();
        if kind == PieceKind::King {
            0
        } else {
            self.counts[kind.index()]
        }
    }

    /// Adds one piece; `kind` must be a hand kind (not a king).
    #[inline]
    pub fn add(&mut self, kind: PieceKind) {
        self.counts[kind.unpromoted().index()] += 1;
    }

    /// Removes one piece; the caller has checked there is one.
    #[inline]
    pub fn remove(&mut self, kind: PieceKind) {
        self.counts[kind.index()] -= 1;
    }

    /// Sets the count of `kind` (a promoted kind sets its unpromoted form).
    /// A king is never in hand: setting one changes nothing.
    pub fn set(&mut self, kind: PieceKind, count: u8) {
        let kind = kind.unpromoted();
        if kind != PieceKind::King {
            self.counts[kind.index()] = count;
        }
    }

    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|&n| n == 0)
    }

    /// The kinds held at least once, in index order.
    pub fn kinds(&self) -> impl Iterator<Item = PieceKind> + '_ {
        PieceKind::HAND
            .into_iter()
            .filter(|&kind| self.counts[kind.index()] > 0)
    }

    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&n| n as u32).sum()
    }
}

/// `2P` style text in display order R B G S N L P, upper case; `-` when empty.
impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for kind in PieceKind::HAND_DISPLAY_ORDER {
            match self.count(kind) {
                0 => {}
                1 => write!(f, "{}", kind.letter())?,
                n => write!(f, "{n}{}", kind.letter())?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_is_set_for_the_unpromoted_kind_and_never_for_a_king() {
        let mut hand = Hand::EMPTY;
        hand.set(PieceKind::Dragon, 2);
        assert_eq!(hand.count(PieceKind::Rook), 2);
        hand.set(PieceKind::King, 1);
        assert_eq!(hand.count(PieceKind::King), 0);
        assert_eq!(hand.kinds().collect::<Vec<_>>(), vec![PieceKind::Rook]);
    }
}
