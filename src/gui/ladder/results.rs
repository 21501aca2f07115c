//! The ladder in the app: the player's results and where they are kept, a finished game
//! counted once, the step it offers.

use crate::gui::Level;
use crate::gui::app::host::Host;
use crate::gui::app::play::Play;
use crate::gui::app::screen::Screen;
use crate::gui::dialogs::Dialog;
use crate::gui::ladder::odds::Odds;
use crate::gui::ladder::{Ladder, LadderOutcome, Offer};
use crate::gui::panels::message::Message;
use crate::gui::storage::ladder_file::LadderStore;
use crate::i18n::{self, Language, SystemError};

/// The ladder's room: the player's results per level and odds, and where they are kept.
pub(in crate::gui) struct LadderResults {
    pub(in crate::gui) ladder: Ladder,
    store: LadderStore,
}

impl LadderResults {
    /// No results yet, to be kept in `store`.
    pub(in crate::gui) fn new(store: LadderStore) -> LadderResults {
        LadderResults {
            ladder: Ladder::default(),
            store,
        }
    }

    /// The player's results as saved; a damaged file is said so on `screen`, after what it
    /// already says.
    pub(in crate::gui) fn load(&mut self, language: Language, screen: &mut Screen) {
        let (ladder, note) = self.store.load();
        self.ladder = ladder;
        if let Some(note) = note {
            let note = note.text(language);
            log::warn!("{note}");
            screen.message = Some(match screen.message.take() {
                Some(earlier) => Message::warning(format!("{}; {note}", earlier.text)),
                None => Message::warning(note),
            });
        }
    }

    /// The result of `play` for the ladder, while it is still to be counted: a game the
    /// player finished against the built-in AI (`engine_played`: an engine played in it)
    /// at known odds, not replayed.
    pub(in crate::gui) fn result_to_count(
        play: &Play,
        screen: &Screen,
        engine_played: bool,
    ) -> Option<LadderOutcome> {
        let outcome = play.outcome()?;
        let counted = play.counted || play.header.is_some() || play.odds.is_none();
        (!counted && !screen.view.is_replaying() && !engine_played).then_some(outcome)
    }

    /// Counts `play`'s result on the ladder, once, and offers the ladder's next step when
    /// the result makes a run.
    pub(in crate::gui) fn count(
        &mut self,
        outcome: LadderOutcome,
        play: &mut Play,
        screen: &mut Screen,
        host: &Host,
        language: Language,
    ) {
        let Some(odds) = play.odds else {
            return;
        };
        let offer = self.record(play.level, odds, outcome, screen, language);
        play.counted = true;
        if let Some(offer) = offer
            && screen.dialog.is_none()
        {
            screen.dialog = Some(Dialog::LadderOffer(offer));
            // Counted after this frame's views were drawn: draw the offer now, not at the
            // next input.
            if let Some(ctx) = &host.egui {
                ctx.request_repaint();
            }
        }
    }

    /// Takes `play`'s counted result off the ladder again (the game's ending was undone).
    pub(in crate::gui) fn uncount(&mut self, outcome: LadderOutcome, play: &mut Play) {
        let Some(odds) = play.odds else {
            return;
        };
        self.ladder.take_back(play.level, odds, outcome);
        play.counted = false;
        if let Err(err) = self.store.save(&self.ladder) {
            log::warn!("could not save the results: {err}");
        }
    }

    /// Adds a result to the ladder and saves it (a failure said on `screen`); returns the
    /// step offered, if any.
    pub(in crate::gui) fn record(
        &mut self,
        level: Level,
        odds: Odds,
        outcome: LadderOutcome,
        screen: &mut Screen,
        language: Language,
    ) -> Option<Offer> {
        let offer = self.ladder.record(level, odds, outcome);
        if let Err(err) = self.store.save(&self.ladder) {
            log::warn!("could not save the results: {err}");
            let why = i18n::system_error(language, &SystemError::from(&err));
            let text = i18n::fill(language.strings().results_not_saved, &[("why", &why)]);
            screen.message = Some(Message::error(text));
        }
        offer
    }
}
