//! The added USI engines in the app: the Engines dialog's intents (an engine added by
//! starting its program on a thread of its own, removed, its options set, its roles), and
//! the engines at work as the AI opponent, for the hints and for the review. An engine that
//! misbehaves is stopped, the player is told why, and komadai's own engine takes its place:
//! the game and the window go on. `dialog` draws the Engines dialog; `seat` is an engine
//! playing or hinting, `engine_review` one analysing for the review.

pub mod dialog;
pub(in crate::gui) mod engine_review;
pub(in crate::gui) mod seat;
pub(in crate::gui) mod work;

use crate::gui::app::KomadaiApp;
use crate::gui::app::event::Failed;
use crate::gui::dialogs::dialog::Dialog;
use crate::gui::dialogs::dialog::EnginesForm;
use crate::gui::panels::message::Message;
use crate::gui::storage::autosave::SavedEngine;
use crate::gui::storage::engine_list::{EngineEntry, EngineRole, PRESS};
use crate::i18n::{fill, usi_error};
use crate::review::GamePositions;
use crate::rules::PositionCommand;
use crate::usi::client::{EngineId, Launch, OptionKind, Timeouts, UsiError, player};
use engine_review::EngineReview;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// How long an added engine thinks on a move when the game has no clock (and the app no
/// test override): as long as the Hard level.
const MOVE_TIME: Duration = Duration::from_secs(3);

/// How long an added engine thinks on each position of a review.
const REVIEW_TIME: Duration = Duration::from_millis(500);

impl KomadaiApp {
    pub(in crate::gui) fn open_engines(&mut self) {
        self.screen.dialog = Some(Dialog::Engines(EnginesForm::default()));
    }

    /// Asks the system's file dialog for a program; its path goes into the dialog's field.
    pub(in crate::gui) fn browse_engine(&mut self) {
        let picked = rfd::FileDialog::new()
            .set_title(self.language().engines().browse_title)
            .pick_file();
        if let (Some(path), Some(Dialog::Engines(form))) = (picked, &mut self.screen.dialog) {
            form.path = path.to_string_lossy().into_owned();
        }
    }

    /// Asks the system's file dialog for the file of an engine's `filename` option; the
    /// file picked is the option's value.
    pub(in crate::gui) fn browse_engine_option(&mut self, id: u32, name: &str) {
        let title = fill(
            self.language().engines().browse_option_title,
            &[("name", &name)],
        );
        if let Some(path) = rfd::FileDialog::new().set_title(title).pick_file() {
            let value = path.to_string_lossy().into_owned();
            self.set_engine_option(id, name, Some(value));
        }
    }

    /// Starts `program` on a thread of its own to read its name and options; the engine is
    /// added when it answers (`engine_probed`).
    pub(in crate::gui) fn add_engine(&mut self, program: PathBuf) {
        if self.background.engines.probe.is_some() {
            return;
        }
        let launch = Launch::Program(vec![program.to_string_lossy().into_owned()]);
        let answer = player::probe(launch, Timeouts::default(), self.host.wake());
        if let Some(Dialog::Engines(form)) = &mut self.screen.dialog {
            form.adding = Some(program.clone());
            form.outcome = None;
        }
        self.background.engines.probe = Some((program, answer));
    }

    pub(in crate::gui) fn remove_engine(&mut self, id: u32) {
        let analysing = self.stored.settings.engines.roles.analysis == Some(id);
        self.stored.settings.engines.remove(id);
        self.save_settings();
        let work = &mut self.background.engines;
        if work.hint.as_ref().is_some_and(|s| s.id == id) {
            work.hint = None;
        }
        if let Some(Dialog::Engines(form)) = &mut self.screen.dialog
            && form.options_of == Some(id)
        {
            form.options_of = None;
        }
        if analysing {
            let following = self.analysis_following();
            self.analysis_panel
                .use_role_engine(&self.stored.settings, following);
        }
    }

    /// Sets an option's value, if the option takes it; `None` goes back to the engine's own
    /// default. Used from the next start of the engine.
    pub(in crate::gui) fn set_engine_option(&mut self, id: u32, name: &str, value: Option<String>) {
        let Some(entry) = self.stored.settings.engines.get_mut(id) else {
            return;
        };
        match OptionValue::check(entry, name, value) {
            OptionValue::Default => {
                entry.values.remove(name);
            }
            OptionValue::Set(value) => {
                entry.values.insert(name.to_owned(), value);
            }
            OptionValue::Refused => return,
        }
        self.save_settings();
    }

