//! The app: its state in a few named parts, the frame that draws it, and
//! [`KomadaiApp::apply`] (in `apply.rs`), the one place that changes it: what the player
//! asks for comes as [`Intent`](crate::gui::intent::Intent)s, what happens beside (the
//! background's answers, time passing, the frame's own steps) as [`Event`]s.
//!
//! The parts a reader can hold: the game and who plays it (`play`), what the player sees and
//! is doing (`screen`), what runs in the background (`background`), what is kept on disk
//! (`stored`), what the app gets from its host: the window, the time, the sounds, chance
//! (`host`); and the rooms' own parts (the review panel, the analysis panel, the Practice
//! page), whose state and workings live in their rooms' folders. Views only read the app and
//! return [`Intent`](crate::gui::intent::Intent)s.

use crate::gui::panels::message::Message;
use crate::gui::review_panel::state::ReviewPanel;
use crate::gui::storage::file_note::OwnFile;
use crate::gui::storage::settings::SettingsStore;
use crate::review::{AnalysisOptions, DeepOptions};
use crate::rules::game::Game;
use crate::rules::{Color, Position};
use background::Background;
use host::Host;
use play::Play;
use screen::Screen;
use std::path::PathBuf;
use std::time::Duration;
use stored::Stored;

pub(in crate::gui) mod ai;
pub(in crate::gui) mod apply;
pub(in crate::gui) mod background;
pub(in crate::gui) mod event;
pub(in crate::gui) mod files;
pub(in crate::gui) mod frame;
pub(in crate::gui) mod host;
pub(in crate::gui) mod play;
pub(in crate::gui) mod reading;
pub(in crate::gui) mod record_edits;
pub(in crate::gui) mod saving;
pub(in crate::gui) mod screen;
pub(in crate::gui) mod seats;
pub(in crate::gui) mod stored;
pub(in crate::gui) mod study;
pub(in crate::gui) mod take_back;
pub(in crate::gui) mod timing;
pub(in crate::gui) mod window;

pub use event::{Change, Event, Failed};
pub use host::TimeSource;

/// Knobs for tests and tools: a fixed seed makes the AI repeatable, a short move time fast.
#[derive(Clone, Copy, Debug, Default)]
pub struct AppOptions {
    pub seed: Option<u64>,
    /// Overrides the level's thinking time.
    pub movetime: Option<Duration>,
    /// Overrides the review's nodes per position (small in tests, for speed).
    pub review_nodes: Option<u64>,
    /// Overrides the review's threads (all cores by default).
    pub review_threads: Option<usize>,
    /// Overrides the nodes of each of the deep pass's searches (small in tests).
    pub review_deep_nodes: Option<u64>,
}

impl AppOptions {
    /// How hard and how wide the review analyses.
    fn review_options(&self) -> AnalysisOptions {
        let default = AnalysisOptions::default();
        AnalysisOptions {
            nodes: self.review_nodes.unwrap_or(default.nodes),
            threads: self.review_threads.unwrap_or(default.threads).max(1),
            ..default
        }
    }

    /// How hard the review's deep pass searches, on as many threads as the review.
    fn deep_options(&self) -> DeepOptions {
        let default = DeepOptions::default();
        DeepOptions {
            nodes: self.review_deep_nodes.unwrap_or(default.nodes),
            threads: self.review_options().threads,
            ..default
        }
    }
}

/// The whole app, constructible without a window (tests drive it through `show`).
pub struct KomadaiApp {
    /// The game, its seats and its clock.
    pub(in crate::gui) play: Play,
    /// What the player sees and is doing: the view, the selection, the dialog, the editor,
    /// the note.
    pub(in crate::gui) screen: Screen,
    /// The review open beside the board.
    pub(in crate::gui) review_panel: ReviewPanel,
    /// The AI's search, the hint's, and the review's analysis.
    pub(in crate::gui) background: Background,
    /// The settings, the autosave, the results: what is kept on disk.
    pub(in crate::gui) stored: Stored,
    /// The window, the time, the sounds and the random numbers.
    pub(in crate::gui) host: Host,
    /// Live analysis of the position shown, while its panel is open.
    pub(in crate::gui) analysis_panel: crate::gui::analysis_panel::AnalysisPanel,
    /// The Practice page and the player's practice.
    pub(in crate::gui) practice_page: crate::gui::practice_page::state::PracticePage,
    /// The Engine match page and the match running.
    pub(in crate::gui) engine_match: crate::gui::engine_match::EngineMatch,
}

impl KomadaiApp {
    /// The app with settings from `store`, and a game started with the remembered side and
    /// level (so a double-click leads straight to play). The autosaved game and saved games
    /// live beside the settings.
    pub fn new(store: SettingsStore, options: AppOptions) -> KomadaiApp {
        let data_dir = store
            .path()
            .and_then(|path| path.parent().map(PathBuf::from));
        KomadaiApp::with_data_dir(store, data_dir, options)
    }

    /// As [`KomadaiApp::new`], with the autosaved game and saved games in `data_dir`
    /// (`None`: nothing on disk); the autosaved game, if any, is resumed.
    pub fn with_data_dir(
        store: SettingsStore,
        data_dir: Option<PathBuf>,
        options: AppOptions,
    ) -> KomadaiApp {
        let (settings, note) = store.load();
        let seed = options.seed.unwrap_or_else(host::seed_from_clock);
        let mut app = KomadaiApp {
            play: Play::new(Game::new(), Color::Sente, settings.level),
            screen: Screen::default(),
            review_panel: ReviewPanel::default(),
            background: Background::new(
                options.movetime,
                options.review_options(),
                options.deep_options(),
            ),
            stored: Stored::new(settings.clone(), store, data_dir),
            host: Host::new(seed),
            analysis_panel: crate::gui::analysis_panel::AnalysisPanel::default(),
            practice_page: crate::gui::practice_page::state::PracticePage::new(
                crate::gui::storage::practice_file::PracticeStore::in_dir(None),
                crate::practice::Practice::default(),
                &options.review_options(),
            ),
            engine_match: crate::gui::engine_match::EngineMatch::default(),
        };
        let player = app.resolve_side(settings.side);
        app.new_game(Position::startpos(), player, settings.level);
        app.screen.message =
            note.map(|note| Message::error(note.text(settings.language, OwnFile::Settings)));
        app.restore_autosave();
        // A resumed game was heard before the quit: no chime and no result box for an ending
        // the player has already seen.
        app.host.heard.ply = app.play.game.ply();
        app.host.heard.over = app.play.game.is_over();
        let language = app.language();
        app.stored.ladder.load(language, &mut app.screen);
        let store = app.stored.disk.practice_store();
        (app.practice_page).load(store, language, &mut app.screen);
        app
    }
}
