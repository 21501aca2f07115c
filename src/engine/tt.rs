//! The transposition table: results of earlier searches, keyed by the
//! position's Zobrist hash (board, both hands, side to move).
//!
//! Buckets of two entries: the first keeps the deepest result, the second
//! always takes the newest, so deep results survive a flood of shallow ones.
//! Mate scores are stored relative to the node, not the root, so the same
//! position reached at another ply reads the right distance to mate.
//!
//! Every search thread reads and writes the one table without a lock. An
//! entry is two atomic words, its data and its key XORed with the data: a
//! probe that reads the data of one write and the check of another (two
//! threads storing at once) finds a key that matches neither and takes the
//! entry for empty, so a torn entry is never used, only lost.

use super::score::{MATE, MATE_BOUND};
use crate::rules::Move;
use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

/// One entry as the search reads it, packed into the 64 bits of [`Cell`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Slot {
    key: u64,
    mv: u16,
    score: i16,
    depth: i8,
    /// Bound (2 bits), whether the node was on a principal variation (1
    /// bit) and generation (5 bits).
    flags: u8,
    /// The node's static evaluation (`NO_EVAL` if none: in check), so a
    /// node met again need not evaluate.
    eval: i16,
}

impl Slot {
    fn data(&self) -> u64 {
        u64::from(self.mv)
            | u64::from(self.score as u16) << 16
            | u64::from(self.depth as u8) << 32
            | u64::from(self.flags) << 40
            | u64::from(self.eval as u16) << 48
    }

    fn unpack(key: u64, data: u64) -> Slot {
        Slot {
            key,
            mv: data as u16,
            score: (data >> 16) as u16 as i16,
            depth: (data >> 32) as u8 as i8,
            flags: (data >> 40) as u8,
            eval: (data >> 48) as u16 as i16,
        }
    }
}

/// An entry as stored: the data, and the key XORed with it. All zero is
/// empty (flags 0).
#[derive(Default)]
struct Cell {
    check: AtomicU64,
    data: AtomicU64,
}

impl Cell {
    /// The entry, with the key it was written for (a torn entry yields a
    /// key no position asks for, or for one that asks, the right data).
    fn load(&self) -> Slot {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        Slot::unpack(check ^ data, data)
    }

    fn save(&self, slot: Slot) {
        let data = slot.data();
        self.check.store(slot.key ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }

    fn clear(&mut self) {
        *self.check.get_mut() = 0;
        *self.data.get_mut() = 0;
    }
}

type Bucket = [Cell; 2];

const NO_EVAL: i16 = i16::MIN;
/// The flag bit of an entry whose node is or was on a principal variation.
const PV_FLAG: u8 = 4;
/// Where the generation starts in the flags, and how many there are.
const GENERATION_SHIFT: u32 = 3;
const GENERATIONS: u8 = 1 << (8 - GENERATION_SHIFT);

impl Bound {
    /// What a search in the window (`alpha`, `beta`) learned from its
    /// result `score`: fail-high, fail-low, or the exact value.
    pub fn of(score: i32, alpha: i32, beta: i32) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// A stored search result, already adjusted to the probing ply.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    pub eval: Option<i32>,
    /// The node is or was on a principal variation.
    pub pv: bool,
}

impl Entry {
    /// Whether the stored score settles a search in the window `(alpha, beta)`:
    /// an exact score always does, a bound only when it lies outside the window.
    pub fn cuts_off(&self, alpha: i32, beta: i32) -> bool {
        match self.bound {
            Bound::Exact => true,
            Bound::Lower => self.score >= beta,
            Bound::Upper => self.score <= alpha,
        }
    }
}

pub struct Table {
    buckets: Vec<Bucket>,
    generation: u8,
}

impl Table {
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.clamp(1, 65_536) * 1024 * 1024;
        let count = (bytes / std::mem::size_of::<Bucket>()).max(1024);
        Table {
            buckets: std::iter::repeat_with(Bucket::default)
                .take(count)
                .collect(),
            generation: 0,
        }
    }

    pub fn clear(&mut self) {
        self.buckets.iter_mut().flatten().for_each(Cell::clear);
        self.generation = 0;
    }

