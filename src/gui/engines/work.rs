//! The added engines at work: the one playing the AI's side, the one giving the hints, the
//! one analysing for the review, and a program being started to be added; seated, kept in
//! the autosave and let go here, apart from the app that drives them.

use crate::gui::app::host::Wake;
use crate::gui::engines::engine_review::EngineReview;
use crate::gui::engines::seat::Seat;
use crate::gui::storage::autosave::{SavedEngine, SavedGame};
use crate::gui::storage::engine_list::{EngineList, EngineRole};
use crate::usi::client::{EngineId, Timeouts, UsiError};
use std::path::PathBuf;
use std::sync::mpsc::Receiver;

/// The added engines at work, and one being added.
#[derive(Default)]
pub(in crate::gui) struct EngineWork {
    /// The engine playing the AI's side of this game.
    pub(in crate::gui) opponent: Option<Seat>,
    /// An added engine played in this game, or the player analysed it while it went on:
    /// it is not counted on the ladder, whose steps are the built-in levels played alone
    /// (even after the built-in AI took over).
    pub(in crate::gui) played: bool,
    pub(in crate::gui) hint: Option<Seat>,
    /// The review's analysis by an added engine.
    pub(in crate::gui) review: Option<(u32, String, EngineReview)>,
    /// A program being started to be added: what it says of itself, when it has.
    pub(in crate::gui) probe: Option<(PathBuf, Receiver<Result<EngineId, UsiError>>)>,
    /// The engine of a resumed game, seated on the first frame: its thread wakes the
    /// window, which exists only from then on.
    pub(in crate::gui) resumed: Option<u32>,
}

impl EngineWork {
    /// What the program being added said of itself, once it has (it is no longer being
    /// added).
    pub(in crate::gui) fn poll_probe(&mut self) -> Option<(PathBuf, Result<EngineId, UsiError>)> {
        let (_, answer) = self.probe.as_ref()?;
        let result = answer.try_recv().ok()?;
        let (program, _) = self.probe.take()?;
        Some((program, result))
    }

    /// Seats the engine of the opponent role in `list` (the new-game dialog chose it)
    /// against the player in the game just started; the level chosen stays as the built-in
    /// AI that takes over if it fails.
    pub(in crate::gui) fn seat_opponent(&mut self, list: &EngineList, wake: Wake) {
        self.opponent = list.for_role(EngineRole::Opponent).map(|entry| {
            Seat::new(
                entry.id,
                entry.name.clone(),
                entry.setup(Timeouts::default()),
                wake,
            )
        });
        self.played = self.opponent.is_some();
    }

    /// The added engine playing this game, taken off its seat (its search cancelled).
    pub(in crate::gui) fn take_opponent(&mut self) -> Option<Seat> {
        let mut seat = self.opponent.take()?;
        seat.player.cancel();
        Some(seat)
    }

    /// Seats an engine taken off by [`EngineWork::take_opponent`] again.
    pub(in crate::gui) fn reseat_opponent(&mut self, seat: Option<Seat>) {
        if seat.is_some() {
            self.opponent = seat;
            self.played = true;
        }
    }

    /// A new game: no added engine plays it unless seated.
    pub(in crate::gui) fn unseat_opponent(&mut self) {
        self.opponent = None;
        self.resumed = None;
        self.played = false;
    }

    /// Puts the added engine playing the AI's side (as `list` has it) in the autosave.
    pub(in crate::gui) fn keep_opponent(&self, list: &EngineList, saved: &mut SavedGame) {
        let id = (self.opponent.as_ref().map(|seat| seat.id)).or(self.resumed);
        saved.engine = id.and_then(|id| list.get(id)).map(|entry| SavedEngine {
            id: entry.id,
            program: entry.program.clone(),
            name: entry.name.clone(),
        });
        saved.engine_played = self.played;
    }

    /// Seats the resumed game's engine, once the window is there to be woken by it.
    pub(in crate::gui) fn seat_resumed_opponent(&mut self, list: &EngineList, wake: Wake) {
        let Some(id) = self.resumed.take() else {
            return;
        };
        if let Some(entry) = list.get(id) {
            self.opponent = Some(Seat::new(
                entry.id,
                entry.name.clone(),
                entry.setup(Timeouts::default()),
                wake,
            ));
        }
    }

    /// Seats the hints' engine, if an added one in `list` gives them.
    pub(in crate::gui) fn seat_hint_engine(&mut self, list: &EngineList, wake: Wake) {
        match list.for_role(EngineRole::Hints) {
            None => self.hint = None,
            Some(entry) if self.hint.as_ref().is_some_and(|s| s.id == entry.id) => {}
            Some(entry) => {
                self.hint = Some(Seat::new(
                    entry.id,
                    entry.name.clone(),
                    entry.setup(Timeouts::default()),
                    wake,
                ));
            }
        }
    }
}
