//! The keyboard as a player uses it: the shortcuts listed where they are looked for, every
//! quick press taking its step, Home, End and the page keys in a replay, Esc closing a menu,
//! and the Practice page's own keys winning over the window's.

use crate::gui_support;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_support::{app_in, click, harness, paste, settings_dir, settle};
use komadai::gui::KomadaiApp;
use komadai::gui::intent::Intent;
use komadai::i18n::Language;

/// Thirty plies of a real opening, so that the page keys have room.
const LONG_GAME: &str = "7g7f 3c3d 2g2f 4c4d 2f2e 2b3c 3i4h 8b4b 5i6h 3a3b 6h7h 5a6b 4i5h 6b7b \
                         5g5f 7b8b 9g9f 9c9d 1g1f 1c1d 6i6h 7a7b 4h5g 4a5b 3g3f 6a6b 2h2f 5c5d \
                         8h7g 3b4c";

fn replay(test: &str) -> Harness<'static, KomadaiApp> {
    let mut app = app_in(&settings_dir(test));
    paste(&mut app, &format!("position startpos moves {LONG_GAME}")).expect("a legal game");
    let h = harness(app);
    assert!(h.state().is_reviewing(), "a pasted game is replayed");
    h
}

fn press(h: &mut Harness<'_, KomadaiApp>, key: Key) {
    h.key_press(key);
    settle(h);
}

/// The ply shown in the replay.
fn shown(h: &Harness<'_, KomadaiApp>) -> usize {
    let last = h.state().game().ply();
    h.state().viewing().unwrap_or(last)
}

#[test]
fn home_end_and_the_page_keys_move_through_a_replay() {
    let mut h = replay("keys-home-end");
    assert_eq!(h.state().game().ply(), 30);
    press(&mut h, Key::Home);
    assert_eq!(shown(&h), 0, "Home: the first move");
    press(&mut h, Key::PageDown);
    assert_eq!(shown(&h), 10, "Page Down: ten moves on");
    press(&mut h, Key::PageDown);
    press(&mut h, Key::PageUp);
    assert_eq!(shown(&h), 10, "Page Up: ten moves back");
    press(&mut h, Key::End);
    assert_eq!(shown(&h), 30, "End: the last move");
    press(&mut h, Key::PageDown);
    assert_eq!(shown(&h), 30, "no further than the last move");
    press(&mut h, Key::PageUp);
    press(&mut h, Key::PageUp);
    press(&mut h, Key::PageUp);
    press(&mut h, Key::PageUp);
    assert_eq!(shown(&h), 0, "no further back than the start");
}

#[test]
fn quick_arrow_presses_arriving_in_one_frame_each_take_a_step() {
    let mut h = replay("keys-quick-arrows");
    assert_eq!(shown(&h), 30, "the pasted game is shown at its end");
    presses_in_one_frame(&mut h, Key::ArrowLeft, 7);
    assert_eq!(shown(&h), 23, "seven presses, seven steps");
    presses_in_one_frame(&mut h, Key::ArrowRight, 3);
    assert_eq!(shown(&h), 26);
}

/// `count` presses of `key` in a single frame, as quick presses (or a held key's repeats)
/// reach a slow frame (the harness's own presses each get a frame of their own).
fn presses_in_one_frame(h: &mut Harness<'_, KomadaiApp>, key: Key, count: usize) {
    for pressed in std::iter::repeat_n([true, false], count).flatten() {
        h.input_mut().events.push(egui::Event::Key {
            key,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers: Modifiers::NONE,
        });
    }
    settle(h);
}

#[test]
fn the_keys_page_and_the_game_menu_name_a_and_p() {
    let mut h = harness(app_in(&settings_dir("keys-listed")));
    click(&mut h, "Help");
    click(&mut h, "Keyboard shortcuts…");
    for words in [
        "Start or stop the analysis of the position shown",
        "Open the Practice page",
        "Go to the first or the last move",
        "Go ten moves back or forward",
        "Show the answer",
    ] {
        assert!(
            h.query_by_label(words).is_some(),
            "the keys page lists {words}"
        );
    }
    click(&mut h, "Close");
    // Pressed through the accessibility layer, as a screen reader presses it: the harness's
    // pointer, jumping from the tall page's Close straight to the menu bar, misses the menu.
    h.get_by_label("Game").click_accesskit();
    settle(&mut h);
    assert!(h.query_by_label("Analyse position A").is_some());
    assert!(h.query_by_label("Practice… P").is_some());
    press(&mut h, Key::Escape);
    h.state_mut().apply(Intent::SetLanguage(Language::Japanese));
    settle(&mut h);
    click(&mut h, "ヘルプ");
    click(&mut h, "キーボード操作…");
    assert!(h.query_by_label("練習ページを開く").is_some());
}

#[test]
fn on_the_practice_page_a_shows_the_answer_and_starts_no_analysis() {
    let mut h = harness(app_in(&settings_dir("keys-practice-a")));
    h.state_mut().apply(Intent::OpenPractice);
    settle(&mut h);
    assert!(h.state().is_practising());
    // The problem's line is found in the background; the answer waits for it.
    for _ in 0..gui_support::SEARCH_FRAMES {
        if !h.state().is_judging_practice() {
            break;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    settle(&mut h);
    assert!(!h.state().is_judging_practice(), "the line was found");
    assert!(h.query_by_label_contains("The answer:").is_none());
    press(&mut h, Key::A);
    assert!(!h.state().is_analysing(), "A is the page's: no analysis");
    assert!(
        h.query_by_label_contains("The answer:").is_some(),
        "A showed the answer"
    );
}

#[test]
fn esc_closes_an_open_menu() {
    let mut h = harness(app_in(&settings_dir("keys-esc-menu")));
    click(&mut h, "Game");
    assert!(
        h.query_by_label("Review this game").is_some(),
        "the menu is open"
    );
    press(&mut h, Key::Escape);
    assert!(
        h.query_by_label("Review this game").is_none(),
        "Esc closed it"
    );
}

#[test]
fn a_dialog_opened_by_a_key_closes_the_open_menu() {
    let mut h = harness(app_in(&settings_dir("keys-menu-dialog")));
    click(&mut h, "Game");
    assert!(
        h.query_by_label("Review this game").is_some(),
        "the menu is open"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    settle(&mut h);
    assert!(
        h.query_by_label("Your clock").is_some(),
        "Ctrl+N opened the new-game dialog"
    );
    assert!(
        h.query_by_label("Review this game").is_none(),
        "no menu over the dialog"
    );
}
