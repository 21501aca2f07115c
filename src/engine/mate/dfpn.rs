//! A df-pn mate solver (Nagai's depth-first proof-number search, with the
//! 1+ε threshold trick of Pawlewicz and Lew).
//!
//! OR nodes are the attacker's turns, where only checking moves (drops
//! included) are tried; AND nodes are the defender's, where every legal
//! evasion is. Each node's proof number (how many leaves must still be
//! proven to prove it) and disproof number go to a table ([`table`]), so
//! the search can always descend to the most promising leaf while keeping
//! only one path on the stack. Unlike [`super::MateSearch`] it has no
//! depth limit, so it solves mates of 20 or 30 plies that a fixed-depth
//! search never reaches.
//!
//! Repetitions: a perpetual check loses for the checker, so a line that
//! comes back to a position of the current path (or of the game before the
//! root, see [`Dfpn::with_history`]) never proves anything: that child
//! counts as disproven. The disproof then reaches the table although it
//! holds for this path only (the graph-history-interaction problem), so a
//! mate that needs to pass through such a position from elsewhere may be
//! missed; a proof is never wrong for it. Lines longer than [`MAX_PLY`]
//! are cut the same way.
//!
//! Every mate reported is first played out and checked ([`line`]).

mod line;
mod table;
mod verify;

pub use verify::verify_mate;

use super::checks::{CheckInfo, gives_check};
use crate::rules::{Color, Move, Position};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;
use table::{INF, Key, ProofTable, Value};

/// The deepest the search goes: longer lines count as failed.
pub const MAX_PLY: usize = 400;

/// How often (in nodes) the stop flag and the clock are read.
const POLL_INTERVAL: u64 = 1024;

/// The answer to one problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateResult {
    /// A checked mating line: the attacker's checks and the defender's
    /// longest replies, ending in checkmate.
    Mate(Vec<Move>),
    /// No mate (within [`MAX_PLY`] plies, and up to the repetition caveat
    /// of the module documentation).
    NoMate,
    /// The node budget, the deadline or the stop flag ran out first.
    Unknown,
}

/// One move from a node, with what is known of the position it leads to.
struct Child {
    mv: Move,
    key: Key,
    /// Leads back to a position of the path: disproven for this path.
    on_path: bool,
    value: Value,
}

/// The solver: its table lives as long as it does and is emptied per
/// problem.
pub struct Dfpn<'a> {
    stop: &'a AtomicBool,
    pub nodes: u64,
    node_limit: u64,
    /// The limit of the current phase (solving, then extracting the line).
    limit: u64,
    deadline: Option<Instant>,
    aborted: bool,
    table: ProofTable,
    attacker: Color,
    /// Hashes of the positions on the current path.
    path: HashSet<u64>,
    /// Hashes of the positions played before the root.
    history: HashSet<u64>,
}

impl<'a> Dfpn<'a> {
    /// A solver that stops after `node_limit` nodes (extracting the line of
    /// a proof may take up to half as many again) or when `stop` is set,
    /// with a table of about `table_mb` megabytes.
    pub fn new(stop: &'a AtomicBool, node_limit: u64, table_mb: usize) -> Dfpn<'a> {
        Dfpn {
            stop,
            nodes: 0,
            node_limit,
            limit: node_limit,
            deadline: None,
            aborted: false,
            table: ProofTable::new(table_mb),
            attacker: Color::Sente,
            path: HashSet::new(),
            history: HashSet::new(),
        }
    }

    /// Gives up at `deadline` as well.
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> Dfpn<'a> {
        self.deadline = deadline;
        self
    }

