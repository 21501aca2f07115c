//! The egui desktop app: draws state, turns input into intents.
//!
//! Views (`board_view`, `hand_view`, `promotion`, `toolbar`, `game_menu`, `replay_bar`,
//! `dialogs`, `move_list`, `status`, `review_panel`, `eval_graph`) and `keys` only draw and read input, and return
//! [`intent::Intent`]s; [`app::KomadaiApp::apply`] applies them to the app's state and the
//! app hands positions to the AI thread (`ai`).

pub mod ai;
pub mod app;
pub mod atomic_file;
pub mod autosave;
pub mod board_view;
pub mod clock_view;
pub mod data_dir;
pub mod dialogs;
pub mod editor;
pub mod editor_view;
pub mod eval_bar;
pub mod eval_graph;
pub mod file_note;
pub mod fonts;
pub mod game_menu;
pub mod game_setup;
pub mod geometry;
pub mod hand_view;
pub use crate::i18n;
pub mod intent;
pub mod keys;
pub mod ladder;
pub mod ladder_file;
pub mod logging;
pub mod message;
pub mod move_list;
pub mod odds;
pub mod piece_tile;
pub mod promotion;
pub mod records_io;
pub mod replay_bar;
pub mod results_dialog;
pub mod review_panel;
pub mod selection;
pub mod settings;
pub mod sound;
pub mod status;
pub mod theme;
pub mod toolbar;
pub mod view_mode;
#[cfg(all(unix, not(target_os = "macos")))]
mod x11_focus;

pub use crate::engine::Level;
pub use app::{AppOptions, KomadaiApp, TimeSource};
pub use settings::{Settings, SettingsStore};
pub use view_mode::ViewMode;
