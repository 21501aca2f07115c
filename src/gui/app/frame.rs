//! One frame: read the background's news, run the clock, draw the window, apply what the
//! user asked for, start the AI on its turn, autosave, and note the sounds the changes call
//! for; each a change handed to `apply`.

use super::KomadaiApp;
use super::event::Event;
use super::host::WAITING_CUES;
use crate::gui::board::cursor;
use crate::gui::ladder::results::LadderResults;
use crate::gui::panels::keys;
use crate::gui::platform::fonts;
use crate::gui::platform::sound::{Cue, Player};
use egui::Ui;
use rand::RngExt;

impl KomadaiApp {
    /// Draws the whole window and applies what the user asked for and what happened: every
    /// change of the frame is an `Intent` or an [`Event`] handed to `apply`.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        if self.host.egui.is_none() {
            self.apply(Event::WindowOpened(ctx.clone()));
        }
        self.apply(Event::FrameStarted);
        for event in self.news() {
            self.apply(event);
        }
        self.apply(Event::TimePassed);
        if self.ai_to_move() {
            self.apply(Event::AiToMove);
        }
        self.apply(Event::AboutToDraw);

        let last = self.shown_game().ply();
        let dialog_was_open = self.screen.dialog.is_some() || self.screen.file_dialog.is_some();
        let mut intents = keys::read(
            ui,
            &keys::KeyState {
                dialog_open: dialog_was_open,
                practising: self.practice_page.open,
                board_focused: cursor::focused(&ctx),
                prompt_open: self.screen.pick.promotion.is_some(),
                shown: self.shown_ply(),
                last,
            },
        );
        intents.extend(self.show_window(ui));
        intents.extend(self.show_own_file_dialog(&ctx));
        intents.extend(self.dropped_files(&ctx));
        if !intents.is_empty() {
            // This frame was drawn before the intents changed anything: draw the result.
            ctx.request_repaint();
        }
        for intent in intents {
            self.apply(intent);
        }
        // A dialog opened by a key (Ctrl+N) while a menu was open: the menu goes, rather
        // than staying drawn over the dialog.
        if !dialog_was_open && (self.screen.dialog.is_some() || self.screen.file_dialog.is_some()) {
            egui::Popup::close_all(&ctx);
        }
        self.apply(Event::TimePassed);
        let engine_played = self.background.engines.played;
        if let Some(outcome) =
            LadderResults::result_to_count(&self.play, &self.screen, engine_played)
        {
            self.apply(Event::GameEnded(outcome));
        }
        // An applied move may hand the turn to the AI: start it now rather than on the next input.
        if self.ai_to_move() {
            self.apply(Event::AiToMove);
        }
        self.apply(Event::FrameDone);
    }

    /// What the background's threads sent since the last frame, in the order it is applied.
    /// Only the inboxes change here.
    fn news(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        self.background.news(&mut events);
        self.practice_page.news(&mut events);
        self.engine_match.news(&mut events);
        events
    }

    /// The window is there: its fonts, and a resumed game's engine seated now that its
    /// thread can wake the window.
    pub(in crate::gui) fn window_opened(&mut self, ctx: egui::Context) {
        fonts::install(&ctx);
        self.host.egui = Some(ctx);
        let wake = self.host.wake();
        (self.background.engines).seat_resumed_opponent(&self.stored.settings.engines, wake);
    }

    /// The first frames ask for the keyboard focus; a review whose game has changed is
    /// dropped, and a restored one's mistakes without the deep pass's looks get them.
    pub(in crate::gui) fn frame_started(&mut self) {
        if let Some(ctx) = self.host.egui.clone() {
            self.host.take_focus(&ctx);
        }
        (self.review_panel).drop_stale(&self.play.game, &mut self.background);
        (self.review_panel).start_due_deep_pass(&mut self.background, &self.host);
    }

    /// The move list catches up with the game shown (it is rebuilt only when that changed).
    pub(in crate::gui) fn refresh_move_list(&mut self) {
        self.screen.move_list.update(
            self.play.line_game.as_ref().unwrap_or(&self.play.game),
            self.stored.settings.notation,
            self.stored.settings.language,
        );
    }

    /// The frame's changes are made: the move list and the analysis follow them, the game is
    /// autosaved, and the sounds they call for are noted.
    pub(in crate::gui) fn frame_done(&mut self) {
        self.refresh_move_list();
        // An analysis left running into a new game that counts in the results stops; the
        // player is asked before it starts again.
        if self.analysis_panel.is_running() && self.game_counts_in_results() {
            self.analysis_panel.stop();
        }
        let following = self.analysis_following();
        self.analysis_panel.follow(following);
        self.autosave();
        self.listen();
    }

    /// Notes the sounds the last changes call for: a click for a move played (a check has
    /// its own), a chime when the game ends (and the result box). Undo, a new game and a
    /// replay stay silent.
    fn listen(&mut self) {
        if !self.play.game.is_over() || self.screen.view.is_replaying() {
            self.screen.result_box = false;
        }
        let game = &self.play.game;
        let (ply, over) = (game.ply(), game.is_over());
        let before = (self.host.heard.ply, self.host.heard.over);
        self.host.heard.ply = ply;
        self.host.heard.over = over;
        if self.screen.view.is_replaying() || (ply, over) == before {
            return;
        }
        let moved = (ply == before.0 + 1).then(|| {
            if game.position().in_check() {
                Cue::Check
            } else {
                Cue::Place
            }
        });
        let ended = (over && !before.1).then_some(Cue::GameEnd);
        // A game played here that just ended says so in a box; an opened record does not.
        if ended.is_some() && self.play.header.is_none() {
            self.screen.result_box = true;
            // Found after this frame's views were drawn: draw the box now, not at the next
            // input.
            if let Some(ctx) = &self.host.egui {
                ctx.request_repaint();
            }
        }
        let cues = &mut self.host.heard.cues;
        cues.extend(moved.into_iter().chain(ended));
        let excess = cues.len().saturating_sub(WAITING_CUES);
        cues.drain(..excess);
    }

    /// The sounds the last frame called for, taken (a window plays them; tests look).
    pub fn take_cues(&mut self) -> Vec<Cue> {
        std::mem::take(&mut self.host.heard.cues)
    }

    /// Plays the cues, unless the player turned sound off.
    pub(in crate::gui) fn play_cues(&mut self) {
        let cues = self.take_cues();
        if !self.stored.settings.sound || cues.is_empty() {
            return;
        }
        let player = self.host.sound.get_or_insert_with(Player::start);
        for cue in cues {
            player.play(cue);
        }
    }

    /// It is the AI's turn in the game shown live (no review, no practice), and it is not
    /// thinking yet.
    fn ai_to_move(&self) -> bool {
        let game = &self.play.game;
        !self.screen.view.is_replaying()
            && !self.review_panel.is_open()
            && !self.practice_page.open
            && !self.engine_match.open
            && !game.is_over()
            && game.position().side_to_move() == self.ai_color()
            && !self.background.is_thinking()
    }

    /// Starts the AI on its move: the added engine playing it, or the built-in AI.
    pub(in crate::gui) fn start_ai(&mut self) {
        if (self.background).engine_opponent_moves(&self.play, &self.host) {
            return;
        }
        let seed = self.host.rng.random::<u64>();
        let wake = self.host.wake();
        let clock = self.ai_clock();
        let threads = self.stored.settings.hard_threads;
        self.background
            .start_ai(&self.play.game, self.play.level, seed, clock, threads, wake);
    }
}

impl eframe::App for KomadaiApp {
    fn ui(&mut self, ui: &mut Ui, frame: &mut eframe::Frame) {
        #[cfg(all(unix, not(target_os = "macos")))]
        if self.host.focus_requests > 0 && ui.ctx().input(|i| i.viewport().focused) != Some(true) {
            crate::gui::platform::x11_focus::focus_without_window_manager(frame);
        }
        #[cfg(not(all(unix, not(target_os = "macos"))))]
        let _ = frame;
        self.show(ui);
        self.apply(Event::SoundsDue);
    }
}
