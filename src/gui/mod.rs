//! The egui desktop app: draws state, turns input into intents.
//!
//! The app lives in rooms named after what the player sees, each folder holding the room's
//! state, its view and its workings (the core's concepts keep their own names: the review
//! panel shows a `crate::review`, the Practice page a `crate::practice`):
//! - `app`: [`KomadaiApp`], its state in named parts, and [`KomadaiApp::apply`], the one place
//!   that changes it; the game, the AI's thread, the other background work, the frame.
//! - `board`: the board, the hands and the promotion prompt, what the player picked up.
//! - `panels`: what surrounds the board (toolbar, game menu, status line, move list, replay
//!   bar, clocks, evaluation bar) and the keyboard.
//! - `review_panel`: the review beside the board, its verdicts, retries and evaluation graph.
//! - `analysis_panel`: live analysis (検討) of the position shown, by an engine through the
//!   USI client.
//! - `practice_page`: the Practice page: exercises and mate problems on a board of their own.
//! - `editor`: the position editor, its state, its view and its workings.
//! - `engines`: the Engines dialog and the added USI engines at work (opponent, hints, review).
//! - `ladder`: the player's results per level and odds, the odds, and the Results box.
//! - `dialogs`: the other modal boxes and their forms.
//! - `storage`: what is kept on disk (settings, autosave, results, records).
//! - `platform`: glue to the system (data folder, log, fonts, sound, window focus).
//!
//! Views draw and read input only, and return [`intent::Intent`]s, the words shared by every
//! room with [`ViewMode`] (what the board shows) and `theme` (the colours).

pub mod analysis_panel;
pub mod app;
pub mod board;
pub mod dialogs;
pub mod editor;
pub mod engine_match;
pub mod engines;
pub mod intent;
pub mod ladder;
pub mod panels;
pub mod platform;
pub mod practice_page;
pub mod review_panel;
pub mod storage;
pub mod theme;
pub mod view_mode;

pub use crate::engine::Level;
pub use app::{AppOptions, KomadaiApp, TimeSource};
pub use storage::settings::{Settings, SettingsStore};
pub use view_mode::ViewMode;
