//! The desktop app driven as a person would, headless through egui_kittest, and its files on disk.
//!
//! One test binary for the group (each file of `tests/` would link the crate again).

#[path = "../common/mod.rs"]
mod common;
#[path = "../gui_support/mod.rs"]
mod gui_support;

mod editor;
mod engines;
mod file_dialog;
mod fuzz_corpus;
mod game_over;
mod glyphs;
mod handicap_clock;
mod help;
mod impasse;
mod intents;
mod keyboard_board;
mod keyboard_game;
mod keys;
mod language;
mod language_errors;
mod layout;
mod leave_game;
mod messages;
mod modes;
mod monkey;
mod open_file;
mod persist_autosave;
mod persist_kill;
mod persist_records;
mod play;
mod play_help;
mod practice;
mod promotion;
mod records;
mod review;
mod settings;
mod sound;
mod study;
mod undo;
mod variations;
