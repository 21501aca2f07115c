//! The engine's own move helpers agree with the rules core.

use komadai::engine::captures::generate_tactical;
use komadai::engine::mate::{CheckInfo, gives_check};
use komadai::rules::{Move, MoveList, Position};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// Positions from the bench plus those met on a few fixed playouts.
fn sample_positions() -> Vec<Position> {
    let mut positions = Vec::new();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x2545_f491_4f6c_dd1d);
    for sfen in komadai::engine::bench::POSITIONS {
        let Ok(start) = Position::from_sfen(sfen) else {
            continue;
        };
        let mut pos = start;
        for _ in 0..80 {
            positions.push(pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
    positions
}

#[test]
fn gives_check_agrees_with_playing_the_move() {
    for pos in sample_positions() {
        let info = CheckInfo::new(&pos);
        for &mv in pos.legal_moves().iter() {
            assert_eq!(
                gives_check(&pos, &info, mv),
                pos.after(mv).in_check(),
                "{mv} in {}",
                pos.to_sfen()
            );
        }
    }
}

fn is_capture(pos: &Position, mv: Move) -> bool {
    !mv.is_drop() && pos.piece_at(mv.to()).is_some()
}

#[test]
fn tactical_moves_are_legal_and_miss_no_capture() {
    for pos in sample_positions().into_iter().filter(|p| !p.in_check()) {
        let legal = pos.legal_moves();
        let mut tactical = MoveList::new();
        generate_tactical(&pos, &mut tactical);
        for &mv in tactical.iter() {
            assert!(legal.contains(mv), "{mv} is not legal in {}", pos.to_sfen());
        }
        for &mv in legal.iter().filter(|&&mv| is_capture(&pos, mv)) {
            let promoted_twin = match mv {
                Move::Board {
                    from,
                    to,
                    promote: false,
                } => tactical.contains(Move::Board {
                    from,
                    to,
                    promote: true,
                }),
                _ => false,
            };
            assert!(
                tactical.contains(mv) || promoted_twin,
                "capture {mv} missing in {}",
                pos.to_sfen()
            );
        }
    }
}
