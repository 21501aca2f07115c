//! What the app remembers on this device, and where: a JSON file in the platform's config
//! directory, written atomically so a crash mid-save never leaves half a file.

use crate::gui::Level;
use crate::gui::dialogs::game_setup::GameSetup;
use crate::gui::storage::engine_list::EngineList;
use crate::gui::storage::file_note::{FileNote, JsonError};
use crate::i18n::{Language, SystemError};
use serde::{Deserialize, Serialize};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// How pieces are labelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Labels {
    Kanji,
    Letters,
}

/// How the move list writes moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NotationStyle {
    Western,
    Japanese,
}

/// Which side the player takes in a new game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SideChoice {
    Sente,
    Gote,
    Random,
}

/// The player's choices, remembered between runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub labels: Labels,
    pub move_dots: bool,
    pub notation: NotationStyle,
    pub side: SideChoice,
    pub level: Level,
    /// Turned the other way from the usual "player at the bottom".
    pub flipped: bool,
    /// The odds and clocks of the last new game.
    pub setup: GameSetup,
    /// A bar beside the board with Sente's chance to win, from the AI's last search.
    pub eval_bar: bool,
    /// Hint in two steps: first the piece to move, then where it goes.
    pub stepped_hints: bool,
    /// The interface's language; the notation is chosen apart.
    pub language: Language,
    /// Sounds on (a click for each move, check, the end of a game).
    pub sound: bool,
    /// Search threads for the Hard AI and the hints (the other levels use one).
    pub hard_threads: usize,
    /// The USI engines added and the roles they play (an older file has none).
    pub engines: EngineList,
    /// The player's own name, in the player boxes, the review and saved records ("You"
    /// until set).
    pub player_name: PlayerName,
}

/// The player's name as they set it: one line of at most [`PlayerName::LONGEST`]
/// characters, empty for none. A record's header writes it on a line of its own, so a
/// settings file with a line break or another control character in it is refused like any
/// other bad file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct PlayerName(String);

impl PlayerName {
    /// The most characters a name keeps.
    pub const LONGEST: usize = 40;

    /// `typed` made a name: control characters dropped, spaces trimmed, cut to
    /// [`PlayerName::LONGEST`] characters.
    pub fn cleaned(typed: &str) -> PlayerName {
        let kept: String = typed.chars().filter(|c| !c.is_control()).collect();
        PlayerName(kept.trim().chars().take(Self::LONGEST).collect())
    }

    /// The name, if one is set.
    pub fn get(&self) -> Option<&str> {
        Some(self.0.as_str()).filter(|name| !name.is_empty())
    }
}

impl TryFrom<String> for PlayerName {
    type Error = String;

    fn try_from(text: String) -> Result<PlayerName, String> {
        let name = PlayerName::cleaned(&text);
        if name.0 != text {
            return Err(format!(
                "a player name is one line of at most {} characters without spaces around it",
                PlayerName::LONGEST
            ));
        }
        Ok(name)
    }
}

impl From<PlayerName> for String {
    fn from(name: PlayerName) -> String {
        name.0
    }
}

/// Hard's threads on a first start: every core but one, left for the window
/// and the rest of the system; one on a single core.
pub fn default_hard_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |cores| cores.get().saturating_sub(1).max(1))
}

impl Settings {
    /// The settings of a first start on a system speaking `language`: a Japanese system
    /// also gets Japanese notation in the move list, as Japanese players expect (the two
    /// stay separate choices afterwards).
    pub fn first_start(language: Language) -> Settings {
        let notation = match language {
            Language::English => NotationStyle::Western,
            Language::Japanese => NotationStyle::Japanese,
        };
        Settings {
            language,
            notation,
            ..Settings::default()
        }
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            labels: Labels::Kanji,
            move_dots: true,
            notation: NotationStyle::Western,
            side: SideChoice::Sente,
            level: Level::Easy,
            flipped: false,
            setup: GameSetup::default(),
            eval_bar: false,
            stepped_hints: false,
            language: Language::English,
            sound: true,
            hard_threads: default_hard_threads(),
            engines: EngineList::default(),
            player_name: PlayerName::default(),
        }
    }
}

