//! The node search: one node of the principal variation search, in numbered
//! steps. Steps 1 to 4 may settle the node at once, 5 to 8 prune it before
//! any move is tried, 9 to 12 search its moves and 13 learns from the result.

use super::limits::MAX_PLY;
use super::reduction::{HISTORY_PER_PLY, predicted_depth, reduction};
use super::walk::Walk;
use crate::engine::captures::generate_tactical;
use crate::engine::eval::{KNOWN_WIN, capture_value, evaluate};
use crate::engine::history::{Context, NO_KEY, move_key};
use crate::engine::mate::one_ply::mate_in_one;
use crate::engine::mate::{CheckInfo, gives_check};
use crate::engine::movepick::{MovePicker, NodeMoves, is_capture, is_tactical};
use crate::engine::repetition::{Visit, judge};
use crate::engine::score::{INFINITE, MATE_BOUND, mate_in, mated_in};
use crate::engine::see::see;
use crate::engine::tt::Bound;
use crate::rules::{Move, MoveList, Position};
use std::ops::ControlFlow;

/// What a node is expected to be: on the principal variation (searched
/// with an open window), or off it and expected to fail high (a cut node:
/// one move should refute it) or low (an all node: every move is tried).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Node {
    Pv,
    Cut,
    All,
}

impl Node {
    /// The kind of the first child of a node of this kind: a cut node's
    /// refutation leads to a node where nothing works, and the reverse.
    pub(super) fn first_child(self) -> Node {
        match self {
            Node::Pv => Node::Pv,
            Node::Cut => Node::All,
            Node::All => Node::Cut,
        }
    }
}

/// What a node knows once past the table (step 4): what its pruning and
/// its moves are judged by.
struct Frame {
    key: u64,
    ply: usize,
    /// After the internal iterative reduction.
    depth: i32,
    node: Node,
    pv_node: bool,
    in_check: bool,
    hash_move: Option<Move>,
    /// On a principal variation now, or (the table remembers) in an
    /// earlier search or iteration.
    tt_pv: bool,
    /// The evaluation as computed (and stored), and as corrected by what
    /// searches of similar positions found (what pruning reads);
    /// `-INFINITE` in check.
    raw_eval: i32,
    static_eval: i32,
    /// Better than two plies ago: prune less, the line may be going well.
    improving: bool,
}

/// What the move loop reads for every move of a node (step 9).
struct Siblings {
    killers: [Option<Move>; 2],
    context: Context,
    /// When the best move known is a capture, the quiet moves are unlikely
    /// to matter: they are reduced a ply more.
    tt_capture: bool,
}

/// A move of the loop, with what is known of it before it is searched.
struct LoopMove {
    mv: Move,
    /// From 1, in the order the moves are tried.
    index: usize,
    tactical: bool,
    check: bool,
    /// The check's static exchange (0 for a move that does not check).
    check_see: i32,
    /// A check that does not lose the piece by exchange.
    forcing: bool,
    /// How often this quiet move has worked (0 for tactical moves).
    history: i32,
}

