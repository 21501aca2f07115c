//! The player's practice: the exercises met so far with their schedules and ratings, the
//! imported collections, the player's rating and its history, and the streaks. It picks
//! the next exercise: the most overdue one due, else a new mate problem near the player's
//! rating.

use super::exercise::{Exercise, Mistake, Origin, Task, task_key};
use super::games::{KeptGame, REVIEWED_KEPT, WAITING_KEPT};
use super::problem::MateProblem;
use super::rating::{self, Rating};
use serde::{Deserialize, Serialize};

/// Attempts kept in the history (the graph shows the latest).
const HISTORY: usize = 500;

/// New problems are chosen this far above the player's rating: a little harder than
/// comfortable.
const STRETCH: f64 = 50.0;

/// One attempt, for the rating's graph and the streaks.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    /// Seconds since the Unix epoch.
    pub at: u64,
    pub solved: bool,
    /// The player's rating after it.
    pub rating: f64,
}

/// An imported collection: its name and its verified problems.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Collection {
    pub name: String,
    /// `SFEN | plies` lines, as in a set.
    pub problems: Vec<String>,
}

/// The player's practice, as kept in the data folder.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Practice {
    pub player: Rating,
    pub exercises: Vec<Exercise>,
    pub collections: Vec<Collection>,
    pub history: Vec<Attempt>,
    /// Solved in a row, now and at best.
    pub streak: u32,
    pub best_streak: u32,
    /// Finished games of the player's not reviewed yet, oldest first: the app reviews them
    /// in the background.
    #[serde(default)]
    pub unreviewed: Vec<KeptGame>,
    /// The games already reviewed for the practice, by name ([`KeptGame::key`]).
    #[serde(default)]
    pub reviewed: Vec<String>,
}

/// What to do next.
#[derive(Clone, Debug, PartialEq)]
pub enum Next {
    /// An exercise of the queue, by its index.
    Due(usize),
    /// A mate problem not met before.
    Fresh(Box<MateProblem>, Origin),
}

impl Practice {
    /// Adds the player's mistakes as exercises due now; one already there is left as it is.
    /// Returns how many were new.
    pub fn add_mistakes(&mut self, mistakes: Vec<Mistake>, now: u64) -> usize {
        let mut added = 0;
        for mistake in mistakes {
            let exercise = Exercise::mistake(mistake, now);
            if self.find(&exercise.key()).is_none() {
                self.exercises.push(exercise);
                added += 1;
            }
        }
        added
    }

    /// Keeps a finished game for a review, unless it was reviewed or is kept already.
    /// Returns whether it was added.
    pub fn keep_game(&mut self, game: KeptGame) -> bool {
        let key = game.key();
        if self.reviewed.contains(&key) || self.unreviewed.iter().any(|g| g.key() == key) {
            return false;
        }
        self.unreviewed.push(game);
        let excess = self.unreviewed.len().saturating_sub(WAITING_KEPT);
        self.unreviewed.drain(..excess);
        true
    }

    /// Notes the game named `key` as reviewed: it leaves the waiting games for good.
    pub fn mark_reviewed(&mut self, key: &str) {
        self.unreviewed.retain(|g| g.key() != key);
        if !self.reviewed.iter().any(|k| k == key) {
            self.reviewed.push(key.to_owned());
        }
        let excess = self.reviewed.len().saturating_sub(REVIEWED_KEPT);
        self.reviewed.drain(..excess);
    }

    /// Adds a mate the player missed in a game, as a problem of their own.
    pub fn add_own_mate(&mut self, problem: &MateProblem, now: u64) -> bool {
        let exercise = Exercise::mate(problem, Origin::OwnGame, now);
        if self.find(&exercise.key()).is_some() {
            return false;
        }
        self.exercises.push(exercise);
        true
    }

    pub fn find(&self, key: &str) -> Option<usize> {
        self.exercises.iter().position(|e| e.key() == key)
    }

    /// The exercises due at `now`, most overdue first (indices).
    pub fn due(&self, now: u64) -> Vec<usize> {
        let mut due: Vec<usize> = (0..self.exercises.len())
            .filter(|&i| self.exercises[i].schedule.is_due(now))
            .collect();
        due.sort_by_key(|&i| self.exercises[i].schedule.due);
        due
    }

    /// The exercises not put away, soonest due first (indices): the queue.
    pub fn queue(&self) -> Vec<usize> {
        let mut queue: Vec<usize> = (0..self.exercises.len())
            .filter(|&i| !self.exercises[i].schedule.done)
            .collect();
        queue.sort_by_key(|&i| self.exercises[i].schedule.due);
        queue
    }

