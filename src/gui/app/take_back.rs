//! Undo: what a player expects to get back.
//!
//! A resignation or declaration made by mistake, or the player's loss on time, is taken back
//! alone, to the same position with the player to move as before (the clock as it stood
//! when the turn began, held until a piece is picked up). Otherwise Undo takes back the
//! player's last move and the AI's reply (or only the player's move while the AI still
//! thinks about it), also after the game ended. A result taken back is taken off the ladder.

use super::KomadaiApp;
use crate::rules::Color;
use crate::rules::game::{EndReason, Game};

impl KomadaiApp {
    pub(in crate::gui) fn undo(&mut self) {
        self.background.stop_ai();
        self.background.forget_hint();
        // The bar would read a search of a position taken back.
        self.background.forget_ai_score();
        self.screen.dialog = None;
        self.screen.clear_selection();
        let player = self.play.player;
        let outcome = self.play.outcome();
        let game = &mut self.play.game;
        if ended_by(game, player) {
            *game = without_ending(game);
            // The turn the ending cut short starts again: the clocks as they stood then,
            // held (tick_clock charges only moves, and no move was taken back).
            let (ply, turn) = (game.ply(), game.side_to_move());
            self.play.clock.take_back_to(ply, turn);
            self.play.clock_held = true;
        } else if game.undo().is_some() {
            while game.position().side_to_move() != player && game.ply() > 0 {
                game.undo();
            }
        }
        if let Some(outcome) = outcome
            && self.play.counted
            && !self.play.game.is_over()
        {
            self.stored.ladder.uncount(outcome, &mut self.play);
        }
        self.screen.view = self.screen.view.latest(self.play.game.ply());
    }

    /// Undo has something to take back: a move, or the player's own resignation or
    /// declaration.
    pub(in crate::gui) fn can_undo(&self) -> bool {
        let game = &self.play.game;
        game.ply() > 0 || ended_by(game, self.play.player)
    }
}

/// The game ended by `player`'s own word or clock: they resigned, declared an impasse, or
/// ran out of time.
fn ended_by(game: &Game, player: Color) -> bool {
    match game.result().map(|r| (r.reason, r.loser())) {
        Some((EndReason::Resignation | EndReason::TimeUp, loser)) => loser == Some(player),
        // A declaration leaves the declarer to move.
        Some((EndReason::Impasse { .. }, _)) => game.side_to_move() == player,
        _ => false,
    }
}

/// The same moves without the word that ended the game. A game keeps no record of how its
/// result came about, so the moves are played again from the start; a resignation, a
/// declaration and a loss on time are the endings that replaying leaves out.
fn without_ending(game: &Game) -> Game {
    let mut replayed = Game::from_position(*game.start());
    for &mv in game.moves() {
        if replayed.play(mv).is_err() {
            break;
        }
    }
    replayed
}
