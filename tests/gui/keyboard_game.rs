//! A game against the AI, its review and a practice problem with the keyboard alone: the
//! board's cursor walked by the arrows and Enter (a promotion answered by Y, a drop from the
//! stand), the toolbar, the dialogs and the result box reached by Tab and pressed by Enter,
//! the review stepped by the arrows with its verdicts read out, and a mate problem solved on
//! the Practice page.

use crate::gui_support;

use egui::Key;
use egui::accesskit::Live;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use gui_support::{
    app_in, by_test_name, harness, harness_from, open, rect_of, settings_dir, settle, wait_for_ai,
};
use komadai::gui::KomadaiApp;
use komadai::practice::mate::{self, Judged};
use komadai::practice::problem::{BUILT_IN, read_set};
use komadai::practice::{Origin, Task};
use komadai::rules::Move;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn press(h: &mut Harness<'_, KomadaiApp>, key: Key) {
    h.key_press(key);
    settle(h);
}

fn usi(text: &str) -> Move {
    Move::from_usi(text).expect("a USI move")
}

/// The focused widget's test name (a square or stand piece) or else its label.
fn focused(h: &Harness<'_, KomadaiApp>) -> Option<String> {
    let node = h.query_by(|node| node.is_focused())?;
    let node = node.accesskit_node();
    node.author_id().map(str::to_owned).or_else(|| node.label())
}

/// Presses Tab until the widget labelled `label` has the keyboard.
fn tab_to(h: &mut Harness<'_, KomadaiApp>, label: &str) {
    for _ in 0..300 {
        if focused(h).as_deref() == Some(label) {
            return;
        }
        press(h, Key::Tab);
    }
    panic!("Tab never reached {label}");
}

/// Walks the board's cursor to the square or stand piece of this test name ("square 7g",
/// "hand Sente P") by the arrows, steering by where each lies on the screen; B first puts
/// the keyboard on the board.
fn walk_to(h: &mut Harness<'_, KomadaiApp>, target: &str) {
    let on_board = |h: &Harness<'_, KomadaiApp>| {
        focused(h).is_some_and(|f| f.starts_with("square ") || f.starts_with("hand "))
    };
    if !on_board(h) {
        press(h, Key::B);
    }
    for _ in 0..24 {
        let here = focused(h).expect("the board has the keyboard");
        if here == target {
            return;
        }
        let rect = |name: &str| by_test_name(h, name).expect("on the board").rect();
        let (from, to) = (rect(&here), rect(target));
        let offset = to.center() - from.center();
        let key = if offset.x.abs() > from.width() * 0.5 {
            if offset.x > 0.0 {
                Key::ArrowRight
            } else {
                Key::ArrowLeft
            }
        } else if offset.y > 0.0 {
            Key::ArrowDown
        } else {
            Key::ArrowUp
        };
        press(h, key);
    }
    panic!("the cursor never reached {target}: {:?}", focused(h));
}

/// Plays `mv` for the side to move with the cursor and Enter, answering the promotion
/// prompt by Y or N.
fn play_by_keys(h: &mut Harness<'_, KomadaiApp>, mv: Move, mover: &str) {
    match mv {
        Move::Board { from, to, promote } => {
            walk_to(h, &format!("square {from}"));
            press(h, Key::Enter);
            walk_to(h, &format!("square {to}"));
            press(h, Key::Enter);
            if h.query_by_label("Promote").is_some() {
                press(h, if promote { Key::Y } else { Key::N });
            }
        }
        Move::Drop { kind, to } => {
            walk_to(h, &format!("hand {mover} {}", kind.letter()));
            press(h, Key::Enter);
            walk_to(h, &format!("square {to}"));
            press(h, Key::Enter);
        }
    }
}

