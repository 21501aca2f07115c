//! Keeping the game in progress: written after every change, resumed at start-up, and what
//! happened put in the log.

use super::KomadaiApp;
use crate::gui::dialogs::Dialog;
use crate::gui::panels::message::Message;
use crate::gui::storage::autosave::SavedGame;
use crate::gui::storage::file_note::OwnFile;
use crate::gui::view_mode::ViewMode;
use crate::i18n;
use crate::record::Record;
use crate::review::GamePositions;
use crate::review::kif_comments;

impl KomadaiApp {
    /// Continues the autosaved game, if there is one; says so when a file had to be set aside.
    pub(in crate::gui) fn restore_autosave(&mut self) {
        let loaded = self.stored.disk.autosaver.restore();
        if let Some(resumed) = loaded.resumed {
            self.new_game(*resumed.game.start(), resumed.player, resumed.level);
            self.play.game = resumed.game;
            self.resume_clock(resumed.clock.as_ref(), resumed.odds, resumed.counted);
            // On the player's turn the clock waits, as after an undo, until they take up a
            // piece: the window's start-up is not their thinking time. (On the AI's, it
            // runs as the AI thinks, from the first frame.)
            self.play.clock_held = self.players_turn();
            if let Some(secs) = resumed.started {
                self.play.started = crate::record::UtcTime::from_unix_secs(secs);
            }
            let (lang, level) = (self.language(), self.play.level);
            let list = &self.stored.settings.engines;
            (self.background.engines).resume_opponent(
                resumed.engine.as_ref(),
                resumed.engine_played,
                list,
                lang,
                level,
                &mut self.screen,
            );
            if resumed.reviewing {
                self.screen.view = ViewMode::Replaying(self.play.game.ply());
            }
            if let Some(text) = &resumed.study {
                match Record::from_kif(text) {
                    Ok(record) => {
                        let (play, mut cx) = self.studying();
                        play.resume_study(record, resumed.reviewing, &mut cx)
                    }
                    Err(err) => log::warn!("the saved study could not be read: {err}"),
                }
            }
            if let Some(analyses) = &resumed.review {
                let game = &self.play.game;
                let texts: Vec<Option<&str>> = analyses.iter().map(Option::as_deref).collect();
                let deep: Vec<Option<&str>> = (resumed.deep.iter().flatten())
                    .map(Option::as_deref)
                    .collect();
                let positions = GamePositions::new(game.start(), game.moves());
                let review = kif_comments::rebuild(positions, &texts, &deep);
                self.review_panel.restore(review, &self.play.game);
            }
            log::info!("resumed the saved game at ply {}", self.play.game.ply());
        }
        if let Some(note) = loaded.note {
            let note = note.text(self.language(), OwnFile::SavedGame);
            log::warn!("{note}");
            self.screen.dialog = Some(Dialog::Notice(note.clone()));
            self.screen.message = Some(Message::error(match self.screen.message.take() {
                Some(earlier) => format!("{}; {note}", earlier.text),
                None => note,
            }));
        }
    }

    /// Writes the game when it changed since the last write (once a frame).
    ///
    /// Saving writes a file, but it changes the app too: the autosaver's copy of the game last
    /// written, the study's text kept for the next write, what was put in the log, and the
    /// note when the write fails. So it is a step of `apply` (at the end of each frame,
    /// `Event::FrameDone`), never called beside it.
    pub(in crate::gui) fn autosave(&mut self) {
        // While a copy is studied, the game that waits is the one to resume.
        let kept = self.play.kept.as_deref();
        let play = kept.unwrap_or(&self.play);
        let mut saved = SavedGame::of(
            &play.game,
            play.player,
            play.level,
            kept.is_none() && self.screen.view.is_replaying(),
        );
        self.keep_clock(&mut saved);
        saved.started = Some(play.started.unix_secs());
        (self.background.engines).keep_opponent(&self.stored.settings.engines, &mut saved);
        // Written once the analysis stops, not at each of its results: a write (and its
        // sync to disk) every few frames held the window up by up to 150 ms.
        // The deep pass's looks are written as they arrive: a few, seconds apart.
        let analysing = self.background.review_progress().is_some();
        let review = (self.game_review()).filter(|_| !analysing && kept.is_none());
        saved.review = review.map(|review| {
            (0..review.game().len())
                .map(|index| review.analysis(index).map(kif_comments::analysis_text))
                .collect()
        });
        saved.deep = review.map(|review| {
            (0..review.game().len())
                .map(|ply| {
                    let m = review.move_review(ply)?;
                    m.deep.as_ref().map(kif_comments::deep_text)
                })
                .collect()
        });
        // A study's variations and header are in no field above.
        saved.study = self.study_text();
        if let Some(err) = self.stored.disk.autosaver.save_if_changed(saved) {
            let why = i18n::system_error(self.language(), &err);
            let note = i18n::fill(self.strings().autosave_failed, &[("why", &why)]);
            self.screen.message = Some(Message::error(note));
        }
        self.log_changes();
    }

    /// The study on the board as KIF, written again only when its moves or header changed.
    fn study_text(&mut self) -> Option<String> {
        let Some(header) = &self.play.header else {
            self.stored.disk.study = None;
            return None;
        };
        let moves = self.play.game.moves();
        if let Some((written, from, text)) = &self.stored.disk.study
            && written.as_slice() == moves
            && from == header
        {
            return Some(text.clone());
        }
        let text = self.bare_record().to_kif();
        let header = header.clone();
        self.stored.disk.study = Some((moves.to_vec(), header, text.clone()));
        Some(text)
    }

    /// Puts what the player was told and how games ended in the log, once each, so a problem
    /// report shows what led up to it.
    fn log_changes(&mut self) {
        let game = &self.play.game;
        let logged = &mut self.stored.disk.logged;
        let over = game.is_over();
        if over != logged.1 {
            if let Some(result) = game.result() {
                let sfen = game.position().to_sfen();
                log::info!("game over after {} moves: {result} ({sfen})", game.ply());
            }
            logged.1 = over;
        }
        if self.screen.message != logged.0 {
            if let Some(message) = &self.screen.message {
                log::info!("told the player ({:?}): {}", message.kind, message.text);
            }
            logged.0.clone_from(&self.screen.message);
        }
    }
}
