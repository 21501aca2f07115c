//! The engine's USI options and `setoption`.

use crate::engine::nnue::Choice;
use crate::engine::{ImpasseRule, Level};
use std::fmt;

/// The USI `Level` option: the app's three levels, plus `Max` (Hard with no
/// cap on its thinking time: the clock alone decides).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UsiLevel {
    Level(Level),
    Max,
}

impl UsiLevel {
    pub fn parse(text: &str) -> Option<UsiLevel> {
        if text.eq_ignore_ascii_case("Max") {
            Some(UsiLevel::Max)
        } else {
            Level::from_name(text).map(UsiLevel::Level)
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub hash_mb: usize,
    pub level: UsiLevel,
    pub ponder: bool,
    /// Which impasse rule `bestmove win` follows. Other GUIs judge a
    /// declaration by the CSA 27-point rule, so that is the default; the
    /// app's own 24-point rule can be chosen.
    pub entering_king_rule: ImpasseRule,
    /// Search threads for Level Hard and Max (Easy and Normal use one).
    pub threads: usize,
    /// How many of the best moves each search reports (`info ... multipv i`).
    pub multi_pv: usize,
    /// Whether Level Hard and Max open from the opening book.
    pub own_book: bool,
}

pub const DEFAULT_HASH_MB: usize = 64;
pub const MAX_HASH_MB: usize = 4096;
/// More threads than any machine this runs on has cores; beyond the cores
/// a thread only takes time from the others.
pub const MAX_THREADS: usize = 256;
/// Lines beyond this would only slow the search down for a GUI to list.
pub const MAX_MULTI_PV: usize = 16;

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mb: DEFAULT_HASH_MB,
            level: UsiLevel::Max,
            ponder: false,
            entering_king_rule: ImpasseRule::CsaRule27,
            threads: 1,
            multi_pv: 1,
            own_book: true,
        }
    }
}

/// The `option` lines `usi` answers with.
pub fn declarations() -> Vec<String> {
    vec![
        format!("option name USI_Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
        "option name USI_Ponder type check default false".to_string(),
        "option name USI_OwnBook type check default true".to_string(),
        "option name Level type combo default Max var Easy var Normal var Hard var Max".to_string(),
        "option name EnteringKingRule type combo default CSARule27 var CSARule27 var Point24"
            .to_string(),
        format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
        format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTI_PV}"),
        "option name EvalFile type filename default builtin".to_string(),
    ]
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    Syntax(String),
    UnknownName(String),
    BadValue {
        name: String,
        value: String,
        expected: &'static str,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Syntax(text) => write!(
                f,
                "setoption: expected 'setoption name <name> value <value>', got '{text}'"
            ),
            OptionError::UnknownName(name) => write!(
                f,
                "setoption: no option named '{name}' (options: USI_Hash, USI_Ponder, USI_OwnBook, Level, EnteringKingRule, Threads, MultiPV, EvalFile)"
            ),
            OptionError::BadValue {
                name,
                value,
                expected,
            } => write!(f, "setoption {name}: '{value}' is not {expected}"),
        }
    }
}

impl std::error::Error for OptionError {}

