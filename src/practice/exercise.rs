//! One exercise: a mistake of the player's own to put right, or a mate problem; what it was
//! made from, kept as text (SFEN and USI) so that the practice file reads and travels well.

use super::problem::MateProblem;
use super::rating::{self, Rating};
use super::schedule::Schedule;
use crate::review::{
    Candidate, GamePositions, GameReview, MateEvent, MoveReview, PositionAnalysis, Score,
};
use crate::rules::{Move, Position};
use serde::{Deserialize, Serialize};

/// What is asked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Task {
    /// Find a better move than the one played in one of the player's games.
    Mistake(Mistake),
    /// Mate in `plies`.
    Mate {
        sfen: String,
        plies: u32,
        origin: Origin,
    },
}

/// Where a mate problem comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "from", content = "name", rename_all = "snake_case")]
pub enum Origin {
    /// komadai's own set.
    BuiltIn,
    /// A mate the player missed in a reviewed game.
    OwnGame,
    /// A collection the player imported, by its name.
    Collection(String),
}

/// A mistake or blunder of the player's, with the review's view of the position before it:
/// enough to judge a new try as the review judged the move (see [`Mistake::review`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Mistake {
    /// The position before the move.
    pub sfen: String,
    /// The move played (USI).
    pub played: String,
    /// Its number in the game (1-based).
    pub ply: usize,
    /// The review's verdict (`mistake`, `blunder`).
    pub verdict: String,
    /// A mate was on the board and the move let it go.
    pub missed_mate: bool,
    /// The player's score of the position before, with the best move.
    pub score: StoredScore,
    /// The engine's line from the position before (USI), its best move first.
    pub line: Vec<String>,
    /// The engine's best moves there, with their scores.
    pub best_moves: Vec<(String, StoredScore)>,
}

/// A review's [`Score`] as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StoredScore {
    Cp(i32),
    Mates(u32),
    Mated(u32),
}

impl From<Score> for StoredScore {
    fn from(score: Score) -> StoredScore {
        match score {
            Score::Cp(cp) => StoredScore::Cp(cp),
            Score::Mates(n) => StoredScore::Mates(n),
            Score::Mated(n) => StoredScore::Mated(n),
        }
    }
}

impl From<StoredScore> for Score {
    fn from(score: StoredScore) -> Score {
        match score {
            StoredScore::Cp(cp) => Score::Cp(cp),
            StoredScore::Mates(n) => Score::Mates(n),
            StoredScore::Mated(n) => Score::Mated(n),
        }
    }
}

impl Mistake {
    /// The player's mistake or blunder judged in `review`, if it was one.
    pub fn from_review(review: &MoveReview) -> Option<Mistake> {
        if !review.verdict().is_serious() {
            return None;
        }
        Some(Mistake {
            sfen: review.before.to_sfen(),
            played: review.played.to_string(),
            ply: review.ply,
            verdict: review.verdict().key().to_owned(),
            missed_mate: matches!(review.judgement.mate, Some(MateEvent::Missed { .. })),
            score: review.score_before.into(),
            line: review.best_line.iter().map(Move::to_string).collect(),
            best_moves: review
                .best_moves
                .iter()
                .map(|c| (c.mv.to_string(), c.score.into()))
                .collect(),
        })
    }

    pub fn position(&self) -> Option<Position> {
        Position::from_sfen(&self.sfen).ok()
    }

    pub fn played_move(&self) -> Option<Move> {
        Move::from_usi(&self.played).ok()
    }

    /// The engine's best move in the position.
    pub fn best(&self) -> Option<Move> {
        self.line.first().and_then(|mv| Move::from_usi(mv).ok())
    }

    /// A one-move review of the position and the move played, holding the analysis of the
    /// position before: its [`GameReview::judge_try`] at ply 1 judges a new try exactly as
    /// *Try again* judges one in the window. `None` for a damaged entry.
    pub fn review(&self) -> Option<GameReview> {
        let before = self.position()?;
        let played = self.played_move()?;
        if !before.is_legal(played) {
            return None;
        }
        let line: Vec<Move> = self
            .line
            .iter()
            .filter_map(|mv| Move::from_usi(mv).ok())
            .collect();
        let best_moves = self
            .best_moves
            .iter()
            .filter_map(|(mv, score)| {
                Some(Candidate {
                    mv: Move::from_usi(mv).ok()?,
                    score: (*score).into(),
                })
            })
            .collect();
        let mut review = GameReview::new(GamePositions::new(&before, &[played]));
        review.add(PositionAnalysis {
            index: 0,
            score: self.score.into(),
            best: line.first().copied(),
            line,
            depth: 0,
            nodes: 0,
            best_moves,
            best_checked: None,
        });
        Some(review)
    }
}

/// An exercise in the player's practice: the task, its rating, and when it is due.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Exercise {
    pub task: Task,
    pub rating: Rating,
    pub schedule: Schedule,
    /// Attempts so far, and how many were solved.
    pub tried: u32,
    pub solved: u32,
}

impl Exercise {
    /// A mistake to put right: due at once, put away after two successes in a row (after
    /// a missed mate, found twice).
    pub fn mistake(mistake: Mistake, now: u64) -> Exercise {
        Exercise {
            task: Task::Mistake(mistake),
            rating: Rating::new(rating::MISTAKE_START),
            schedule: Schedule::new(now, 2),
            tried: 0,
            solved: 0,
        }
    }

    /// A mate problem met for the first time: put away when solved at first sight, else
    /// back until found twice in a row; a mate the player missed in a game needs two at once.
    pub fn mate(problem: &MateProblem, origin: Origin, now: u64) -> Exercise {
        let needed = if origin == Origin::OwnGame { 2 } else { 1 };
        Exercise {
            task: Task::Mate {
                sfen: problem.position.to_sfen(),
                plies: problem.plies,
                origin,
            },
            rating: Rating::new(rating::initial_for_mate(problem.plies)),
            schedule: Schedule::new(now, needed),
            tried: 0,
            solved: 0,
        }
    }

    /// What names the exercise among the others: its position, and for a mistake the move.
    pub fn key(&self) -> String {
        task_key(&self.task)
    }

    /// The mate problem, for a mate exercise that reads.
    pub fn mate_problem(&self) -> Option<MateProblem> {
        match &self.task {
            Task::Mate { sfen, plies, .. } => Some(MateProblem {
                position: Position::mate_problem_from_sfen(sfen).ok()?,
                plies: *plies,
            }),
            Task::Mistake(_) => None,
        }
    }
}

pub fn task_key(task: &Task) -> String {
    match task {
        Task::Mistake(m) => format!("{} {}", m.sfen, m.played),
        Task::Mate { sfen, .. } => sfen.clone(),
    }
}
