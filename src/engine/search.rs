//! The search: iterative deepening over a principal variation search
//! (alpha-beta with null windows), with a transposition table (which also
//! keeps each node's static evaluation and whether it was on a principal
//! variation, and serves the quiescence search), quiescence on captures and
//! promotions, a mate-in-one test at every node (contact and knight checks,
//! see [`super::mate::one_ply`]), check extension, null-move pruning, razoring,
//! ProbCut, late-move reductions (for losing captures too; less on lines
//! that were principal variations), mate-distance pruning, and futility,
//! exchange and move-count pruning near the leaves (a quiet move's futility
//! and exchange judged at the depth it would be searched to after its
//! reduction; a capture's by the piece it takes, at the node's depth). The
//! static evaluation the pruning reads is corrected by what earlier searches
//! found in positions with the same pawns or hands ([`super::correction`]).
//! Several threads may search one root together, sharing the table (Lazy
//! SMP, see [`Engine::search`]).
//!
//! Each node follows the numbered steps in [`Walk::alpha_beta`].

use super::captures::generate_tactical;
use super::correction::Correction;
use super::eval::{KNOWN_WIN, capture_value, evaluate};
use super::history::{Context, History, MoveKey, NO_KEY, move_key};
use super::mate::one_ply::mate_in_one;
use super::movepick::{MovePicker, NodeMoves, is_capture, is_tactical};
use super::repetition::{Visit, judge};
use super::see::see;
use super::tt::{Bound, Table};
use crate::rules::{MAX_MOVES, Move, MoveList, Position};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::{Duration, Instant};

pub const MAX_DEPTH: u32 = 64;
pub const MAX_PLY: usize = 128;
/// Stack for a search thread: each ply keeps its move lists on the stack
/// (several kilobytes), and a line may reach `MAX_PLY` plies.
pub const THREAD_STACK: usize = 64 * 1024 * 1024;
use super::score::INFINITE;
pub use super::score::{MATE, MATE_BOUND, mate_distance, mate_in, mated_in};
/// The depth quiescence results are stored at: below every full-width
/// search, so they never settle one.
const QUIESCENCE_DEPTH: i32 = 0;

mod root;

/// What a node is expected to be: on the principal variation (searched
/// with an open window), or off it and expected to fail high (a cut node:
/// one move should refute it) or low (an all node: every move is tried).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Node {
    Pv,
    Cut,
    All,
}

impl Node {
    /// The kind of the first child of a node of this kind: a cut node's
    /// refutation leads to a node where nothing works, and the reverse.
    fn first_child(self) -> Node {
        match self {
            Node::Pv => Node::Pv,
            Node::Cut => Node::All,
            Node::All => Node::Cut,
        }
    }
}

/// When to stop searching, with how many threads, and how many of the best
/// root moves to search.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Threads searching the root together (Lazy SMP, see [`Engine::search`]);
    /// 0 and 1 both mean the calling thread alone.
    pub threads: usize,
    /// Deepest iteration (0 = no limit).
    pub depth: u32,
    pub nodes: Option<u64>,
    /// No new iteration starts after this much time.
    pub soft_time: Option<Duration>,
    /// The search stops, mid-iteration if need be, at this time.
    pub hard_time: Option<Duration>,
    /// While this is set, time does not count (USI ponder); the clock
    /// starts when it is cleared.
    pub pondering: Option<Arc<AtomicBool>>,
    /// When the clock started (the `go` arrived), if before the search
    /// began: time spent first on a mate search counts against the limits.
    pub started: Option<Instant>,
    /// How many of the best root moves to search each with its own exact
    /// score and line (MultiPV); 0 and 1 both mean the best alone.
    pub lines: usize,
}

/// What the search reports after each iteration.
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Move>,
    pub hashfull: u32,
    /// Which of the best lines this is, from 1 (USI `multipv`).
    pub multipv: usize,
}

