//! One USI session: the position, the options, and the search thread.

use super::go::GoCommand;
use super::job::Job;
use super::options::{Options, declarations};
use super::output::{ENGINE_AUTHOR, ENGINE_NAME, Flow, Output, error, say};
use crate::engine::bench;
use crate::engine::repetition::Visit;
use crate::engine::search::Engine;
use crate::rules::{Position, PositionCommand, perft_divide};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

/// A search in progress.
struct Running {
    thread: JoinHandle<()>,
    stop: Arc<AtomicBool>,
    pondering: Arc<AtomicBool>,
    infinite: bool,
}

pub struct Session {
    out: Output,
    position: Position,
    path: Vec<Visit>,
    options: Options,
    engine: Arc<Mutex<Engine>>,
    /// The table size the engine was built with.
    engine_hash_mb: usize,
    running: Option<Running>,
    games: u64,
    /// Seeds every search's choices instead of the clock (repeatable play).
    fixed_seed: Option<u64>,
}

impl Session {
    pub fn new(out: Output) -> Session {
        let options = Options::default();
        Session {
            out,
            position: Position::startpos(),
            path: Vec::new(),
            options,
            engine: Arc::new(Mutex::new(Engine::new(1))),
            engine_hash_mb: 0,
            running: None,
            games: 0,
            fixed_seed: None,
        }
    }

    /// A session whose randomised levels choose by `seed` alone, so the same
    /// commands give the same moves (as the app's `think` with that seed).
    pub fn with_seed(out: Output, seed: u64) -> Session {
        Session {
            fixed_seed: Some(seed),
            ..Session::new(out)
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Handles one line of input; answers go to the session's output.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        let line = line.trim();
        let (command, rest) = match line.split_once(char::is_whitespace) {
            Some((command, rest)) => (command, rest.trim()),
            None => (line, ""),
        };
        match command {
            "" => {}
            "usi" => {
                say(&self.out, &format!("id name {ENGINE_NAME}"));
                say(&self.out, &format!("id author {ENGINE_AUTHOR}"));
                for option in declarations() {
                    say(&self.out, &option);
                }
                say(&self.out, "usiok");
            }
            "isready" => {
                if self.running.is_none() {
                    self.prepare_engine();
                }
                say(&self.out, "readyok");
            }
            "setoption" => {
                self.stop_search();
                if let Err(err) = self.options.set(rest) {
                    error(&self.out, &err.to_string());
                }
            }
            "usinewgame" => {
                self.stop_search();
                self.prepare_engine();
                self.with_engine(Engine::clear);
                self.games += 1;
                self.position = Position::startpos();
                self.path.clear();
            }
            "position" => {
                self.stop_search();
                self.set_position(rest);
            }
            "d" => say(&self.out, &self.position.to_string()),
            "go" => self.go(rest),
            "stop" => self.stop_search(),
            "ponderhit" => {
                if let Some(running) = &self.running {
                    running.pondering.store(false, Ordering::Relaxed);
                }
            }
            "gameover" => self.stop_search(),
            "bench" => self.bench(rest),
            "quit" => return Flow::Quit,
            other => error(&self.out, &format!("unknown command '{other}'")),
        }
        Flow::Continue
    }

    fn with_engine(&self, f: impl FnOnce(&mut Engine)) {
        let mut engine = match self.engine.lock() {
            Ok(engine) => engine,
            Err(poisoned) => poisoned.into_inner(),
        };
        f(&mut engine);
    }

    /// Builds the hash table at the size the options ask for.
    fn prepare_engine(&mut self) {
        if self.engine_hash_mb != self.options.hash_mb {
            let mb = self.options.hash_mb;
            self.with_engine(|engine| engine.resize(mb));
            self.engine_hash_mb = mb;
        }
    }

    fn set_position(&mut self, args: &str) {
        match PositionCommand::parse_for_engine(args) {
            Ok(command) => {
                let mut pos = command.start;
                self.path.clear();
                for &mv in &command.moves {
                    self.path.push(Visit {
                        key: pos.hash(),
                        in_check: pos.in_check(),
                    });
                    pos.play_unchecked(mv);
                }
                self.position = pos;
            }
            Err(err) => error(&self.out, &format!("position: {err}")),
        }
    }

    fn go(&mut self, args: &str) {
        let go_received = Instant::now();
        let go = match GoCommand::parse(args) {
            Ok(go) => go,
            Err(err) => {
                error(&self.out, &err.to_string());
                return;
            }
        };
        self.stop_search();
        if let Some(depth) = go.perft {
            self.perft(depth);
            return;
        }
        self.prepare_engine();
        let stop = Arc::new(AtomicBool::new(false));
        let pondering = Arc::new(AtomicBool::new(go.ponder));
        let infinite = go.infinite || go.mate == Some(None);
        let job = Job {
            position: self.position,
            path: self.path.clone(),
            go,
            options: self.options,
            engine: Arc::clone(&self.engine),
            stop: Arc::clone(&stop),
            pondering: Arc::clone(&pondering),
            out: Arc::clone(&self.out),
            seed: self
                .fixed_seed
                .unwrap_or_else(|| seed(self.games, &self.position)),
            received: go_received,
        };
        match std::thread::Builder::new()
            .name("komadai-search".into())
            .stack_size(crate::engine::search::THREAD_STACK)
            .spawn(move || job.run())
        {
            Ok(thread) => {
                self.running = Some(Running {
                    thread,
                    stop,
                    pondering,
                    infinite,
                })
            }
            Err(err) => error(
                &self.out,
                &format!("go: cannot start the search thread: {err}"),
            ),
        }
    }

    /// Stops the search, if any, and waits for its `bestmove`.
    pub fn stop_search(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop.store(true, Ordering::Relaxed);
            running.pondering.store(false, Ordering::Relaxed);
            let _ = running.thread.join();
        }
    }

