//! Why one of komadai's own files (the settings, the results, the saved game) was not used,
//! for a note to the player: the system refused to read it, or its content was unusable and
//! it was moved aside, or not even that. The three files share the shape and differ in their
//! sentences and in what can be wrong with their content.

use crate::i18n::{self, Language, Strings, SystemError, fill};
use std::path::PathBuf;

/// What happened to a file that was not used. `Why` is what is wrong with its content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileNote<Why> {
    /// The system refused to read it: left alone.
    Unreadable { path: PathBuf, error: SystemError },
    /// Its content is unusable; moved aside to `aside`.
    SetAside { why: Why, aside: PathBuf },
    /// Its content is unusable, and it could not be moved aside.
    Stuck {
        path: PathBuf,
        why: Why,
        error: SystemError,
    },
}

/// What is wrong with a file's content, in the interface's language.
pub trait FileFault {
    fn text(&self, lang: Language) -> String;
}

/// The JSON reader's own words (where the first fault is), left in English: serde_json
/// gives no value to translate, and they point into a file the player never edits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError(pub String);

impl From<&serde_json::Error> for JsonError {
    fn from(err: &serde_json::Error) -> Self {
        JsonError(err.to_string())
    }
}

impl FileFault for JsonError {
    fn text(&self, _: Language) -> String {
        self.0.clone()
    }
}

/// Which file a note is about, which chooses its sentences.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwnFile {
    Settings,
    Results,
    SavedGame,
}

impl OwnFile {
    /// The sentences for an unreadable, a set-aside and a stuck file.
    fn templates(self, t: &Strings) -> [&'static str; 3] {
        match self {
            OwnFile::Settings => [
                t.settings_unreadable,
                t.settings_damaged,
                t.settings_damaged_stuck,
            ],
            OwnFile::Results => [
                t.results_unreadable,
                t.results_damaged,
                t.results_damaged_stuck,
            ],
            OwnFile::SavedGame => [
                t.saved_game_unreadable,
                t.saved_game_set_aside,
                t.saved_game_stuck,
            ],
        }
    }
}

impl<Why: FileFault> FileNote<Why> {
    pub fn text(&self, lang: Language, file: OwnFile) -> String {
        let [unreadable, set_aside, stuck] = file.templates(lang.strings());
        match self {
            FileNote::Unreadable { path, error } => fill(
                unreadable,
                &[
                    ("path", &path.display()),
                    ("why", &i18n::system_error(lang, error)),
                ],
            ),
            FileNote::SetAside { why, aside } => fill(
                set_aside,
                &[("why", &why.text(lang)), ("aside", &aside.display())],
            ),
            FileNote::Stuck { path, why, error } => fill(
                stuck,
                &[
                    ("path", &path.display()),
                    ("why", &why.text(lang)),
                    ("error", &i18n::system_error(lang, error)),
                ],
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io;

    fn denied() -> SystemError {
        SystemError::from(&io::Error::from(io::ErrorKind::PermissionDenied))
    }

    #[test]
    fn a_refused_settings_file_is_explained_in_japanese() {
        let note: FileNote<JsonError> = FileNote::Unreadable {
            path: PathBuf::from("/home/u/.config/komadai/settings.json"),
            error: denied(),
        };
        let text = note.text(Language::Japanese, OwnFile::Settings);
        assert!(text.ends_with("を読めません：権限がありません"), "{text}");
        let english = note.text(Language::English, OwnFile::Settings);
        assert!(english.ends_with(&denied().text), "{english}");
    }

    #[test]
    fn a_stuck_results_file_names_the_system_error_in_japanese() {
        let note = FileNote::Stuck {
            path: PathBuf::from("ladder.json"),
            why: JsonError("EOF while parsing a value at line 3 column 1".to_owned()),
            error: denied(),
        };
        let text = note.text(Language::Japanese, OwnFile::Results);
        assert!(text.contains("（EOF while parsing"), "{text}");
        assert!(text.contains("（権限がありません）"), "{text}");
    }
}
