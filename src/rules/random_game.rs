//! Positions along a pseudo-random game, for tests that check a property
//! over many varied positions (promoted pieces, crowded lines, full hands
//! turn up that hand-written positions would miss). A fixed linear
//! congruential sequence picks each move, so the games are reproducible.
//!
//! For the crate's own unit tests, which test private parts (the
//! evaluation's attack map) and cannot reach the integration tests' walker
//! (`tests/random_playouts.rs` with `tests/common`'s generator).

use super::Position;

/// The positions of a game of at most `plies` moves from the start, the
/// start included, each move picked from the legal ones by `seed`'s
/// sequence. Ends early at a position with no legal move.
pub fn random_game(seed: u64, plies: usize) -> Vec<Position> {
    let mut state = seed;
    let mut pos = Position::startpos();
    let mut game = vec![pos];
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pick = (state >> 33) as usize % moves.len();
        let Some(&mv) = moves.iter().nth(pick) else {
            break;
        };
        pos = pos.after(mv);
        game.push(pos);
    }
    game
}
