//! Game records on disk and on the clipboard: which format a file or a pasted text is, reading
//! and writing it through [`crate::record`], and the system's file dialogs.
//!
//! The dialogs come from `rfd`: on Linux it talks to the desktop's file chooser over D-Bus
//! (the XDG portal, pure Rust, no GTK to install) and falls back to `zenity`; on Windows and
//! macOS it uses the native dialogs. Where neither works, the games folder and its recent
//! files in the Game menu still let the player save and open.

use super::atomic_file;
use crate::record::Record;
use crate::rules::Position;
use std::fs;
use std::path::{Path, PathBuf};

/// The record formats komadai saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Kif,
    Csa,
    /// A USI `position` line (start SFEN and moves).
    Usi,
}

impl Format {
    pub const ALL: [Format; 3] = [Format::Kif, Format::Csa, Format::Usi];

    pub fn extension(self) -> &'static str {
        match self {
            Format::Kif => "kif",
            Format::Csa => "csa",
            Format::Usi => "usi",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Format::Kif => "KIF",
            Format::Csa => "CSA",
            Format::Usi => "USI position line",
        }
    }

    /// The format a file name promises; `None` for anything else.
    pub fn of_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "kif" | "kifu" => Some(Format::Kif),
            "csa" => Some(Format::Csa),
            "usi" => Some(Format::Usi),
            _ => None,
        }
    }

    fn write(self, record: &Record) -> String {
        match self {
            Format::Kif => record.to_kif(),
            Format::Csa => record.to_csa(),
            Format::Usi => record.to_usi() + "\n",
        }
    }
}

/// What a pasted text or an opened file turned out to hold.
#[derive(Clone, Debug)]
pub enum Loaded {
    /// A single position (SFEN): a new game starts there.
    Position(Position),
    /// A whole game, to replay and play on from any move.
    Record(Record),
}

/// Writes `record` to `path` in the format its extension names; a name without a known
/// extension gets `.kif`. Returns the path written.
pub fn save(path: &Path, record: &Record) -> Result<PathBuf, String> {
    let (path, format) = match Format::of_path(path) {
        Some(format) => (path.to_path_buf(), format),
        None => {
            let mut name = path.as_os_str().to_os_string();
            name.push(".kif");
            (PathBuf::from(name), Format::Kif)
        }
    };
    atomic_file::write(&path, format.write(record).as_bytes())
        .map_err(|err| format!("could not save {}: {err}", path.display()))?;
    Ok(path)
}

/// Reads a record file: KIF, CSA or USI by extension, anything else by its contents.
pub fn open(path: &Path) -> Result<Loaded, String> {
    let bytes =
        fs::read(path).map_err(|err| format!("could not open {}: {err}", path.display()))?;
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let record = match Format::of_path(path) {
        Some(Format::Kif) => Record::from_kif_bytes(&bytes),
        Some(Format::Csa) => Record::from_csa_bytes(&bytes),
        Some(Format::Usi) => {
            let text = crate::record::decode(&bytes).map_err(|err| format!("{name}: {err}"))?;
            Record::from_usi(text.trim())
        }
        None => {
            let text = crate::record::decode(&bytes).map_err(|err| format!("{name}: {err}"))?;
            return parse_text(&text).map_err(|err| format!("{name}: {err}"));
        }
    };
    record
        .map(Loaded::Record)
        .map_err(|err| format!("{name}: {err}"))
}

/// Reads a pasted text: an SFEN, a USI position line, a CSA record or a KIF record.
pub fn parse_text(text: &str) -> Result<Loaded, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("there is no text to read".to_owned());
    }
    let first = text.lines().next().unwrap_or_default().trim();
    if !text.contains('\n') && !first.starts_with("position") && !first.starts_with("startpos") {
        let sfen = first.strip_prefix("sfen ").unwrap_or(first);
        if !sfen.contains(" moves ") {
            return Position::from_sfen(sfen)
                .map(Loaded::Position)
                .map_err(|err| format!("not a position this app can use: {err}"));
        }
    }
    let record = if first.starts_with("position")
        || first.starts_with("startpos")
        || first.starts_with("sfen ")
    {
        Record::from_usi(first)
    } else if looks_like_csa(text) {
        Record::from_csa(text)
    } else {
        Record::from_kif(text)
    };
    record.map(Loaded::Record).map_err(|err| err.to_string())
}

