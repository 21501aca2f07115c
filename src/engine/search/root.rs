//! The root of the search: iterative deepening, aspiration windows, and the
//! root move list (kept in order of the last iteration's scores).

use super::{INFINITE, Info, MATE, MATE_BOUND, MAX_DEPTH, Node, Outcome, Walk, mated_in};
use crate::engine::eval::KNOWN_WIN;
use crate::engine::mate::{CheckInfo, gives_check};
use crate::engine::movepick::{MovePicker, NO_KEY, move_key};
use crate::engine::see::see;
use crate::rules::{Move, Position};
use std::sync::atomic::Ordering;

pub(super) struct RootMove {
    mv: Move,
    score: i32,
    /// The score is exact (not just a bound).
    exact: bool,
}

impl Walk<'_> {
    pub(super) fn iterate(
        &mut self,
        root: &Position,
        margin: i32,
        report: &mut dyn FnMut(&Info),
    ) -> Outcome {
        let legal = root.legal_moves();
        let mut root_moves: Vec<RootMove> = {
            let mut picker =
                MovePicker::new(root, &legal, None, [None; 2], self.history, [NO_KEY; 3]);
            let mut list = Vec::with_capacity(picker.len());
            while let Some(mv) = picker.next_move() {
                list.push(RootMove {
                    mv,
                    score: -INFINITE,
                    exact: false,
                });
            }
            list
        };
        if root_moves.is_empty() {
            return Outcome {
                best: None,
                score: mated_in(0),
                depth: 0,
                pv: Vec::new(),
                nodes: 0,
                root_scores: Vec::new(),
            };
        }
        let max_depth = if self.limits.depth == 0 {
            MAX_DEPTH
        } else {
            self.limits.depth.min(MAX_DEPTH)
        };
        let mut best = Outcome {
            best: Some(root_moves[0].mv),
            score: 0,
            depth: 0,
            pv: vec![root_moves[0].mv],
            nodes: 0,
            root_scores: Vec::new(),
        };
        for depth in 1..=max_depth {
            if self.skips(depth) {
                continue;
            }
            self.may_abort = depth > 1;
            self.root_depth = depth as i32;
            self.seldepth = 0;
            let last = depth == max_depth;
            let window = if last { margin } else { 0 };
            let score = self.aspiration(root, &mut root_moves, depth as i32, best.score, window);
            if self.aborted && depth > 1 {
                // A move that completed this deeper iteration and beat the
                // old best is still the better choice.
                let first = &root_moves[0];
                if first.score > -INFINITE && first.mv != best.best.unwrap_or(first.mv) {
                    best.best = Some(first.mv);
                    best.score = first.score;
                    best.pv = self.root_pv(first.mv);
                }
                break;
            }
            root_moves.sort_by_key(|rm| {
                std::cmp::Reverse(if rm.exact { rm.score } else { rm.score - 1 })
            });
            let pv = self.root_pv(root_moves[0].mv);
            best = Outcome {
                best: Some(root_moves[0].mv),
                score,
                depth,
                pv: pv.clone(),
                nodes: self.nodes,
                root_scores: if window > 0 {
                    root_moves
                        .iter()
                        .filter(|rm| rm.exact)
                        .map(|rm| (rm.mv, rm.score))
                        .collect()
                } else {
                    Vec::new()
                },
            };
            let elapsed = self.elapsed();
            report(&Info {
                depth,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.total_nodes(),
                elapsed,
                pv,
                hashfull: self.tt.hashfull(),
            });
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
            // A mate found needs no deeper look, unless the caller asked for depth.
            if score.abs() >= MATE_BOUND
                && self.limits.depth == 0
                && depth as i32 > MATE - score.abs()
            {
                break;
            }
            if let Some(soft) = self.limits.soft_time
                && self.elapsed() >= soft
            {
                break;
            }
            if self.limits.nodes.is_some_and(|n| self.total_nodes() >= n) {
                break;
            }
            if root_moves.len() == 1 && self.limits.soft_time.is_some() && depth >= 4 {
                break;
            }
        }
        best.nodes = self.nodes;
        best
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
