//! A JSON file in the data folder that carries its format's version (the ladder, the
//! practice), kept by a [`Store`]: what a missing, unreadable, newer or damaged file gives,
//! said once for all of them. A damaged file is moved aside whole
//! (`NAME.corrupt-<time>.json`), never overwritten; a file is always written whole
//! (`atomic_file`).

use crate::gui::storage::atomic_file;
use crate::gui::storage::file_note::{FileNote, JsonError};
use crate::i18n::SystemError;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fs;
use std::io;
use std::marker::PhantomData;
use std::path::PathBuf;

/// What a versioned file holds, and how it is kept.
pub trait Versioned: Serialize + DeserializeOwned + Default + Clone {
    /// The file's name in the data folder.
    const FILE_NAME: &'static str;
    /// The format this program writes; a file of a higher one is a newer komadai's.
    const FORMAT_VERSION: u32;
    /// Written indented, for a person to read, rather than on one line.
    const PRETTY: bool;
    /// What the player is told when the file was not used.
    type Note: From<Unused>;
}

/// Why a file was not used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unused {
    /// Written by a newer komadai (this version): left alone, unlike a damaged file, so
    /// that the newer komadai still finds it.
    Newer(u32),
    /// Unreadable, or damaged and moved aside.
    File(FileNote<JsonError>),
}

/// The file as written: its version, then the content's own fields.
#[derive(Serialize, Deserialize)]
struct OnDisk<T> {
    version: u32,
    #[serde(flatten)]
    content: T,
}

/// Where a versioned file is kept (`None`: nowhere, for tests and a missing data folder).
#[derive(Clone, Debug)]
pub struct Store<T> {
    dir: Option<PathBuf>,
    content: PhantomData<fn() -> T>,
}

impl<T: Versioned> Store<T> {
    pub fn in_dir(dir: Option<PathBuf>) -> Store<T> {
        Store {
            dir,
            content: PhantomData,
        }
    }

    pub fn path(&self) -> Option<PathBuf> {
        self.dir.as_ref().map(|dir| dir.join(T::FILE_NAME))
    }

    /// The saved content, or a fresh one with a note for the player when the file could not
    /// be used (a damaged one is then kept as `NAME.corrupt-<time>.json`).
    pub fn load(&self) -> (T, Option<T::Note>) {
        let Some(path) = self.path() else {
            return (T::default(), None);
        };
        let parsed = |bytes: &[u8]| {
            serde_json::from_slice::<OnDisk<T>>(bytes).map(|file| (file.version, file.content))
        };
        match read(path, T::FORMAT_VERSION, parsed) {
            FileFound::Nothing => (T::default(), None),
            FileFound::Read(content) => (content, None),
            FileFound::Newer(version) => (T::default(), Some(Unused::Newer(version).into())),
            FileFound::Unusable(note) => (T::default(), Some(Unused::File(note).into())),
        }
    }

    pub fn save(&self, content: &T) -> io::Result<()> {
        let Some(path) = self.path() else {
            return Ok(());
        };
        let file = OnDisk {
            version: T::FORMAT_VERSION,
            content: content.clone(),
        };
        let text = if T::PRETTY {
            serde_json::to_string_pretty(&file)
        } else {
            serde_json::to_string(&file)
        };
        atomic_file::write(&path, text.map_err(io::Error::other)?.as_bytes())
    }
}

/// What was found at the file's place.
enum FileFound<T> {
    /// No file yet: start afresh, nothing to say.
    Nothing,
    Read(T),
    /// Written by a newer komadai (this version): left alone.
    Newer(u32),
    /// Unreadable, or damaged and moved aside.
    Unusable(FileNote<JsonError>),
}

/// Reads `path` with `parse`, which gives the file's version and its content; a version
/// above `current` is newer than this program.
fn read<T>(
    path: PathBuf,
    current: u32,
    parse: impl FnOnce(&[u8]) -> Result<(u32, T), serde_json::Error>,
) -> FileFound<T> {
    atomic_file::remove_stale_temporaries(&path);
    let bytes = match fs::read(&path) {
        Ok(bytes) => bytes,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return FileFound::Nothing,
        Err(err) => {
            let error = SystemError::from(&err);
            return FileFound::Unusable(FileNote::Unreadable { path, error });
        }
    };
    match parse(&bytes) {
        Ok((version, content)) if version <= current => FileFound::Read(content),
        Ok((version, _)) => FileFound::Newer(version),
        Err(err) => {
            let why = JsonError::from(&err);
            FileFound::Unusable(match atomic_file::set_aside(&path, "corrupt") {
                Ok(aside) => FileNote::SetAside { why, aside },
                Err(error) => FileNote::Stuck {
                    path,
                    why,
                    error: SystemError::from(&error),
                },
            })
        }
    }
}
