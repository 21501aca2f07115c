//! One side's engine in the match: the USI client's engine (a program, or komadai's own in
//! this process), started afresh after any failure, and what a failure means for the game.

use crate::rules::PositionCommand;
use crate::usi::client::{Answer, Launch, Timeouts, UsiEngine, UsiError, UsiErrorKind};
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Duration;

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

    fn of(error: UsiError) -> Failure {
        let message = error.to_string();
        match error.kind {
            UsiErrorKind::Timeout | UsiErrorKind::NotReady => Failure::Timeout(message),
            UsiErrorKind::Start | UsiErrorKind::NoUsiOk | UsiErrorKind::BadOption => {
                Failure::Start(message)
            }
            UsiErrorKind::Crash
            | UsiErrorKind::Unreadable
            | UsiErrorKind::IllegalMove
            | UsiErrorKind::NoScore => Failure::Crash(message),
        }
    }
}

/// Where every line sent and read is copied, if anywhere.
pub type Traffic = Option<Arc<Mutex<dyn Write + Send>>>;

/// One engine as the match gives it: how it starts, the options sent after the handshake
/// (`None` presses a button) and its own `go` line instead of the match's time control.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    pub launch: Launch,
    pub options: Vec<(String, Option<String>)>,
    pub go: Option<String>,
}

pub struct MatchEngine {
    /// Names it in the traffic log.
    pub label: String,
    pub spec: EngineSpec,
    pub init_timeout: Duration,
    pub traffic: Traffic,
    pub process: Option<UsiEngine>,
    pub id_name: Option<String>,
}

impl MatchEngine {
    pub fn new(
        label: String,
        spec: EngineSpec,
        init_timeout: Duration,
        traffic: Traffic,
    ) -> MatchEngine {
        MatchEngine {
            label,
            spec,
            init_timeout,
            traffic,
            process: None,
            id_name: None,
        }
    }

    /// Starts the engine and sets its options; any failure is a start failure.
    pub fn start(&mut self) -> Result<(), Failure> {
        self.stop();
        let traffic = self.traffic.clone().map(|file| (self.label.clone(), file));
        let timeouts = Timeouts {
            init: self.init_timeout,
            ..Timeouts::default()
        };
        let mut engine = UsiEngine::start(&self.spec.launch, timeouts, traffic)
            .map_err(|e| Failure::Start(e.to_string()))?;
        self.id_name = engine.id().name.clone();
        let user_sets_ponder = self.spec.options.iter().any(|(n, _)| n == "USI_Ponder");
        let mut options = self.spec.options.clone();
        if engine.id().option("USI_Ponder").is_some() && !user_sets_ponder {
            options.insert(0, ("USI_Ponder".into(), Some("false".into())));
        }
        for (name, value) in options {
            engine
                .set_option(&name, value.as_deref())
                .map_err(|e| Failure::Start(e.to_string()))?;
        }
        engine
            .is_ready()
            .map_err(|e| Failure::Start(e.to_string()))?;
        self.process = Some(engine);
        Ok(())
    }

    pub fn new_game(&mut self) -> Result<(), Failure> {
        if self.process.is_none() {
            self.start()?;
        }
        self.running()?.new_game().map_err(Failure::of)
    }

    /// Sends the position and the `go` line; waits for `bestmove` until `limit` after the
    /// `go`, or until `stop` is set (`Ok(None)`).
    pub fn go(
        &mut self,
        position: &PositionCommand,
        go: &str,
        limit: Duration,
        stop: &AtomicBool,
    ) -> Result<Option<Answer>, Failure> {
        (self.running()?)
            .go_unless(position, go, limit, stop)
            .map_err(Failure::of)
    }

    pub fn game_over(&mut self, outcome: &str) {
        if let Some(engine) = &mut self.process {
            engine.game_over(outcome);
        }
    }

    /// Kills the process: after a failure its state is unknown.
    pub fn stop(&mut self) {
        if let Some(engine) = self.process.take() {
            engine.kill();
        }
    }

    fn running(&mut self) -> Result<&mut UsiEngine, Failure> {
        self.process
            .as_mut()
            .ok_or_else(|| Failure::Crash("not running".into()))
    }
}

impl Drop for MatchEngine {
    fn drop(&mut self) {
        if let Some(engine) = self.process.take() {
            engine.quit();
        }
    }
}
