//! Checking a move someone tried, and saying in words why it is illegal.
//!
//! This is the slow, careful path for moves from people and files; the
//! engine plays moves from the generator with `play_unchecked`.

use super::attacks::{between, line, piece_attacks};
use super::bitboard::BitBoard;
use super::movegen::{dead_squares, promotion_zone};
use super::moves::Move;
use super::position::Position;
use super::types::{PieceKind, Square};
use std::fmt;

/// Why a move or drop is not allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    NoPiece {
        square: Square,
    },
    NotYourPiece {
        square: Square,
    },
    OwnPieceThere {
        square: Square,
    },
    /// The piece never moves from its square to the target.
    WrongWay {
        kind: PieceKind,
    },
    /// A slider whose way is blocked by the piece on `blocker`.
    PathBlocked {
        kind: PieceKind,
        blocker: Square,
    },
    /// Gold, king and promoted pieces never promote.
    CannotPromote {
        kind: PieceKind,
    },
    /// Neither square of the move is in the promotion zone.
    OutsideZone,
    /// The piece would stand where it could never move again.
    MustPromote {
        kind: PieceKind,
    },
    NotInHand {
        kind: PieceKind,
    },
    SquareOccupied {
        square: Square,
    },
    /// A dropped pawn, lance or knight that could never move.
    DeadDrop {
        kind: PieceKind,
    },
    /// A second unpromoted pawn on a file.
    Nifu {
        file: u8,
    },
    /// A pawn drop that gives checkmate at once.
    Uchifuzume,
    /// The king would step onto a square attacked by the `kind` on `attacker`.
    KingAttacked {
        square: Square,
        attacker: Square,
        kind: PieceKind,
    },
    /// The side to move is in check and this does not answer it.
    InCheck,
    /// The piece is pinned: moving it off the line uncovers the king to the `kind` on
    /// `attacker`.
    ExposesKing {
        attacker: Square,
        kind: PieceKind,
    },
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::NoPiece { square } => write!(f, "there is no piece on {square}"),
            IllegalMove::NotYourPiece { square } => {
                write!(f, "the piece on {square} belongs to your opponent")
            }
            IllegalMove::OwnPieceThere { square } => {
                write!(f, "your own piece already stands on {square}")
            }
            IllegalMove::WrongWay { kind } => write!(f, "a {kind} does not move that way"),
            IllegalMove::PathBlocked { kind, blocker } => {
                write!(f, "the {kind}'s path is blocked by the piece on {blocker}")
            }
            IllegalMove::CannotPromote { kind } => write!(f, "a {kind} cannot promote"),
            IllegalMove::OutsideZone => write!(
                f,
                "a piece may promote only when it moves into, out of or within the promotion zone"
            ),
            IllegalMove::MustPromote { kind } => write!(
                f,
                "the {kind} must promote: unpromoted it could never move again"
            ),
            IllegalMove::NotInHand { kind } => write!(f, "you have no {kind} in hand"),
            IllegalMove::SquareOccupied { square } => {
                write!(f, "{square} is occupied; a drop needs an empty square")
            }
            IllegalMove::DeadDrop { kind } => write!(
                f,
                "a {kind} dropped there could never move (pawn and lance: not on the last rank; knight: not on the last two)"
            ),
            IllegalMove::Nifu { file } => write!(
                f,
                "nifu: you already have an unpromoted pawn on file {file}"
            ),
            IllegalMove::Uchifuzume => write!(f, "uchifuzume: a pawn drop may not give checkmate"),
            IllegalMove::KingAttacked {
                square,
                attacker,
                kind,
            } => write!(
                f,
                "your king would be in check on {square} from the {kind} on {attacker}"
            ),
            IllegalMove::InCheck => write!(f, "your king is in check and this does not stop it"),
            IllegalMove::ExposesKing { attacker, kind } => write!(
                f,
                "that would leave your king in check from the {kind} on {attacker}"
            ),
        }
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    /// Whether `mv` is legal here, found without generating every move
    /// (the engine asks this of each move its hash table suggests, which is
    /// nearly always legal but need not be: another position may share the
    /// slot).
    pub fn is_legal(&self, mv: Move) -> bool {
        self.explain_form(mv).is_ok() && self.keeps_king_safe(mv)
    }

    /// Everything but the king's safety: the piece, its way, promotion,
    /// the hand, nifu, uchifuzume.
    fn explain_form(&self, mv: Move) -> Result<(), IllegalMove> {
        match mv {
            Move::Board { from, to, promote } => self.explain_board_move(from, to, promote),
            Move::Drop { kind, to } => self.explain_drop(kind, to),
        }
    }

    /// Whether a well-formed move leaves the mover's king out of check.
    fn keeps_king_safe(&self, mv: Move) -> bool {
        let us = self.side_to_move();
        let Some(king) = self.king_square(us) else {
            // Nothing can attack a king that is not there.
            return true;
        };
        match mv {
            Move::Drop { to, .. } => self.answers_check(to),
            Move::Board { from, to, .. } if from == king => self
                .attackers_to(to, !us, self.occupied().without(from))
                .is_empty(),
            Move::Board { from, to, .. } => {
                let stays_pinned = !self.pinned().has(from) || line(king, from).has(to);
                stays_pinned && self.answers_check(to)
            }
        }
    }

    /// Plays `mv` if it is legal, or says why not (and changes nothing).
    pub fn try_play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.explain(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// `Ok` for a legal move, otherwise the reason a player would want to hear.
    pub fn explain(&self, mv: Move) -> Result<(), IllegalMove> {
        self.explain_form(mv)?;
        if self.keeps_king_safe(mv) {
            Ok(())
        } else {
            Err(self.king_safety_reason(mv))
        }
    }

    fn explain_board_move(
        &self,
        from: Square,
        to: Square,
        promote: bool,
    ) -> Result<(), IllegalMove> {
        let us = self.side_to_move();
        let piece = self
            .piece_at(from)
            .ok_or(IllegalMove::NoPiece { square: from })?;
        if piece.color != us {
            return Err(IllegalMove::NotYourPiece { square: from });
        }
        if self.pieces(us).has(to) {
            return Err(IllegalMove::OwnPieceThere { square: to });
        }
        if !piece_attacks(piece, from, BitBoard::EMPTY).has(to) {
            return Err(IllegalMove::WrongWay { kind: piece.kind });
        }
        if !piece_attacks(piece, from, self.occupied()).has(to) {
            let blocker = (between(from, to) & self.occupied())
                .into_iter()
                .min_by_key(|&sq| distance(from, sq))
                .unwrap_or(to);
            return Err(IllegalMove::PathBlocked {
                kind: piece.kind,
                blocker,
            });
        }
        if promote {
            if !piece.kind.can_promote() {
                return Err(IllegalMove::CannotPromote { kind: piece.kind });
            }
            let zone = promotion_zone(us);
            if !zone.has(from) && !zone.has(to) {
                return Err(IllegalMove::OutsideZone);
            }
        } else if dead_squares(us, piece.kind).has(to) {
            return Err(IllegalMove::MustPromote { kind: piece.kind });
        }
        Ok(())
    }

    fn explain_drop(&self, kind: PieceKind, to: Square) -> Result<(), IllegalMove> {
        let us = self.side_to_move();
        if kind == PieceKind::King || kind.is_promoted() || self.hand(us).count(kind) == 0 {
            return Err(IllegalMove::NotInHand { kind });
        }
        if self.occupied().has(to) {
            return Err(IllegalMove::SquareOccupied { square: to });
        }
        if dead_squares(us, kind).has(to) {
            return Err(IllegalMove::DeadDrop { kind });
        }
        if kind == PieceKind::Pawn {
            if self.files_with_pawn(us).has(to) {
                return Err(IllegalMove::Nifu { file: to.file() });
            }
            if self.pawn_check_square() == Some(to) && self.is_pawn_drop_mate(to) {
                // A drop that does not answer a check is reported as such
                // first: that is what the player has to fix.
                if !self.answers_check(to) {
                    return Err(IllegalMove::InCheck);
                }
                return Err(IllegalMove::Uchifuzume);
            }
        }
        Ok(())
    }

    /// Whether a piece (not the king) arriving on `to` deals with any
    /// check: out of check, always; with one checker, by taking it or
    /// standing in its way; in double check, never.
    fn answers_check(&self, to: Square) -> bool {
        let checkers = self.checkers();
        match checkers.first() {
            None => true,
            Some(_) if checkers.has_many() => false,
            Some(checker) => {
                let block = self
                    .king_square(self.side_to_move())
                    .map_or(BitBoard::EMPTY, |king| between(king, checker));
                to == checker || block.has(to)
            }
        }
    }

    /// The move is well formed but not in the legal list: it leaves or puts
    /// the mover's king in check. Name the piece that would give check.
    fn king_safety_reason(&self, mv: Move) -> IllegalMove {
        let us = self.side_to_move();
        let them = !us;
        if let Move::Board { from, to, .. } = mv
            && Some(from) == self.king_square(us)
        {
            let attackers = self.attackers_to(to, them, self.occupied().without(from));
            if let Some(attacker) = attackers.first()
                && let Some(piece) = self.piece_at(attacker)
            {
                return IllegalMove::KingAttacked {
                    square: to,
                    attacker,
                    kind: piece.kind,
                };
            }
        }
        let after = self.after(mv);
        let attacker = after
            .king_square(us)
            .and_then(|king| after.attackers_to(king, them, after.occupied()).first());
        match attacker.and_then(|sq| Some((sq, after.piece_at(sq)?))) {
            Some((attacker, piece)) if !self.checkers().has(attacker) => IllegalMove::ExposesKing {
                attacker,
                kind: piece.kind,
            },
            _ => IllegalMove::InCheck,
        }
    }
}

fn distance(a: Square, b: Square) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}
