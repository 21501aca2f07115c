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
    /// The error is the first of [`Setup::problems`].
    fn try_from(setup: Setup) -> Result<Position, SetupError> {
        checked_position(check(&setup, Kings::BothSides))
    }
}

/// The position of a check that found nothing wrong, or its first problem.
fn checked_position(checked: Checked) -> Result<Position, SetupError> {
    match (checked.problems.into_iter().next(), checked.position) {
        (Some(problem), _) => Err(problem),
        (None, Some(position)) => Ok(position),
        // `check` builds the position whenever it finds nothing wrong.
        (None, None) => Err(SetupError::KingCount {
            color: Color::Sente,
            count: 0,
        }),
    }
}

impl Setup {
    /// Every reason this is not a position the rules allow, in the order
    /// a reader meets them: square by square (pieces that could never
    /// move, nifu), then the counts of each kind, the kings, and last the
    /// side that has just moved in check (looked at only when each side has one king and
    /// the counts fit a set). Empty when it is playable.
    pub fn problems(&self) -> Vec<SetupError> {
        check(self, Kings::BothSides).problems
    }

    /// The mate problem this setup describes, the side to move attacking.
    /// As [`Position::try_from`], except that the attacker may have no king,
    /// as in almost every published tsume; then, when the defender's hand is
    /// empty, the defender holds every piece that is neither on the board nor
    /// in the attacker's hand, the convention of those problems.
    pub fn into_mate_problem(mut self) -> Result<Position, SetupError> {
        let attacker = self.side_to_move;
        let attacker_has_king = self
            .board
            .iter()
            .flatten()
            .any(|piece| *piece == Piece::new(attacker, PieceKind::King));
        if !attacker_has_king && self.hands[!attacker].is_empty() {
            self.hands[!attacker] = self.pieces_left_over();
        }
        self.into_mate_problem_as_written()
    }

    /// As [`Setup::into_mate_problem`], the hands exactly as written: what a
    /// program that sends a problem (a USI `position` before `go mate`) means.
    pub fn into_mate_problem_as_written(self) -> Result<Position, SetupError> {
        checked_position(check(&self, Kings::DefenderOnly))
    }

    /// The pieces of a set that are neither on the board nor in a hand (none
    /// of a kind there are already too many of).
    pub fn pieces_left_over(&self) -> Hand {
        let mut left = Hand::EMPTY;
        for kind in PieceKind::HAND {
            let on_board = self
                .board
                .iter()
                .flatten()
                .filter(|piece| piece.kind.unpromoted() == kind)
                .count() as u32;
            let in_hands = Color::ALL
                .into_iter()
                .map(|color| u32::from(self.hands[color].count(kind)))
                .sum::<u32>();
            let total = u32::from(kind.total_count());
            left.set(kind, total.saturating_sub(on_board + in_hands) as u8);
        }
        left
    }
}

/// Which kings a setup must have.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kings {
    /// A game: one king a side.
    BothSides,
    /// A mate problem: one king for the defender (the side not to move), at
    /// most one for the attacker.
    DefenderOnly,
}

impl SetupError {
    /// The squares of `setup` the problem is about, to point at on a board:
    /// the dead piece, both pawns of a nifu, every piece of a kind there are
    /// too many of, the kings of a side with more than one, the king in
    /// check. Empty when there is nothing on the board to show (no king).
    pub fn squares(&self, setup: &Setup) -> Vec<Square> {
        let matching = |wanted: &dyn Fn(Piece, Square) -> bool| -> Vec<Square> {
            Square::all()
                .filter(|&sq| setup.piece_at(sq).is_some_and(|p| wanted(p, sq)))
                .collect()
        };
        match *self {
            SetupError::TooMany { kind, .. } => {
                matching(&|p, _| p.kind.unpromoted() == kind.unpromoted())
            }
            SetupError::KingCount { color, .. } | SetupError::OpponentInCheck { color } => {
                matching(&|p, _| p == Piece::new(color, PieceKind::King))
            }
            SetupError::DeadPiece { square, .. } => vec![square],
            SetupError::Nifu { color, file } => {
                matching(&|p, sq| p == Piece::new(color, PieceKind::Pawn) && sq.file() == file)
            }
        }
    }
}

/// What checking a setup found: every problem, and the position when there
/// are none.
struct Checked {
    problems: Vec<SetupError>,
    position: Option<Position>,
}

