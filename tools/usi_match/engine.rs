//! A USI engine process: the handshake, `go` with a deadline, and stopping it.

use super::settings::EngineSpec;
use std::collections::VecDeque;
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Why an engine gave no move: it is then stopped and started afresh for
/// the next game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    Timeout(String),
    Crash(String),
    Start(String),
}

impl Failure {
    pub fn reason(&self) -> &'static str {
        match self {
            Failure::Timeout(_) => "timeout",
            Failure::Crash(_) => "crash",
            Failure::Start(_) => "start-failure",
        }
    }

    pub fn message(&self) -> &str {
        match self {
            Failure::Timeout(m) | Failure::Crash(m) | Failure::Start(m) => m,
        }
    }
}

pub type Traffic = Option<Arc<Mutex<File>>>;

/// A running engine process: its input, and its output lines read on a
/// thread of their own so that every read can have a deadline.
pub struct Process {
    pub child: Child,
    pub stdin: ChildStdin,
    pub lines: Receiver<String>,
    pub stderr_tail: Arc<Mutex<VecDeque<String>>>,
}

/// What an engine answered to `go`.
#[derive(Clone, Debug, Default)]
pub struct Answer {
    pub bestmove: String,
    pub elapsed: Duration,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
}

pub struct Engine {
    pub label: String,
    pub spec: EngineSpec,
    pub init_timeout: Duration,
    pub traffic: Traffic,
    pub process: Option<Process>,
    pub id_name: Option<String>,
}

impl Engine {
    pub fn new(
        label: String,
        spec: &EngineSpec,
        init_timeout: Duration,
        traffic: Traffic,
    ) -> Engine {
        Engine {
            label,
            spec: spec.clone(),
            init_timeout,
            traffic,
            process: None,
            id_name: None,
        }
    }

    pub fn start(&mut self) -> Result<(), Failure> {
        self.stop();
        let (program, args) = self
            .spec
            .argv
            .split_first()
            .ok_or_else(|| Failure::Start("no command".into()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| Failure::Start(format!("cannot start '{program}': {e}")))?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            return Err(Failure::Start("no pipes to the engine".into()));
        };
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr_tail);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Ok(mut tail) = tail.lock() {
                    if tail.len() == 5 {
                        tail.pop_front();
                    }
                    tail.push_back(line);
                }
            }
        });
        self.process = Some(Process {
            child,
            stdin,
            lines,
            stderr_tail,
        });
        self.handshake()
            .map_err(|f| Failure::Start(f.message().to_string()))
    }

    pub fn handshake(&mut self) -> Result<(), Failure> {
        self.send("usi")?;
        let deadline = Instant::now() + self.init_timeout;
        let mut ponder_offered = false;
        loop {
            let line = self.read(deadline)?;
            let line = line.trim();
            if line == "usiok" {
                break;
            }
            if let Some(name) = line.strip_prefix("id name ") {
                self.id_name = Some(name.trim().to_string());
            }
            ponder_offered |= line.starts_with("option name USI_Ponder ");
        }
        let user_sets_ponder = self.spec.options.iter().any(|(n, _)| n == "USI_Ponder");
        if ponder_offered && !user_sets_ponder {
            self.send("setoption name USI_Ponder value false")?;
        }
        for (name, value) in self.spec.options.clone() {
            match value {
                Some(value) => self.send(&format!("setoption name {name} value {value}"))?,
                None => self.send(&format!("setoption name {name}"))?,
            }
        }
        self.is_ready()
    }

    pub fn is_ready(&mut self) -> Result<(), Failure> {
        self.drain();
        self.send("isready")?;
        let deadline = Instant::now() + self.init_timeout;
        while self.read(deadline)?.trim() != "readyok" {}
        Ok(())
    }

    pub fn new_game(&mut self) -> Result<(), Failure> {
        if self.process.is_none() {
            self.start()?;
        }
        self.is_ready()?;
        self.send("usinewgame")
    }

    /// Sends the position and the `go` line; waits for `bestmove` until
    /// `limit` after the `go`.
    pub fn go(&mut self, position: &str, go: &str, limit: Duration) -> Result<Answer, Failure> {
        self.drain();
        self.send(position)?;
        let started = Instant::now();
        self.send(go)?;
        let mut answer = Answer::default();
        loop {
            let line = self.read(started + limit)?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    answer.bestmove = words.next().unwrap_or("").to_string();
                    answer.elapsed = started.elapsed();
                    return Ok(answer);
                }
                Some("info") => read_info(words, &mut answer),
                _ => {}
            }
        }
    }

    pub fn game_over(&mut self, outcome: &str) {
        if self.process.is_some() {
            let _ = self.send(&format!("gameover {outcome}"));
        }
    }

    pub fn quit(&mut self) {
        if let Some(mut process) = self.process.take() {
            let _ = writeln!(process.stdin, "quit");
            let _ = process.stdin.flush();
            let deadline = Instant::now() + Duration::from_secs(2);
            while Instant::now() < deadline {
                if matches!(process.child.try_wait(), Ok(Some(_))) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            let _ = process.child.kill();
            let _ = process.child.wait();
        }
    }

    /// Kills the process: after a failure its state is unknown.
    pub fn stop(&mut self) {
        if let Some(mut process) = self.process.take() {
            let _ = process.child.kill();
            let _ = process.child.wait();
        }
    }

    pub fn send(&mut self, line: &str) -> Result<(), Failure> {
        self.record('>', line);
        let process = self
            .process
            .as_mut()
            .ok_or_else(|| Failure::Crash("not running".into()))?;
        writeln!(process.stdin, "{line}")
            .and_then(|()| process.stdin.flush())
            .map_err(|e| Failure::Crash(format!("cannot write to it: {e}")))
    }

    pub fn read(&mut self, deadline: Instant) -> Result<String, Failure> {
        let process = self
            .process
            .as_mut()
            .ok_or_else(|| Failure::Crash("not running".into()))?;
        let wait = deadline.saturating_duration_since(Instant::now());
        match process.lines.recv_timeout(wait) {
            Ok(line) => {
                self.record('<', &line);
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout("no answer in time".into())),
            Err(RecvTimeoutError::Disconnected) => {
                let status = process
                    .child
                    .wait()
                    .map(|s| s.to_string())
                    .unwrap_or_default();
                let tail: Vec<String> = process
                    .stderr_tail
                    .lock()
                    .map(|t| t.iter().cloned().collect())
                    .unwrap_or_default();
                Err(Failure::Crash(format!(
                    "the engine exited ({status}) {}",
                    tail.join(" | ")
                )))
            }
        }
    }

    /// Drops lines left from an earlier command (a late `bestmove`).
    pub fn drain(&mut self) {
        let stale: Vec<String> = match &self.process {
            Some(process) => process.lines.try_iter().collect(),
            None => return,
        };
        for line in stale {
            self.record('-', &line);
        }
    }

    pub fn record(&self, direction: char, line: &str) {
        if let Some(file) = &self.traffic
            && let Ok(mut file) = file.lock()
        {
            let _ = writeln!(file, "{} {direction} {line}", self.label);
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.quit();
    }
}

pub fn read_info<'a>(mut words: impl Iterator<Item = &'a str>, answer: &mut Answer) {
    while let Some(word) = words.next() {
        match word {
            "nodes" => answer.nodes = words.next().and_then(|w| w.parse().ok()),
            "depth" => answer.depth = words.next().and_then(|w| w.parse().ok()),
            "pv" | "string" => return,
            _ => {}
        }
    }
}
