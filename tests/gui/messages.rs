//! Notes for the player: each of a kind (information, warning, error) with its own look,
//! gone when they stop applying; pasted text that cannot be used said plainly; the hint and
//! a hand piece with nowhere to go said in words.

use crate::gui_support;

use egui_kittest::kittest::Queryable;
use gui_support::{app_in, apply, click, harness, harness_from, settings_dir};
use komadai::gui::intent::Intent;
use komadai::gui::panels::message::MessageKind;
use komadai::i18n::Language;

fn message(h: &egui_kittest::Harness<'_, komadai::gui::KomadaiApp>) -> String {
    h.state().message().unwrap_or_default().to_owned()
}

#[test]
fn a_copy_is_information_and_gone_when_the_paste_dialog_opens() {
    let mut h = harness(app_in(&settings_dir("message-copy")));
    apply(&mut h, Intent::CopySfen);
    assert_eq!(h.state().message_kind(), Some(MessageKind::Info));
    assert!(h.query_by_label_contains("Position copied").is_some());
    click(&mut h, "Game");
    click(&mut h, "Paste position or game… Ctrl+V");
    assert_eq!(h.state().message(), None);
    assert!(h.query_by_label_contains("Position copied").is_none());
}

#[test]
fn an_illegal_move_is_a_warning_gone_when_the_promotion_prompt_opens() {
    let mut h = harness_from("message-refused", "4k4/9/9/P8/9/9/9/9/4K4 b - 1");
    click(&mut h, "square 9d");
    click(&mut h, "square 9b");
    assert_eq!(h.state().message_kind(), Some(MessageKind::Warning));
    // The pawn is still picked up: the next try.
    click(&mut h, "square 9c");
    assert!(h.query_by_label("Promote").is_some());
    assert_eq!(h.state().message(), None);
}

#[test]
fn a_file_that_cannot_be_opened_is_an_error() {
    let mut h = harness(app_in(&settings_dir("message-error")));
    apply(
        &mut h,
        Intent::OpenFile("/nonexistent/komadai/game.kif".into()),
    );
    assert_eq!(h.state().message_kind(), Some(MessageKind::Error));
}

#[test]
fn pasted_words_are_said_to_be_no_position_or_record() {
    let mut h = harness(app_in(&settings_dir("paste-words")));
    apply(&mut h, Intent::Paste("hello world".to_owned()));
    let message = message(&h);
    assert!(
        message.contains("is not an SFEN, a USI position line, or a KIF, KI2 or CSA record"),
        "{message}"
    );
    assert!(!message.contains("pieces in hand"), "{message}");
}

#[test]
fn a_broken_record_names_its_line_and_problem() {
    let mut h = harness(app_in(&settings_dir("paste-broken-kif")));
    let kif =
        "先手：A\n後手：B\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７六歩(77)\n";
    apply(&mut h, Intent::Paste(kif.to_owned()));
    let message = message(&h);
    assert!(
        message.starts_with("Line 5 of this KIF record: "),
        "{message}"
    );
}

#[test]
fn a_broken_sfen_is_said_to_be_an_sfen_with_a_capital_letter() {
    let mut h = harness(app_in(&settings_dir("paste-broken-sfen")));
    apply(&mut h, Intent::Paste("lnsgkgsnl/9 b - 1".to_owned()));
    let message = message(&h);
    assert!(
        message.starts_with("This SFEN cannot be used: "),
        "{message}"
    );
}

#[test]
fn a_pawn_with_nowhere_to_drop_says_why_when_picked_up() {
    let mut h = harness_from("no-drop", "4k4/9/9/9/9/9/PPPPPPPPP/9/4K4 b P 1");
    click(&mut h, "hand Sente P");
    let message = message(&h);
    assert!(message.contains("cannot be dropped anywhere"), "{message}");
    assert!(message.contains("nifu"), "{message}");
    assert!(message.contains("on every file"), "{message}");
    assert!(!message.contains("file 1"), "one file named: {message}");
}

#[test]
fn the_king_stepping_into_check_names_the_piece() {
    let mut h = harness_from("names-the-piece", "4k4/9/9/9/9/2b6/9/9/4K4 b - 1");
    click(&mut h, "square 5i");
    click(&mut h, "square 5h");
    let message = message(&h);
    assert!(message.contains("from the bishop on 7f"), "{message}");
}

#[test]
fn the_hint_is_said_in_words_and_gone_after_resigning() {
    let mut h = harness(app_in(&settings_dir("hint-words")));
    click(&mut h, "Hint");
    for _ in 0..4000 {
        h.step();
        if h.state().hint().is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    gui_support::settle(&mut h);
    assert!(h.state().hint().is_some(), "a hint comes");
    assert!(h.query_by_label_contains("Hint: ").is_some());
    click(&mut h, "Resign");
    click(&mut h, "Yes, resign");
    assert_eq!(
        h.state().hint(),
        None,
        "the hint belonged to the game going on"
    );
    assert!(h.query_by_label_contains("Hint: ").is_none());
}

#[test]
fn a_replayed_file_keeps_its_name_as_written_in_both_languages() {
    let dir = settings_dir("message-file-name");
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("easy_vs_normal.usi");
    std::fs::write(&path, "position startpos moves 7g7f 3c3d\n").expect("write");
    for (lang, start) in [
        (Language::Japanese, "easy_vs_normal.usiを再生中"),
        (Language::English, "Replaying easy_vs_normal.usi:"),
    ] {
        let mut app = app_in(&dir);
        app.apply(Intent::SetLanguage(lang));
        gui_support::open(&mut app, &path).expect("opens");
        let h = harness(app);
        let message = message(&h);
        assert!(message.starts_with(start), "{message}");
    }
}