impl Walk<'_> {
    /// One node of the principal variation search.
    pub(super) fn alpha_beta(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        node: Node,
    ) -> i32 {
        self.pv_len[ply] = 0;
        // 1. Leaves go to the quiescence search.
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply);
        }
        self.poll();
        if self.aborted {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        // 2. Repetition, by the rules of sennichite.
        if let Some(score) = self.repetition_score(pos) {
            return score;
        }
        if ply >= MAX_PLY {
            return evaluate(pos);
        }
        // 3. Mate-distance pruning: no line here beats a mate already found.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        // 4. The transposition table, and a mate in one.
        let frame = match self.probe(pos, alpha, beta, depth, ply, node) {
            ControlFlow::Continue(frame) => frame,
            ControlFlow::Break(score) => return score,
        };
        // 5. to 8. Pruning before any move is tried.
        if !frame.pv_node
            && !frame.in_check
            && let Some(score) = self.prune_node(pos, &frame, alpha, beta)
        {
            return score;
        }
        // 9. to 13. The moves.
        self.search_moves(pos, &frame, alpha, beta)
    }

    /// Step 2: the score of a repetition, if the line has repeated: decisive,
    /// but not a mate (the game ends by rule, not on the board).
    #[inline]
    fn repetition_score(&self, pos: &Position) -> Option<i32> {
        let repetition = judge(&self.visits, pos.side_to_move())?;
        Some(match repetition.loser() {
            None => 0,
            Some(loser) if loser == pos.side_to_move() => -KNOWN_WIN,
            Some(_) => KNOWN_WIN,
        })
    }

    /// Step 4: the transposition table: a stored result deep enough settles a
    /// node off the principal variation, as does (4b) a mate in one.
    /// Otherwise the node's evaluation, read from the table when stored.
    #[inline]
    fn probe(
        &mut self,
        pos: &Position,
        alpha: i32,
        beta: i32,
        depth: i32,
        ply: usize,
        node: Node,
    ) -> ControlFlow<i32, Frame> {
        let pv_node = node == Node::Pv;
        let key = pos.hash();
        let entry = self.tt.probe(key, ply);
        let hash_move = entry.and_then(|e| e.mv);
        let tt_pv = pv_node || entry.is_some_and(|e| e.pv);
        if let Some(e) = entry
            && !pv_node
            && e.depth >= depth
            && e.cuts_off(alpha, beta)
        {
            return ControlFlow::Break(e.score);
        }
        let in_check = pos.in_check();
        // 4b. A mate in one settles the node.
        if !in_check && let Some(mv) = mate_in_one(pos) {
            let score = mate_in(ply + 1);
            self.tt
                .store(key, ply, Some(mv), score, depth, Bound::Exact, None, tt_pv);
            return ControlFlow::Break(score);
        }
        let (raw_eval, static_eval) = if in_check {
            (-INFINITE, -INFINITE)
        } else {
            let raw = entry.and_then(|e| e.eval).unwrap_or_else(|| evaluate(pos));
            (raw, self.correction.corrected(pos, raw))
        };
        self.static_evals[ply] = static_eval;
        let improving = !in_check && (ply < 2 || static_eval > self.static_evals[ply - 2]);
        // Internal iterative reduction: with no move from the table this node
        // was never searched; a shallower look costs little and orders later.
        let depth = if hash_move.is_none() && depth >= 4 {
            depth - 1
        } else {
            depth
        };
        ControlFlow::Continue(Frame {
            key,
            ply,
            depth,
            node,
            pv_node,
            in_check,
            hash_move,
            tt_pv,
            raw_eval,
            static_eval,
            improving,
        })
    }

    /// Steps 5 to 8, for a node off the principal variation and not in
    /// check: the score that settles it without trying its moves, if any.
    #[inline]
    fn prune_node(&mut self, pos: &Position, f: &Frame, alpha: i32, beta: i32) -> Option<i32> {
        // 5. Reverse futility: far above beta near the leaves, stand pat.
        if f.depth <= 7
            && beta.abs() < KNOWN_WIN
            && f.static_eval - 90 * (f.depth - i32::from(f.improving)) >= beta
        {
            return Some(f.static_eval);
        }
        // 6. Razoring: far below alpha a ply or two from the leaves, and the
        // captures do not rescue it either: no quiet move will, unless it is
        // a check (the quiescence search would miss a mate by a quiet check).
        if f.depth <= 2 && f.static_eval + 400 * f.depth <= alpha && !has_safe_check(pos) {
            let score = self.quiesce_with(pos, alpha, alpha + 1, f.ply, Some(f.raw_eval));
            if score <= alpha {
                return Some(score);
            }
        }
        // 7. Null move: if passing still beats beta, a real move will too.
        if f.depth >= 3
            && f.static_eval >= beta
            && beta.abs() < KNOWN_WIN
            && self.visits.last().is_some_and(|v| v.key != 0)
            && let Some(score) = self.null_move(pos, f, beta)
        {
            return Some(score);
        }
        // 8. ProbCut: a capture that wins enough material to beat beta by a
        // margin in a search four plies shallower very likely beats beta in
        // the full one.
        if f.depth >= 5 && beta.abs() < KNOWN_WIN {
            return self.probcut(pos, f, beta);
        }
        None
    }

    /// Step 7: the null move's search: its score if it beats beta (0 if the
    /// search was stopped).
    fn null_move(&mut self, pos: &Position, f: &Frame, beta: i32) -> Option<i32> {
        let reduction = 3 + f.depth / 3 + ((f.static_eval - beta) / 200).min(3);
        let mut null = *pos;
        null.play_null();
        self.move_keys[f.ply] = NO_KEY;
        // A null move never repeats a position; mark it so none follows.
        self.visits.push(Visit {
            key: 0,
            in_check: false,
        });
        let score = -self.alpha_beta(
            &null,
            -beta,
            -beta + 1,
            f.depth - reduction,
            f.ply + 1,
            Node::All,
        );
        self.visits.pop();
        if self.aborted {
            return Some(0);
        }
        (score >= beta).then_some(if score >= MATE_BOUND { beta } else { score })
    }

    /// Step 8: ProbCut's searches of the best few captures: the score of one
    /// that beats the raised bound (0 if the search was stopped).
    fn probcut(&mut self, pos: &Position, f: &Frame, beta: i32) -> Option<i32> {
        let raised = beta + 190 - 50 * i32::from(f.improving);
        let mut captures = MoveList::new();
        generate_tactical(pos, &mut captures);
        let mut picker = MovePicker::tactical(pos, &captures, f.hash_move);
        let mut tried = 0;
        while let Some(mv) = picker.next_move() {
            if tried >= 3 {
                break;
            }
            if !is_capture(pos, mv) || see(pos, mv) < raised - f.static_eval {
                continue;
            }
            tried += 1;
            let next = pos.after(mv);
            self.move_keys[f.ply] = move_key(pos, mv);
            self.push(&next);
            let mut s = -self.quiesce(&next, -raised, -raised + 1, f.ply + 1);
            if s >= raised {
                s = -self.alpha_beta(
                    &next,
                    -raised,
                    -raised + 1,
                    f.depth - 4,
                    f.ply + 1,
                    Node::All,
                );
            }
            self.visits.pop();
            if self.aborted {
                return Some(0);
            }
            if s >= raised {
                let eval = Some(f.raw_eval);
                let (depth, bound) = (f.depth - 3, Bound::Lower);
                self.tt
                    .store(f.key, f.ply, Some(mv), s, depth, bound, eval, f.tt_pv);
                return Some(s);
            }
        }
        None
    }

    /// Step 9: the moves, in order: the hash move before the others are
    /// generated (when it cuts off, they never are), each pruned (10),
    /// extended (11) or reduced (12) and searched; then the result stored
    /// and learned from (13).
    #[inline]
    fn search_moves(&mut self, pos: &Position, f: &Frame, mut alpha: i32, beta: i32) -> i32 {
        let siblings = Siblings {
            killers: self.killers[f.ply],
            context: self.context(f.ply),
            tt_capture: f.hash_move.is_some_and(|mv| is_capture(pos, mv)),
        };
        let mut moves = NodeMoves::new(pos, f.hash_move);
        let info = CheckInfo::new(pos);
        let original_alpha = alpha;
        let mut best_score = -INFINITE;
        let mut best_move = None;
        let mut quiets_tried = MoveList::new();
        let mut index = 0;
        while let Some(mv) = moves.next_move(|| {
            let legal = pos.legal_moves();
            if f.in_check {
                MovePicker::evasions(pos, &legal, f.hash_move)
            } else {
                let (killers, context) = (siblings.killers, siblings.context);
                MovePicker::new(pos, &legal, f.hash_move, killers, self.history, context)
            }
        }) {
            index += 1;
            let candidate = self.candidate(pos, &info, &moves, mv, index, siblings.context);
            if !f.pv_node
                && best_score > -MATE_BOUND
                && index > 1
                && (self.prunes_quiet(pos, f, &candidate, alpha, siblings.context)
                    || prunes_capture(pos, f, &candidate, alpha))
            {
                continue;
            }
            let score = self.search_move(pos, f, &siblings, &candidate, alpha, beta);
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    if f.pv_node {
                        self.update_pv(f.ply, mv);
                    }
                    alpha = score;
                    if alpha >= beta {
                        if !is_capture(pos, mv) {
                            let (depth, context) = (f.depth, siblings.context);
                            self.reward_quiet(pos, mv, &quiets_tried, depth, f.ply, context);
                        }
                        break;
                    }
                }
            }
            if !candidate.tactical {
                quiets_tried.push(mv);
            }
        }
        if moves.none_legal() {
            // Checkmate, or no legal move: either way a loss.
            return mated_in(f.ply);
        }
        if best_score == -INFINITE {
            // Every move was pruned: the node is at most alpha.
            return alpha;
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        self.store_and_learn(pos, f, best_score, best_move, bound);
        best_score
    }

    /// The `index`th move, `mv`, with what the loop needs to know of it to
    /// prune, extend and reduce it.
    #[inline]
    fn candidate(
        &self,
        pos: &Position,
        info: &CheckInfo,
        moves: &NodeMoves,
        mv: Move,
        index: usize,
        context: Context,
    ) -> LoopMove {
        let tactical = is_tactical(pos, mv);
        let check = gives_check(pos, info, mv);
        // A check that just gives the piece away (by static exchange) may
        // be pruned like a quiet move: in shogi, with pieces in hand,
        // such checks are many and seldom lead anywhere. (Reducing them
        // as well, or pruning safe checks, lost in self-play.)
        let check_see = if check { see(pos, mv) } else { 0 };
        let forcing = check && check_see >= 0;
        // How often this quiet move has worked (0 for tactical moves,
        // which the history does not judge), as read when the moves were
        // ordered (the history moves on a little while they are searched).
        let history = if tactical {
            0
        } else {
            moves
                .history_of(mv)
                .unwrap_or_else(|| self.history.quiet_score(pos, mv, context))
        };
        LoopMove {
            mv,
            index,
            tactical,
            check,
            check_see,
            forcing,
            history,
        }
    }

    /// Step 10: futility and late-move pruning of quiet moves near the leaves;
    /// in check, of quiet escapes once one escape has been searched.
    /// (For a move after the first, off the principal variation, while
    /// no mate is known against us.)
    #[inline]
    fn prunes_quiet(
        &self,
        pos: &Position,
        f: &Frame,
        c: &LoopMove,
        alpha: i32,
        context: Context,
    ) -> bool {
        if c.tactical || c.forcing {
            return false;
        }
        let (mv, index, depth) = (c.mv, c.index, f.depth);
        // Judged at the depth the move would be searched to after its
        // late-move reduction, not the node's: a late move with a poor
        // history is pruned further from the leaves.
        let lmr_depth = predicted_depth(depth, index, c.history);
        if !f.in_check && lmr_depth <= 6 && f.static_eval + 100 + 100 * lmr_depth <= alpha {
            return true;
        }
        // A poor reply to both previous moves, near the leaves.
        if depth <= 3
            && context[0] != NO_KEY
            && self
                .history
                .replies(pos, mv, context)
                .iter()
                .all(|&r| r < 0)
        {
            return true;
        }
        let late = (3 + depth * depth) / if f.improving { 1 } else { 2 };
        if depth <= 7 && index as i32 > late {
            return true;
        }
        // A move that gives material away by exchange, by more the
        // deeper it would be searched. (A check's value is known.)
        let exchange = if c.check { c.check_see } else { see(pos, mv) };
        lmr_depth <= 6 && exchange < -60 * (lmr_depth + 1)
    }

    /// Steps 11 and 12: plays `mv` and searches it: extended if it checks,
    /// reduced if it comes late, searched again at full depth and with the
    /// full window when it beats alpha all the same.
    #[inline]
    fn search_move(
        &mut self,
        pos: &Position,
        f: &Frame,
        siblings: &Siblings,
        c: &LoopMove,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let next = pos.after(c.mv);
        // 11. Check extension, for checks that do not just lose the piece.
        let extension = i32::from(c.forcing && (f.ply as i32) < 2 * self.root_depth);
        let new_depth = f.depth - 1 + extension;
        let ply = f.ply + 1;
        self.move_keys[f.ply] = move_key(pos, c.mv);
        self.push(&next);
        let score = if c.index == 1 {
            -self.alpha_beta(&next, -beta, -alpha, new_depth, ply, f.node.first_child())
        } else {
            let reduction = late_move_reduction(pos, f, siblings, c, new_depth);
            let mut s = -self.alpha_beta(
                &next,
                -alpha - 1,
                -alpha,
                new_depth - reduction,
                ply,
                Node::Cut,
            );
            if s > alpha && reduction > 0 && !self.aborted {
                let kind = if f.node == Node::Cut {
                    Node::All
                } else {
                    Node::Cut
                };
                s = -self.alpha_beta(&next, -alpha - 1, -alpha, new_depth, ply, kind);
            }
            if s > alpha && s < beta && f.pv_node && !self.aborted {
                s = -self.alpha_beta(&next, -beta, -alpha, new_depth, ply, Node::Pv);
            }
            s
        };
        self.visits.pop();
        score
    }

    /// Stores the node's result, and (13) teaches the correction history,
    /// from quiet results only (a capture's gain is the exchange's, not the
    /// evaluation's error) and only where a bound says which way the
    /// evaluation erred.
    #[inline]
    fn store_and_learn(
        &mut self,
        pos: &Position,
        f: &Frame,
        best_score: i32,
        best_move: Option<Move>,
        bound: Bound,
    ) {
        let eval = (!f.in_check).then_some(f.raw_eval);
        self.tt.store(
            f.key, f.ply, best_move, best_score, f.depth, bound, eval, f.tt_pv,
        );
        let quiet_result = best_move.is_none_or(|mv| !is_capture(pos, mv));
        let informative = match bound {
            Bound::Exact => true,
            Bound::Lower => best_score > f.static_eval,
            Bound::Upper => best_score < f.static_eval,
        };
        if !f.in_check && quiet_result && informative && best_score.abs() < KNOWN_WIN {
            self.correction.learn(pos, f.raw_eval, best_score, f.depth);
        }
    }
}

