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

/// The fills of every rectangle the last frame painted.
fn painted_fills(h: &egui_kittest::Harness<'_, komadai::gui::KomadaiApp>) -> Vec<egui::Color32> {
    fn collect(shape: &egui::Shape, out: &mut Vec<egui::Color32>) {
        match shape {
            egui::Shape::Rect(rect) => out.push(rect.fill),
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| collect(s, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        collect(&clipped.shape, &mut out);
    }
    out
}

#[test]
fn a_win_is_not_shown_on_the_red_of_a_loss() {
    use komadai::gui::theme;
    // ☗ drops a gold on 5b, the pawn on 5c guarding it: mate.
    let mut h = gui_support::harness_from("game-over-won", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    let drop = komadai::rules::Move::from_usi("G*5b").expect("a USI drop");
    apply(&mut h, Intent::Move(drop));
    assert!(h.query_all_by_label_contains("You won").next().is_some());
    let fills = painted_fills(&h);
    assert!(fills.contains(&theme::BANNER_WON), "the banner is green");
    assert!(!fills.contains(&theme::BANNER), "not a loss's red");

    let mut h = resigned_after_two_moves("game-over-lost-banner");
    apply(&mut h, Intent::Cancel);
    assert!(
        painted_fills(&h).contains(&theme::BANNER),
        "a loss stays red"
    );
}
