//! The ladder's file, `ladder.json` in the data folder: written atomically like the
//! autosave; a file that cannot be read is kept aside and the ladder starts empty.

use crate::gui::ladder::Ladder;
use crate::gui::storage::file_note::{FileNote, JsonError, OwnFile};
use crate::gui::storage::versioned_file::{Store, Unused, Versioned};
use crate::i18n::{Language, fill};

/// Where the ladder is kept.
pub type LadderStore = Store<Ladder>;

impl Versioned for Ladder {
    const FILE_NAME: &'static str = "ladder.json";
    const FORMAT_VERSION: u32 = 1;
    const PRETTY: bool = true;
    type Note = LadderNote;
}

/// Why the results file was not used, for a note to the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LadderNote {
    /// Written by a newer komadai: left alone, unlike a damaged file, so that the newer
    /// komadai still finds it.
    Newer { version: u32 },
    /// Unreadable, or not results.
    File(FileNote<JsonError>),
}

impl From<Unused> for LadderNote {
    fn from(unused: Unused) -> LadderNote {
        match unused {
            Unused::Newer(version) => LadderNote::Newer { version },
            Unused::File(note) => LadderNote::File(note),
        }
    }
}

impl LadderNote {
    pub fn text(&self, lang: Language) -> String {
        match self {
            LadderNote::Newer { version } => {
                fill(lang.strings().results_newer, &[("version", version)])
            }
            LadderNote::File(note) => note.text(lang, OwnFile::Results),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::Level;
    use crate::gui::ladder::LadderOutcome;
    use crate::gui::ladder::odds::Odds;
    use crate::rules::Handicap;
    use std::fs;
    use std::path::PathBuf;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("komadai-ladder-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    fn some_results() -> Ladder {
        let mut ladder = Ladder::default();
        ladder.record(
            Level::Normal,
            Odds::Receive(Handicap::TwoPieces),
            LadderOutcome::Win,
        );
        ladder.record(
            Level::Easy,
            Odds::Give(Handicap::Bishop),
            LadderOutcome::Loss,
        );
        ladder
    }

    #[test]
    fn saved_results_load_back_unchanged() {
        let store = LadderStore::in_dir(Some(temp_dir("roundtrip")));
        let ladder = some_results();
        store.save(&ladder).expect("saved");
        assert_eq!(store.load(), (ladder, None));
    }

    #[test]
    fn a_corrupt_file_is_kept_aside_and_the_ladder_starts_empty() {
        let dir = temp_dir("corrupt");
        let store = LadderStore::in_dir(Some(dir.clone()));
        store.save(&some_results()).expect("saved");
        // A write cut short: half a file.
        let path = store.path().expect("a path");
        let text = fs::read(&path).expect("written");
        fs::write(&path, &text[..text.len() / 2]).expect("cut");
        let (ladder, note) = store.load();
        assert_eq!(ladder, Ladder::default());
        assert!(note.is_some_and(|n| n.text(Language::English).contains("damaged")));
        assert!(!path.exists());
        let kept = fs::read_dir(&dir)
            .expect("the folder")
            .filter_map(Result::ok)
            .any(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with("ladder.corrupt-")
            });
        assert!(kept);
        store.save(&some_results()).expect("saved again");
        assert_eq!(store.load().0, some_results());
    }

    #[test]
    fn no_folder_keeps_nothing_and_fails_nothing() {
        let store = LadderStore::in_dir(None);
        assert!(store.save(&some_results()).is_ok());
        assert_eq!(store.load(), (Ladder::default(), None));
    }
}
