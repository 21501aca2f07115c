//! How the randomised levels choose among root moves: usually the best after
//! a little noise, sometimes (a slip) a worse but not absurd move, never a
//! random one, and always a mate when it sees one.

use super::level::LevelParams;
use super::search::MATE_BOUND;
use crate::rules::Move;
use rand::RngExt;
use rand::rngs::Xoshiro256PlusPlus;

/// The generator the choices draw from: seeded, so the same seed gives the
/// same choices on every platform and run.
pub type ChoiceRng = Xoshiro256PlusPlus;

/// A number in `-spread..=spread`.
fn spread(rng: &mut ChoiceRng, spread: i32) -> i32 {
    if spread <= 0 {
        return 0;
    }
    rng.random_range(-spread..=spread)
}

/// Picks the move to play from scored root moves (`best` if none are scored).
pub fn choose(
    scores: &[(Move, i32)],
    best: Move,
    params: &LevelParams,
    rng: &mut ChoiceRng,
) -> Move {
    let Some(top) = scores.iter().map(|&(_, s)| s).max() else {
        return best;
    };
    if top >= MATE_BOUND {
        return scores
            .iter()
            .find(|&&(_, s)| s == top)
            .map_or(best, |&(mv, _)| mv);
    }
    if rng.random_range(0..1000) < params.slip_per_mille {
        let slips: Vec<Move> = scores
            .iter()
            .filter(|&&(_, s)| s < top && s >= top - params.slip_margin_cp && s > -MATE_BOUND)
            .map(|&(mv, _)| mv)
            .collect();
        if !slips.is_empty() {
            return slips[rng.random_range(0..slips.len())];
        }
    }
    let mut chosen = best;
    let mut chosen_score = i32::MIN;
    for &(mv, score) in scores {
        if score < top - 2 * params.noise_cp {
            continue;
        }
        let noisy = score + spread(rng, params.noise_cp);
        if noisy > chosen_score {
            chosen = mv;
            chosen_score = noisy;
        }
    }
    chosen
}
