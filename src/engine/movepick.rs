//! Move ordering: the order in which a node tries its moves decides how much
//! alpha-beta can cut. Stages, best first: the hash move, captures that win
//! or hold material (by static exchange, then most valuable victim), quiet
//! promotions, the two killer moves of this ply, quiet moves by history
//! (their own, as replies to the two previous moves, and as continuations
//! of our own move before last),
//! and last the captures that lose material.
//!
//! A full-width node tries its hash move before generating anything
//! ([`NodeMoves`]); the rules core then generates all legal moves at once,
//! the stages are kept as score bands and the picker hands out the best
//! remaining move each time, so a node cut off early never sorts the rest.

use super::eval::{board_value, capture_value};
use super::history::{Context, History, moved_kind};
use super::see::see;
use crate::rules::{MAX_MOVES, Move, MoveList, PieceKind, Position};
use std::mem::MaybeUninit;

const HASH_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const PROMOTION: i32 = 1 << 27;
const KILLER: i32 = 1 << 26;
const BAD_CAPTURE: i32 = -(1 << 26);
/// Moves picked one by one before the rest is sorted.
const SELECT_FIRST: usize = 4;

pub fn is_capture(pos: &Position, mv: Move) -> bool {
    !mv.is_drop() && pos.piece_at(mv.to()).is_some()
}

/// A move that changes the material balance: a capture or a promotion.
pub fn is_tactical(pos: &Position, mv: Move) -> bool {
    is_capture(pos, mv) || mv.is_promotion()
}

/// Most valuable victim first, least valuable attacker as tie-break.
fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    let victim = pos.piece_at(mv.to()).map_or(0, |p| capture_value(p.kind));
    victim * 8 - board_value(moved_kind(pos, mv)) / 16
}

/// Moves with their ordering scores, on the stack and never zero-filled:
/// a node pays only for the moves it scores (most nodes of a search are
/// quiescence nodes with a handful of captures, and a zeroed array of
/// `MAX_MOVES` scores cost more than scoring them).
struct ScoredMoves {
    items: [MaybeUninit<(Move, i32)>; MAX_MOVES],
    len: usize,
}

impl ScoredMoves {
    #[inline]
    fn new() -> ScoredMoves {
        ScoredMoves {
            items: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, mv: Move, score: i32) {
        if self.len < MAX_MOVES {
            self.items[self.len] = MaybeUninit::new((mv, score));
            self.len += 1;
        }
    }

    #[inline]
    fn as_mut_slice(&mut self) -> &mut [(Move, i32)] {
        // SAFETY: the first `len` entries were written by `push`, and
        // `MaybeUninit<T>` has the same layout as `T`.
        unsafe {
            std::slice::from_raw_parts_mut(self.items.as_mut_ptr().cast::<(Move, i32)>(), self.len)
        }
    }
}

pub struct MovePicker {
    scored: ScoredMoves,
    next: usize,
    /// Quiet moves were ordered by their history (a full-width node not in
    /// check), so the score of one handed out tells its history.
    by_history: bool,
    /// The score of the move last handed out.
    last_score: i32,
}

impl MovePicker {
    /// Orders every legal move of a full-width node.
    pub fn new(
        pos: &Position,
        moves: &MoveList,
        hash_move: Option<Move>,
        killers: [Option<Move>; 2],
        history: &History,
        context: Context,
    ) -> MovePicker {
        let mut scored = ScoredMoves::new();
        for &mv in moves.iter() {
            let score = if Some(mv) == hash_move {
                HASH_MOVE
            } else if is_capture(pos, mv) {
                let exchange = see(pos, mv);
                if exchange >= 0 {
                    GOOD_CAPTURE + mvv_lva(pos, mv)
                } else {
                    BAD_CAPTURE + exchange
                }
            } else if mv.is_promotion() && promotion_pays(pos, mv) {
                PROMOTION + see(pos, mv)
            } else if Some(mv) == killers[0] {
                KILLER + 1
            } else if Some(mv) == killers[1] {
                KILLER
            } else {
                history.quiet_score(pos, mv, context) - drop_penalty(mv)
            };
            scored.push(mv, score);
        }
        MovePicker {
            scored,
            next: 0,
            by_history: true,
            last_score: 0,
        }
    }

    /// Only the moves the quiescence search looks at: captures and
    /// promotions that do not lose material by exchange; the hash move
    /// first if it is one of them.
    pub fn tactical(pos: &Position, all: &MoveList, hash_move: Option<Move>) -> MovePicker {
        let mut scored = ScoredMoves::new();
        for &mv in all.iter() {
            let capture = is_capture(pos, mv);
            let promotion = mv.is_promotion() && promotion_pays(pos, mv);
            if !capture && !promotion {
                continue;
            }
            if capture && !good_enough(pos, mv) {
                continue;
            }
            if !capture && see(pos, mv) < 0 {
                continue;
            }
            let score = if Some(mv) == hash_move {
                HASH_MOVE
            } else {
                mvv_lva(pos, mv)
            };
            scored.push(mv, score);
        }
        MovePicker {
            scored,
            next: 0,
            by_history: false,
            last_score: 0,
        }
    }