/// The one validation of a setup, behind `try_from`, `problems` and
/// `into_mate_problem`.
fn check(setup: &Setup, wanted: Kings) -> Checked {
    let mut problems = square_problems(setup);
    let too_many = count_problems(setup);
    // A position is built only from a set's worth of pieces (its hash has a key per count).
    let countable = too_many.is_empty();
    problems.extend(too_many);
    let kings = match kings(setup, wanted) {
        Ok(kings) if countable => kings,
        Ok(_) => {
            return Checked {
                problems,
                position: None,
            };
        }
        Err(king_problems) => {
            problems.extend(king_problems);
            return Checked {
                problems,
                position: None,
            };
        }
    };
    let position = Position::from_parts(
        setup.board,
        setup.hands,
        setup.side_to_move,
        setup.move_number.max(1),
        kings,
    );
    let waiting = !setup.side_to_move;
    if let Some(king) = position.king_square(waiting)
        && position.is_attacked(king, !waiting, position.occupied())
    {
        problems.push(SetupError::OpponentInCheck { color: waiting });
    }
    let position = problems.is_empty().then_some(position);
    Checked { problems, position }
}

/// Pieces that could never move, and second pawns on a file, square by square.
fn square_problems(setup: &Setup) -> Vec<SetupError> {
    let mut problems = Vec::new();
    let mut pawn_files = ByColor::new([0u8; 10], [0u8; 10]);
    for sq in Square::all() {
        let Some(piece) = setup.piece_at(sq) else {
            continue;
        };
        if sq.relative_rank(piece.color) < piece.kind.min_relative_rank() {
            problems.push(SetupError::DeadPiece { square: sq, piece });
        }
        if piece.kind == PieceKind::Pawn {
            let file = sq.file();
            let pawns = &mut pawn_files[piece.color][file as usize];
            *pawns += 1;
            // One report per file, however many pawns stand on it.
            if *pawns == 2 {
                problems.push(SetupError::Nifu {
                    color: piece.color,
                    file,
                });
            }
        }
    }
    problems
}

/// Kinds with more pieces on the board and in hand than a set holds.
fn count_problems(setup: &Setup) -> Vec<SetupError> {
    let mut counts = [0u32; 8];
    for piece in setup.board.iter().flatten() {
        counts[piece.kind.unpromoted().index()] += 1;
    }
    PieceKind::HAND
        .into_iter()
        .filter_map(|kind| {
            let count = counts[kind.index()]
                + u32::from(setup.hands[Color::Sente].count(kind))
                + u32::from(setup.hands[Color::Gote].count(kind));
            (count > u32::from(kind.total_count())).then_some(SetupError::TooMany { kind, count })
        })
        .collect()
}

