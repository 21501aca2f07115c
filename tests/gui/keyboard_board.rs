//! The board without the mouse and for a screen reader: B (or Tab) puts the keyboard on the
//! board, the arrows move its cursor over the squares and onto the stands, Enter picks up
//! and puts down, the promotion prompt answers to keys; every square and stand is named in
//! the interface's language, and the moves, check and the result are announced.

use crate::gui_support;

use egui::Key;
use egui::accesskit::Live;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use gui_support::{click, harness, harness_from, paste, settings_dir, settle};
use komadai::gui::KomadaiApp;
use komadai::rules::{Color, Move, PieceKind, Square};

fn press(h: &mut Harness<'_, KomadaiApp>, key: Key) {
    h.key_press(key);
    settle(h);
}

fn presses(h: &mut Harness<'_, KomadaiApp>, key: Key, count: usize) {
    for _ in 0..count {
        press(h, key);
    }
}

fn sq(name: &str) -> Square {
    Square::parse(name).expect("test squares are valid")
}

/// The piece kind and side on a square of the game's position now.
fn on(h: &Harness<'_, KomadaiApp>, square: &str) -> Option<(Color, PieceKind)> {
    let piece = h.state().game().position().piece_at(sq(square))?;
    Some((piece.color, piece.kind))
}

/// The test name ("square 7g") of the widget holding the keyboard focus.
fn focused(h: &Harness<'_, KomadaiApp>) -> Option<String> {
    h.query_by(|node| node.is_focused())
        .and_then(|node| node.accesskit_node().author_id().map(str::to_owned))
}

/// The live regions' words now: what a screen reader was last told.
fn announced(h: &Harness<'_, KomadaiApp>) -> Vec<(String, Live)> {
    h.query_all_by(|node| node.live() != Live::Off)
        .filter_map(|node| {
            let node = node.accesskit_node();
            Some((node.label()?, node.live()))
        })
        .collect()
}

#[test]
fn every_square_and_both_stands_are_named_for_a_screen_reader() {
    let mut h = harness_from("a11y-names", komadai::rules::START_SFEN);
    let squares: Vec<String> = h
        .query_all_by(|node| node.author_id().is_some_and(|id| id.starts_with("square ")))
        .filter_map(|node| node.accesskit_node().label())
        .collect();
    assert_eq!(squares.len(), 81, "{squares:?}");
    assert!(h.query_by_label("7g, Sente pawn").is_some());
    assert!(h.query_by_label("5a, Gote king").is_some());
    assert!(h.query_by_label("5e, empty").is_some());
    assert!(h.query_by_label("Sente's hand: empty").is_some());
    assert!(h.query_by_label("Gote's hand: empty").is_some());
    click(&mut h, "日本語");
    assert!(h.query_by_label("７七、先手の歩").is_some());
    assert!(h.query_by_label("５一、後手の玉").is_some());
    assert!(h.query_by_label("５五、空き").is_some());
    assert!(h.query_by_label("先手の持ち駒：なし").is_some());
    assert!(h.query_by_label("将棋盤").is_some());
}

#[test]
fn the_names_follow_a_move_made_on_the_board() {
    let mut h = harness_from("a11y-names-change", komadai::rules::START_SFEN);
    click(&mut h, "square 7g");
    click(&mut h, "square 7f");
    assert_eq!(on(&h, "7f"), Some((Color::Sente, PieceKind::Pawn)));
    assert!(h.query_by_label("7f, Sente pawn").is_some());
    assert!(h.query_by_label("7g, empty").is_some());
    assert!(h.query_by_label("7g, Sente pawn").is_none());
}

