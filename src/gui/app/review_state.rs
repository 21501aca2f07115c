//! A review open beside the board: the analysis, the moves it was made of, and the mistake
//! being tried again.

use crate::review::GameReview;
use crate::rules::Move;

/// A review open beside the board.
pub(super) struct ReviewState {
    pub(super) review: GameReview,
    /// The moves reviewed.
    pub(super) moves: Vec<Move>,
    pub(super) retry: Option<Retry>,
}

/// A mistake being tried again: the board is at the position before it.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Retry {
    pub(super) ply: usize,
    /// Tries judged so far.
    pub(super) tries: u8,
    /// What the last try came to.
    pub(super) note: Option<String>,
    /// The best move is drawn (after the second try, or when asked).
    pub(super) answer_shown: bool,
    pub(super) solved: bool,
}

/// Tries after which the answer is shown.
pub(super) const TRIES_BEFORE_ANSWER: u8 = 2;