    /// At the end of input: a bounded search may finish, an endless one stops.
    pub fn finish_search(&mut self) {
        if let Some(running) = self.running.take() {
            if running.infinite || running.pondering.load(Ordering::Relaxed) {
                running.stop.store(true, Ordering::Relaxed);
                running.pondering.store(false, Ordering::Relaxed);
            }
            let _ = running.thread.join();
        }
    }

    fn perft(&self, depth: u32) {
        let mut total = 0;
        for (mv, nodes) in perft_divide(&self.position, depth) {
            say(&self.out, &format!("{mv}: {nodes}"));
            total += nodes;
        }
        say(&self.out, "");
        say(&self.out, &format!("Nodes searched: {total}"));
    }

    /// `bench [depth]`: the fixed-depth node count and the speed.
    fn bench(&mut self, args: &str) {
        self.stop_search();
        let depth = match args {
            "" => bench::DEFAULT_DEPTH,
            text => match text.parse::<u32>() {
                Ok(depth) if (1..=20).contains(&depth) => depth,
                _ => {
                    error(
                        &self.out,
                        &format!("bench: '{text}' is not a depth from 1 to 20"),
                    );
                    return;
                }
            },
        };
        let out = Arc::clone(&self.out);
        let result = bench::run(depth, |sfen, nodes| {
            say(&out, &format!("info string {sfen}: {nodes} nodes"));
        });
        say(&self.out, &format!("Nodes searched: {}", result.nodes));
        say(
            &self.out,
            &format!("Nodes/second: {}", result.nodes_per_second()),
        );
        say(
            &self.out,
            &format!("Time (ms): {}", result.elapsed.as_millis()),
        );
    }
}

/// Variety for the randomised levels: differs by game and position, and by
/// process so two engines of the same level do not mirror each other.
fn seed(games: u64, pos: &Position) -> u64 {
    let clock = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    clock ^ games.rotate_left(32) ^ pos.hash() ^ u64::from(std::process::id())
}
