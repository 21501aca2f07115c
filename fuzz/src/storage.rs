//! The app's own files read from arbitrary bytes: the autosave, the settings and the
//! ladder. Each either reads, and then writes back to what reads as the same again, or is
//! moved aside whole (never lost) with a note, and the app goes on with defaults.

use komadai::gui::SettingsStore;
use komadai::gui::storage::autosave::{AutosaveStore, parse};
use komadai::gui::storage::file_note::FileNote;
use komadai::gui::storage::ladder_file::{LadderNote, LadderStore};
use std::path::{Path, PathBuf};

/// A fresh folder of this process and thread, for one input.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "komadai-fuzz-{name}-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// A note that moved the file aside kept every byte of it.
fn kept_whole<Why>(note: &FileNote<Why>, data: &[u8]) {
    if let FileNote::SetAside { aside, .. } = note {
        assert_eq!(
            std::fs::read(aside).ok().as_deref(),
            Some(data),
            "{aside:?}"
        );
    }
}

/// An autosave that parses is saved again to bytes that parse to the same game.
pub fn autosave(data: &[u8]) {
    let Ok(saved) = parse(data) else { return };
    let dir = scratch("autosave");
    if AutosaveStore::in_dir(&dir).save(&saved).is_ok() {
        let again = std::fs::read(dir.join("autosave.json")).expect("written");
        assert_eq!(parse(&again).ok().as_ref(), Some(&saved));
    }
}

/// A settings file either reads (and saved again reads the same) or is moved aside whole.
pub fn settings(data: &[u8]) {
    let dir = scratch("settings");
    write(&dir.join("settings.json"), data);
    let store = SettingsStore::in_dir(&dir);
    match store.load() {
        (settings, None) => {
            store.save(&settings).expect("saved again");
            assert_eq!(store.load(), (settings, None));
        }
        (_, Some(note)) => kept_whole(&note, data),
    }
}

/// A ladder file either reads (and saved again reads the same) or is moved aside whole.
pub fn ladder(data: &[u8]) {
    let dir = scratch("ladder");
    write(&dir.join("ladder.json"), data);
    let store = LadderStore::in_dir(Some(dir.clone()));
    match store.load() {
        (ladder, None) => {
            store.save(&ladder).expect("saved again");
            assert_eq!(store.load().0, ladder);
        }
        (_, Some(LadderNote::File(note))) => kept_whole(&note, data),
        (_, Some(_)) => {}
    }
}

fn write(path: &Path, data: &[u8]) {
    std::fs::write(path, data).expect("the input written");
}
