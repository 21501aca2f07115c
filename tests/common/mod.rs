//! Helpers shared by the test files that `mod common;` them.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// The random tests' generator: rand's xoshiro256++, always seeded, so a
/// failing random test reproduces exactly on every platform.
pub type TestRng = Xoshiro256PlusPlus;

pub fn seeded(seed: u64) -> TestRng {
    TestRng::seed_from_u64(seed)
}

/// Picking an index of a list that may be empty.
pub trait Below {
    /// A number in `0..n` (0 when `n` is 0).
    fn below(&mut self, n: usize) -> usize;
}

impl Below for TestRng {
    fn below(&mut self, n: usize) -> usize {
        self.random_range(0..n.max(1))
    }
}
