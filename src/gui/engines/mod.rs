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

use crate::gui::app::background::Background;
use crate::gui::app::event::Failed;
use crate::gui::app::host::{Host, Wake};
use crate::gui::app::play::Play;
use crate::gui::app::screen::Screen;
use crate::gui::dialogs::dialog::{Dialog, RefusedValue};
use crate::gui::panels::message::Message;
use crate::gui::review_panel::state::ReviewPanel;
use crate::gui::storage::autosave::SavedEngine;
use crate::gui::storage::engine_list::{EngineEntry, EngineList, EngineRole, PRESS};
use crate::i18n::{Language, fill, usi_error};
use crate::review::GamePositions;
use crate::rules::PositionCommand;
use crate::usi::client::{EngineId, Launch, OptionKind, Timeouts, UsiError, player};
use engine_review::EngineReview;
use std::path::PathBuf;
use std::time::Duration;
use work::EngineWork;

/// How long an added engine thinks on a move when the game has no clock (and the app no
/// test override): as long as the Hard level.
const MOVE_TIME: Duration = Duration::from_secs(3);

/// How long an added engine thinks on each position of a review.
const REVIEW_TIME: Duration = Duration::from_millis(500);

/// What the Engines dialog's intents change beside the engines at work: the engine list
/// (kept in the settings) and the screen with the dialog's form.
pub(in crate::gui) struct EnginesDialog<'a> {
    pub(in crate::gui) list: &'a mut EngineList,
    pub(in crate::gui) screen: &'a mut Screen,
    pub(in crate::gui) language: Language,
}

/// What an intent of the Engines dialog leaves for the app to do.
#[must_use]
#[derive(Default)]
pub(in crate::gui) struct Effects {
    /// The engine list changed: the settings are to be saved.
    pub(in crate::gui) save: bool,
    /// The engine of the analysis role changed: the analysis panel takes it up.
    pub(in crate::gui) analysis_engine: bool,
}

impl EngineWork {
    /// Asks the system's file dialog for a program; its path goes into the dialog's field.
    pub(in crate::gui) fn browse_engine(&self, cx: EnginesDialog) {
        let picked = rfd::FileDialog::new()
            .set_title(cx.language.engines().browse_title)
            .pick_file();
        if let (Some(path), Some(Dialog::Engines(form))) = (picked, &mut cx.screen.dialog) {
            form.path = path.to_string_lossy().into_owned();
        }
    }

    /// Asks the system's file dialog for the file of an engine's `filename` option; the
    /// file picked is the option's value.
    pub(in crate::gui) fn browse_engine_option(
        &self,
        id: u32,
        name: &str,
        cx: EnginesDialog,
    ) -> Effects {
        let title = fill(
            cx.language.engines().browse_option_title,
            &[("name", &name)],
        );
        match rfd::FileDialog::new().set_title(title).pick_file() {
            Some(path) => {
                let value = path.to_string_lossy().into_owned();
                self.set_engine_option(id, name, Some(value), cx)
            }
            None => Effects::default(),
        }
    }

    /// Starts `program` on a thread of its own to read its name and options; the engine is
    /// added when it answers (`engine_probed`).
    pub(in crate::gui) fn add_engine(&mut self, program: PathBuf, screen: &mut Screen, wake: Wake) {
        if self.probe.is_some() {
            return;
        }
        let launch = Launch::Program(vec![program.to_string_lossy().into_owned()]);
        let answer = player::probe(launch, Timeouts::default(), wake);
        if let Some(Dialog::Engines(form)) = &mut screen.dialog {
            form.adding = Some(program.clone());
            form.outcome = None;
        }
        self.probe = Some((program, answer));
    }

    pub(in crate::gui) fn remove_engine(&mut self, id: u32, cx: EnginesDialog) -> Effects {
        let analysing = cx.list.roles.analysis == Some(id);
        cx.list.remove(id);
        if self.hint.as_ref().is_some_and(|s| s.id == id) {
            self.hint = None;
        }
        if let Some(Dialog::Engines(form)) = &mut cx.screen.dialog
            && form.options_of == Some(id)
        {
            form.options_of = None;
        }
        Effects {
            save: true,
            analysis_engine: analysing,
        }
    }

