//! The egui desktop app (issue 5): draws state, turns input into intents.
//!
//! Views (`board_view`, `hand_view`, `promotion`, `toolbar`, `dialogs`, `move_list`,
//! `status`) only draw and return [`intent::Intent`]s; [`app::KomadaiApp`] applies them to
//! the game and hands positions to the AI thread (`ai`).

pub mod ai;
pub mod app;
pub mod atomic_file;
pub mod autosave;
pub mod board_view;
pub mod data_dir;
pub mod dialogs;
pub mod fonts;
pub mod geometry;
pub mod hand_view;
pub mod intent;
pub mod logging;
pub mod move_list;
pub mod piece_tile;
pub mod promotion;
pub mod records_io;
pub mod selection;
pub mod settings;
pub mod status;
pub mod theme;
pub mod toolbar;

pub use crate::engine::Level;
pub use app::{AppOptions, KomadaiApp};
pub use settings::{Settings, SettingsStore};
