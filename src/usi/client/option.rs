//! The options an engine declares (`option name … type …`), and the values
//! a player may give them.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OptionKind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Check {
        default: bool,
    },
    Combo {
        default: String,
        choices: Vec<String>,
    },
    String {
        default: String,
    },
    Filename {
        default: String,
    },
    Button,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineOption {
    pub name: String,
    pub kind: OptionKind,
}

/// USI writes an empty string default as `<empty>`.
const EMPTY: &str = "<empty>";

impl EngineOption {
    /// Reads an `option` line; `None` for a line that declares nothing
    /// usable (no name, an unknown type, a spin without numbers).
    pub fn parse(line: &str) -> Option<EngineOption> {
        let mut words: Vec<&str> = line.split_whitespace().collect();
        if words.first() != Some(&"option") {
            return None;
        }
        words.remove(0);
        let field = |key: &str| -> Option<String> {
            let at = words.iter().position(|w| *w == key)?;
            let value: Vec<&str> = words[at + 1..]
                .iter()
                .take_while(|w| !KEYS.contains(w))
                .copied()
                .collect();
            Some(value.join(" "))
        };
        let name = field("name").filter(|n| !n.is_empty())?;
        let default = field("default").unwrap_or_default();
        let default = if default == EMPTY {
            String::new()
        } else {
            default
        };
        let kind = match field("type")?.as_str() {
            "spin" => OptionKind::Spin {
                default: default.parse().ok()?,
                min: field("min")?.parse().ok()?,
                max: field("max")?.parse().ok()?,
            },
            "check" => OptionKind::Check {
                default: default == "true",
            },
            "combo" => OptionKind::Combo {
                default,
                choices: vars(&words),
            },
            "string" => OptionKind::String { default },
            "filename" => OptionKind::Filename { default },
            "button" => OptionKind::Button,
            _ => return None,
        };
        Some(EngineOption { name, kind })
    }

    /// The value the engine starts with, as `setoption` would write it;
    /// `None` for a button.
    pub fn default_value(&self) -> Option<String> {
        match &self.kind {
            OptionKind::Spin { default, .. } => Some(default.to_string()),
            OptionKind::Check { default } => Some(default.to_string()),
            OptionKind::Combo { default, .. }
            | OptionKind::String { default }
            | OptionKind::Filename { default } => Some(default.clone()),
            OptionKind::Button => None,
        }
    }

    /// Whether `value` is one this option takes (a spin in its range, a
    /// check `true` or `false`, one of a combo's choices).
    pub fn accepts(&self, value: &str) -> bool {
        match &self.kind {
            OptionKind::Spin { min, max, .. } => value
                .parse::<i64>()
                .is_ok_and(|v| (*min..=*max).contains(&v)),
            OptionKind::Check { .. } => value == "true" || value == "false",
            OptionKind::Combo { choices, .. } => choices.iter().any(|c| c == value),
            OptionKind::String { .. } | OptionKind::Filename { .. } => !value.contains('\n'),
            OptionKind::Button => value.is_empty(),
        }
    }

    /// The `setoption` line that gives it `value` (a button is pressed).
    pub fn setoption(&self, value: &str) -> String {
        match &self.kind {
            OptionKind::Button => format!("setoption name {}", self.name),
            OptionKind::String { .. } | OptionKind::Filename { .. } if value.is_empty() => {
                format!("setoption name {} value {EMPTY}", self.name)
            }
            _ => format!("setoption name {} value {value}", self.name),
        }
    }
}

const KEYS: [&str; 6] = ["name", "type", "default", "min", "max", "var"];

/// A combo's choices: each `var` and the words after it.
fn vars(words: &[&str]) -> Vec<String> {
    let mut choices = Vec::new();
    let mut at = 0;
    while at < words.len() {
        if words[at] == "var" {
            let value: Vec<&str> = words[at + 1..]
                .iter()
                .take_while(|w| !KEYS.contains(w))
                .copied()
                .collect();
            at += 1 + value.len();
            choices.push(value.join(" "));
        } else {
            at += 1;
        }
    }
    choices
}
