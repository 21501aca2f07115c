//! The `go` line each move, and the clocks when the match keeps them.

use crate::rules::{ByColor, Color};
use std::time::Duration;

/// How long each move may take, as the match asks for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControl {
    Byoyomi(u64),
    Movetime(u64),
    Nodes(u64),
    Depth(u32),
    /// Main time each, then byoyomi or a Fischer increment (milliseconds).
    Clock {
        main: u64,
        byoyomi: u64,
        inc: u64,
    },
}

/// What each side has left and what the next `go` says.
#[derive(Clone, Debug)]
pub struct Clocks {
    pub time: TimeControl,
    /// Main time left, in milliseconds.
    pub remaining: ByColor<u64>,
}

impl Clocks {
    pub fn new(time: &TimeControl) -> Clocks {
        let main = match time {
            TimeControl::Clock { main, .. } => *main,
            _ => 0,
        };
        Clocks {
            time: time.clone(),
            remaining: ByColor::new(main, main),
        }
    }

    pub fn go_line(&self) -> String {
        let ByColor([btime, wtime]) = self.remaining;
        match self.time {
            TimeControl::Byoyomi(ms) => format!("go btime 0 wtime 0 byoyomi {ms}"),
            TimeControl::Movetime(ms) => format!("go movetime {ms}"),
            TimeControl::Nodes(n) => format!("go nodes {n}"),
            TimeControl::Depth(d) => format!("go depth {d}"),
            TimeControl::Clock {
                inc: 0, byoyomi, ..
            } => {
                format!("go btime {btime} wtime {wtime} byoyomi {byoyomi}")
            }
            TimeControl::Clock { inc, .. } => {
                format!("go btime {btime} wtime {wtime} binc {inc} winc {inc}")
            }
        }
    }

    /// The time `side` may use before a time loss, without the margin;
    /// `None` for a search bounded by nodes or depth.
    pub fn allowed(&self, side: Color) -> Option<Duration> {
        let ms = match self.time {
            TimeControl::Byoyomi(ms) | TimeControl::Movetime(ms) => ms,
            TimeControl::Nodes(_) | TimeControl::Depth(_) => return None,
            TimeControl::Clock { byoyomi, inc, .. } => self.remaining[side] + byoyomi + inc,
        };
        Some(Duration::from_millis(ms))
    }

    /// Charges `side` for a move that took `elapsed`: main time first, then
    /// byoyomi, which does not carry over; an increment comes after the move.
    pub fn charge(&mut self, side: Color, elapsed: Duration) {
        if let TimeControl::Clock { inc, .. } = self.time {
            let left = &mut self.remaining[side];
            let used = u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
            *left = left.saturating_sub(used) + inc;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_allows_main_time_and_byoyomi_then_charges_main_time() {
        let time = TimeControl::Clock {
            main: 1000,
            byoyomi: 500,
            inc: 0,
        };
        let mut clocks = Clocks::new(&time);
        assert_eq!(clocks.go_line(), "go btime 1000 wtime 1000 byoyomi 500");
        assert_eq!(
            clocks.allowed(Color::Sente),
            Some(Duration::from_millis(1500))
        );
        clocks.charge(Color::Sente, Duration::from_millis(1200));
        assert_eq!(clocks.go_line(), "go btime 0 wtime 1000 byoyomi 500");
        assert_eq!(
            clocks.allowed(Color::Sente),
            Some(Duration::from_millis(500))
        );
        let fischer = TimeControl::Clock {
            main: 1000,
            byoyomi: 0,
            inc: 100,
        };
        let mut clocks = Clocks::new(&fischer);
        clocks.charge(Color::Gote, Duration::from_millis(300));
        assert_eq!(
            clocks.go_line(),
            "go btime 1000 wtime 800 binc 100 winc 100"
        );
        assert_eq!(
            Clocks::new(&TimeControl::Nodes(5)).allowed(Color::Sente),
            None
        );
    }
}
