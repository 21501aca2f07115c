//! The USI protocol front: reads commands, answers on the output.
//!
//! Sits above the rules core and the engine; knows nothing of the GUI.
//! Searches run on their own thread so `stop`, `ponderhit` and `quit` are
//! read while the engine thinks. Every line of input is handled without
//! panicking: what cannot be parsed gets one `info string error: ...` line
//! and the session goes on.

pub mod client;
pub mod go;
pub mod info;
pub mod job;
pub mod matches;
pub mod options;
pub mod output;
pub mod session;

pub use output::{ENGINE_AUTHOR, ENGINE_NAME, Flow, Output, say};
pub use session::Session;

use output::error;

use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};

/// Runs a session until `quit` or the end of the input.
pub fn run(input: impl BufRead, out: impl Write + Send + 'static) -> std::io::Result<()> {
    let out: Output = Arc::new(Mutex::new(Box::new(out)));
    let mut session = Session::new(Arc::clone(&out));
    for line in input.lines() {
        let line = match line {
            Ok(line) => line,
            // Not UTF-8: report and go on with the next line.
            Err(err) if err.kind() == std::io::ErrorKind::InvalidData => {
                error(&out, "input is not valid UTF-8");
                continue;
            }
            Err(err) => return Err(err),
        };
        if session.handle_line(&line) == Flow::Quit {
            session.stop_search();
            return Ok(());
        }
    }
    // End of input: let a bounded search finish and answer, stop an endless one.
    session.finish_search();
    Ok(())
}
