//! A second look at the moves that seem to lose: before such a move is judged, the position
//! after the engine's better move is searched too, at the budget the position after the move
//! played had.
//!
//! A search of a position weighs its own first move by what it sees behind it, a few plies
//! shallower than a search of the position that move leads to; the move played is weighed
//! by that deeper search. Without the second look a better move the first search is
//! optimistic about makes a sound move look like a mistake: the two are only compared fairly
//! when each is weighed by a search of the position it leads to. Only the moves that look
//! like mistakes get one (about one position in fifteen), so the review keeps most of its speed.

use super::analysis::{Budget, GamePositions, PositionAnalysis, SecondLook, analyse_reached};
use super::score::Score;
use super::verdict::judge_move;
use crate::engine::search::Engine;
use std::sync::atomic::AtomicBool;
use std::sync::{Mutex, PoisonError};

/// The analyses found so far, shared by the workers: the worker that finds the second of a
/// move's two positions is the one that gives the move its second look, before it reports
/// the position, so no move is judged before its second look is in.
pub(super) struct FoundAnalyses {
    analyses: Mutex<Vec<Option<PositionAnalysis>>>,
}

impl FoundAnalyses {
    pub(super) fn new(positions: usize) -> FoundAnalyses {
        FoundAnalyses {
            analyses: Mutex::new(vec![None; positions]),
        }
    }

    /// Keeps `analysis`; returns the moves (plies) its arrival completes that need a second
    /// look.
    pub(super) fn keep(&self, game: &GamePositions, analysis: PositionAnalysis) -> Vec<usize> {
        let index = analysis.index;
        let mut analyses = self.analyses.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(slot) = analyses.get_mut(index) {
            *slot = Some(analysis);
        }
        [index, index + 1]
            .into_iter()
            .filter(|&ply| ply >= 1)
            .filter(|&ply| match (analyses.get(ply - 1), analyses.get(ply)) {
                (Some(Some(before)), Some(Some(after))) => needs_check(game, ply, before, after),
                _ => false,
            })
            .collect()
    }

    /// The analysis of position `index`, as kept.
    pub(super) fn get(&self, index: usize) -> Option<PositionAnalysis> {
        let analyses = self.analyses.lock().unwrap_or_else(PoisonError::into_inner);
        analyses.get(index)?.clone()
    }

    /// Adds the second look at position `index`'s best move; returns the analysis with it.
    pub(super) fn add_check(&self, index: usize, look: SecondLook) -> Option<PositionAnalysis> {
        let mut analyses = self.analyses.lock().unwrap_or_else(PoisonError::into_inner);
        let analysis = analyses.get_mut(index)?.as_mut()?;
        analysis.best_checked = Some(look);
        Some(analysis.clone())
    }
}

/// Whether the game's move `ply`, judged from the analyses of the positions before and after
/// it, is a mistake or worse that is not the engine's own move, and has had no second look.
pub fn needs_check(
    game: &GamePositions,
    ply: usize,
    before: &PositionAnalysis,
    after: &PositionAnalysis,
) -> bool {
    let Some(&played) = game.moves().get(ply - 1) else {
        return false;
    };
    let is_other = before.best.is_some_and(|best| best != played);
    is_other
        && before.best_checked.is_none()
        && game.position(ply - 1).is_some_and(|pos| {
            let first_sight = (before.score, before.score);
            judge_move(pos, played, first_sight, after.score.flipped(), false)
                .verdict
                .is_serious()
        })
}

/// The second look at the best move of the position before the game's move `ply`: the
/// position after it searched with `budget` through the game's path, its score as the
/// mover's. `None` when cancelled or when the position has no best move.
pub(super) fn check_best(
    engine: &mut Engine,
    game: &GamePositions,
    ply: usize,
    before: &PositionAnalysis,
    budget: Budget,
    cancel: &AtomicBool,
) -> Option<SecondLook> {
    let best = before.best?;
    let after_best = game.position(ply - 1)?.after(best);
    let analysis = analyse_reached(engine, &after_best, game.path(ply), ply, budget, cancel)?;
    Some(SecondLook {
        score: best_seen_after(analysis.score),
        line: analysis.line,
    })
}

/// The score of the position after the best move (its side to move's, as a search gives it)
/// as the mover's score of the position before: a mate is one ply further away.
pub fn best_seen_after(score: Score) -> Score {
    score.flipped().a_ply_earlier()
}
