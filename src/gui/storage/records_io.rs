//! Game records on disk and on the clipboard: reading and writing them through
//! [`crate::record`] (which tells the formats apart), single SFEN positions, and the system's
//! file dialogs.
//!
//! The dialogs come from `rfd`: on Linux it talks to the desktop's file chooser over D-Bus
//! (the XDG portal, pure Rust, no GTK to install) and falls back to `zenity`; on Windows and
//! macOS it uses the native dialogs. Where no system dialog shows, the app's own
//! (`crate::gui::dialogs::file_dialog`) takes its place.

use crate::gui::storage::atomic_file;
use crate::i18n::{self, Language, SystemError, fill};
use crate::record::{Format, Problem, Record, RecordError};
use crate::rules::{Position, SfenError};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How the Game menu names a format.
pub fn format_name(format: Format) -> &'static str {
    match format {
        Format::Kif => "KIF",
        Format::Ki2 => "KI2",
        Format::Csa => "CSA",
        Format::Usi => "USI position line",
        Format::Jkf => "JKF",
    }
}

/// The format a file name promises; `None` for anything else.
fn format_of(path: &Path) -> Option<Format> {
    Format::from_extension(path.extension()?.to_str()?)
}

/// Why a record could not be saved, opened or pasted. The app writes it in the player's
/// language ([`FileProblem::text`]), the readers' and the system's detail included, from
/// their values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileProblem {
    CannotSave {
        path: PathBuf,
        why: SystemError,
    },
    /// The file cannot be read.
    CannotRead {
        name: String,
        why: SystemError,
    },
    /// The file was read, but it is not text.
    NotText {
        name: String,
    },
    /// The file was read, but what it holds cannot be used.
    CannotOpen {
        name: String,
        problem: Box<FileProblem>,
    },
    NoText,
    Sfen(SfenError),
    UsiLine(Problem),
    RecordLine {
        format: Format,
        line: usize,
        why: Problem,
    },
    Record {
        format: Format,
        why: Problem,
    },
    NotPositionOrGame,
    /// A record opened up to move `last` (0: none), the move after it unreadable: `problem`
    /// says where and why.
    ReadUpTo {
        name: String,
        last: usize,
        problem: Box<FileProblem>,
    },
}

impl FileProblem {
    /// The problem as a sentence in `lang`.
    pub fn text(&self, lang: Language) -> String {
        let t = lang.strings();
        match self {
            FileProblem::CannotSave { path, why } => fill(
                t.cannot_save,
                &[
                    ("path", &path.display()),
                    ("why", &i18n::system_error(lang, why)),
                ],
            ),
            FileProblem::CannotRead { name, why } => fill(
                t.cannot_open,
                &[("name", name), ("why", &i18n::system_error(lang, why))],
            ),
            FileProblem::NotText { name } => fill(
                t.cannot_open,
                &[
                    ("name", name),
                    ("why", &i18n::record_problem(lang, &Problem::NotText)),
                ],
            ),
            FileProblem::CannotOpen { name, problem } => {
                let why = mid_sentence(&problem.text(lang));
                fill(t.cannot_open, &[("name", name), ("why", &why)])
            }
            FileProblem::NoText => t.no_text.to_owned(),
            FileProblem::Sfen(err) => {
                let why = i18n::sfen_error(lang, err);
                sentence(lang, fill(t.sfen_cannot_be_used, &[("why", &why)]))
            }
            FileProblem::UsiLine(why) => sentence(
                lang,
                fill(
                    t.usi_cannot_be_used,
                    &[("why", &i18n::record_problem(lang, why))],
                ),
            ),
            FileProblem::RecordLine { format, line, why } => sentence(
                lang,
                fill(
                    t.record_line_problem,
                    &[
                        ("line", line),
                        ("format", &format_name(*format)),
                        ("why", &i18n::record_problem(lang, why)),
                    ],
                ),
            ),
            FileProblem::Record { format, why } => sentence(
                lang,
                fill(
                    t.record_cannot_be_used,
                    &[
                        ("format", &format_name(*format)),
                        ("why", &i18n::record_problem(lang, why)),
                    ],
                ),
            ),
            FileProblem::NotPositionOrGame => t.not_a_position_or_game.to_owned(),
            FileProblem::ReadUpTo {
                name,
                last,
                problem,
            } => {
                let template = match last {
                    0 => t.record_read_no_move,
                    _ => t.record_read_up_to,
                };
                let why = problem.text(lang);
                fill(template, &[("name", name), ("last", last), ("why", &why)])
            }
        }
    }
}

impl std::fmt::Display for FileProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text(Language::English))
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

