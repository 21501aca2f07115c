//! The engine's name and its one way of writing to the GUI.

use std::io::Write;
use std::sync::{Arc, Mutex};

pub const ENGINE_NAME: &str = concat!("komadai ", env!("CARGO_PKG_VERSION"));
pub const ENGINE_AUTHOR: &str = "the komadai developers";

/// The output, shared by the session and its search thread.
pub type Output = Arc<Mutex<Box<dyn Write + Send>>>;

/// What the session does after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// Writes one line and flushes it; a closed output is not an error worth
/// stopping the engine for (the GUI has gone, `quit` or EOF follows).
pub fn say(out: &Output, line: &str) {
    let mut out = match out.lock() {
        Ok(out) => out,
        Err(poisoned) => poisoned.into_inner(),
    };
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

pub(crate) fn error(out: &Output, message: &str) {
    let one_line = message.replace(['\n', '\r'], " ");
    say(out, &format!("info string error: {one_line}"));
}
