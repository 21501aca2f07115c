//! Playing by typing moves in the move box, with the keyboard alone: M puts the
//! keyboard in the box, the suggestions follow the text and ↓ and Enter take one, an
//! ambiguous or illegal move is answered beside the box and changes nothing, a promotion
//! left unsaid brings the prompt and a typed 成 answers it, `同` recaptures, and a study
//! takes typed moves as variations.

use crate::gui_support;

use egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_support::{app_in, apply, harness, harness_from, open, settings_dir, settle, wait_for_ai};
use komadai::gui::KomadaiApp;
use komadai::gui::intent::Intent;
use komadai::i18n::Language;
use komadai::rules::{Color, Move};
use std::path::PathBuf;

/// Gote's king in the corner with one gold; Sente to mate with a pawn drop (the gold must
/// take it: the king's squares are covered) and the silver taking back, promoting. Two
/// golds beside Sente's king make `58金` ambiguous; the pawn on 9g makes a pawn drop on
/// file 9 nifu.
const MATING_START: &str = "7gk/9/7S1/7N1/9/9/P8/9/3GKG3 b P 1";

fn usi(text: &str) -> Move {
    Move::from_usi(text).expect("test moves are USI")
}

/// A key as the keyboard sends it: pressed and released, with the letter it types.
fn key_with_text(h: &mut Harness<'_, KomadaiApp>, key: Key, text: &str) {
    let event = |pressed| Event::Key {
        key,
        physical_key: None,
        pressed,
        repeat: false,
        modifiers: Modifiers::NONE,
    };
    let events = &mut h.input_mut().events;
    events.push(event(true));
    events.push(Event::Text(text.to_owned()));
    events.push(event(false));
    settle(h);
}

fn press(h: &mut Harness<'_, KomadaiApp>, key: Key) {
    h.key_press(key);
    settle(h);
}

fn type_text(h: &mut Harness<'_, KomadaiApp>, text: &str) {
    h.input_mut().events.push(Event::Text(text.to_owned()));
    settle(h);
}

/// Empties the box with Backspace, a character at a time.
fn clear(h: &mut Harness<'_, KomadaiApp>) {
    for _ in 0..h.state().typed_move().chars().count() {
        press(h, Key::Backspace);
    }
    assert_eq!(h.state().typed_move(), "");
}

/// Whether a label on the screen shows every one of `parts` (an answer lists its moves in
/// the order the position lists them).
fn shown(h: &Harness<'_, KomadaiApp>, parts: &[&str]) -> bool {
    use egui_kittest::kittest::NodeT;
    h.query_all_by_label_contains(parts[0]).any(|node| {
        let node = node.accesskit_node();
        let label = node.label().or_else(|| node.value()).unwrap_or_default();
        parts.iter().all(|part| label.contains(part))
    })
}

/// Types `text` in the box (which has the keyboard) and presses Enter.
fn enter(h: &mut Harness<'_, KomadaiApp>, text: &str) {
    clear(h);
    type_text(h, text);
    assert_eq!(h.state().typed_move(), text);
    press(h, Key::Enter);
}

#[test]
fn a_whole_game_against_the_ai_typed_with_the_keyboard_alone() {
    let mut h = harness_from("move-box-game", MATING_START);
    let start = *h.state().game().position();
    key_with_text(&mut h, Key::M, "m");
    assert_eq!(
        h.state().typed_move(),
        "",
        "M puts the keyboard in the box, untyped"
    );

    // Two golds can go to 5h: the answer lists both, in the notation typed.
    enter(&mut h, "58金");
    assert!(shown(
        &h,
        &["Ambiguous: ", "５八金右", " or ", "５八金左", "?"]
    ));
    assert_eq!(
        h.state().game().ply(),
        0,
        "an ambiguous move changes nothing"
    );
    enter(&mut h, "G-5h");
    assert!(shown(&h, &["Ambiguous: ", "G6i-5h", "G4i-5h"]));
    // A second pawn on file 9: the reason a click would get.
    enter(&mut h, "P*9e");
    assert!(shown(
        &h,
        &["Nifu: you already have an unpromoted pawn on file 9."]
    ));
    assert_eq!(h.state().game().ply(), 0, "an illegal move changes nothing");
    assert_eq!(h.state().game().position(), &start);

    // The drop: the suggestions follow the text, ↓ chooses one and Enter plays it.
    clear(&mut h);
    type_text(&mut h, "P*1");
    h.get_by_label("P*1b");
    h.get_by_label("P*1c");
    type_text(&mut h, "b");
    assert!(
        h.query_by_label("P*1c").is_none(),
        "only what the text can become"
    );
    press(&mut h, Key::ArrowDown);
    press(&mut h, Key::Enter);
    assert_eq!(h.state().game().moves().first(), Some(&usi("P*1b")));
    assert_eq!(
        h.state().typed_move(),
        "",
        "the box empties when its move is played"
    );
    wait_for_ai(&mut h);
    assert_eq!(
        h.state().game().moves().get(1),
        Some(&usi("2a1b")),
        "the gold must take the pawn"
    );

    // 同 with the promotion left unsaid: the prompt asks, and 成 typed answers it.
    enter(&mut h, "同銀");
    assert_eq!(h.state().game().ply(), 2, "the move waits for the answer");
    h.get_by_label("Promote");
    enter(&mut h, "成");
    assert_eq!(h.state().game().moves().get(2), Some(&usi("2c1b+")));
    let result = h.state().game().result().expect("the silver mates");
    assert_eq!(result.winner, Some(Color::Sente));
}

