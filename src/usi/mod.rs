//! The USI protocol front: reads commands, answers on the output.
//!
//! Sits above the rules core (and later the engine); knows nothing of the GUI.
//! Every line of input is handled without panicking: what cannot be parsed
//! gets one `info string error: ...` line and the session goes on.

use crate::rules::{Position, PositionCommand, perft_divide};
use std::io::{BufRead, Write};

pub const ENGINE_NAME: &str = concat!("komadai ", env!("CARGO_PKG_VERSION"));
pub const ENGINE_AUTHOR: &str = "the komadai developers";

/// What the session does after a command.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// One USI session: the current position and what it was built from.
pub struct Session {
    position: Position,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    pub fn new() -> Session {
        Session {
            position: Position::startpos(),
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Handles one line of input, writing any answer to `out`.
    pub fn handle_line(&mut self, line: &str, out: &mut impl Write) -> std::io::Result<Flow> {
        let line = line.trim();
        let (command, rest) = match line.split_once(char::is_whitespace) {
            Some((command, rest)) => (command, rest.trim()),
            None => (line, ""),
        };
        match command {
            "" => {}
            "usi" => {
                writeln!(out, "id name {ENGINE_NAME}")?;
                writeln!(out, "id author {ENGINE_AUTHOR}")?;
                writeln!(out, "usiok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "usinewgame" => self.position = Position::startpos(),
            "position" => match PositionCommand::parse(rest) {
                Ok(command) => self.position = command.current(),
                Err(err) => error(out, &format!("position: {err}"))?,
            },
            "d" => writeln!(out, "{}", self.position)?,
            "go" => self.go(rest, out)?,
            "quit" => return Ok(Flow::Quit),
            other => error(out, &format!("unknown command '{other}'"))?,
        }
        out.flush()?;
        Ok(Flow::Continue)
    }

    fn go(&mut self, args: &str, out: &mut impl Write) -> std::io::Result<()> {
        let mut words = args.split_whitespace();
        match (words.next(), words.next(), words.next()) {
            (Some("perft"), Some(depth), None) => match depth.parse::<u32>() {
                Ok(depth) if (1..=12).contains(&depth) => {
                    let mut total = 0;
                    for (mv, nodes) in perft_divide(&self.position, depth) {
                        writeln!(out, "{mv}: {nodes}")?;
                        total += nodes;
                    }
                    writeln!(out)?;
                    writeln!(out, "Nodes searched: {total}")
                }
                _ => error(
                    out,
                    &format!("go perft: '{depth}' is not a depth from 1 to 12"),
                ),
            },
            _ => error(
                out,
                &format!("go: unsupported arguments '{args}' (try 'go perft 3')"),
            ),
        }
    }
}

fn error(out: &mut impl Write, message: &str) -> std::io::Result<()> {
    let one_line = message.replace(['\n', '\r'], " ");
    writeln!(out, "info string error: {one_line}")
}

/// Runs a session until `quit` or the end of the input.
pub fn run(input: impl BufRead, mut out: impl Write) -> std::io::Result<()> {
    let mut session = Session::new();
    for line in input.lines() {
        let line = match line {
            Ok(line) => line,
            // Not UTF-8: report and go on with the next line.
            Err(err) if err.kind() == std::io::ErrorKind::InvalidData => {
                error(&mut out, "input is not valid UTF-8")?;
                continue;
            }
            Err(err) => return Err(err),
        };
        if session.handle_line(&line, &mut out)? == Flow::Quit {
            break;
        }
    }
    Ok(())
}
