//! The quiescence search: captures and promotions until the position is
//! quiet, so that no leaf is judged in the middle of an exchange.

use super::limits::MAX_PLY;
use super::walk::Walk;
use crate::engine::captures::generate_tactical;
use crate::engine::eval::{capture_value, evaluate};
use crate::engine::mate::one_ply::mate_in_one;
use crate::engine::movepick::MovePicker;
use crate::engine::score::{INFINITE, mate_in, mated_in};
use crate::engine::tt::{Bound, Entry};
use crate::rules::{Move, MoveList, Position};

/// The depth quiescence results are stored at: below every full-width
/// search, so they never settle one.
const QUIESCENCE_DEPTH: i32 = 0;

impl Walk<'_> {
    /// Captures and promotions until the position is quiet.
    pub(super) fn quiesce(&mut self, pos: &Position, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.quiesce_with(pos, alpha, beta, ply, None)
    }

    /// The quiescence search of a node whose (raw) static evaluation may
    /// be known already (razoring comes from a full-width node that has it).
    pub(super) fn quiesce_with(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        known_eval: Option<i32>,
    ) -> i32 {
        self.poll();
        if self.aborted {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY {
            return evaluate(pos);
        }
        // Any stored result settles a quiescence node: every search result
        // is at least as deep as this one.
        let key = pos.hash();
        let entry = self.tt.probe(key, ply);
        if let Some(e) = entry
            && e.cuts_off(alpha, beta)
        {
            return e.score;
        }
        let original_alpha = alpha;
        let in_check = pos.in_check();
        let (stand, eval) = if in_check {
            (-INFINITE, None)
        } else {
            let raw = entry
                .and_then(|e| e.eval)
                .or(known_eval)
                .unwrap_or_else(|| evaluate(pos));
            let stand = self.correction.corrected(pos, raw);
            if stand >= beta {
                if entry.is_none() {
                    let depth = QUIESCENCE_DEPTH;
                    self.tt
                        .store(key, ply, None, stand, depth, Bound::Lower, Some(raw), false);
                }
                return stand;
            }
            // Below beta, a mate in one is the answer standing pat would miss
            // (the captures that follow seldom find it). Above beta the node
            // fails high either way, so the look is spared there.
            if let Some(mv) = mate_in_one(pos) {
                let score = mate_in(ply + 1);
                let settled = (Some(mv), score, Bound::Exact, Some(raw));
                self.store_unless_deeper(key, ply, entry, settled);
                return score;
            }
            (stand, Some(raw))
        };
        let mut picker = if in_check {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                return mated_in(ply);
            }
            MovePicker::evasions(pos, &moves, None)
        } else {
            alpha = alpha.max(stand);
            let mut moves = MoveList::new();
            generate_tactical(pos, &mut moves);
            MovePicker::tactical(pos, &moves, entry.and_then(|e| e.mv))
        };
        let mut best = stand;
        let mut best_move = None;
        while let Some(mv) = picker.next_move() {
            // Delta pruning: even winning this piece cannot lift us to alpha.
            if !in_check && !mv.is_promotion() {
                let gain = pos.piece_at(mv.to()).map_or(0, |p| capture_value(p.kind));
                if stand + gain + 200 <= alpha {
                    continue;
                }
            }
            let next = pos.after(mv);
            let score = -self.quiesce(&next, -beta, -alpha, ply + 1);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = Bound::of(best, original_alpha, beta);
        self.store_unless_deeper(key, ply, entry, (best_move, best, bound, eval));
        best
    }

    /// Stores a quiescence result (move, score, bound, static evaluation),
    /// unless the table already holds a deeper search of the position.
    fn store_unless_deeper(
        &mut self,
        key: u64,
        ply: usize,
        entry: Option<Entry>,
        (mv, score, bound, eval): (Option<Move>, i32, Bound, Option<i32>),
    ) {
        if entry.is_none_or(|e| e.depth <= QUIESCENCE_DEPTH) {
            let depth = QUIESCENCE_DEPTH;
            self.tt
                .store(key, ply, mv, score, depth, bound, eval, false);
        }
    }
}