    /// Every move, ordered for an escape from check.
    pub fn evasions(pos: &Position, moves: &MoveList, hash_move: Option<Move>) -> MovePicker {
        let mut scored = ScoredMoves::new();
        for &mv in moves.iter() {
            let score = if Some(mv) == hash_move {
                HASH_MOVE
            } else if is_capture(pos, mv) {
                GOOD_CAPTURE + mvv_lva(pos, mv)
            } else if mv.is_drop() {
                -1000
            } else {
                0
            };
            scored.push(mv, score);
        }
        MovePicker {
            scored,
            next: 0,
            by_history: false,
            last_score: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.scored.len
    }

    pub fn is_empty(&self) -> bool {
        self.scored.len == 0
    }

    /// The best move not yet handed out. The first few are picked by
    /// selection (a cut-off usually comes early); past those, the rest is
    /// sorted once.
    pub fn next_move(&mut self) -> Option<Move> {
        let next = self.next;
        let items = self.scored.as_mut_slice();
        if next >= items.len() {
            return None;
        }
        if next == SELECT_FIRST {
            items[next..].sort_unstable_by_key(|&(_, score)| std::cmp::Reverse(score));
        } else if next < SELECT_FIRST {
            let mut best = next;
            for i in next + 1..items.len() {
                if items[i].1 > items[best].1 {
                    best = i;
                }
            }
            items.swap(next, best);
        }
        self.next += 1;
        let (mv, score) = items[next];
        self.last_score = score;
        Some(mv)
    }

    /// The history score the move last handed out was ordered by, if it
    /// was ordered by history (a quiet move, not a killer, not in check):
    /// the search reads it again to prune and reduce, and need not look it
    /// up a second time.
    fn last_history(&self, mv: Move) -> Option<i32> {
        let history_band = BAD_CAPTURE / 2..KILLER / 2;
        (self.by_history && history_band.contains(&self.last_score))
            .then(|| self.last_score + drop_penalty(mv))
    }
}

/// A full-width node's moves: the hash move, if legal, before any other
/// is generated (at a cut node it mostly refutes the move before, and
/// generating and ordering the rest would be wasted), then the rest in
/// order, the hash move left out.
pub struct NodeMoves {
    hash_move: Option<Move>,
    hash_pending: bool,
    rest: Option<MovePicker>,
}

impl NodeMoves {
    pub fn new(pos: &Position, hash_move: Option<Move>) -> NodeMoves {
        // The table's move may be another position's (a shared slot).
        let hash_move = hash_move.filter(|&mv| pos.is_legal(mv));
        NodeMoves {
            hash_move,
            hash_pending: hash_move.is_some(),
            rest: None,
        }
    }

    /// The next move; `order_rest` generates and orders the others when
    /// they are first needed.
    pub fn next_move(&mut self, order_rest: impl FnOnce() -> MovePicker) -> Option<Move> {
        if self.hash_pending {
            self.hash_pending = false;
            return self.hash_move;
        }
        let rest = self.rest.get_or_insert_with(order_rest);
        loop {
            let mv = rest.next_move()?;
            if Some(mv) != self.hash_move {
                return Some(mv);
            }
        }
    }

    /// The history score `mv`, the move last handed out, was ordered by, if
    /// it came from the ordered rest and was ordered by history.
    pub fn history_of(&self, mv: Move) -> Option<i32> {
        if self.hash_pending || Some(mv) == self.hash_move {
            return None;
        }
        self.rest.as_ref()?.last_history(mv)
    }