/// Steps frames until `done` holds (bounded by steps, not by time).
fn wait_until(h: &mut Harness<'_, KomadaiApp>, what: &str, done: impl Fn(&KomadaiApp) -> bool) {
    for _ in 0..6000 {
        h.step();
        if done(h.state()) {
            settle(h);
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("{what} never came");
}

/// The live regions' words now: what a screen reader was last told.
fn announced(h: &Harness<'_, KomadaiApp>) -> Vec<String> {
    h.query_all_by(|node| node.live() != Live::Off)
        .filter_map(|node| node.accesskit_node().label())
        .collect()
}

#[test]
fn a_game_its_review_and_the_practice_page_by_keyboard_alone() {
    let mut h = harness_from("a11y-keyboard-game", "4k4/9/9/P8/9/9/9/9/4K4 b P 1");
    play_by_keys(&mut h, usi("9d9c+"), "Sente");
    assert_eq!(h.state().game().moves().first(), Some(&usi("9d9c+")));
    wait_for_ai(&mut h);
    play_by_keys(&mut h, usi("P*1e"), "Sente");
    assert_eq!(h.state().game().moves().get(2), Some(&usi("P*1e")));
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().ply(), 4);

    // The toolbar's Resign, then the dialog's answer, by Tab and Enter.
    tab_to(&mut h, "Resign");
    press(&mut h, Key::Enter);
    tab_to(&mut h, "Yes, resign");
    press(&mut h, Key::Enter);
    assert!(h.state().game().is_over(), "resigned");
    assert!(
        announced(&h).iter().any(|words| words.contains("resign")),
        "the result is read out: {:?}",
        announced(&h)
    );

    // The result box's Review.
    tab_to(&mut h, "Review");
    press(&mut h, Key::Enter);
    assert!(h.state().is_review_open());
    wait_until(&mut h, "the review", |app| app.review_progress().is_none());
    press(&mut h, Key::Home);
    press(&mut h, Key::ArrowRight);
    assert_eq!(h.state().viewing(), Some(1));
    assert!(
        announced(&h)
            .iter()
            .any(|words| words.starts_with("1. P-9c+ — ")),
        "the verdict is read with its move: {:?}",
        announced(&h)
    );
    // The move list is reached by Tab too.
    tab_to(&mut h, "  1. ☗ P-9c+");

    // The Practice page by P, its controls by Tab, and back by Esc.
    press(&mut h, Key::P);
    assert!(h.state().is_practising(), "the Practice page");
    tab_to(&mut h, "Import a collection…");
    press(&mut h, Key::Escape);
    assert!(!h.state().is_practising(), "back at the game");
}

#[test]
fn a_mate_problem_is_solved_by_keyboard_alone() {
    let (problems, _) = read_set(BUILT_IN);
    let problem = *problems
        .iter()
        .find(|p| p.plies == 3)
        .expect("a mate in three");
    let mut h = harness(app_in(&settings_dir("a11y-keyboard-mate")));
    h.state_mut().practise(Task::Mate {
        sfen: problem.position.to_sfen(),
        plies: problem.plies,
        origin: Origin::BuiltIn,
    });
    settle(&mut h);
    wait_until(&mut h, "the solver's line", |app| {
        !app.is_judging_practice()
    });
    let attacker = problem.position.side_to_move().to_string();
    let stop = AtomicBool::new(false);
    let first = match mate::soundness(&problem.position, &stop) {
        mate::Soundness::Sound { line, .. } => line[0],
        other => panic!("{other:?}"),
    };
    play_by_keys(&mut h, first, &attacker);
    wait_until(&mut h, "the judgement", |app| !app.is_judging_practice());
    // The defence has answered: whatever mates now.
    let now = h
        .state()
        .practice_position()
        .expect("a problem on the board");
    let mating = now
        .legal_moves()
        .iter()
        .copied()
        .find(|&mv| mate::judge_attack(&now, mv, 1, &stop) == Judged::Mates)
        .expect("a mate in one");
    play_by_keys(&mut h, mating, &attacker);
    wait_until(&mut h, "the judgement", |app| !app.is_judging_practice());
    let note = h.state().practice_note().unwrap_or_default().to_owned();
    assert!(note.contains("Solved!"), "{note}");
}

#[test]
fn a_move_reached_by_tab_in_a_long_list_is_scrolled_into_sight() {
    let mut app = app_in(&settings_dir("a11y-tab-long-list"));
    let record = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/records/oyama_masuda_1959.kif");
    open(&mut app, &record).expect("the record opens");
    let mut h = harness(app);
    // Opened at its start, the list shows its first moves: the last is far below the window.
    let last = " 40. ☖ P-6d";
    let window_bottom = h.ctx.content_rect().bottom();
    assert!(
        rect_of(&h, last).bottom() > window_bottom,
        "the last move starts out of sight"
    );
    tab_to(&mut h, last);
    let row = rect_of(&h, last);
    let heading = rect_of(&h, "Moves").bottom();
    assert!(
        row.top() >= heading && row.bottom() <= window_bottom,
        "the focused move {row:?} is in the list, in the window"
    );
}
