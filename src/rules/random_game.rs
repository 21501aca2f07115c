//! Positions along a pseudo-random game, for tests that check a property
//! over many varied positions (promoted pieces, crowded lines, full hands
//! turn up that hand-written positions would miss). A generator seeded
//! with `seed` picks each move, so the games are reproducible.
//!
//! For the crate's own unit tests, which test private parts (the
//! evaluation's attack map) and cannot reach the integration tests' walker
//! (`tests/rules/random_playouts.rs` with `tests/common`'s generator).

use super::Position;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// The positions of a game of at most `plies` moves from the start, the
/// start included, each move picked from the legal ones by `seed`'s
/// sequence. Ends early at a position with no legal move.
pub fn random_game(seed: u64, plies: usize) -> Vec<Position> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut pos = Position::startpos();
    let mut game = vec![pos];
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let Some(&mv) = moves.iter().nth(rng.random_range(0..moves.len())) else {
            break;
        };
        pos = pos.after(mv);
        game.push(pos);
    }
    game
}
