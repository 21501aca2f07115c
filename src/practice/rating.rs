//! The puzzle rating: the player's, and each exercise's, moved after every attempt.
//!
//! Elo, not Glicko-2. Glicko-2 updates by rating periods holding many games each, and
//! carries a deviation and a volatility per player; a person practising alone gives one
//! result at a time, at irregular hours, against problems most of which are met once, so
//! the periods would hold a single result and the volatility would never be estimated
//! from anything. Elo updates after each result and says plainly what it does. What
//! Glicko's deviation gives, a rating that moves fast while little is known, is kept by a
//! larger step for the first attempts of the player (and of each exercise).

use serde::{Deserialize, Serialize};

/// Where a player starts.
pub const PLAYER_START: f64 = 1500.0;

/// The step while the rating is new (its first [`SETTLING_ATTEMPTS`]), and after.
const NEW_STEP: f64 = 64.0;
const SETTLED_STEP: f64 = 24.0;
const SETTLING_ATTEMPTS: u32 = 15;

/// A rating and how many results it has taken in.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub value: f64,
    pub attempts: u32,
}

impl Rating {
    pub fn new(value: f64) -> Rating {
        Rating { value, attempts: 0 }
    }

    fn step(&self) -> f64 {
        if self.attempts < SETTLING_ATTEMPTS {
            NEW_STEP
        } else {
            SETTLED_STEP
        }
    }
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::new(PLAYER_START)
    }
}

/// The chance a player rated `player` solves a problem rated `problem` (Elo's curve: even
/// at equal ratings, 10 to 1 at 400 points above).
pub fn expected(player: f64, problem: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((problem - player) / 400.0))
}

/// Moves both ratings after an attempt: the player's up and the problem's down when it was
/// solved, the other way when missed, each by its own step.
pub fn update(player: &mut Rating, problem: &mut Rating, solved: bool) {
    let score = if solved { 1.0 } else { 0.0 };
    let surprise = score - expected(player.value, problem.value);
    player.value += player.step() * surprise;
    problem.value -= problem.step() * surprise;
    player.attempts += 1;
    problem.attempts += 1;
}

/// A mate problem's rating before anyone has tried it: longer mates are harder.
pub fn initial_for_mate(plies: u32) -> f64 {
    match plies {
        0..=1 => 1000.0,
        2..=3 => 1300.0,
        4..=5 => 1550.0,
        6..=7 => 1750.0,
        8..=9 => 1900.0,
        _ => 2050.0,
    }
}

/// A mistake of the player's own, before it is tried: about the player's level when it
/// was made (it was missed once already).
pub const MISTAKE_START: f64 = 1450.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solving_raises_the_player_and_lowers_the_problem() {
        let mut player = Rating::default();
        let mut problem = Rating::new(1500.0);
        update(&mut player, &mut problem, true);
        assert!(player.value > 1500.0 && problem.value < 1500.0);
        // Even ratings: half the step each way.
        assert!((player.value - 1532.0).abs() < 1e-9);
        assert!((problem.value - 1468.0).abs() < 1e-9);
    }

    #[test]
    fn missing_an_easy_problem_costs_more_than_missing_a_hard_one() {
        let (mut a, mut b) = (Rating::default(), Rating::default());
        update(&mut a, &mut Rating::new(1000.0), false);
        update(&mut b, &mut Rating::new(2000.0), false);
        assert!(a.value < b.value);
    }

    #[test]
    fn the_step_shrinks_once_the_rating_has_settled() {
        let mut player = Rating::default();
        for _ in 0..SETTLING_ATTEMPTS {
            let mut even = Rating::new(player.value);
            update(&mut player, &mut even, true);
        }
        let before = player.value;
        let mut even = Rating::new(before);
        update(&mut player, &mut even, true);
        assert!((player.value - before - SETTLED_STEP / 2.0).abs() < 1e-9);
    }

    #[test]
    fn longer_mates_start_harder() {
        let ratings: Vec<f64> = [1, 3, 5, 7, 9, 11].map(initial_for_mate).to_vec();
        assert!(ratings.windows(2).all(|w| w[0] < w[1]));
    }
}
