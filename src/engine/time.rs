//! Time management for the USI front: how long to think on this move so the
//! clock never runs out and byoyomi (use it or lose it) is used well.

use crate::clock::MoveClock;
use std::sync::Mutex;
use std::time::Duration;

/// Kept back from every limit for the GUI's and the OS's delays.
pub const OVERHEAD: Duration = Duration::from_millis(50);

/// Kept back as well while the machine's delays are unknown: a search on a
/// machine busy with more than itself (two games at a time on two cores) was
/// seen to stop up to 160 ms after its hard limit (a stop flag read between
/// nodes, threads waiting for a core, the answer written). At most a quarter
/// of the limit, so a short limit keeps most of its time.
const BUSY_MARGIN: Duration = Duration::from_millis(200);

/// The least kept back once the machine is seen to answer on time: a quiet
/// machine stops within a few milliseconds of the hard limit.
const QUIET_MARGIN: Duration = Duration::from_millis(30);

/// Kept back beyond the worst recent delay once that delay passes the busy
/// margin: a machine loaded far past its cores (a reply was seen 830 ms late
/// at a load of 16 on two) must keep back what it was seen to need, since a
/// move that loses on time loses the game.
const LATE_SLACK: Duration = Duration::from_millis(50);

/// How many timed answers are seen before the margin follows them.
const ANSWERS_BEFORE_TRUSTING: usize = 3;

/// How many recent timed answers the margin follows.
const ANSWERS_REMEMBERED: usize = 8;

/// The least time any move gets.
const LEAST: Duration = Duration::from_millis(10);

/// How late the recent searches stopped past their hard limit. The margin
/// kept back follows the worst of them, so that on a quiet machine a move uses
/// its byoyomi to the last tens of milliseconds, and a machine that turns
/// busy widens the margin at once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lateness {
    recent: [Duration; ANSWERS_REMEMBERED],
    seen: usize,
}

impl Lateness {
    pub const fn new() -> Self {
        Lateness {
            recent: [Duration::ZERO; ANSWERS_REMEMBERED],
            seen: 0,
        }
    }

    /// A search took `elapsed` against its hard limit: only one that ran to
    /// the limit says anything about the machine's delays.
    pub fn answered(&mut self, elapsed: Duration, hard: Duration) {
        if elapsed >= hard {
            self.record(elapsed - hard);
        }
    }

    /// A search stopped by its hard limit answered `late` after it.
    fn record(&mut self, late: Duration) {
        self.recent[self.seen % ANSWERS_REMEMBERED] = late;
        self.seen += 1;
    }

    /// What to keep back beyond [`OVERHEAD`]: twice the worst recent delay
    /// and 20 ms, between [`QUIET_MARGIN`] and [`BUSY_MARGIN`], or the worst
    /// delay and [`LATE_SLACK`] where that passes the busy margin; the busy
    /// margin until a few answers have been seen.
    pub fn margin(&self) -> Duration {
        if self.seen < ANSWERS_BEFORE_TRUSTING {
            return BUSY_MARGIN;
        }
        let worst = self.recent.iter().max().copied().unwrap_or_default();
        if worst + LATE_SLACK > BUSY_MARGIN {
            return worst + LATE_SLACK;
        }
        (worst * 2 + Duration::from_millis(20)).clamp(QUIET_MARGIN, BUSY_MARGIN)
    }
}

/// The process's record: the delays are the machine's, whichever search saw them.
static LATENESS: Mutex<Lateness> = Mutex::new(Lateness::new());

fn lateness() -> std::sync::MutexGuard<'static, Lateness> {
    LATENESS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The margin the next move keeps back (see [`Lateness::margin`]).
pub fn margin() -> Duration {
    lateness().margin()
}

/// Notes how long a search took against its hard limit (see [`Lateness::answered`]).
pub fn record_answer(elapsed: Duration, hard: Duration) {
    lateness().answered(elapsed, hard);
}