/// The search's answer.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// `None` only when there is no legal move.
    pub best: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub pv: Vec<Move>,
    pub nodes: u64,
    /// Every root move with its last full score (randomised levels only).
    pub root_scores: Vec<(Move, i32)>,
    /// The best root moves, as many as [`Limits::lines`] asked for (fewer
    /// when there are fewer legal moves), best first; the first is `best`'s.
    pub lines: Vec<RootLine>,
}

/// One of the best root moves: its score, the depth it was searched to and
/// its line. After a stop mid-iteration the lines may differ in depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootLine {
    pub mv: Move,
    pub score: i32,
    pub depth: u32,
    /// Starts with `mv`.
    pub pv: Vec<Move>,
}

/// What one search thread learns as it goes and keeps for the next search:
/// the move-ordering history and the evaluation's correction.
#[derive(Default)]
struct Lessons {
    history: History,
    correction: Correction,
}

impl Lessons {
    fn clear(&mut self) {
        self.history.clear();
        self.correction.clear();
    }
}

/// What the threads of one search share besides the table.
struct Team {
    /// Set when the main thread has its answer: the helpers stop.
    done: AtomicBool,
    /// The helpers' nodes so far, counted in steps of [`POLL_INTERVAL`].
    helper_nodes: AtomicU64,
}

/// Nodes between two looks at the clock and the stop flag.
const POLL_INTERVAL: u64 = 1024;

/// What lasts from one search to the next: the hash table, shared by all
/// threads, and each thread's history.
pub struct Engine {
    pub tt: Table,
    main: Lessons,
    /// One per helper thread of the last search with more than one.
    helpers: Vec<Lessons>,
    hash_mb: usize,
}

impl Engine {
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            tt: Table::new(hash_mb),
            main: Lessons::default(),
            helpers: Vec::new(),
            hash_mb,
        }
    }

    pub fn resize(&mut self, hash_mb: usize) {
        self.tt = Table::new(hash_mb);
        self.hash_mb = hash_mb;
    }

    /// The hash table size asked for, in megabytes.
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// Forgets everything learned (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.main.clear();
        self.helpers.iter_mut().for_each(Lessons::clear);
    }

    /// Searches `root`, reached through `path` (every earlier position of
    /// the game, oldest first, for repetitions), within `limits`.
    /// `root_margin` > 0 also scores every root move within that margin of
    /// the best one (for the levels that choose among near-equals).
    ///
    /// With `limits.threads` > 1, helper threads search the same root at
    /// staggered depths with their own history, sharing only the table
    /// (Lazy SMP): what they store there orders and cuts the main thread's
    /// search. The main thread alone reports and answers; the helpers stop
    /// when it does. The answer is the main thread's, from a search that
    /// ran to the end of an iteration with the limits asked for; a helper's
    /// deeper but unfinished look would be a guess.
    pub fn search(
        &mut self,
        root: &Position,
        path: &[Visit],
        limits: &Limits,
        stop: &AtomicBool,
        root_margin: i32,
        report: &mut dyn FnMut(&Info),
    ) -> Outcome {
        self.tt.new_search();
        let helpers = limits.threads.max(1) - 1;
        self.helpers.resize_with(helpers, Lessons::default);
        let team = Team {
            done: AtomicBool::new(false),
            helper_nodes: AtomicU64::new(0),
        };
        let Engine {
            tt, main, helpers, ..
        } = self;
        let tt: &Table = tt;
        let mut outcome = std::thread::scope(|scope| {
            for (index, lessons) in helpers.iter_mut().enumerate() {
                let team = &team;
                // A helper that cannot start leaves the others to it.
                let _ = std::thread::Builder::new()
                    .name("komadai-helper".into())
                    .stack_size(THREAD_STACK)
                    .spawn_scoped(scope, move || {
                        help(tt, lessons, team, index + 1, root, path, limits);
                    });
            }
            let mut walk = Walk::new(tt, main, stop, limits, &team, 0, root, path);
            let outcome = walk.iterate(root, root_margin, report);
            team.done.store(true, Ordering::Relaxed);
            outcome
        });
        // Every helper has ended and counted its last nodes.
        outcome.nodes += team.helper_nodes.load(Ordering::Relaxed);
        outcome
    }
}

