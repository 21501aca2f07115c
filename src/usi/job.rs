//! What runs on the search thread for one `go`: a search, a mate search or
//! the bench, each printing its `info` lines and its final answer.

use super::Output;
use super::go::GoCommand;
use super::info::info_line;
use super::options::{EnteringKingRule, Options, UsiLevel};
use crate::engine::choice::{Rng, choose};
use crate::engine::dfpn::{Dfpn, MateResult};
use crate::engine::mate_probe::probe;
use crate::engine::repetition::Visit;
use crate::engine::search::{Engine, Limits, MATE_BOUND};
use crate::engine::{Level, declaration_wins, time};
use crate::rules::Position;
use crate::rules::impasse::csa27_declaration_valid;
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
        super::say(&self.out, line);
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

    fn level(&self) -> Level {
        match self.options.level {
            UsiLevel::Level(level) => level,
            UsiLevel::Max => Level::Hard,
        }
    }

    fn limits(&self) -> Limits {
        let params = self.level().params();
        let clock = self.go.clock(self.position.side_to_move());
        let mut limits = Limits {
            depth: self.go.depth.unwrap_or(0),
            nodes: self.go.nodes,
            pondering: self.go.ponder.then(|| Arc::clone(&self.pondering)),
            started: (!self.go.ponder).then_some(self.received),
            ..Limits::default()
        };
        if !self.go.infinite
            && let Some((soft, hard)) = time::budget(&clock)
        {
            let cap = match self.options.level {
                UsiLevel::Max => Duration::MAX,
                UsiLevel::Level(_) => params.default_movetime,
            };
            limits.soft_time = Some(soft.min(cap));
            limits.hard_time = Some(hard.min(cap));
        }
        if self.options.level != UsiLevel::Max && limits.depth == 0 {
            limits.depth = params.max_depth;
        }
        limits
    }

    fn run_search(self) {
        let pos = self.position;
        let params = self.level().params();
        if !pos.has_legal_move() {
            self.finish("resign", None);
            return;
        }
        let declaration_valid = match self.options.entering_king_rule {
            EnteringKingRule::CsaRule27 => csa27_declaration_valid(&pos),
            EnteringKingRule::Point24 => declaration_wins(&pos),
        };
        if params.may_declare && declaration_valid {
            self.finish("win", None);
            return;
        }
        let limits = self.limits();
        if params.mate_search_plies > 0 && self.go.depth.is_none() && self.go.nodes.is_none() {
            let budget = if params.mate_search_plies >= 5 {
                30_000
            } else {
                2_000
            };
            let deadline = limits.hard_time.map(|hard| self.received + hard / 4);
            let plies = params.mate_search_plies;
            if let Some(found) = probe(&pos, &self.path, plies, budget, &self.stop, deadline)
                && let Some(&first) = found.line.first()
            {
                let moves: Vec<String> = found.line.iter().map(|mv| mv.to_string()).collect();
                self.say(&format!(
                    "info depth {} score mate {} nodes {} pv {}",
                    found.line.len(),
                    found.line.len(),
                    found.nodes,
                    moves.join(" ")
                ));
                self.finish(&first.to_string(), None);
                return;
            }
        }
        let margin = if params.is_randomised() {
            params.slip_margin_cp.max(3 * params.noise_cp)
        } else {
            0
        };
        let outcome = {
            let mut engine = match self.engine.lock() {
                Ok(engine) => engine,
                Err(poisoned) => poisoned.into_inner(),
            };
            let out = Arc::clone(&self.out);
            engine.search(&pos, &self.path, &limits, &self.stop, margin, &mut |info| {
                super::say(&out, &info_line(info));
            })
        };
        let Some(mut best) = outcome.best else {
            self.finish("resign", None);
            return;
        };
        if params.is_randomised() {
            let mut rng = Rng::new(self.seed ^ pos.hash());
            let chosen = choose(&outcome.root_scores, best, &params, &mut rng);
            if pos.is_legal(chosen) {
                best = chosen;
            }
        }
        if params.resigns_when_mated && outcome.score <= -MATE_BOUND {
            self.finish("resign", None);
            return;
        }
        let ponder = outcome
            .pv
            .get(1)
            .filter(|_| outcome.pv.first() == Some(&best));
        self.finish(&best.to_string(), ponder.map(|mv| mv.to_string()));
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
