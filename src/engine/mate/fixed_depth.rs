//! A fixed-depth mate search: only checking moves for the attacker, every
//! reply for the defender. Much narrower than the main search, so it finds
//! short mates (1, 3, 5 plies) quickly; the levels that look only for the
//! obvious mate run it before thinking, and df-pn uses it to shorten the
//! lines it proves.

use super::checks::{CheckInfo, gives_check};
use crate::rules::{Move, MoveList, Position};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The most positions the table of [`MateSearch::with_table`] holds (about 200 MB at most);
/// past it the search goes on without adding more.
const TABLE_ENTRIES: usize = 8_000_000;

/// Looks for a forced mate of at most `max_plies` plies (odd), shortest first.
pub struct MateSearch<'a> {
    stop: &'a AtomicBool,
    pub nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    aborted: bool,
    /// With [`MateSearch::with_table`]: for each position (the attacker to move) shown to
    /// have no mate, the most plies it was shown for.
    no_mate: Option<HashMap<u64, u32>>,
}

impl<'a> MateSearch<'a> {
    pub fn new(stop: &'a AtomicBool, node_limit: u64) -> MateSearch<'a> {
        MateSearch {
            stop,
            nodes: 0,
            node_limit,
            deadline: None,
            aborted: false,
            no_mate: None,
        }
    }

    /// Remembers the positions shown to have no mate within so many plies, so that a
    /// position met again by another order of moves (common with drops), or at the next
    /// depth, is not searched again. The answers are the same; long searches that must
    /// show there is no shorter mate (a mate problem's length) become far quicker.
    pub fn with_table(mut self) -> MateSearch<'a> {
        self.no_mate = Some(HashMap::new());
        self
    }

    /// Gives up at `deadline` as well.
    pub fn with_deadline(mut self, deadline: Option<Instant>) -> MateSearch<'a> {
        self.deadline = deadline;
        self
    }

    /// Whether the last search ran out of nodes or was stopped (so "no mate"
    /// only means "none found").
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// The mating line, shortest first, or `None`.
    pub fn find(&mut self, pos: &Position, max_plies: u32) -> Option<Vec<Move>> {
        let mut plies = 1;
        while plies <= max_plies {
            if let Some(line) = self.attack(pos, plies) {
                return Some(line);
            }
            if self.aborted {
                return None;
            }
            plies += 2;
        }
        None
    }

    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        if self.nodes >= self.node_limit
            || (self.nodes & 255 == 0
                && (self.stop.load(Ordering::Relaxed)
                    || self.deadline.is_some_and(|d| Instant::now() >= d)))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The side to move mates within `plies`: a checking move after which
    /// every reply still loses.
    fn attack(&mut self, pos: &Position, plies: u32) -> Option<Vec<Move>> {
        if self
            .no_mate
            .as_ref()
            .and_then(|table| table.get(&pos.hash()))
            .is_some_and(|&shown| shown >= plies)
        {
            return None;
        }
        if self.out_of_budget() {
            return None;
        }
        let found = self.attack_here(pos, plies);
        if found.is_none()
            && !self.aborted
            && let Some(table) = &mut self.no_mate
            && (table.len() < TABLE_ENTRIES || table.contains_key(&pos.hash()))
        {
            let shown = table.entry(pos.hash()).or_insert(0);
            *shown = (*shown).max(plies);
        }
        found
    }

    /// [`MateSearch::attack`] past the table.
    fn attack_here(&mut self, pos: &Position, plies: u32) -> Option<Vec<Move>> {
        let info = CheckInfo::new(pos);
        let moves = pos.legal_moves();
        let mut checks = MoveList::new();
        for &mv in moves.iter() {
            if gives_check(pos, &info, mv) {
                checks.push(mv);
            }
        }
        // Mate in one first, with any check.
        for &mv in checks.iter() {
            if !pos.after(mv).has_legal_move() {
                return Some(vec![mv]);
            }
        }
        if plies < 3 {
            return None;
        }
        for &mv in checks.iter() {
            let next = pos.after(mv);
            if let Some(mut rest) = self.defend(&next, plies - 1) {
                rest.insert(0, mv);
                return Some(rest);
            }
            if self.aborted {
                return None;
            }
        }
        None
    }

    /// Every reply of the side to move (in check) loses within `plies`;
    /// returns the longest defence.
    fn defend(&mut self, pos: &Position, plies: u32) -> Option<Vec<Move>> {
        if self.out_of_budget() {
            return None;
        }
        let replies = pos.legal_moves();
        let mut longest: Option<Vec<Move>> = None;
        for &reply in replies.iter() {
            let next = pos.after(reply);
            let mut line = self.attack(&next, plies - 1)?;
            line.insert(0, reply);
            if longest.as_ref().is_none_or(|l| line.len() > l.len()) {
                longest = Some(line);
            }
        }
        longest
    }
}
