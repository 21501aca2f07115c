//! Why an engine could not be used: each kind is a sentence a player can act
//! on, with the engine's own words (its exit status, its last lines) kept as
//! the detail.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UsiErrorKind {
    /// The program could not be started (no such file, not executable).
    Start,
    /// It never answered `usi` with `usiok` in time.
    NoUsiOk,
    /// It never answered `isready` with `readyok` in time.
    NotReady,
    /// It gave no `bestmove` in time (or did not stop when asked).
    Timeout,
    /// The process exited, or its pipes closed.
    Crash,
    /// Its `bestmove` is no move at all.
    Unreadable,
    /// Its `bestmove` is a move the rules forbid in that position.
    IllegalMove,
    /// A `setoption` value it does not offer.
    BadOption,
    /// It gave its move with no score where a score was needed (a review).
    NoScore,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsiError {
    pub kind: UsiErrorKind,
    /// What the engine said or did, in its own words.
    pub detail: String,
}

impl UsiError {
    pub fn new(kind: UsiErrorKind, detail: impl Into<String>) -> UsiError {
        UsiError {
            kind,
            detail: detail.into(),
        }
    }
}

impl fmt::Display for UsiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            UsiErrorKind::Start => "the engine could not be started",
            UsiErrorKind::NoUsiOk => "the engine did not answer 'usi' with 'usiok' in time",
            UsiErrorKind::NotReady => "the engine did not answer 'isready' with 'readyok' in time",
            UsiErrorKind::Timeout => "the engine gave no move in time",
            UsiErrorKind::Crash => "the engine stopped running",
            UsiErrorKind::Unreadable => "the engine answered something that is not a move",
            UsiErrorKind::IllegalMove => "the engine played an illegal move",
            UsiErrorKind::BadOption => "the engine has no such option value",
            UsiErrorKind::NoScore => "the engine gave its move without a score",
        };
        if self.detail.is_empty() {
            write!(f, "{what}")
        } else {
            write!(f, "{what}: {}", self.detail)
        }
    }
}

impl std::error::Error for UsiError {}
