//! Live analysis: an engine thinking on a position until told otherwise, on
//! a thread of its own, its best lines kept in a report the window reads.
//! Nothing here waits on the caller's thread: the engine is started, asked
//! and stopped on the analysis thread, and `notify` says when the report
//! has changed (the window asks for a repaint).

use super::engine::{Launch, Timeouts, UsiEngine};
use super::error::UsiError;
use super::info::{EngineScore, SearchInfo};
use crate::rules::{Move, Position, PositionCommand};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The most lines an analysis shows.
pub const MAX_LINES: usize = 5;

/// How often the report is published while the engine thinks: a few times
/// a second is enough to read and costs the window nothing.
const PUBLISH_EVERY: Duration = Duration::from_millis(200);

/// How long the thread waits for the engine's lines before it looks at its
/// own commands again.
const POLL: Duration = Duration::from_millis(50);

/// One of the engine's best lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisLine {
    /// 1 for the best.
    pub rank: usize,
    /// From the side to move's point of view.
    pub score: Option<EngineScore>,
    /// A bound rather than an exact score.
    pub bound: bool,
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    /// The line as legal moves from the position: an engine's move that
    /// does not read or is not legal ends it there.
    pub moves: Vec<Move>,
}

/// What the analysis shows now.
#[derive(Clone, Debug, Default)]
pub struct AnalysisReport {
    /// The position thought on, as last asked.
    pub position: Option<PositionCommand>,
    /// Best first.
    pub lines: Vec<AnalysisLine>,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    /// The engine is thinking.
    pub running: bool,
    /// Its `id name`, once started.
    pub engine_name: Option<String>,
    /// Why the engine was stopped; it is started again on the next request.
    pub error: Option<UsiError>,
    /// Counts the reports published, so a reader sees when one is new.
    pub serial: u64,
}

impl AnalysisReport {
    /// The best line's score, from Sente's point of view.
    pub fn sente_score(&self) -> Option<EngineScore> {
        let position = self.position.as_ref()?.current();
        let score = self.lines.first()?.score?;
        Some(match position.side_to_move() {
            crate::rules::Color::Sente => score,
            crate::rules::Color::Gote => score.negated(),
        })
    }
}

/// How the engine is started and set up.
#[derive(Clone, Debug)]
pub struct EngineSetup {
    pub launch: Launch,
    /// `setoption`s sent after the handshake (`None` presses a button);
    /// ones the engine does not declare are left out.
    pub options: Vec<(String, Option<String>)>,
    pub timeouts: Timeouts,
}

enum AnalysisRequest {
    Analyse {
        // Boxed: a position is large beside the other requests.
        position: Box<PositionCommand>,
        lines: usize,
    },
    Stop,
    Quit,
}

/// The handle the window keeps; dropping it ends the engine.
pub struct Analysis {
    requests: Sender<AnalysisRequest>,
    report: Arc<Mutex<AnalysisReport>>,
}

impl Analysis {
    /// Starts the analysis thread; the engine starts with the first request.
    pub fn new(setup: EngineSetup, notify: Box<dyn Fn() + Send>) -> Analysis {
        let (requests, receiver) = mpsc::channel();
        let report = Arc::new(Mutex::new(AnalysisReport::default()));
        let worker = Worker {
            setup,
            requests: receiver,
            report: Arc::clone(&report),
            notify,
            engine: None,
            lines_set: None,
            draft: AnalysisReport::default(),
            published: Instant::now(),
        };
        std::thread::spawn(move || worker.run());
        Analysis { requests, report }
    }

    /// Thinks on `position` with `lines` best lines (1 to 5) until stopped
    /// or asked another position.
    pub fn analyse(&self, position: PositionCommand, lines: usize) {
        let _ = self.requests.send(AnalysisRequest::Analyse {
            position: Box::new(position),
            lines: lines.clamp(1, MAX_LINES),
        });
    }

    pub fn stop(&self) {
        let _ = self.requests.send(AnalysisRequest::Stop);
    }

    /// A copy of the latest report.
    pub fn report(&self) -> AnalysisReport {
        match self.report.lock() {
            Ok(report) => report.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }
}

impl Drop for Analysis {
    fn drop(&mut self) {
        let _ = self.requests.send(AnalysisRequest::Quit);
    }
}

struct Worker {
    setup: EngineSetup,
    requests: Receiver<AnalysisRequest>,
    report: Arc<Mutex<AnalysisReport>>,
    notify: Box<dyn Fn() + Send>,
    engine: Option<UsiEngine>,
    /// The MultiPV the engine was last given.
    lines_set: Option<usize>,
    draft: AnalysisReport,
    published: Instant,
}

impl Worker {
    fn run(mut self) {
        loop {
            let request = if self.draft.running {
                match self.requests.try_recv() {
                    Ok(request) => Some(request),
                    Err(mpsc::TryRecvError::Empty) => None,
                    Err(mpsc::TryRecvError::Disconnected) => Some(AnalysisRequest::Quit),
                }
            } else {
                // Idle: nothing to read from the engine, so wait for a request.
                match self.requests.recv_timeout(Duration::from_secs(3600)) {
                    Ok(request) => Some(request),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => Some(AnalysisRequest::Quit),
                }
            };
            match request {
                Some(AnalysisRequest::Quit) => {
                    if let Some(engine) = self.engine.take() {
                        engine.quit();
                    }
                    return;
                }
                Some(AnalysisRequest::Stop) => self.stop(),
                Some(AnalysisRequest::Analyse { position, lines }) => {
                    self.analyse(*position, lines)
                }
                None => {}
            }
            if self.draft.running {
                self.read_engine();
            }
        }
    }

