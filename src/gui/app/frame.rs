//! One frame: poll the background, run the clock, draw the window, apply what the user asked
//! for, start the AI on its turn, autosave, and note the sounds the changes call for.

use super::KomadaiApp;
use super::host::WAITING_CUES;
use crate::gui::intent::Intent;
use crate::gui::panels::keys;
use crate::gui::platform::fonts;
use crate::gui::platform::sound::{Cue, Player};
use egui::Ui;
use rand::RngExt;

impl KomadaiApp {
    /// Draws the whole window and applies what the user asked for.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        if self.host.egui.is_none() {
            fonts::install(&ctx);
            self.host.egui = Some(ctx.clone());
            self.seat_resumed_opponent();
        }
        self.host.take_focus(&ctx);
        self.poll_background();
        self.tick_clock();
        self.start_ai_if_its_turn();
        self.screen.move_list.update(
            self.play.line_game.as_ref().unwrap_or(&self.play.game),
            self.stored.settings.notation,
            self.stored.settings.language,
        );

        let last = self.shown_game().ply();
        let mut intents = keys::read(
            ui,
            &keys::KeyState {
                dialog_open: self.screen.dialog.is_some(),
                shown: self.shown_ply(),
                last,
            },
        );
        intents.extend(self.show_window(ui));
        if !intents.is_empty() {
            // This frame was drawn before the intents changed anything: draw the result.
            ctx.request_repaint();
        }
        for intent in intents {
            self.apply(intent);
        }
        self.tick_clock();
        self.count_result();
        // An applied move may hand the turn to the AI: start it now rather than on the next input.
        self.start_ai_if_its_turn();
        self.screen.move_list.update(
            self.play.line_game.as_ref().unwrap_or(&self.play.game),
            self.stored.settings.notation,
            self.stored.settings.language,
        );
        self.follow_analysis();
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
    fn play_cues(&mut self) {
        let cues = self.take_cues();
        if !self.stored.settings.sound || cues.is_empty() {
            return;
        }
        let player = self.host.sound.get_or_insert_with(Player::start);
        for cue in cues {
            player.play(cue);
        }
    }

    fn start_ai_if_its_turn(&mut self) {
        let game = &self.play.game;
        let ai_to_move = !self.screen.view.is_replaying()
            && self.review.is_none()
            && !self.practice.open
            && !game.is_over()
            && game.position().side_to_move() == self.ai_color();
        if ai_to_move && !self.background.is_thinking() {
            if self.engine_opponent_moves() {
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

    /// Plays the AI's move when it comes, then keeps the hint's while it applies.
    fn poll_background(&mut self) {
        if let Some(decision) = self.background.poll_ai() {
            self.apply(Intent::AiMove(decision));
        }
        let players_turn = self.players_turn();
        self.background.poll_hint(&self.play.game, players_turn);
        self.poll_review();
        self.poll_practice();
        self.poll_engines();
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
        self.play_cues();
    }
}
