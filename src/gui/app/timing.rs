//! The game clock in the app: run while the game is live and nobody is looking at a dialog,
//! kept in step with the moves, a side whose time runs out loses; and the clock (with the
//! odds and the ladder mark) kept in the autosave and resumed from it.
//!
//! The clock follows the game rather than each place that plays a move: once a frame, a ply
//! more than the clock has seen is a move made now, fewer is an undo.

use super::KomadaiApp;
use super::host::TimeSource;
use crate::clock::{ClockSnapshot, GameClock};
use crate::gui::engines::seat::MOVE_MARGIN;
use crate::gui::ladder::odds::Odds;
use crate::gui::storage::autosave::SavedGame;
use crate::rules::{ByColor, Color};

use std::time::Duration;

/// How often a running clock is redrawn.
const TICK: Duration = Duration::from_millis(200);

impl KomadaiApp {
    /// The app reading the time from `source` from now on (tests make time pass without
    /// sleeping).
    pub fn with_time_source(mut self, source: TimeSource) -> KomadaiApp {
        let now = self.host.now();
        self.play.clock.pause(now);
        self.host.time = source;
        self
    }

    /// The game's clocks.
    pub fn clock(&self) -> &GameClock {
        &self.play.clock
    }

    /// A fresh clock for the game on the board: `player`'s control for the player, the
    /// other for the AI.
    pub(in crate::gui) fn set_clocks(
        &mut self,
        player: crate::clock::TimeControl,
        ai: crate::clock::TimeControl,
    ) {
        let mut controls = ByColor::new(player, player);
        controls[!self.play.player] = ai;
        let turn = self.play.game.side_to_move();
        self.play.clock = GameClock::new(controls, turn);
    }

    /// Once a frame: charges the moves made since the last frame, runs or pauses the clock,
    /// and ends the game when the side to move is out of time.
    pub(in crate::gui) fn tick_clock(&mut self) {
        let now = self.host.now();
        let game = &self.play.game;
        let (ply, turn) = (game.ply(), game.side_to_move());
        let clock = &mut self.play.clock;
        if ply < clock.plies() {
            // Undo: the clocks as they stood, stopped until the player takes up a piece.
            clock.take_back_to(ply, turn);
            self.play.clock_held = true;
        } else if ply == clock.plies() + 1 && clock.turn() != turn {
            clock.press(now);
            self.play.clock_held = false;
        } else if ply != clock.plies() {
            clock.catch_up(ply, &[], turn);
        }
        if self.screen.pick.selection != crate::gui::board::selection::Selection::None {
            self.play.clock_held = false;
        }
        if self.clock_may_run() {
            self.play.clock.resume(now);
        } else {
            self.play.clock.pause(now);
        }
        // An added engine loses on time only past its margin.
        let judged = match self.engine_to_move() {
            true => now.checked_sub(MOVE_MARGIN).unwrap_or(now),
            false => now,
        };
        if self.play.clock.time_up(judged) == Some(turn) && !self.play.game.is_over() {
            self.background.stop_ai();
            self.play.game.lose_on_time();
            self.play.clock.pause(now);
        }
        if self.play.clock.is_running()
            && self.play.clock.is_limited()
            && let Some(ctx) = &self.host.egui
        {
            ctx.request_repaint_after(TICK);
        }
    }

    /// It is the AI's turn and an added engine plays it.
    fn engine_to_move(&self) -> bool {
        self.play.game.side_to_move() == self.ai_color()
            && self.background.engines.opponent.is_some()
    }

    /// The added engine to move is still starting: its clock waits for its `readyok`.
    fn engine_starting(&self) -> bool {
        self.engine_to_move()
            && (self.background.engines.opponent.as_ref())
                .is_some_and(|seat| seat.player.is_starting())
    }

    /// The clock runs in a game going on, shown live, with no dialog or review open, not
    /// held after an undo, and not while the engine to move is still starting.
    fn clock_may_run(&self) -> bool {
        !self.play.game.is_over()
            && !self.screen.view.is_replaying()
            && self.screen.dialog.is_none()
            && self.screen.file_dialog.is_none()
            && !self.review_panel.is_open()
            && !self.practice_page.open
            && !self.play.clock_held
            && !self.engine_starting()
    }

    /// The AI's clock as its time manager reads it, `None` without a limit.
    pub(in crate::gui) fn ai_clock(&self) -> Option<crate::clock::MoveClock> {
        let ai: Color = !self.play.player;
        self.play.clock.for_engine(ai, self.host.now())
    }

    /// The clock, odds and ladder mark as the autosave found them.
    pub(in crate::gui) fn resume_clock(
        &mut self,
        snapshot: Option<&ClockSnapshot>,
        odds: Option<Odds>,
        counted: bool,
    ) {
        let game = &self.play.game;
        let turn = game.side_to_move();
        if let Some(snapshot) = snapshot {
            let mut clock = GameClock::from_snapshot(snapshot, turn);
            if clock.plies() > game.ply() {
                clock.take_back_to(game.ply(), turn);
            }
            clock.catch_up(game.ply(), &[], turn);
            self.play.clock = clock;
        } else {
            self.play.clock.catch_up(game.ply(), &[], turn);
        }
        self.play.odds = odds.or(self.play.odds);
        self.play.counted = counted;
    }

    /// Puts the clock (to the whole second, so a running clock is written once a second, not
    /// every frame), the odds and the ladder mark in the autosave.
    pub(in crate::gui) fn keep_clock(&self, saved: &mut SavedGame) {
        // While a copy is studied, the game that waits is the one saved.
        let play = self.play.kept.as_deref().unwrap_or(&self.play);
        let mut snapshot = play.clock.snapshot(self.host.now());
        snapshot.spent = Duration::from_secs(snapshot.spent.as_secs());
        saved.clock = Some(snapshot);
        saved.odds = play.odds;
        saved.counted = play.counted;
    }
}
