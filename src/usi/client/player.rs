//! An engine that plays moves for a GUI: started at once, on a thread of its
//! own (so it is ready before its first turn, and its start-up never runs on its
//! clock), and asked for a move whenever it is its turn. Nothing here waits on
//! the caller's thread; the answer, or why there is none, comes back
//! through [`EnginePlayer::poll`], and `notify` says when it has.
//!
//! Whatever goes wrong ends the engine: the player is spent, and the caller
//! decides who plays on.

use super::analysis::EngineSetup;
use super::engine::{BestMove, EngineId, Launch, Timeouts, UsiEngine, check_bestmove};
use super::error::UsiError;
use super::info::EngineScore;
use crate::rules::PositionCommand;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

/// A move and the engine's last score for it (side to move), if it sent one.
type Scored = (BestMove, Option<EngineScore>);

/// One move asked of the engine.
struct MoveAsked {
    serial: u64,
    // Boxed: a position is large beside the rest.
    position: Box<PositionCommand>,
    /// The whole `go` line (`go btime … wtime … byoyomi …`).
    go: String,
    /// How long after `go` the `bestmove` may come.
    limit: Duration,
    cancel: Arc<AtomicBool>,
}

/// The handle a GUI keeps; dropping it ends the engine.
pub struct EnginePlayer {
    jobs: Sender<MoveAsked>,
    answers: Receiver<(u64, Result<Scored, UsiError>)>,
    /// The score of the last move answered, if the engine gave one.
    score: Option<EngineScore>,
    /// The move asked for and not answered yet, and its cancel flag.
    waiting: Option<(u64, Arc<AtomicBool>)>,
    serial: u64,
    /// The engine has been started and answered `readyok` (or failed to: the failure is
    /// the answer to the first move asked).
    settled: Arc<AtomicBool>,
}

impl EnginePlayer {
    /// Starts the thread, which starts the engine and readies it at once; `notify` is
    /// called when it is ready, and at each answer.
    pub fn new(setup: EngineSetup, notify: Box<dyn Fn() + Send>) -> EnginePlayer {
        let (jobs, receiver) = mpsc::channel::<MoveAsked>();
        let (sender, answers) = mpsc::channel();
        let settled = Arc::new(AtomicBool::new(false));
        let told = Arc::clone(&settled);
        std::thread::spawn(move || serve(&setup, &receiver, &sender, notify.as_ref(), &told));
        EnginePlayer {
            jobs,
            answers,
            score: None,
            waiting: None,
            serial: 0,
            settled,
        }
    }

    /// The engine is still starting (it has not answered `readyok` yet, nor failed).
    pub fn is_starting(&self) -> bool {
        !self.settled.load(Ordering::Acquire)
    }

    /// Asks for a move in `position` with the `go` line; a move asked before
    /// and not answered yet is cancelled.
    pub fn go(&mut self, position: PositionCommand, go: String, limit: Duration) {
        self.cancel();
        self.serial += 1;
        let cancel = Arc::new(AtomicBool::new(false));
        let job = MoveAsked {
            serial: self.serial,
            position: Box::new(position),
            go,
            limit,
            cancel: Arc::clone(&cancel),
        };
        if self.jobs.send(job).is_ok() {
            self.waiting = Some((self.serial, cancel));
        }
    }

    /// The answer to the move asked, once it has come: a checked move, or
    /// why there is none (after which the engine has been stopped).
    pub fn poll(&mut self) -> Option<Result<BestMove, UsiError>> {
        let (serial, _) = self.waiting.as_ref()?;
        let serial = *serial;
        loop {
            match self.answers.try_recv() {
                Ok((answered, result)) if answered == serial => {
                    self.waiting = None;
                    return Some(result.map(|(answer, score)| {
                        self.score = score;
                        answer
                    }));
                }
                // The answer to a move cancelled since.
                Ok(_) => {}
                Err(mpsc::TryRecvError::Empty) => return None,
                Err(mpsc::TryRecvError::Disconnected) => {
                    self.waiting = None;
                    return Some(Err(UsiError::new(
                        super::error::UsiErrorKind::Crash,
                        "the engine's thread ended",
                    )));
                }
            }
        }
    }

