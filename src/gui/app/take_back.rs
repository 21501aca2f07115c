//! Undo: what a player expects to get back.
//!
//! A resignation or declaration made by mistake is taken back alone, to the same position
//! with the player to move as before. Otherwise Undo takes back the player's last move and
//! the AI's reply (or only the player's move while the AI still thinks about it), also
//! after the game ended.

use super::KomadaiApp;
use crate::rules::Color;
use crate::rules::game::{EndReason, Game};

impl KomadaiApp {
    pub(super) fn undo(&mut self) {
        self.background.stop_ai();
        self.background.forget_hint();
        self.screen.dialog = None;
        self.screen.clear_selection();
        let player = self.play.player;
        let game = &mut self.play.game;
        if ended_by(game, player) {
            *game = without_ending(game);
        } else if game.undo().is_some() {
            while game.position().side_to_move() != player && game.ply() > 0 {
                game.undo();
            }
        }
        self.screen.view = self.screen.view.latest(self.play.game.ply());
    }

    /// Undo has something to take back: a move, or the player's own resignation or
    /// declaration.
    pub(super) fn can_undo(&self) -> bool {
        let game = &self.play.game;
        game.ply() > 0 || ended_by(game, self.play.player)
    }
}

/// The game ended by `player`'s own word: they resigned, or declared an impasse.
fn ended_by(game: &Game, player: Color) -> bool {
    match game.result().map(|r| (r.reason, r.loser())) {
        Some((EndReason::Resignation, loser)) => loser == Some(player),
        // A declaration leaves the declarer to move.
        Some((EndReason::Impasse { .. }, _)) => game.side_to_move() == player,
        _ => false,
    }
}

/// The same moves without the word that ended the game. A game keeps no record of how its
/// result came about, so the moves are played again from the start; a resignation or
/// declaration is the only ending that replaying leaves out.
fn without_ending(game: &Game) -> Game {
    let mut replayed = Game::from_position(*game.start());
    for &mv in game.moves() {
        if replayed.play(mv).is_err() {
            break;
        }
    }
    replayed
}
