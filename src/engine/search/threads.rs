//! The engine that lasts from one search to the next, and the threads of
//! one search: the main thread and its helpers (Lazy SMP), which share
//! only the hash table.

use super::limits::Limits;
use super::report::{Info, Outcome};
use super::team::{Lessons, POLL_INTERVAL, Team};
use super::walk::Walk;
use crate::engine::repetition::Visit;
use crate::engine::tt::Table;
use crate::rules::Position;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Stack for a search thread: each ply keeps its move lists on the stack
/// (several kilobytes), and a line may reach `MAX_PLY` plies.
pub const THREAD_STACK: usize = 64 * 1024 * 1024;

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
