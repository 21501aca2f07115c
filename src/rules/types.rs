//! The small value types every other part of the rules core is built from.

use std::fmt;
use std::ops::{Index, IndexMut, Not};

/// A side. Sente (☗, Black) moves first and sits at the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    Sente = 0,
    Gote = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::Sente, Color::Gote];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The opponent, usable in `const` contexts (`!color` elsewhere).
    pub const fn flip(self) -> Color {
        match self {
            Color::Sente => Color::Gote,
            Color::Gote => Color::Sente,
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.flip()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Sente => "Sente",
            Color::Gote => "Gote",
        })
    }
}

/// Per-side data, indexed by [`Color`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T>(pub [T; 2]);

impl<T> ByColor<T> {
    pub const fn new(sente: T, gote: T) -> Self {
        ByColor([sente, gote])
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    fn index(&self, color: Color) -> &T {
        &self.0[color.index()]
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    fn index_mut(&mut self, color: Color) -> &mut T {
        &mut self.0[color.index()]
    }
}

/// One of the 81 squares.
///
/// Squares are numbered file by file: `index = (file - 1) * 9 + (rank - 1)`,
/// so the nine squares of a file are neighbouring bits of a bitboard and a
/// lance or rook slides along a file by shifting one bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    pub const COUNT: usize = 81;
    /// 5i, where Sente's king starts.
    pub const SENTE_KING_HOME: Square = Square(4 * 9 + 8);
    /// 5a, where Gote's king starts.
    pub const GOTE_KING_HOME: Square = Square(4 * 9);

    /// `file` and `rank` both 1..=9 (rank 1 is `a`, Gote's back rank).
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
            Some(Square((file - 1) * 9 + (rank - 1)))
        } else {
            None
        }
    }

    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 81 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// Caller guarantees `index < 81` (used by tight loops over bitboards).
    pub(crate) const fn from_index_unchecked(index: usize) -> Square {
        debug_assert!(index < 81);
        Square(index as u8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 1..=9, counted from Sente's right.
    pub const fn file(self) -> u8 {
        self.0 / 9 + 1
    }

    /// 1..=9, counted from Gote's side (1 = rank `a`).
    pub const fn rank(self) -> u8 {
        self.0 % 9 + 1
    }

    /// The rank as `color` counts it from its own far side: 1 is the last rank
    /// that color's pieces can reach.
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::Sente => self.rank(),
            Color::Gote => 10 - self.rank(),
        }
    }

    /// The square one rank nearer the opponent, from `color`'s point of view.
    pub const fn forward(self, color: Color) -> Option<Square> {
        match color {
            Color::Sente => Square::new(self.file(), self.rank() - 1),
            Color::Gote => Square::new(self.file(), self.rank() + 1),
        }
    }

    /// Whether the square lies in `color`'s promotion zone (its last three ranks).
    pub const fn in_zone(self, color: Color) -> bool {
        self.relative_rank(color) <= 3
    }

    /// The same square seen from the other side of the board.
    pub const fn rotate(self) -> Square {
        Square(80 - self.0)
    }

    pub fn all() -> impl Iterator<Item = Square> {
        (0..81u8).map(Square)
    }

    /// Parses USI/Western square text such as `7g`.
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let file = bytes[0].checked_sub(b'0')?;
        let rank = bytes[1].checked_sub(b'a')?.checked_add(1)?;
        Square::new(file, rank)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), (b'a' + self.rank() - 1) as char)
    }
}

/// The fourteen kinds of piece. Unpromoted kinds come first, in the order of
/// the hand; `kind as u8 | 8` is the promoted form of the first six.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    Pawn = 0,
    Lance = 1,
    Knight = 2,
    Silver = 3,
    Bishop = 4,
    Rook = 5,
    Gold = 6,
    King = 7,
    Tokin = 8,
    ProLance = 9,
    ProKnight = 10,
    ProSilver = 11,
    Horse = 12,
    Dragon = 13,
}

impl PieceKind {
    pub const COUNT: usize = 14;

