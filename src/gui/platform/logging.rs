//! A log file in the data folder that a player can attach to a problem report, and nothing
//! on the console (a double-clicked app has none to show).
//!
//! komadai's own messages are kept from `info` up, other crates' (eframe, winit, D-Bus) from
//! `warn` up. The file is started afresh past 1 MB, the previous one kept as `.old`. A panic
//! is written to the log before the process ends.

use log::{Level, LevelFilter, Log, Metadata, Record};
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

const MAX_BYTES: u64 = 1 << 20;

struct FileLogger {
    file: Mutex<File>,
}

impl Log for FileLogger {
    fn enabled(&self, metadata: &Metadata) -> bool {
        let ours = metadata.target().starts_with("komadai");
        metadata.level() <= if ours { Level::Info } else { Level::Warn }
    }

    fn log(&self, record: &Record) {
        if !self.enabled(record.metadata()) {
            return;
        }
        let line = format!(
            "{} {:<5} {}: {}\n",
            timestamp(),
            record.level(),
            record.target(),
            record.args()
        );
        if let Ok(mut file) = self.file.lock() {
            let _ = file.write_all(line.as_bytes());
        }
    }

    fn flush(&self) {
        if let Ok(mut file) = self.file.lock() {
            let _ = file.flush();
        }
    }
}

/// Starts logging to `path` (usually [`crate::gui::platform::data_dir::log_path`]); returns the path in use,
/// or `None` when no log file could be opened (then nothing is logged, and the app runs on).
pub fn init(path: Option<PathBuf>) -> Option<PathBuf> {
    let path = path?;
    let file = open(&path).ok()?;
    let logger = Box::new(FileLogger {
        file: Mutex::new(file),
    });
    log::set_boxed_logger(logger).ok()?;
    log::set_max_level(LevelFilter::Info);
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        log::error!("panic: {info}");
        log::logger().flush();
        default_hook(info);
    }));
    log::info!("komadai {} started", env!("CARGO_PKG_VERSION"));
    Some(path)
}

fn open(path: &Path) -> std::io::Result<File> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    if fs::metadata(path).is_ok_and(|m| m.len() > MAX_BYTES) {
        let _ = fs::rename(path, path.with_extension("log.old"));
    }
    OpenOptions::new().create(true).append(true).open(path)
}

/// UTC time as `2026-11-29 12:34:56`, without a date crate.
fn timestamp() -> String {
    let now = crate::record::UtcTime::now();
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}:{:02}",
        now.year, now.month, now.day, now.hour, now.minute, now.second
    )
}

/// UTC time for file names, sortable and free of `:` (which Windows forbids):
/// `2026-11-29-123456`.
pub fn file_stamp() -> String {
    timestamp()
        .chars()
        .filter(|c| *c != ':')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}