const FILE_NAME: &str = "settings.json";
const CORRUPT_NAME: &str = "settings.corrupt.json";

/// Why the settings file was not used, for a note to the player.
pub type SettingsNote = FileNote<JsonError>;

/// The settings file in a directory; `None` keeps settings in memory only.
#[derive(Clone, Debug)]
pub struct SettingsStore {
    dir: Option<PathBuf>,
    /// The language of a first start (no settings file yet).
    first_language: Language,
}

impl SettingsStore {
    /// The platform's place for komadai's settings (e.g. `~/.config/komadai`).
    pub fn platform() -> SettingsStore {
        let dir = directories::ProjectDirs::from("", "", "komadai")
            .map(|dirs| dirs.config_dir().to_path_buf());
        SettingsStore {
            dir,
            first_language: Language::of_system(),
        }
    }

    /// The same store, with `language` for a first start instead of the system's.
    pub fn first_started_in(self, language: Language) -> SettingsStore {
        SettingsStore {
            first_language: language,
            ..self
        }
    }

    pub fn in_dir(dir: impl Into<PathBuf>) -> SettingsStore {
        // English unless asked otherwise: tests and tools never depend on the machine's locale.
        SettingsStore {
            dir: Some(dir.into()),
            first_language: Language::English,
        }
    }

    pub fn path(&self) -> Option<PathBuf> {
        self.dir.as_ref().map(|dir| dir.join(FILE_NAME))
    }