/// Step 10b: futility and exchange pruning of captures near the leaves: even
/// the piece taken and a margin do not reach alpha, or the exchange loses
/// more than the depth can make good.
#[inline]
fn prunes_capture(pos: &Position, f: &Frame, c: &LoopMove, alpha: i32) -> bool {
    if f.in_check || !c.tactical || c.check || f.depth > 6 {
        return false;
    }
    let mv = c.mv;
    let gain = pos.piece_at(mv.to()).map_or(0, |p| capture_value(p.kind));
    f.static_eval + 200 + 150 * f.depth + gain <= alpha || see(pos, mv) < -200 * f.depth
}

/// Step 12: late-move reductions for quiet moves, and for captures late in the
/// order that lose material by exchange.
#[inline]
fn late_move_reduction(
    pos: &Position,
    f: &Frame,
    siblings: &Siblings,
    c: &LoopMove,
    new_depth: i32,
) -> i32 {
    let (mv, index, depth) = (c.mv, c.index, f.depth);
    let bad_capture = depth >= 3
        && index > 3
        && !c.check
        && !f.in_check
        && is_capture(pos, mv)
        && see(pos, mv) < 0;
    if bad_capture {
        reduction(depth, index).clamp(0, new_depth - 1)
    } else if depth >= 2 && index > 2 && !c.tactical && !c.check && !f.in_check {
        // A node on a principal variation, now or in an earlier search, is
        // reduced a ply less (its moves decide the game's line); an expected
        // cut node's late moves are seldom the refutation; a killer refuted
        // a sibling and is reduced a ply less.
        let r = reduction(depth, index) - i32::from(f.tt_pv)
            + i32::from(f.node == Node::Cut)
            + i32::from(!f.improving)
            + i32::from(siblings.tt_capture)
            - i32::from(siblings.killers.contains(&Some(mv)));
        let r = r - c.history / HISTORY_PER_PLY;
        r.clamp(0, new_depth - 1)
    } else {
        0
    }
}

/// Whether the side to move has a check that does not lose the piece by
/// exchange.
fn has_safe_check(pos: &Position) -> bool {
    let info = CheckInfo::new(pos);
    pos.legal_moves()
        .iter()
        .any(|&mv| gives_check(pos, &info, mv) && see(pos, mv) >= 0)
}
