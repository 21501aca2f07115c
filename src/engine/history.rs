//! Quiet-move statistics for move ordering: which moves tended to cut off,
//! on their own and as answers to the moves before them.

use crate::rules::{Move, PieceKind, Position};

/// The most a history entry holds, either way.
pub(crate) const HISTORY_MAX: i32 = 1 << 14;

/// A move's identity for the continuation tables: who moves which kind of
/// piece to which square.
pub type MoveKey = usize;
/// No move (the root, or a null move): no continuation to consult.
pub const NO_KEY: MoveKey = usize::MAX;
/// The moves one, two and four plies before a node.
pub type Context = [MoveKey; 3];
const KEYS: usize = 2 * PieceKind::COUNT * 81;

pub fn move_key(pos: &Position, mv: Move) -> MoveKey {
    let color = pos.side_to_move().index();
    (color * PieceKind::COUNT + moved_kind(pos, mv).index()) * 81 + mv.to().index()
}

/// Quiet-move statistics: which (side, piece, target) tends to cut off, on
/// its own, as an answer to the move one and two plies before, and as a
/// continuation of the move four plies before (our own move before last: a
/// plan carried on). This continuation history matters in shogi: a drop or
/// a retreat is good as a reply to a particular threat far more often than
/// in general.
pub struct History {
    table: Box<[i32]>,
    /// `KEYS × KEYS`: row = the earlier move, column = this move.
    continuation: Box<[i16]>,
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

impl History {
    pub fn new() -> History {
        History {
            table: vec![0; KEYS].into_boxed_slice(),
            continuation: vec![0; KEYS * KEYS].into_boxed_slice(),
        }
    }

    pub fn clear(&mut self) {
        self.table.fill(0);
        self.continuation.fill(0);
    }

    /// The butterfly score alone (the search reads it only as part of
    /// `quiet_score`; the tests read it to tell the parts apart).
    #[cfg(test)]
    fn get(&self, pos: &Position, mv: Move) -> i32 {
        self.table[move_key(pos, mv)]
    }

    /// The butterfly score plus what the previous moves (one, two and four
    /// plies back) say of `mv`.
    pub fn quiet_score(&self, pos: &Position, mv: Move, context: Context) -> i32 {
        let key = move_key(pos, mv);
        self.table[key] + context.iter().map(|&e| self.reply(e, key)).sum::<i32>()
    }

    /// What each of the two previous moves says of `mv` (0 where unknown).
    pub fn replies(&self, pos: &Position, mv: Move, context: Context) -> [i32; 2] {
        let key = move_key(pos, mv);
        [self.reply(context[0], key), self.reply(context[1], key)]
    }

    fn reply(&self, earlier: MoveKey, key: MoveKey) -> i32 {
        if earlier == NO_KEY {
            0
        } else {
            i32::from(self.continuation[earlier * KEYS + key])
        }
    }

    /// Rewards (positive bonus) or punishes a quiet move, with a gravity
    /// term that keeps every entry within ±`HISTORY_MAX`.
    pub fn update(&mut self, pos: &Position, mv: Move, context: Context, bonus: i32) {
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let key = move_key(pos, mv);
        self.table[key] = with_gravity(self.table[key], bonus);
        for earlier in context {
            if earlier != NO_KEY {
                let entry = &mut self.continuation[earlier * KEYS + key];
                // Within ±HISTORY_MAX (2^14), so it fits an i16.
                *entry = with_gravity(i32::from(*entry), bonus) as i16;
            }
        }
    }

    /// Halves the butterfly table between searches, so old lessons fade
    /// (the continuation tables are about replies, which stay true longer).
    pub fn age(&mut self) {
        for value in self.table.iter_mut() {
            *value /= 2;
        }
    }
}

/// `value` moved by `bonus`, the less the nearer it already is to the
/// bound in that direction, so it never leaves ±`HISTORY_MAX`.
fn with_gravity(value: i32, bonus: i32) -> i32 {
    value + bonus - value * bonus.abs() / HISTORY_MAX
}

/// The kind of piece `mv` moves (or drops).
pub(crate) fn moved_kind(pos: &Position, mv: Move) -> PieceKind {
    match mv {
        Move::Board { from, .. } => pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind),
        Move::Drop { kind, .. } => kind,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_reward_counts_as_a_reply_to_its_own_earlier_move_only() {
        let pos = start();
        let reply = parse(&pos, "7g7f");
        let earlier = move_key(&pos, parse(&pos, "2g2f"));
        let other = move_key(&pos, parse(&pos, "3g3f"));
        let mut history = History::new();
        history.update(&pos, reply, [earlier, NO_KEY, NO_KEY], 2000);
        let after_earlier = history.quiet_score(&pos, reply, [earlier, NO_KEY, NO_KEY]);
        let after_other = history.quiet_score(&pos, reply, [other, NO_KEY, NO_KEY]);
        let alone = history.quiet_score(&pos, reply, [NO_KEY; 3]);
        assert_eq!(alone, history.get(&pos, reply));
        assert!(alone > 0);
        assert!(
            after_earlier > after_other,
            "{after_earlier} vs {after_other}"
        );
        assert_eq!(after_other, alone);
    }

    #[test]
    fn a_move_four_plies_back_orders_but_does_not_count_as_a_previous_move() {
        let pos = start();
        let reply = parse(&pos, "7g7f");
        let earlier = move_key(&pos, parse(&pos, "2g2f"));
        let mut history = History::new();
        history.update(&pos, reply, [NO_KEY, NO_KEY, earlier], 2000);
        let alone = history.get(&pos, reply);
        let with_earlier = history.quiet_score(&pos, reply, [NO_KEY, NO_KEY, earlier]);
        assert!(with_earlier > alone, "{with_earlier} vs {alone}");
        // The pruning's test of the two previous moves does not see it.
        let replies = history.replies(&pos, reply, [NO_KEY, NO_KEY, earlier]);
        assert_eq!(replies, [0, 0]);
    }

    #[test]
    fn entries_stay_within_bounds_however_often_rewarded() {
        let pos = start();
        let mv = parse(&pos, "2g2f");
        let context = [move_key(&pos, parse(&pos, "7g7f")), NO_KEY, NO_KEY];
        let mut history = History::new();
        for _ in 0..1000 {
            history.update(&pos, mv, context, HISTORY_MAX);
        }
        assert!(history.get(&pos, mv) <= HISTORY_MAX);
        assert!(history.quiet_score(&pos, mv, context) <= 2 * HISTORY_MAX);
        for _ in 0..1000 {
            history.update(&pos, mv, context, -HISTORY_MAX);
        }
        assert!(history.quiet_score(&pos, mv, context) >= -2 * HISTORY_MAX);
    }
}
