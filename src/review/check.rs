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
//!
//! A move into a mate is weighed against the better move's own future by the mate solver too
//! ([`mate_against_better`]): a search of a few hundred thousand nodes often misses a long
//! mate that the mover cannot escape whatever it plays, and a mate allowed is the move's fault
//! only where the better move escapes it.

use super::analysis::{Budget, GamePositions, PositionAnalysis, SecondLook, analyse_reached};
use super::score::Score;
use super::verdict::judge_move;
use crate::engine::mate::dfpn::{Dfpn, MateResult};
use crate::engine::repetition::Visit;
use crate::engine::search::Engine;
use crate::rules::{Move, Position};
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
///
/// Where the move played is mated (`played_mated`) and neither search has the better move
/// mated, the mate solver looks for a mate against the better move too
/// ([`mate_against_better`]); a mate it finds is the second look's score.
pub(super) fn check_best(
    engine: &mut Engine,
    game: &GamePositions,
    ply: usize,
    (before, played_mated): (&PositionAnalysis, bool),
    budget: Budget,
    cancel: &AtomicBool,
) -> Option<SecondLook> {
    let best = before.best?;
    let after_best = game.position(ply - 1)?.after(best);
    let analysis = analyse_reached(engine, &after_best, game.path(ply), ply, budget, cancel)?;
    let seen = best_seen_after(analysis.score);
    let score = mate_looked_for(seen, (before, played_mated), (game, ply), cancel);
    Some(SecondLook {
        score,
        line: analysis.line,
    })
}

/// The second look's score of the better move before the game's move `ply`, `seen`, once
/// the mate solver has looked for a mate against it ([`mate_against_better`]): where the
/// move played is mated (`played_mated`) and neither `seen` nor the look `before` the move
/// has the better move mated, a mate it proves is the score; otherwise `seen`.
pub fn mate_looked_for(
    seen: Score,
    (before, played_mated): (&PositionAnalysis, bool),
    (game, ply): (&GamePositions, usize),
    cancel: &AtomicBool,
) -> Score {
    let neither_mated = ![before.score, seen]
        .iter()
        .any(|score| matches!(score, Score::Mated(_)));
    let after_best = before
        .best
        .and_then(|best| Some(game.position(ply - 1)?.after(best)));
    match after_best {
        Some(after_best) if played_mated && neither_mated => {
            mate_against_better(&after_best, game.path(ply), cancel)
                .map_or(seen, |plies| Score::Mated(plies).a_ply_earlier())
        }
        _ => seen,
    }
}

/// The mate solver's nodes, in all, for one look at a better move's future
/// ([`mate_against_better`]). On the moves judged by hand that allowed a mate the better move
/// does not escape either, the solver proved those mates in 6,679 to 65,094 nodes; where it
/// proves none it spends the whole budget, about 1.5 s of a core.
pub const MATE_CHECK_NODES: u64 = 300_000;

/// The solver's nodes at most for each answer looked at past an evasion
/// ([`mate_against_better`]): the mates there are short, and an answer that takes longer
/// to refute ends the look at that evasion.
const MATE_CHECK_ANSWER_NODES: u64 = 20_000;

/// How many times the mating side may answer a check on the way to its mate (its other
/// moves are checks).
const MATE_CHECK_EVASIONS: u32 = 2;

/// The solver's table for the first problem; the later ones are short.
const MATE_CHECK_TABLE_MB: usize = 8;

/// Whether the side to move in `after_best`, the position after the mover's better move
/// (reached through `path`), mates the mover whatever it plays: `Some(plies)`, the length of
/// a mate proven (counted from `after_best`), or `None` where none was proven within
/// [`MATE_CHECK_NODES`] or the look was cancelled.
///
/// The df-pn solver proves mates of checks alone. Where the better move gives check, the
/// mating side must first answer it, often by taking what the better move dropped or moved,
/// a move that gives no check: so where the side to move is in check and the solver proves
/// no mate, each evasion is tried, and it mates where the solver proves a mate after each of
/// the mover's answers (an answer that gives check again is met the same way, once). A mate
/// found is a proof either way; one missed only leaves the verdict as it was.
pub fn mate_against_better(
    after_best: &Position,
    path: &[Visit],
    cancel: &AtomicBool,
) -> Option<u32> {
    let mut look = MateLook {
        history: path.iter().map(|visit| visit.key).collect(),
        nodes_left: MATE_CHECK_NODES,
        cancel,
    };
    look.mates(after_best, MATE_CHECK_EVASIONS, MATE_CHECK_NODES)
}

/// One [`mate_against_better`] look: its budget, and the positions played to reach the one
/// looked at (a mate may not repeat them).
struct MateLook<'a> {
    history: Vec<u64>,
    nodes_left: u64,
    cancel: &'a AtomicBool,
}

