//! Playing the AI as a person would: clicks on squares and hand pieces, by accessible label.

use crate::gui_support;

use egui_kittest::kittest::Queryable;
use gui_support::{
    app_in, assert_the_ai_moved_first_for_gote, by_test_name, click, harness, harness_from,
    settings_dir, wait_for_ai, wait_for_hint,
};
use komadai::rules::{Color, Piece, PieceKind, Square};

fn sq(name: &str) -> Square {
    Square::parse(name).expect("test squares are valid")
}

#[test]
fn pawn_move_shows_in_the_move_list_and_the_ai_replies() {
    let mut h = harness(app_in(&settings_dir("pawn-move")));
    click(&mut h, "square 7g");
    click(&mut h, "square 7f");
    assert!(
        h.state().move_lines()[0].ends_with("P-7f"),
        "{:?}",
        h.state().move_lines()
    );
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().ply(), 2);
    assert_eq!(h.state().move_lines().len(), 2);
    assert_eq!(h.state().game().position().side_to_move(), Color::Sente);
    assert!(h.query_by_label_contains("P-7f").is_some());
}

#[test]
fn new_game_as_gote_lets_the_ai_move_first_and_turns_the_board() {
    let mut h = harness(app_in(&settings_dir("new-game-gote")));
    click(&mut h, "New game");
    click(&mut h, "☖ Gote (second)");
    click(&mut h, "Start");
    assert_the_ai_moved_first_for_gote(&mut h);
}

#[test]
fn captured_piece_lands_on_the_players_hand_stand() {
    let mut h = harness_from("capture", "4k4/9/9/9/4p4/4P4/9/9/4K4 b - 1");
    assert!(by_test_name(&h, "hand Sente P").is_none());
    click(&mut h, "square 5f");
    click(&mut h, "square 5e");
    wait_for_ai(&mut h);
    assert_eq!(
        h.state()
            .game()
            .position()
            .hand(Color::Sente)
            .count(PieceKind::Pawn),
        1
    );
    assert!(by_test_name(&h, "hand Sente P").is_some());
}

#[test]
fn piece_in_hand_drops_from_the_stand() {
    let mut h = harness_from("drop", "4k4/9/9/9/9/9/9/9/4K4 b P 1");
    click(&mut h, "hand Sente P");
    click(&mut h, "square 5e");
    let piece = h
        .state()
        .game()
        .position_after(1)
        .and_then(|p| p.piece_at(sq("5e")));
    assert_eq!(piece, Some(Piece::new(Color::Sente, PieceKind::Pawn)));
    assert!(h.state().move_lines()[0].ends_with("P*5e"));
}

