//! The end of a game in a box of its own: who won and how, after how many moves, and the way on
//! (a review, a new game, or just closing it); gone when the ending is taken back, and not shown
//! again for a finished game resumed from the autosave.

use crate::gui_support;

use egui_kittest::kittest::Queryable;
use gui_support::{app_after, app_in, apply, click, harness, settings_dir, settle};
use komadai::gui::intent::Intent;

fn resigned_after_two_moves(
    test: &str,
) -> egui_kittest::Harness<'static, komadai::gui::KomadaiApp> {
    let mut h = harness(app_after(test, "7g7f 3c3d"));
    assert!(h.query_by_label("Result").is_none(), "no box during play");
    apply(&mut h, Intent::Resign);
    h
}

#[test]
fn a_resignation_opens_the_box_with_the_winner_the_way_and_the_move_count() {
    let h = resigned_after_two_moves("game-over-box");
    assert!(h.query_by_label("Result").is_some());
    assert!(h.query_by_label("You lost").is_some());
    assert!(h.query_by_label("Gote wins: Sente resigned").is_some());
    assert!(h.query_by_label("The game lasted 2 moves.").is_some());
    for button in ["Review", "New game…", "Close"] {
        assert!(h.query_by_label(button).is_some(), "{button}");
    }
}

#[test]
fn review_in_the_box_starts_the_review_and_closes_it() {
    let mut h = resigned_after_two_moves("game-over-review");
    click(&mut h, "Review");
    assert!(h.state().game_review().is_some(), "the review started");
    assert!(h.query_by_label("Result").is_none());
}

#[test]
fn new_game_in_the_box_opens_the_new_game_dialog() {
    let mut h = resigned_after_two_moves("game-over-new");
    click(&mut h, "New game…");
    assert!(
        h.query_by_label("Start").is_some(),
        "the New game dialog is open"
    );
    assert!(h.query_by_label("Result").is_none());
}

#[test]
fn close_leaves_the_final_position_and_undo_takes_the_box_away() {
    let mut h = resigned_after_two_moves("game-over-close");
    click(&mut h, "Close");
    assert!(h.query_by_label("Result").is_none());
    assert!(
        h.state().game().is_over(),
        "closing changes nothing in the game"
    );
    let mut h = resigned_after_two_moves("game-over-undo");
    click(&mut h, "Undo");
    assert!(!h.state().game().is_over());
    assert!(h.query_by_label("Result").is_none());
}

#[test]
fn a_finished_game_resumed_from_the_autosave_opens_no_box() {
    let dir = settings_dir("game-over-resume");
    {
        let mut h = harness(app_in(&dir));
        apply(&mut h, Intent::Resign);
        assert!(h.query_by_label("Result").is_some());
        assert!(
            h.query_by_label("The game ended before the first move.")
                .is_some()
        );
    }
    let mut h = harness(app_in(&dir));
    settle(&mut h);
    assert!(h.state().game().is_over(), "the finished game came back");
    assert!(h.query_by_label("Result").is_none());
}