    pub(in crate::gui) fn set_engine_role(&mut self, role: EngineRole, id: Option<u32>) {
        let id = id.filter(|&id| self.stored.settings.engines.get(id).is_some());
        if self.stored.settings.engines.roles.get(role) == id {
            return;
        }
        self.stored.settings.engines.roles.set(role, id);
        self.save_settings();
        if role == EngineRole::Analysis {
            let following = self.analysis_following();
            self.analysis_panel
                .use_role_engine(&self.stored.settings, following);
        }
    }

    /// The resumed game goes on against the engine it was played against while the engine
    /// list still has it; else the built-in AI plays on, and the player is told.
    pub(in crate::gui) fn resume_opponent(&mut self, engine: Option<&SavedEngine>, played: bool) {
        self.background.engines.played = played || engine.is_some();
        let Some(engine) = engine else {
            return;
        };
        let listed = (self.stored.settings.engines.get(engine.id))
            .is_some_and(|entry| entry.program == engine.program);
        if listed {
            self.background.engines.resumed = Some(engine.id);
            return;
        }
        let lang = self.language();
        let level = lang.level(self.play.level);
        let text = fill(
            lang.engines().resumed_without_engine,
            &[("name", &engine.name), ("level", &level)],
        );
        log::warn!("{text}");
        self.screen.message = Some(match self.screen.message.take() {
            Some(earlier) => Message::warning(format!("{}; {text}", earlier.text)),
            None => Message::warning(text),
        });
    }

    /// Asks the seated engine for its move when it is the AI's turn; `false` when no added
    /// engine plays (the built-in AI does).
    pub(in crate::gui) fn engine_opponent_moves(&mut self) -> bool {
        let now = self.host.now();
        let think = self.background.movetime().unwrap_or(MOVE_TIME);
        let ai = !self.play.player;
        let game = &self.play.game;
        let Some(seat) = &mut self.background.engines.opponent else {
            return false;
        };
        let (go, limit) = seat::go_line(&self.play.clock, ai, now, think, seat.grace);
        let position = PositionCommand {
            start: *game.start(),
            moves: game.moves().to_vec(),
        };
        seat.player.go(position, go, limit);
        true
    }

    /// The game refused the added engine's move (a declaration it could not make): the
    /// engine is let go and the built-in AI plays on. `false` when no added engine plays.
    pub(in crate::gui) fn engine_move_refused(&mut self, why: &str) -> bool {
        let Some(seat) = self.background.engines.opponent.take() else {
            return false;
        };
        let lang = self.language();
        let level = lang.level(self.play.level);
        let text = fill(
            lang.engines().refused_opponent,
            &[("name", &seat.name), ("why", &why), ("level", &level)],
        );
        log::warn!("{}: {why}", seat.name);
        self.screen.message = Some(Message::error(text));
        true
    }

    /// The name the AI goes by: the added engine's, or the built-in level's.
    pub(in crate::gui) fn opponent_name(&self) -> String {
        match &self.background.engines.opponent {
            Some(seat) => seat.name.clone(),
            None => self.language().level(self.play.level).to_owned(),
        }
    }

    /// Starts the review's analysis with the added engine of the review role; `false` when
    /// none has it (the built-in engine analyses).
    pub(in crate::gui) fn engine_reviews(&mut self, positions: &GamePositions) -> bool {
        let Some(entry) = self.stored.settings.engines.for_role(EngineRole::Review) else {
            self.background.engines.review = None;
            return false;
        };
        let think = self.background.movetime().unwrap_or(REVIEW_TIME);
        let notify = self.host.egui.clone();
        let notify: Arc<dyn Fn() + Send + Sync> = Arc::new(move || {
            if let Some(ctx) = &notify {
                ctx.request_repaint();
            }
        });
        let running = EngineReview::start(
            entry.setup(Timeouts::default()),
            positions.clone(),
            think,
            notify,
        );
        self.background.engines.review = Some((entry.id, entry.name.clone(), running));
        true
    }

