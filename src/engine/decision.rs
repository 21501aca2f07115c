//! How the engine decides what to do on its move: the one path the app's AI
//! and the USI engine both take, so a level plays the same in either.
//!
//! In order: no legal move → resign; a winning impasse declaration → declare;
//! a move from the opening book (levels that have one); a quick look for a
//! forced mate; the search, with every root move scored
//! when the level chooses among near-equals; resign when the search sees
//! itself mated (levels that do); the level's randomised choice.

use super::book::Book;
use super::choice::{ChoiceRng, choose};
use super::level::LevelParams;
use super::mate::probe::probe as mate_probe;
use super::repetition::Visit;
use super::search::{Engine, Info, Limits, MATE_BOUND, mate_in};
use super::time;
use crate::clock::MoveClock;
use crate::rules::impasse::{both_points, can_declare, count_winner, csa27_declaration_valid};
use crate::rules::{Move, Position};
use rand::SeedableRng;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// What the engine decided to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineMove {
    Move(Move),
    Resign,
    /// Declare an impasse win (by the decision's [`ImpasseRule`]).
    DeclareWin,
}

/// Which impasse (entering king) rule a declaration is judged by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImpasseRule {
    /// The app's rule (`docs/RULES.md`): both kings in their promotion
    /// zones, 24 points or more wins.
    Point24,
    /// The rule other GUIs judge `bestmove win` by: the king and ten pieces
    /// in the enemy camp, 28 points for Sente or 27 for Gote.
    CsaRule27,
}

impl ImpasseRule {
    /// Whether declaring now wins for the side to move.
    pub fn declaration_wins(self, pos: &Position) -> bool {
        match self {
            ImpasseRule::Point24 => {
                can_declare(pos) && count_winner(both_points(pos)) == Some(pos.side_to_move())
            }
            ImpasseRule::CsaRule27 => csa27_declaration_valid(pos),
        }
    }
}

/// How long the move may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeLimit {
    /// The level's own pace (its `movetime`); no time limit for a level
    /// without one.
    Level,
    /// The clocks as they stand; the level's `movetime` still caps the move.
    Clock(MoveClock),
    /// Until told to stop.
    Unlimited,
}

/// What the caller fixes for this move.
#[derive(Clone, Debug)]
pub struct MoveLimits {
    pub time: TimeLimit,
    /// Deepest iteration instead of the level's.
    pub depth: Option<u32>,
    /// A fixed number of nodes (repeatable, unlike time).
    pub nodes: Option<u64>,
    /// While set, time does not count (USI ponder).
    pub pondering: Option<Arc<AtomicBool>>,
    /// When the clock started; `None` when it starts at the end of pondering.
    pub started: Option<Instant>,
    /// The search threads on offer (at least 1); only a level that searches
    /// in parallel ([`LevelParams::parallel`]) takes more than one.
    pub threads: usize,
}

impl MoveLimits {
    /// The level's pace, the clock starting now.
    pub fn level_pace() -> MoveLimits {
        MoveLimits {
            time: TimeLimit::Level,
            depth: None,
            nodes: None,
            pondering: None,
            started: Some(Instant::now()),
            threads: 1,
        }
    }
}

/// One move to decide.
#[derive(Clone, Debug)]
pub struct MoveRequest<'a> {
    pub position: &'a Position,
    /// Every earlier position of the game, oldest first (for repetitions).
    pub path: &'a [Visit],
    pub params: LevelParams,
    pub limits: MoveLimits,
    pub impasse_rule: ImpasseRule,
    /// Drives the randomised levels' choices: the same seed, the same move.
    pub seed: u64,
    /// How many of the best moves to search and report, each with its own
    /// line (MultiPV; 1 for play). The move played is still the level's.
    pub lines: usize,
}

/// The decision and what it is based on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub action: EngineMove,
    /// The reply expected to the move (the line's second move), if known.
    pub ponder: Option<Move>,
    /// From the side to move's point of view (0 when nothing was searched).
    pub score: i32,
    /// The line the score belongs to (starting with the best move, which a
    /// randomised level may not have played).
    pub pv: Vec<Move>,
    pub nodes: u64,
}

impl Decision {
    fn without_search(action: EngineMove) -> Decision {
        Decision {
            action,
            ponder: None,
            score: 0,
            pv: Vec::new(),
            nodes: 0,
        }
    }
}