    /// The saved settings, or defaults when there are none. A file that cannot be read as
    /// settings is moved aside (kept for the curious) and a note says so.
    pub fn load(&self) -> (Settings, Option<SettingsNote>) {
        let Some(path) = self.path() else {
            return (Settings::default(), None);
        };
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(err) if err.kind() == io::ErrorKind::NotFound => {
                return (Settings::first_start(self.first_language), None);
            }
            Err(err) => {
                let error = SystemError::from(&err);
                let note = SettingsNote::Unreadable { path, error };
                return (Settings::default(), Some(note));
            }
        };
        match serde_json::from_str(&text) {
            Ok(settings) => (settings, None),
            Err(err) => (Settings::default(), Some(self.set_aside(&path, &err))),
        }
    }

    fn set_aside(&self, path: &Path, err: &serde_json::Error) -> SettingsNote {
        let aside = path.with_file_name(CORRUPT_NAME);
        let why = JsonError::from(err);
        match fs::rename(path, &aside) {
            Ok(()) => SettingsNote::SetAside { why, aside },
            Err(rename) => SettingsNote::Stuck {
                path: path.to_path_buf(),
                why,
                error: SystemError::from(&rename),
            },
        }
    }

    /// Writes the settings atomically (temporary file, synced, renamed over the old one).
    pub fn save(&self, settings: &Settings) -> io::Result<()> {
        let (Some(dir), Some(path)) = (&self.dir, self.path()) else {
            return Ok(());
        };
        fs::create_dir_all(dir)?;
        let text = serde_json::to_string_pretty(settings).map_err(io::Error::other)?;
        crate::gui::storage::atomic_file::write(&path, text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::storage::file_note::OwnFile;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("komadai-settings-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn saved_settings_load_back_unchanged() {
        let store = SettingsStore::in_dir(temp_dir("roundtrip"));
        let settings = Settings {
            labels: Labels::Letters,
            move_dots: false,
            notation: NotationStyle::Japanese,
            side: SideChoice::Gote,
            level: Level::Hard,
            flipped: true,
            setup: GameSetup::default(),
            language: Language::Japanese,
            sound: false,
            eval_bar: true,
            stepped_hints: true,
            hard_threads: 3,
            engines: EngineList::default(),
            player_name: PlayerName::cleaned("羽生 善治"),
        };
        store.save(&settings).unwrap();
        assert_eq!(store.load(), (settings, None));
    }

    #[test]
    fn corrupt_file_gives_defaults_and_is_kept_aside() {
        let dir = temp_dir("corrupt");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join(FILE_NAME), "{ not json").unwrap();
        let (settings, note) = SettingsStore::in_dir(&dir).load();
        assert_eq!(settings, Settings::default());
        assert!(note.is_some_and(|n| {
            n.text(Language::English, OwnFile::Settings)
                .contains("damaged")
        }));
        assert!(dir.join(CORRUPT_NAME).exists());
        assert!(!dir.join(FILE_NAME).exists());
    }

    #[test]
    fn a_player_name_with_a_line_break_is_a_bad_file_kept_aside() {
        let dir = temp_dir("name");
        fs::create_dir_all(&dir).unwrap();
        let text = r#"{"labels":"Letters","player_name":"Taro\n後手：Mallory"}"#;
        fs::write(dir.join(FILE_NAME), text).unwrap();
        let (settings, note) = SettingsStore::in_dir(&dir).load();
        assert_eq!(settings, Settings::default());
        assert!(note.is_some());
        assert!(dir.join(CORRUPT_NAME).exists());
    }

    #[test]
    fn a_typed_name_is_one_trimmed_line_of_at_most_forty_characters() {
        assert_eq!(PlayerName::cleaned("  Taro\n ").get(), Some("Taro"));
        assert_eq!(PlayerName::cleaned(" \t ").get(), None);
        let long = "棋".repeat(60);
        let cut = PlayerName::cleaned(&long);
        assert_eq!(
            cut.get().map(|n| n.chars().count()),
            Some(PlayerName::LONGEST)
        );
        assert_eq!(PlayerName::default().get(), None);
    }

    #[test]
    fn missing_fields_take_their_defaults() {
        let dir = temp_dir("partial");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join(FILE_NAME), r#"{"labels":"Letters"}"#).unwrap();
        let (settings, note) = SettingsStore::in_dir(&dir).load();
        assert_eq!(note, None);
        assert_eq!(settings.labels, Labels::Letters);
        assert!(settings.move_dots);
        assert_eq!(settings.hard_threads, default_hard_threads());
    }

    #[test]
    fn a_file_from_before_engines_loads_with_none_and_a_damaged_list_costs_nothing_else() {
        let dir = temp_dir("engines");
        fs::create_dir_all(&dir).unwrap();
        fs::write(
            dir.join(FILE_NAME),
            r#"{"labels":"Letters","level":"Hard","hard_threads":2}"#,
        )
        .unwrap();
        let (settings, note) = SettingsStore::in_dir(&dir).load();
        assert_eq!(note, None);
        assert_eq!((settings.level, settings.hard_threads), (Level::Hard, 2));
        assert_eq!(settings.engines, EngineList::default());

        fs::write(
            dir.join(FILE_NAME),
            r#"{"labels":"Letters","engines":{"engines":[{"id":"x"}],"roles":7}}"#,
        )
        .unwrap();
        let (settings, note) = SettingsStore::in_dir(&dir).load();
        assert_eq!(note, None);
        assert_eq!(settings.labels, Labels::Letters);
        assert_eq!(settings.engines, EngineList::default());
    }

    #[test]
    fn hard_uses_every_core_but_one_by_default() {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        assert_eq!(Settings::default().hard_threads, (cores - 1).max(1));
    }

    #[test]
    fn a_first_start_in_japanese_also_writes_moves_in_japanese() {
        let dir = temp_dir("first-start");
        let store = SettingsStore::in_dir(&dir).first_started_in(Language::Japanese);
        let (settings, note) = store.load();
        assert_eq!(note, None);
        assert_eq!(settings.language, Language::Japanese);
        assert_eq!(settings.notation, NotationStyle::Japanese);
        // Once saved, the two choices are the player's, apart.
        let english_moves = Settings {
            notation: NotationStyle::Western,
            ..settings.clone()
        };
        store.save(&english_moves).unwrap();
        assert_eq!(store.load().0, english_moves);
        let (settings, _) = SettingsStore::in_dir(temp_dir("first-start-en")).load();
        assert_eq!(settings, Settings::default());
    }
}
