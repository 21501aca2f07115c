//! Time management for the USI front: how long to think on this move so the
//! clock never runs out and byoyomi (use it or lose it) is used well.

use crate::clock::MoveClock;
use std::time::Duration;

/// Kept back from every limit for the GUI's and the OS's delays.
pub const OVERHEAD: Duration = Duration::from_millis(50);

/// Kept back as well for a machine busy with more than the search: two games at a time on
/// two cores, the search stopped up to 160 ms after its hard limit (a stop flag read between
/// nodes, threads waiting for a core, the answer written). At most a quarter of the limit,
/// so a short limit keeps most of its time.
const BUSY_MARGIN: Duration = Duration::from_millis(200);

/// The least time any move gets.
const LEAST: Duration = Duration::from_millis(10);

/// `limit` less what is kept back for delays ([`OVERHEAD`] and [`BUSY_MARGIN`]).
fn within(limit: Duration) -> Duration {
    let kept = OVERHEAD + BUSY_MARGIN.min(limit / 4);
    limit.saturating_sub(kept).max(LEAST)
}

/// The (soft, hard) limits: no new iteration after soft, stop at hard.
/// `None` when the clock says nothing (think until told to stop).
pub fn budget(clock: &MoveClock) -> Option<(Duration, Duration)> {
    if let Some(movetime) = clock.movetime {
        let hard = within(movetime);
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
    let ceiling = within(remaining / 3 + clock.byoyomi + clock.increment / 2);
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
        let (soft, hard) = budget(&clock).unwrap_or_default();
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
            let (_, hard) = budget(&clock).unwrap_or_default();
            assert!(hard + late + OVERHEAD <= byoyomi, "{byoyomi:?}: {hard:?}");
            assert!(hard >= byoyomi * 3 / 4, "{byoyomi:?}: most of it used");
        }
        let fixed = MoveClock {
            movetime: Some(Duration::from_secs(1)),
            ..MoveClock::default()
        };
        let (_, hard) = budget(&fixed).unwrap_or_default();
        assert!(hard + late + OVERHEAD <= Duration::from_secs(1), "{hard:?}");
    }

    #[test]
    fn a_short_limit_keeps_most_of_its_time() {
        let clock = MoveClock {
            movetime: Some(Duration::from_millis(200)),
            ..MoveClock::default()
        };
        let (_, hard) = budget(&clock).unwrap_or_default();
        assert_eq!(hard, Duration::from_millis(100));
    }

    #[test]
    fn main_time_left_stops_new_iterations_before_the_hard_limit() {
        let clock = MoveClock {
            byoyomi: Duration::from_millis(1000),
            remaining: Some(Duration::from_secs(60)),
            ..MoveClock::default()
        };
        let (soft, hard) = budget(&clock).unwrap_or_default();
        assert!(soft < hard);
        assert!(hard >= Duration::from_millis(1000));
    }

    #[test]
    fn sudden_death_keeps_most_of_the_clock() {
        let clock = MoveClock {
            remaining: Some(Duration::from_secs(60)),
            ..MoveClock::default()
        };
        let (_, hard) = budget(&clock).unwrap_or_default();
        assert!(hard <= Duration::from_secs(20));
    }

    #[test]
    fn no_clock_means_think_until_stopped() {
        assert_eq!(budget(&MoveClock::default()), None);
    }
}
