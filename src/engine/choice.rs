//! How the randomised levels choose among root moves: usually the best after
//! a little noise, sometimes (a slip) a worse but not absurd move, never a
//! random one, and always a mate when it sees one.

use super::level::LevelParams;
use super::search::MATE_BOUND;
use crate::rules::Move;

/// A small seeded generator (SplitMix64): tests pass a seed and get the same
/// choices every run.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }

    /// A number in `-spread..=spread`.
    pub fn spread(&mut self, spread: i32) -> i32 {
        if spread <= 0 {
            return 0;
        }
        self.below(2 * spread as u64 + 1) as i32 - spread
    }
}

/// Picks the move to play from scored root moves (`best` if none are scored).
pub fn choose(scores: &[(Move, i32)], best: Move, params: &LevelParams, rng: &mut Rng) -> Move {
    let Some(top) = scores.iter().map(|&(_, s)| s).max() else {
        return best;
    };
    if top >= MATE_BOUND {
        return scores
            .iter()
            .find(|&&(_, s)| s == top)
            .map_or(best, |&(mv, _)| mv);
    }
    if rng.below(1000) < params.slip_per_mille as u64 {
        let slips: Vec<Move> = scores
            .iter()
            .filter(|&&(_, s)| s < top && s >= top - params.slip_margin_cp && s > -MATE_BOUND)
            .map(|&(mv, _)| mv)
            .collect();
        if !slips.is_empty() {
            return slips[rng.below(slips.len() as u64) as usize];
        }
    }
    let mut chosen = best;
    let mut chosen_score = i32::MIN;
    for &(mv, score) in scores {
        if score < top - 2 * params.noise_cp {
            continue;
        }
        let noisy = score + rng.spread(params.noise_cp);
        if noisy > chosen_score {
            chosen = mv;
            chosen_score = noisy;
        }
    }
    chosen
}
