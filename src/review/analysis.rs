//! The engine's view of each position of a game: the position searched to a
//! fixed node budget with a cleared engine, so a result depends on the
//! position and its path only: the same on one thread or eight, run after
//! run. The path (the game's earlier positions) lets the search judge
//! repetitions as the game's rules do. [`super::workers`] searches a whole
//! game's positions this way, in parallel.

use super::score::Score;
use crate::engine::repetition::Visit;
use crate::engine::search::{Engine, Limits, RootLine};
use crate::rules::dominance::promoted_if_dominated;
use crate::rules::{Move, Position};
use std::sync::atomic::{AtomicBool, Ordering};

/// Nodes searched per position by default: about 0.2 s of one core each
/// in a release build, so a 120-ply game takes about 13 s on two cores
/// (the `review` bench: 150,000 took 24 s on two busy cores, too close to
/// the 20 s the review may take).
pub const DEFAULT_NODES: u64 = 100_000;

/// Hash table per worker: enough for the default budget (a search stores
/// far fewer entries than it visits nodes).
pub const DEFAULT_HASH_MB: usize = 16;

/// The best moves kept at each position: enough to show a player what
/// else was good. They share the position's node budget, so more lines
/// cost depth, not time: on the `review` bench's game three lines reached
/// a mean depth of 10.1 against 12.1 for one, in the same time.
pub const DEFAULT_LINES: usize = 3;

/// How hard and how wide to analyse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisOptions {
    /// Nodes per position.
    pub nodes: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Hash table per worker, in MB.
    pub hash_mb: usize,
    /// The best moves kept at each position (MultiPV, at least 1).
    pub lines: usize,
}

impl Default for AnalysisOptions {
    /// The default budget on every core of the machine.
    fn default() -> AnalysisOptions {
        AnalysisOptions {
            nodes: DEFAULT_NODES,
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            hash_mb: DEFAULT_HASH_MB,
            lines: DEFAULT_LINES,
        }
    }
}

/// The engine's view of one position of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionAnalysis {
    /// 0 for the start, n for the position after the game's n-th move.
    pub index: usize,
    /// From the side to move's point of view.
    pub score: Score,
    /// The engine's move (`None` when there is no legal move).
    pub best: Option<Move>,
    /// The line the score belongs to, starting with `best`.
    pub line: Vec<Move>,
    pub depth: u32,
    pub nodes: u64,
    /// The best moves, best first (the first is `best`), each with its
    /// score from the side to move's point of view.
    pub best_moves: Vec<Candidate>,
    /// A second look at `best`: a search of the position after it, at the same budget. Made
    /// only where the game's move looked a mistake against `score`, so the move and the better
    /// one are both weighed by a search of the position they lead to
    /// ([`PositionAnalysis::best_score`]).
    pub best_checked: Option<SecondLook>,
}

/// A search of the position after a position's best move ([`PositionAnalysis::best_checked`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SecondLook {
    /// The score, from the point of view of the side to move before the best move.
    pub score: Score,
    /// The search's line from the position after the best move (the opponent's reply first):
    /// what the better move is said to win must show on it too.
    pub line: Vec<Move>,
}

impl PositionAnalysis {
    /// What the best move keeps, the score a move played here is weighed against: the
    /// position's score, or, where the second look is lower, halfway between the two. Each
    /// search has its horizon: the position's own sees its first move's consequences a ply
    /// less deep than the search of the position after it, which is how the move played is
    /// weighed; where they disagree neither is trusted alone. A mate the second look finds
    /// against the better move is kept as found.
    pub fn best_score(&self) -> Score {
        match (
            self.score,
            self.best_checked.as_ref().map(|look| look.score),
        ) {
            (Score::Cp(first), Some(Score::Cp(second))) if second < first => {
                Score::Cp(first - (first - second) / 2)
            }
            (Score::Cp(_), Some(mated @ Score::Mated(_))) => mated,
            _ => self.score,
        }
    }

    /// The lower of the two looks at the best move (the position's score, and the second look
    /// where one was made): what both searches grant it. A loss the verdict reads in centipawns
    /// must stand against this one too ([`super::verdict::judge_looked`]).
    pub fn surest_best_score(&self) -> Score {
        match self.best_checked.as_ref().map(|look| look.score) {
            Some(second) if second.win_chance() < self.score.win_chance() => second,
            _ => self.score,
        }
    }
}

/// One of the best moves of a position, with its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub mv: Move,
    /// From the side to move's point of view.
    pub score: Score,
}

/// The positions of a game and, for each, the path that led to it.
#[derive(Clone, Debug)]
pub struct GamePositions {
    positions: Vec<Position>,
    moves: Vec<Move>,
    visits: Vec<Visit>,
}

impl GamePositions {
    /// The start and the position after each move, up to the first illegal
    /// move (a record that was read is legal throughout).
    pub fn new(start: &Position, moves: &[Move]) -> GamePositions {
        let mut positions = vec![*start];
        let mut played = Vec::with_capacity(moves.len());
        let mut pos = *start;
        for &mv in moves {
            if !pos.is_legal(mv) {
                break;
            }
            pos.play_unchecked(mv);
            positions.push(pos);
            played.push(mv);
        }
        let visits = positions
            .iter()
            .map(|p| Visit {
                key: p.hash(),
                in_check: p.in_check(),
            })
            .collect();
        GamePositions {
            positions,
            moves: played,
            visits,
        }
    }

