//! Sennichite bookkeeping: where each position occurred, and who gave check
//! since, kept up to date move by move so that a repetition and its
//! perpetual-check verdict cost O(1) per move instead of a replay.

use crate::rules::types::{ByColor, Color};
use std::collections::HashMap;

/// How many times a position must occur for sennichite.
pub const SENNICHITE_COUNT: usize = 4;

/// Running totals up to one ply: moves made and checks given by each side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tally {
    moves: ByColor<u32>,
    checks: ByColor<u32>,
}

/// The plies at which each position (by hash) occurred, and the running
/// move/check totals, so that "did this side check with every move since
/// ply i" is a subtraction.
#[derive(Clone, Debug, Default)]
pub struct Repetitions {
    occurrences: HashMap<u64, Vec<usize>>,
    /// `tallies[p]`: totals over the first `p` moves.
    tallies: Vec<Tally>,
}

/// What a repetition means, by the sennichite row of the rule book
/// (`docs/RULES.md`): a draw, unless one side gave check with every one
/// of its moves since the position first appeared, and that side loses.
/// The game judges the fourth occurrence by it, the search every repetition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// Both sides varied their moves (or both checked throughout): a draw.
    Draw,
    /// This side checked with every one of its moves since the position
    /// first appeared, and loses.
    PerpetualCheckBy(Color),
}

impl Repetition {
    /// The verdict from whether each side gave check with every one of its
    /// moves since the position first appeared. When both did, neither is
    /// the one side that kept checking: a draw, as when neither did.
    pub fn from_checks(checked_throughout: ByColor<bool>) -> Repetition {
        match (
            checked_throughout[Color::Sente],
            checked_throughout[Color::Gote],
        ) {
            (true, false) => Repetition::PerpetualCheckBy(Color::Sente),
            (false, true) => Repetition::PerpetualCheckBy(Color::Gote),
            _ => Repetition::Draw,
        }
    }

    /// The side that loses by it, if any.
    pub fn loser(self) -> Option<Color> {
        match self {
            Repetition::Draw => None,
            Repetition::PerpetualCheckBy(checker) => Some(checker),
        }
    }
}

impl Repetitions {
    /// Starts the table with the start position (ply 0).
    pub fn new(start_hash: u64) -> Repetitions {
        let mut table = Repetitions {
            occurrences: HashMap::new(),
            tallies: vec![Tally::default()],
        };
        table.occurrences.insert(start_hash, vec![0]);
        table
    }

    /// Records a move by `mover` that reached `hash` (giving check or not).
    pub fn push(&mut self, hash: u64, mover: Color, gave_check: bool) {
        let mut tally = self.tallies.last().copied().unwrap_or_default();
        tally.moves[mover] += 1;
        if gave_check {
            tally.checks[mover] += 1;
        }
        let ply = self.tallies.len();
        self.tallies.push(tally);
        self.occurrences.entry(hash).or_default().push(ply);
    }

    /// Forgets the last move, which reached `hash`.
    pub fn pop(&mut self, hash: u64) {
        if self.tallies.len() <= 1 {
            return;
        }
        self.tallies.pop();
        if let Some(plies) = self.occurrences.get_mut(&hash) {
            plies.pop();
            if plies.is_empty() {
                self.occurrences.remove(&hash);
            }
        }
    }

    /// How many times the position `hash` has occurred so far.
    pub fn count(&self, hash: u64) -> usize {
        self.occurrences.get(&hash).map_or(0, Vec::len)
    }

    /// The plies at which the position `hash` occurred, earliest first.
    pub fn plies(&self, hash: u64) -> &[usize] {
        self.occurrences.get(&hash).map_or(&[], Vec::as_slice)
    }

    /// The verdict when the position `hash`, reached by the last move, has
    /// now occurred four times; `None` otherwise.
    pub fn sennichite(&self, hash: u64) -> Option<Repetition> {
        let plies = self.plies(hash);
        if plies.len() < SENNICHITE_COUNT {
            return None;
        }
        let first = *plies.first()?;
        let now = *self.tallies.last()?;
        let then = *self.tallies.get(first)?;
        let checked_throughout = |color: Color| {
            let moves = now.moves[color] - then.moves[color];
            moves > 0 && now.checks[color] - then.checks[color] == moves
        };
        Some(Repetition::from_checks(ByColor::new(
            checked_throughout(Color::Sente),
            checked_throughout(Color::Gote),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repetition_is_a_draw_unless_exactly_one_side_checked_throughout() {
        let verdict = |sente, gote| Repetition::from_checks(ByColor::new(sente, gote));
        assert_eq!(verdict(false, false), Repetition::Draw);
        assert_eq!(
            verdict(true, false),
            Repetition::PerpetualCheckBy(Color::Sente)
        );
        assert_eq!(
            verdict(false, true),
            Repetition::PerpetualCheckBy(Color::Gote)
        );
        assert_eq!(verdict(true, true), Repetition::Draw);
        assert_eq!(verdict(true, true).loser(), None);
        assert_eq!(verdict(false, true).loser(), Some(Color::Gote));
    }
}