/// A helper thread's search (`thread` from 1): the main thread's root and
/// depth, no limit but the main thread's end, no reports, no answer.
fn help(
    tt: &Table,
    lessons: &mut Lessons,
    team: &Team,
    thread: usize,
    root: &Position,
    path: &[Visit],
    limits: &Limits,
) {
    let own = Limits {
        depth: limits.depth,
        ..Limits::default()
    };
    let mut walk = Walk::new(tt, lessons, &team.done, &own, team, thread, root, path);
    walk.iterate(root, 0, &mut |_| {});
    team.helper_nodes
        .fetch_add(walk.nodes % POLL_INTERVAL, Ordering::Relaxed);
}

/// One search's walk of the tree: its limits, counters and the stacks of
/// the current line, borrowing what lasts from the [`Engine`].
struct Walk<'a> {
    tt: &'a Table,
    history: &'a mut History,
    correction: &'a mut Correction,
    stop: &'a AtomicBool,
    limits: &'a Limits,
    team: &'a Team,
    /// 0 for the main thread, from 1 for the helpers.
    thread: usize,
    start: Instant,
    was_pondering: bool,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    /// Off during the first iteration, so there is always a move.
    may_abort: bool,
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    /// The static evaluation at each ply of the current line (`-INFINITE`
    /// in check), to tell whether our position is improving.
    static_evals: [i32; MAX_PLY + 2],
    /// The move played at each ply of the current line, for the
    /// continuation history (`NO_KEY` for a null move).
    move_keys: [MoveKey; MAX_PLY + 2],
    pv: Vec<[Option<Move>; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    visits: Vec<Visit>,
    root_depth: i32,
}