/// The file a record saved as `path` goes to, and its format: the path as given when its
/// extension names a format, else with `.kifu` (KIF) added.
pub fn save_path(path: &Path) -> (PathBuf, Format) {
    match format_of(path) {
        Some(format) => (path.to_path_buf(), format),
        None => {
            let mut name = path.as_os_str().to_os_string();
            name.push(".");
            name.push(Format::Kif.extension());
            (PathBuf::from(name), Format::Kif)
        }
    }
}

/// Writes `record` to `path` in the format its extension names; a name without a known
/// extension gets `.kifu` (UTF-8 KIF). A `.kif` file is written in Shift_JIS, as the KIF
/// rules have it and older Windows software expects. Returns the path written.
pub fn save(path: &Path, record: &Record) -> Result<PathBuf, FileProblem> {
    let (path, format) = save_path(path);
    let shift_jis = path
        .extension()
        .is_some_and(|ext| ext.eq_ignore_ascii_case("kif"));
    let bytes = if shift_jis {
        record.to_kif_shift_jis()
    } else {
        let mut text = record.write(format);
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text.into_bytes()
    };
    atomic_file::write(&path, &bytes).map_err(|err| FileProblem::CannotSave {
        path: path.clone(),
        why: SystemError::from(&err),
    })?;
    Ok(path)
}

/// Reads a record file (KIF, KI2, CSA or USI, UTF-8 or Shift_JIS) or a one-line SFEN file.
/// A record whose moves stop being readable is read up to its last good move, the problem
/// given beside it ([`FileProblem::ReadUpTo`]): a file cut short keeps the game it holds.
pub fn open(path: &Path) -> Result<(Loaded, Option<FileProblem>), FileProblem> {
    let bytes = fs::read(path).map_err(|err| FileProblem::CannotRead {
        name: path.display().to_string(),
        why: SystemError::from(&err),
    })?;
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let text =
        crate::record::decode(&bytes).map_err(|_| FileProblem::NotText { name: name.clone() })?;
    let cannot_open = |problem| FileProblem::CannotOpen {
        name: name.clone(),
        problem: Box::new(problem),
    };
    let text = text.trim().trim_start_matches('\u{feff}');
    let TextKind::Record(format) = kind_of(text) else {
        return parse_text(text)
            .map(|loaded| (loaded, None))
            .map_err(cannot_open);
    };
    let (record, cut) =
        Record::read_up_to(text).map_err(|err| cannot_open(record_problem(format, &err)))?;
    let cut = cut.map(|err| {
        let start = record.game.start().move_number() as usize;
        FileProblem::ReadUpTo {
            name: name.clone(),
            last: (start + record.game.ply()).saturating_sub(1),
            problem: Box::new(record_problem(format, &err)),
        }
    });
    Ok((Loaded::Record(record), cut))
}

/// A sentence to follow a colon: its first letter in lower case, unless the first word is
/// an abbreviation ("SFEN", "KIF").
fn mid_sentence(text: &str) -> String {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if second.is_lowercase() => {
            first.to_lowercase().chain(text.chars().skip(1)).collect()
        }
        _ => text.to_owned(),
    }
}

/// Reads a pasted text: an SFEN, a USI position line, or a KIF, KI2 or CSA record. When it
/// cannot be used, says which of those it looked like and what is wrong (for a record, on
/// which line), or that it looked like none of them.
pub fn parse_text(text: &str) -> Result<Loaded, FileProblem> {
    let text = text.trim().trim_start_matches('\u{feff}');
    match kind_of(text) {
        TextKind::Empty => Err(FileProblem::NoText),
        TextKind::Sfen(sfen) => Position::from_sfen(sfen)
            .map(Loaded::Position)
            .map_err(FileProblem::Sfen),
        TextKind::Record(format) => Record::read(text)
            .map(Loaded::Record)
            .map_err(|err| record_problem(format, &err)),
        TextKind::Unknown => Err(FileProblem::NotPositionOrGame),
    }
}

/// What a pasted text looks like, before it is read.
enum TextKind<'a> {
    Empty,
    /// One line whose first word is a board (`lnsgkgsnl/1r5b1/...`), maybe after `sfen `.
    Sfen(&'a str),
    /// A USI position line or a record, as far as its own marks tell.
    Record(Format),
    Unknown,
}

fn kind_of(text: &str) -> TextKind<'_> {
    if text.is_empty() {
        return TextKind::Empty;
    }
    let one_line = !text.contains('\n');
    let sfen = text.strip_prefix("sfen ").unwrap_or(text);
    // A JKF object on one line may hold a date with slashes: it is never SFEN.
    let board_first = !text.starts_with('{')
        && sfen
            .split_whitespace()
            .next()
            .is_some_and(|w| w.contains('/'));
    if one_line && board_first && !text.contains(" moves ") {
        return TextKind::Sfen(sfen);
    }
    let format = Format::detect(text);
    // Anything without marks of its own is taken for KIF: ask for one of KIF's marks.
    if format == Format::Kif && !looks_like_kif(text) {
        return TextKind::Unknown;
    }
    TextKind::Record(format)
}

