//! The df-pn proof table: proof and disproof numbers of the positions met,
//! in a fixed number of small clusters.
//!
//! A position is filed under its board and side to move, with the
//! attacker's hand kept apart, so that one entry can answer for other hands
//! (hand superiority): whatever mates with some pieces in hand also mates
//! with more, and whatever fails with some pieces fails with fewer. The
//! defender's hand needs no key of its own: every piece not on the board or
//! in the attacker's hand is in it.

use crate::rules::zobrist::hand_key;
use crate::rules::{Color, Hand, PieceKind, Position};

/// A proof or disproof number that means "solved".
pub const INF: u32 = 1 << 30;

/// Entries per cluster: a lookup scans one cluster (half a cache line pair).
const CLUSTER: usize = 4;

/// The attacker's pieces in hand, kind by kind (index order of
/// [`PieceKind::HAND`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HandCount([u8; 7]);

impl HandCount {
    pub fn of(hand: &Hand) -> HandCount {
        let mut counts = [0; 7];
        for (count, kind) in counts.iter_mut().zip(PieceKind::HAND) {
            *count = hand.count(kind);
        }
        HandCount(counts)
    }

    /// Holds at least as many of every kind as `other`.
    pub fn covers(self, other: HandCount) -> bool {
        self.0
            .iter()
            .zip(other.0)
            .all(|(&mine, theirs)| mine >= theirs)
    }
}

/// Where a position is filed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    /// The position hash without either hand: board and side to move.
    pub board: u64,
    pub hand: HandCount,
}

impl Key {
    pub fn of(pos: &Position, attacker: Color) -> Key {
        let mut board = pos.hash();
        for color in Color::ALL {
            let hand = pos.hand(color);
            for kind in PieceKind::HAND {
                board ^= hand_key(color, kind, hand.count(kind));
            }
        }
        Key {
            board,
            hand: HandCount::of(pos.hand(attacker)),
        }
    }
}

/// What the search knows of a position, from the attacker's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value {
    /// Proof number: 0 once mate is proven.
    pub pn: u32,
    /// Disproof number: 0 once mate is ruled out.
    pub dn: u32,
    /// Once proven: plies to mate along the proof found (an upper bound on
    /// the shortest mate).
    pub len: u16,
}

impl Value {
    pub const UNKNOWN: Value = Value {
        pn: 1,
        dn: 1,
        len: 0,
    };
    pub const DISPROVEN: Value = Value {
        pn: INF,
        dn: 0,
        len: 0,
    };

    pub const fn proven(len: u16) -> Value {
        Value {
            pn: 0,
            dn: INF,
            len,
        }
    }

    pub const fn is_proven(self) -> bool {
        self.pn == 0
    }

    pub const fn is_disproven(self) -> bool {
        self.dn == 0
    }