    /// Stops the search of the move asked; its answer is never read.
    pub fn cancel(&mut self) {
        if let Some((_, cancel)) = self.waiting.take() {
            cancel.store(true, Ordering::Relaxed);
        }
    }

    /// A move has been asked and not answered yet.
    pub fn is_thinking(&self) -> bool {
        self.waiting.is_some()
    }

    /// The engine's score (for the side it moved for) of the last move it answered, when
    /// its `info` lines gave one.
    pub fn last_score(&self) -> Option<EngineScore> {
        self.score
    }

    /// Forgets the last move's score (the game went elsewhere).
    pub fn forget_score(&mut self) {
        self.score = None;
    }
}

impl Drop for EnginePlayer {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// The engine's thread: the engine started and readied, then a move for each
/// job until the handle is dropped or the engine fails (a failure to start is
/// the answer to the first job).
fn serve(
    setup: &EngineSetup,
    jobs: &Receiver<MoveAsked>,
    answers: &Sender<(u64, Result<Scored, UsiError>)>,
    notify: &dyn Fn(),
    settled: &AtomicBool,
) {
    let (mut engine, mut failure) = match start(setup) {
        Ok(started) => (Some(started), None),
        Err(error) => (None, Some(error)),
    };
    settled.store(true, Ordering::Release);
    notify();
    while let Ok(job) = jobs.recv() {
        if job.cancel.load(Ordering::Relaxed) {
            continue;
        }
        if let Some(error) = failure.take() {
            let _ = answers.send((job.serial, Err(error)));
            notify();
            return;
        }
        let result = think(setup, &mut engine, &job);
        let failed = result.is_err();
        match result {
            // Cancelled: nobody waits for it.
            Ok(None) => continue,
            Ok(Some(answer)) => {
                let _ = answers.send((job.serial, Ok(answer)));
            }
            Err(error) => {
                let _ = answers.send((job.serial, Err(error)));
            }
        }
        notify();
        if failed {
            // The engine was stopped; this player is spent.
            return;
        }
    }
    if let Some(engine) = engine {
        engine.quit();
    }
}

fn think(
    setup: &EngineSetup,
    engine: &mut Option<UsiEngine>,
    job: &MoveAsked,
) -> Result<Option<Scored>, UsiError> {
    if engine.is_none() {
        *engine = Some(start(setup)?);
    }
    let Some(running) = engine.as_mut() else {
        return Ok(None);
    };
    let Some(answer) = running.go_unless(&job.position, &job.go, job.limit, &job.cancel)? else {
        return Ok(None);
    };
    let score = answer.lines.first().and_then(|line| line.score);
    match check_bestmove(&job.position.current(), &answer.bestmove) {
        Ok(checked) => Ok(Some((checked, score))),
        Err(error) => {
            // An engine that plays an impossible move cannot be trusted with the next one.
            if let Some(bad) = engine.take() {
                bad.kill();
            }
            Err(error)
        }
    }
}

/// Starts the engine, gives it the setup's options and a new game.
pub fn start(setup: &EngineSetup) -> Result<UsiEngine, UsiError> {
    let mut engine = UsiEngine::start(&setup.launch, setup.timeouts, None)?;
    for (name, value) in &setup.options {
        if engine.id().option(name).is_some()
            && let Err(error) = engine.set_option(name, value.as_deref())
        {
            engine.kill();
            return Err(error);
        }
    }
    if let Err(error) = engine.new_game() {
        engine.kill();
        return Err(error);
    }
    Ok(engine)
}

/// Starts `launch`, reads what it says of itself (its name, author and
/// options) and ends it: what a GUI needs to add an engine. On a thread of
/// its own; `notify` is called when the answer is in.
pub fn probe(
    launch: Launch,
    timeouts: Timeouts,
    notify: Box<dyn Fn() + Send>,
) -> Receiver<Result<EngineId, UsiError>> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let result = UsiEngine::start(&launch, timeouts, None).map(|engine| {
            let id = engine.id().clone();
            engine.quit();
            id
        });
        let _ = sender.send(result);
        notify();
    });
    receiver
}
