//! Time controls: how much time a side has, chosen before the game.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// One side's time control.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TimeControl {
    /// No clock: the time each move took is still measured, never limited.
    #[default]
    Unlimited,
    /// Main time, then `period` for every move (use it or lose it): the shogi way.
    Byoyomi { main: Duration, period: Duration },
    /// Main time, and `increment` added after every move.
    Fischer { main: Duration, increment: Duration },
    /// Main time for the whole game.
    SuddenDeath { main: Duration },
}

impl TimeControl {
    /// The time for the whole game, before any byoyomi.
    pub fn main(self) -> Duration {
        match self {
            TimeControl::Unlimited => Duration::ZERO,
            TimeControl::Byoyomi { main, .. }
            | TimeControl::Fischer { main, .. }
            | TimeControl::SuddenDeath { main } => main,
        }
    }

    /// The byoyomi period (zero without one).
    pub fn period(self) -> Duration {
        match self {
            TimeControl::Byoyomi { period, .. } => period,
            _ => Duration::ZERO,
        }
    }

    /// The Fischer increment (zero without one).
    pub fn increment(self) -> Duration {
        match self {
            TimeControl::Fischer { increment, .. } => increment,
            _ => Duration::ZERO,
        }
    }

    pub fn is_limited(self) -> bool {
        self != TimeControl::Unlimited
    }

    /// The kind of control, without its times: what a form's first choice sets.
    pub fn kind(self) -> ControlKind {
        match self {
            TimeControl::Unlimited => ControlKind::Unlimited,
            TimeControl::Byoyomi { .. } => ControlKind::Byoyomi,
            TimeControl::Fischer { .. } => ControlKind::Fischer,
            TimeControl::SuddenDeath { .. } => ControlKind::SuddenDeath,
        }
    }

    /// A control of `kind` with `main` and `extra` (the byoyomi period or the
    /// increment; ignored by the kinds without one).
    pub fn of_kind(kind: ControlKind, main: Duration, extra: Duration) -> TimeControl {
        match kind {
            ControlKind::Unlimited => TimeControl::Unlimited,
            ControlKind::Byoyomi => TimeControl::Byoyomi {
                main,
                period: extra,
            },
            ControlKind::Fischer => TimeControl::Fischer {
                main,
                increment: extra,
            },
            ControlKind::SuddenDeath => TimeControl::SuddenDeath { main },
        }
    }

    /// Whether a side could ever make a move: some time to start with.
    pub fn is_playable(self) -> bool {
        match self {
            TimeControl::Unlimited => true,
            TimeControl::Byoyomi { main, period } => !(main + period).is_zero(),
            TimeControl::Fischer { main, .. } | TimeControl::SuddenDeath { main } => {
                !main.is_zero()
            }
        }
    }
}

/// The kinds of time control, for a form to choose from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ControlKind {
    Unlimited,
    Byoyomi,
    Fischer,
    SuddenDeath,
}

impl ControlKind {
    pub const ALL: [ControlKind; 4] = [
        ControlKind::Unlimited,
        ControlKind::Byoyomi,
        ControlKind::Fischer,
        ControlKind::SuddenDeath,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            ControlKind::Unlimited => "No clock",
            ControlKind::Byoyomi => "Byoyomi",
            ControlKind::Fischer => "Increment",
            ControlKind::SuddenDeath => "Sudden death",
        }
    }
}

/// "10 min + 30 s byoyomi", "5 min + 5 s a move", "3 min", "no clock".
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Unlimited => f.write_str("no clock"),
            TimeControl::Byoyomi { main, period } => {
                write!(f, "{} + {} byoyomi", span(main), span(period))
            }
            TimeControl::Fischer { main, increment } => {
                write!(f, "{} + {} a move", span(main), span(increment))
            }
            TimeControl::SuddenDeath { main } => write!(f, "{} sudden death", span(main)),
        }
    }
}

/// `10 min`, `30 s`, `1 min 30 s`.
fn span(time: Duration) -> String {
    let secs = time.as_secs();
    match (secs / 60, secs % 60) {
        (0, s) => format!("{s} s"),
        (m, 0) => format!("{m} min"),
        (m, s) => format!("{m} min {s} s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_describe_themselves_as_players_say_them() {
        let byoyomi = TimeControl::Byoyomi {
            main: Duration::from_secs(600),
            period: Duration::from_secs(30),
        };
        assert_eq!(byoyomi.to_string(), "10 min + 30 s byoyomi");
        let fischer = TimeControl::of_kind(
            ControlKind::Fischer,
            Duration::from_secs(90),
            Duration::from_secs(5),
        );
        assert_eq!(fischer.to_string(), "1 min 30 s + 5 s a move");
        assert_eq!(TimeControl::Unlimited.to_string(), "no clock");
    }

    #[test]
    fn a_control_without_any_time_is_not_playable() {
        let none = TimeControl::SuddenDeath {
            main: Duration::ZERO,
        };
        assert!(!none.is_playable());
        let byoyomi_only = TimeControl::Byoyomi {
            main: Duration::ZERO,
            period: Duration::from_secs(10),
        };
        assert!(byoyomi_only.is_playable());
    }
}
