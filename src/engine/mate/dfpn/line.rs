//! From a proof to a mating line: the attacker plays the proven check with
//! the shortest mate, the defender the evasion that holds out longest, by
//! the mate lengths in the table. A position the table has lost on the way
//! is proven again. The line is then played out and checked, and a short
//! one is searched again exhaustively for a shorter mate, since df-pn stops
//! at the first proof it completes, not the shortest.

use super::verify::verify_mate;
use super::{Dfpn, MAX_PLY};
use crate::engine::mate::MateSearch;
use crate::rules::{Move, Position};

/// Lines up to this many plies beyond a shorter mate's length are searched
/// again by [`MateSearch`], whose iterative deepening finds the shortest.
const SHORTEN_PLIES: u32 = 7;

/// Node budget of that second search, at most.
const SHORTEN_NODES: u64 = 50_000;

impl Dfpn<'_> {
    /// The checked mating line from `root`, which the search has proven.
    pub(super) fn mating_line(&mut self, root: &Position) -> Option<Vec<Move>> {
        let line = self.follow_proof(root)?;
        if !verify_mate(root, &line) {
            return None;
        }
        Some(self.shorten(root, line))
    }

    fn follow_proof(&mut self, root: &Position) -> Option<Vec<Move>> {
        let mut pos = *root;
        let mut line = Vec::new();
        // Mate lengths shrink along a consistent proof; the cap only guards
        // against a table that changed under the line.
        while line.len() < 2 * MAX_PLY {
            let mv = if pos.side_to_move() == self.attacker {
                self.attacking_move(&pos)?
            } else if !pos.has_legal_move() {
                return Some(line);
            } else {
                self.longest_defence(&pos)?
            };
            line.push(mv);
            pos = pos.after(mv);
        }
        None
    }

    /// The proven check with the shortest mate (a mate in one if any).
    fn attacking_move(&mut self, pos: &Position) -> Option<Move> {
        for _ in 0..2 {
            let children = self.expand(pos, true);
            let best = children
                .iter()
                .filter(|child| child.value.is_proven())
                .min_by_key(|child| child.value.len);
            if let Some(best) = best {
                return Some(best.mv);
            }
            if !self.prove(pos).is_proven() {
                return None;
            }
        }
        None
    }

    /// The evasion with the longest mate; every evasion must be proven.
    fn longest_defence(&mut self, pos: &Position) -> Option<Move> {
        let mut longest: Option<(u16, Move)> = None;
        for child in self.expand(pos, false) {
            let value = if child.value.is_proven() {
                child.value
            } else {
                self.prove(&pos.after(child.mv))
            };
            if !value.is_proven() {
                return None;
            }
            if longest.is_none_or(|(len, _)| value.len > len) {
                longest = Some((value.len, child.mv));
            }
        }
        longest.map(|(_, mv)| mv)
    }

    /// A shorter checked mate than `line` if a small exhaustive search
    /// finds one, else `line`.
    fn shorten(&mut self, root: &Position, line: Vec<Move>) -> Vec<Move> {
        let Some(plies) = (line.len() as u32).checked_sub(2) else {
            return line;
        };
        let budget = self.nodes.clamp(2_000, SHORTEN_NODES);
        let mut search = MateSearch::new(self.stop, budget).with_deadline(self.deadline);
        let shorter = search.find(root, plies.min(SHORTEN_PLIES));
        self.nodes += search.nodes;
        match shorter {
            Some(shorter) if shorter.len() < line.len() && verify_mate(root, &shorter) => shorter,
            _ => line,
        }
    }
}
