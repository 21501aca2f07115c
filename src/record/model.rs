//! A game as a record holds it: the players and the event, the game itself
//! (checked move by move), the variations that branch off it, and what a
//! file adds beside the moves.

use crate::rules::Move;
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
    /// Lines of play branching off the game (KIF's `変化`), each checked
    /// move by move from the position it starts in; in the order of their
    /// first moves, those at the same move in the order they were made.
    pub variations: Vec<Variation>,
}

/// A line of play branching off the game or off another variation: its
/// first move is played instead of the move that line made from the same
/// position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variation {
    /// How many moves come before its first, counted from the record's
    /// start along the lines it branches from: it replaces their move
    /// `ply + 1`.
    pub ply: usize,
    pub moves: Vec<Move>,
    /// As [`Record::comments`]: index 0 before its first move, n after its
    /// move n.
    pub comments: Vec<String>,
    /// The time each of its moves took; empty when the file gives none.
    pub move_times: Vec<Duration>,
    /// The word that ends it in the file (`投了`, `中断`...), as written.
    pub end_word: Option<String>,
    /// Lines branching off this one, each at a ply after this one's first
    /// move and within its moves.
    pub variations: Vec<Variation>,
}

impl Variation {
    /// The comment after its move `n` (0: before its first move), if any.
    pub fn comment(&self, n: usize) -> Option<&str> {
        comment_at(&self.comments, n)
    }

    /// Sets the comment after its move `n` (0: before its first move).
    pub fn set_comment(&mut self, n: usize, text: String) {
        set_comment_at(&mut self.comments, n, text);
    }

    /// Whether this variation holds a move after `ply` moves from the
    /// record's start, other than its first: where a variation of it may
    /// branch.
    pub fn holds_later_ply(&self, ply: usize) -> bool {
        ply > self.ply && ply < self.ply + self.moves.len()
    }
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

/// The header key of the time control komadai writes: KIF's (and JKF's) `持ち時間`.
const TIME_CONTROL: &str = "持ち時間";

/// CSA's time control header, kept as the file gives it.
const CSA_TIME_LIMIT: &str = "$TIME_LIMIT";

impl RecordInfo {
    /// The time control as the file gives it: KIF's and JKF's `持ち時間`, or CSA's
    /// `$TIME_LIMIT`.
    pub fn time_control(&self) -> Option<&str> {
        self.other
            .iter()
            .find(|(key, _)| key == TIME_CONTROL || key == CSA_TIME_LIMIT)
            .map(|(_, value)| value.as_str())
    }

    /// Sets the time control as `持ち時間` (`None` removes it), in place of any the file
    /// gave. KIF, KI2 and JKF write it; CSA's own `$TIME_LIMIT` has a fixed form, so a
    /// CSA file gets none.
    pub fn set_time_control(&mut self, value: Option<String>) {
        let at =
            (self.other.iter()).position(|(key, _)| key == TIME_CONTROL || key == CSA_TIME_LIMIT);
        self.other
            .retain(|(key, _)| key != TIME_CONTROL && key != CSA_TIME_LIMIT);
        if let Some(value) = value {
            let at = at.unwrap_or(self.other.len()).min(self.other.len());
            self.other.insert(at, (TIME_CONTROL.to_owned(), value));
        }
    }
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
            variations: Vec::new(),
        }
    }

    /// The comment after move `ply` (0: before the first move), if any.
    pub fn comment(&self, ply: usize) -> Option<&str> {
        comment_at(&self.comments, ply)
    }

    /// Sets the comment after move `ply` (0: before the first move).
    pub fn set_comment(&mut self, ply: usize, text: String) {
        set_comment_at(&mut self.comments, ply, text);
    }
}

/// The comment at `index` of a line's comments, if any.
pub(super) fn comment_at(comments: &[String], index: usize) -> Option<&str> {
    comments
        .get(index)
        .map(String::as_str)
        .filter(|c| !c.is_empty())
}

/// Sets the comment at `index`, growing the list as needed.
pub(super) fn set_comment_at(comments: &mut Vec<String>, index: usize, text: String) {
    if comments.len() <= index {
        comments.resize(index + 1, String::new());
    }
    comments[index] = text;
}