#[test]
fn the_cursor_walks_to_a_pawn_and_enter_plays_it() {
    let mut h = harness_from("a11y-cursor-move", komadai::rules::START_SFEN);
    press(&mut h, Key::B);
    assert_eq!(
        focused(&h).as_deref(),
        Some("square 5e"),
        "B: the board's middle"
    );
    presses(&mut h, Key::ArrowLeft, 2);
    presses(&mut h, Key::ArrowDown, 2);
    assert_eq!(focused(&h).as_deref(), Some("square 7g"));
    press(&mut h, Key::Enter);
    assert_eq!(
        h.state().selection(),
        komadai::gui::board::selection::Selection::Square(sq("7g")),
        "Enter picks the pawn up"
    );
    press(&mut h, Key::ArrowUp);
    press(&mut h, Key::Enter);
    assert_eq!(
        h.state().game().moves().first().copied(),
        Move::from_usi("7g7f").ok()
    );
    assert_eq!(
        focused(&h).as_deref(),
        Some("square 7f"),
        "the cursor stays"
    );
    assert!(
        announced(&h)
            .iter()
            .any(|(words, _)| words == "Sente: pawn 7g to 7f" || words.starts_with("Gote: ")),
        "{:?}",
        announced(&h)
    );
}

#[test]
fn the_promotion_prompt_answers_to_n_and_to_y() {
    for (key, kind) in [(Key::N, PieceKind::Pawn), (Key::Y, PieceKind::Tokin)] {
        let mut h = harness_from("a11y-promotion", "4k4/9/9/P8/9/9/9/9/4K4 b - 1");
        press(&mut h, Key::B);
        presses(&mut h, Key::ArrowLeft, 4);
        press(&mut h, Key::ArrowUp);
        assert_eq!(focused(&h).as_deref(), Some("square 9d"));
        press(&mut h, Key::Enter);
        press(&mut h, Key::ArrowUp);
        press(&mut h, Key::Enter);
        assert!(h.query_by_label("Promote").is_some(), "the prompt is up");
        press(&mut h, key);
        assert_eq!(
            h.state()
                .game()
                .position_after(1)
                .and_then(|p| p.piece_at(sq("9c")))
                .map(|p| p.kind),
            Some(kind),
            "{key:?}"
        );
    }
}

#[test]
fn enter_answers_the_prompt_with_promote_in_japanese_too() {
    let mut h = harness_from("a11y-promotion-enter", "4k4/9/9/P8/9/9/9/9/4K4 b - 1");
    click(&mut h, "日本語");
    press(&mut h, Key::B);
    presses(&mut h, Key::ArrowLeft, 4);
    press(&mut h, Key::ArrowUp);
    press(&mut h, Key::Enter);
    press(&mut h, Key::ArrowUp);
    press(&mut h, Key::Enter);
    assert!(h.query_by_label("成る").is_some(), "the prompt is up");
    assert!(h.query_by_label("キー：Y 成る・N 成らない").is_some());
    press(&mut h, Key::Enter);
    assert_eq!(
        h.state()
            .game()
            .position_after(1)
            .and_then(|p| p.piece_at(sq("9c")))
            .map(|p| p.kind),
        Some(PieceKind::Tokin)
    );
}

#[test]
fn the_cursor_reaches_the_stand_and_drops_a_piece() {
    let mut h = harness_from("a11y-drop", "4k4/9/9/9/9/9/9/9/4K4 b P 1");
    press(&mut h, Key::B);
    presses(&mut h, Key::ArrowRight, 4);
    assert_eq!(focused(&h).as_deref(), Some("square 1e"));
    press(&mut h, Key::ArrowRight);
    assert_eq!(
        focused(&h).as_deref(),
        Some("hand Sente P"),
        "off the edge: the stand"
    );
    assert!(h.query_by_label("Sente's hand, pawn: 1").is_some());
    press(&mut h, Key::Enter);
    press(&mut h, Key::ArrowLeft);
    let back = focused(&h).unwrap_or_default();
    assert!(
        back.starts_with("square 1"),
        "back on the board beside the stand: {back}"
    );
    // Walk to 5e from wherever the stand led back to.
    presses(&mut h, Key::ArrowLeft, 4);
    presses(&mut h, Key::ArrowUp, 8);
    presses(&mut h, Key::ArrowDown, 4);
    assert_eq!(focused(&h).as_deref(), Some("square 5e"));
    press(&mut h, Key::Enter);
    assert_eq!(
        on(&h, "5e"),
        Some((Color::Sente, PieceKind::Pawn)),
        "dropped"
    );
}

