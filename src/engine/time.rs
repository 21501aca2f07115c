//! Time management for the USI front: how long to think on this move so the
//! clock never runs out and byoyomi (use it or lose it) is used well.

use std::time::Duration;

/// What the GUI said about the clocks in `go`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Main time left for the side to move.
    pub remaining: Option<Duration>,
    pub increment: Duration,
    pub byoyomi: Duration,
    /// A fixed time for this move.
    pub movetime: Option<Duration>,
}

/// Kept back from every limit for the GUI's and the OS's delays.
pub const OVERHEAD: Duration = Duration::from_millis(50);

/// The (soft, hard) limits: no new iteration after soft, stop at hard.
/// `None` when the clock says nothing (think until told to stop).
pub fn budget(clock: &Clock) -> Option<(Duration, Duration)> {
    if let Some(movetime) = clock.movetime {
        let hard = movetime
            .saturating_sub(OVERHEAD)
            .max(Duration::from_millis(10));
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
    let ceiling = (remaining / 3 + clock.byoyomi + clock.increment / 2)
        .saturating_sub(OVERHEAD)
        .max(Duration::from_millis(10));
    let hard = (share * 3 + clock.byoyomi)
        .min(ceiling)
        .max(Duration::from_millis(10));
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
        let clock = Clock {
            byoyomi: Duration::from_millis(1000),
            remaining: Some(Duration::ZERO),
            ..Clock::default()
        };
        let (soft, hard) = budget(&clock).unwrap_or_default();
        assert_eq!(soft, hard);
        assert!(hard >= Duration::from_millis(900));
        assert!(hard < Duration::from_millis(1000));
    }

    #[test]
    fn main_time_left_stops_new_iterations_before_the_hard_limit() {
        let clock = Clock {
            byoyomi: Duration::from_millis(1000),
            remaining: Some(Duration::from_secs(60)),
            ..Clock::default()
        };
        let (soft, hard) = budget(&clock).unwrap_or_default();
        assert!(soft < hard);
        assert!(hard >= Duration::from_millis(1000));
    }

    #[test]
    fn sudden_death_keeps_most_of_the_clock() {
        let clock = Clock {
            remaining: Some(Duration::from_secs(60)),
            ..Clock::default()
        };
        let (_, hard) = budget(&clock).unwrap_or_default();
        assert!(hard <= Duration::from_secs(20));
    }

    #[test]
    fn no_clock_means_think_until_stopped() {
        assert_eq!(budget(&Clock::default()), None);
    }
}
