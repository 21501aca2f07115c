//! A position's score as the review reads it, and the win-chance curve that
//! turns a score into the chance a side wins.
//!
//! The curve is the logistic `1 / (1 + e^(-cp / 600))`, mates at its ends
//! (1 for the side that mates, 0 for the side that is mated). 600 cp is the
//! coefficient shogi tools use for engines whose pawn is worth about 90 cp
//! (the Bonanza scale our evaluation shares): the usual one of the engines'
//! learners, and the default of ShogiHome's graph and bad-move marks. Chess
//! tools use about 250 cp per unit, lishogi about 1430: a shogi score swings
//! more than a chess score for the same change in the game, because captured
//! pieces come back as drops. (`tools/review_quality.py` also fits the scale
//! to its games' results; on Easy-against-Normal games that fit says more
//! about the gap between the levels than about the scores.)

use crate::engine::search::mate_distance;

/// Centipawns per unit of the logistic curve: at +600 cp the side wins
/// about 73% of games, at +1200 about 88%.
pub const WIN_CHANCE_SCALE: f64 = 600.0;

/// A score from one side's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// This side mates in this many plies (0: it has mated already).
    Mates(u32),
    /// This side is mated in this many plies (0: it is mated now).
    Mated(u32),
}

impl Score {
    /// The search's score (side to move, [`crate::engine::search::MATE`]
    /// scale) as a review score.
    pub fn from_engine(score: i32) -> Score {
        match mate_distance(score) {
            Some(plies) if score > 0 => Score::Mates(plies.unsigned_abs()),
            Some(plies) => Score::Mated(plies.unsigned_abs()),
            None => Score::Cp(score),
        }
    }

    /// The same score from the other side's point of view.
    pub fn flipped(self) -> Score {
        match self {
            Score::Cp(cp) => Score::Cp(-cp),
            Score::Mates(plies) => Score::Mated(plies),
            Score::Mated(plies) => Score::Mates(plies),
        }
    }

    /// The chance this side wins, 0 to 1, by the logistic curve.
    pub fn win_chance(self) -> f64 {
        match self {
            Score::Cp(cp) => 1.0 / (1.0 + (-f64::from(cp) / WIN_CHANCE_SCALE).exp()),
            Score::Mates(_) => 1.0,
            Score::Mated(_) => 0.0,
        }
    }

    /// The same side's score of the position a ply before, where a move led to the one this
    /// score is of: a mate is one ply further away.
    pub fn a_ply_earlier(self) -> Score {
        match self {
            Score::Mates(plies) => Score::Mates(plies + 1),
            Score::Mated(plies) => Score::Mated(plies + 1),
            cp => cp,
        }
    }

    /// The mate's length in plies, for a mate either way.
    pub fn mate_plies(self) -> Option<u32> {
        match self {
            Score::Cp(_) => None,
            Score::Mates(plies) | Score::Mated(plies) => Some(plies),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::{mate_in, mated_in};

    #[test]
    fn an_even_score_is_an_even_chance_and_the_curve_is_symmetric() {
        assert!((Score::Cp(0).win_chance() - 0.5).abs() < 1e-12);
        for cp in [90, 400, 1200, 5000] {
            let sum = Score::Cp(cp).win_chance() + Score::Cp(-cp).win_chance();
            assert!((sum - 1.0).abs() < 1e-12, "{cp}");
        }
    }

    #[test]
    fn the_curve_rises_with_the_score_and_mates_sit_at_its_ends() {
        let chances: Vec<f64> = [-3000, -600, 0, 600, 3000]
            .into_iter()
            .map(|cp| Score::Cp(cp).win_chance())
            .collect();
        assert!(chances.windows(2).all(|w| w[0] < w[1]));
        assert!((Score::Cp(600).win_chance() - 0.7311).abs() < 1e-4);
        assert_eq!(Score::Mates(7).win_chance(), 1.0);
        assert_eq!(Score::Mated(2).win_chance(), 0.0);
        assert!(Score::Cp(20_000).win_chance() < 1.0 + 1e-12);
    }

    #[test]
    fn engine_mate_scores_become_distances_in_plies() {
        assert_eq!(Score::from_engine(mate_in(3)), Score::Mates(3));
        assert_eq!(Score::from_engine(mated_in(2)), Score::Mated(2));
        assert_eq!(Score::from_engine(mated_in(0)), Score::Mated(0));
        assert_eq!(Score::from_engine(-250), Score::Cp(-250));
        assert_eq!(Score::Mated(0).flipped(), Score::Mates(0));
        assert_eq!(Score::Cp(40).flipped(), Score::Cp(-40));
    }
}
