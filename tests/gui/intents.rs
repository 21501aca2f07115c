//! Every user action is an intent applied in one place: the paths a menu, a bar or a key
//! takes, driven here through `KomadaiApp::apply` as those views send them.

use crate::gui_support;

use egui_kittest::kittest::Queryable;
use gui_support::{
    app_in, apply, harness, paste, save_record, settings_dir, wait_for_ai, wait_for_hint,
};
use komadai::gui::ViewMode;
use komadai::gui::dialogs::Dialog;
use komadai::gui::intent::Intent;
use komadai::gui::storage::settings::SideChoice;
use komadai::gui::{KomadaiApp, Level};
use komadai::rules::{Color, Move};

const MOVES: [&str; 5] = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"];

fn usi(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

/// A record of MOVES saved as KIF in a fresh directory, and an app in another one.
fn record_and_app(test: &str) -> (std::path::PathBuf, KomadaiApp) {
    let source_dir = settings_dir(&format!("{test}-source"));
    let mut source = app_in(&source_dir);
    paste(
        &mut source,
        &format!("position startpos moves {}", MOVES.join(" ")),
    )
    .expect("a legal USI line");
    let path = save_record(&source, &source_dir.join("game.kif")).expect("saved");
    (path, app_in(&settings_dir(test)))
}

#[test]
fn a_replay_steps_by_intents_and_stays_a_replay_at_its_end() {
    let (path, app) = record_and_app("intent-replay");
    let mut h = harness(app);
    apply(&mut h, Intent::OpenFile(path));
    assert_eq!(h.state().view(), ViewMode::Replaying(0));
    apply(&mut h, Intent::View(Some(3)));
    assert_eq!(h.state().view(), ViewMode::Replaying(3));
    assert!(
        h.query_by_label_contains("Replaying: move 3 of 5")
            .is_some()
    );
    apply(&mut h, Intent::View(None));
    assert_eq!(h.state().view(), ViewMode::Replaying(5));
    assert_eq!(h.state().viewing(), None, "the last position");
    assert!(h.state().is_reviewing(), "still a replay: the AI waits");
    assert!(!h.state().is_thinking());

    apply(&mut h, Intent::View(Some(4)));
    // After four moves it is Sente's turn; playing on as Gote lets the AI play Sente.
    apply(&mut h, Intent::PlayOn(Color::Gote));
    assert_eq!(h.state().view(), ViewMode::Live);
    assert_eq!(h.state().player(), Color::Gote);
    wait_for_ai(&mut h);
    assert_eq!(usi(&h.state().game().moves()[..4]), MOVES[..4]);
    assert_eq!(h.state().game().ply(), 5);
}

#[test]
fn looking_back_at_the_latest_move_is_the_game_itself() {
    let mut h = harness(app_in(&settings_dir("intent-look-back")));
    apply(&mut h, Intent::Paste(START_LINE.to_owned()));
    apply(&mut h, Intent::PlayOn(Color::Sente));
    assert_eq!(h.state().game().ply(), 2);
    apply(&mut h, Intent::View(Some(1)));
    assert_eq!(h.state().view(), ViewMode::LookingBack(1));
    assert!(h.query_by_label("Back to the game").is_some());
    apply(&mut h, Intent::View(Some(2)));
    assert_eq!(h.state().view(), ViewMode::Live);
    assert!(h.query_by_label("Back to the game").is_none());
}

const START_LINE: &str = "position startpos moves 7g7f 3c3d";

#[test]
fn undo_while_looking_back_returns_to_the_game() {
    let mut h = harness(app_in(&settings_dir("intent-undo-look-back")));
    apply(&mut h, Intent::Paste(START_LINE.to_owned()));
    apply(&mut h, Intent::PlayOn(Color::Sente));
    apply(&mut h, Intent::View(Some(0)));
    apply(&mut h, Intent::Undo);
    assert_eq!(h.state().game().ply(), 0);
    assert_eq!(h.state().view(), ViewMode::Live);
}

#[test]
fn hint_asked_through_apply_arrives_and_wakes_the_window() {
    let mut h = harness(app_in(&settings_dir("intent-hint")));
    h.state_mut().apply(Intent::Hint);
    let hint = wait_for_hint(&mut h);
    assert!(h.state().game().position().is_legal(hint));
}

#[test]
fn no_hint_during_a_replay() {
    let (path, app) = record_and_app("intent-no-hint-replay");
    let mut h = harness(app);
    apply(&mut h, Intent::OpenFile(path));
    apply(&mut h, Intent::Hint);
    assert!(h.query_by_label_contains("looking for a hint").is_none());
}

#[test]
fn a_dialog_edit_lands_only_in_the_dialog_still_open() {
    let mut h = harness(app_in(&settings_dir("intent-edit-dialog")));
    let edited = Dialog::NewGame {
        side: SideChoice::Gote,
        level: Level::Hard,
        sfen: String::new(),
        error: None,
        setup: Default::default(),
        engine: None,
    };
    apply(&mut h, Intent::EditDialog(edited.clone()));
    assert!(h.query_by_label("Start").is_none(), "no dialog opened");

    apply(&mut h, Intent::OpenPaste);
    apply(&mut h, Intent::EditDialog(edited));
    assert!(
        h.query_by_label("Paste a position or a game").is_some(),
        "the paste dialog is not replaced by another's form"
    );
    apply(&mut h, Intent::Cancel);
    assert!(h.query_by_label("Paste a position or a game").is_none());
}

#[test]
fn new_game_dialog_choices_come_back_as_edits() {
    let mut h = harness(app_in(&settings_dir("intent-new-game-form")));
    gui_support::click(&mut h, "New game");
    gui_support::click(&mut h, "☖ Gote (second)");
    gui_support::click(&mut h, "Hard");
    gui_support::click(&mut h, "Start");
    assert_eq!(h.state().player(), Color::Gote);
    assert_eq!(h.state().settings().level, Level::Hard);
    assert_eq!(h.state().settings().side, SideChoice::Gote);
}

#[test]
fn a_bad_paste_by_ctrl_v_says_so_in_the_status_line() {
    let mut h = harness(app_in(&settings_dir("intent-bad-paste")));
    apply(&mut h, Intent::Paste("hello there".to_owned()));
    let message = h.state().message().unwrap_or_default().to_owned();
    assert!(
        message.contains("not an SFEN, a USI position line, or a KIF, KI2 or CSA record"),
        "{message}"
    );
    assert_eq!(
        h.state().message_kind(),
        Some(komadai::gui::panels::message::MessageKind::Error)
    );
    assert_eq!(h.state().game().ply(), 0);
}
