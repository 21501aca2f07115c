//! A position as a reader describes it (board, hands, side to move), not
//! yet checked against the rules, and the one checked conversion from it to
//! a [`Position`].
//!
//! Parsing and validation are different jobs: the SFEN parser and the
//! record readers (KIF diagrams, CSA `P` lines) only fill in a [`Setup`],
//! and `Position::try_from` decides whether it is a position the rules
//! allow, with one set of errors for all of them.

use super::hand::Hand;
use super::position::Position;
use super::types::{ByColor, Color, Piece, PieceKind, Square};
use std::fmt;

/// Board, hands, side to move and move number, not necessarily legal: a
/// side may have no king, a pawn may stand on its last rank. Turn it into a
/// [`Position`] with `Position::try_from(setup)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Indexed by [`Square::index`].
    pub board: [Option<Piece>; 81],
    pub hands: ByColor<Hand>,
    pub side_to_move: Color,
    /// The SFEN move number: 1 in the start position, one more per ply.
    pub move_number: u32,
}

impl Setup {
    /// No piece anywhere, Sente to move, move 1.
    pub const EMPTY: Setup = Setup {
        board: [None; 81],
        hands: ByColor::new(Hand::EMPTY, Hand::EMPTY),
        side_to_move: Color::Sente,
        move_number: 1,
    };

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Puts `piece` on `sq` (or empties it with `None`).
    #[inline]
    pub fn set_piece(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.index()] = piece;
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::EMPTY
    }
}

impl From<&Position> for Setup {
    fn from(pos: &Position) -> Setup {
        let mut setup = Setup {
            hands: ByColor::new(*pos.hand(Color::Sente), *pos.hand(Color::Gote)),
            side_to_move: pos.side_to_move(),
            move_number: pos.move_number(),
            ..Setup::EMPTY
        };
        for sq in Square::all() {
            setup.set_piece(sq, pos.piece_at(sq));
        }
        setup
    }
}

/// Why a [`Setup`] is not a position the rules allow. Each message says
/// what to fix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// More pieces of a kind (board and hands) than a set holds.
    TooMany { kind: PieceKind, count: u32 },
    /// A side without exactly one king.
    KingCount { color: Color, count: u32 },
    /// A pawn or lance on its last rank, or a knight on its last two.
    DeadPiece { square: Square, piece: Piece },
    /// Two unpromoted pawns of one side on a file.
    Nifu { color: Color, file: u8 },
    /// The side that has just moved is in check.
    OpponentInCheck { color: Color },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::TooMany { kind, count } => write!(
                f,
                "{count} {kind}s on the board and in hand; a set has only {}",
                kind.total_count()
            ),
            SetupError::KingCount { color, count } => write!(
                f,
                "{color} has {count} king(s); each side needs exactly one"
            ),
            SetupError::DeadPiece { square, piece } => write!(
                f,
                "the {} {} on {square} could never move; promote it or move it back",
                piece.color, piece.kind
            ),
            SetupError::Nifu { color, file } => {
                write!(f, "{color} has two unpromoted pawns on file {file} (nifu)")
            }
            SetupError::OpponentInCheck { color } => write!(
                f,
                "{color}'s king is in check but it is not {color}'s turn; the position cannot arise"
            ),
        }
    }
}

impl std::error::Error for SetupError {}

impl TryFrom<Setup> for Position {
    type Error = SetupError;

    /// The position `setup` describes, if the rules allow it: at most a
    /// set's worth of each kind, one king a side, no piece that could never
    /// move, no nifu, and the side that has just moved not in check. The
    /// side to move may be in check, and a move number of 0 counts as 1.
    fn try_from(setup: Setup) -> Result<Position, SetupError> {
        let kings = validate(&setup)?;
        let pos = Position::from_parts(
            setup.board,
            setup.hands,
            setup.side_to_move,
            setup.move_number.max(1),
            kings,
        );
        let waiting = !setup.side_to_move;
        if pos.is_attacked(pos.king_square(waiting), !waiting, pos.occupied()) {
            return Err(SetupError::OpponentInCheck { color: waiting });
        }
        Ok(pos)
    }
}

