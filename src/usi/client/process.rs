//! The pipe to an engine: a program started as a child process, or
//! komadai's own engine run in this process behind the same lines. Output
//! lines are read on a thread of their own so that every read can have a
//! deadline, and bytes that are not UTF-8 are read, not taken for the end.

use super::error::{UsiError, UsiErrorKind};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Where the lines sent and read are copied, each with a label and `>`
/// (sent), `<` (read) or `-` (read but left over from an earlier command).
pub type Traffic = Option<(String, Arc<Mutex<dyn Write + Send>>)>;

/// The longest line kept from an engine; a longer one is cut there, so an
/// engine that writes without end cannot fill the memory.
const MAX_LINE: usize = 64 * 1024;

/// How many of the engine's last error lines are kept for the message
/// when it crashes.
const STDERR_TAIL: usize = 5;

enum Runner {
    Child(Child),
    Thread(Option<JoinHandle<()>>),
}

pub struct Process {
    runner: Runner,
    input: Box<dyn Write + Send>,
    lines: Receiver<String>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    traffic: Traffic,
}

impl Process {
    /// Starts `argv[0]` with the rest as its arguments.
    pub fn spawn(argv: &[String], traffic: Traffic) -> Result<Process, UsiError> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| UsiError::new(UsiErrorKind::Start, "no program given"))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| UsiError::new(UsiErrorKind::Start, format!("'{program}': {e}")))?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(UsiError::new(UsiErrorKind::Start, "no pipes to the engine"));
        };
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || read_lines(stdout, &sender));
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr_tail);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Ok(mut tail) = tail.lock() {
                    if tail.len() == STDERR_TAIL {
                        tail.pop_front();
                    }
                    tail.push_back(line);
                }
            }
        });
        Ok(Process {
            runner: Runner::Child(child),
            input: Box::new(stdin),
            lines,
            stderr_tail,
            traffic,
        })
    }

    /// komadai's own USI engine on a thread of this process: the same
    /// protocol as `komadai-usi`, without a program to find.
    pub fn built_in(traffic: Traffic) -> Process {
        let (to_engine, from_client) = mpsc::channel::<Vec<u8>>();
        let (sender, lines) = mpsc::channel();
        let thread = std::thread::spawn(move || {
            let input = BufReader::new(ChannelReader {
                receiver: from_client,
                pending: Vec::new(),
                at: 0,
            });
            let output = LineWriter {
                sender,
                pending: Vec::new(),
            };
            let _ = crate::usi::run(input, output);
        });
        Process {
            runner: Runner::Thread(Some(thread)),
            input: Box::new(ChannelWriter(to_engine)),
            lines,
            stderr_tail: Arc::new(Mutex::new(VecDeque::new())),
            traffic,
        }
    }

    pub fn send(&mut self, line: &str) -> Result<(), UsiError> {
        self.record('>', line);
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| UsiError::new(UsiErrorKind::Crash, format!("cannot write to it: {e}")))
    }

    /// The next line, waiting until `deadline`; `None` when none came by then.
    pub fn read_until(&mut self, deadline: Instant) -> Result<Option<String>, UsiError> {
        // An engine that never stops writing must not keep a deadline from coming.
        if Instant::now() >= deadline {
            return Ok(None);
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                self.record('<', &line);
                Ok(Some(line))
            }
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => Err(self.crash()),
        }
    }

    /// The next line, or the error `kind` when none came by `deadline`.
    pub fn read(
        &mut self,
        deadline: Instant,
        kind: UsiErrorKind,
        detail: &str,
    ) -> Result<String, UsiError> {
        self.read_until(deadline)?
            .ok_or_else(|| UsiError::new(kind, detail))
    }

    /// The lines already read, without waiting.
    pub fn ready_lines(&mut self) -> Result<Vec<String>, UsiError> {
        let mut lines = Vec::new();
        loop {
            match self.lines.try_recv() {
                Ok(line) => {
                    self.record('<', &line);
                    lines.push(line);
                }
                Err(mpsc::TryRecvError::Empty) => return Ok(lines),
                Err(mpsc::TryRecvError::Disconnected) => {
                    return if lines.is_empty() {
                        Err(self.crash())
                    } else {
                        Ok(lines)
                    };
                }
            }
        }
    }

    /// Drops lines left from an earlier command (a late `bestmove`).
    pub fn drain(&mut self) {
        let stale: Vec<String> = self.lines.try_iter().collect();
        for line in stale {
            self.record('-', &line);
        }
    }

    /// Says `quit` and waits a little for the engine to go; stops it if it
    /// does not.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        match &mut self.runner {
            Runner::Child(child) => {
                let deadline = Instant::now() + Duration::from_secs(2);
                while Instant::now() < deadline {
                    if matches!(child.try_wait(), Ok(Some(_))) {
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
            }
            Runner::Thread(_) => {}
        }
        self.kill();
    }

    /// Stops the engine at once: after a failure its state is unknown.
    pub fn kill(&mut self) {
        match &mut self.runner {
            Runner::Child(child) => {
                let _ = child.kill();
                let _ = child.wait();
            }
            Runner::Thread(thread) => {
                // `stop` ends any search at once, then the end of its input
                // ends the session; its thread is left to finish on its own.
                let _ = writeln!(self.input, "stop");
                let _ = writeln!(self.input, "quit");
                self.input = Box::new(std::io::sink());
                thread.take();
            }
        }
    }

    fn crash(&mut self) -> UsiError {
        let status = match &mut self.runner {
            Runner::Child(child) => child.wait().map(|s| s.to_string()).unwrap_or_default(),
            Runner::Thread(_) => "the built-in engine ended".to_string(),
        };
        let tail: Vec<String> = self
            .stderr_tail
            .lock()
            .map(|t| t.iter().cloned().collect())
            .unwrap_or_default();
        let detail = if tail.is_empty() {
            status
        } else {
            format!("{status}; it said: {}", tail.join(" | "))
        };
        UsiError::new(UsiErrorKind::Crash, detail)
    }

    fn record(&self, direction: char, line: &str) {
        if let Some((label, file)) = &self.traffic
            && let Ok(mut file) = file.lock()
        {
            let _ = writeln!(file, "{label} {direction} {line}");
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Reads lines until the end, sending each; invalid UTF-8 is replaced, an
/// endless line cut.
fn read_lines(stdout: impl Read, sender: &Sender<String>) {
    let mut reader = BufReader::new(stdout);
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match (&mut reader)
            .take(MAX_LINE as u64)
            .read_until(b'\n', &mut bytes)
        {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let text = String::from_utf8_lossy(&bytes);
        let line = text.trim_end_matches(['\n', '\r']).to_string();
        if sender.send(line).is_err() {
            return;
        }
    }
}

/// The built-in engine's input: what the client sent, as bytes.
struct ChannelReader {
    receiver: Receiver<Vec<u8>>,
    pending: Vec<u8>,
    at: usize,
}

impl Read for ChannelReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while self.at == self.pending.len() {
            match self.receiver.recv() {
                Ok(bytes) => {
                    self.pending = bytes;
                    self.at = 0;
                }
                // The client has gone: the end of input.
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

struct ChannelWriter(Sender<Vec<u8>>);

impl Write for ChannelWriter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0
            .send(bytes.to_vec())
            .map_err(|_| std::io::Error::from(std::io::ErrorKind::BrokenPipe))?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The built-in engine's output, cut into lines for the client.
struct LineWriter {
    sender: Sender<String>,
    pending: Vec<u8>,
}

impl Write for LineWriter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(bytes);
        while let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=end).collect();
            let text = String::from_utf8_lossy(&line[..end]).into_owned();
            // A client that has gone is no error for the engine.
            let _ = self.sender.send(text);
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
