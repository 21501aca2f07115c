//! A set of squares, one bit per square in the low 81 bits of a `u128`.

use super::types::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

const MASK: u128 = (1u128 << 81) - 1;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct BitBoard(pub u128);

static SQUARE_BB: [BitBoard; 81] = {
    let mut table = [BitBoard(0); 81];
    let mut i = 0;
    while i < 81 {
        table[i] = BitBoard(1u128 << i);
        i += 1;
    }
    table
};

impl BitBoard {
    pub const EMPTY: BitBoard = BitBoard(0);
    pub const FULL: BitBoard = BitBoard(MASK);

    /// Read from a table rather than shifted: the table load keeps the
    /// value in a vector register, so updates to a position's bitboards are
    /// whole 128-bit stores that later 128-bit loads can forward from.
    #[inline]
    pub const fn from_square(sq: Square) -> BitBoard {
        SQUARE_BB[sq.index()]
    }

    pub const fn has(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn is_nonempty(self) -> bool {
        self.0 != 0
    }

    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// More than one square.
    pub const fn has_many(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    pub const fn with(self, sq: Square) -> BitBoard {
        BitBoard(self.0 | 1u128 << sq.index())
    }

    pub const fn without(self, sq: Square) -> BitBoard {
        BitBoard(self.0 & !(1u128 << sq.index()))
    }

    pub const fn and(self, other: BitBoard) -> BitBoard {
        BitBoard(self.0 & other.0)
    }

    pub const fn or(self, other: BitBoard) -> BitBoard {
        BitBoard(self.0 | other.0)
    }

    /// The lowest square, if any.
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(
                self.0.trailing_zeros() as usize
            ))
        }
    }

    /// The highest square, if any.
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(
                127 - self.0.leading_zeros() as usize,
            ))
        }
    }

    /// Every square of `file` (1..=9).
    pub const fn file(file: u8) -> BitBoard {
        BitBoard(0x1ff << ((file as u32 - 1) * 9))
    }

    /// Every square of `rank` (1..=9).
    pub const fn rank(rank: u8) -> BitBoard {
        let mut bits = 0u128;
        let mut file = 0;
        while file < 9 {
            bits |= 1u128 << (file * 9 + rank as u32 - 1);
            file += 1;
        }
        BitBoard(bits)
    }

    /// Shifts every square one rank towards rank `a` (Sente's forward).
    /// Squares on rank `a` would wrap to the previous file, so callers only
    /// shift sets that have none there.
    pub const fn shift_up(self) -> BitBoard {
        BitBoard(self.0 >> 1)
    }

    /// Shifts every square one rank towards rank `i` (Gote's forward); the
    /// same caveat as [`BitBoard::shift_up`] for rank `i`.
    pub const fn shift_down(self) -> BitBoard {
        BitBoard((self.0 << 1) & MASK)
    }
}

impl Iterator for BitBoard {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_unchecked(self.0.trailing_zeros() as usize);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitBoard {}

macro_rules! bit_op {
    ($trait:ident, $fn:ident, $assign_trait:ident, $assign_fn:ident, $op:tt) => {
        impl $trait for BitBoard {
            type Output = BitBoard;
            #[inline]
            fn $fn(self, rhs: BitBoard) -> BitBoard {
                BitBoard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for BitBoard {
            #[inline]
            fn $assign_fn(&mut self, rhs: BitBoard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for BitBoard {
    type Output = BitBoard;
    #[inline]
    fn not(self) -> BitBoard {
        BitBoard(!self.0 & MASK)
    }
}

impl From<Square> for BitBoard {
    fn from(sq: Square) -> BitBoard {
        BitBoard::from_square(sq)
    }
}

/// Draws the set as a board seen from Sente: file 9 on the left, rank a on top.
impl fmt::Debug for BitBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f)?;
        for rank in 1..=9 {
            for file in (1..=9).rev() {
                let set = Square::new(file, rank).is_some_and(|sq| self.has(sq));
                f.write_str(if set { " X" } else { " ." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