/// Checks what can be seen square by square and count by count; returns
/// the kings.
fn validate(setup: &Setup) -> Result<ByColor<Square>, SetupError> {
    let mut counts = [0u32; 8];
    let mut kings: ByColor<Vec<Square>> = ByColor::default();
    let mut pawn_files = ByColor::new([false; 10], [false; 10]);
    for sq in Square::all() {
        let Some(piece) = setup.piece_at(sq) else {
            continue;
        };
        counts[piece.kind.unpromoted().index()] += 1;
        if piece.kind == PieceKind::King {
            kings[piece.color].push(sq);
        }
        if sq.relative_rank(piece.color) < piece.kind.min_relative_rank() {
            return Err(SetupError::DeadPiece { square: sq, piece });
        }
        if piece.kind == PieceKind::Pawn {
            let file = sq.file();
            if pawn_files[piece.color][file as usize] {
                return Err(SetupError::Nifu {
                    color: piece.color,
                    file,
                });
            }
            pawn_files[piece.color][file as usize] = true;
        }
    }
    for kind in PieceKind::HAND {
        let count = counts[kind.index()]
            + u32::from(setup.hands[Color::Sente].count(kind))
            + u32::from(setup.hands[Color::Gote].count(kind));
        if count > u32::from(kind.total_count()) {
            return Err(SetupError::TooMany { kind, count });
        }
    }
    let mut found = ByColor::new(
        Square::from_index_unchecked(0),
        Square::from_index_unchecked(0),
    );
    for color in Color::ALL {
        match kings[color].as_slice() {
            [sq] => found[color] = *sq,
            other => {
                return Err(SetupError::KingCount {
                    color,
                    count: other.len() as u32,
                });
            }
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(color: Color, kind: PieceKind) -> Option<Piece> {
        Some(Piece::new(color, kind))
    }

    fn square(name: &str) -> Square {
        Square::parse(name).expect("a square")
    }

    /// Kings on 5a and 5i, Sente to move.
    fn bare_kings() -> Setup {
        let mut setup = Setup::EMPTY;
        setup.set_piece(square("5a"), piece(Color::Gote, PieceKind::King));
        setup.set_piece(square("5i"), piece(Color::Sente, PieceKind::King));
        setup
    }

    #[test]
    fn a_position_round_trips_through_its_setup() {
        let pos = Position::startpos().after(crate::rules::Move::Board {
            from: square("7g"),
            to: square("7f"),
            promote: false,
        });
        assert_eq!(Position::try_from(Setup::from(&pos)), Ok(pos));
    }

    #[test]
    fn a_setup_builds_the_position_its_sfen_describes() {
        let mut setup = bare_kings();
        setup.hands[Color::Gote].set(PieceKind::Pawn, 2);
        setup.side_to_move = Color::Gote;
        setup.move_number = 40;
        let expected = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w 2p 40").expect("valid");
        assert_eq!(Position::try_from(setup), Ok(expected));
    }

    #[test]
    fn an_empty_board_has_no_kings() {
        assert_eq!(
            Position::try_from(Setup::EMPTY),
            Err(SetupError::KingCount {
                color: Color::Sente,
                count: 0
            })
        );
    }

    #[test]
    fn pieces_in_hand_count_towards_the_set() {
        let mut setup = bare_kings();
        setup.hands[Color::Sente].set(PieceKind::Pawn, 18);
        setup.set_piece(square("5e"), piece(Color::Gote, PieceKind::Tokin));
        assert_eq!(
            Position::try_from(setup),
            Err(SetupError::TooMany {
                kind: PieceKind::Pawn,
                count: 19
            })
        );
    }

    #[test]
    fn the_side_that_just_moved_may_not_be_in_check() {
        let mut setup = bare_kings();
        setup.set_piece(square("5e"), piece(Color::Sente, PieceKind::Rook));
        assert_eq!(
            Position::try_from(setup),
            Err(SetupError::OpponentInCheck { color: Color::Gote })
        );
        setup.side_to_move = Color::Gote;
        assert!(Position::try_from(setup).is_ok_and(|pos| pos.in_check()));
    }
}