    /// Called once per search so old entries give way first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) % GENERATIONS;
    }

    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.buckets.len() as u128) >> 64) as usize
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        let bucket = &self.buckets[self.index(key)];
        let slot = bucket
            .iter()
            .map(Cell::load)
            .find(|slot| slot.key == key && slot.flags != 0)?;
        Some(Entry {
            mv: Move::from_u16(slot.mv),
            score: score_from_table(slot.score as i32, ply),
            depth: slot.depth as i32,
            bound: match slot.flags & 3 {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            eval: (slot.eval != NO_EVAL).then_some(i32::from(slot.eval)),
            pv: slot.flags & PV_FLAG != 0,
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: u64,
        ply: usize,
        mv: Option<Move>,
        score: i32,
        depth: i32,
        bound: Bound,
        eval: Option<i32>,
        pv: bool,
    ) {
        let generation = self.generation;
        let index = self.index(key);
        let bucket = &self.buckets[index];
        let bound_bits = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let new = Slot {
            key,
            mv: mv.map_or(0, Move::to_u16),
            score: score_to_table(score, ply) as i16,
            depth: depth.clamp(-1, 127) as i8,
            flags: bound_bits | if pv { PV_FLAG } else { 0 } | (generation << GENERATION_SHIFT),
            eval: eval.map_or(NO_EVAL, |e| {
                e.clamp(-i16::MAX as i32, i16::MAX as i32) as i16
            }),
        };
        let deep = bucket[0].load();
        let same = deep.key == key;
        let stale = deep.flags >> GENERATION_SHIFT != generation;
        if deep.flags == 0 || stale || same || depth >= deep.depth as i32 {
            if same && new.mv == 0 {
                bucket[0].save(Slot { mv: deep.mv, ..new });
            } else {
                bucket[0].save(new);
            }
            return;
        }
        bucket[1].save(new);
    }

    /// How full the table is, per thousand (the USI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(500);
        let used = self.buckets[..sample]
            .iter()
            .flatten()
            .map(Cell::load)
            .filter(|slot| slot.flags != 0 && slot.flags >> GENERATION_SHIFT == self.generation)
            .count();
        (used * 1000 / (sample * 2).max(1)) as u32
    }
}

fn score_to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
    .clamp(-MATE, MATE)
}

