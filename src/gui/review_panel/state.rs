//! The review panel's state: the review open beside the board, if any (its analysis, the
//! moves it was made of, and the mistake being tried again).

use crate::review::GameReview;
use crate::rules::Move;

/// The review panel's part of the app; its workings are in `reviewing`.
#[derive(Default)]
pub(in crate::gui) struct ReviewPanel {
    /// The review open beside the board.
    pub(super) open: Option<ReviewState>,
}

/// A review open beside the board.
pub(super) struct ReviewState {
    pub(super) review: GameReview,
    /// The moves reviewed.
    pub(super) moves: Vec<Move>,
    pub(super) retry: Option<Retry>,
    /// Read back from a record or the autosave with mistakes the deep pass has not looked
    /// at (a file from before its lines were kept, or lines that did not read): the pass is
    /// to start on them once the window can be woken by its looks.
    pub(super) deep_due: bool,
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
