//! The USI engines the player has added, their option values, and which of them plays
//! each role (the AI opponent, the hints, live analysis, the review); kept in the settings.
//!
//! Read leniently: an entry that cannot be used (no program, a broken option list) is left
//! out, a value its option does not take falls back to the engine's default, and a role
//! naming an engine that is not there goes back to the built-in engine. A damaged engine
//! list never costs the player the rest of the settings.

use crate::usi::client::{EngineId, EngineOption, EngineSetup, Launch, OptionKind, Timeouts};
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// What a button option's stored value says: press it when the engine starts.
pub const PRESS: &str = "press";

/// One engine the player added.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineEntry {
    /// Names it in the roles; never reused within a list.
    pub id: u32,
    /// The program file, started without arguments.
    pub program: PathBuf,
    /// Its `id name`, or the program's file name when it gave none.
    pub name: String,
    #[serde(default)]
    pub author: String,
    /// The options it declared when it was added.
    #[serde(default)]
    pub options: Vec<EngineOption>,
    /// The player's values, by option name; an option not here keeps the engine's default.
    #[serde(default)]
    pub values: BTreeMap<String, String>,
}

impl EngineEntry {
    /// An entry for `program` from what it said of itself.
    pub fn from_id(id: u32, program: PathBuf, engine: EngineId) -> EngineEntry {
        let name = engine
            .name
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| file_name(&program));
        EngineEntry {
            id,
            program,
            name,
            author: engine.author.unwrap_or_default(),
            options: engine.options,
            values: BTreeMap::new(),
        }
    }

    /// The value an option has now: the player's, or the engine's default.
    pub fn value(&self, option: &EngineOption) -> Option<String> {
        self.values
            .get(&option.name)
            .cloned()
            .or_else(|| option.default_value())
    }

    /// How to start it: its program, the player's values sent after the handshake (a
    /// button the player marked is pressed).
    pub fn setup(&self, timeouts: Timeouts) -> EngineSetup {
        let options = self
            .options
            .iter()
            .filter_map(|option| {
                let value = self.values.get(&option.name)?;
                match option.kind {
                    OptionKind::Button => (value == PRESS).then(|| (option.name.clone(), None)),
                    _ => Some((option.name.clone(), Some(value.clone()))),
                }
            })
            .collect();
        EngineSetup {
            launch: Launch::Program(vec![self.program.to_string_lossy().into_owned()]),
            options,
            timeouts,
        }
    }

    /// Drops the values its options do not take (so a hand-edited file cannot send an
    /// engine a value it refuses).
    fn clean(mut self) -> EngineEntry {
        let options = self.options.clone();
        self.values.retain(|name, value| {
            options.iter().any(|o| {
                &o.name == name
                    && match o.kind {
                        OptionKind::Button => value == PRESS,
                        _ => o.accepts(value),
                    }
            })
        });
        self
    }
}

/// The program's file name, for an engine that does not name itself.
pub fn file_name(program: &Path) -> String {
    program.file_name().map_or_else(
        || program.to_string_lossy().into_owned(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// What an engine can be asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EngineRole {
    /// The AI the player plays against.
    Opponent,
    Hints,
    /// Live analysis (検討).
    Analysis,
    /// The review of a finished game.
    Review,
}

impl EngineRole {
    pub const ALL: [EngineRole; 4] = [
        EngineRole::Opponent,
        EngineRole::Hints,
        EngineRole::Analysis,
        EngineRole::Review,
    ];
}

/// Which added engine plays each role; `None`: komadai's own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineRoles {
    pub opponent: Option<u32>,
    pub hints: Option<u32>,
    pub analysis: Option<u32>,
    pub review: Option<u32>,
}

impl EngineRoles {
    pub fn get(&self, role: EngineRole) -> Option<u32> {
        match role {
            EngineRole::Opponent => self.opponent,
            EngineRole::Hints => self.hints,
            EngineRole::Analysis => self.analysis,
            EngineRole::Review => self.review,
        }
    }

    pub fn set(&mut self, role: EngineRole, engine: Option<u32>) {
        let slot = match role {
            EngineRole::Opponent => &mut self.opponent,
            EngineRole::Hints => &mut self.hints,
            EngineRole::Analysis => &mut self.analysis,
            EngineRole::Review => &mut self.review,
        };
        *slot = engine;
    }
}

/// The engines and their roles.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct EngineList {
    pub engines: Vec<EngineEntry>,
    pub roles: EngineRoles,
}

impl EngineList {
    pub fn get(&self, id: u32) -> Option<&EngineEntry> {
        self.engines.iter().find(|e| e.id == id)
    }

    pub fn get_mut(&mut self, id: u32) -> Option<&mut EngineEntry> {
        self.engines.iter_mut().find(|e| e.id == id)
    }

    /// The engine that plays `role`, if an added one does.
    pub fn for_role(&self, role: EngineRole) -> Option<&EngineEntry> {
        self.get(self.roles.get(role)?)
    }

    /// Adds an engine from what it said of itself; an engine of the same program is
    /// replaced (its options read again, the player's values kept where they still fit).
    /// Returns its id.
    pub fn add(&mut self, program: PathBuf, engine: EngineId) -> u32 {
        if let Some(old) = self.engines.iter_mut().find(|e| e.program == program) {
            let values = std::mem::take(&mut old.values);
            let mut entry = EngineEntry::from_id(old.id, program, engine);
            entry.values = values;
            *old = entry.clean();
            return old.id;
        }
        let id = self.engines.iter().map(|e| e.id + 1).max().unwrap_or(1);
        self.engines.push(EngineEntry::from_id(id, program, engine));
        id
    }

