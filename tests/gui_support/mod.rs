//! Shared set-up for the GUI tests: an app with its settings in a temporary directory
//! (never the user's), a fast repeatable AI, and helpers to click by accessible label.

#![allow(dead_code)]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use komadai::gui::{AppOptions, KomadaiApp, Level, SettingsStore};
use komadai::rules::{Color, Move, Position};
use std::path::PathBuf;
use std::time::Duration;

/// A fresh, empty settings directory for one test.
pub fn settings_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("komadai-gui-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

pub fn options() -> AppOptions {
    AppOptions {
        seed: Some(20_260_101),
        movetime: Some(Duration::from_millis(50)),
    }
}

pub fn app_in(dir: &PathBuf) -> KomadaiApp {
    KomadaiApp::new(SettingsStore::in_dir(dir), options())
}

pub fn harness(app: KomadaiApp) -> Harness<'static, KomadaiApp> {
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1180.0, 820.0))
        .with_max_steps(50)
        .build_ui_state(|ui, app: &mut KomadaiApp| app.show(ui), app);
    settle(&mut harness);
    harness
}

/// A harness on a game from `sfen` with the player as Sente against Easy.
pub fn harness_from(test: &str, sfen: &str) -> Harness<'static, KomadaiApp> {
    let mut app = app_in(&settings_dir(test));
    let start = Position::from_sfen(sfen).expect("test positions are valid SFEN");
    app.new_game(start, Color::Sente, Level::Easy);
    harness(app)
}

/// Runs frames until egui asks for no more (the AI thread may keep waking it).
pub fn settle(harness: &mut Harness<'_, KomadaiApp>) {
    let _ = harness.try_run();
}

pub fn click(harness: &mut Harness<'_, KomadaiApp>, label: &str) {
    harness.get_by_label(label).click();
    settle(harness);
}

/// Steps frames until the AI has answered (bounded by a step count, not by time).
pub fn wait_for_ai(harness: &mut Harness<'_, KomadaiApp>) {
    for _ in 0..4000 {
        harness.step();
        if !harness.state().is_thinking() {
            settle(harness);
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the AI never answered");
}

/// Steps frames until the hint search has answered, and returns its move.
pub fn wait_for_hint(harness: &mut Harness<'_, KomadaiApp>) -> Move {
    for _ in 0..4000 {
        harness.step();
        if let Some(hint) = harness.state().hint() {
            return hint;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("no hint came");
}
