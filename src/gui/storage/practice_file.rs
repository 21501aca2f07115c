//! The player's practice, `practice.json` in the data folder: written atomically like the
//! ladder; a file that cannot be read is kept aside and the practice starts afresh.

use crate::gui::storage::file_note::{FileNote, JsonError};
use crate::gui::storage::versioned_file::{Store, Unused, Versioned};
use crate::i18n::{self, Language, fill};
use crate::practice::Practice;

/// Where the practice is kept.
pub type PracticeStore = Store<Practice>;

impl Versioned for Practice {
    const FILE_NAME: &'static str = "practice.json";
    const FORMAT_VERSION: u32 = 1;
    const PRETTY: bool = false;
    type Note = PracticeNote;
}

/// Why the practice file was not used, for a note to the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PracticeNote {
    /// Written by a newer komadai: left alone for it.
    Newer {
        version: u32,
    },
    File(FileNote<JsonError>),
}

impl From<Unused> for PracticeNote {
    fn from(unused: Unused) -> PracticeNote {
        match unused {
            Unused::Newer(version) => PracticeNote::Newer { version },
            Unused::File(note) => PracticeNote::File(note),
        }
    }
}

impl PracticeNote {
    pub fn text(&self, lang: Language) -> String {
        let t = lang.practice();
        match self {
            PracticeNote::Newer { version } => fill(t.file_newer, &[("version", version)]),
            PracticeNote::File(FileNote::Unreadable { path, error }) => fill(
                t.file_unreadable,
                &[
                    ("path", &path.display()),
                    ("why", &i18n::system_error(lang, error)),
                ],
            ),
            PracticeNote::File(FileNote::SetAside { why, aside }) => fill(
                t.file_damaged,
                &[("why", &why.0), ("aside", &aside.display())],
            ),
            PracticeNote::File(FileNote::Stuck { why, error, .. }) => fill(
                t.file_damaged_stuck,
                &[("why", &why.0), ("error", &i18n::system_error(lang, error))],
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::practice::Collection;
    use std::fs;
    use std::path::PathBuf;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("komadai-practice-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    fn some_practice() -> Practice {
        let mut practice = Practice::default();
        practice.add_collection(Collection {
            name: "mine".into(),
            problems: vec!["4k4/9/4P4/9/9/9/9/9/4K4 b G 1 | 1".into()],
        });
        practice.streak = 3;
        practice
    }

    #[test]
    fn a_saved_practice_loads_back_unchanged() {
        let store = PracticeStore::in_dir(Some(temp_dir("roundtrip")));
        store.save(&some_practice()).expect("saved");
        assert_eq!(store.load(), (some_practice(), None));
    }

    #[test]
    fn a_damaged_file_is_kept_aside_and_the_practice_starts_afresh() {
        let dir = temp_dir("corrupt");
        let store = PracticeStore::in_dir(Some(dir.clone()));
        store.save(&some_practice()).expect("saved");
        let path = store.path().expect("a path");
        let text = fs::read(&path).expect("written");
        fs::write(&path, &text[..text.len() / 2]).expect("cut");
        let (practice, note) = store.load();
        assert_eq!(practice, Practice::default());
        assert!(note.is_some_and(|n| n.text(Language::English).contains("damaged")));
        let kept = fs::read_dir(&dir)
            .expect("the folder")
            .filter_map(Result::ok)
            .any(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with("practice.corrupt-")
            });
        assert!(kept);
        assert!(!path.exists());
    }
}
