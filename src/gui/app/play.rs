//! The game on the board, its seats (the player's side, the AI's level) and its clock.

use crate::clock::GameClock;
use crate::gui::Level;
use crate::gui::ladder::odds::Odds;
use crate::record::{LineId, RecordInfo, Variation};
use crate::rules::game::Game;
use crate::rules::{Color, Move};

/// The game on the board and who plays it.
pub(super) struct Play {
    pub(super) game: Game,
    pub(super) player: Color,
    pub(super) level: Level,
    /// The header (players, event, date) of the opened record being replayed, kept to save it
    /// again as it came; a game played here names the player and the AI instead.
    pub(super) header: Option<Header>,
    /// The odds of a game that counts for the ladder (even or a handicap, from its start).
    pub(super) odds: Option<Odds>,
    /// Both sides' clocks, and the time each move took.
    pub(super) clock: GameClock,
    /// The clock waits after an undo until the player takes up a piece.
    pub(super) clock_held: bool,
    /// The game's result is in the ladder.
    pub(super) counted: bool,
    /// The line of the record the board follows in a study (the game itself unless a
    /// variation is shown), and that variation played out.
    pub(super) line: LineId,
    pub(super) line_game: Option<Game>,
    /// The game against the AI, set aside while a copy of it is studied: back to it as it
    /// was.
    pub(super) kept: Option<Box<Play>>,
}

impl Play {
    /// `game` with the player on `player`'s side, no clock limit, odds from its start.
    pub(super) fn new(game: Game, player: Color, level: Level) -> Play {
        Play {
            odds: Odds::of_game(game.start(), player),
            clock: GameClock::unlimited(game.side_to_move()),
            game,
            player,
            level,
            header: None,
            clock_held: false,
            counted: false,
            line: LineId::main(),
            line_game: None,
            kept: None,
        }
    }
}

/// What an opened record says besides its moves.
#[derive(Clone, PartialEq)]
pub(super) struct Header {
    pub(super) info: RecordInfo,
    pub(super) other_ending: Option<String>,
    /// The record's own comments, written back with it.
    pub(super) comments: Vec<String>,
    /// The record's variations and the moves of the game they branch off:
    /// written back while the game still makes those moves.
    pub(super) variations: Vec<Variation>,
    pub(super) opened_moves: Vec<Move>,
}