    /// Sets an option's value, if the option takes it; `None` goes back to the engine's own
    /// default. Used from the next start of the engine.
    pub(in crate::gui) fn set_engine_option(
        &self,
        id: u32,
        name: &str,
        value: Option<String>,
        cx: EnginesDialog,
    ) -> Effects {
        let Some(entry) = cx.list.get_mut(id) else {
            return Effects::default();
        };
        let given = value.clone().unwrap_or_default();
        let refused = match OptionValue::check(entry, name, value) {
            OptionValue::Default => {
                entry.values.remove(name);
                None
            }
            OptionValue::Set(value) => {
                entry.values.insert(name.to_owned(), value);
                None
            }
            // Said under the option's field, never changed to a value it takes.
            OptionValue::Refused => Some(refusal(entry, name, &given, cx.language)),
        };
        if let Some(Dialog::Engines(form)) = &mut cx.screen.dialog {
            form.refused = refused.clone().map(|why| RefusedValue {
                engine: id,
                option: name.to_owned(),
                why,
            });
        }
        if refused.is_some() {
            return Effects::default();
        }
        Effects {
            save: true,
            analysis_engine: false,
        }
    }

    pub(in crate::gui) fn set_engine_role(
        &self,
        role: EngineRole,
        id: Option<u32>,
        cx: EnginesDialog,
    ) -> Effects {
        let id = id.filter(|&id| cx.list.get(id).is_some());
        if cx.list.roles.get(role) == id {
            return Effects::default();
        }
        cx.list.roles.set(role, id);
        Effects {
            save: true,
            analysis_engine: role == EngineRole::Analysis,
        }
    }

    /// A program started to be added said what it is (it is added, and saved), or why not.
    pub(in crate::gui) fn engine_probed(
        &self,
        program: PathBuf,
        result: Result<EngineId, UsiError>,
        cx: EnginesDialog,
    ) -> Effects {
        let mut effects = Effects::default();
        let outcome = match result {
            Ok(id) => {
                let id = cx.list.add(program, id);
                let name = cx.list.get(id).map(|e| e.name.clone()).unwrap_or_default();
                effects.save = true;
                if let Some(Dialog::Engines(form)) = &mut cx.screen.dialog {
                    form.options_of = Some(id);
                    form.path.clear();
                }
                Ok(name)
            }
            Err(error) => {
                let why = usi_error(cx.language, &error);
                let t = cx.language.engines();
                let name = crate::gui::storage::engine_list::file_name(&program);
                Err(fill(t.add_failed, &[("program", &name), ("why", &why)]))
            }
        };
        match &mut cx.screen.dialog {
            Some(Dialog::Engines(form)) => {
                form.adding = None;
                form.outcome = Some(outcome);
            }
            _ => {
                if let Err(why) = outcome {
                    cx.screen.message = Some(Message::error(why));
                }
            }
        }
        effects
    }

    /// The resumed game goes on against the engine it was played against while the engine
    /// list still has it; else the built-in AI (at `level`) plays on, and the player is
    /// told.
    pub(in crate::gui) fn resume_opponent(
        &mut self,
        engine: Option<&SavedEngine>,
        played: bool,
        list: &EngineList,
        lang: Language,
        level: crate::gui::Level,
        screen: &mut Screen,
    ) {
        self.played = played || engine.is_some();
        let Some(engine) = engine else {
            return;
        };
        let listed = (list.get(engine.id)).is_some_and(|entry| entry.program == engine.program);
        if listed {
            self.resumed = Some(engine.id);
            return;
        }
        let level = lang.level(level);
        let text = fill(
            lang.engines().resumed_without_engine,
            &[("name", &engine.name), ("level", &level)],
        );
        log::warn!("{text}");
        screen.message = Some(match screen.message.take() {
            Some(earlier) => Message::warning(format!("{}; {text}", earlier.text)),
            None => Message::warning(text),
        });
    }

    /// The game refused the added engine's move (a declaration it could not make): the
    /// engine is let go and the built-in AI (at `level`) plays on. `false` when no added
    /// engine plays.
    pub(in crate::gui) fn engine_move_refused(
        &mut self,
        why: &str,
        lang: Language,
        level: crate::gui::Level,
        screen: &mut Screen,
    ) -> bool {
        let Some(seat) = self.opponent.take() else {
            return false;
        };
        let level = lang.level(level);
        let text = fill(
            lang.engines().refused_opponent,
            &[("name", &seat.name), ("why", &why), ("level", &level)],
        );
        log::warn!("{}: {why}", seat.name);
        screen.message = Some(Message::error(text));
        true
    }

    /// The name the AI goes by: the added engine's, or the built-in `level`'s.
    pub(in crate::gui) fn opponent_name(&self, lang: Language, level: crate::gui::Level) -> String {
        match &self.opponent {
            Some(seat) => seat.name.clone(),
            None => lang.level(level).to_owned(),
        }
    }
}

