//! What the move box holds from frame to frame.

use crate::rules::notation::{Notation, Unplayable};

/// What is typed in the box, the suggestion chosen with the arrow keys, and the answer to
/// the last move entered that was not played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveBox {
    pub text: String,
    pub chosen: Option<usize>,
    pub answer: Option<(Notation, Unplayable)>,
}
