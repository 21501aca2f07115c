//! A quick mate-in-one test for the search's nodes: in shogi most mates in
//! one are a piece dropped or moved next to the king with support (a gold
//! on its head), or a knight check; this looks only at those, and cheaply
//! rules most of them out before playing one.
//!
//! Finding one settles a node of the full-width search at once, before the
//! pruning steps that could hide the mate from a shallow node (asking it
//! in the quiescence search as well cost more than it found in self-play).
//! Mates it does not look for (distant checks, discovered checks) are left
//! to the search.

use crate::rules::attacks::{king_attacks, knight_attacks, line, piece_attacks};
use crate::rules::movegen::{dead_squares, promotion_zone};
use crate::rules::{BitBoard, Color, Move, Piece, PieceKind, Position, Square};

/// Drops that can check from next to the king (a pawn-drop mate is
/// illegal, and a knight cannot check from next to it).
const CONTACT_DROPS: [PieceKind; 5] = [
    PieceKind::Gold,
    PieceKind::Silver,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Lance,
];

/// A move that mates at once, if a contact or knight check does. The side
/// to move must not be in check.
pub fn mate_in_one(pos: &Position) -> Option<Move> {
    let us = pos.side_to_move();
    let king = pos.king_square(!us)?;
    let occupied = pos.occupied();
    let ours = pos.pieces(us);
    let hand = pos.hand(us);
    let mut movers = Movers::new(pos);
    for to in king_attacks(king) & !ours {
        // Unsupported, the piece is taken by the king.
        let supporters = pos.attackers_to(to, us, occupied);
        if supporters.is_empty() {
            continue;
        }
        if !occupied.has(to) {
            for kind in CONTACT_DROPS {
                if hand.count(kind) > 0 && checks_from(us, kind, to, king, occupied) {
                    let mv = Move::Drop { kind, to };
                    if mates(pos, mv) {
                        return Some(mv);
                    }
                }
            }
        }
        // A piece moving in needs another one behind it (perhaps a slider
        // whose line it uncovers).
        for from in supporters {
            let backed = supporters.has_many()
                || pos
                    .attackers_to(to, us, occupied.without(from))
                    .without(from)
                    .is_nonempty();
            if backed && let Some(mv) = movers.mating_step(from, to, king) {
                return Some(mv);
            }
        }
    }
    // A knight check needs no support: the king cannot take it.
    for to in knight_attacks(!us, king) & !ours {
        if !occupied.has(to) && hand.count(PieceKind::Knight) > 0 {
            let mv = Move::Drop {
                kind: PieceKind::Knight,
                to,
            };
            if mates(pos, mv) {
                return Some(mv);
            }
        }
        for from in pos.attackers_to(to, us, occupied) & pos.pieces_of_kind(PieceKind::Knight) {
            if let Some(mv) = movers.mating_step(from, to, king) {
                return Some(mv);
            }
        }
    }
    None
}

/// Whether a `kind` of `us` on `from` would attack `king`.
fn checks_from(us: Color, kind: PieceKind, from: Square, king: Square, occupied: BitBoard) -> bool {
    piece_attacks(Piece::new(us, kind), from, occupied).has(king)
}

/// Board moves of the side to move, legal by construction (the pins are
/// worked out once, on the first move asked about).
struct Movers<'a> {
    pos: &'a Position,
    pinned: Option<BitBoard>,
}