#[test]
fn a_promotion_typed_is_played_without_the_prompt() {
    let mut h = harness_from("move-box-promote", "4k4/9/9/P8/9/9/9/9/4K4 b - 1");
    key_with_text(&mut h, Key::M, "m");
    enter(&mut h, "P-9c+");
    assert_eq!(h.state().game().moves().first(), Some(&usi("9d9c+")));
    assert!(h.query_by_label("Promote").is_none());
}

#[test]
fn esc_leaves_the_box_and_m_comes_back_to_it() {
    let mut h = harness(app_in(&settings_dir("move-box-esc")));
    key_with_text(&mut h, Key::M, "m");
    type_text(&mut h, "7g");
    press(&mut h, Key::Escape);
    let flipped = h.state().is_flipped();
    key_with_text(&mut h, Key::F, "f");
    assert_eq!(
        h.state().typed_move(),
        "7g",
        "out of the box, letters type nothing"
    );
    assert_ne!(
        h.state().is_flipped(),
        flipped,
        "and F flips the board again"
    );
    key_with_text(&mut h, Key::M, "m");
    assert_eq!(
        h.state().typed_move(),
        "7g",
        "back in the box, the text is kept"
    );
    enter(&mut h, "7g7f");
    assert_eq!(h.state().game().moves().first(), Some(&usi("7g7f")));
}

#[test]
fn looking_back_a_typed_move_is_refused_with_the_reason_a_click_gets() {
    let mut h = harness(app_in(&settings_dir("move-box-looking-back")));
    key_with_text(&mut h, Key::M, "m");
    enter(&mut h, "76歩");
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().ply(), 2);
    press(&mut h, Key::Escape);
    press(&mut h, Key::ArrowLeft);
    assert_eq!(h.state().viewing(), Some(1));
    key_with_text(&mut h, Key::M, "m");
    enter(&mut h, "26歩");
    assert_eq!(h.state().game().ply(), 2, "the past takes no move");
    assert!(h.state().message().is_some(), "the note says why");
    assert_eq!(h.state().typed_move(), "26歩", "the move typed is kept");
}

#[test]
fn in_japanese_the_answers_are_japanese() {
    let mut h = harness_from("move-box-japanese", MATING_START);
    apply(&mut h, Intent::SetLanguage(Language::Japanese));
    key_with_text(&mut h, Key::M, "m");
    enter(&mut h, "58金");
    assert!(shown(
        &h,
        &["どの手か決まりません：", "５八金右", "、", "５八金左"]
    ));
    enter(&mut h, "95歩");
    assert!(shown(&h, &["二歩です"]));
    enter(&mut h, "hello");
    assert!(shown(&h, &["指し手として読めません"]));
    assert_eq!(h.state().game().ply(), 0);
}

#[test]
fn a_move_typed_in_a_study_makes_a_variation() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/records/study_with_variations.kif");
    let mut app = app_in(&settings_dir("move-box-study"));
    open(&mut app, &path).expect("the study opens");
    let mut h = harness(app);
    press(&mut h, Key::ArrowRight);
    press(&mut h, Key::ArrowRight);
    key_with_text(&mut h, Key::M, "m");
    enter(&mut h, "22角成");
    assert!(!h.state().shown_line().is_main());
    assert_eq!(h.state().game().ply(), 4, "the game itself is untouched");
    // 同 reads the move before in the line shown.
    enter(&mut h, "同銀");
    assert_eq!(
        h.state().shown_line_moves(),
        [usi("7g7f"), usi("3c3d"), usi("8h2b+"), usi("3a2b")]
    );
}
