//! A mate search: only checking moves for the attacker, every reply for the
//! defender. Much narrower than the main search, so it finds short mates
//! (1, 3, 5 plies) quickly; the Hard level runs it before thinking and the
//! USI `go mate` command runs it alone.

use crate::rules::attacks::{line, piece_attacks};
use crate::rules::{BitBoard, Move, MoveList, Piece, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// What the attacker needs to know to tell checking moves apart cheaply.
pub struct CheckInfo {
    their_king: crate::rules::Square,
    /// Our pieces whose moving off the line uncovers a check.
    discoverers: BitBoard,
}

impl CheckInfo {
    pub fn new(pos: &Position) -> CheckInfo {
        let us = pos.side_to_move();
        CheckInfo {
            their_king: pos.king_square(!us),
            discoverers: pos.blockers_for_king(!us) & pos.pieces(us),
        }
    }
}

/// Whether the legal move `mv` checks the opponent, without playing it.
pub fn gives_check(pos: &Position, info: &CheckInfo, mv: Move) -> bool {
    let us = pos.side_to_move();
    let king = info.their_king;
    match mv {
        Move::Drop { kind, to } => {
            piece_attacks(Piece::new(us, kind), to, pos.occupied()).has(king)
        }
        Move::Board { from, to, promote } => {
            let Some(piece) = pos.piece_at(from) else {
                return false;
            };
            let kind = if promote {
                piece.kind.promoted().unwrap_or(piece.kind)
            } else {
                piece.kind
            };
            let occupied = pos.occupied().without(from).with(to);
            if piece_attacks(Piece::new(us, kind), to, occupied).has(king) {
                return true;
            }
            info.discoverers.has(from) && !line(from, king).has(to)
        }
    }
}

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
