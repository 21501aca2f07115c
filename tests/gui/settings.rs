//! Display switches, and settings surviving a restart of the app object.

use crate::gui_support;

use egui_kittest::kittest::Queryable;
use gui_support::{app_in, click, harness, settings_dir};
use komadai::gui::storage::settings::{Labels, NotationStyle};

#[test]
fn labels_and_move_dots_toggle() {
    let mut h = harness(app_in(&settings_dir("toggles")));
    assert_eq!(h.state().settings().labels, Labels::Kanji);
    assert!(h.state().settings().move_dots);
    click(&mut h, "Letters");
    click(&mut h, "Move dots");
    assert_eq!(h.state().settings().labels, Labels::Letters);
    assert!(!h.state().settings().move_dots);
    click(&mut h, "Kanji");
    assert_eq!(h.state().settings().labels, Labels::Kanji);
}

#[test]
fn japanese_notation_writes_the_move_list_in_kanji() {
    let mut h = harness(app_in(&settings_dir("notation")));
    click(&mut h, "Japanese");
    click(&mut h, "square 7g");
    click(&mut h, "square 7f");
    assert_eq!(h.state().move_lines()[0], "▲７六歩");
}

#[test]
fn settings_survive_recreating_the_app() {
    let dir = settings_dir("restart");
    let mut h = harness(app_in(&dir));
    click(&mut h, "Letters");
    click(&mut h, "Move dots");
    click(&mut h, "Japanese");
    h.key_press(egui::Key::F);
    gui_support::settle(&mut h);
    assert!(h.state().is_flipped());
    drop(h);

    let again = app_in(&dir);
    let s = again.settings();
    assert_eq!(s.labels, Labels::Letters);
    assert!(!s.move_dots);
    assert_eq!(s.notation, NotationStyle::Japanese);
    assert!(s.flipped);
    assert!(again.is_flipped());
}

#[test]
fn corrupt_settings_file_starts_with_defaults() {
    let dir = settings_dir("corrupt");
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("settings.json"), "{{{ nonsense").expect("write");
    let app = app_in(&dir);
    assert_eq!(*app.settings(), komadai::gui::Settings::default());
    assert!(app.message().is_some_and(|m| m.contains("damaged")));
}

#[test]
fn hard_s_threads_are_set_in_the_ai_menu_and_saved() {
    let dir = settings_dir("hard-threads");
    let mut h = harness(app_in(&dir));
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    // Every core but one to start with.
    assert_eq!(h.state().settings().hard_threads, (cores - 1).max(1));
    click(&mut h, "AI");
    h.get_by_role_and_label(egui::accesskit::Role::SpinButton, "Threads for Hard")
        .set_value_accesskit(cores as f64);
    gui_support::settle(&mut h);
    assert_eq!(h.state().settings().hard_threads, cores);
    drop(h);
    assert_eq!(app_in(&dir).settings().hard_threads, cores);
}
