//! Where komadai keeps what it writes besides its settings: the autosaved game, saved game
//! records and the log, all in the platform's data folder (`~/.local/share/komadai` on
//! Linux, `%APPDATA%\komadai\data` on Windows, `~/Library/Application Support/komadai` on
//! macOS).

use std::path::{Path, PathBuf};

/// The data folder, or `None` when the platform gives no home directory.
pub fn data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "komadai").map(|dirs| dirs.data_dir().to_path_buf())
}

/// Where "Save" puts game records in a data folder unless the player picks another place.
pub fn games_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("games")
}

/// The log file a player can attach to a problem report.
pub fn log_path() -> Option<PathBuf> {
    data_dir().map(|dir| dir.join("komadai.log"))
}