/// What the fallback after an added engine's failure reads and changes.
pub(in crate::gui) struct EngineFailure<'a> {
    pub(in crate::gui) play: &'a Play,
    /// It is the player's turn in a game going on.
    pub(in crate::gui) players_turn: bool,
    pub(in crate::gui) review_panel: &'a ReviewPanel,
    pub(in crate::gui) host: &'a mut Host,
    /// The threads of the built-in engine's hint.
    pub(in crate::gui) threads: usize,
    pub(in crate::gui) language: Language,
    pub(in crate::gui) screen: &'a mut Screen,
}

/// The engines at work in the background: the added ones, and komadai's own in their place.
impl Background {
    /// Asks the seated engine for its move in `play` when it is the AI's turn; `false` when
    /// no added engine plays (the built-in AI does).
    pub(in crate::gui) fn engine_opponent_moves(&mut self, play: &Play, host: &Host) -> bool {
        let now = host.now();
        let think = self.movetime().unwrap_or(MOVE_TIME);
        let ai = !play.player;
        let game = &play.game;
        let Some(seat) = &mut self.engines.opponent else {
            return false;
        };
        let (go, limit) = seat::go_line(&play.clock, ai, now, think, seat.grace);
        let position = PositionCommand {
            start: *game.start(),
            moves: game.moves().to_vec(),
        };
        seat.player.go(position, go, limit);
        true
    }

    /// Starts the review's analysis with the added engine of the review role; `false` when
    /// none has it (the built-in engine analyses).
    pub(in crate::gui) fn engine_reviews(
        &mut self,
        positions: &GamePositions,
        list: &EngineList,
        host: &Host,
    ) -> bool {
        let Some(entry) = list.for_role(EngineRole::Review) else {
            self.engines.review = None;
            return false;
        };
        let think = self.movetime().unwrap_or(REVIEW_TIME);
        let notify = host.notify();
        let running = EngineReview::start(
            entry.setup(Timeouts::default()),
            positions.clone(),
            think,
            notify,
        );
        self.engines.review = Some((entry.id, entry.name.clone(), running));
        true
    }

    fn ask_built_in_hint(&mut self, play: &Play, host: &mut Host, threads: usize) {
        let seed = rand::RngExt::random::<u64>(&mut host.rng);
        let wake = host.wake();
        self.drop_hint_engine();
        self.ask_hint(&play.game, seed, threads, wake);
    }

    /// The review's analysis by komadai's own engine.
    pub(in crate::gui) fn start_built_in_review(&mut self, positions: GamePositions, host: &Host) {
        self.start_review(positions, host.notify());
    }

    /// An added engine at work failed: it is let go, the player is told, and komadai's
    /// own engine does its work.
    pub(in crate::gui) fn engine_failed(
        &mut self,
        failed: Failed,
        name: &str,
        error: &UsiError,
        cx: EngineFailure,
    ) {
        let work = &mut self.engines;
        match failed {
            Failed::Opponent => work.opponent = None,
            Failed::Hint => work.hint = None,
            Failed::Review => work.review = None,
        }
        let lang = cx.language;
        let t = lang.engines();
        let why = usi_error(lang, error);
        log::warn!("{name} stopped: {error}");
        let text = match failed {
            Failed::Opponent => {
                let level = lang.level(cx.play.level);
                fill(
                    t.failed_opponent,
                    &[("name", &name), ("why", &why), ("level", &level)],
                )
            }
            Failed::Hint => {
                // The hint was asked for: the built-in engine gives it.
                if cx.players_turn && !self.is_hinting() {
                    self.ask_built_in_hint(cx.play, cx.host, cx.threads);
                }
                fill(t.failed_hint, &[("name", &name), ("why", &why)])
            }
            Failed::Review => {
                if let Some(review) = cx.review_panel.review() {
                    let positions = review.game().clone();
                    self.start_built_in_review(positions, cx.host);
                }
                fill(t.failed_review, &[("name", &name), ("why", &why)])
            }
        };
        cx.screen.message = Some(Message::error(text));
    }
}

/// Why `value` is not one the option `name` of `entry` takes, in the player's words.
fn refusal(entry: &EngineEntry, name: &str, value: &str, lang: Language) -> String {
    let t = lang.engines();
    let kind = entry
        .options
        .iter()
        .find(|o| o.name == name)
        .map(|o| &o.kind);
    match kind {
        Some(OptionKind::Spin { min, max, .. }) => fill(
            t.spin_refused,
            &[
                ("name", &name),
                ("min", min),
                ("max", max),
                ("value", &value),
            ],
        ),
        _ => fill(t.value_refused, &[("name", &name), ("value", &value)]),
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
