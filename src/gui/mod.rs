//! The egui desktop app: draws state, turns input into intents.
//!
//! The app lives in rooms, one concern each:
//! - `app`: [`KomadaiApp`], its state in named parts, and [`KomadaiApp::apply`], the one place
//!   that changes it; the AI's thread and the other background work.
//! - `board`: the board, the hands and the promotion prompt, what the player picked up.
//! - `panels`: what surrounds the board (toolbar, game menu, status line, move list, replay
//!   bar, clocks, evaluation bar) and the keyboard.
//! - `review`: the review panel and its evaluation graph.
//! - `editor`: the position editor, its state and its view.
//! - `study`: live analysis (検討) of the position shown, by an engine through the USI client.
//! - `dialogs`: the modal boxes and their forms.
//! - `ladder`: the player's results per level and odds, and the odds themselves.
//! - `practice`: the Practice page: exercises and mate problems on a board of their own.
//! - `storage`: what is kept on disk (settings, autosave, results, records).
//! - `platform`: glue to the system (data folder, log, fonts, sound, window focus).
//!
//! Views draw and read input only, and return [`intent::Intent`]s, the words shared by every
//! room with [`ViewMode`] (what the board shows) and `theme` (the colours).

pub mod app;
pub mod board;
pub mod dialogs;
pub mod editor;
pub mod intent;
pub mod ladder;
pub mod panels;
pub mod platform;
pub mod practice;
pub mod review;
pub mod storage;
pub mod study;
pub mod theme;
pub mod view_mode;

pub use crate::engine::Level;
pub use app::{AppOptions, KomadaiApp, TimeSource};
pub use storage::settings::{Settings, SettingsStore};
pub use view_mode::ViewMode;
