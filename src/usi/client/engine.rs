//! A USI engine driven by komadai: the handshake with its `id` and options,
//! `setoption`, `isready`, a move with a deadline, and the endless search
//! of an analysis with `stop`. Every wait has a deadline; whatever goes
//! wrong is a [`UsiError`], after which the caller stops the engine.

use super::error::{UsiError, UsiErrorKind};
use super::info::SearchInfo;
use super::option::{EngineOption, OptionKind};
use super::process::{Process, Traffic};
use crate::rules::{Move, Position, PositionCommand};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How often a timed search looks whether it has been cancelled.
const CANCEL_CHECK: Duration = Duration::from_millis(50);

/// Which engine to start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Launch {
    /// A program and its arguments.
    Program(Vec<String>),
    /// komadai's own engine, run in this process.
    BuiltIn,
}

#[derive(Clone, Copy, Debug)]
pub struct Timeouts {
    /// For `usiok` and `readyok`.
    pub init: Duration,
    /// For the `bestmove` after `stop`.
    pub stop: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            init: Duration::from_secs(10),
            stop: Duration::from_secs(5),
        }
    }
}

/// What an engine says of itself in answer to `usi`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineId {
    pub name: Option<String>,
    pub author: Option<String>,
    pub options: Vec<EngineOption>,
}

impl EngineId {
    pub fn option(&self, name: &str) -> Option<&EngineOption> {
        self.options.iter().find(|o| o.name == name)
    }
}

/// What an engine answered to `go`.
#[derive(Clone, Debug, Default)]
pub struct Answer {
    /// The word after `bestmove`, unchecked (a move, `resign` or `win`).
    pub bestmove: String,
    pub elapsed: Duration,
    /// The last `info` line's figures.
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    /// The last `info` with a score and a line for each MultiPV rank, best first.
    pub lines: Vec<SearchInfo>,
}

/// A `bestmove` checked against the position it answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BestMove {
    Move(Move),
    Resign,
    /// The engine declares an impasse win.
    Win,
}

/// Reads `bestmove`'s word as an answer in `position`: an unreadable or
/// illegal move is an error.
pub fn check_bestmove(position: &Position, word: &str) -> Result<BestMove, UsiError> {
    match word {
        "resign" => Ok(BestMove::Resign),
        "win" => Ok(BestMove::Win),
        text => {
            let mv = Move::from_usi(text)
                .map_err(|_| UsiError::new(UsiErrorKind::Unreadable, format!("'{text}'")))?;
            if position.is_legal(mv) {
                Ok(BestMove::Move(mv))
            } else {
                Err(UsiError::new(
                    UsiErrorKind::IllegalMove,
                    format!("'{text}' in {}", position.to_sfen()),
                ))
            }
        }
    }
}

pub struct UsiEngine {
    process: Process,
    id: EngineId,
    timeouts: Timeouts,
    /// A `go infinite` is running and owes a `bestmove` after `stop`.
    searching: bool,
}

impl std::fmt::Debug for UsiEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UsiEngine")
            .field("id", &self.id)
            .field("searching", &self.searching)
            .finish_non_exhaustive()
    }
}

impl UsiEngine {
    /// Starts the engine and reads its `id` and options up to `usiok`.
    pub fn start(
        launch: &Launch,
        timeouts: Timeouts,
        traffic: Traffic,
    ) -> Result<UsiEngine, UsiError> {
        let process = match launch {
            Launch::Program(argv) => Process::spawn(argv, traffic)?,
            Launch::BuiltIn => Process::built_in(traffic),
        };
        let mut engine = UsiEngine {
            process,
            id: EngineId::default(),
            timeouts,
            searching: false,
        };
        engine.handshake()?;
        Ok(engine)
    }

    fn handshake(&mut self) -> Result<(), UsiError> {
        self.process.send("usi")?;
        let deadline = Instant::now() + self.timeouts.init;
        loop {
            let line = self
                .process
                .read(deadline, UsiErrorKind::NoUsiOk, "")
                .map_err(|e| self.fail(e))?;
            let line = line.trim();
            if line == "usiok" {
                return Ok(());
            }
            if let Some(name) = line.strip_prefix("id name ") {
                self.id.name = Some(name.trim().to_string());
            } else if let Some(author) = line.strip_prefix("id author ") {
                self.id.author = Some(author.trim().to_string());
            } else if let Some(option) = EngineOption::parse(line)
                && self.id.option(&option.name).is_none()
            {
                self.id.options.push(option);
            }
        }
    }

    pub fn id(&self) -> &EngineId {
        &self.id
    }

