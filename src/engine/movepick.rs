//! Move ordering: the order in which a node tries its moves decides how much
//! alpha-beta can cut. Stages, best first: the hash move, captures that win
//! or hold material (by static exchange, then most valuable victim), quiet
//! promotions, the two killer moves of this ply, quiet moves by history,
//! and last the captures that lose material.
//!
//! The rules core generates all legal moves at once; the stages are kept as
//! score bands and the picker hands out the best remaining move each time,
//! so a node cut off early never sorts the rest.

use super::eval::{board_value, capture_value};
use super::see::see;
use crate::rules::{MAX_MOVES, Move, MoveList, PieceKind, Position};

const HASH_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 28;
const PROMOTION: i32 = 1 << 27;
const KILLER: i32 = 1 << 26;
const BAD_CAPTURE: i32 = -(1 << 26);
const HISTORY_MAX: i32 = 1 << 14;
/// Moves picked one by one before the rest is sorted.
const SELECT_FIRST: usize = 4;

/// Quiet-move statistics: which (side, piece, target) tends to cut off.
pub struct History {
    table: Box<[[[i32; 81]; PieceKind::COUNT]; 2]>,
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

impl History {
    pub fn new() -> History {
        History {
            table: Box::new([[[0; 81]; PieceKind::COUNT]; 2]),
        }
    }

    pub fn clear(&mut self) {
        for side in self.table.iter_mut() {
            for row in side.iter_mut() {
                row.fill(0);
            }
        }
    }

    fn slot(&mut self, pos: &Position, mv: Move) -> &mut i32 {
        let color = pos.side_to_move().index();
        let kind = moved_kind(pos, mv).index();
        &mut self.table[color][kind][mv.to().index()]
    }

    pub fn get(&self, pos: &Position, mv: Move) -> i32 {
        let color = pos.side_to_move().index();
        self.table[color][moved_kind(pos, mv).index()][mv.to().index()]
    }

    /// Rewards (positive bonus) or punishes a quiet move, with a gravity
    /// term that keeps every entry within ±`HISTORY_MAX`.
    pub fn update(&mut self, pos: &Position, mv: Move, bonus: i32) {
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let entry = self.slot(pos, mv);
        *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
    }

    /// Halves everything between searches, so old lessons fade.
    pub fn age(&mut self) {
        for side in self.table.iter_mut() {
            for row in side.iter_mut() {
                for value in row.iter_mut() {
                    *value /= 2;
                }
            }
        }
    }
}

pub fn moved_kind(pos: &Position, mv: Move) -> PieceKind {
    match mv {
        Move::Board { from, .. } => pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind),
        Move::Drop { kind, .. } => kind,
    }
}

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

pub struct MovePicker {
    moves: MoveList,
    scores: [i32; MAX_MOVES],
    next: usize,
}

impl MovePicker {
    /// Orders every legal move of a full-width node.
    pub fn new(
        pos: &Position,
        moves: MoveList,
        hash_move: Option<Move>,
        killers: [Option<Move>; 2],
        history: &History,
    ) -> MovePicker {
        let mut scores = [0; MAX_MOVES];
        for (i, &mv) in moves.iter().enumerate() {
            scores[i] = if Some(mv) == hash_move {
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
                history.get(pos, mv) - drop_penalty(mv)
            };
        }
        MovePicker {
            moves,
            scores,
            next: 0,
        }
    }

    /// Only the moves the quiescence search looks at: captures and
    /// promotions that do not lose material by exchange.
    pub fn tactical(pos: &Position, all: &MoveList) -> MovePicker {
        let mut moves = MoveList::new();
        let mut scores = [0; MAX_MOVES];
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
            scores[moves.len()] = mvv_lva(pos, mv);
            moves.push(mv);
        }
        MovePicker {
            moves,
            scores,
            next: 0,
        }
    }

    /// Every move, ordered for an escape from check.
    pub fn evasions(pos: &Position, moves: MoveList, hash_move: Option<Move>) -> MovePicker {
        let mut scores = [0; MAX_MOVES];
        for (i, &mv) in moves.iter().enumerate() {
            scores[i] = if Some(mv) == hash_move {
                HASH_MOVE
            } else if is_capture(pos, mv) {
                GOOD_CAPTURE + mvv_lva(pos, mv)
            } else if mv.is_drop() {
                -1000
            } else {
                0
            };
        }
        MovePicker {
            moves,
            scores,
            next: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The best move not yet handed out. The first few are picked by
    /// selection (a cut-off usually comes early); past those, the rest is
    /// sorted once.
    pub fn next_move(&mut self) -> Option<Move> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        if self.next == SELECT_FIRST {
            self.sort_rest();
        }
        if self.next < SELECT_FIRST {
            let mut best = self.next;
            for i in self.next + 1..n {
                if self.scores[i] > self.scores[best] {
                    best = i;
                }
            }
            self.moves.as_mut_slice().swap(self.next, best);
            self.scores.swap(self.next, best);
        }
        let mv = self.moves[self.next];
        self.next += 1;
        Some(mv)
    }

    fn sort_rest(&mut self) {
        let n = self.moves.len();
        let mut pairs: Vec<(i32, u16)> = (self.next..n)
            .map(|i| (self.scores[i], self.moves[i].to_u16()))
            .collect();
        pairs.sort_unstable_by_key(|&(score, _)| std::cmp::Reverse(score));
        let slice = self.moves.as_mut_slice();
        for (offset, &(score, code)) in pairs.iter().enumerate() {
            if let Some(mv) = Move::from_u16(code) {
                slice[self.next + offset] = mv;
                self.scores[self.next + offset] = score;
            }
        }
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
