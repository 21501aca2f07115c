//! A fixed-depth mate search: only checking moves for the attacker, every
//! reply for the defender. Much narrower than the main search, so it finds
//! short mates (1, 3, 5 plies) quickly; the levels that look only for the
//! obvious mate run it before thinking, and df-pn uses it to shorten the
//! lines it proves.

use super::checks::{CheckInfo, gives_check};
use crate::rules::{Move, MoveList, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Looks for a forced mate of at most `max_plies` plies (odd), shortest first.
pub struct MateSearch<'a> {
    stop: &'a AtomicBool,
    pub nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    aborted: bool,
}

impl<'a> MateSearch<'a> {
    pub fn new(stop: &'a AtomicBool, node_limit: u64) -> MateSearch<'a> {
        MateSearch {
            stop,
            nodes: 0,
            node_limit,
            deadline: None,
            aborted: false,
        }
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
        if self.out_of_budget() {
            return None;
        }
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
