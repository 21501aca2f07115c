//! The player's finished games waiting for a review, so that their mistakes join the
//! practice even when the player never opened the review: each game is kept by its start
//! and moves, and once reviewed only its name (a hash) is remembered, so no game is
//! reviewed twice and no mistake is added twice.

use crate::review::GamePositions;
use crate::rules::{Color, Move, Position};
use serde::{Deserialize, Serialize};

/// Reviewed games remembered by name; the oldest are forgotten after this many (a game
/// that old is no longer autosaved, so it cannot come back).
pub const REVIEWED_KEPT: usize = 1000;

/// Games waiting at most: the oldest waiting game is dropped beyond this.
pub const WAITING_KEPT: usize = 20;

/// A finished game of the player's, as text (SFEN and USI).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeptGame {
    pub start: String,
    pub moves: Vec<String>,
    /// The player's side: `true` for Sente.
    pub sente: bool,
}

impl KeptGame {
    pub fn new(start: &Position, moves: &[Move], player: Color) -> KeptGame {
        KeptGame {
            start: start.to_sfen(),
            moves: moves.iter().map(Move::to_string).collect(),
            sente: player == Color::Sente,
        }
    }

    pub fn player(&self) -> Color {
        if self.sente {
            Color::Sente
        } else {
            Color::Gote
        }
    }

    /// The game's name: a hash of its start and moves (FNV-1a, stable across builds).
    pub fn key(&self) -> String {
        game_key(&self.start, &self.moves)
    }

    /// The game's positions, `None` for a damaged entry (a move that does not read or
    /// is not legal where it stands).
    pub fn positions(&self) -> Option<GamePositions> {
        let start = Position::from_sfen(&self.start).ok()?;
        let mut pos = start;
        let mut moves = Vec::with_capacity(self.moves.len());
        for text in &self.moves {
            let mv = Move::from_usi(text).ok()?;
            if !pos.is_legal(mv) {
                return None;
            }
            pos.play_unchecked(mv);
            moves.push(mv);
        }
        Some(GamePositions::new(&start, &moves))
    }
}

/// The name of the game from `start` (SFEN) by `moves` (USI).
pub fn game_key(start: &str, moves: &[String]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    eat(start.as_bytes());
    for mv in moves {
        eat(b" ");
        eat(mv.as_bytes());
    }
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_reads_back_its_positions_and_names_itself_by_its_moves() {
        let start = Position::startpos();
        let moves: Vec<Move> = ["7g7f", "3c3d"]
            .iter()
            .map(|m| Move::from_usi(m).expect("USI"))
            .collect();
        let kept = KeptGame::new(&start, &moves, Color::Gote);
        assert_eq!(kept.player(), Color::Gote);
        assert_eq!(kept.positions().map(|p| p.len()), Some(3));
        let shorter = KeptGame::new(&start, &moves[..1], Color::Gote);
        assert_ne!(kept.key(), shorter.key());
        assert_eq!(kept.key(), kept.clone().key());
        let mut broken = kept.clone();
        broken.moves[1] = "7f7e".into();
        assert!(broken.positions().is_none(), "Sente's pawn on Gote's turn");
    }
}
