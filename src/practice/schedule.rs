//! When an exercise comes back: soon after a miss, later and later after each success
//! (spaced repetition, as Leitner's boxes and the flash-card programs after them do), until
//! it has been got right often enough in a row to be put away.
//!
//! Times are seconds since the Unix epoch, passed in, so the schedule is the same whatever
//! the clock of the machine it is tested on.

use serde::{Deserialize, Serialize};

/// A missed exercise comes back after this long: later in the same sitting.
pub const AFTER_MISS: u64 = 10 * 60;

/// The waits after the first, second, third... success in a row.
pub const AFTER_SUCCESS: [u64; 5] = [DAY, 3 * DAY, 7 * DAY, 21 * DAY, 60 * DAY];

const DAY: u64 = 24 * 60 * 60;

/// An exercise's place in the schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schedule {
    /// When it is next due.
    pub due: u64,
    /// Successes since the last miss.
    pub in_a_row: u32,
    /// Successes in a row that put it away.
    pub needed: u32,
    /// Put away: got right `needed` times in a row.
    pub done: bool,
}

impl Schedule {
    /// Due at once; put away after `needed` successes in a row.
    pub fn new(now: u64, needed: u32) -> Schedule {
        Schedule {
            due: now,
            in_a_row: 0,
            needed: needed.max(1),
            done: false,
        }
    }

    pub fn is_due(&self, now: u64) -> bool {
        !self.done && self.due <= now
    }

    /// After an attempt at `now`. A miss asks for at least two successes in a row before
    /// the exercise is put away, whatever it needed before: once missed, once found is
    /// not yet learnt.
    pub fn record(&mut self, now: u64, solved: bool) {
        if solved {
            self.in_a_row += 1;
            let wait = AFTER_SUCCESS[(self.in_a_row as usize - 1).min(AFTER_SUCCESS.len() - 1)];
            self.due = now.saturating_add(wait);
            self.done = self.in_a_row >= self.needed;
        } else {
            self.in_a_row = 0;
            self.needed = self.needed.max(2);
            self.due = now.saturating_add(AFTER_MISS);
            self.done = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: u64 = 1_800_000_000;

    #[test]
    fn a_miss_brings_the_exercise_back_within_the_hour() {
        let mut s = Schedule::new(NOW, 2);
        s.record(NOW, false);
        assert!(!s.is_due(NOW + 60));
        assert!(s.is_due(NOW + AFTER_MISS));
        assert!(s.due - NOW < 3600);
    }

    #[test]
    fn successes_space_the_exercise_out_until_it_is_put_away() {
        let mut s = Schedule::new(NOW, 3);
        s.record(NOW, true);
        let first_wait = s.due - NOW;
        s.record(s.due, true);
        let second_due = s.due;
        assert!(!s.done);
        s.record(second_due, true);
        assert!(first_wait >= DAY);
        assert!(s.done, "three in a row put it away");
        assert!(!s.is_due(u64::MAX));
    }

    #[test]
    fn a_missed_mate_stays_until_found_twice_in_a_row() {
        let mut s = Schedule::new(NOW, 1);
        s.record(NOW, false);
        s.record(NOW + AFTER_MISS, true);
        assert!(!s.done, "found once after the miss");
        s.record(s.due, false);
        s.record(s.due, true);
        assert!(!s.done, "the miss started the count again");
        s.record(s.due, true);
        assert!(s.done);
    }

    #[test]
    fn a_problem_solved_at_first_sight_is_put_away() {
        let mut s = Schedule::new(NOW, 1);
        s.record(NOW, true);
        assert!(s.done);
    }
}
