//! Moves, their USI spelling, and the stack-allocated move list.

use super::types::{PieceKind, Square};
use std::fmt;
use std::mem::MaybeUninit;

/// A board move (with or without promotion) or a drop from hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    Board {
        from: Square,
        to: Square,
        promote: bool,
    },
    Drop {
        kind: PieceKind,
        to: Square,
    },
}

impl Move {
    pub const fn to(self) -> Square {
        match self {
            Move::Board { to, .. } | Move::Drop { to, .. } => to,
        }
    }

    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Board { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }

    pub const fn is_drop(self) -> bool {
        matches!(self, Move::Drop { .. })
    }

    pub const fn is_promotion(self) -> bool {
        matches!(self, Move::Board { promote: true, .. })
    }

    /// A 16-bit code (for transposition tables and compact storage):
    /// bits 0..7 the target, bits 7..14 the origin or `81 + kind` for a
    /// drop, bit 14 promotion. Never zero for a real move.
    pub const fn to_u16(self) -> u16 {
        match self {
            Move::Board { from, to, promote } => {
                to.index() as u16 | (from.index() as u16) << 7 | (promote as u16) << 14
            }
            Move::Drop { kind, to } => to.index() as u16 | (81 + kind.index() as u16) << 7,
        }
    }

    /// Decodes [`Move::to_u16`]; `None` for codes no move produces.
    pub const fn from_u16(code: u16) -> Option<Move> {
        let Some(to) = Square::from_index((code & 0x7f) as usize) else {
            return None;
        };
        let origin = ((code >> 7) & 0x7f) as usize;
        let promote = code >> 14 & 1 != 0;
        if code >> 15 != 0 {
            return None;
        }
        if let Some(from) = Square::from_index(origin) {
            if from.index() == to.index() {
                return None;
            }
            return Some(Move::Board { from, to, promote });
        }
        match PieceKind::from_index(origin - 81) {
            Some(kind) if origin >= 81 && (kind.index() < 7) && !promote => {
                Some(Move::Drop { kind, to })
            }
            _ => None,
        }
    }

    /// Parses USI text: `7g7f`, `8h2b+`, `P*5e`.
    pub fn from_usi(text: &str) -> Result<Move, MoveParseError> {
        let bad = || MoveParseError(text.to_string());
        if !text.is_ascii() {
            return Err(bad());
        }
        if let Some((piece, square)) = text.split_once('*') {
            let mut letters = piece.chars();
            let (Some(letter), None) = (letters.next(), letters.next()) else {
                return Err(bad());
            };
            if !letter.is_ascii_uppercase() {
                return Err(bad());
            }
            let kind = PieceKind::from_letter(letter).ok_or_else(bad)?;
            if kind == PieceKind::King {
                return Err(bad());
            }
            let to = Square::parse(square).ok_or_else(bad)?;
            return Ok(Move::Drop { kind, to });
        }
        let (squares, promote) = match text.strip_suffix('+') {
            Some(rest) => (rest, true),
            None => (text, false),
        };
        if squares.len() != 4 {
            return Err(bad());
        }
        let from = Square::parse(&squares[..2]).ok_or_else(bad)?;
        let to = Square::parse(&squares[2..]).ok_or_else(bad)?;
        if from == to {
            return Err(bad());
        }
        Ok(Move::Board { from, to, promote })
    }
}

/// USI text: `7g7f`, `8h2b+`, `P*5e`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Board { from, to, promote } => {
                write!(f, "{from}{to}{}", if promote { "+" } else { "" })
            }
            Move::Drop { kind, to } => write!(f, "{}*{to}", kind.letter()),
        }
    }
}

/// Text that is not a USI move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveParseError(pub String);

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a move in USI notation (examples: 7g7f, 8h2b+, P*5e)",
            self.0
        )
    }
}

impl std::error::Error for MoveParseError {}

/// The most legal moves any shogi position is known to have.
pub const MAX_MOVES: usize = 593;

/// A list of moves that lives on the stack: move generation allocates nothing.
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl MoveList {
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move; the generator never produces more than `MAX_MOVES`.
    #[inline]
    pub fn push(&mut self, mv: Move) {
        debug_assert!(self.len < MAX_MOVES);
        if self.len < MAX_MOVES {
            self.moves[self.len] = MaybeUninit::new(mv);
            self.len += 1;
        }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: the first `len` entries were written by `push`, and
        // `MaybeUninit<Move>` has the same layout as `Move`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }

    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        // SAFETY: as in `as_slice`.
        unsafe { std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
    }

    pub fn contains(&self, mv: Move) -> bool {
        self.as_slice().contains(&mv)
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}