#[test]
fn illegal_drop_on_a_pawn_file_says_nifu() {
    let mut h = harness_from("nifu", "4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    click(&mut h, "hand Sente P");
    click(&mut h, "square 5e");
    assert_eq!(h.state().game().ply(), 0);
    let message = h.state().message().unwrap_or_default().to_owned();
    assert!(message.starts_with("Nifu"), "{message}");
    assert!(h.query_by_label_contains("Nifu").is_some());
}

#[test]
fn pawn_asked_to_jump_two_squares_says_it_does_not_move_that_way() {
    let mut h = harness(app_in(&settings_dir("wrong-way")));
    click(&mut h, "square 7g");
    click(&mut h, "square 7e");
    assert_eq!(h.state().game().ply(), 0);
    assert!(
        h.query_by_label_contains("does not move that way")
            .is_some()
    );
}

#[test]
fn escape_puts_the_picked_up_piece_down() {
    let mut h = harness(app_in(&settings_dir("escape")));
    click(&mut h, "square 7g");
    assert_ne!(
        h.state().selection(),
        komadai::gui::board::selection::Selection::None
    );
    h.key_press(egui::Key::Escape);
    gui_support::settle(&mut h);
    assert_eq!(
        h.state().selection(),
        komadai::gui::board::selection::Selection::None
    );
}

#[test]
fn new_game_from_a_pasted_sfen_starts_there() {
    let mut h = harness(app_in(&settings_dir("new-game-sfen")));
    click(&mut h, "New game");
    let sfen = "4k4/9/9/9/9/9/9/9/4K4 b G 1";
    type_sfen(&mut h, sfen);
    click(&mut h, "Start");
    assert_eq!(h.state().game().start().to_sfen(), sfen);
}

#[test]
fn new_game_from_a_bad_sfen_says_why_and_keeps_the_game() {
    let mut h = harness(app_in(&settings_dir("new-game-bad-sfen")));
    click(&mut h, "New game");
    type_sfen(&mut h, "not a position");
    click(&mut h, "Start");
    assert!(h.query_by_label_contains("cannot be used").is_some());
    assert_eq!(
        h.state().game().start().to_sfen(),
        komadai::rules::START_SFEN
    );
}

fn type_sfen(h: &mut egui_kittest::Harness<'_, komadai::gui::KomadaiApp>, sfen: &str) {
    h.get_by_role(egui::accesskit::Role::TextInput).focus();
    gui_support::settle(h);
    h.get_by_role(egui::accesskit::Role::TextInput)
        .type_text(sfen);
    gui_support::settle(h);
}

#[test]
fn dragging_a_pawn_to_its_square_plays_it() {
    let mut h = harness(app_in(&settings_dir("drag")));
    let from = by_test_name(&h, "square 7g")
        .expect("on the board")
        .rect()
        .center();
    let to = by_test_name(&h, "square 7f")
        .expect("on the board")
        .rect()
        .center();
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for i in 1..=5 {
        h.hover_at(from + (to - from) * (i as f32 / 5.0));
        h.step();
    }
    h.drop_at(to);
    gui_support::settle(&mut h);
    assert!(
        h.state()
            .move_lines()
            .first()
            .is_some_and(|m| m.ends_with("P-7f")),
        "{:?}",
        h.state().move_lines()
    );
}

#[test]
fn dragging_a_hand_piece_onto_the_board_drops_it() {
    let mut h = harness_from("drag-drop", "4k4/9/9/9/9/9/9/9/4K4 b G 1");
    let from = by_test_name(&h, "hand Sente G")
        .expect("on the board")
        .rect()
        .center();
    let to = by_test_name(&h, "square 5b")
        .expect("on the board")
        .rect()
        .center();
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for i in 1..=5 {
        h.hover_at(from + (to - from) * (i as f32 / 5.0));
        h.step();
    }
    h.drop_at(to);
    gui_support::settle(&mut h);
    assert!(
        h.state()
            .move_lines()
            .first()
            .is_some_and(|m| m.ends_with("G*5b")),
        "{:?}",
        h.state().move_lines()
    );
}

#[test]
fn new_game_while_the_ai_thinks_discards_its_answer() {
    let mut h = harness(app_in(&settings_dir("new-game-stops-ai")));
    click(&mut h, "New game");
    click(&mut h, "☖ Gote (second)");
    click(&mut h, "Start");
    click(&mut h, "New game");
    click(&mut h, "☗ Sente (first)");
    click(&mut h, "Start");
    for _ in 0..20 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(h.state().player(), Color::Sente);
    assert_eq!(h.state().game().ply(), 0);
    assert!(!h.state().is_thinking());
}

#[test]
fn hint_suggests_a_legal_move_for_the_player() {
    let mut h = harness(app_in(&settings_dir("hint")));
    click(&mut h, "Hint");
    let hint = wait_for_hint(&mut h);
    assert!(h.state().game().position().is_legal(hint));
    click(&mut h, "square 7g");
    click(&mut h, "square 7f");
    assert_eq!(h.state().hint(), None, "a move makes the hint stale");
}

#[test]
fn clicking_a_move_in_the_list_shows_the_position_after_it_read_only() {
    let mut h = harness(app_in(&settings_dir("view-back")));
    click(&mut h, "square 7g");
    click(&mut h, "square 7f");
    wait_for_ai(&mut h);
    h.get_by_label_contains("P-7f").click();
    gui_support::settle(&mut h);
    assert_eq!(h.state().viewing(), Some(1));
    click(&mut h, "square 3g");
    assert_eq!(
        h.state().selection(),
        komadai::gui::board::selection::Selection::None,
        "read-only"
    );
    assert_eq!(
        h.state().message_kind(),
        Some(komadai::gui::panels::message::MessageKind::Warning),
        "the read-only note is a warning (amber)"
    );
    click(&mut h, "Back to the game");
    assert_eq!(h.state().viewing(), None);
    assert_eq!(h.state().game().ply(), 2);
}

#[test]
fn the_move_list_ends_with_how_the_game_ended_in_its_notation() {
    let mut h = harness(gui_support::app_after("list-ending", "7g7f 3c3d"));
    click(&mut h, "Resign");
    click(&mut h, "Yes, resign");
    assert!(h.query_by_label_contains("3. ☗ resigns").is_some());
    click(&mut h, "Japanese");
    assert!(h.query_by_label_contains("3. ▲投了").is_some());
}
