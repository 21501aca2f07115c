//! The root of the search: iterative deepening, aspiration windows, the
//! root move list (kept in order of the last iteration's scores), and the
//! best few lines (MultiPV): each iteration searches the best move, then the
//! best of the moves left, and so on, each line in its own window.

use super::limits::MAX_DEPTH;
use super::node::Node;
use super::report::{Info, Outcome, RootLine};
use super::walk::Walk;
use crate::engine::eval::KNOWN_WIN;
use crate::engine::history::{NO_KEY, move_key};
use crate::engine::mate::{CheckInfo, gives_check};
use crate::engine::movepick::MovePicker;
use crate::engine::score::{INFINITE, MATE, MATE_BOUND, mated_in};
use crate::engine::see::see;
use crate::rules::{Move, Position};
use std::cmp::Reverse;
use std::sync::atomic::Ordering;

pub(super) struct RootMove {
    mv: Move,
    score: i32,
    /// The score is exact (not just a bound).
    exact: bool,
}

impl RootMove {
    /// The order of the next iteration: by score, an exact score before a
    /// bound of the same value.
    fn order(&self) -> Reverse<i32> {
        Reverse(if self.exact {
            self.score
        } else {
            self.score - 1
        })
    }
}

impl Walk<'_> {
    pub(super) fn iterate(
        &mut self,
        root: &Position,
        margin: i32,
        report: &mut dyn FnMut(&Info),
    ) -> Outcome {
        let mut root_moves = self.root_moves(root);
        let Some(first) = root_moves.first().map(|rm| rm.mv) else {
            return Outcome {
                best: None,
                score: mated_in(0),
                depth: 0,
                pv: Vec::new(),
                nodes: 0,
                root_scores: Vec::new(),
                lines: Vec::new(),
            };
        };
        let max_depth = if self.limits.depth == 0 {
            MAX_DEPTH
        } else {
            self.limits.depth.min(MAX_DEPTH)
        };
        let wanted = self.limits.lines.clamp(1, root_moves.len());
        let placeholder = RootLine {
            mv: first,
            score: 0,
            depth: 0,
            pv: vec![first],
        };
        let mut best = outcome(vec![placeholder], Vec::new(), 0);
        for depth in 1..=max_depth {
            if self.skips(depth) {
                continue;
            }
            self.may_abort = depth > 1;
            self.root_depth = depth as i32;
            self.seldepth = 0;
            let window = if depth == max_depth { margin } else { 0 };
            let mut lines = Vec::with_capacity(wanted);
            let mut root_scores = Vec::new();
            for index in 0..wanted {
                // Each line in a window around the same line's last score.
                let previous = best.lines.get(index).map_or(0, |line| line.score);
                let previous = if index == 0 { best.score } else { previous };
                // The levels' margin scores the moves around the best alone.
                let window = if index == 0 { window } else { 0 };
                let moves = &mut root_moves[index..];
                let Some(line) = self.search_line(root, moves, depth, previous, window) else {
                    break;
                };
                if window > 0 {
                    root_scores = exact_scores(&root_moves);
                }
                lines.push(line);
            }
            if self.aborted {
                if lines.is_empty() {
                    self.keep_a_better_first(&root_moves[0], &mut best, wanted);
                } else {
                    // The best line done at this depth, then the others, done at
                    // this depth or the last, by score (a reader expects them so).
                    let done: Vec<Move> = lines.iter().map(|line| line.mv).collect();
                    lines.extend(best.lines.into_iter().filter(|l| !done.contains(&l.mv)));
                    lines[1..].sort_by_key(|line| Reverse(line.score));
                    lines.truncate(wanted);
                    best = outcome(lines, root_scores, self.nodes);
                }
                break;
            }
            // A later line may have scored above an earlier one (the search is
            // not perfectly consistent): the lines go best first all the same.
            lines.sort_by_key(|line| Reverse(line.score));
            root_moves[..wanted].sort_by_key(|rm| lines.iter().position(|l| l.mv == rm.mv));
            for (index, line) in lines.iter().enumerate() {
                report(&self.line_info(line, index + 1));
            }
            best = outcome(lines, root_scores, self.nodes);
            if self.is_done(&best, depth, root_moves.len()) {
                break;
            }
        }
        best.nodes = self.nodes;
        best
    }

    /// Whether no further iteration is needed after the one of `depth`
    /// (with `best` its answer, among `moves` root moves), or may start.
    fn is_done(&mut self, best: &Outcome, depth: u32, moves: usize) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        // A mate found needs no deeper look, unless the caller asked for depth.
        if best.score.abs() >= MATE_BOUND
            && self.limits.depth == 0
            && depth as i32 > MATE - best.score.abs()
        {
            return true;
        }
        if let Some(soft) = self.limits.soft_time
            && self.elapsed() >= soft
        {
            return true;
        }
        if self.limits.nodes.is_some_and(|n| self.total_nodes() >= n) {
            return true;
        }
        moves == 1 && self.limits.soft_time.is_some() && depth >= 4
    }

    /// Every legal root move, in the move picker's order.
    fn root_moves(&self, root: &Position) -> Vec<RootMove> {
        let legal = root.legal_moves();
        let mut picker = MovePicker::new(root, &legal, None, [None; 2], self.history, [NO_KEY; 3]);
        let mut list = Vec::with_capacity(picker.len());
        while let Some(mv) = picker.next_move() {
            list.push(RootMove {
                mv,
                score: -INFINITE,
                exact: false,
            });
        }
        list
    }

    /// One line of an iteration: the best of `moves` (the root moves not in
    /// an earlier line), which it puts first. `None` when the search stopped.
    fn search_line(
        &mut self,
        root: &Position,
        moves: &mut [RootMove],
        depth: u32,
        previous: i32,
        margin: i32,
    ) -> Option<RootLine> {
        let score = self.aspiration(root, moves, depth as i32, previous, margin);
        if self.aborted {
            return None;
        }
        moves.sort_by_key(RootMove::order);
        let mv = moves[0].mv;
        Some(RootLine {
            mv,
            score,
            depth,
            pv: self.root_pv(mv),
        })
    }

    fn line_info(&mut self, line: &RootLine, multipv: usize) -> Info {
        Info {
            depth: line.depth,
            seldepth: self.seldepth as u32,
            score: line.score,
            nodes: self.total_nodes(),
            elapsed: self.elapsed(),
            pv: line.pv.clone(),
            hashfull: self.tt.hashfull(),
            multipv,
        }
    }

    /// After a stop in the best line's search: a move that completed the
    /// deeper search and beat the old best is still the better choice.
    fn keep_a_better_first(&self, first: &RootMove, best: &mut Outcome, wanted: usize) {
        if first.score == -INFINITE || best.best == Some(first.mv) {
            return;
        }
        let pv = self.root_pv(first.mv);
        best.best = Some(first.mv);
        best.score = first.score;
        best.pv = pv.clone();
        best.lines.retain(|line| line.mv != first.mv);
        best.lines.insert(
            0,
            RootLine {
                mv: first.mv,
                score: first.score,
                depth: best.depth,
                pv,
            },
        );
        best.lines.truncate(wanted);
    }

    /// The root search, first in a narrow window around the last score.
    fn aspiration(
        &mut self,
        root: &Position,
        root_moves: &mut [RootMove],
        depth: i32,
        previous: i32,
        margin: i32,
    ) -> i32 {
        if depth < 5 || margin > 0 || previous.abs() >= KNOWN_WIN {
            return self.root_search(root, root_moves, -INFINITE, INFINITE, depth, margin);
        }
        let mut delta = 40;
        let mut alpha = (previous - delta).max(-INFINITE);
        let mut beta = (previous + delta).min(INFINITE);
        loop {
            let score = self.root_search(root, root_moves, alpha, beta, depth, 0);
            if self.aborted {
                return score;
            }
            if score <= alpha {
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return score;
            }
            delta *= 3;
            if delta > 1500 {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    fn root_search(
        &mut self,
        root: &Position,
        root_moves: &mut [RootMove],
        mut alpha: i32,
        beta: i32,
        depth: i32,
        margin: i32,
    ) -> i32 {
        let mut best = -INFINITE;
        self.pv_len[0] = 0;
        for rm in root_moves.iter_mut() {
            rm.exact = false;
            rm.score = -INFINITE;
        }
        let info = CheckInfo::new(root);
        for i in 0..root_moves.len() {
            let mv = root_moves[i].mv;
            let next = root.after(mv);
            let check = gives_check(root, &info, mv);
            let extension = i32::from(check && see(root, mv) >= 0);
            let new_depth = depth - 1 + extension;
            self.move_keys[0] = move_key(root, mv);
            self.push(&next);
            let score = if margin > 0 {
                // Every move gets a true score down to `best - margin`.
                let floor = if best == -INFINITE {
                    -INFINITE
                } else {
                    best - margin
                };
                let s = -self.alpha_beta(&next, -INFINITE, -floor, new_depth, 1, Node::Pv);
                root_moves[i].exact = s > floor;
                s
            } else if i == 0 {
                -self.alpha_beta(&next, -beta, -alpha, new_depth, 1, Node::Pv)
            } else {
                let mut s = -self.alpha_beta(&next, -alpha - 1, -alpha, new_depth, 1, Node::Cut);
                if s > alpha && s < beta && !self.aborted {
                    s = -self.alpha_beta(&next, -beta, -alpha, new_depth, 1, Node::Pv);
                }
                s
            };
            self.visits.pop();
            if self.aborted {
                return best;
            }
            root_moves[i].score = score;
            // After the first move, a score at or below alpha is only a bound
            // (the move failed low): it must not pass for an improvement.
            if score > best && (i == 0 || score > alpha) {
                best = score;
                if margin == 0 {
                    root_moves[i].exact = score > alpha && score < beta;
                }
                self.update_pv(0, mv);
                // Keep the best move first for the next iteration and for a stop.
                root_moves[..=i].rotate_right(1);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    fn root_pv(&self, best: Move) -> Vec<Move> {
        let pv: Vec<Move> = self.pv[0][..self.pv_len[0]]
            .iter()
            .flatten()
            .copied()
            .collect();
        if pv.first() == Some(&best) {
            pv
        } else {
            vec![best]
        }
    }
}

/// The search's answer from its lines (at least one), best first.
fn outcome(lines: Vec<RootLine>, root_scores: Vec<(Move, i32)>, nodes: u64) -> Outcome {
    let first = &lines[0];
    Outcome {
        best: Some(first.mv),
        score: first.score,
        depth: first.depth,
        pv: first.pv.clone(),
        nodes,
        root_scores,
        lines,
    }
}

/// The root moves whose scores are exact, for the levels' choice.
fn exact_scores(root_moves: &[RootMove]) -> Vec<(Move, i32)> {
    root_moves
        .iter()
        .filter(|rm| rm.exact)
        .map(|rm| (rm.mv, rm.score))
        .collect()
}