    /// Hashes of the game's earlier positions: a mating line must not pass
    /// through them (a player who mates by repeating positions may instead
    /// lose to perpetual check).
    pub fn with_history(mut self, hashes: impl IntoIterator<Item = u64>) -> Dfpn<'a> {
        self.history = hashes.into_iter().collect();
        self
    }

    /// Whether the side to move can force mate, and how.
    pub fn solve(&mut self, pos: &Position) -> MateResult {
        self.table.clear();
        self.path.clear();
        self.nodes = 0;
        self.limit = self.node_limit;
        self.aborted = false;
        self.attacker = pos.side_to_move();
        let value = self.mid(pos, INF, INF, 0);
        if value.is_disproven() {
            return MateResult::NoMate;
        }
        if !value.is_proven() {
            return MateResult::Unknown;
        }
        // The line may need some positions proven again (the table may have
        // lost them), on a budget of its own.
        self.limit = self.nodes.saturating_add(self.node_limit / 2 + 1_000);
        match self.mating_line(pos) {
            Some(line) => MateResult::Mate(line),
            None => MateResult::Unknown,
        }
    }

    /// Whether the side that just moved in `pos` (the defender is to move) still forces
    /// mate: `Some(true)` proven, `Some(false)` disproven, `None` when the budget ran out.
    /// A mate problem's other first moves are put to this, to show that only one mates.
    pub fn mates_after(&mut self, pos: &Position) -> Option<bool> {
        self.table.clear();
        self.path.clear();
        self.nodes = 0;
        self.limit = self.node_limit;
        self.aborted = false;
        self.attacker = !pos.side_to_move();
        let value = self.mid(pos, INF, INF, 0);
        if value.is_proven() {
            Some(true)
        } else if value.is_disproven() {
            Some(false)
        } else {
            None
        }
    }

    /// Proves or disproves `pos` from scratch on the current budget.
    fn prove(&mut self, pos: &Position) -> Value {
        self.path.clear();
        self.mid(pos, INF, INF, 0)
    }

    fn out_of_budget(&mut self) -> bool {
        if !self.aborted {
            // Polled at the first node too, so a stop set before the call
            // is obeyed even by a problem solved in fewer nodes.
            let poll = self.nodes.is_multiple_of(POLL_INTERVAL);
            self.nodes += 1;
            self.aborted = self.nodes >= self.limit
                || (poll
                    && (self.stop.load(Ordering::Relaxed)
                        || self.deadline.is_some_and(|d| Instant::now() >= d)));
        }
        self.aborted
    }

    /// Multiple iterative deepening: searches below `pos` until its proof
    /// number reaches `th_pn` or its disproof number `th_dn`, and returns
    /// its value (also left in the table).
    fn mid(&mut self, pos: &Position, th_pn: u32, th_dn: u32, ply: usize) -> Value {
        let key = Key::of(pos, self.attacker);
        if self.out_of_budget() {
            return self.table.get(key).unwrap_or(Value::UNKNOWN);
        }
        let or_node = pos.side_to_move() == self.attacker;
        let mut children = self.expand(pos, or_node);
        if children.is_empty() {
            // No check to give: no mate. No evasion: mated.
            let value = if or_node {
                Value::DISPROVEN
            } else {
                Value::proven(0)
            };
            self.table.put(key, value, 1);
            return value;
        }
        if ply >= MAX_PLY {
            // Path-dependent like a repetition: not stored.
            return Value::DISPROVEN;
        }
        let start = self.nodes;
        self.path.insert(pos.hash());
        let mut value;
        let mut searched = None;
        loop {
            self.refresh(&mut children, searched);
            value = summarize(&children, or_node);
            if value.pn >= th_pn || value.dn >= th_dn || value.is_solved() || self.aborted {
                break;
            }
            let (best, child_th_pn, child_th_dn) = select(&children, or_node, value, th_pn, th_dn);
            let next = pos.after(children[best].mv);
            children[best].value = self.mid(&next, child_th_pn, child_th_dn, ply + 1);
            searched = Some(best);
        }
        self.path.remove(&pos.hash());
        self.table.put(key, value, self.nodes - start);
        value
    }

    /// The moves tried at `pos` (checks at an OR node, every legal move at
    /// an AND node) with what is known of each. A check that leaves no
    /// evasion is proven on the spot; otherwise an AND child starts with
    /// its number of evasions as proof number (df-pn+'s usual guess).
    /// Kept out of line: the move list is large and `mid` recurses.
    #[inline(never)]
    fn expand(&self, pos: &Position, or_node: bool) -> Vec<Child> {
        let moves = pos.legal_moves();
        let info = or_node.then(|| CheckInfo::new(pos));
        let mut children = Vec::new();
        for &mv in moves.iter() {
            if let Some(info) = &info
                && !gives_check(pos, info, mv)
            {
                continue;
            }
            let next = pos.after(mv);
            let key = Key::of(&next, self.attacker);
            let hash = next.hash();
            let on_path = self.path.contains(&hash) || self.history.contains(&hash);
            let value = if on_path {
                Value::DISPROVEN
            } else if let Some(value) = self.table.get(key) {
                value
            } else if or_node {
                match next.legal_moves().len() {
                    0 => Value::proven(0),
                    evasions => Value {
                        pn: evasions as u32,
                        dn: 1,
                        len: 0,
                    },
                }
            } else {
                Value::UNKNOWN
            };
            children.push(Child {
                mv,
                key,
                on_path,
                value,
            });
        }
        children
    }

    /// Rereads the children from the table: other paths to the same
    /// positions may have moved them on. A solved child stays solved, and
    /// the child just searched keeps the value it returned (the table may
    /// hold an older one, or none).
    fn refresh(&self, children: &mut [Child], searched: Option<usize>) {
        for (i, child) in children.iter_mut().enumerate() {
            if Some(i) != searched
                && !child.on_path
                && !child.value.is_solved()
                && let Some(value) = self.table.get(child.key)
            {
                child.value = value;
            }
        }
    }
}

