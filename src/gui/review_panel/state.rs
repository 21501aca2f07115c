//! A review open beside the board: the analysis, the moves it was made of, and the mistake
//! being tried again.

use crate::review::GameReview;
use crate::rules::Move;

/// A review open beside the board.
pub(in crate::gui) struct ReviewState {
    pub(in crate::gui) review: GameReview,
    /// The moves reviewed.
    pub(in crate::gui) moves: Vec<Move>,
    pub(in crate::gui) retry: Option<Retry>,
}

/// A mistake being tried again: the board is at the position before it.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::gui) struct Retry {
    pub(in crate::gui) ply: usize,
    /// Tries judged so far.
    pub(in crate::gui) tries: u8,
    /// What the last try came to.
    pub(in crate::gui) note: Option<String>,
    /// The best move is drawn (after the second try, or when asked).
    pub(in crate::gui) answer_shown: bool,
    pub(in crate::gui) solved: bool,
}

/// Tries after which the answer is shown.
pub(in crate::gui) const TRIES_BEFORE_ANSWER: u8 = 2;