impl<'a> Walk<'a> {
    /// A walk from `root`, reached through `path`, learning into `lessons`.
    #[allow(clippy::too_many_arguments)]
    fn new(
        tt: &'a Table,
        lessons: &'a mut Lessons,
        stop: &'a AtomicBool,
        limits: &'a Limits,
        team: &'a Team,
        thread: usize,
        root: &Position,
        path: &[Visit],
    ) -> Walk<'a> {
        lessons.history.age();
        let mut visits = Vec::with_capacity(path.len() + MAX_PLY + 2);
        visits.extend_from_slice(path);
        visits.push(Visit {
            key: root.hash(),
            in_check: root.in_check(),
        });
        Walk {
            tt,
            history: &mut lessons.history,
            correction: &mut lessons.correction,
            stop,
            limits,
            team,
            thread,
            start: limits.started.unwrap_or_else(Instant::now),
            was_pondering: limits
                .pondering
                .as_ref()
                .is_some_and(|p| p.load(Ordering::Relaxed)),
            nodes: 0,
            seldepth: 0,
            aborted: false,
            may_abort: false,
            killers: [[None; 2]; MAX_PLY + 1],
            static_evals: [-INFINITE; MAX_PLY + 2],
            move_keys: [NO_KEY; MAX_PLY + 2],
            pv: vec![[None; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            visits,
            root_depth: 0,
        }
    }

    /// The nodes of the whole search so far: the main thread's own and,
    /// to within a poll interval each, its helpers'.
    fn total_nodes(&self) -> u64 {
        if self.thread == 0 {
            self.nodes + self.team.helper_nodes.load(Ordering::Relaxed)
        } else {
            self.nodes
        }
    }

    /// Whether this thread leaves out the iteration of `depth`: the
    /// helpers each skip depths in their own pattern (Stockfish's, of its
    /// first Lazy SMP), so they spread over several depths at once rather
    /// than all searching the main thread's.
    fn skips(&self, depth: u32) -> bool {
        const SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
        const PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
        if self.thread == 0 {
            return false;
        }
        let i = (self.thread - 1) % SIZE.len();
        (depth + PHASE[i]) / SIZE[i] % 2 == 1
    }

    fn elapsed(&mut self) -> Duration {
        if self.was_pondering {
            let still = self
                .limits
                .pondering
                .as_ref()
                .is_some_and(|p| p.load(Ordering::Relaxed));
            if still {
                return Duration::ZERO;
            }
            self.was_pondering = false;
            self.start = Instant::now();
        }
        self.start.elapsed()
    }

    /// Checks, every few thousand nodes, whether to stop.
    fn poll(&mut self) {
        self.nodes += 1;
        if !self.nodes.is_multiple_of(POLL_INTERVAL) {
            return;
        }
        if self.thread > 0 {
            self.team
                .helper_nodes
                .fetch_add(POLL_INTERVAL, Ordering::Relaxed);
        }
        if !self.may_abort {
            return;
        }
        if self.stop.load(Ordering::Relaxed) {
            self.aborted = true;
            return;
        }
        if self.limits.nodes.is_some_and(|n| self.total_nodes() >= n) {
            self.aborted = true;
            return;
        }
        if let Some(hard) = self.limits.hard_time
            && self.elapsed() >= hard
        {
            self.aborted = true;
        }
    }

    fn push(&mut self, pos: &Position) {
        self.visits.push(Visit {
            key: pos.hash(),
            in_check: pos.in_check(),
        });
    }

    /// The moves one, two and four plies before a node at `ply`.
    fn context(&self, ply: usize) -> Context {
        let back = |n: usize| {
            if ply >= n {
                self.move_keys[ply - n]
            } else {
                NO_KEY
            }
        };
        [back(1), back(2), back(4)]
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        self.pv[ply][0] = Some(mv);
        let child_len = if ply < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            0
        };
        for i in 0..child_len {
            self.pv[ply][i + 1] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len + 1;
    }

    /// One node of the principal variation search.
    #[allow(clippy::too_many_arguments)]
    fn alpha_beta(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        node: Node,
    ) -> i32 {
        let pv_node = node == Node::Pv;
        self.pv_len[ply] = 0;
        // 1. Leaves go to the quiescence search.
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply);
        }
        self.poll();
        if self.aborted {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        // 2. Repetition, by the rules of sennichite.
        if let Some(repetition) = judge(&self.visits, pos.side_to_move()) {
            // Decisive, but not a mate: the game ends by rule, not on the board.
            return match repetition.loser() {
                None => 0,
                Some(loser) if loser == pos.side_to_move() => -KNOWN_WIN,
                Some(_) => KNOWN_WIN,
            };
        }
        if ply >= MAX_PLY {
            return evaluate(pos);
        }
        // 3. Mate-distance pruning: no line here beats a mate already found.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        // 4. The transposition table.
        let key = pos.hash();
        let entry = self.tt.probe(key, ply);
        let hash_move = entry.and_then(|e| e.mv);
        // On a principal variation now, or (the table remembers) in an
        // earlier search or iteration.
        let tt_pv = pv_node || entry.is_some_and(|e| e.pv);
        if let Some(e) = entry
            && !pv_node
            && e.depth >= depth
            && e.cuts_off(alpha, beta)
        {
            return e.score;
        }
        let in_check = pos.in_check();
        // 4b. A mate in one settles the node.
        if !in_check && let Some(mv) = mate_in_one(pos) {
            let score = mate_in(ply + 1);
            self.tt
                .store(key, ply, Some(mv), score, depth, Bound::Exact, None, tt_pv);
            return score;
        }
        // The evaluation as computed (and stored), and as corrected by
        // what searches of similar positions found (what pruning reads).
        let (raw_eval, static_eval) = if in_check {
            (-INFINITE, -INFINITE)
        } else {
            let raw = entry.and_then(|e| e.eval).unwrap_or_else(|| evaluate(pos));
            (raw, self.correction.corrected(pos, raw))
        };
        self.static_evals[ply] = static_eval;
        // Better than two plies ago: prune less, the line may be going well.
        let improving = !in_check && (ply < 2 || static_eval > self.static_evals[ply - 2]);
        // Internal iterative reduction: with no move from the table this node
        // was never searched; a shallower look costs little and orders later.
        if hash_move.is_none() && depth >= 4 {
            depth -= 1;
        }
        // 5. Reverse futility: far above beta near the leaves, stand pat.
        if !pv_node
            && !in_check
            && depth <= 7
            && beta.abs() < KNOWN_WIN
            && static_eval - 90 * (depth - i32::from(improving)) >= beta
        {
            return static_eval;
        }
        // 6. Razoring: far below alpha a ply or two from the leaves, and the
        // captures do not rescue it either: no quiet move will, unless it is
        // a check (the quiescence search would miss a mate by a quiet check).
        if !pv_node
            && !in_check
            && depth <= 2
            && static_eval + 400 * depth <= alpha
            && !has_safe_check(pos)
        {
            let score = self.quiesce_with(pos, alpha, alpha + 1, ply, Some(raw_eval));
            if score <= alpha {
                return score;
            }
        }
        // 7. Null move: if passing still beats beta, a real move will too.
        if !pv_node
            && !in_check
            && depth >= 3
            && static_eval >= beta
            && beta.abs() < KNOWN_WIN
            && self.visits.last().is_some_and(|v| v.key != 0)
        {
            let reduction = 3 + depth / 3 + ((static_eval - beta) / 200).min(3);
            let mut null = *pos;
            null.play_null();
            self.move_keys[ply] = NO_KEY;
            // A null move never repeats a position; mark it so none follows.
            self.visits.push(Visit {
                key: 0,
                in_check: false,
            });
            let score = -self.alpha_beta(
                &null,
                -beta,
                -beta + 1,
                depth - reduction,
                ply + 1,
                Node::All,
            );
            self.visits.pop();
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return if score >= MATE_BOUND { beta } else { score };
            }
        }
        // 8. ProbCut: a capture that wins enough material to beat beta by a
        // margin in a search four plies shallower very likely beats beta in
        // the full one.
        if !pv_node && !in_check && depth >= 5 && beta.abs() < KNOWN_WIN {
            let raised = beta + 190 - 50 * i32::from(improving);
            let mut captures = MoveList::new();
            generate_tactical(pos, &mut captures);
            let mut picker = MovePicker::tactical(pos, &captures, hash_move);
            let mut tried = 0;
            while let Some(mv) = picker.next_move() {
                if tried >= 3 {
                    break;
                }
                if !is_capture(pos, mv) || see(pos, mv) < raised - static_eval {
                    continue;
                }
                tried += 1;
                let next = pos.after(mv);
                self.move_keys[ply] = move_key(pos, mv);
                self.push(&next);
                let mut s = -self.quiesce(&next, -raised, -raised + 1, ply + 1);
                if s >= raised {
                    s = -self.alpha_beta(
                        &next,
                        -raised,
                        -raised + 1,
                        depth - 4,
                        ply + 1,
                        Node::All,
                    );
                }
                self.visits.pop();
                if self.aborted {
                    return 0;
                }
                if s >= raised {
                    self.tt.store(
                        key,
                        ply,
                        Some(mv),
                        s,
                        depth - 3,
                        Bound::Lower,
                        Some(raw_eval),
                        tt_pv,
                    );
                    return s;
                }
            }
        }
        // 9. The moves, in order: the hash move before the others are
        // generated (when it cuts off, they never are).
        let killers = self.killers[ply];
        let context = self.context(ply);
        let mut moves = NodeMoves::new(pos, hash_move);
        let info = super::mate::CheckInfo::new(pos);
        let original_alpha = alpha;
        // When the best move known is a capture, the quiet moves are
        // unlikely to matter: they are reduced a ply more.
        let tt_capture = hash_move.is_some_and(|mv| is_capture(pos, mv));
        let mut best_score = -INFINITE;
        let mut best_move = None;
        let mut quiets_tried = MoveList::new();
        let mut index = 0;
        while let Some(mv) = moves.next_move(|| {
            let legal = pos.legal_moves();
            if in_check {
                MovePicker::evasions(pos, &legal, hash_move)
            } else {
                MovePicker::new(pos, &legal, hash_move, killers, self.history, context)
            }
        }) {
            index += 1;
            let tactical = is_tactical(pos, mv);
            let check = super::mate::gives_check(pos, &info, mv);
            // A check that just gives the piece away (by static exchange) may
            // be pruned like a quiet move: in shogi, with pieces in hand,
            // such checks are many and seldom lead anywhere. (Reducing them
            // as well, or pruning safe checks, lost in self-play.)
            let check_see = if check { see(pos, mv) } else { 0 };
            let forcing = check && check_see >= 0;
            // How often this quiet move has worked (0 for tactical moves,
            // which the history does not judge), as read when the moves were
            // ordered (the history moves on a little while they are searched).
            let history = if tactical {
                0
            } else {
                moves
                    .history_of(mv)
                    .unwrap_or_else(|| self.history.quiet_score(pos, mv, context))
            };
            // 10. Futility and late-move pruning of quiet moves near the leaves;
            // in check, of quiet escapes once one escape has been searched.
            if !pv_node && !tactical && !forcing && best_score > -MATE_BOUND && index > 1 {
                // Judged at the depth the move would be searched to after
                // its late-move reduction, not the node's: a late move with
                // a poor history is pruned further from the leaves.
                let lmr_depth = predicted_depth(depth, index, history);
                if !in_check && lmr_depth <= 6 && static_eval + 100 + 100 * lmr_depth <= alpha {
                    continue;
                }
                // A poor reply to both previous moves, near the leaves.
                if depth <= 3
                    && context[0] != NO_KEY
                    && self
                        .history
                        .replies(pos, mv, context)
                        .iter()
                        .all(|&r| r < 0)
                {
                    continue;
                }
                let late = (3 + depth * depth) / if improving { 1 } else { 2 };
                if depth <= 7 && index as i32 > late {
                    continue;
                }
                // A move that gives material away by exchange, by more the
                // deeper it would be searched. (A check's value is known.)
                let exchange = if check { check_see } else { see(pos, mv) };
                if lmr_depth <= 6 && exchange < -60 * (lmr_depth + 1) {
                    continue;
                }
            }
            // 10b. Futility and exchange pruning of captures near the leaves:
            // even the piece taken and a margin do not reach alpha, or the
            // exchange loses more than the depth can make good.
            if !pv_node
                && !in_check
                && tactical
                && !check
                && best_score > -MATE_BOUND
                && index > 1
                && depth <= 6
            {
                let gain = pos.piece_at(mv.to()).map_or(0, |p| capture_value(p.kind));
                if static_eval + 200 + 150 * depth + gain <= alpha {
                    continue;
                }
                if see(pos, mv) < -200 * depth {
                    continue;
                }
            }
            let next = pos.after(mv);
            // 11. Check extension, for checks that do not just lose the piece.
            let extension = i32::from(forcing && (ply as i32) < 2 * self.root_depth);
            let new_depth = depth - 1 + extension;
            self.move_keys[ply] = move_key(pos, mv);
            self.push(&next);
            let score = if index == 1 {
                -self.alpha_beta(&next, -beta, -alpha, new_depth, ply + 1, node.first_child())
            } else {
                // 12. Late-move reductions for quiet moves, and for captures
                // late in the order that lose material by exchange.
                let bad_capture = depth >= 3
                    && index > 3
                    && !check
                    && !in_check
                    && is_capture(pos, mv)
                    && see(pos, mv) < 0;
                let reduction = if bad_capture {
                    reduction(depth, index).clamp(0, new_depth - 1)
                } else if depth >= 2 && index > 2 && !tactical && !check && !in_check {
                    // A node on a principal variation, now or in an earlier
                    // search, is reduced a ply less (its moves decide the
                    // game's line); an expected cut node's late moves are
                    // seldom the refutation; a killer refuted a sibling and is
                    // reduced a ply less.
                    let r = reduction(depth, index) - i32::from(tt_pv)
                        + i32::from(node == Node::Cut)
                        + i32::from(!improving)
                        + i32::from(tt_capture)
                        - i32::from(killers.contains(&Some(mv)));
                    let r = r - history / HISTORY_PER_PLY;
                    r.clamp(0, new_depth - 1)
                } else {
                    0
                };
                let mut s = -self.alpha_beta(
                    &next,
                    -alpha - 1,
                    -alpha,
                    new_depth - reduction,
                    ply + 1,
                    Node::Cut,
                );
                if s > alpha && reduction > 0 && !self.aborted {
                    let kind = if node == Node::Cut {
                        Node::All
                    } else {
                        Node::Cut
                    };
                    s = -self.alpha_beta(&next, -alpha - 1, -alpha, new_depth, ply + 1, kind);
                }
                if s > alpha && s < beta && pv_node && !self.aborted {
                    s = -self.alpha_beta(&next, -beta, -alpha, new_depth, ply + 1, Node::Pv);
                }
                s
            };
            self.visits.pop();
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    if pv_node {
                        self.update_pv(ply, mv);
                    }
                    alpha = score;
                    if alpha >= beta {
                        if !is_capture(pos, mv) {
                            self.reward_quiet(pos, mv, &quiets_tried, depth, ply, context);
                        }
                        break;
                    }
                }
            }
            if !tactical {
                quiets_tried.push(mv);
            }
        }
        if moves.none_legal() {
            // Checkmate, or no legal move: either way a loss.
            return mated_in(ply);
        }
        if best_score == -INFINITE {
            // Every move was pruned: the node is at most alpha.
            return alpha;
        }
        let bound = Bound::of(best_score, original_alpha, beta);
        let eval = (!in_check).then_some(raw_eval);
        self.tt
            .store(key, ply, best_move, best_score, depth, bound, eval, tt_pv);
        // 13. Teach the correction history, from quiet results only (a
        // capture's gain is the exchange's, not the evaluation's error) and
        // only where a bound says which way the evaluation erred.
        let quiet_result = best_move.is_none_or(|mv| !is_capture(pos, mv));
        let informative = match bound {
            Bound::Exact => true,
            Bound::Lower => best_score > static_eval,
            Bound::Upper => best_score < static_eval,
        };
        if !in_check && quiet_result && informative && best_score.abs() < KNOWN_WIN {
            self.correction.learn(pos, raw_eval, best_score, depth);
        }
        best_score
    }

    /// A quiet move cut off: remember it as a killer and in the history,
    /// and count against the quiet moves tried before it.
    fn reward_quiet(
        &mut self,
        pos: &Position,
        mv: Move,
        tried: &MoveList,
        depth: i32,
        ply: usize,
        context: Context,
    ) {
        let slot = &mut self.killers[ply];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
        let bonus = (depth * depth * 16).min(4000);
        self.history.update(pos, mv, context, bonus);
        for &other in tried.iter() {
            if other != mv {
                self.history.update(pos, other, context, -bonus);
            }
        }
    }

    /// Captures and promotions until the position is quiet.
    fn quiesce(&mut self, pos: &Position, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.quiesce_with(pos, alpha, beta, ply, None)
    }

    /// The quiescence search of a node whose (raw) static evaluation may
    /// be known already (razoring comes from a full-width node that has it).
    fn quiesce_with(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        known_eval: Option<i32>,
    ) -> i32 {
        self.poll();
        if self.aborted {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY {
            return evaluate(pos);
        }
        // Any stored result settles a quiescence node: every search result
        // is at least as deep as this one.
        let key = pos.hash();
        let entry = self.tt.probe(key, ply);
        if let Some(e) = entry
            && e.cuts_off(alpha, beta)
        {
            return e.score;
        }
        let original_alpha = alpha;
        let in_check = pos.in_check();
        let mut best = -INFINITE;
        let mut eval = None;
        let mut picker = if in_check {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                return mated_in(ply);
            }
            MovePicker::evasions(pos, &moves, None)
        } else {
            let raw = entry
                .and_then(|e| e.eval)
                .or(known_eval)
                .unwrap_or_else(|| evaluate(pos));
            eval = Some(raw);
            let stand = self.correction.corrected(pos, raw);
            if stand >= beta {
                if entry.is_none() {
                    self.tt.store(
                        key,
                        ply,
                        None,
                        stand,
                        QUIESCENCE_DEPTH,
                        Bound::Lower,
                        eval,
                        false,
                    );
                }
                return stand;
            }
            best = stand;
            alpha = alpha.max(stand);
            let mut moves = MoveList::new();
            generate_tactical(pos, &mut moves);
            MovePicker::tactical(pos, &moves, entry.and_then(|e| e.mv))
        };
        let stand = best;
        let mut best_move = None;
        while let Some(mv) = picker.next_move() {
            // Delta pruning: even winning this piece cannot lift us to alpha.
            if !in_check && !mv.is_promotion() {
                let gain = pos.piece_at(mv.to()).map_or(0, |p| capture_value(p.kind));
                if stand + gain + 200 <= alpha {
                    continue;
                }
            }
            let next = pos.after(mv);
            let score = -self.quiesce(&next, -beta, -alpha, ply + 1);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if entry.is_none_or(|e| e.depth <= QUIESCENCE_DEPTH) {
            let bound = Bound::of(best, original_alpha, beta);
            self.tt.store(
                key,
                ply,
                best_move,
                best,
                QUIESCENCE_DEPTH,
                bound,
                eval,
                false,
            );
        }
        best
    }
}