    pub const ALL: [PieceKind; 14] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Gold,
        PieceKind::King,
        PieceKind::Tokin,
        PieceKind::ProLance,
        PieceKind::ProKnight,
        PieceKind::ProSilver,
        PieceKind::Horse,
        PieceKind::Dragon,
    ];

    /// The kinds a hand can hold, in index order (not display order).
    pub const HAND: [PieceKind; 7] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Gold,
    ];

    /// The order in which players and SFEN list a hand: R B G S N L P.
    pub const HAND_DISPLAY_ORDER: [PieceKind; 7] = [
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Gold,
        PieceKind::Silver,
        PieceKind::Knight,
        PieceKind::Lance,
        PieceKind::Pawn,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(index: usize) -> Option<PieceKind> {
        if index < 14 {
            Some(PieceKind::ALL[index])
        } else {
            None
        }
    }

    pub const fn can_promote(self) -> bool {
        (self as u8) < 6
    }

    pub const fn is_promoted(self) -> bool {
        (self as u8) >= 8
    }

    /// The promoted kind, or `None` for gold, king and already promoted kinds.
    pub const fn promoted(self) -> Option<PieceKind> {
        if self.can_promote() {
            PieceKind::from_index(self as usize | 8)
        } else {
            None
        }
    }

    /// The kind a captured piece becomes in hand.
    pub const fn unpromoted(self) -> PieceKind {
        if self.is_promoted() {
            PieceKind::ALL[self as usize & 7]
        } else {
            self
        }
    }

    /// How many of this kind (counted unpromoted) a full set holds.
    pub const fn total_count(self) -> u8 {
        match self.unpromoted() {
            PieceKind::Pawn => 18,
            PieceKind::Bishop | PieceKind::Rook | PieceKind::King => 2,
            _ => 4,
        }
    }

    /// The USI/SFEN letter of the unpromoted kind (upper case).
    pub const fn letter(self) -> char {
        match self.unpromoted() {
            PieceKind::Pawn => 'P',
            PieceKind::Lance => 'L',
            PieceKind::Knight => 'N',
            PieceKind::Silver => 'S',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Gold => 'G',
            _ => 'K',
        }
    }

    /// The unpromoted kind named by a USI/SFEN letter (either case).
    pub fn from_letter(letter: char) -> Option<PieceKind> {
        Some(match letter.to_ascii_uppercase() {
            'P' => PieceKind::Pawn,
            'L' => PieceKind::Lance,
            'N' => PieceKind::Knight,
            'S' => PieceKind::Silver,
            'B' => PieceKind::Bishop,
            'R' => PieceKind::Rook,
            'G' => PieceKind::Gold,
            'K' => PieceKind::King,
            _ => return None,
        })
    }

    /// The English name, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Pawn => "pawn",
            PieceKind::Lance => "lance",
            PieceKind::Knight => "knight",
            PieceKind::Silver => "silver",
            PieceKind::Bishop => "bishop",
            PieceKind::Rook => "rook",
            PieceKind::Gold => "gold",
            PieceKind::King => "king",
            PieceKind::Tokin => "tokin",
            PieceKind::ProLance => "promoted lance",
            PieceKind::ProKnight => "promoted knight",
            PieceKind::ProSilver => "promoted silver",
            PieceKind::Horse => "horse",
            PieceKind::Dragon => "dragon",
        }
    }

    /// The lowest relative rank (1 = last) this kind may stand on unpromoted:
    /// a pawn or lance on the last rank, or a knight on the last two, could
    /// never move again.
    pub const fn min_relative_rank(self) -> u8 {
        match self {
            PieceKind::Pawn | PieceKind::Lance => 2,
            PieceKind::Knight => 3,
            _ => 1,
        }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: PieceKind,
}

impl Piece {
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// SFEN spelling: `P`, `+P`, `p`, `+p`.
    pub fn sfen(self) -> String {
        let letter = match self.color {
            Color::Sente => self.kind.letter(),
            Color::Gote => self.kind.letter().to_ascii_lowercase(),
        };
        if self.kind.is_promoted() {
            format!("+{letter}")
        } else {
            letter.to_string()
        }
    }
}