impl<'a> Movers<'a> {
    fn new(pos: &'a Position) -> Movers<'a> {
        Movers { pos, pinned: None }
    }

    /// Whether the piece on `from` may leave for `to` (it attacks `to`,
    /// which holds no piece of ours): not the king, and not off a pin.
    fn may_go(&mut self, from: Square, to: Square) -> bool {
        let pos = self.pos;
        let Some(own_king) = pos.king_square(pos.side_to_move()) else {
            // Without a king, nothing is pinned.
            return true;
        };
        if from == own_king {
            return false;
        }
        let pinned = *self.pinned.get_or_insert_with(|| pos.pinned());
        !pinned.has(from) || line(own_king, from).has(to)
    }

    /// The piece on `from` moving to `to`, promoted or not, if that mates.
    fn mating_step(&mut self, from: Square, to: Square, king: Square) -> Option<Move> {
        if !self.may_go(from, to) {
            return None;
        }
        let pos = self.pos;
        let piece = pos.piece_at(from)?;
        let us = piece.color;
        let occupied = pos.occupied().without(from).with(to);
        let zone = promotion_zone(us);
        let may_promote = piece.kind.can_promote() && (zone.has(from) || zone.has(to));
        let may_stay = !dead_squares(us, piece.kind).has(to);
        // Promoting first: it is the stronger piece wherever both are legal.
        let options = [
            (piece.kind.promoted().filter(|_| may_promote), true),
            (Some(piece.kind).filter(|_| may_stay), false),
        ];
        for (kind, promote) in options {
            let Some(kind) = kind else {
                continue;
            };
            if !checks_from(us, kind, to, king, occupied) {
                continue;
            }
            let mv = Move::Board { from, to, promote };
            if mates(pos, mv) {
                return Some(mv);
            }
        }
        None
    }
}

/// Whether the legal checking move `mv` leaves no reply.
fn mates(pos: &Position, mv: Move) -> bool {
    debug_assert!(pos.is_legal(mv));
    let next = pos.after(mv);
    let us = pos.side_to_move();
    let them = !us;
    let Some(king) = next.king_square(them) else {
        return false;
    };
    // Most checks fail here: the king steps to (or takes on) a square
    // nobody attacks...
    let without_king = next.occupied().without(king);
    let escapes = king_attacks(king) & !next.pieces(them);
    if escapes
        .into_iter()
        .any(|sq| !next.is_attacked(sq, us, without_king))
    {
        return false;
    }
    // ...or another piece takes the checker (a contact or knight check
    // cannot be blocked). A pinned taker may still be able to: the full
    // test below decides.
    let takers = next
        .attackers_to(mv.to(), them, next.occupied())
        .without(king);
    if (takers & !next.pinned()).is_nonempty() {
        return false;
    }
    !next.has_legal_move()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::random_game::random_game;

    /// The move found, checked to be a legal mate.
    fn mate_of(sfen: &str) -> Option<String> {
        let pos = Position::from_sfen(sfen).expect("valid sfen");
        let mv = mate_in_one(&pos)?;
        assert!(pos.is_legal(mv), "{mv} is legal");
        assert!(pos.after(mv).is_checkmate(), "{mv} mates");
        Some(mv.to_string())
    }

    #[test]
    fn a_gold_dropped_on_the_king_s_head_mates() {
        // Gote's king on 5a between its lances; Sente's pawn on 5c guards 5b.
        assert_eq!(
            mate_of("3lkl3/9/4P4/9/9/9/9/9/4K4 b G 1").as_deref(),
            Some("G*5b")
        );
    }

    #[test]
    fn a_supported_piece_stepping_in_mates() {
        // The gold on 4c (or the pawn, promoting) steps to 5b, each guarded
        // by the other.
        let mv = mate_of("3lkl3/9/4PG3/9/9/9/9/9/4K4 b - 1");
        assert!(matches!(mv.as_deref(), Some("4c5b" | "5c5b+")), "{mv:?}");
    }

    #[test]
    fn a_knight_check_the_king_cannot_escape_mates() {
        // Gote's king on 1a is boxed in by its own pieces.
        assert_eq!(
            mate_of("7nk/7bl/9/9/9/9/9/9/4K4 b N 1").as_deref(),
            Some("N*2c")
        );
    }

    #[test]
    fn no_mate_when_the_king_can_take_or_escape() {
        // Unsupported gold on the head: the king takes it.
        assert_eq!(mate_of("3lkl3/9/9/9/9/9/9/9/4K4 b G 1"), None);
        // Supported gold on 5c: the king steps back to the first rank.
        assert_eq!(mate_of("9/4k4/9/4P4/9/9/9/9/4K4 b G 1"), None);
        // A pawn dropped on 5b would mate, but that is illegal (uchifuzume).
        assert_eq!(mate_of("3lkl3/3p1p3/4G4/9/9/9/9/9/4K4 b P 1"), None);
    }

    /// Along pseudo-random games: every mate reported is a legal mate, and
    /// when none is reported, no move of the kinds looked for mates.
    #[test]
    fn every_mate_reported_is_real_and_contact_mates_are_found() {
        let mut found = 0;
        for seed in 0..40u64 {
            for pos in random_game(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1, 250) {
                if pos.in_check() {
                    continue;
                }
                if let Some(mv) = mate_in_one(&pos) {
                    assert!(pos.is_legal(mv) && pos.after(mv).is_checkmate());
                    found += 1;
                } else {
                    assert_no_contact_mate(&pos, &pos.legal_moves());
                }
            }
        }
        assert!(found > 0, "the random games reached some mates in one");
    }

    /// No legal move that lands next to the enemy king (or a knight's jump
    /// from it), other than a pawn drop, mates.
    fn assert_no_contact_mate(pos: &Position, moves: &crate::rules::MoveList) {
        let us = pos.side_to_move();
        let king = pos.king_square(!us).expect("a game has both kings");
        let near = king_attacks(king) | knight_attacks(!us, king);
        for &mv in moves.iter() {
            let pawn_drop = matches!(
                mv,
                Move::Drop {
                    kind: PieceKind::Pawn,
                    ..
                }
            );
            let knight_or_near = near.has(mv.to());
            if knight_or_near && !pawn_drop && pos.after(mv).is_checkmate() {
                // A mate with the moving piece's own square unsupported is
                // impossible; one uncovered by a slider behind is not looked for.
                let discovered = mv.from().is_some_and(|from| {
                    !piece_attacks(
                        pos.piece_at(from).expect("a piece moves"),
                        mv.to(),
                        pos.occupied(),
                    )
                    .has(king)
                });
                assert!(discovered, "missed mate {mv} in {}", pos.to_sfen());
            }
        }
    }
}
