//! A game as a record holds it: the players and the event, the game itself
//! (checked move by move), and what a file adds beside the moves.

use crate::rules::game::Game;
use std::time::Duration;

/// A game as a record holds it: who played, when, and the game itself.
#[derive(Clone, Debug, Default)]
pub struct Record {
    pub info: RecordInfo,
    /// Start position, moves and result, checked move by move.
    pub game: Game,
    /// An ending the file gives that komadai's rules have no name for, or
    /// that the moves do not bear out (`中断`, `切れ負け`, `%TIME_UP`...),
    /// kept as written so the player sees it.
    pub other_ending: Option<String>,
    /// The time each move took, in the order of the moves (KIF's time
    /// column, CSA's `T` lines); empty when the record gives none.
    pub move_times: Vec<Duration>,
    /// KIF's `*` comment lines: index 0 holds those before the first move, n those after
    /// move n, each entry its lines joined by `\n` (empty: none). Shorter than the moves
    /// when the last ones have none; only KIF reads and writes them.
    pub comments: Vec<String>,
}

/// Header facts shared by KIF and CSA. Keys a format has no place for are
/// kept in `other` as written (KIF `場所`, CSA `$TIME_LIMIT`...).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordInfo {
    pub sente: Option<String>,
    pub gote: Option<String>,
    pub event: Option<String>,
    pub site: Option<String>,
    pub start_time: Option<String>,
    pub other: Vec<(String, String)>,
}

impl Record {
    /// A record of `game` with no header facts.
    pub fn new(game: Game) -> Record {
        Record {
            info: RecordInfo::default(),
            game,
            other_ending: None,
            move_times: Vec::new(),
            comments: Vec::new(),
        }
    }

    /// The comment after move `ply` (0: before the first move), if any.
    pub fn comment(&self, ply: usize) -> Option<&str> {
        self.comments
            .get(ply)
            .map(String::as_str)
            .filter(|c| !c.is_empty())
    }

    /// Sets the comment after move `ply` (0: before the first move).
    pub fn set_comment(&mut self, ply: usize, text: String) {
        if self.comments.len() <= ply {
            self.comments.resize(ply + 1, String::new());
        }
        self.comments[ply] = text;
    }
}
