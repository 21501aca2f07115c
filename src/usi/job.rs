//! What runs on the search thread for one `go`: a search, a mate search or
//! the bench, each printing its `info` lines and its final answer.

use super::go::GoCommand;
use super::info::info_line;
use super::options::{Options, UsiLevel};
use super::output::Output;
use crate::engine::mate::dfpn::{Dfpn, MateResult};
use crate::engine::repetition::Visit;
use crate::engine::search::Engine;
use crate::engine::{EngineMove, LevelParams, MoveLimits, MoveRequest, TimeLimit, decide};
use crate::rules::Position;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The largest table `go mate` takes, in megabytes.
const MATE_TABLE_MAX_MB: usize = 256;

/// Everything a search thread needs, moved onto it.
pub struct Job {
    pub position: Position,
    pub path: Vec<Visit>,
    pub go: GoCommand,
    pub options: Options,
    pub engine: Arc<Mutex<Engine>>,
    pub stop: Arc<AtomicBool>,
    pub pondering: Arc<AtomicBool>,
    pub out: Output,
    pub seed: u64,
    /// When `go` arrived: the clock runs from here.
    pub received: Instant,
}

impl Job {
    pub fn run(self) {
        if self.go.mate.is_some() {
            self.run_mate();
        } else {
            self.run_search();
        }
    }

    fn say(&self, line: &str) {
        super::output::say(&self.out, line);
    }

    /// `go mate`: answers `checkmate <moves>`, `checkmate nomate` or
    /// `checkmate timeout`, by df-pn on a table the size of `USI_Hash`
    /// (capped: the main search's table stays allocated beside it).
    fn run_mate(self) {
        let deadline = self.go.mate.flatten().map(|limit| Instant::now() + limit);
        let table_mb = self.options.hash_mb.min(MATE_TABLE_MAX_MB);
        let mut solver = Dfpn::new(&self.stop, u64::MAX, table_mb).with_deadline(deadline);
        let answer = match solver.solve(&self.position) {
            MateResult::Mate(line) => {
                let moves: Vec<String> = line.iter().map(|mv| mv.to_string()).collect();
                format!("checkmate {}", moves.join(" "))
            }
            MateResult::NoMate => "checkmate nomate".to_string(),
            MateResult::Unknown => "checkmate timeout".to_string(),
        };
        self.say(&answer);
    }

    fn params(&self) -> LevelParams {
        let params = match self.options.level {
            UsiLevel::Level(level) => level.params(),
            UsiLevel::Max => LevelParams::max(),
        };
        LevelParams {
            book: params.book && self.options.own_book,
            ..params
        }
    }

    /// The GUI's limits for this move, as the engine's decision takes them.
    fn limits(&self) -> MoveLimits {
        let clock = self.go.clock(self.position.side_to_move());
        MoveLimits {
            time: if self.go.infinite {
                TimeLimit::Unlimited
            } else {
                TimeLimit::Clock(clock)
            },
            depth: self.go.depth,
            nodes: self.go.nodes,
            pondering: self.go.ponder.then(|| Arc::clone(&self.pondering)),
            started: (!self.go.ponder).then_some(self.received),
            threads: self.options.threads,
        }
    }

    fn run_search(self) {
        let request = MoveRequest {
            position: &self.position,
            path: &self.path,
            params: self.params(),
            limits: self.limits(),
            impasse_rule: self.options.entering_king_rule,
            seed: self.seed,
            lines: self.options.multi_pv,
        };
        let decision = {
            let mut engine = match self.engine.lock() {
                Ok(engine) => engine,
                Err(poisoned) => poisoned.into_inner(),
            };
            let out = Arc::clone(&self.out);
            decide(&request, &mut engine, &self.stop, &mut |info| {
                super::output::say(&out, &info_line(info));
            })
        };
        let answer = match decision.action {
            EngineMove::Move(mv) => mv.to_string(),
            EngineMove::Resign => "resign".to_string(),
            EngineMove::DeclareWin => "win".to_string(),
        };
        self.finish(&answer, decision.ponder.map(|mv| mv.to_string()));
    }

    /// Waits as USI requires (an infinite or pondering search answers only
    /// after `stop` or `ponderhit`), then prints `bestmove`.
    fn finish(&self, answer: &str, ponder: Option<String>) {
        self.wait_while_infinite(self.go.infinite);
        let line = match ponder {
            Some(ponder) if self.options.ponder => format!("bestmove {answer} ponder {ponder}"),
            _ => format!("bestmove {answer}"),
        };
        self.say(&line);
    }

    fn wait_while_infinite(&self, infinite: bool) {
        while (infinite || (self.go.ponder && self.pondering.load(Ordering::Relaxed)))
            && !self.stop.load(Ordering::Relaxed)
        {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}