    /// The next exercise: the most overdue one, else the problem of `sets` (the built-in set,
    /// then the collections') not met before whose rating is nearest a little above the
    /// player's.
    pub fn next(&self, now: u64, built_in: &[MateProblem]) -> Option<Next> {
        if let Some(&first) = self.due(now).first() {
            return Some(Next::Due(first));
        }
        let target = self.player.value + STRETCH;
        let mut best: Option<(f64, MateProblem, Origin)> = None;
        for (problem, origin) in self.problems(built_in) {
            if self.find(&problem.key()).is_some() {
                continue;
            }
            let distance = (rating::initial_for_mate(problem.plies) - target).abs();
            if best.as_ref().is_none_or(|(d, _, _)| distance < *d) {
                best = Some((distance, problem, origin));
            }
        }
        best.map(|(_, problem, origin)| Next::Fresh(Box::new(problem), origin))
    }

    /// Every problem on offer: the built-in set, then each collection's.
    fn problems(&self, built_in: &[MateProblem]) -> Vec<(MateProblem, Origin)> {
        let mut all: Vec<(MateProblem, Origin)> =
            built_in.iter().map(|p| (*p, Origin::BuiltIn)).collect();
        for collection in &self.collections {
            let (problems, _) = super::problem::read_set(&collection.problems.join("\n"));
            let origin = Origin::Collection(collection.name.clone());
            all.extend(problems.into_iter().map(|p| (p, origin.clone())));
        }
        all
    }

    /// Problems of a collection not yet met (for the page).
    pub fn unmet(&self, collection: &Collection) -> usize {
        let (problems, _) = super::problem::read_set(&collection.problems.join("\n"));
        problems
            .iter()
            .filter(|p| self.find(&p.key()).is_none())
            .count()
    }

