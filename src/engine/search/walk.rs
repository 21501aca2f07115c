//! One search's walk of the tree: what a thread carries down the current
//! line (counters, killers, the line's evaluations and moves, the
//! principal variation) and its upkeep: polling the clock, the stacks.

use super::limits::{Limits, MAX_PLY};
use super::team::{Lessons, POLL_INTERVAL, Team};
use crate::engine::correction::Correction;
use crate::engine::history::{Context, History, MoveKey, NO_KEY};
use crate::engine::repetition::Visit;
use crate::engine::score::INFINITE;
use crate::engine::tt::Table;
use crate::rules::{Move, MoveList, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// the current line, borrowing what lasts from the [`Engine`].
pub(super) struct Walk<'a> {
    pub(super) tt: &'a Table,
    pub(super) history: &'a mut History,
    pub(super) correction: &'a mut Correction,
    pub(super) stop: &'a AtomicBool,
    pub(super) limits: &'a Limits,
    pub(super) team: &'a Team,
    /// 0 for the main thread, from 1 for the helpers.
    pub(super) thread: usize,
    pub(super) start: Instant,
    pub(super) was_pondering: bool,
    pub(super) nodes: u64,
    pub(super) seldepth: usize,
    pub(super) aborted: bool,
    /// Off during the first iteration, so there is always a move.
    pub(super) may_abort: bool,
    pub(super) killers: [[Option<Move>; 2]; MAX_PLY + 1],
    /// The static evaluation at each ply of the current line (`-INFINITE`
    /// in check), to tell whether our position is improving.
    pub(super) static_evals: [i32; MAX_PLY + 2],
    /// The move played at each ply of the current line, for the
    /// continuation history (`NO_KEY` for a null move).
    pub(super) move_keys: [MoveKey; MAX_PLY + 2],
    pub(super) pv: Vec<[Option<Move>; MAX_PLY + 1]>,
    pub(super) pv_len: [usize; MAX_PLY + 1],
    pub(super) visits: Vec<Visit>,
    pub(super) root_depth: i32,
}

impl<'a> Walk<'a> {
    /// A walk from `root`, reached through `path`, learning into `lessons`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
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
    pub(super) fn total_nodes(&self) -> u64 {
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
    pub(super) fn skips(&self, depth: u32) -> bool {
        const SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
        const PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
        if self.thread == 0 {
            return false;
        }
        let i = (self.thread - 1) % SIZE.len();
        (depth + PHASE[i]) / SIZE[i] % 2 == 1
    }

    pub(super) fn elapsed(&mut self) -> Duration {
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
    pub(super) fn poll(&mut self) {
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

    pub(super) fn push(&mut self, pos: &Position) {
        self.visits.push(Visit {
            key: pos.hash(),
            in_check: pos.in_check(),
        });
    }

    /// The moves one, two and four plies before a node at `ply`.
    pub(super) fn context(&self, ply: usize) -> Context {
        let back = |n: usize| {
            if ply >= n {
                self.move_keys[ply - n]
            } else {
                NO_KEY
            }
        };
        [back(1), back(2), back(4)]
    }

    pub(super) fn update_pv(&mut self, ply: usize, mv: Move) {
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

    /// A quiet move cut off: remember it as a killer and in the history,
    /// and count against the quiet moves tried before it.
    pub(super) fn reward_quiet(
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
}