/// Decides the move for `req.position` with `engine` (whose hash table and
/// history carry over from earlier moves). `report` gets the mate found by
/// the quick look, or each iteration of the search. Blocking; returns at
/// once (best so far) when `stop` is set. Never an illegal move. The search
/// recurses deeply: call it on a thread with [`super::search::THREAD_STACK`]
/// bytes of stack.
pub fn decide(
    req: &MoveRequest,
    engine: &mut Engine,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Info),
) -> Decision {
    let pos = req.position;
    let params = &req.params;
    if !pos.has_legal_move() {
        return Decision::without_search(EngineMove::Resign);
    }
    if params.may_declare && req.impasse_rule.declaration_wins(pos) {
        return Decision::without_search(EngineMove::DeclareWin);
    }
    if let Some(decision) = book_move(req, report) {
        return decision;
    }
    let limits = Limits {
        lines: req.lines,
        ..search_limits(params, &req.limits)
    };
    if let Some(decision) = quick_mate(req, &limits, stop, report) {
        return decision;
    }
    let margin = if params.is_randomised() {
        params.slip_margin_cp.max(3 * params.noise_cp)
    } else {
        0
    };
    let begun = req.limits.started.unwrap_or_else(Instant::now);
    let outcome = engine.search(pos, req.path, &limits, stop, margin, report);
    if let Some(hard) = limits.hard_time
        && limits.pondering.is_none()
    {
        time::record_answer(begun.elapsed(), hard);
    }
    let Some(best) = outcome.best else {
        return Decision::without_search(EngineMove::Resign);
    };
    let mut decision = Decision {
        action: EngineMove::Move(best),
        ponder: None,
        score: outcome.score,
        pv: outcome.pv,
        nodes: outcome.nodes,
    };
    if params.resigns_when_mated && outcome.score <= -MATE_BOUND {
        decision.action = EngineMove::Resign;
        return decision;
    }
    let mut played = best;
    if params.is_randomised() {
        let mut rng = ChoiceRng::seed_from_u64(req.seed ^ pos.hash());
        let chosen = choose(&outcome.root_scores, best, params, &mut rng);
        if pos.is_legal(chosen) {
            played = chosen;
        }
    }
    decision.action = EngineMove::Move(played);
    decision.ponder = decision
        .pv
        .get(1)
        .copied()
        .filter(|_| decision.pv.first() == Some(&played));
    decision
}

/// A move from the opening book, when the level plays from it and the
/// position is in it. Only for a move played by the clock: a fixed depth or
/// node count, a search until stopped, or several lines are asks for a
/// search. The choice among the book's near-equal moves follows the seed, so
/// a game is repeatable.
fn book_move(req: &MoveRequest, report: &mut dyn FnMut(&Info)) -> Option<Decision> {
    if !req.params.book
        || asks_for_the_search(req)
        || matches!(req.limits.time, TimeLimit::Unlimited)
    {
        return None;
    }
    let pos = req.position;
    let mut rng = ChoiceRng::seed_from_u64(req.seed ^ pos.hash());
    let entry = Book::built_in().choose(pos, &mut rng)?;
    report(&Info {
        depth: 0,
        seldepth: 0,
        score: entry.score,
        nodes: 0,
        elapsed: Duration::ZERO,
        pv: vec![entry.mv],
        hashfull: 0,
        multipv: 1,
    });
    Some(Decision {
        action: EngineMove::Move(entry.mv),
        ponder: None,
        score: entry.score,
        pv: vec![entry.mv],
        nodes: 0,
    })
}

/// Whether the caller fixed the search's depth or nodes, or asked for
/// several lines: asks only the main search answers (no book move, no quick
/// mate search).
fn asks_for_the_search(req: &MoveRequest) -> bool {
    req.limits.depth.is_some() || req.limits.nodes.is_some() || req.lines > 1
}

/// The search's limits: the caller's, else the level's depth, and the time
/// its time limit gives, never more than the level's `movetime`; the threads on
/// offer if the level searches in parallel, else one.
fn search_limits(params: &LevelParams, limits: &MoveLimits) -> Limits {
    let clock = match limits.time {
        TimeLimit::Level => params.movetime.map(|movetime| MoveClock {
            remaining: Some(Duration::ZERO),
            byoyomi: movetime,
            ..MoveClock::default()
        }),
        TimeLimit::Clock(clock) => Some(clock),
        TimeLimit::Unlimited => None,
    };
    let cap = params.movetime.unwrap_or(Duration::MAX);
    let times = clock
        .as_ref()
        .and_then(|clock| time::budget(clock, time::margin()));
    Limits {
        threads: if params.parallel { limits.threads } else { 1 },
        depth: limits.depth.unwrap_or(params.max_depth),
        nodes: limits.nodes,
        soft_time: times.map(|(soft, _)| soft.min(cap)),
        hard_time: times.map(|(_, hard)| hard.min(cap)),
        pondering: limits.pondering.clone(),
        started: limits.started,
        ..Limits::default()
    }
}

/// The level's quick look for a forced mate, within its node budget and a
/// quarter of the move's time. Skipped when the caller fixed the depth or
/// the nodes (its time limit would make such a search depend on the clock),
/// and when several lines are asked for (the mate would be the only one).
fn quick_mate(
    req: &MoveRequest,
    limits: &Limits,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Info),
) -> Option<Decision> {
    let params = &req.params;
    if params.mate_search_plies == 0 || asks_for_the_search(req) {
        return None;
    }
    let started = limits.started.unwrap_or_else(Instant::now);
    let deadline = limits.hard_time.map(|hard| started + hard / 4);
    let found = mate_probe(
        req.position,
        req.path,
        params.mate_search_plies,
        params.mate_probe_nodes,
        stop,
        deadline,
    )?;
    let first = *found.line.first()?;
    let plies = found.line.len();
    report(&Info {
        depth: plies as u32,
        seldepth: plies as u32,
        score: mate_in(plies),
        nodes: found.nodes,
        elapsed: started.elapsed(),
        pv: found.line.clone(),
        hashfull: 0,
        multipv: 1,
    });
    Some(Decision {
        action: EngineMove::Move(first),
        ponder: found.line.get(1).copied(),
        score: mate_in(plies),
        pv: found.line,
        nodes: found.nodes,
    })
}