    /// Records an attempt at `task` (an exercise of the queue, or a new one, which joins
    /// it): both ratings move, the schedule and the streaks follow. Returns the exercise's
    /// index.
    pub fn record(&mut self, task: &Task, solved: bool, now: u64) -> usize {
        let key = task_key(task);
        let index = match self.find(&key) {
            Some(index) => index,
            None => {
                let exercise = match task {
                    Task::Mistake(m) => Exercise::mistake(m.clone(), now),
                    Task::Mate {
                        sfen,
                        plies,
                        origin,
                    } => {
                        let problem = crate::rules::Position::mate_problem_from_sfen(sfen)
                            .ok()
                            .map(|position| MateProblem {
                                position,
                                plies: *plies,
                            });
                        match problem {
                            Some(problem) => Exercise::mate(&problem, origin.clone(), now),
                            None => Exercise {
                                task: task.clone(),
                                rating: Rating::new(rating::initial_for_mate(*plies)),
                                schedule: super::schedule::Schedule::new(now, 1),
                                tried: 0,
                                solved: 0,
                            },
                        }
                    }
                };
                self.exercises.push(exercise);
                self.exercises.len() - 1
            }
        };
        let exercise = &mut self.exercises[index];
        rating::update(&mut self.player, &mut exercise.rating, solved);
        exercise.schedule.record(now, solved);
        exercise.tried += 1;
        exercise.solved += u32::from(solved);
        if solved {
            self.streak += 1;
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
        self.history.push(Attempt {
            at: now,
            solved,
            rating: self.player.value,
        });
        if self.history.len() > HISTORY {
            self.history.drain(..self.history.len() - HISTORY);
        }
        index
    }

    /// Days in a row, up to `now`'s (or the day before, if none today), with at least one
    /// attempt (UTC days).
    pub fn days_in_a_row(&self, now: u64) -> u32 {
        const DAY: u64 = 24 * 60 * 60;
        let mut days: Vec<u64> = self.history.iter().map(|a| a.at / DAY).collect();
        days.dedup();
        let today = now / DAY;
        let mut expected = match days.last() {
            Some(&last) if last == today || last + 1 == today => last,
            _ => return 0,
        };
        let mut count = 0;
        for &day in days.iter().rev() {
            if day == expected {
                count += 1;
                expected = expected.saturating_sub(1);
            } else if day < expected {
                break;
            }
        }
        count
    }

    /// Adds (or replaces) a collection by its name.
    pub fn add_collection(&mut self, collection: Collection) {
        self.collections.retain(|c| c.name != collection.name);
        self.collections.push(collection);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::practice::exercise::StoredScore;
    use crate::practice::schedule::AFTER_MISS;
    use crate::rules::Position;

    const NOW: u64 = 1_800_000_000;

    fn mistake() -> Mistake {
        Mistake {
            sfen: Position::startpos().to_sfen(),
            played: "5i5h".into(),
            ply: 1,
            verdict: "blunder".into(),
            missed_mate: false,
            score: StoredScore::Cp(0),
            line: vec!["7g7f".into()],
            best_moves: vec![("7g7f".into(), StoredScore::Cp(0))],
        }
    }

    fn problems() -> Vec<MateProblem> {
        let (problems, _) = super::super::problem::read_set(
            "4k4/9/4P4/9/9/9/9/9/4K4 b G 1 | 1\n\
             8k/9/9/9/9/9/9/9/4K4 b G 1 | 5\n",
        );
        problems
    }

    #[test]
    fn a_mistake_is_due_at_once_and_after_a_miss_comes_back_in_minutes() {
        let mut practice = Practice::default();
        assert_eq!(practice.add_mistakes(vec![mistake()], NOW), 1);
        assert_eq!(practice.add_mistakes(vec![mistake()], NOW), 0, "once only");
        assert_eq!(practice.next(NOW, &[]), Some(Next::Due(0)));
        let task = practice.exercises[0].task.clone();
        practice.record(&task, false, NOW);
        assert_eq!(practice.next(NOW + 60, &[]), None, "not yet back");
        assert_eq!(practice.next(NOW + AFTER_MISS, &[]), Some(Next::Due(0)));
        assert_eq!(practice.queue(), vec![0]);
    }

    #[test]
    fn with_nothing_due_a_new_problem_near_the_rating_is_offered() {
        let mut practice = Practice::default();
        let problems = problems();
        // At 1500 (+50) the mate in five (1550) is nearer than the mate in one (1000).
        let Some(Next::Fresh(first, Origin::BuiltIn)) = practice.next(NOW, &problems) else {
            panic!("a fresh problem");
        };
        assert_eq!(first.plies, 5);
        practice.player.value = 900.0;
        let Some(Next::Fresh(easy, _)) = practice.next(NOW, &problems) else {
            panic!("a fresh problem");
        };
        assert_eq!(easy.plies, 1);
    }

    #[test]
    fn attempts_move_the_rating_and_the_streaks() {
        let mut practice = Practice::default();
        let problems = problems();
        let task = |p: &MateProblem| Task::Mate {
            sfen: p.position.to_sfen(),
            plies: p.plies,
            origin: Origin::BuiltIn,
        };
        practice.record(&task(&problems[0]), true, NOW);
        let after_one = practice.player.value;
        assert!(after_one > 1500.0);
        practice.record(&task(&problems[1]), true, NOW + 10);
        assert_eq!((practice.streak, practice.best_streak), (2, 2));
        practice.record(&task(&problems[1]), false, NOW + 20);
        assert_eq!((practice.streak, practice.best_streak), (0, 2));
        assert!(practice.player.value < practice.history[1].rating);
        assert_eq!(practice.history.len(), 3);
        assert_eq!(practice.days_in_a_row(NOW + 30), 1);
        assert!(practice.exercises[0].schedule.done, "solved at first sight");
        assert!(!practice.exercises[1].schedule.done, "missed");
    }

    #[test]
    fn a_finished_game_waits_once_and_never_again_once_reviewed() {
        let mut practice = Practice::default();
        let start = Position::startpos();
        let moves = [crate::rules::Move::from_usi("7g7f").expect("USI")];
        let game = KeptGame::new(&start, &moves, crate::rules::Color::Sente);
        assert!(practice.keep_game(game.clone()));
        assert!(!practice.keep_game(game.clone()), "kept once");
        practice.mark_reviewed(&game.key());
        assert!(practice.unreviewed.is_empty());
        assert!(!practice.keep_game(game), "reviewed: not again");
        let text = r#"{"player":{"value":1500.0,"attempts":0},"exercises":[],"collections":[],
                       "history":[],"streak":0,"best_streak":0}"#;
        let older: Practice = serde_json::from_str(text).expect("a file from before");
        assert!(older.unreviewed.is_empty() && older.reviewed.is_empty());
    }

    #[test]
    fn practice_on_consecutive_days_counts_them() {
        let mut practice = Practice::default();
        let day = 24 * 60 * 60;
        for d in [0, 1, 2, 4, 5] {
            practice.history.push(Attempt {
                at: NOW + d * day,
                solved: true,
                rating: 1500.0,
            });
        }
        assert_eq!(practice.days_in_a_row(NOW + 5 * day), 2);
        assert_eq!(
            practice.days_in_a_row(NOW + 6 * day),
            2,
            "yesterday still counts"
        );
        assert_eq!(practice.days_in_a_row(NOW + 8 * day), 0);
    }

    #[test]
    fn the_practice_file_reads_back_what_it_wrote() {
        let mut practice = Practice::default();
        practice.add_mistakes(vec![mistake()], NOW);
        practice.add_collection(Collection {
            name: "mine".into(),
            problems: vec!["4k4/9/4P4/9/9/9/9/9/4K4 b G 1 | 1".into()],
        });
        let task = practice.exercises[0].task.clone();
        practice.record(&task, true, NOW);
        let text = serde_json::to_string(&practice).expect("written");
        let back: Practice = serde_json::from_str(&text).expect("read");
        assert_eq!(back, practice);
    }
}
