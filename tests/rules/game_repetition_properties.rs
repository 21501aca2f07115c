//! The O(1) sennichite bookkeeping agrees with a brute-force recount over
//! the whole history, through seeded random play and undo.

use komadai::rules::game::{EndReason, Game, SENNICHITE_COUNT};
use komadai::rules::{Color, Move, Position};

use crate::common;
use common::{Below, seeded};

/// Same board, hands and side to move (the move number aside): the
/// position's own hash, recomputed from scratch, not the game's table.
fn same_placement(a: &Position, b: &Position) -> bool {
    a.hash_from_scratch() == b.hash_from_scratch() && a.side_to_move() == b.side_to_move()
}

/// The sennichite verdict recomputed from scratch: `None` when the
/// current position has occurred fewer than four times.
fn brute_force(game: &Game) -> (usize, Option<EndReason>) {
    let now = game.position();
    let plies: Vec<usize> = (0..=game.ply())
        .filter(|&p| {
            game.position_after(p)
                .is_some_and(|pos| same_placement(pos, now))
        })
        .collect();
    if plies.len() < SENNICHITE_COUNT {
        return (plies.len(), None);
    }
    let first = plies[0];
    let checked_throughout = |color: Color| {
        let mut moved = false;
        for p in first + 1..=game.ply() {
            let Some(before) = game.position_after(p - 1) else {
                return false;
            };
            if before.side_to_move() != color {
                continue;
            }
            moved = true;
            if !game.position_after(p).is_some_and(Position::in_check) {
                return false;
            }
        }
        moved
    };
    let verdict = match (
        checked_throughout(Color::Sente),
        checked_throughout(Color::Gote),
    ) {
        (true, false) | (false, true) => EndReason::PerpetualCheck,
        _ => EndReason::Sennichite,
    };
    (plies.len(), Some(verdict))
}

fn random_walk(sfen: &str, seed: u64, steps: usize) -> (usize, usize) {
    let start = Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{e}"));
    let mut game = Game::from_position(start);
    let mut rng = seeded(seed);
    let (mut sennichite, mut perpetual) = (0, 0);
    for _ in 0..steps {
        // Few choices per ply and a bounded history make cycles frequent.
        if game.ply() > 40 || (game.is_over() && rng.below(2) == 0) {
            game.undo_to(0);
        } else if game.is_over() || rng.below(10) == 0 {
            game.undo();
        } else {
            let moves = game.legal_moves();
            // Stepping back where one came from two plies ago makes cycles.
            let back = game
                .ply()
                .checked_sub(2)
                .and_then(|p| game.moves().get(p).copied())
                .and_then(|m| match m {
                    Move::Board {
                        from,
                        to,
                        promote: false,
                    } => Some(Move::Board {
                        from: to,
                        to: from,
                        promote: false,
                    }),
                    _ => None,
                })
                .filter(|m| moves.contains(*m));
            // Sente prefers checks, so perpetual checks come up too.
            let pos = *game.position();
            let checks: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| pos.after(m).in_check())
                .collect();
            let mv = match back {
                Some(back) if rng.below(4) != 0 => back,
                _ if pos.side_to_move() == Color::Sente
                    && !checks.is_empty()
                    && rng.below(2) == 0 =>
                {
                    checks[rng.below(checks.len())]
                }
                _ => moves[rng.below(moves.len())],
            };
            assert!(game.play(mv).is_ok());
        }
        let mut replay = start;
        for &mv in game.moves() {
            replay.play_unchecked(mv);
        }
        assert_eq!(&replay, game.position(), "undo restores the position");
        let (count, verdict) = brute_force(&game);
        assert_eq!(game.repetition_count(), count);
        let reason = game.result().map(|r| r.reason);
        match verdict {
            Some(verdict) => {
                assert_eq!(reason, Some(verdict), "{game:?}");
                if verdict == EndReason::PerpetualCheck {
                    perpetual += 1;
                } else {
                    sennichite += 1;
                }
            }
            None => assert!(
                !matches!(
                    reason,
                    Some(EndReason::Sennichite | EndReason::PerpetualCheck)
                ),
                "{game:?}"
            ),
        }
    }
    (sennichite, perpetual)
}

#[test]
fn kings_and_rooks_shuffling_at_random_agree_with_a_recount() {
    // Few pieces and many checks: repetitions and perpetual checks come
    // often in a random walk.
    let (sennichite, perpetual) = random_walk("4k4/9/9/9/5R3/9/9/9/K8 b - 1", 0x5e11_1c41, 20_000);
    assert!(sennichite > 0 && perpetual > 0, "{sennichite} {perpetual}");
}

#[test]
fn a_fuller_board_agrees_with_a_recount() {
    let (sennichite, _) = random_walk("4k4/3g1g3/9/9/9/9/9/1R3G3/4K4 b - 1", 0xfee1_900d, 20_000);
    assert!(sennichite > 0, "{sennichite}");
}