    /// A program started to be added said what it is (it is added, and saved), or why not.
    pub(in crate::gui) fn engine_probed(
        &mut self,
        program: PathBuf,
        result: Result<EngineId, UsiError>,
    ) {
        let outcome = match result {
            Ok(id) => {
                let engines = &mut self.stored.settings.engines;
                let id = engines.add(program, id);
                let name = engines.get(id).map(|e| e.name.clone()).unwrap_or_default();
                self.save_settings();
                if let Some(Dialog::Engines(form)) = &mut self.screen.dialog {
                    form.options_of = Some(id);
                    form.path.clear();
                }
                Ok(name)
            }
            Err(error) => {
                let why = usi_error(self.language(), &error);
                let t = self.language().engines();
                let name = crate::gui::storage::engine_list::file_name(&program);
                Err(fill(t.add_failed, &[("program", &name), ("why", &why)]))
            }
        };
        match &mut self.screen.dialog {
            Some(Dialog::Engines(form)) => {
                form.adding = None;
                form.outcome = Some(outcome);
            }
            _ => {
                if let Err(why) = outcome {
                    self.screen.message = Some(Message::error(why));
                }
            }
        }
    }

    fn ask_built_in_hint(&mut self) {
        let seed = rand::RngExt::random::<u64>(&mut self.host.rng);
        let wake = self.host.wake();
        let threads = self.stored.settings.hard_threads;
        self.background.drop_hint_engine();
        self.background
            .ask_hint(&self.play.game, seed, threads, wake);
    }

    /// The review's analysis by komadai's own engine.
    pub(in crate::gui) fn start_built_in_review(&mut self, positions: GamePositions) {
        let ctx = self.host.egui.clone();
        let notify = Arc::new(move || {
            if let Some(ctx) = &ctx {
                ctx.request_repaint();
            }
        });
        self.background.start_review(positions, notify);
    }

    /// An added engine at work failed: it is let go, the player is told, and komadai's
    /// own engine does its work.
    pub(in crate::gui) fn engine_failed(&mut self, failed: Failed, name: &str, error: &UsiError) {
        let work = &mut self.background.engines;
        match failed {
            Failed::Opponent => work.opponent = None,
            Failed::Hint => work.hint = None,
            Failed::Review => work.review = None,
        }
        let lang = self.language();
        let t = lang.engines();
        let why = usi_error(lang, error);
        log::warn!("{name} stopped: {error}");
        let text = match failed {
            Failed::Opponent => {
                let level = lang.level(self.play.level);
                fill(
                    t.failed_opponent,
                    &[("name", &name), ("why", &why), ("level", &level)],
                )
            }
            Failed::Hint => {
                // The hint was asked for: the built-in engine gives it.
                if self.players_turn() && !self.background.is_hinting() {
                    self.ask_built_in_hint();
                }
                fill(t.failed_hint, &[("name", &name), ("why", &why)])
            }
            Failed::Review => {
                if let Some(review) = self.review_panel.review() {
                    let positions = review.game().clone();
                    self.start_built_in_review(positions);
                }
                fill(t.failed_review, &[("name", &name), ("why", &why)])
            }
        };
        self.screen.message = Some(Message::error(text));
    }
}

/// What a value typed or chosen for an option comes to.
enum OptionValue {
    /// Back to the engine's own default.
    Default,
    Set(String),
    /// Not a value the option takes: the stored one stays.
    Refused,
}

impl OptionValue {
    fn check(entry: &EngineEntry, name: &str, value: Option<String>) -> OptionValue {
        let Some(option) = entry.options.iter().find(|o| o.name == name) else {
            return OptionValue::Refused;
        };
        match (value, &option.kind) {
            (None, _) => OptionValue::Default,
            (Some(value), OptionKind::Button) if value == PRESS => OptionValue::Set(value),
            (Some(_), OptionKind::Button) => OptionValue::Default,
            (Some(value), _) if option.accepts(&value) => OptionValue::Set(value),
            (Some(_), _) => OptionValue::Refused,
        }
    }
}

/// What tests and tools read of the added engines.
impl KomadaiApp {
    /// The added engine playing the AI's side of this game, by name.
    pub fn opponent_engine(&self) -> Option<&str> {
        (self.background.engines.opponent.as_ref()).map(|seat| seat.name.as_str())
    }

    /// An added engine played in this game (which keeps it off the ladder).
    pub fn engine_played(&self) -> bool {
        self.background.engines.played
    }

    /// The added engine analysing the game for the review, by name, while it does.
    pub fn review_engine(&self) -> Option<&str> {
        (self.background.engines.review.as_ref()).map(|(_, name, _)| name.as_str())
    }

    /// A program is being started to be added.
    pub fn is_adding_engine(&self) -> bool {
        self.background.engines.probe.is_some()
    }
}