/// Whether the side to move has a check that does not lose the piece by
/// exchange.
fn has_safe_check(pos: &Position) -> bool {
    let info = super::mate::CheckInfo::new(pos);
    pos.legal_moves()
        .iter()
        .any(|&mv| super::mate::gives_check(pos, &info, mv) && see(pos, mv) >= 0)
}

/// Natural logarithms of 0..=`MAX_MOVES` (depths and move numbers), computed
/// once: the reduction is asked for every quiet move a node considers.
static LN: LazyLock<[f32; MAX_MOVES + 1]> =
    LazyLock::new(|| std::array::from_fn(|i| (i as f32).ln()));

/// How gently the late-move reduction grows: the product of the two
/// logarithms is divided by this. Measured in self-play: 1.75
/// lost about 70 Elo to 2.0, and 2.25 won against it.
const REDUCTION_DIVISOR: f32 = 2.25;

/// Late-move reduction in plies, growing with depth and move number.
fn reduction(depth: i32, index: usize) -> i32 {
    let ln = |n: usize| LN[n.min(MAX_MOVES)];
    let r = 0.5 + ln(depth.max(0) as usize) * ln(index) / REDUCTION_DIVISOR;
    r as i32
}

/// History score worth one ply less (or more) of reduction.
const HISTORY_PER_PLY: i32 = 12_000;

