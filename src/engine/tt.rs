//! The transposition table: results of earlier searches, keyed by the
//! position's Zobrist hash (board, both hands, side to move).
//!
//! Buckets of two entries: the first keeps the deepest result, the second
//! always takes the newest, so deep results survive a flood of shallow ones.
//! Mate scores are stored relative to the node, not the root, so the same
//! position reached at another ply reads the right distance to mate.

use super::search::{MATE, MATE_BOUND};
use crate::rules::Move;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    mv: u16,
    score: i16,
    depth: i8,
    /// Bound (2 bits) and generation (6 bits).
    flags: u8,
}

/// A stored search result, already adjusted to the probing ply.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
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
    buckets: Vec<[Slot; 2]>,
    generation: u8,
}

impl Table {
    pub fn new(megabytes: usize) -> Table {
        let bytes = megabytes.clamp(1, 65_536) * 1024 * 1024;
        let count = (bytes / std::mem::size_of::<[Slot; 2]>()).max(1024);
        Table {
            buckets: vec![[Slot::default(); 2]; count],
            generation: 0,
        }
    }

    pub fn clear(&mut self) {
        self.buckets.fill([Slot::default(); 2]);
        self.generation = 0;
    }

    /// Called once per search so old entries give way first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3f;
    }

    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.buckets.len() as u128) >> 64) as usize
    }

    pub fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        let bucket = &self.buckets[self.index(key)];
        let slot = bucket
            .iter()
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
        })
    }

    pub fn store(
        &mut self,
        key: u64,
        ply: usize,
        mv: Option<Move>,
        score: i32,
        depth: i32,
        bound: Bound,
    ) {
        let generation = self.generation;
        let index = self.index(key);
        let bucket = &mut self.buckets[index];
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
            flags: bound_bits | (generation << 2),
        };
        let deep = &mut bucket[0];
        let same = deep.key == key;
        let stale = deep.flags >> 2 != generation;
        if deep.flags == 0 || stale || same || depth >= deep.depth as i32 {
            if same && new.mv == 0 {
                let old_mv = deep.mv;
                *deep = Slot { mv: old_mv, ..new };
            } else {
                *deep = new;
            }
            return;
        }
        bucket[1] = new;
    }

    /// How full the table is, per thousand (the USI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(500);
        let used = self.buckets[..sample]
            .iter()
            .flatten()
            .filter(|slot| slot.flags != 0 && slot.flags >> 2 == self.generation)
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
