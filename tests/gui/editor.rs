//! The position editor as a player uses it: pieces from the box onto the board and into the
//! hands, every reason an unplayable setup is refused, a game from the edited position as
//! either side, and the setup copied as SFEN.

use crate::gui_support;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_support::{
    app_in, assert_the_ai_moved_first_for_gote, by_test_name, click, harness, settings_dir,
    wait_for_ai,
};
use komadai::gui::KomadaiApp;
use komadai::gui::intent::Intent;
use komadai::i18n::{self, Language};
use komadai::rules::{Color, Piece, PieceKind, Square};

fn sq(name: &str) -> Square {
    Square::parse(name).expect("test squares are valid")
}

fn editor_on_empty_board(test: &str) -> Harness<'static, KomadaiApp> {
    let mut h = harness(app_in(&settings_dir(test)));
    click(&mut h, "Game");
    click(&mut h, "Edit position…");
    click(&mut h, "Clear board");
    h
}

fn piece_at(h: &Harness<'_, KomadaiApp>, name: &str) -> Option<Piece> {
    h.state()
        .editor()
        .expect("the editor is open")
        .setup
        .piece_at(sq(name))
}

/// Both kings and a Sente gold, put down with clicks: 5i, 5a and 5b.
fn place_kings_and_gold(h: &mut Harness<'_, KomadaiApp>) {
    click(h, "box Sente K");
    click(h, "editor square 5i");
    click(h, "box Gote K");
    click(h, "editor square 5a");
    click(h, "box Sente G");
    click(h, "editor square 4c");
    click(h, "box Sente G");
}

#[test]
fn pieces_from_the_box_go_onto_the_board_and_into_the_hands() {
    let mut h = editor_on_empty_board("editor-place");
    assert!(
        h.state()
            .editor()
            .is_some_and(|e| e.setup.board.iter().all(Option::is_none))
    );
    click(&mut h, "box Sente P");
    click(&mut h, "editor square 7g");
    click(&mut h, "editor square 6g");
    assert_eq!(
        piece_at(&h, "7g"),
        Some(Piece::new(Color::Sente, PieceKind::Pawn))
    );
    assert_eq!(
        piece_at(&h, "6g"),
        Some(Piece::new(Color::Sente, PieceKind::Pawn))
    );
    click(&mut h, "box Sente P");
    // A click on a piece lifts it, the next puts it down elsewhere.
    click(&mut h, "editor square 6g");
    click(&mut h, "editor square 6e");
    assert_eq!(piece_at(&h, "6g"), None);
    assert_eq!(
        piece_at(&h, "6e"),
        Some(Piece::new(Color::Sente, PieceKind::Pawn))
    );
    // A right-click promotes, the next turns the piece to Gote.
    h.get_by_label("editor square 6e").click_secondary();
    gui_support::settle(&mut h);
    assert_eq!(
        piece_at(&h, "6e"),
        Some(Piece::new(Color::Sente, PieceKind::Tokin))
    );
    h.get_by_label("editor square 6e").click_secondary();
    gui_support::settle(&mut h);
    assert_eq!(
        piece_at(&h, "6e"),
        Some(Piece::new(Color::Gote, PieceKind::Pawn))
    );
    click(&mut h, "Gote hand B +");
    click(&mut h, "Gote hand B +");
    click(&mut h, "Gote hand B −");
    let setup = h.state().editor().expect("open").setup;
    assert_eq!(setup.hands[Color::Gote].count(PieceKind::Bishop), 1);
    click(&mut h, "Gote");
    assert_eq!(
        h.state().editor().expect("open").setup.side_to_move,
        Color::Gote
    );
}

#[test]
fn an_unplayable_setup_is_refused_with_each_reason_shown() {
    let mut h = editor_on_empty_board("editor-refused");
    // Two Sente kings, no Gote king, two Sente pawns on file 5, a lance on its last rank.
    for (kind, squares) in [
        ("K", &["5i", "1i"][..]),
        ("P", &["5e", "5g"][..]),
        ("L", &["9a"][..]),
    ] {
        click(&mut h, &format!("box Sente {kind}"));
        for square in squares {
            click(&mut h, &format!("editor square {square}"));
        }
    }
    click(&mut h, "Play as ☗ Sente");
    assert!(h.state().editor().is_some(), "the editor stays open");
    let t = Language::English.strings();
    assert_eq!(h.state().message(), Some(t.editor_refused));
    let setup = h.state().editor().expect("open").setup;
    let problems = setup.problems();
    assert_eq!(problems.len(), 4, "{problems:?}");
    for problem in &problems {
        let reason = i18n::setup_problem(Language::English, problem);
        assert!(
            h.query_by_label_contains(&reason).is_some(),
            "not shown: {reason}"
        );
    }
    assert!(h.query_by_label_contains("Sente has 2 kings;").is_some());
    // The same refusal for saving.
    click(&mut h, "Save…");
    assert_eq!(h.state().message(), Some(t.editor_refused));
}

#[test]
fn a_game_starts_from_the_edited_position_as_sente() {
    let mut h = editor_on_empty_board("editor-play-sente");
    place_kings_and_gold(&mut h);
    click(&mut h, "Sente hand R +");
    click(&mut h, "Play as ☗ Sente");
    assert!(h.state().editor().is_none());
    assert_eq!(h.state().player(), Color::Sente);
    let position = h.state().game().position();
    assert_eq!(position.to_sfen(), "4k4/9/5G3/9/9/9/9/9/4K4 b R 1");
    click(&mut h, "hand Sente R");
    click(&mut h, "square 5c");
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().ply(), 2);
}

