//! Seeded random games: at every position the incremental state must equal
//! state computed from scratch, and the generated moves must equal those of
//! a slow reference that tries every move and drop and tests the king.

use komadai::rules::attacks::piece_attacks;
use komadai::rules::{Move, MoveList, Piece, PieceKind, Position, Setup, Square};
use std::collections::BTreeSet;

use crate::common;
use common::{Below, TestRng, seeded};
use rand::RngExt;

/// Every legal move, found the slow way.
fn reference_moves(pos: &Position) -> BTreeSet<Move> {
    let us = pos.side_to_move();
    let mut moves = BTreeSet::new();
    // A side without a king (a mate problem's attacker) cannot be in check.
    let king_safe = |after: &Position| {
        after
            .king_square(us)
            .is_none_or(|king| !after.is_attacked(king, !us, after.occupied()))
    };
    for from in Square::all() {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        if piece.color != us {
            continue;
        }
        for to in Square::all() {
            if pos.piece_at(to).is_some_and(|p| p.color == us)
                || !piece_attacks(piece, from, pos.occupied()).has(to)
            {
                continue;
            }
            for promote in [false, true] {
                let may_promote = piece.kind.can_promote() && (from.in_zone(us) || to.in_zone(us));
                let could_move_again = to.relative_rank(us) >= piece.kind.min_relative_rank();
                if (promote && !may_promote) || (!promote && !could_move_again) {
                    continue;
                }
                let mv = Move::Board { from, to, promote };
                if king_safe(&pos.after(mv)) {
                    moves.insert(mv);
                }
            }
        }
    }
    for kind in PieceKind::HAND {
        if pos.hand(us).count(kind) == 0 {
            continue;
        }
        for to in Square::all() {
            if pos.piece_at(to).is_some() || to.relative_rank(us) < kind.min_relative_rank() {
                continue;
            }
            if kind == PieceKind::Pawn && has_own_pawn_on_file(pos, to.file()) {
                continue;
            }
            let mv = Move::Drop { kind, to };
            let after = pos.after(mv);
            if !king_safe(&after) {
                continue;
            }
            if kind == PieceKind::Pawn && after.in_check() && !after.has_legal_move() {
                continue; // uchifuzume
            }
            moves.insert(mv);
        }
    }
    moves
}

fn has_own_pawn_on_file(pos: &Position, file: u8) -> bool {
    let pawn = Piece::new(pos.side_to_move(), PieceKind::Pawn);
    (1..=9).any(|rank| Square::new(file, rank).and_then(|sq| pos.piece_at(sq)) == Some(pawn))
}

fn checkers_from_scratch(pos: &Position) -> usize {
    let us = pos.side_to_move();
    let Some(king) = pos.king_square(us) else {
        return 0;
    };
    Square::all()
        .filter(|&sq| {
            pos.piece_at(sq)
                .is_some_and(|p| p.color != us && piece_attacks(p, sq, pos.occupied()).has(king))
        })
        .count()
}

/// The incremental hash and checkers equal those computed afresh.
fn assert_state_from_scratch(pos: &Position) {
    assert_eq!(
        pos.hash(),
        pos.hash_from_scratch(),
        "hash in {}",
        pos.to_sfen()
    );
    assert_eq!(
        pos.checkers().count() as usize,
        checkers_from_scratch(pos),
        "checkers in {}",
        pos.to_sfen()
    );
}

fn play_random_game(rng: &mut TestRng, max_plies: usize, visit: impl FnMut(&Position)) {
    play_random_game_from(rng, Position::startpos(), max_plies, visit);
}

fn play_random_game_from(
    rng: &mut TestRng,
    mut pos: Position,
    max_plies: usize,
    mut visit: impl FnMut(&Position),
) {
    for _ in 0..max_plies {
        visit(&pos);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        pos.play_unchecked(mv);
    }
}

#[test]
fn generated_moves_equal_the_slow_reference() {
    let mut rng = seeded(0x5eed_0001);
    let mut positions = 0;
    for _ in 0..60 {
        play_random_game(&mut rng, 250, |pos| {
            positions += 1;
            let generated: BTreeSet<Move> = pos.legal_moves().iter().copied().collect();
            assert_eq!(
                generated.len(),
                pos.legal_moves().len(),
                "duplicate moves in {}",
                pos.to_sfen()
            );
            let reference = reference_moves(pos);
            assert_eq!(generated, reference, "in {}", pos.to_sfen());
        });
    }
    assert!(positions > 5_000, "only {positions} positions visited");
}

#[test]
fn incremental_state_equals_state_from_scratch() {
    let mut rng = seeded(0x5eed_0002);
    let mut positions = 0u64;
    for _ in 0..2_000 {
        play_random_game(&mut rng, 300, |pos| {
            positions += 1;
            assert_state_from_scratch(pos);
            let reparsed = Position::from_sfen(&pos.to_sfen()).expect("own SFEN is valid");
            assert_eq!(&reparsed, pos, "SFEN round trip of {}", pos.to_sfen());
        });
    }
    assert!(positions > 200_000, "only {positions} positions visited");
}

