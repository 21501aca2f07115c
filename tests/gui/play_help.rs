//! Help during play, both off unless chosen in the Help menu: hints in two steps (the piece,
//! then where it goes) and an evaluation bar fed by the AI's last search.

use crate::gui_support;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_support::{apply, click, harness_from, wait_for_ai};
use komadai::gui::KomadaiApp;
use komadai::gui::intent::Intent;
use komadai::rules::{Move, START_SFEN};
use std::time::Duration;

fn wait_for_hint_piece(h: &mut Harness<'_, KomadaiApp>) -> Move {
    for _ in 0..4000 {
        h.step();
        if let Some(hint) = h.state().hint_piece() {
            return hint;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("no hint came");
}

#[test]
fn both_helps_are_off_until_chosen() {
    let h = harness_from("help-defaults", START_SFEN);
    assert!(!h.state().settings().eval_bar);
    assert!(!h.state().settings().stepped_hints);
}

#[test]
fn a_stepped_hint_shows_the_piece_first_and_the_move_on_the_second_press() {
    let mut h = harness_from("help-stepped", START_SFEN);
    click(&mut h, "Help");
    click(&mut h, "Stepped hints");
    assert!(h.state().settings().stepped_hints);
    apply(&mut h, Intent::Hint);
    let hint = wait_for_hint_piece(&mut h);
    assert_eq!(h.state().hint(), None, "not where it goes yet");
    gui_support::settle(&mut h);
    assert!(
        h.query_by_label_contains("Hint again").is_some(),
        "the piece is named"
    );
    apply(&mut h, Intent::Hint);
    assert_eq!(
        h.state().hint(),
        Some(hint),
        "the second press shows the move"
    );
    assert_eq!(h.state().hint_piece(), None);
}

#[test]
fn without_steps_the_hint_shows_the_move_at_once() {
    let mut h = harness_from("help-unstepped", START_SFEN);
    apply(&mut h, Intent::Hint);
    let hint = gui_support::wait_for_hint(&mut h);
    assert_eq!(h.state().hint(), Some(hint));
    assert_eq!(h.state().hint_piece(), None);
}

#[test]
fn the_evaluation_bar_reads_the_ais_last_search() {
    let mut h = harness_from("help-bar", START_SFEN);
    apply(&mut h, Intent::SetEvalBar(true));
    assert_eq!(
        h.state().ai_sente_chance(),
        None,
        "the AI has not searched yet"
    );
    apply(
        &mut h,
        Intent::Move(Move::from_usi("7g7f").expect("a move")),
    );
    wait_for_ai(&mut h);
    let chance = h.state().ai_sente_chance().expect("the AI's estimate");
    assert!((0.0..=1.0).contains(&chance));
}