impl MateLook<'_> {
    /// A mate for the side to move in `pos`: of checks alone, proven within `nodes` (and what
    /// is left of the budget), or else, in check, beginning with an evasion, with at most
    /// `evasions` answers to a check on the way ([`mate_against_better`]).
    fn mates(&mut self, pos: &Position, evasions: u32, nodes: u64) -> Option<u32> {
        if self.nodes_left == 0 {
            return None;
        }
        let table_mb = if evasions == MATE_CHECK_EVASIONS {
            MATE_CHECK_TABLE_MB
        } else {
            1
        };
        let mut solver = Dfpn::new(self.cancel, nodes.min(self.nodes_left), table_mb)
            .with_history(self.history.iter().copied());
        let solved = solver.solve(pos);
        self.nodes_left = self.nodes_left.saturating_sub(solver.nodes);
        if let MateResult::Mate(line) = solved {
            return u32::try_from(line.len()).ok();
        }
        if evasions == 0 || !pos.in_check() {
            return None;
        }
        let tries = pos.legal_moves();
        tries
            .iter()
            .find_map(|&mv| self.mates_by(pos, mv, evasions - 1))
    }

    /// A mate beginning with `mv` from `pos`: a mate found after each answer to it.
    fn mates_by(&mut self, pos: &Position, mv: Move, evasions: u32) -> Option<u32> {
        let next = pos.after(mv);
        let answers = next.legal_moves();
        if answers.is_empty() {
            // `mv` mates (a legal move never mates by a pawn drop).
            return next.in_check().then_some(1);
        }
        self.history.extend([pos.hash(), next.hash()]);
        let mut longest = 0;
        let mut proven = true;
        for &answer in answers.iter() {
            match self.mates(&next.after(answer), evasions, MATE_CHECK_ANSWER_NODES) {
                Some(plies) => longest = longest.max(plies),
                None => {
                    proven = false;
                    break;
                }
            }
        }
        self.history.truncate(self.history.len() - 2);
        proven.then_some(longest + 2)
    }
}

/// The score of the position after the best move (its side to move's, as a search gives it)
/// as the mover's score of the position before: a mate is one ply further away.
pub fn best_seen_after(score: Score) -> Score {
    score.flipped().a_ply_earlier()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(sfen: &str) -> Position {
        Position::from_sfen(sfen).expect("test SFEN")
    }

    #[test]
    fn a_mate_of_checks_against_the_better_move_is_found() {
        // Held-out set 16, hard_vs_normal_164 ply 72: G-5b allowed mate in 5, but after the
        // better move B*2d Black mates too (in 11 by Fairy-Stockfish: S*3b first), which
        // the deep pass's search of a million nodes does not see.
        let after_best = position(
            "l2g1k3/9/2n1p+B1pp/p1pp3b1/1r7/2P1SppPP/PP1PP1N2/2S1G4/LNKG1r2L b G2SNPl2p 73",
        );
        let found = mate_against_better(&after_best, &[], &AtomicBool::new(false));
        assert!(found.is_some_and(|plies| plies % 2 == 1), "{found:?}");
    }

    #[test]
    fn a_mate_that_begins_by_taking_what_the_better_move_dropped_is_found() {
        // Held-out set 16, hard_vs_normal_161 ply 77: Gx6i allowed mate in 5, but after the
        // better move B*1a (check) White takes the bishop and mates all the same (in 11 by
        // Fairy-Stockfish). The capture gives no check: the solver alone proves nothing, the
        // evasions tried one by one do.
        let after_best =
            position("ln3g1nB/2r4kl/p6pp/1p1g1ps2/6p2/4G4/PP+p2P1PP/K2S1+r3/L1GsP2NL w B2Psn3p 78");
        let stop = AtomicBool::new(false);
        let mut solver = Dfpn::new(&stop, MATE_CHECK_NODES, MATE_CHECK_TABLE_MB);
        assert!(!matches!(solver.solve(&after_best), MateResult::Mate(_)));
        let found = mate_against_better(&after_best, &[], &stop);
        assert!(found.is_some_and(|plies| plies >= 3), "{found:?}");
    }

    #[test]
    fn no_mate_is_found_where_there_is_none_or_the_look_is_cancelled() {
        let stop = AtomicBool::new(false);
        assert_eq!(mate_against_better(&Position::startpos(), &[], &stop), None);
        // Held-out set 14, normal_vs_easy_145 ply 35: G-3i allowed mate in 3, and after the
        // better P-4f Fairy-Stockfish has White 41 pawns up but no mate.
        let escapes = position(
            "lnsk1gsnl/2g6/2p2pbpp/p2p2p2/4p4/2PB1P1PP/P1NPP1P2/4K1GR1/L1+r+sS2NL w Pgp 36",
        );
        assert_eq!(mate_against_better(&escapes, &[], &stop), None);
        let after_best = position(
            "l2g1k3/9/2n1p+B1pp/p1pp3b1/1r7/2P1SppPP/PP1PP1N2/2S1G4/LNKG1r2L b G2SNPl2p 73",
        );
        assert_eq!(
            mate_against_better(&after_best, &[], &AtomicBool::new(true)),
            None
        );
    }

    #[test]
    fn the_second_look_is_the_mate_proven_only_where_the_move_played_is_mated() {
        // hard_vs_normal_164 ply 72 as above, from before the better move B*2d: a move into
        // a mate there is weighed against B*2d mated; any other move keeps the look's score.
        let before = position(
            "l2g1k3/9/2n1p+B1pp/p1pp5/1r7/2P1SppPP/PP1PP1N2/2S1G4/LNKG1r2L w G2SNPbl2p 72",
        );
        let better = Move::from_usi("B*2d").expect("a move");
        let game = GamePositions::new(&before, &[better]);
        let analysis = PositionAnalysis {
            index: 0,
            score: Score::Cp(-900),
            best: Some(better),
            line: vec![better],
            depth: 10,
            nodes: 100_000,
            best_moves: Vec::new(),
            best_checked: None,
        };
        let stop = AtomicBool::new(false);
        let seen = Score::Cp(-700);
        let looked = mate_looked_for(seen, (&analysis, true), (&game, 1), &stop);
        assert!(matches!(looked, Score::Mated(_)), "{looked:?}");
        assert_eq!(
            mate_looked_for(seen, (&analysis, false), (&game, 1), &stop),
            seen
        );
    }

    #[test]
    fn a_mate_found_after_the_better_move_is_counted_from_before_it() {
        assert_eq!(best_seen_after(Score::Mates(8)), Score::Mated(9));
        assert_eq!(best_seen_after(Score::Cp(-120)), Score::Cp(120));
    }
}