#[test]
fn checked_play_accepts_exactly_the_generated_moves() {
    let mut rng = seeded(0x5eed_0003);
    let mut candidates = seeded(0x5eed_0013);
    for _ in 0..100 {
        play_random_game(&mut rng, 200, |pos| {
            let legal = pos.legal_moves();
            for &mv in legal.iter() {
                assert_eq!(pos.explain(mv), Ok(()), "{mv} in {}", pos.to_sfen());
            }
            // Random candidate moves: accepted exactly when generated.
            for _ in 0..20 {
                let code = (candidates.random::<u64>() & 0x7fff) as u16;
                if let Some(mv) = Move::from_u16(code) {
                    assert_eq!(
                        pos.is_legal(mv),
                        legal.contains(mv),
                        "{mv} in {}",
                        pos.to_sfen()
                    );
                }
            }
        });
    }
}

#[test]
fn a_move_from_two_plies_back_is_legal_exactly_when_generated() {
    // The same side's moves one turn earlier are mostly well formed here,
    // and many now leave the king in check, break a pin or ignore a check:
    // the cases `is_legal` must judge without the generated list.
    let mut rng = seeded(0x5eed_0005);
    let (mut tested, mut rejected) = (0, 0);
    for _ in 0..100 {
        let mut earlier: Vec<MoveList> = Vec::new();
        play_random_game(&mut rng, 250, |pos| {
            let legal = pos.legal_moves();
            if let Some(candidates) = earlier.len().checked_sub(2).map(|i| &earlier[i]) {
                for &mv in candidates.iter() {
                    let judged = pos.is_legal(mv);
                    assert_eq!(judged, legal.contains(mv), "{mv} in {}", pos.to_sfen());
                    tested += 1;
                    rejected += usize::from(!judged);
                }
            }
            earlier.push(legal);
        });
    }
    assert!(
        tested > 1_000_000 && rejected > 100_000,
        "{tested} tested, {rejected} rejected"
    );
}

#[test]
fn play_and_undo_restore_the_position_exactly() {
    let mut rng = seeded(0x5eed_0004);
    for _ in 0..30 {
        play_random_game(&mut rng, 300, |pos| {
            let before = *pos;
            let mut scratch = *pos;
            for &mv in pos.legal_moves().iter() {
                let played = pos.after(mv);
                assert_ne!(played.hash(), pos.hash(), "{mv} did not change the hash");
                assert_eq!(*pos, before);
                let undo = scratch.play_undoable(mv);
                assert_eq!(scratch, played, "{mv} played in place in {}", pos.to_sfen());
                scratch.undo(mv, undo);
                assert_eq!(scratch, before, "{mv} taken back in {}", pos.to_sfen());
            }
        });
    }
}

/// A position of a random game with the side to move's king taken off, as a
/// mate problem's attacker stands; `None` when that is no mate problem (the
/// defender in check, the side to move in check).
fn without_attackers_king(pos: &Position) -> Option<Position> {
    if pos.in_check() {
        return None;
    }
    let mut setup = Setup::from(pos);
    let king = pos.king_square(pos.side_to_move())?;
    setup.set_piece(king, None);
    setup.into_mate_problem().ok()
}

#[test]
fn without_the_attackers_king_moves_and_state_equal_the_slow_reference() {
    let mut rng = seeded(0x5eed_0021);
    let mut starts = Vec::new();
    for _ in 0..40 {
        play_random_game(&mut rng, 120, |pos| {
            if pos.move_number() % 20 == 0 {
                starts.extend(without_attackers_king(pos));
            }
        });
    }
    assert!(starts.len() > 100, "only {} starts", starts.len());
    let mut positions = 0;
    for start in starts {
        let attacker = start.side_to_move();
        assert_eq!(start.king_square(attacker), None);
        play_random_game_from(&mut rng, start, 120, |pos| {
            positions += 1;
            assert!(pos.king_square(attacker).is_none());
            if pos.side_to_move() == attacker {
                assert!(
                    !pos.in_check(),
                    "a side with no king in check: {}",
                    pos.to_sfen()
                );
            }
            let generated: BTreeSet<Move> = pos.legal_moves().iter().copied().collect();
            assert_eq!(generated, reference_moves(pos), "in {}", pos.to_sfen());
            assert_state_from_scratch(pos);
            for &mv in pos.legal_moves().iter() {
                let mut played = *pos;
                let undo = played.play_undoable(mv);
                played.undo(mv, undo);
                assert_eq!(&played, pos, "{mv} undone in {}", pos.to_sfen());
            }
        });
    }
    assert!(positions > 5_000, "only {positions} positions visited");
}
