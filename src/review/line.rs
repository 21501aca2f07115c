//! Moves kept with the position they are played from, so that any notation
//! (Western or Japanese, which both depend on that position) can write them
//! later.

use crate::rules::{Move, Position, Square};

/// Moves played in turn from `start`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub start: Position,
    /// The square the move before `start` went to (Japanese `同`).
    pub previous_to: Option<Square>,
    pub moves: Vec<Move>,
}

impl Line {
    /// The longest legal prefix of `moves` from `start`: an engine line is
    /// legal, but a review never trusts it to be.
    pub fn legal(start: &Position, previous_to: Option<Square>, moves: &[Move]) -> Line {
        let mut pos = *start;
        let mut kept = Vec::with_capacity(moves.len());
        for &mv in moves {
            if !pos.is_legal(mv) {
                break;
            }
            pos.play_unchecked(mv);
            kept.push(mv);
        }
        Line {
            start: *start,
            previous_to,
            moves: kept,
        }
    }

    /// Each move with the position before it, in order.
    pub fn steps(&self) -> Vec<Step> {
        let mut pos = self.start;
        let mut previous_to = self.previous_to;
        self.moves
            .iter()
            .map(|&mv| {
                let step = Step {
                    before: pos,
                    previous_to,
                    mv,
                };
                pos.play_unchecked(mv);
                previous_to = Some(mv.to());
                step
            })
            .collect()
    }

    /// The first move, if any.
    pub fn first(&self) -> Option<Step> {
        self.steps().into_iter().next()
    }

    /// The first `n` moves.
    pub fn truncated(&self, n: usize) -> Line {
        Line {
            start: self.start,
            previous_to: self.previous_to,
            moves: self.moves.iter().copied().take(n).collect(),
        }
    }
}

/// One move and the position it is played from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub before: Position,
    pub previous_to: Option<Square>,
    pub mv: Move,
}