#[test]
fn the_arrows_step_the_replay_unless_the_board_has_the_keyboard() {
    let mut app = gui_support::app_in(&settings_dir("a11y-replay-arrows"));
    paste(&mut app, "position startpos moves 7g7f 3c3d 2g2f").expect("a legal game");
    let mut h = harness(app);
    let shown = |h: &Harness<'_, KomadaiApp>| h.state().viewing().unwrap_or(3);
    press(&mut h, Key::B);
    press(&mut h, Key::ArrowLeft);
    assert_eq!(shown(&h), 3, "the cursor moved, not the replay");
    assert_eq!(focused(&h).as_deref(), Some("square 6e"));
    press(&mut h, Key::Escape);
    assert_eq!(
        focused(&h),
        None,
        "Esc with nothing picked up leaves the board"
    );
    press(&mut h, Key::ArrowLeft);
    assert_eq!(shown(&h), 2, "the arrows step the replay again");
    assert!(
        announced(&h)
            .iter()
            .any(|(words, _)| words == "Gote: pawn 3c to 3d"),
        "stepping back reads the move shown: {:?}",
        announced(&h)
    );
}

#[test]
fn check_and_the_result_are_announced_at_once() {
    let mut h = harness_from("a11y-mate", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    click(&mut h, "hand Sente G");
    click(&mut h, "square 5b");
    let said = announced(&h);
    assert!(
        said.iter().any(|(words, live)| *live == Live::Assertive
            && words.starts_with("Sente: gold dropped on 5b. Check! ")
            && words.len() > "Sente: gold dropped on 5b. Check! ".len()),
        "{said:?}"
    );
    click(&mut h, "日本語");
    let said = announced(&h);
    assert!(
        said.iter()
            .any(|(words, _)| words.starts_with("先手、５二金打。王手！")),
        "{said:?}"
    );
}

#[test]
fn tab_enters_the_board_at_the_cursor_and_leaves_it() {
    let mut h = harness_from("a11y-tab", komadai::rules::START_SFEN);
    press(&mut h, Key::B);
    press(&mut h, Key::ArrowUp);
    assert_eq!(focused(&h).as_deref(), Some("square 5d"));
    press(&mut h, Key::Tab);
    assert_ne!(
        focused(&h).as_deref(),
        Some("square 5d"),
        "Tab leaves the board"
    );
    assert!(
        h.query_by(|node| node.is_focused()).is_some(),
        "and the focus goes on to a widget"
    );
    for _ in 0..200 {
        if focused(&h).is_some_and(|id| id.starts_with("square")) {
            break;
        }
        press(&mut h, Key::Tab);
    }
    assert_eq!(
        focused(&h).as_deref(),
        Some("square 5d"),
        "Tab comes round to the board where the cursor was left"
    );
}

#[test]
fn the_shortcuts_page_lists_the_boards_keys_in_both_languages() {
    let mut h = harness(gui_support::app_in(&settings_dir("a11y-shortcuts")));
    click(&mut h, "Help");
    click(&mut h, "Keyboard shortcuts…");
    for words in [
        "Put the keyboard on the board, at its cursor (or Tab to it)",
        "Move the cursor; past the board's edge, onto the hand there",
        "Pick up the piece under the cursor, or put it down there",
        "Promote, when asked",
        "With nothing picked up, take the keyboard off the board",
        "Wheel over the board",
        "Step back and forward through the moves",
    ] {
        assert!(h.query_by_label(words).is_some(), "the page lists {words}");
    }
    press(&mut h, Key::Escape);
    click(&mut h, "日本語");
    click(&mut h, "ヘルプ");
    click(&mut h, "キーボード操作…");
    for words in [
        "キーボードで盤を操作する（Tab でも入れる）",
        "カーソルの駒を持つ・そのマスに指す",
        "成る（成りを聞かれたとき）",
        "盤上でホイール",
        "棋譜を戻る・進む",
    ] {
        assert!(h.query_by_label(words).is_some(), "the page lists {words}");
    }
}