/// CSA records open with a version line, a header field (`N+`, `$`), a board line (`P1`,
/// `PI`) or a move (`+7776FU`); KIF never does.
fn looks_like_csa(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('\''))
        .is_some_and(|line| {
            line.starts_with("V2")
                || line.starts_with("N+")
                || line.starts_with("N-")
                || line.starts_with('$')
                || line.starts_with("PI")
                || line.starts_with("P1")
                || (line.len() >= 7 && (line.starts_with('+') || line.starts_with('-')))
        })
}

/// A file name for a game saved now, sortable by time: `komadai-2026-11-29-123456.kif` (UTC).
pub fn default_name(format: Format) -> String {
    format!(
        "komadai-{}.{}",
        super::logging::file_stamp(),
        format.extension()
    )
}

/// The newest record files in `dir`, newest first, at most `limit`.
pub fn recent(dir: &Path, limit: usize) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| Format::of_path(path).is_some())
        .filter_map(|path| {
            let modified = fs::metadata(&path).and_then(|m| m.modified()).ok()?;
            Some((modified, path))
        })
        .collect();
    files.sort_by(|a, b| b.cmp(a));
    files
        .into_iter()
        .take(limit)
        .map(|(_, path)| path)
        .collect()
}

/// Whether a system file dialog can be shown at all. On Linux `rfd` needs the desktop portal
/// (over the D-Bus session bus) or the `zenity` program; without either it returns "cancelled"
/// at once, so the app saves to its games folder instead and says so.
pub fn dialogs_available() -> bool {
    if !cfg!(any(
        target_os = "linux",
        target_os = "freebsd",
        target_os = "dragonfly",
        target_os = "netbsd",
        target_os = "openbsd"
    )) {
        return true;
    }
    session_bus() || program_on_path("zenity")
}

/// Whether a D-Bus session bus (and so, maybe, the desktop portal) is there; without it,
/// `rfd` falls back to `zenity`, which ignores the starting folder unless the file name
/// carries it.
fn session_bus() -> bool {
    let address = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some_and(|a| !a.is_empty());
    let socket =
        std::env::var_os("XDG_RUNTIME_DIR").is_some_and(|dir| Path::new(&dir).join("bus").exists());
    address || socket
}

/// The name to suggest: with `zenity` the whole path, so it opens in `dir`.
fn suggested_name(dir: Option<&Path>, name: &str) -> String {
    match dir {
        Some(dir) if cfg!(target_os = "linux") && !session_bus() => {
            dir.join(name).to_string_lossy().into_owned()
        }
        _ => name.to_owned(),
    }
}

fn program_on_path(name: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(name).is_file()))
}

/// Asks where to save, offering the three formats; `None` when the player cancelled (or no
/// dialog could be shown).
pub fn pick_save_path(dir: Option<&Path>, format: Format) -> Option<PathBuf> {
    let mut dialog = rfd::FileDialog::new()
        .set_title("Save game")
        .set_file_name(suggested_name(dir, &default_name(format)))
        .add_filter(format.name(), &[format.extension()]);
    if let Some(dir) = dir {
        let _ = fs::create_dir_all(dir);
        dialog = dialog.set_directory(dir);
    }
    dialog.save_file()
}

/// Asks which record to open.
pub fn pick_open_path(dir: Option<&Path>) -> Option<PathBuf> {
    let mut dialog = rfd::FileDialog::new()
        .set_title("Open game")
        .add_filter(
            "Game records (KIF, CSA, USI)",
            &["kif", "kifu", "csa", "usi", "sfen", "txt"],
        )
        .add_filter("All files", &["*"]);
    if let Some(dir) = dir.filter(|dir| dir.is_dir()) {
        dialog = dialog
            .set_directory(dir)
            .set_file_name(suggested_name(Some(dir), ""));
    }
    dialog.pick_file()
}