fn score_from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_outside_the_window_is_a_bound() {
        assert_eq!(Bound::of(50, 10, 50), Bound::Lower);
        assert_eq!(Bound::of(10, 10, 50), Bound::Upper);
        assert_eq!(Bound::of(30, 10, 50), Bound::Exact);
    }

    #[test]
    fn an_entry_keeps_its_static_evaluation() {
        let table = Table::new(1);
        table.store(42, 3, None, 10, 5, Bound::Exact, Some(-137), false);
        let entry = table.probe(42, 3).expect("stored");
        assert_eq!(entry.eval, Some(-137));
        assert_eq!((entry.score, entry.depth), (10, 5));
    }

    #[test]
    fn a_node_in_check_stores_no_evaluation() {
        let table = Table::new(1);
        table.store(7, 0, None, -50, 2, Bound::Upper, None, false);
        assert_eq!(table.probe(7, 0).and_then(|e| e.eval), None);
    }

    #[test]
    fn mate_scores_are_read_relative_to_the_probing_ply() {
        let table = Table::new(1);
        // Mate in 5 plies from a node at ply 4 is mate in 5 from any ply.
        table.store(9, 4, None, MATE - 9, 6, Bound::Lower, Some(0), false);
        let entry = table.probe(9, 10).expect("stored");
        assert_eq!(entry.score, MATE - 15);
    }

    #[test]
    fn a_deep_result_is_not_pushed_out_by_shallow_ones() {
        let table = Table::new(1);
        table.store(1, 0, None, 5, 9, Bound::Exact, Some(5), false);
        // Another position in the same bucket, shallower: the deep one stays.
        let index = table.index(1);
        let other = (2..u64::MAX)
            .map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .find(|&k| table.index(k) == index && k != 1)
            .expect("a key in the same bucket");
        table.store(other, 0, None, 1, 0, Bound::Upper, Some(1), false);
        assert_eq!(table.probe(1, 0).map(|e| e.depth), Some(9));
        assert_eq!(table.probe(other, 0).map(|e| e.depth), Some(0));
    }

    #[test]
    fn an_entry_remembers_whether_it_was_on_a_principal_variation() {
        let table = Table::new(1);
        // Keys far apart, in different buckets.
        let (a, b) = (u64::MAX / 3, u64::MAX / 3 * 2);
        table.store(a, 0, None, 0, 3, Bound::Upper, Some(0), true);
        table.store(b, 0, None, 0, 3, Bound::Lower, Some(0), false);
        let pv = table.probe(a, 0).expect("stored");
        let other = table.probe(b, 0).expect("stored");
        assert!(pv.pv && !other.pv);
        assert_eq!((pv.bound, other.bound), (Bound::Upper, Bound::Lower));
    }

    #[test]
    fn entries_of_this_search_count_as_used_whatever_their_flags() {
        let mut table = Table::new(1);
        table.new_search();
        let keys = (1..20_000u64).map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        for (i, key) in keys.enumerate() {
            table.store(key, 0, None, 0, 1, Bound::Exact, None, i % 2 == 0);
        }
        assert!(table.hashfull() > 0);
        // The next search's entries are newer: these no longer count.
        table.new_search();
        assert_eq!(table.hashfull(), 0);
    }

    #[test]
    fn a_torn_entry_reads_as_empty() {
        let table = Table::new(1);
        let (a, b) = (u64::MAX / 3, u64::MAX / 3 + 1);
        assert_eq!(table.index(a), table.index(b));
        table.store(a, 0, None, 11, 4, Bound::Exact, Some(11), false);
        let first = table.buckets[table.index(a)][0].load();
        table.store(b, 0, None, -22, 9, Bound::Lower, Some(-22), true);
        let second = table.buckets[table.index(b)][0].load();
        // The check of the first write beside the data of the second, as a
        // probe may see them while another thread stores.
        let cell = &table.buckets[table.index(a)][0];
        cell.check
            .store(first.key ^ first.data(), Ordering::Relaxed);
        cell.data.store(second.data(), Ordering::Relaxed);
        assert!(table.probe(a, 0).is_none());
        assert!(table.probe(b, 0).is_none());
    }

    /// What a thread of the concurrent test stores for `key`: every field
    /// follows from the key, so a probe can tell a wrong entry.
    fn expected(key: u64) -> (i32, i32, Option<i32>, Bound) {
        let score = (key % 2001) as i32 - 1000;
        let depth = ((key >> 16) % 60) as i32;
        let eval = ((key >> 32) % 3001) as i32 - 1500;
        let bound = [Bound::Exact, Bound::Lower, Bound::Upper][(key >> 48) as usize % 3];
        (score, depth, Some(eval), bound)
    }

    #[test]
    fn threads_storing_and_probing_at_once_never_read_a_wrong_entry() {
        let table = Table::new(1);
        // Keys crowded into four buckets, so threads write over each other.
        let keys: Vec<u64> = (1..4_000u64)
            .map(|i| (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 4) | (i % 4) << 60)
            .collect();
        let found = std::sync::atomic::AtomicU64::new(0);
        std::thread::scope(|scope| {
            for thread in 0..4 {
                let (table, keys, found) = (&table, &keys, &found);
                scope.spawn(move || {
                    for round in 0..200 {
                        for (i, &key) in keys.iter().enumerate() {
                            if (i + thread + round) % 4 == 0 {
                                let (score, depth, eval, bound) = expected(key);
                                table.store(key, 0, None, score, depth, bound, eval, false);
                            } else if let Some(entry) = table.probe(key, 0) {
                                let got = (entry.score, entry.depth, entry.eval, entry.bound);
                                assert_eq!(got, expected(key), "key {key:#x}");
                                assert_eq!(entry.mv, None);
                                found.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                    }
                });
            }
        });
        // The probes did find entries (the test checked something).
        assert!(found.load(Ordering::Relaxed) > 1_000);
    }
}
