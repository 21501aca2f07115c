//! The ladder: the player's results against the AI for each level and odds, and the step up
//! or down it offers after a run.
//!
//! The rule: after three results in a row of the same kind at one level and odds, the ladder
//! offers the next step: three wins, one step harder (a smaller handicap received, or a larger
//! one given; from giving ten pieces, the next level at even odds); three losses, one step
//! easier (a larger handicap received, or a smaller one given; from receiving ten pieces, the
//! level below at even odds). A draw breaks a run. Each further win (or loss) that lengthens
//! the run offers the step again, so turning it down once is not for ever.

pub mod odds;
pub(in crate::gui) mod results;
pub mod results_dialog;

use crate::gui::Level;
use crate::gui::ladder::odds::Odds;
use crate::i18n::{Language, fill};
use serde::{Deserialize, Serialize};

/// Results in a row that earn an offer.
pub const RUN: usize = 3;
/// The latest results kept per level and odds (enough for a run, and a look back).
const RECENT: usize = 10;

/// How a game ended for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LadderOutcome {
    Win,
    Loss,
    Draw,
}

/// The player's record at one level and odds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LadderEntry {
    pub level: Level,
    pub odds: Odds,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
    /// The latest outcomes, oldest first.
    #[serde(default)]
    pub recent: Vec<LadderOutcome>,
}

/// A step the ladder suggests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    pub level: Level,
    pub odds: Odds,
    /// Harder (after wins) or easier (after losses).
    pub up: bool,
}

impl Offer {
    /// "Three wins in a row: try Normal, you receive: Rook and lance."
    pub fn sentence(&self, lang: Language) -> String {
        let t = lang.strings();
        let template = if self.up {
            t.offer_wins
        } else {
            t.offer_losses
        };
        let odds = match lang {
            Language::English => self.odds.label(lang).to_lowercase(),
            Language::Japanese => self.odds.label(lang),
        };
        fill(
            template,
            &[("level", &lang.level(self.level)), ("odds", &odds)],
        )
    }
}

/// Every level and odds the player has played, in the order first played.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ladder {
    pub entries: Vec<LadderEntry>,
}

impl Ladder {
    /// Counts a finished game; returns the step the ladder now offers, if any.
    pub fn record(&mut self, level: Level, odds: Odds, outcome: LadderOutcome) -> Option<Offer> {
        let entry = self.entry_mut(level, odds);
        match outcome {
            LadderOutcome::Win => entry.wins += 1,
            LadderOutcome::Loss => entry.losses += 1,
            LadderOutcome::Draw => entry.draws += 1,
        }
        entry.recent.push(outcome);
        let extra = entry.recent.len().saturating_sub(RECENT);
        entry.recent.drain(..extra);
        self.offer(level, odds)
    }

    /// Takes back the latest result at `level` and `odds` when it is `outcome` (its game's
    /// ending was undone).
    pub fn take_back(&mut self, level: Level, odds: Odds, outcome: LadderOutcome) {
        let entry = self.entry_mut(level, odds);
        if entry.recent.last() != Some(&outcome) {
            return;
        }
        entry.recent.pop();
        let count = match outcome {
            LadderOutcome::Win => &mut entry.wins,
            LadderOutcome::Loss => &mut entry.losses,
            LadderOutcome::Draw => &mut entry.draws,
        };
        *count = count.saturating_sub(1);
    }

    /// The step offered after the latest results at `level` and `odds`, if they make a run.
    pub fn offer(&self, level: Level, odds: Odds) -> Option<Offer> {
        let entry = self.entry(level, odds)?;
        let last = *entry.recent.last()?;
        let run = entry
            .recent
            .iter()
            .rev()
            .take_while(|&&o| o == last)
            .count();
        if run < RUN {
            return None;
        }
        match last {
            LadderOutcome::Win => step_up(level, odds),
            LadderOutcome::Loss => step_down(level, odds),
            LadderOutcome::Draw => None,
        }
    }

    pub fn entry(&self, level: Level, odds: Odds) -> Option<&LadderEntry> {
        self.entries
            .iter()
            .find(|e| e.level == level && e.odds == odds)
    }

    fn entry_mut(&mut self, level: Level, odds: Odds) -> &mut LadderEntry {
        let at = match self
            .entries
            .iter()
            .position(|e| e.level == level && e.odds == odds)
        {
            Some(at) => at,
            None => {
                self.entries.push(LadderEntry {
                    level,
                    odds,
                    wins: 0,
                    losses: 0,
                    draws: 0,
                    recent: Vec::new(),
                });
                self.entries.len() - 1
            }
        };
        &mut self.entries[at]
    }