/// The depth a quiet move (the `index`th of its node, with this history
/// score) would be searched to after the usual late-move reduction, which
/// the pruning of quiet moves reads.
fn predicted_depth(depth: i32, index: usize, history: i32) -> i32 {
    (depth - 1 - reduction(depth, index) + history / HISTORY_PER_PLY).max(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_moves_are_predicted_no_deeper_and_never_below_zero() {
        for depth in 1..=20 {
            let mut last = depth - 1;
            for index in 1..=120 {
                let predicted = predicted_depth(depth, index, 0);
                assert!(
                    (0..=last).contains(&predicted),
                    "depth {depth}, move {index}"
                );
                last = predicted;
            }
        }
        // Late in a deep node the reduction takes several plies.
        assert!(predicted_depth(12, 40, 0) <= 12 - 1 - 3);
    }

    #[test]
    fn a_move_with_a_good_history_is_predicted_deeper_than_one_with_a_poor_one() {
        let (depth, index) = (10, 20);
        let good = predicted_depth(depth, index, 3 * HISTORY_PER_PLY);
        let neutral = predicted_depth(depth, index, 0);
        let poor = predicted_depth(depth, index, -3 * HISTORY_PER_PLY);
        assert!(good > neutral && neutral > poor, "{good} {neutral} {poor}");
    }
}
