//! The window as a newcomer first sees it: the board keeps its place whatever comes and
//! goes around it, text stays readable in a small window, the toolbar wraps whole groups,
//! the coordinates speak the move list's notation, the window takes the keyboard at once,
//! and the Game menu starts and ends.

use crate::gui_support;

use egui::{Rect, ViewportCommand, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_support::{
    app_after, app_in, apply, click, harness, harness_sized, painted_texts, record_file, rect_of,
    settings_dir, settle,
};
use komadai::gui::KomadaiApp;
use komadai::gui::intent::Intent;

const SMALL: egui::Vec2 = vec2(700.0, 500.0);
const LARGE: egui::Vec2 = vec2(1180.0, 820.0);

fn board_rect(h: &Harness<'_, KomadaiApp>) -> Rect {
    rect_of(h, "square 9a").union(rect_of(h, "square 1i"))
}

#[test]
fn the_board_stays_put_through_notes_looking_back_game_over_and_replays() {
    for size in [LARGE, SMALL] {
        let mut h = harness_sized(app_after("board-stays-put", "7g7f 3c3d"), size);
        let start = board_rect(&h);
        click(&mut h, "square 7f");
        click(&mut h, "square 7d");
        assert!(h.state().message().is_some());
        assert_eq!(board_rect(&h), start, "a note at {size:?}");
        apply(&mut h, Intent::View(Some(1)));
        assert_eq!(board_rect(&h), start, "looking back at {size:?}");
        apply(&mut h, Intent::View(None));
        apply(&mut h, Intent::Resign);
        assert!(h.query_by_label_contains("Game over").is_some());
        assert_eq!(board_rect(&h), start, "game over at {size:?}");
        apply(
            &mut h,
            Intent::OpenFile(record_file("board-stays-put", "7g7f")),
        );
        assert_eq!(board_rect(&h), start, "a replay at {size:?}");
    }
}

#[test]
fn no_text_is_smaller_than_twelve_points_in_a_small_window() {
    let mut h = harness_sized(app_after("readable", "7g7f 3c3d 8h2b+ 3a2b"), SMALL);
    apply(&mut h, Intent::Resign);
    let texts = painted_texts(&h);
    assert!(texts.iter().any(|(t, _)| t.contains("Game over")));
    let small: Vec<_> = texts.iter().filter(|(_, size)| *size < 12.0).collect();
    assert!(small.is_empty(), "{small:?}");
}

#[test]
fn the_toolbar_wraps_whole_groups_in_a_small_window() {
    let h = harness_sized(app_in(&settings_dir("toolbar-groups")), SMALL);
    let row = |label: &str| rect_of(&h, label).center().y;
    for group in [
        &["New game", "Undo", "Hint", "Resign"][..],
        &["Kanji", "Letters", "Move dots"],
        &["Western", "Japanese"],
    ] {
        for label in group {
            assert_eq!(row(label), row(group[0]), "{label} left its group");
        }
    }
}

#[test]
fn the_move_list_keeps_its_width_after_resizing() {
    let mut h = harness_sized(app_in(&settings_dir("list-width")), LARGE);
    let from_right = |h: &Harness<'_, KomadaiApp>| LARGE.x - rect_of(h, "Moves").min.x;
    let before = from_right(&h);
    h.set_size(SMALL);
    settle(&mut h);
    h.set_size(LARGE);
    settle(&mut h);
    assert_eq!(from_right(&h), before);
}

fn painted(h: &Harness<'_, KomadaiApp>, text: &str) -> bool {
    painted_texts(h).iter().any(|(t, _)| t == text)
}

#[test]
fn coordinates_follow_the_notation_not_the_piece_labels() {
    let mut h = harness(app_in(&settings_dir("coordinates")));
    // Kanji pieces, Western notation: ranks a to i, as the moves read (P-7f).
    assert!(painted(&h, "f") && !painted(&h, "六"));
    click(&mut h, "Letters");
    click(&mut h, "Japanese");
    // Letter pieces, Japanese notation: ranks 一 to 九, as the moves read (▲７六歩).
    assert!(painted(&h, "六") && !painted(&h, "f"));
}

/// The app with every viewport command it sent, frame by frame.
struct Recorded {
    app: KomadaiApp,
    commands: Vec<Vec<ViewportCommand>>,
}

fn recorded(test: &str) -> Harness<'static, Recorded> {
    let state = Recorded {
        app: app_in(&settings_dir(test)),
        commands: Vec::new(),
    };
    Harness::builder()
        .with_size(LARGE)
        .with_max_steps(50)
        .build_ui_state(
            |ui, state: &mut Recorded| {
                state.app.show(ui);
                let sent = ui.ctx().viewport(|v| v.commands.clone());
                state.commands.push(sent);
            },
            state,
        )
}

#[test]
fn the_window_asks_for_the_keyboard_focus_when_it_opens() {
    let h = recorded("focus");
    let first = &h.state().commands[0];
    assert!(first.contains(&ViewportCommand::Focus), "{first:?}");
}

#[test]
fn the_game_menu_starts_a_new_game_and_quits() {
    let mut h = recorded("menu");
    h.get_by_label("Game").click();
    h.run_ok();
    h.get_by_label("New game…").click();
    h.run_ok();
    assert!(h.query_by_label("Start").is_some(), "the new-game dialog");
    h.get_by_label("Cancel").click();
    h.run_ok();
    h.get_by_label("Game").click();
    h.run_ok();
    h.get_by_label("Quit").click();
    h.run_ok();
    let sent: Vec<_> = h.state().commands.iter().flatten().collect();
    assert!(sent.contains(&&ViewportCommand::Close), "{sent:?}");
}
