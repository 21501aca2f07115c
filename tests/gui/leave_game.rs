//! A game in progress is never dropped without asking: New game, the editor's Play,
//! opening a record and pasting one ask first ("Leave the game in progress?"), Esc or Cancel keep the game;
//! nothing is asked when no game is in progress or it is over.

use crate::gui_support;

use egui_kittest::kittest::Queryable;
use gui_support::{app_after, app_in, apply, click, harness, settings_dir, settle};
use komadai::gui::Level;
use komadai::gui::dialogs::game_setup::GameSetup;
use komadai::gui::intent::Intent;
use komadai::gui::storage::settings::SideChoice;
use komadai::i18n::Language;
use komadai::rules::Color;

const ASKED: &str = "Leave the game in progress?";

#[test]
fn new_game_asks_before_dropping_the_game_and_escape_keeps_it() {
    let mut h = harness(app_after("leave-new-game", "7g7f 3c3d"));
    click(&mut h, "New game");
    click(&mut h, "Start");
    h.get_by_label(ASKED);
    assert_eq!(h.state().game().ply(), 2, "not dropped yet");
    h.key_press(egui::Key::Escape);
    settle(&mut h);
    assert!(h.query_by_label(ASKED).is_none());
    assert_eq!(h.state().game().ply(), 2, "Esc keeps the game");

    click(&mut h, "New game");
    click(&mut h, "Start");
    click(&mut h, "Cancel");
    assert_eq!(h.state().game().ply(), 2, "Cancel keeps the game");

    click(&mut h, "New game");
    click(&mut h, "Start");
    click(&mut h, "Drop the game");
    assert_eq!(h.state().game().ply(), 0, "a new game");
    assert!(h.query_by_label(ASKED).is_none());
}

#[test]
fn a_position_the_new_game_refuses_after_the_question_is_said_in_its_dialog() {
    let mut h = harness(app_after("leave-bad-sfen", "7g7f 3c3d"));
    apply(&mut h, Intent::OpenNewGame);
    let start = Intent::NewGame {
        side: SideChoice::Sente,
        level: Level::Easy,
        sfen: Some("no position".into()),
        setup: GameSetup::default(),
    };
    apply(&mut h, Intent::LeaveGame(vec![start]));
    click(&mut h, "Drop the game");
    assert!(
        h.query_by_label_contains("That SFEN cannot be used")
            .is_some(),
        "the New game dialog is back with the reason"
    );
    assert_eq!(h.state().game().ply(), 2, "the game stays");
}

#[test]
fn no_question_without_a_game_in_progress_or_after_it_ended() {
    let mut h = harness(app_in(&settings_dir("leave-none")));
    click(&mut h, "New game");
    click(&mut h, "Start");
    assert!(h.query_by_label(ASKED).is_none(), "no move made yet");

    let mut h = harness(app_after("leave-over", "7g7f 3c3d"));
    apply(&mut h, Intent::Resign);
    click(&mut h, "New game");
    click(&mut h, "Start");
    assert!(h.query_by_label(ASKED).is_none(), "the game is over");
    assert_eq!(h.state().game().ply(), 0);
}

#[test]
fn the_editors_play_and_opening_a_record_ask_first() {
    let mut h = harness(app_after("leave-editor", "7g7f 3c3d"));
    apply(&mut h, Intent::OpenEditor);
    click(&mut h, "Play as ☗ Sente");
    h.get_by_label(ASKED);
    click(&mut h, "Cancel");
    assert_eq!(h.state().game().ply(), 2);
    click(&mut h, "Play as ☗ Sente");
    click(&mut h, "Drop the game");
    assert_eq!(h.state().game().ply(), 0, "a game from the edited position");
    assert_eq!(h.state().player(), Color::Sente);

    let path = gui_support::record_file("leave-open", "2g2f 8c8d 2f2e");
    let mut h = harness(app_after("leave-open", "7g7f 3c3d"));
    apply(
        &mut h,
        Intent::LeaveGame(vec![Intent::OpenFile(path.clone())]),
    );
    h.get_by_label(ASKED);
    click(&mut h, "Drop the game");
    assert_eq!(h.state().game().ply(), 3, "the record is open");
}

/// Ctrl+V on the board, as the window system hands the clipboard's text over.
fn ctrl_v(h: &mut egui_kittest::Harness<'_, komadai::gui::KomadaiApp>, text: &str) {
    h.input_mut()
        .events
        .push(egui::Event::Paste(text.to_owned()));
    settle(h);
}

#[test]
fn pasting_asks_before_dropping_the_game_and_a_bad_paste_is_only_refused() {
    let mut h = harness(app_after("leave-paste", "7g7f 3c3d"));
    ctrl_v(&mut h, "no position");
    assert!(h.query_by_label(ASKED).is_none(), "nothing to ask about");
    assert!(h.state().message().is_some(), "the paste is said to be bad");
    assert_eq!(h.state().game().ply(), 2);

    ctrl_v(&mut h, "position startpos moves 2g2f");
    h.get_by_label(ASKED);
    assert_eq!(h.state().game().ply(), 2, "not dropped yet");
    h.key_press(egui::Key::Escape);
    settle(&mut h);
    assert!(h.query_by_label(ASKED).is_none());
    assert_eq!(h.state().game().ply(), 2, "Esc keeps the game");

    ctrl_v(&mut h, "position startpos moves 2g2f");
    click(&mut h, "Drop the game");
    assert_eq!(h.state().game().ply(), 1, "the pasted game");
    assert!(h.query_by_label(ASKED).is_none());
}

#[test]
fn pasting_without_a_game_in_progress_asks_nothing() {
    let mut h = harness(app_in(&settings_dir("leave-paste-none")));
    ctrl_v(&mut h, "position startpos moves 2g2f 8c8d");
    assert!(h.query_by_label(ASKED).is_none());
    assert_eq!(h.state().game().ply(), 2, "the pasted game");
}

#[test]
fn in_japanese_the_question_is_japanese() {
    let dir = settings_dir("leave-ja");
    std::fs::create_dir_all(&dir).expect("a folder");
    let settings = serde_json::json!({ "language": Language::Japanese });
    std::fs::write(dir.join("settings.json"), settings.to_string()).expect("settings");
    let mut app = app_in(&dir);
    gui_support::paste(&mut app, "position startpos moves 7g7f 3c3d").expect("a game");
    app.apply(Intent::PlayOn(Color::Sente));
    let mut h = harness(app);
    apply(&mut h, Intent::LeaveGame(vec![Intent::OpenNewGame]));
    h.get_by_label("対局を中断しますか？");
    h.get_by_label("対局を破棄する");
    h.get_by_label("キャンセル");
}