/// `limit` less what is kept back for delays ([`OVERHEAD`] and `margin`).
/// The margin takes at most a quarter of the limit, so a short limit keeps
/// most of its time, or half of it on a machine seen to answer later than
/// the busy margin.
fn within(limit: Duration, margin: Duration) -> Duration {
    let most = if margin > BUSY_MARGIN {
        limit / 2
    } else {
        limit / 4
    };
    let kept = OVERHEAD + margin.min(most);
    limit.saturating_sub(kept).max(LEAST)
}

/// The (soft, hard) limits: no new iteration after soft, stop at hard.
/// `None` when the clock says nothing (think until told to stop). `margin`
/// is kept back beyond [`OVERHEAD`] (the process's is [`margin`]).
pub fn budget(clock: &MoveClock, margin: Duration) -> Option<(Duration, Duration)> {
    if let Some(movetime) = clock.movetime {
        let hard = within(movetime, margin);
        return Some((hard, hard));
    }
    if clock.remaining.is_none() && clock.byoyomi.is_zero() && clock.increment.is_zero() {
        return None;
    }
    let remaining = clock.remaining.unwrap_or_default();
    // Main time spread over about 30 more moves, plus most of the increment.
    let share = remaining / 30 + clock.increment * 3 / 4;
    // Never more than a third of the main time, plus the byoyomi which is
    // lost anyway if unused (and the increment, which arrives after the move).
    let ceiling = within(remaining / 3 + clock.byoyomi + clock.increment / 2, margin);
    let hard = (share * 3 + clock.byoyomi).min(ceiling).max(LEAST);
    let soft = if clock.byoyomi.is_zero() {
        share.min(hard)
    } else if remaining.is_zero() {
        // Byoyomi alone: what this move does not use is lost, so a new
        // iteration may start until the hard stop (cut there, it still
        // counts when a root move beat the old best in it).
        hard
    } else {
        // Main time left as well: the move's share of it and most of the
        // byoyomi start iterations; the rest of `hard` (more main time) is
        // there to finish one, not to start another.
        (share + clock.byoyomi * 9 / 10).min(hard)
    };
    Some((soft, hard))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byoyomi_alone_is_used_but_never_overrun() {
        let clock = MoveClock {
            byoyomi: Duration::from_millis(1000),
            remaining: Some(Duration::ZERO),
            ..MoveClock::default()
        };
        let (soft, hard) = budget(&clock, BUSY_MARGIN).unwrap_or_default();
        assert_eq!(soft, hard);
        assert_eq!(hard, Duration::from_millis(750));
    }

    #[test]
    fn the_hard_stop_leaves_room_for_a_busy_machine_to_answer_in_time() {
        // A search was seen to answer up to 160 ms after its hard limit on a busy machine.
        let late = Duration::from_millis(160);
        for byoyomi in [1, 2, 5, 10, 30].map(Duration::from_secs) {
            let clock = MoveClock {
                byoyomi,
                remaining: Some(Duration::ZERO),
                ..MoveClock::default()
            };
            let (_, hard) = budget(&clock, BUSY_MARGIN).unwrap_or_default();
            assert!(hard + late + OVERHEAD <= byoyomi, "{byoyomi:?}: {hard:?}");
            assert!(hard >= byoyomi * 3 / 4, "{byoyomi:?}: most of it used");
        }
        let fixed = MoveClock {
            movetime: Some(Duration::from_secs(1)),
            ..MoveClock::default()
        };
        let (_, hard) = budget(&fixed, BUSY_MARGIN).unwrap_or_default();
        assert!(hard + late + OVERHEAD <= Duration::from_secs(1), "{hard:?}");
    }

    #[test]
    fn a_short_limit_keeps_most_of_its_time() {
        let clock = MoveClock {
            movetime: Some(Duration::from_millis(200)),
            ..MoveClock::default()
        };
        let (_, hard) = budget(&clock, BUSY_MARGIN).unwrap_or_default();
        assert_eq!(hard, Duration::from_millis(100));
    }

    #[test]
    fn main_time_left_stops_new_iterations_before_the_hard_limit() {
        let clock = MoveClock {
            byoyomi: Duration::from_millis(1000),
            remaining: Some(Duration::from_secs(60)),
            ..MoveClock::default()
        };
        let (soft, hard) = budget(&clock, BUSY_MARGIN).unwrap_or_default();
        assert!(soft < hard);
        assert!(hard >= Duration::from_millis(1000));
    }

    #[test]
    fn sudden_death_keeps_most_of_the_clock() {
        let clock = MoveClock {
            remaining: Some(Duration::from_secs(60)),
            ..MoveClock::default()
        };
        let (_, hard) = budget(&clock, BUSY_MARGIN).unwrap_or_default();
        assert!(hard <= Duration::from_secs(20));
    }

    #[test]
    fn no_clock_means_think_until_stopped() {
        assert_eq!(budget(&MoveClock::default(), BUSY_MARGIN), None);
    }

    fn byoyomi_alone(millis: u64) -> MoveClock {
        MoveClock {
            byoyomi: Duration::from_millis(millis),
            remaining: Some(Duration::ZERO),
            ..MoveClock::default()
        }
    }

    #[test]
    fn the_busy_margin_holds_until_the_machine_is_seen_to_answer_in_time() {
        let mut lateness = Lateness::new();
        assert_eq!(lateness.margin(), BUSY_MARGIN);
        lateness.record(Duration::from_millis(1));
        lateness.record(Duration::from_millis(2));
        assert_eq!(lateness.margin(), BUSY_MARGIN);
        lateness.record(Duration::from_millis(1));
        assert_eq!(lateness.margin(), QUIET_MARGIN);
        let (_, hard) = budget(&byoyomi_alone(1000), lateness.margin()).unwrap_or_default();
        assert_eq!(hard, Duration::from_millis(920));
    }

    #[test]
    fn a_late_answer_widens_the_margin_until_it_is_forgotten() {
        let mut lateness = Lateness::new();
        for _ in 0..ANSWERS_REMEMBERED {
            lateness.record(Duration::from_millis(2));
        }
        lateness.record(Duration::from_millis(60));
        assert_eq!(lateness.margin(), Duration::from_millis(140));
        lateness.record(Duration::from_millis(150));
        assert_eq!(lateness.margin(), BUSY_MARGIN);
        for _ in 0..ANSWERS_REMEMBERED {
            lateness.record(Duration::from_millis(5));
        }
        assert_eq!(lateness.margin(), QUIET_MARGIN);
    }

    #[test]
    fn a_machine_far_slower_than_the_busy_margin_keeps_back_what_it_needed() {
        let mut lateness = Lateness::new();
        for late in [10, 830, 20] {
            lateness.record(Duration::from_millis(late));
        }
        assert_eq!(lateness.margin(), Duration::from_millis(880));
        // Half of a 1 s byoyomi is kept back: the 830 ms delay seen would
        // still overrun a quarter.
        let (_, hard) = budget(&byoyomi_alone(1000), lateness.margin()).unwrap_or_default();
        assert_eq!(hard, Duration::from_millis(450));
        // A long byoyomi keeps back the whole delay and its slack.
        let (_, hard) = budget(&byoyomi_alone(10_000), lateness.margin()).unwrap_or_default();
        assert_eq!(hard, Duration::from_millis(10_000 - 50 - 880));
        assert!(hard + Duration::from_millis(830) + OVERHEAD <= Duration::from_secs(10));
    }

    #[test]
    fn the_margin_is_never_more_than_a_quarter_of_a_short_limit() {
        let (_, hard) = budget(&byoyomi_alone(200), QUIET_MARGIN).unwrap_or_default();
        assert_eq!(hard, Duration::from_millis(120));
    }

    #[test]
    fn only_a_search_that_ran_to_its_limit_is_counted() {
        let mut lateness = Lateness::new();
        let hard = Duration::from_millis(900);
        for elapsed in [100, 899, 905, 903, 902] {
            lateness.answered(Duration::from_millis(elapsed), hard);
        }
        assert_eq!(lateness.seen, 3);
        assert_eq!(lateness.margin(), Duration::from_millis(30));
    }
}