#[test]
fn a_game_starts_from_the_edited_position_as_gote_with_the_ai_to_move() {
    let mut h = editor_on_empty_board("editor-play-gote");
    place_kings_and_gold(&mut h);
    click(&mut h, "Play as ☖ Gote");
    assert_the_ai_moved_first_for_gote(&mut h);
}

#[test]
fn the_setup_is_copied_as_sfen_playable_or_not() {
    let mut h = editor_on_empty_board("editor-copy");
    click(&mut h, "box Gote K");
    click(&mut h, "editor square 5a");
    // The copy goes out with the frame that applies the click.
    h.get_by_label("Copy SFEN").click();
    h.step();
    let copied: Vec<String> = h
        .output()
        .platform_output
        .commands
        .iter()
        .filter_map(|c| match c {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(copied, ["4k4/9/9/9/9/9/9/9/9 b - 1"]);
    assert_eq!(
        h.state().message(),
        Some(Language::English.strings().editor_sfen_copied)
    );
}

#[test]
fn a_handicap_layout_and_the_start_position_replace_the_board() {
    let mut h = editor_on_empty_board("editor-handicap");
    h.state_mut()
        .apply(Intent::Edit(komadai::gui::editor::Edit::Handicap(
            komadai::rules::Handicap::TwoPieces,
        )));
    gui_support::settle(&mut h);
    assert_eq!(piece_at(&h, "2b"), None);
    assert_eq!(piece_at(&h, "8b"), None);
    assert_eq!(
        piece_at(&h, "2h"),
        Some(Piece::new(Color::Sente, PieceKind::Rook))
    );
    click(&mut h, "Start position");
    assert_eq!(
        piece_at(&h, "2b"),
        Some(Piece::new(Color::Gote, PieceKind::Bishop))
    );
}

/// Drags with the mouse from the widget labelled `from` to the point `to`.
fn drag(h: &mut Harness<'static, KomadaiApp>, from: &str, to: egui::Pos2) {
    let from = h.get_by_label(from).rect().center();
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for i in 1..=5 {
        h.hover_at(from + (to - from) * (i as f32 / 5.0));
        h.step();
    }
    h.drop_at(to);
    gui_support::settle(h);
}

#[test]
fn pieces_are_dragged_from_the_box_across_the_board_and_off_it() {
    let mut h = editor_on_empty_board("editor-drag");
    let square = |h: &Harness<'static, KomadaiApp>, name: &str| {
        h.get_by_label(&format!("editor square {name}"))
            .rect()
            .center()
    };
    let to = square(&h, "5e");
    drag(&mut h, "box Gote S", to);
    assert_eq!(
        piece_at(&h, "5e"),
        Some(Piece::new(Color::Gote, PieceKind::Silver))
    );
    let to = square(&h, "3c");
    drag(&mut h, "editor square 5e", to);
    assert_eq!(piece_at(&h, "5e"), None);
    assert_eq!(
        piece_at(&h, "3c"),
        Some(Piece::new(Color::Gote, PieceKind::Silver))
    );
    // Onto a hand: one more of that kind in it.
    let to = h.get_by_label("Sente hand B +").rect().center();
    drag(&mut h, "box Gote B", to);
    let hands = h.state().editor().expect("open").setup.hands;
    assert_eq!(hands[Color::Sente].count(PieceKind::Bishop), 1);
    // Off the board: back into the box.
    drag(&mut h, "editor square 3c", egui::pos2(5.0, 5.0));
    assert_eq!(piece_at(&h, "3c"), None);
}

#[test]
fn every_problem_of_the_setup_is_in_sight_above_the_board() {
    let mut h = harness(app_in(&settings_dir("editor-five-lines")));
    apply_open_editor(&mut h);
    for (kind, square) in [
        ("K", "5e"),
        ("P", "1a"),
        ("P", "5d"),
        ("L", "9a"),
        ("N", "8b"),
    ] {
        click(&mut h, &format!("box Sente {kind}"));
        click(&mut h, &format!("editor square {square}"));
    }
    let setup = h.state().editor().expect("open").setup;
    let problems = setup.problems();
    assert!(problems.len() >= 3, "{problems:?}");
    let board_top = h.get_by_label("editor square 9a").rect().top();
    for problem in &problems {
        let reason = i18n::setup_problem(Language::English, problem);
        let line = h.get_by_label_contains(&reason).rect();
        assert!(
            line.bottom() <= board_top,
            "{reason} is below the list's visible part ({line:?}, board at {board_top})"
        );
    }
}

fn apply_open_editor(h: &mut Harness<'_, KomadaiApp>) {
    h.state_mut().apply(Intent::OpenEditor);
    gui_support::settle(h);
}

#[test]
fn the_editors_board_is_near_the_games_size_and_has_coordinates() {
    let mut h = harness(app_in(&settings_dir("editor-size")));
    let in_play = by_test_name(&h, "square 5e")
        .expect("on the board")
        .rect()
        .width();
    apply_open_editor(&mut h);
    let in_editor = h.get_by_label("editor square 5e").rect().width();
    assert!(
        in_editor >= 0.75 * in_play,
        "the editor's squares are {in_editor} points wide, the game's {in_play}"
    );
    let texts: Vec<String> = gui_support::painted_texts(&h)
        .into_iter()
        .map(|(t, _)| t)
        .collect();
    for label in ["1", "5", "9", "a", "e", "i"] {
        assert!(texts.iter().any(|t| t == label), "coordinate {label}");
    }
}