/// Each side's king, or a problem for each side without the kings `wanted`.
fn kings(setup: &Setup, wanted: Kings) -> Result<ByColor<Option<Square>>, Vec<SetupError>> {
    let mut found: ByColor<Vec<Square>> = ByColor::default();
    for sq in Square::all() {
        if let Some(piece) = setup.piece_at(sq)
            && piece.kind == PieceKind::King
        {
            found[piece.color].push(sq);
        }
    }
    let allowed = |color: Color| match found[color].len() {
        1 => true,
        0 => wanted == Kings::DefenderOnly && color == setup.side_to_move,
        _ => false,
    };
    if Color::ALL.into_iter().all(allowed) {
        let king = |color: Color| found[color].first().copied();
        Ok(ByColor::new(king(Color::Sente), king(Color::Gote)))
    } else {
        Err(Color::ALL
            .into_iter()
            .filter(|&color| !allowed(color))
            .map(|color| SetupError::KingCount {
                color,
                count: found[color].len() as u32,
            })
            .collect())
    }
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

    #[test]
    fn every_problem_is_listed_with_its_squares() {
        // Squares are met file by file from file 1. Two Sente kings, no Gote king, two Sente pawns on file 5, a lance on its last rank.
        let mut setup = Setup::EMPTY;
        setup.set_piece(square("5i"), piece(Color::Sente, PieceKind::King));
        setup.set_piece(square("1i"), piece(Color::Sente, PieceKind::King));
        setup.set_piece(square("5e"), piece(Color::Sente, PieceKind::Pawn));
        setup.set_piece(square("5g"), piece(Color::Sente, PieceKind::Pawn));
        setup.set_piece(square("9a"), piece(Color::Sente, PieceKind::Lance));
        let problems = setup.problems();
        assert_eq!(
            problems,
            vec![
                SetupError::Nifu {
                    color: Color::Sente,
                    file: 5
                },
                SetupError::DeadPiece {
                    square: square("9a"),
                    piece: Piece::new(Color::Sente, PieceKind::Lance)
                },
                SetupError::KingCount {
                    color: Color::Sente,
                    count: 2
                },
                SetupError::KingCount {
                    color: Color::Gote,
                    count: 0
                },
            ]
        );
        assert_eq!(
            problems[0].squares(&setup),
            vec![square("5e"), square("5g")]
        );
        assert_eq!(problems[2].squares(&setup).len(), 2);
        assert!(problems[3].squares(&setup).is_empty());
        assert_eq!(Position::try_from(setup), Err(problems[0].clone()));
    }

    #[test]
    fn more_pieces_in_hand_than_a_set_holds_is_a_problem_not_a_panic() {
        let mut setup = bare_kings();
        setup.hands[Color::Sente].set(PieceKind::Pawn, 20);
        setup.hands[Color::Gote].set(PieceKind::Rook, 3);
        assert_eq!(
            setup.problems(),
            vec![
                SetupError::TooMany {
                    kind: PieceKind::Pawn,
                    count: 20
                },
                SetupError::TooMany {
                    kind: PieceKind::Rook,
                    count: 3
                },
            ]
        );
    }

    #[test]
    fn a_playable_setup_has_no_problems() {
        assert!(Setup::from(&Position::startpos()).problems().is_empty());
        assert!(bare_kings().problems().is_empty());
    }

    /// A tsume as published: Gote's king on 1a, a Sente pawn on 1c, a gold
    /// in Sente's hand, no Sente king.
    const TSUME: &str = "8k/9/8P/9/9/9/9/9/9 b G 1";

    #[test]
    fn a_mate_problem_may_leave_out_the_attackers_king_and_a_game_may_not() {
        let setup = Setup::from_sfen(TSUME).expect("well formed");
        assert_eq!(
            Position::try_from(setup),
            Err(SetupError::KingCount {
                color: Color::Sente,
                count: 0
            })
        );
        let problem = setup.into_mate_problem().expect("a mate problem");
        assert_eq!(problem.king_square(Color::Sente), None);
        assert_eq!(problem.king_square(Color::Gote), Some(square("1a")));
        assert!(!problem.in_check());
    }

    #[test]
    fn the_defender_of_a_mate_problem_needs_its_king() {
        let setup = Setup::from_sfen("9/9/8P/9/9/9/9/9/4K4 b G 1").expect("well formed");
        assert_eq!(
            setup.into_mate_problem(),
            Err(SetupError::KingCount {
                color: Color::Gote,
                count: 0
            })
        );
        let two_kings = Setup::from_sfen("8k/9/8P/9/9/9/9/9/3KK4 b G 1").expect("well formed");
        assert_eq!(
            two_kings.into_mate_problem(),
            Err(SetupError::KingCount {
                color: Color::Sente,
                count: 2
            })
        );
    }

    #[test]
    fn the_defender_holds_the_pieces_left_over_unless_its_hand_is_given() {
        let problem = Setup::from_sfen(TSUME)
            .and_then(|setup| Ok(setup.into_mate_problem()?))
            .expect("a mate problem");
        let hand = problem.hand(Color::Gote);
        // 18 pawns less the one on 1c; 4 golds less the attacker's.
        assert_eq!(hand.count(PieceKind::Pawn), 17);
        assert_eq!(hand.count(PieceKind::Gold), 3);
        assert_eq!(hand.count(PieceKind::Rook), 2);
        assert_eq!(hand.count(PieceKind::Bishop), 2);
        assert_eq!(hand.count(PieceKind::Silver), 4);
        assert_eq!(hand.count(PieceKind::Knight), 4);
        assert_eq!(hand.count(PieceKind::Lance), 4);

        let given = Setup::from_sfen("8k/9/8P/9/9/9/9/9/9 b Gp 1").expect("well formed");
        let problem = given.into_mate_problem().expect("a mate problem");
        assert_eq!(problem.hand(Color::Gote).count(PieceKind::Pawn), 1);
        assert_eq!(problem.hand(Color::Gote).count(PieceKind::Rook), 0);

        // With the attacker's king on the board it is a position as it stands.
        let with_king = Setup::from_sfen("8k/9/8P/9/9/9/9/9/4K4 b G 1").expect("well formed");
        let problem = with_king.into_mate_problem().expect("a mate problem");
        assert!(problem.hand(Color::Gote).is_empty());
    }

    #[test]
    fn nothing_checks_or_pins_a_side_without_a_king() {
        // Gote's rook on 5a looks down file 5, where a Sente king would stand.
        let problem = Setup::from_sfen("4r3k/9/8P/9/4S4/9/9/9/9 b G 1")
            .map(|setup| setup.into_mate_problem())
            .expect("well formed")
            .expect("a mate problem");
        assert!(!problem.in_check());
        assert!(problem.pinned().is_empty());
        // The silver on 5e may leave the file: no king behind it.
        let sideways = crate::rules::Move::Board {
            from: square("5e"),
            to: square("4d"),
            promote: false,
        };
        assert!(problem.is_legal(sideways));
        // Gote's moves never check Sente.
        let after = problem.after(sideways);
        assert!(
            after
                .legal_moves()
                .iter()
                .all(|&mv| !after.after(mv).in_check())
        );
    }
}