    fn stop(&mut self) {
        if let Some(engine) = &mut self.engine
            && let Err(error) = engine.stop()
        {
            self.failed(error);
        }
        self.draft.running = false;
        self.publish();
    }

    fn analyse(&mut self, position: PositionCommand, lines: usize) {
        self.draft.position = Some(position.clone());
        self.draft.lines.clear();
        self.draft.nodes = None;
        self.draft.nps = None;
        self.draft.error = None;
        match self.start_search(&position, lines) {
            Ok(()) => self.draft.running = true,
            Err(error) => self.failed(error),
        }
        self.publish();
    }

    fn start_search(&mut self, position: &PositionCommand, lines: usize) -> Result<(), UsiError> {
        if self.engine.is_none() {
            self.engine = Some(self.start_engine()?);
            self.lines_set = None;
        }
        let Some(engine) = self.engine.as_mut() else {
            return Ok(());
        };
        engine.stop()?;
        if self.lines_set != Some(lines) && engine.takes_spin("MultiPV", lines as i64) {
            engine.set_option("MultiPV", Some(&lines.to_string()))?;
            engine.is_ready()?;
            self.lines_set = Some(lines);
        }
        engine.go_infinite(position)
    }

    fn start_engine(&mut self) -> Result<UsiEngine, UsiError> {
        let mut engine = UsiEngine::start(&self.setup.launch, self.setup.timeouts, None)?;
        for (name, value) in &self.setup.options {
            if engine.id().option(name).is_some() {
                engine.set_option(name, value.as_deref())?;
            }
        }
        engine.new_game()?;
        self.draft.engine_name = engine.id().name.clone();
        Ok(engine)
    }

    fn read_engine(&mut self) {
        let Some(engine) = self.engine.as_mut() else {
            self.draft.running = false;
            return;
        };
        match engine.poll(Instant::now() + POLL) {
            Ok(infos) => {
                let searching = engine.searching();
                for info in infos {
                    self.take(info);
                }
                if !searching {
                    self.draft.running = false;
                    self.publish();
                } else if self.published.elapsed() >= PUBLISH_EVERY {
                    self.publish();
                }
            }
            Err(error) => {
                self.failed(error);
                self.publish();
            }
        }
    }

    /// Merges one `info` line into the lines shown.
    fn take(&mut self, info: SearchInfo) {
        self.draft.nodes = info.nodes.or(self.draft.nodes);
        self.draft.nps = info.nps.or(self.draft.nps);
        if info.pv.is_empty() || info.score.is_none() {
            return;
        }
        let Some(position) = &self.draft.position else {
            return;
        };
        let rank = info.multipv.unwrap_or(1).max(1);
        if rank > MAX_LINES {
            return;
        }
        let line = AnalysisLine {
            rank,
            score: info.score,
            bound: info.bound,
            depth: info.depth,
            seldepth: info.seldepth,
            moves: legal_prefix(&position.current(), &info.pv),
        };
        if line.moves.is_empty() {
            return;
        }
        // A line of the last iteration that starts with this move has been
        // overtaken by it: each move shows once, at its newest rank.
        let first = line.moves[0];
        self.draft
            .lines
            .retain(|l| l.rank != rank && l.moves[0] != first);
        self.draft.lines.push(line);
        self.draft.lines.sort_by_key(|l| l.rank);
    }

    fn failed(&mut self, error: UsiError) {
        // The engine has been stopped by the failure; a new one starts next time.
        self.engine = None;
        self.draft.running = false;
        self.draft.error = Some(error);
    }

    fn publish(&mut self) {
        self.draft.serial += 1;
        self.published = Instant::now();
        match self.report.lock() {
            Ok(mut report) => *report = self.draft.clone(),
            Err(poisoned) => *poisoned.into_inner() = self.draft.clone(),
        }
        (self.notify)();
    }
}

/// The moves of `pv` that read and are legal in turn from `position`.
pub fn legal_prefix(position: &Position, pv: &[String]) -> Vec<Move> {
    let mut pos = *position;
    let mut moves = Vec::new();
    for text in pv {
        match Move::from_usi(text) {
            Ok(mv) if pos.is_legal(mv) => {
                pos.play_unchecked(mv);
                moves.push(mv);
            }
            _ => break,
        }
    }
    moves
}