    /// Removes an engine; the roles it played go back to the built-in engine.
    pub fn remove(&mut self, id: u32) {
        self.engines.retain(|e| e.id != id);
        for role in EngineRole::ALL {
            if self.roles.get(role) == Some(id) {
                self.roles.set(role, None);
            }
        }
    }

    /// Reads a list from JSON as leniently as the module says.
    fn from_value(value: &serde_json::Value) -> EngineList {
        let mut list = EngineList::default();
        let entries = value.get("engines").and_then(serde_json::Value::as_array);
        for entry in entries.into_iter().flatten() {
            let Ok(entry) = serde_json::from_value::<EngineEntry>(entry.clone()) else {
                log::warn!("an engine in the settings could not be read; left out");
                continue;
            };
            let usable = !entry.program.as_os_str().is_empty()
                && !entry.name.is_empty()
                && list.get(entry.id).is_none();
            if usable {
                list.engines.push(entry.clean());
            }
        }
        let roles = value.get("roles");
        for role in EngineRole::ALL {
            let key = match role {
                EngineRole::Opponent => "opponent",
                EngineRole::Hints => "hints",
                EngineRole::Analysis => "analysis",
                EngineRole::Review => "review",
            };
            let id = roles
                .and_then(|r| r.get(key))
                .and_then(serde_json::Value::as_u64)
                .and_then(|id| u32::try_from(id).ok())
                .filter(|&id| list.get(id).is_some());
            list.roles.set(role, id);
        }
        list
    }
}

impl<'de> Deserialize<'de> for EngineList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<EngineList, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        Ok(EngineList::from_value(&value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(name: &str, options: &[&str]) -> EngineId {
        EngineId {
            name: Some(name.into()),
            author: Some("someone".into()),
            options: options
                .iter()
                .filter_map(|line| EngineOption::parse(line))
                .collect(),
        }
    }

    #[test]
    fn an_engine_added_twice_is_read_again_keeping_the_values_that_still_fit() {
        let mut list = EngineList::default();
        let first = list.add(
            "/e/one".into(),
            id(
                "One",
                &["option name Depth type spin default 5 min 1 max 20"],
            ),
        );
        let second = list.add("/e/two".into(), id("Two", &[]));
        assert_ne!(first, second);
        list.get_mut(first)
            .expect("added")
            .values
            .insert("Depth".into(), "12".into());
        let again = list.add(
            "/e/one".into(),
            id(
                "One v2",
                &["option name Depth type spin default 5 min 1 max 10"],
            ),
        );
        assert_eq!(again, first);
        let entry = list.get(first).expect("still there");
        assert_eq!(entry.name, "One v2");
        assert!(entry.values.is_empty(), "12 is out of the new range");
        assert_eq!(list.engines.len(), 2);
    }

    #[test]
    fn removing_an_engine_gives_its_roles_back_to_the_built_in_one() {
        let mut list = EngineList::default();
        let one = list.add("/e/one".into(), id("One", &[]));
        list.roles.set(EngineRole::Review, Some(one));
        list.roles.set(EngineRole::Hints, Some(one));
        list.remove(one);
        assert_eq!(list.roles, EngineRoles::default());
    }

    #[test]
    fn bad_entries_and_values_fall_back_without_losing_the_good_ones() {
        let text = r#"{
            "engines": [
                {"id": 1, "program": "/e/good", "name": "Good",
                 "options": [{"name": "Hash", "kind": {"Spin": {"default": 16, "min": 1, "max": 64}}}],
                 "values": {"Hash": "999", "Nothing": "1"}},
                {"id": "two", "program": 7},
                {"id": 1, "program": "/e/same-id", "name": "Twin"},
                {"id": 3, "program": "", "name": "No program"},
                42
            ],
            "roles": {"opponent": 1, "hints": 9, "analysis": "x", "review": -1}
        }"#;
        let list: EngineList = serde_json::from_str(text).expect("never refused");
        assert_eq!(list.engines.len(), 1);
        assert_eq!(list.engines[0].name, "Good");
        assert!(list.engines[0].values.is_empty(), "999 is out of range");
        assert_eq!(
            list.roles,
            EngineRoles {
                opponent: Some(1),
                ..EngineRoles::default()
            }
        );
        let list: EngineList = serde_json::from_str("[1, 2]").expect("never refused");
        assert_eq!(list, EngineList::default());
    }

    #[test]
    fn the_setup_sends_the_players_values_and_presses_marked_buttons() {
        let mut list = EngineList::default();
        let one = list.add(
            "/e/one".into(),
            id(
                "One",
                &[
                    "option name Hash type spin default 16 min 1 max 64",
                    "option name Clear Hash type button",
                    "option name Book type check default true",
                ],
            ),
        );
        let entry = list.get_mut(one).expect("added");
        entry.values.insert("Hash".into(), "32".into());
        entry.values.insert("Clear Hash".into(), PRESS.into());
        let setup = entry.setup(Timeouts::default());
        assert_eq!(
            setup.launch,
            Launch::Program(vec!["/e/one".into()]),
            "the program alone"
        );
        assert_eq!(
            setup.options,
            vec![
                ("Hash".to_string(), Some("32".to_string())),
                ("Clear Hash".to_string(), None)
            ]
        );
    }
}
