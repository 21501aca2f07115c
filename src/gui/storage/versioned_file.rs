//! Reading a JSON file that carries its format's version (the ladder, the practice): what a
//! missing, unreadable, newer or damaged file gives, said once for all of them. A damaged
//! file is moved aside whole (`NAME.corrupt-<time>.json`), never overwritten.

use crate::gui::storage::atomic_file;
use crate::gui::storage::file_note::{FileNote, JsonError};
use crate::i18n::SystemError;
use std::fs;
use std::io;
use std::path::PathBuf;

/// What was found at the file's place.
pub enum Found<T> {
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
pub fn read<T>(
    path: PathBuf,
    current: u32,
    parse: impl FnOnce(&[u8]) -> Result<(u32, T), serde_json::Error>,
) -> Found<T> {
    atomic_file::remove_stale_temporaries(&path);
    let bytes = match fs::read(&path) {
        Ok(bytes) => bytes,
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Found::Nothing,
        Err(err) => {
            let error = SystemError::from(&err);
            return Found::Unusable(FileNote::Unreadable { path, error });
        }
    };
    match parse(&bytes) {
        Ok((version, content)) if version <= current => Found::Read(content),
        Ok((version, _)) => Found::Newer(version),
        Err(err) => {
            let why = JsonError::from(&err);
            Found::Unusable(match atomic_file::set_aside(&path, "corrupt") {
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
