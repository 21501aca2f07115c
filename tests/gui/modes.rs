//! What the board is doing, said and respected: a replayed record is read-only until the
//! player plays on from a move, looking back returns to the game before changing it, and a
//! click on a read-only board says why nothing happens.

use crate::gui_support;

use egui_kittest::kittest::Queryable;
use gui_support::{
    app_after, app_in, apply, click, harness, is_disabled, record_file, rect_of, settings_dir,
};
use komadai::gui::ViewMode;
use komadai::gui::intent::Intent;
use komadai::gui::panels::message::MessageKind;

const MOVES: &str = "7g7f 3c3d 2g2f 4c4d 2f2e";

#[test]
fn a_replay_cannot_be_resigned_undone_or_hinted_and_says_it_is_a_replay() {
    let mut h = harness(app_in(&settings_dir("replay-read-only")));
    apply(
        &mut h,
        Intent::OpenFile(record_file("replay-read-only", MOVES)),
    );
    apply(&mut h, Intent::View(Some(3)));
    for button in ["Undo", "Resign", "Hint"] {
        assert!(is_disabled(&h, button), "{button} is offered in a replay");
    }
    assert!(h.query_by_label("Your move").is_none());
    assert!(h.query_by_label_contains("Replaying move 3 of 5").is_some());

    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    gui_support::settle(&mut h);
    apply(&mut h, Intent::Resign);
    assert_eq!(h.state().game().ply(), 5, "the record keeps its moves");
    assert!(!h.state().game().is_over(), "the record is not resigned");
    assert_eq!(h.state().view(), ViewMode::Replaying(3));
    assert_eq!(h.state().message_kind(), Some(MessageKind::Warning));
    assert!(h.query_by_label("Play on from here as").is_some());
}

#[test]
fn resigning_while_looking_back_returns_to_the_game_first() {
    let mut h = harness(app_after("look-back-resign", "7g7f 3c3d"));
    apply(&mut h, Intent::View(Some(1)));
    click(&mut h, "Resign");
    assert_eq!(h.state().view(), ViewMode::Live);
    click(&mut h, "Yes, resign");
    assert!(h.state().game().is_over());
    assert_eq!(h.state().game().ply(), 2);
}

#[test]
fn a_click_on_the_board_while_looking_back_says_it_is_read_only() {
    let mut h = harness(app_after("look-back-click", "7g7f 3c3d"));
    apply(&mut h, Intent::View(Some(1)));
    assert!(
        h.query_by_label_contains("Looking back at move 1")
            .is_some()
    );
    click(&mut h, "square 2g");
    let message = h.state().message().unwrap_or_default().to_owned();
    assert!(message.contains("read-only"), "{message}");
    // A board that will not take the move is a warning (amber), as the user guide (docs/guide.md) says.
    assert_eq!(h.state().message_kind(), Some(MessageKind::Warning));
}

#[test]
fn a_click_on_the_ais_piece_says_whose_it_is() {
    let mut h = harness(app_in(&settings_dir("ai-piece-click")));
    click(&mut h, "square 3c");
    let message = h.state().message().unwrap_or_default().to_owned();
    assert!(message.contains("your opponent's"), "{message}");
}

#[test]
fn the_move_list_follows_the_board_through_a_replay() {
    let record = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/records/oyama_masuda_1959.kif");
    let mut app = app_in(&settings_dir("modes-list-follows"));
    app.apply(Intent::OpenFile(record));
    let mut h = harness(app);
    let list = rect_of(&h, "Moves");
    let in_view = |h: &egui_kittest::Harness<'_, komadai::gui::KomadaiApp>, line: &str| {
        let row = h.get_by_label_contains(line).rect();
        row.top() >= list.top() && row.bottom() <= h.ctx.content_rect().bottom()
    };
    assert!(
        in_view(&h, "1. ☗ P-7f"),
        "the first move is in view at the start"
    );
    assert!(
        h.query_by_label_contains("☗ Sente: 大山康晴\n☖ Gote: 升田幸三")
            .is_some(),
        "the seats over the list name the record's players, not you and the AI"
    );
    apply(&mut h, Intent::View(Some(38)));
    assert!(
        in_view(&h, "38. ☖ B-7c"),
        "the move shown is brought into view"
    );
    apply(&mut h, Intent::View(Some(2)));
    assert!(in_view(&h, "2. ☖ P-8d"), "and again when stepping back");
}