    /// The entries ordered for the results page: by level, then from the easiest odds.
    pub fn table(&self) -> Vec<&LadderEntry> {
        let rank = |odds: Odds| {
            Odds::scale()
                .position(|o| o == odds.on_scale())
                .unwrap_or(usize::MAX)
        };
        let mut rows: Vec<&LadderEntry> = self.entries.iter().collect();
        rows.sort_by_key(|e| (level_rank(e.level), rank(e.odds)));
        rows
    }
}

fn level_rank(level: Level) -> usize {
    Level::ALL
        .iter()
        .position(|&l| l == level)
        .unwrap_or(usize::MAX)
}

fn step_up(level: Level, odds: Odds) -> Option<Offer> {
    let (level, odds) = match odds.harder() {
        Some(harder) => (level, harder),
        None => (*Level::ALL.get(level_rank(level) + 1)?, Odds::Even),
    };
    Some(Offer {
        level,
        odds,
        up: true,
    })
}

fn step_down(level: Level, odds: Odds) -> Option<Offer> {
    let (level, odds) = match odds.easier() {
        Some(easier) => (level, easier),
        None => (
            *Level::ALL.get(level_rank(level).checked_sub(1)?)?,
            Odds::Even,
        ),
    };
    Some(Offer {
        level,
        odds,
        up: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Handicap;

    fn play(
        ladder: &mut Ladder,
        level: Level,
        odds: Odds,
        outcomes: &[LadderOutcome],
    ) -> Option<Offer> {
        outcomes
            .iter()
            .map(|&o| ladder.record(level, odds, o))
            .last()
            .flatten()
    }

    #[test]
    fn three_wins_receiving_two_pieces_offer_rook_and_lance() {
        let mut ladder = Ladder::default();
        let two = Odds::Receive(Handicap::TwoPieces);
        assert_eq!(
            play(
                &mut ladder,
                Level::Normal,
                two,
                &[LadderOutcome::Win, LadderOutcome::Win]
            ),
            None
        );
        let offer = ladder.record(Level::Normal, two, LadderOutcome::Win);
        assert_eq!(
            offer,
            Some(Offer {
                level: Level::Normal,
                odds: Odds::Receive(Handicap::RookLance),
                up: true
            })
        );
    }

    #[test]
    fn three_losses_offer_a_larger_handicap() {
        let mut ladder = Ladder::default();
        let offer = play(
            &mut ladder,
            Level::Easy,
            Odds::Even,
            &[LadderOutcome::Loss; 3],
        );
        assert_eq!(
            offer.map(|o| (o.odds, o.up)),
            Some((Odds::Receive(Handicap::Lance), false))
        );
    }

    #[test]
    fn a_draw_breaks_a_run() {
        let mut ladder = Ladder::default();
        let outcomes = [
            LadderOutcome::Win,
            LadderOutcome::Win,
            LadderOutcome::Draw,
            LadderOutcome::Win,
        ];
        assert_eq!(play(&mut ladder, Level::Hard, Odds::Even, &outcomes), None);
        let entry = ladder.entry(Level::Hard, Odds::Even).expect("played");
        assert_eq!((entry.wins, entry.losses, entry.draws), (3, 0, 1));
    }

    #[test]
    fn the_top_of_a_level_leads_to_the_next_level_at_even_odds() {
        let mut ladder = Ladder::default();
        let top = Odds::Give(Handicap::TenPieces);
        let offer = play(&mut ladder, Level::Easy, top, &[LadderOutcome::Win; 3]);
        assert_eq!(
            offer.map(|o| (o.level, o.odds)),
            Some((Level::Normal, Odds::Even))
        );
        let offer = play(&mut ladder, Level::Hard, top, &[LadderOutcome::Win; 3]);
        assert_eq!(offer, None);
    }

    #[test]
    fn results_at_other_odds_do_not_count_towards_a_run() {
        let mut ladder = Ladder::default();
        ladder.record(Level::Normal, Odds::Even, LadderOutcome::Win);
        ladder.record(
            Level::Normal,
            Odds::Give(Handicap::Lance),
            LadderOutcome::Win,
        );
        assert_eq!(
            ladder.record(Level::Normal, Odds::Even, LadderOutcome::Win),
            None
        );
    }

    #[test]
    fn the_table_lists_levels_then_odds_from_the_easiest() {
        let mut ladder = Ladder::default();
        ladder.record(Level::Hard, Odds::Even, LadderOutcome::Loss);
        ladder.record(Level::Easy, Odds::Even, LadderOutcome::Win);
        ladder.record(
            Level::Easy,
            Odds::Receive(Handicap::Rook),
            LadderOutcome::Win,
        );
        let rows: Vec<(Level, Odds)> = ladder.table().iter().map(|e| (e.level, e.odds)).collect();
        assert_eq!(
            rows,
            vec![
                (Level::Easy, Odds::Receive(Handicap::Rook)),
                (Level::Easy, Odds::Even),
                (Level::Hard, Odds::Even)
            ]
        );
    }
}
