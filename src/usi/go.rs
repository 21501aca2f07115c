//! Parsing the arguments of `go`.

use crate::clock::MoveClock;
use crate::rules::Color;
use std::fmt;
use std::time::Duration;

/// What `go` asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoCommand {
    pub btime: Option<Duration>,
    pub wtime: Option<Duration>,
    pub binc: Duration,
    pub winc: Duration,
    pub byoyomi: Duration,
    pub movetime: Option<Duration>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub infinite: bool,
    pub ponder: bool,
    /// `go mate <ms>` / `go mate infinite`: `Some(None)` is infinite.
    pub mate: Option<Option<Duration>>,
    /// `go perft <depth>`.
    pub perft: Option<u32>,
}

/// Why `go` could not be understood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoError {
    MissingValue(&'static str),
    BadNumber {
        keyword: &'static str,
        value: String,
    },
    Unknown(String),
    PerftDepth(String),
}

impl fmt::Display for GoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoError::MissingValue(keyword) => write!(f, "go: '{keyword}' needs a number after it"),
            GoError::BadNumber { keyword, value } => {
                write!(f, "go: '{value}' after '{keyword}' is not a whole number")
            }
            GoError::Unknown(word) => write!(
                f,
                "go: unknown argument '{word}' (known: btime wtime binc winc byoyomi movetime \
                 depth nodes infinite ponder mate perft)"
            ),
            GoError::PerftDepth(value) => {
                write!(f, "go perft: '{value}' is not a depth from 1 to 12")
            }
        }
    }
}

impl std::error::Error for GoError {}

const KEYWORDS: [&str; 10] = [
    "btime", "wtime", "binc", "winc", "byoyomi", "movetime", "depth", "nodes", "mate", "perft",
];

fn number(keyword: &str, value: Option<&str>) -> Result<u64, GoError> {
    let keyword = KEYWORDS.into_iter().find(|k| *k == keyword).unwrap_or("go");
    let value = value.ok_or(GoError::MissingValue(keyword))?;
    value.parse::<u64>().map_err(|_| GoError::BadNumber {
        keyword,
        value: value.to_string(),
    })
}

/// Longest time taken from a `go` line (about eleven days): more would only
/// overflow the time arithmetic.
const MAX_MILLIS: u64 = 1_000_000_000;

fn millis(keyword: &str, value: Option<&str>) -> Result<Duration, GoError> {
    number(keyword, value).map(|ms| Duration::from_millis(ms.min(MAX_MILLIS)))
}

impl GoCommand {
    pub fn parse(args: &str) -> Result<GoCommand, GoError> {
        let mut go = GoCommand::default();
        let mut words = args.split_whitespace();
        while let Some(word) = words.next() {
            match word {
                "btime" => go.btime = Some(millis(word, words.next())?),
                "wtime" => go.wtime = Some(millis(word, words.next())?),
                "binc" => go.binc = millis(word, words.next())?,
                "winc" => go.winc = millis(word, words.next())?,
                "byoyomi" => go.byoyomi = millis(word, words.next())?,
                "movetime" => go.movetime = Some(millis(word, words.next())?),
                "depth" => {
                    go.depth = Some(number(word, words.next())?.clamp(1, 64) as u32);
                }
                "nodes" => go.nodes = Some(number(word, words.next())?),
                "infinite" => go.infinite = true,
                "ponder" => go.ponder = true,
                "mate" => {
                    go.mate = Some(match words.next() {
                        None | Some("infinite") => None,
                        Some(value) => Some(millis(word, Some(value))?),
                    });
                }
                "perft" => {
                    let value = words.next().ok_or(GoError::MissingValue("perft"))?;
                    match value.parse::<u32>() {
                        Ok(depth) if (1..=12).contains(&depth) => go.perft = Some(depth),
                        _ => return Err(GoError::PerftDepth(value.to_string())),
                    }
                }
                other => return Err(GoError::Unknown(other.to_string())),
            }
        }
        Ok(go)
    }

    /// The clock of the side to move.
    pub fn clock(&self, side: Color) -> MoveClock {
        let (remaining, increment) = match side {
            Color::Sente => (self.btime, self.binc),
            Color::Gote => (self.wtime, self.winc),
        };
        MoveClock {
            remaining,
            increment,
            byoyomi: self.byoyomi,
            movetime: self.movetime,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_byoyomi_clock() {
        let go = GoCommand::parse("btime 0 wtime 0 byoyomi 1000").unwrap_or_default();
        assert_eq!(go.byoyomi, Duration::from_millis(1000));
        assert_eq!(go.btime, Some(Duration::ZERO));
    }

    #[test]
    fn rejects_a_word_it_does_not_know() {
        assert!(matches!(
            GoCommand::parse("depth 3 fast"),
            Err(GoError::Unknown(_))
        ));
    }

    #[test]
    fn rejects_a_missing_number() {
        assert_eq!(
            GoCommand::parse("btime"),
            Err(GoError::MissingValue("btime"))
        );
    }

    #[test]
    fn huge_times_are_capped() {
        let go = GoCommand::parse("btime 18446744073709551615 binc 18446744073709551615")
            .unwrap_or_default();
        let clock = go.clock(Color::Sente);
        assert!(crate::engine::time::budget(&clock, crate::engine::time::margin()).is_some());
    }

    #[test]
    fn mate_without_time_is_infinite() {
        let go = GoCommand::parse("mate infinite").unwrap_or_default();
        assert_eq!(go.mate, Some(None));
    }
}
