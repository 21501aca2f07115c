//! The clock as the side about to move sees it: what the engine's time manager
//! plans the move's thinking time from.

use std::time::Duration;

/// The time the side to move has, as a GUI's `go` gives it or as the game clock
/// stands ([`super::GameClock::for_engine`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveClock {
    /// Main time left for the side to move.
    pub remaining: Option<Duration>,
    pub increment: Duration,
    pub byoyomi: Duration,
    /// A fixed time for this move.
    pub movetime: Option<Duration>,
}
