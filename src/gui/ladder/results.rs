//! The ladder in the app: a finished game counted once, the step it offers, the results page.

use crate::gui::app::KomadaiApp;
use crate::gui::dialogs::Dialog;
use crate::gui::ladder::odds::Odds;
use crate::gui::ladder::{Ladder, LadderOutcome, Offer};
use crate::gui::panels::message::Message;
use crate::i18n::{self, SystemError};

impl KomadaiApp {
    /// The player's results as saved; a damaged file is said so.
    pub(in crate::gui) fn load_ladder(&mut self) {
        let (ladder, note) = self.stored.disk.ladder_store().load();
        self.stored.ladder = ladder;
        if let Some(note) = note {
            let note = note.text(self.language());
            log::warn!("{note}");
            self.screen.message = Some(match self.screen.message.take() {
                Some(earlier) => Message::warning(format!("{}; {note}", earlier.text)),
                None => Message::warning(note),
            });
        }
    }

    /// The player's results per level and odds.
    pub fn ladder(&self) -> &Ladder {
        &self.stored.ladder
    }

    /// The result of the game on the board for the ladder, while it is still to be counted:
    /// a game the player finished against the built-in AI at known odds, not replayed.
    pub(in crate::gui) fn result_to_count(&self) -> Option<LadderOutcome> {
        let outcome = self.outcome()?;
        let play = &self.play;
        let engine_played = self.background.engines.played;
        let counted = play.counted || play.header.is_some() || play.odds.is_none();
        (!counted && !self.screen.view.is_replaying() && !engine_played).then_some(outcome)
    }

    /// Counts the game's result on the ladder, once, and offers the ladder's next step when
    /// the result makes a run.
    pub(in crate::gui) fn count_result(&mut self, outcome: LadderOutcome) {
        let Some(odds) = self.play.odds else {
            return;
        };
        let offer = self.record_result(self.play.level, odds, outcome);
        self.play.counted = true;
        if let Some(offer) = offer
            && self.screen.dialog.is_none()
        {
            self.screen.dialog = Some(Dialog::LadderOffer(offer));
            // Counted after this frame's views were drawn: draw the offer now, not at the
            // next input.
            if let Some(ctx) = &self.host.egui {
                ctx.request_repaint();
            }
        }
    }

    /// The finished game's result for the player.
    pub(in crate::gui) fn outcome(&self) -> Option<LadderOutcome> {
        let result = self.play.game.result()?;
        Some(match result.winner {
            Some(winner) if winner == self.play.player => LadderOutcome::Win,
            Some(_) => LadderOutcome::Loss,
            None => LadderOutcome::Draw,
        })
    }

    /// Takes a counted result off the ladder again (the game's ending was undone).
    pub(in crate::gui) fn uncount_result(&mut self, outcome: LadderOutcome) {
        let Some(odds) = self.play.odds else {
            return;
        };
        self.stored.ladder.take_back(self.play.level, odds, outcome);
        self.play.counted = false;
        if let Err(err) = self.stored.disk.ladder_store().save(&self.stored.ladder) {
            log::warn!("could not save the results: {err}");
        }
    }

    /// Adds a result to the ladder and saves it; returns the step offered, if any.
    pub(in crate::gui) fn record_result(
        &mut self,
        level: crate::gui::Level,
        odds: Odds,
        outcome: LadderOutcome,
    ) -> Option<Offer> {
        let offer = self.stored.ladder.record(level, odds, outcome);
        if let Err(err) = self.stored.disk.ladder_store().save(&self.stored.ladder) {
            log::warn!("could not save the results: {err}");
            let why = i18n::system_error(self.language(), &SystemError::from(&err));
            let text = i18n::fill(self.strings().results_not_saved, &[("why", &why)]);
            self.screen.message = Some(Message::error(text));
        }
        offer
    }
}