    pub const fn is_solved(self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

#[derive(Clone, Copy, Default)]
struct ProofEntry {
    board: u64,
    pn: u32,
    dn: u32,
    /// Nodes spent on this position: what replacement keeps.
    work: u32,
    len: u16,
    hand: HandCount,
    used: bool,
}

impl ProofEntry {
    fn value(&self) -> Value {
        Value {
            pn: self.pn,
            dn: self.dn,
            len: self.len,
        }
    }

    /// What this entry says about `key`, if anything: its own value when
    /// the hands are equal, or a proof (disproof) made with a hand that
    /// `key`'s hand covers (is covered by).
    fn answer(&self, key: Key) -> Option<Value> {
        if !self.used || self.board != key.board {
            return None;
        }
        if self.hand == key.hand {
            return Some(self.value());
        }
        let solved = (self.pn == 0 && key.hand.covers(self.hand))
            || (self.dn == 0 && self.hand.covers(key.hand));
        solved.then(|| self.value())
    }

    /// Whether storing `value` for `key` makes this entry redundant.
    fn implied_by(&self, key: Key, value: Value) -> bool {
        self.used
            && self.board == key.board
            && (self.hand == key.hand
                || (value.is_proven() && self.hand.covers(key.hand))
                || (value.is_disproven() && key.hand.covers(self.hand)))
    }
}

/// A fixed-size table, emptied for each problem.
pub struct ProofTable {
    entries: Vec<ProofEntry>,
    /// Number of clusters minus one (a power of two minus one).
    mask: usize,
    /// Whether anything was stored since the last clear (a fresh table
    /// needs no second pass over its memory).
    dirty: bool,
}

impl ProofTable {
    /// A table of about `mb` megabytes (at least one cluster).
    pub fn new(mb: usize) -> ProofTable {
        let bytes = mb.clamp(1, 1 << 16) << 20;
        let wanted = (bytes / (CLUSTER * std::mem::size_of::<ProofEntry>())).max(1);
        // The largest power of two that fits, so a mask picks the cluster.
        let clusters = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        ProofTable {
            entries: vec![ProofEntry::default(); clusters * CLUSTER],
            mask: clusters - 1,
            dirty: false,
        }
    }

    pub fn clear(&mut self) {
        if self.dirty {
            self.entries.fill(ProofEntry::default());
            self.dirty = false;
        }
    }

    fn cluster(&self, board: u64) -> std::ops::Range<usize> {
        let start = (board as usize & self.mask) * CLUSTER;
        start..start + CLUSTER
    }

    /// What is known of `key`; a proof or disproof wins over an open entry.
    pub fn get(&self, key: Key) -> Option<Value> {
        let mut open = None;
        for entry in &self.entries[self.cluster(key.board)] {
            match entry.answer(key) {
                Some(value) if value.is_solved() => return Some(value),
                Some(value) => open = Some(value),
                None => {}
            }
        }
        open
    }

    /// Records `value` for `key`, which cost `work` nodes. Reuses the slot of
    /// an entry the new value makes redundant, else a free slot, else the
    /// entry that cost least: hard-won results survive the longest.
    pub fn put(&mut self, key: Key, value: Value, work: u64) {
        self.dirty = true;
        let range = self.cluster(key.board);
        let cluster = &mut self.entries[range];
        let mut slot = None;
        for (i, entry) in cluster.iter_mut().enumerate() {
            if entry.implied_by(key, value) {
                if slot.is_none() {
                    slot = Some(i);
                } else {
                    entry.used = false;
                }
            }
        }
        let slot = slot
            .or_else(|| cluster.iter().position(|entry| !entry.used))
            .unwrap_or_else(|| cheapest(cluster));
        cluster[slot] = ProofEntry {
            board: key.board,
            pn: value.pn,
            dn: value.dn,
            work: u32::try_from(work).unwrap_or(u32::MAX),
            len: value.len,
            hand: key.hand,
            used: true,
        };
    }
}

/// The slot whose entry cost the fewest nodes; solved entries count double,
/// since they are final.
fn cheapest(cluster: &[ProofEntry]) -> usize {
    let weight = |entry: &ProofEntry| {
        let solved = entry.pn == 0 || entry.dn == 0;
        u64::from(entry.work) * if solved { 2 } else { 1 }
    };
    (0..cluster.len())
        .min_by_key(|&i| weight(&cluster[i]))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(board: u64, pawns: u8) -> Key {
        let mut hand = [0; 7];
        hand[0] = pawns;
        Key {
            board,
            hand: HandCount(hand),
        }
    }

    #[test]
    fn a_proof_holds_for_a_bigger_hand_and_a_disproof_for_a_smaller() {
        let mut table = ProofTable::new(1);
        table.put(key(7, 1), Value::proven(3), 10);
        assert_eq!(table.get(key(7, 2)), Some(Value::proven(3)));
        assert_eq!(table.get(key(7, 0)), None);
        table.put(key(9, 1), Value::DISPROVEN, 10);
        assert_eq!(table.get(key(9, 0)), Some(Value::DISPROVEN));
        assert_eq!(table.get(key(9, 2)), None);
    }

    #[test]
    fn an_open_entry_answers_only_for_its_own_hand() {
        let mut table = ProofTable::new(1);
        let open = Value {
            pn: 4,
            dn: 2,
            len: 0,
        };
        table.put(key(5, 1), open, 10);
        assert_eq!(table.get(key(5, 1)), Some(open));
        assert_eq!(table.get(key(5, 2)), None);
        table.clear();
        assert_eq!(table.get(key(5, 1)), None);
    }
}