    /// How many positions: the moves plus one.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Never: there is always the start.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    pub fn position(&self, index: usize) -> Option<&Position> {
        self.positions.get(index)
    }

    /// The moves kept (the legal ones, in order).
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The positions before `index`, oldest first, for repetitions.
    pub fn path(&self, index: usize) -> &[Visit] {
        &self.visits[..index.min(self.visits.len())]
    }
}

/// How hard one position is searched: `nodes` in all, shared by its best
/// `lines` moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub nodes: u64,
    pub lines: usize,
}

impl AnalysisOptions {
    pub fn budget(&self) -> Budget {
        Budget {
            nodes: self.nodes,
            lines: self.lines,
        }
    }
}

/// Searches one position of the game with `engine` (cleared first).
/// `None` when `cancel` was set before the search finished.
pub fn analyse_position(
    engine: &mut Engine,
    game: &GamePositions,
    index: usize,
    budget: Budget,
    cancel: &AtomicBool,
) -> Option<PositionAnalysis> {
    let pos = game.position(index)?;
    analyse_reached(engine, pos, game.path(index), index, budget, cancel)
}

/// Searches `pos`, reached through `path` (the positions before it, oldest
/// first), as the analysis searches a game's positions; the result is
/// numbered `index`.
pub fn analyse_reached(
    engine: &mut Engine,
    pos: &Position,
    path: &[Visit],
    index: usize,
    budget: Budget,
    cancel: &AtomicBool,
) -> Option<PositionAnalysis> {
    engine.clear();
    let limits = Limits {
        nodes: Some(budget.nodes),
        lines: budget.lines,
        ..Limits::default()
    };
    let outcome = engine.search(pos, path, &limits, cancel, 0, &mut |_| {});
    if cancel.load(Ordering::Relaxed) {
        return None;
    }
    let lines = undominated(pos, best_first(outcome.lines));
    let best_moves = lines
        .iter()
        .map(|line| Candidate {
            mv: line.mv,
            score: Score::from_engine(line.score),
        })
        .collect();
    // The verdict's "best" is the first of the lines shown, so the two always agree.
    let (best, score, line, depth) = match lines.first() {
        Some(first) => (Some(first.mv), first.score, first.pv.clone(), first.depth),
        None => (outcome.best, outcome.score, outcome.pv, outcome.depth),
    };
    Some(PositionAnalysis {
        index,
        score: Score::from_engine(score),
        best,
        line,
        depth,
        nodes: outcome.nodes,
        best_moves,
        best_checked: None,
    })
}

/// The lines with a declined promotion of a rook, bishop or pawn shown promoting (the
/// search scores both alike; a player should never be told to decline), each move once.
fn undominated(pos: &Position, lines: Vec<RootLine>) -> Vec<RootLine> {
    let mut kept: Vec<RootLine> = Vec::with_capacity(lines.len());
    for mut line in lines {
        line.mv = promoted_if_dominated(pos, line.mv);
        if let Some(first) = line.pv.first_mut() {
            *first = line.mv;
        }
        if !kept.iter().any(|k| k.mv == line.mv) {
            kept.push(line);
        }
    }
    kept
}

/// The lines best first. A search stopped mid-iteration leaves the lines it had re-searched
/// (a lower score, perhaps, at a greater depth) before those it had not: listed as they
/// came, a worse move stood above a better one and disagreed with the move called best.
fn best_first(mut lines: Vec<RootLine>) -> Vec<RootLine> {
    lines.sort_by_key(|l| std::cmp::Reverse(l.score));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(usi: &str, score: i32, depth: u32) -> RootLine {
        let mv = Move::from_usi(usi).expect("a USI move");
        RootLine {
            mv,
            score,
            depth,
            pv: vec![mv],
        }
    }

    #[test]
    fn best_moves_are_listed_best_first_after_a_stop_mid_iteration() {
        // Stopped mid-iteration: 3i3h re-searched to depth 9, the others still at 8.
        let lines = vec![
            line("3i3h", -402, 9),
            line("3i4h", -374, 8),
            line("7g7f", -390, 8),
        ];
        let listed: Vec<(String, i32)> = best_first(lines)
            .iter()
            .map(|l| (l.mv.to_string(), l.score))
            .collect();
        let expected = [("3i4h", -374), ("7g7f", -390), ("3i3h", -402)];
        let expected: Vec<(String, i32)> =
            expected.iter().map(|&(m, s)| (m.to_owned(), s)).collect();
        assert_eq!(listed, expected);
    }

    #[test]
    fn a_declined_promotion_is_listed_promoting_and_once() {
        // After 7g7f 3c3d the bishop takes on 2b: the search scores Bx2b and Bx2b+ alike.
        let pos = Position::from_sfen(
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1",
        )
        .expect("valid SFEN");
        let lines = vec![
            line("8h2b", 80, 8),
            line("8h2b+", 80, 8),
            line("2g2f", 10, 8),
        ];
        let listed: Vec<String> = undominated(&pos, lines)
            .iter()
            .map(|l| l.mv.to_string())
            .collect();
        assert_eq!(listed, ["8h2b+", "2g2f"]);
    }
}