impl Options {
    /// Applies the arguments of one `setoption` line.
    pub fn set(&mut self, args: &str) -> Result<(), OptionError> {
        let rest = args
            .strip_prefix("name")
            .ok_or_else(|| OptionError::Syntax(args.to_string()))?
            .trim();
        let (name, value) = match rest.split_once(" value") {
            Some((name, value)) => (name.trim(), value.trim()),
            None => (rest, ""),
        };
        let bad = |expected| OptionError::BadValue {
            name: name.to_string(),
            value: value.to_string(),
            expected,
        };
        match name {
            "USI_Hash" | "Hash" => {
                self.hash_mb = count_up_to(value, MAX_HASH_MB)
                    .ok_or_else(|| bad("a size in MB from 1 to 4096"))?;
            }
            "USI_Ponder" => self.ponder = check(value).ok_or_else(|| bad("true or false"))?,
            "USI_OwnBook" => self.own_book = check(value).ok_or_else(|| bad("true or false"))?,
            "Level" => {
                self.level =
                    UsiLevel::parse(value).ok_or_else(|| bad("Easy, Normal, Hard or Max"))?;
            }
            "EnteringKingRule" => {
                self.entering_king_rule = match value {
                    "CSARule27" => ImpasseRule::CsaRule27,
                    "Point24" => ImpasseRule::Point24,
                    _ => return Err(bad("CSARule27 or Point24")),
                };
            }
            "Threads" => {
                self.threads = count_up_to(value, MAX_THREADS)
                    .ok_or_else(|| bad("a number of threads from 1 to 256"))?;
            }
            "MultiPV" => {
                self.multi_pv = count_up_to(value, MAX_MULTI_PV)
                    .ok_or_else(|| bad("a number of lines from 1 to 16"))?;
            }
            "EvalFile" => crate::engine::nnue::install(Choice::named(value).map_err(|_| {
                bad("builtin, linear, or a komadai network file (KNN1) that can be read")
            })?),
            "" => return Err(OptionError::Syntax(args.to_string())),
            other => return Err(OptionError::UnknownName(other.to_string())),
        }
        Ok(())
    }
}

/// A `check` option's value.
fn check(value: &str) -> Option<bool> {
    match value {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

/// The whole number `value` names, if it is from 1 to `max`.
fn count_up_to(value: &str, max: usize) -> Option<usize> {
    value.parse().ok().filter(|n| (1..=max).contains(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_hash_and_level() {
        let mut options = Options::default();
        assert_eq!(options.set("name USI_Hash value 16"), Ok(()));
        assert_eq!(options.set("name Level value Easy"), Ok(()));
        assert_eq!(options.hash_mb, 16);
        assert_eq!(options.level, UsiLevel::Level(Level::Easy));
    }

    #[test]
    fn entering_king_rule_defaults_to_csa_27_points() {
        let mut options = Options::default();
        assert_eq!(options.entering_king_rule, ImpasseRule::CsaRule27);
        assert_eq!(options.set("name EnteringKingRule value Point24"), Ok(()));
        assert_eq!(options.entering_king_rule, ImpasseRule::Point24);
        assert!(options.set("name EnteringKingRule value 25").is_err());
        assert_eq!(options.entering_king_rule, ImpasseRule::Point24);
    }

    #[test]
    fn threads_take_a_count_from_one_to_the_maximum() {
        let mut options = Options::default();
        assert_eq!(options.threads, 1);
        assert_eq!(options.set("name Threads value 4"), Ok(()));
        assert_eq!(options.threads, 4);
        for bad in ["0", "257", "-1", "two", ""] {
            let err = options.set(&format!("name Threads value {bad}"));
            assert!(err.is_err(), "{bad}");
        }
        assert_eq!(options.threads, 4);
    }

    #[test]
    fn multi_pv_takes_1_to_16_lines_and_keeps_its_value_on_a_bad_one() {
        let mut options = Options::default();
        assert_eq!(options.multi_pv, 1);
        assert_eq!(options.set("name MultiPV value 3"), Ok(()));
        assert_eq!(options.multi_pv, 3);
        for bad in ["0", "17", "-1", "three", ""] {
            let err = options.set(&format!("name MultiPV value {bad}"));
            assert!(
                err.as_ref()
                    .is_err_and(|e| e.to_string().contains("from 1 to 16")),
                "{bad}: {err:?}"
            );
        }
        assert_eq!(options.multi_pv, 3);
    }

    #[test]
    fn rejects_an_unknown_level() {
        let mut options = Options::default();
        assert!(options.set("name Level value Godlike").is_err());
        assert_eq!(options.level, UsiLevel::Max);
    }
}
