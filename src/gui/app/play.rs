//! The game on the board, its seats (the player's side, the AI's level) and its clock.

use crate::clock::GameClock;
use crate::gui::Level;
use crate::gui::app::screen::Screen;
use crate::gui::ladder::LadderOutcome;
use crate::gui::ladder::odds::Odds;
use crate::record::{LineId, RecordInfo, UtcTime, Variation};
use crate::rules::game::Game;
use crate::rules::{Color, Move};

/// The game on the board and who plays it.
pub(in crate::gui) struct Play {
    pub(in crate::gui) game: Game,
    pub(in crate::gui) player: Color,
    pub(in crate::gui) level: Level,
    /// The header (players, event, date) of the opened record being replayed, kept to save it
    /// again as it came; a game played here names the player and the AI instead.
    pub(in crate::gui) header: Option<OpenedRecord>,
    /// The odds of a game that counts for the ladder (even or a handicap, from its start).
    pub(in crate::gui) odds: Option<Odds>,
    /// Both sides' clocks, and the time each move took.
    pub(in crate::gui) clock: GameClock,
    /// The clock waits after an undo until the player takes up a piece.
    pub(in crate::gui) clock_held: bool,
    /// The game's result is in the ladder.
    pub(in crate::gui) counted: bool,
    /// The line of the record the board follows in a study (the game itself unless a
    /// variation is shown), and that variation played out.
    pub(in crate::gui) line: LineId,
    pub(in crate::gui) line_game: Option<Game>,
    /// The game against the AI, set aside while a copy of it is studied: back to it as it
    /// was.
    pub(in crate::gui) kept: Option<Box<Play>>,
    /// When the game began here: its record's start time.
    pub(in crate::gui) started: UtcTime,
}

impl Play {
    /// `game` with the player on `player`'s side, no clock limit, odds from its start.
    pub(in crate::gui) fn new(game: Game, player: Color, level: Level) -> Play {
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
            started: UtcTime::now(),
        }
    }
}

impl Play {
    /// The line the board follows: the game, or the variation shown in a study.
    pub(in crate::gui) fn shown_game(&self) -> &Game {
        self.line_game.as_ref().unwrap_or(&self.game)
    }

    /// How many moves of the line followed the board shows.
    pub(in crate::gui) fn shown_ply(&self, screen: &Screen) -> usize {
        screen.view.shown(self.shown_game().ply())
    }

    /// The finished game's result for the player.
    pub(in crate::gui) fn outcome(&self) -> Option<LadderOutcome> {
        let result = self.game.result()?;
        Some(match result.winner {
            Some(winner) if winner == self.player => LadderOutcome::Win,
            Some(_) => LadderOutcome::Loss,
            None => LadderOutcome::Draw,
        })
    }
}

/// What an opened record says besides its moves.
#[derive(Clone, PartialEq)]
pub(in crate::gui) struct OpenedRecord {
    pub(in crate::gui) info: RecordInfo,
    pub(in crate::gui) other_ending: Option<String>,
    /// The record's own comments, written back with it.
    pub(in crate::gui) comments: Vec<String>,
    /// The record's variations and the moves of the game they branch off:
    /// written back while the game still makes those moves.
    pub(in crate::gui) variations: Vec<Variation>,
    pub(in crate::gui) opened_moves: Vec<Move>,
}
