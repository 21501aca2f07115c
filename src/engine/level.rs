//! The three strengths of the built-in AI, each a small table of numbers.
//!
//! Every difference between the levels lives in [`LevelParams`]: the search
//! reads these numbers and never asks which level it is playing. Every level
//! judges with the same network, the one the review and the hints use: a
//! weaker level is weaker by its depth, noise and slips, not by a weaker
//! judgement.

use serde::{Deserialize, Serialize};
use std::time::Duration;

/// How strongly the AI plays (`docs/RULES.md`, "Levels of the built-in AI").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "Easy",
            Level::Normal => "Normal",
            Level::Hard => "Hard",
        }
    }

    /// Parses a level name as shown by [`Level::name`] (any letter case).
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(name))
    }

    pub const fn params(self) -> LevelParams {
        match self {
            // One move ahead plus the captures that follow: it takes a hanging
            // piece, and one move in four is a slip to a move up to a few
            // hundred centipawns worse (never a random move).
            Level::Easy => LevelParams {
                max_depth: 1,
                movetime: Some(Duration::from_millis(300)),
                noise_cp: 60,
                slip_per_mille: 250,
                slip_margin_cp: 450,
                hash_mb: 4,
                mate_search_plies: 0,
                mate_probe_nodes: 0,
                may_declare: false,
                resigns_when_mated: false,
                parallel: false,
                book: false,
            },
            // Three moves ahead with drops; a little variety, rare slips.
            Level::Normal => LevelParams {
                max_depth: 3,
                movetime: Some(Duration::from_millis(1000)),
                noise_cp: 20,
                slip_per_mille: 50,
                slip_margin_cp: 150,
                hash_mb: 8,
                mate_search_plies: 1,
                mate_probe_nodes: 2_000,
                may_declare: false,
                resigns_when_mated: false,
                parallel: false,
                book: false,
            },
            // Its whole time budget, a mate search first; no randomness but
            // the choice among the opening book's equal moves.
            Level::Hard => LevelParams {
                max_depth: crate::engine::search::MAX_DEPTH,
                movetime: Some(Duration::from_millis(3000)),
                noise_cp: 0,
                slip_per_mille: 0,
                slip_margin_cp: 0,
                hash_mb: 64,
                mate_search_plies: 5,
                mate_probe_nodes: 30_000,
                may_declare: true,
                resigns_when_mated: true,
                parallel: true,
                book: true,
            },
        }
    }
}

/// The numbers that make a level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelParams {
    /// Deepest iteration of the main search (quiescence goes further).
    pub max_depth: u32,
    /// How long a move takes: the pace when the caller gives no clock, and the
    /// most the level thinks whatever the clock allows. `None`: as long as the
    /// clock allows.
    pub movetime: Option<Duration>,
    /// Random spread added to every root move's score, for variety.
    pub noise_cp: i32,
    /// Chance, per thousand moves, of a deliberate slip.
    pub slip_per_mille: u32,
    /// How much worse than the best a slip may be.
    pub slip_margin_cp: i32,
    /// Transposition table size.
    pub hash_mb: usize,
    /// Longest mate (in plies, odd) looked for before the main search.
    pub mate_search_plies: u32,
    /// The most that look for a mate may spend, in mate-search nodes.
    pub mate_probe_nodes: u64,
    /// Whether it declares an impasse win when the count allows.
    pub may_declare: bool,
    /// Whether it resigns once it sees a forced mate against it.
    pub resigns_when_mated: bool,
    /// Whether it searches with every thread the caller offers (the weaker
    /// levels keep to one: their strength is their depth, and a game against
    /// them stays repeatable).
    pub parallel: bool,
    /// Whether it opens from the opening book (the weaker levels search
    /// every move: their openings come from their own slips and noise).
    pub book: bool,
}

impl LevelParams {
    /// The strongest play: Hard's numbers, thinking as long as the clock
    /// allows (for a GUI that sets the time control itself).
    pub const fn max() -> LevelParams {
        LevelParams {
            movetime: None,
            ..Level::Hard.params()
        }
    }

    /// Whether root moves are chosen among near-equals rather than strictly.
    pub fn is_randomised(&self) -> bool {
        self.noise_cp > 0 || self.slip_per_mille > 0
    }
}