/// A KIF header (`先手：…`), its move table's heading, or a numbered move in Japanese.
fn looks_like_kif(text: &str) -> bool {
    text.lines().map(str::trim).any(|line| {
        let numbered_move = line
            .split_once(char::is_whitespace)
            .is_some_and(|(number, rest)| {
                number.chars().all(|c| c.is_ascii_digit()) && !rest.trim_start().is_ascii()
            });
        line.contains('：') || line.starts_with("手数") || line.starts_with("#KIF") || numbered_move
    })
}

/// A record's problem, with the line it is on.
fn record_problem(format: Format, err: &RecordError) -> FileProblem {
    let why = err.problem.clone();
    match format {
        Format::Usi => FileProblem::UsiLine(why),
        _ if err.line > 0 => FileProblem::RecordLine {
            format,
            line: err.line,
            why,
        },
        _ => FileProblem::Record { format, why },
    }
}

/// `text` ending with the language's full stop, unless it already ends a sentence.
fn sentence(lang: Language, mut text: String) -> String {
    if !text.ends_with(['.', '?', '!', '。', '？', '！']) {
        text.push_str(lang.strings().full_stop);
    }
    text
}

/// A file name for a game saved now, sortable by time: `komadai-2026-11-29-123456.kif` (UTC).
pub fn default_name(format: Format) -> String {
    format!(
        "komadai-{}.{}",
        crate::gui::platform::logging::file_stamp(),
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
        .filter(|path| format_of(path).is_some())
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

/// What a system file dialog gave: the player's choice, a cancel, or no dialog at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picked<T> {
    Chosen(T),
    Cancelled,
    /// No dialog could be shown: the app shows its own instead.
    NoDialog,
}

/// An answer of "nothing" quicker than this came from a dialog that was never shown: `rfd`
/// says "cancelled" at once when the desktop has no file-chooser portal and no `zenity`
/// (a session bus alone does not mean a portal answers on it), and no person cancels a
/// dialog that fast.
const NO_DIALOG_ANSWER: Duration = Duration::from_millis(300);

/// Runs a system dialog and tells a cancel from a dialog that never showed.
fn ask<T>(dialog: impl FnOnce() -> Option<T>) -> Picked<T> {
    if !dialogs_available() {
        return Picked::NoDialog;
    }
    let asked = Instant::now();
    match dialog() {
        Some(chosen) => Picked::Chosen(chosen),
        None if asked.elapsed() < NO_DIALOG_ANSWER => {
            log::warn!("the system's file dialog answered at once: taken as not shown");
            Picked::NoDialog
        }
        None => Picked::Cancelled,
    }
}

/// The file names a record may have, for the dialogs' filters.
pub const RECORD_EXTENSIONS: [&str; 8] = ["kif", "kifu", "ki2", "csa", "jkf", "usi", "sfen", "txt"];

/// The file names a collection of mate problems may have.
pub const COLLECTION_EXTENSIONS: [&str; 6] = ["txt", "sfen", "kif", "kifu", "ki2", "csa"];

/// Asks where to save, offering the three formats.
pub fn pick_save_path(dir: Option<&Path>, format: Format, lang: Language) -> Picked<PathBuf> {
    let t = lang.strings();
    let mut dialog = rfd::FileDialog::new()
        .set_title(t.save_dialog_title)
        .set_file_name(suggested_name(dir, &default_name(format)))
        .add_filter(format_name(format), &[format.extension()]);
    if format == Format::Kif {
        dialog = dialog.add_filter(t.kif_shift_jis_filter, &["kif"]);
    }
    if let Some(dir) = dir {
        let _ = fs::create_dir_all(dir);
        dialog = dialog.set_directory(dir);
    }
    ask(|| dialog.save_file())
}

/// Asks which record to open.
pub fn pick_open_path(dir: Option<&Path>, lang: Language) -> Picked<PathBuf> {
    let t = lang.strings();
    let mut dialog = rfd::FileDialog::new()
        .set_title(t.open_dialog_title)
        .add_filter(t.records_filter, &RECORD_EXTENSIONS)
        .add_filter(t.all_files_filter, &["*"]);
    if let Some(dir) = dir.filter(|dir| dir.is_dir()) {
        dialog = dialog
            .set_directory(dir)
            .set_file_name(suggested_name(Some(dir), ""));
    }
    ask(|| dialog.pick_file())
}

/// Asks for the files of a collection of mate problems.
pub fn pick_collection(lang: Language) -> Picked<Vec<PathBuf>> {
    let dialog = rfd::FileDialog::new()
        .set_title(lang.practice().import)
        .add_filter("SFEN, KIF", &COLLECTION_EXTENSIONS)
        .add_filter(lang.strings().all_files_filter, &["*"]);
    ask(|| dialog.pick_files())
}