    /// Whether the position turned out to have no legal move at all (known
    /// once every move was asked for).
    pub fn none_legal(&self) -> bool {
        self.hash_move.is_none() && self.rest.as_ref().is_some_and(MovePicker::is_empty)
    }
}

/// Captures are worth a look in quiescence unless they clearly lose.
fn good_enough(pos: &Position, mv: Move) -> bool {
    let victim = pos.piece_at(mv.to()).map_or(0, |p| capture_value(p.kind));
    let attacker = board_value(moved_kind(pos, mv));
    victim >= attacker || see(pos, mv) >= 0
}

/// Promoting a pawn, lance, knight or a major piece is nearly always right;
/// a silver's promotion is a real choice and waits among the quiet moves.
fn promotion_pays(pos: &Position, mv: Move) -> bool {
    moved_kind(pos, mv) != PieceKind::Silver
}

/// Drops come after board moves of equal history: there are many of them
/// and most are quiet.
fn drop_penalty(mv: Move) -> i32 {
    if mv.is_drop() { 200 } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::history::{NO_KEY, move_key};

    fn start() -> Position {
        Position::startpos()
    }

    fn parse(pos: &Position, usi: &str) -> Move {
        pos.legal_moves()
            .iter()
            .copied()
            .find(|mv| mv.to_string() == usi)
            .unwrap_or_else(|| panic!("{usi} is not legal here"))
    }

    #[test]
    fn a_quiet_move_hands_out_the_history_it_was_ordered_by() {
        // After a bishop exchange: Sente has bishop drops too.
        let mut pos = start();
        for usi in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
            pos = pos.after(parse(&pos, usi));
        }
        let hash = parse(&pos, "2g2f");
        let killer = parse(&pos, "3g3f");
        let rewarded = parse(&pos, "6g6f");
        let context = [move_key(&pos, parse(&pos, "5g5f")), NO_KEY, NO_KEY];
        let mut history = History::new();
        history.update(&pos, rewarded, context, 3000);
        history.update(&pos, parse(&pos, "1g1f"), context, -3000);
        let mut moves = NodeMoves::new(&pos, Some(hash));
        let order = || {
            let legal = pos.legal_moves();
            MovePicker::new(
                &pos,
                &legal,
                Some(hash),
                [Some(killer), None],
                &history,
                context,
            )
        };
        assert_eq!(moves.next_move(order), Some(hash));
        assert_eq!(
            moves.history_of(hash),
            None,
            "the hash move was not ordered"
        );
        let mut seen = 0;
        while let Some(mv) = moves.next_move(order) {
            seen += 1;
            if mv == killer || is_capture(&pos, mv) {
                assert_eq!(moves.history_of(mv), None, "{mv} is not ordered by history");
            } else {
                let expected = history.quiet_score(&pos, mv, context);
                assert_eq!(moves.history_of(mv), Some(expected), "{mv}");
            }
        }
        assert_eq!(seen, pos.legal_moves().len() - 1);
    }

    fn all_in_order(pos: &Position, hash: Option<Move>) -> MovePicker {
        MovePicker::new(
            pos,
            &pos.legal_moves(),
            hash,
            [None; 2],
            &History::new(),
            [NO_KEY; 3],
        )
    }

    #[test]
    fn the_hash_move_comes_first_before_generation_and_only_once() {
        let pos = start();
        let hash = parse(&pos, "2g2f");
        let mut moves = NodeMoves::new(&pos, Some(hash));
        let mut generated = false;
        let first = moves.next_move(|| {
            generated = true;
            all_in_order(&pos, Some(hash))
        });
        assert_eq!(first, Some(hash));
        assert!(!generated, "nothing is generated for the hash move");
        let mut rest = Vec::new();
        while let Some(mv) = moves.next_move(|| all_in_order(&pos, Some(hash))) {
            rest.push(mv);
        }
        assert_eq!(rest.len() + 1, pos.legal_moves().len());
        assert!(!rest.contains(&hash));
        assert!(!moves.none_legal());
    }

    #[test]
    fn an_illegal_hash_move_is_never_handed_out() {
        let pos = start();
        // Gote's pawn: another position's move, from a shared table slot.
        let foreign = Move::from_usi("3c3d").expect("well-formed move");
        let mut moves = NodeMoves::new(&pos, Some(foreign));
        let mut handed = Vec::new();
        while let Some(mv) = moves.next_move(|| all_in_order(&pos, None)) {
            handed.push(mv);
        }
        assert!(!handed.contains(&foreign));
        assert_eq!(handed.len(), pos.legal_moves().len());
    }

    #[test]
    fn a_checkmated_node_has_no_moves() {
        let mated = Position::from_sfen("4k4/9/9/9/9/9/4s4/4g4/4K4 b - 1").expect("valid sfen");
        let mut moves = NodeMoves::new(&mated, None);
        let first = moves.next_move(|| MovePicker::evasions(&mated, &mated.legal_moves(), None));
        assert_eq!(first, None);
        assert!(moves.none_legal());
    }

    #[test]
    fn a_well_rewarded_reply_is_tried_before_other_quiet_moves() {
        let pos = start();
        let reply = parse(&pos, "1g1f");
        let context = [move_key(&pos, parse(&pos, "7g7f")), NO_KEY, NO_KEY];
        let mut history = History::new();
        history.update(&pos, reply, context, 3000);
        let mut picker =
            MovePicker::new(&pos, &pos.legal_moves(), None, [None; 2], &history, context);
        assert_eq!(picker.next_move(), Some(reply));
    }
}