    /// Gives a declared option a value (`None` presses a button); a value
    /// the option does not take is refused before it is sent.
    pub fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), UsiError> {
        let option = self.id.option(name).ok_or_else(|| {
            UsiError::new(UsiErrorKind::BadOption, format!("no option named '{name}'"))
        })?;
        let value = value.unwrap_or("");
        if !option.accepts(value) {
            return Err(UsiError::new(
                UsiErrorKind::BadOption,
                format!("'{value}' for '{name}'"),
            ));
        }
        let line = option.setoption(value);
        self.process.send(&line)
    }

    /// Whether it offers `name` as a spin that takes `value`.
    pub fn takes_spin(&self, name: &str, value: i64) -> bool {
        matches!(self.id.option(name), Some(o) if matches!(o.kind, OptionKind::Spin { .. }) && o.accepts(&value.to_string()))
    }

    /// `isready`, waiting for `readyok`.
    pub fn is_ready(&mut self) -> Result<(), UsiError> {
        self.process.drain();
        self.process.send("isready")?;
        let deadline = Instant::now() + self.timeouts.init;
        loop {
            let line = self
                .process
                .read(deadline, UsiErrorKind::NotReady, "")
                .map_err(|e| self.fail(e))?;
            if line.trim() == "readyok" {
                return Ok(());
            }
        }
    }

    /// `isready` then `usinewgame`.
    pub fn new_game(&mut self) -> Result<(), UsiError> {
        self.is_ready()?;
        self.process.send("usinewgame")
    }

    /// Sends the position and the `go` line; waits for `bestmove` until
    /// `limit` after the `go`.
    pub fn go(
        &mut self,
        position: &PositionCommand,
        go: &str,
        limit: Duration,
    ) -> Result<Answer, UsiError> {
        let never = AtomicBool::new(false);
        self.go_unless(position, go, limit, &never)
            .map(Option::unwrap_or_default)
    }

    /// As [`UsiEngine::go`], but `cancel` set meanwhile stops the search
    /// (`stop`, its `bestmove` read and dropped): `Ok(None)`.
    pub fn go_unless(
        &mut self,
        position: &PositionCommand,
        go: &str,
        limit: Duration,
        cancel: &AtomicBool,
    ) -> Result<Option<Answer>, UsiError> {
        self.stop()?;
        self.process.drain();
        self.process
            .send(&format!("position {}", position.to_usi()))?;
        let started = Instant::now();
        self.process.send(go)?;
        let mut answer = Answer::default();
        loop {
            if cancel.load(Ordering::Relaxed) {
                // Owes a `bestmove`, as an endless search does.
                self.searching = true;
                self.stop()?;
                return Ok(None);
            }
            let deadline = started + limit;
            let slice = (Instant::now() + CANCEL_CHECK).min(deadline);
            let Some(line) = self.process.read_until(slice).map_err(|e| self.fail(e))? else {
                if Instant::now() >= deadline {
                    return Err(self.fail(UsiError::new(UsiErrorKind::Timeout, "")));
                }
                continue;
            };
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    answer.bestmove = words.next().unwrap_or("").to_string();
                    answer.elapsed = started.elapsed();
                    return Ok(Some(answer));
                }
                Some("info") => {
                    if let Some(info) = SearchInfo::parse(&line) {
                        answer.nodes = info.nodes.or(answer.nodes);
                        answer.depth = info.depth.or(answer.depth);
                        keep_line(&mut answer.lines, info);
                    }
                }
                _ => {}
            }
        }
    }

    /// Starts an endless search (`go infinite`) on `position`; its reports
    /// come from [`UsiEngine::poll`] until [`UsiEngine::stop`].
    pub fn go_infinite(&mut self, position: &PositionCommand) -> Result<(), UsiError> {
        self.stop()?;
        self.process.drain();
        self.process
            .send(&format!("position {}", position.to_usi()))?;
        self.process.send("go infinite")?;
        self.searching = true;
        Ok(())
    }

    /// The `info` lines of the running search read by `until` (at least one
    /// line waited for, then all that came).
    pub fn poll(&mut self, until: Instant) -> Result<Vec<SearchInfo>, UsiError> {
        let mut infos = Vec::new();
        let first = self.process.read_until(until).map_err(|e| self.fail(e))?;
        let rest = match first {
            Some(line) => {
                let mut lines = vec![line];
                lines.extend(self.process.ready_lines().map_err(|e| self.fail(e))?);
                lines
            }
            None => Vec::new(),
        };
        for line in rest {
            if let Some(info) = SearchInfo::parse(&line) {
                infos.push(info);
            } else if line.trim_start().starts_with("bestmove") {
                // An engine that ends an infinite search on its own (a mate found).
                self.searching = false;
            }
        }
        Ok(infos)
    }

    /// Whether a `go infinite` is still running.
    pub fn searching(&self) -> bool {
        self.searching
    }

    /// Stops a running search and waits for its `bestmove`; the word after
    /// it, or `None` when no search was running.
    pub fn stop(&mut self) -> Result<Option<String>, UsiError> {
        if !self.searching {
            return Ok(None);
        }
        self.searching = false;
        self.process.send("stop")?;
        let deadline = Instant::now() + self.timeouts.stop;
        loop {
            let line = self
                .process
                .read(
                    deadline,
                    UsiErrorKind::Timeout,
                    "no 'bestmove' after 'stop'",
                )
                .map_err(|e| self.fail(e))?;
            let mut words = line.split_whitespace();
            if words.next() == Some("bestmove") {
                return Ok(Some(words.next().unwrap_or("").to_string()));
            }
        }
    }

    /// `gameover win|lose|draw`.
    pub fn game_over(&mut self, outcome: &str) {
        let _ = self.process.send(&format!("gameover {outcome}"));
    }

    /// Says `quit`; stops the process if it does not go by itself.
    pub fn quit(mut self) {
        let _ = self.stop();
        self.process.quit();
    }

    /// Stops the process at once.
    pub fn kill(mut self) {
        self.process.kill();
    }

    /// After a failure the engine's state is unknown: it is stopped, and the
    /// error passed on.
    fn fail(&mut self, error: UsiError) -> UsiError {
        self.searching = false;
        self.process.kill();
        error
    }
}

/// Keeps `info` as its rank's latest line, when it has a score and moves.
fn keep_line(lines: &mut Vec<SearchInfo>, info: SearchInfo) {
    if info.score.is_none() || info.pv.is_empty() {
        return;
    }
    let rank = info.multipv.unwrap_or(1).max(1);
    lines.retain(|l| l.multipv.unwrap_or(1).max(1) != rank);
    lines.push(info);
    lines.sort_by_key(|l| l.multipv.unwrap_or(1));
}