/// A node's value from its children's: at an OR node one proven child
/// proves it and all must be disproven; at an AND node the reverse. The
/// mate length is the shortest proven check, or the longest evasion.
fn summarize(children: &[Child], or_node: bool) -> Value {
    let values = children.iter().map(|child| child.value);
    if or_node {
        let pn = values.clone().map(|v| v.pn).min().unwrap_or(INF);
        let dn = values.clone().fold(0, |sum, v| add(sum, v.dn));
        let len = values
            .filter(|v| v.is_proven())
            .map(|v| v.len)
            .min()
            .unwrap_or(0);
        Value {
            pn,
            dn,
            len: len.saturating_add(1),
        }
    } else {
        let pn = values.clone().fold(0, |sum, v| add(sum, v.pn));
        let dn = values.clone().map(|v| v.dn).min().unwrap_or(INF);
        let len = values.map(|v| v.len).max().unwrap_or(0);
        Value {
            pn,
            dn,
            len: len.saturating_add(1),
        }
    }
}

/// The child to search next and its thresholds. At an OR node it is the
/// child with the smallest proof number, searched until that number passes
/// the second smallest (times 1+ε, so the search does not flip between two
/// close children) or the node's own threshold; its disproof threshold is
/// what is left of the node's. An AND node mirrors this on disproof numbers.
fn select(
    children: &[Child],
    or_node: bool,
    node: Value,
    th_pn: u32,
    th_dn: u32,
) -> (usize, u32, u32) {
    // The number the node minimises over its children, and the one it sums.
    let minimised = |v: &Value| if or_node { v.pn } else { v.dn };
    let summed = |v: &Value| if or_node { v.dn } else { v.pn };
    let mut best = 0;
    let mut second = INF;
    for (i, child) in children.iter().enumerate().skip(1) {
        let n = minimised(&child.value);
        if n < minimised(&children[best].value) {
            second = minimised(&children[best].value);
            best = i;
        } else if n < second {
            second = n;
        }
    }
    let child = &children[best].value;
    let (th_min, th_sum) = if or_node {
        (th_pn, th_dn)
    } else {
        (th_dn, th_pn)
    };
    let child_th_min = th_min.min(grow(second));
    // The node's sum is below its threshold, or the search would not be here.
    let child_th_sum = if th_sum >= INF {
        INF
    } else {
        (u64::from(th_sum - summed(&node)) + u64::from(summed(child))).min(u64::from(INF)) as u32
    };
    if or_node {
        (best, child_th_min, child_th_sum)
    } else {
        (best, child_th_sum, child_th_min)
    }
}

/// A sum that stays below `INF` unless a term is `INF`.
fn add(a: u32, b: u32) -> u32 {
    if a >= INF || b >= INF {
        INF
    } else {
        (a + b).min(INF - 1)
    }
}

/// The 1+ε threshold over the second-best child (ε = 1/4).
fn grow(second: u32) -> u32 {
    if second >= INF {
        INF
    } else {
        (second + 1).max(second + second / 4).min(INF)
    }
}
