//! The promotion prompt: asked only when promotion is a choice, and both answers work.

use crate::gui_support;

use egui_kittest::kittest::Queryable;
use gui_support::{by_test_name, click, harness_from};
use komadai::rules::{PieceKind, Square};

fn kind_on(
    h: &egui_kittest::Harness<'_, komadai::gui::KomadaiApp>,
    square: &str,
) -> Option<PieceKind> {
    let sq = Square::parse(square).expect("test squares are valid");
    let after_players_move = h.state().game().position_after(1)?;
    after_players_move.piece_at(sq).map(|p| p.kind)
}

const OPTIONAL: &str = "4k4/9/9/P8/9/9/9/9/4K4 b - 1";

#[test]
fn optional_promotion_asks_and_promote_makes_a_tokin() {
    let mut h = harness_from("promote-yes", OPTIONAL);
    click(&mut h, "square 9d");
    click(&mut h, "square 9c");
    assert_eq!(h.state().game().ply(), 0, "the move waits for the answer");
    assert!(h.query_by_label("Don't promote").is_some());
    click(&mut h, "Promote");
    assert_eq!(kind_on(&h, "9c"), Some(PieceKind::Tokin));
    assert!(h.state().move_lines()[0].ends_with("P-9c+"));
}

#[test]
fn optional_promotion_declined_keeps_the_pawn() {
    let mut h = harness_from("promote-no", OPTIONAL);
    click(&mut h, "square 9d");
    click(&mut h, "square 9c");
    click(&mut h, "Don't promote");
    assert_eq!(kind_on(&h, "9c"), Some(PieceKind::Pawn));
    assert!(h.state().move_lines()[0].ends_with("P-9c="));
}

#[test]
fn cancelling_the_prompt_returns_to_the_selection() {
    let mut h = harness_from("promote-cancel", OPTIONAL);
    click(&mut h, "square 9d");
    click(&mut h, "square 9c");
    h.key_press(egui::Key::Escape);
    gui_support::settle(&mut h);
    assert!(h.query_by_label("Promote").is_none());
    assert_eq!(h.state().game().ply(), 0);
    assert_eq!(
        h.state().selection(),
        komadai::gui::board::selection::Selection::Square(Square::parse("9d").expect("valid"))
    );
}

#[test]
fn forced_promotion_on_the_last_rank_does_not_ask() {
    let mut h = harness_from("promote-forced", "4k4/P8/9/9/9/9/9/9/4K4 b - 1");
    click(&mut h, "square 9b");
    click(&mut h, "square 9a");
    assert!(h.query_by_label("Promote").is_none());
    assert_eq!(kind_on(&h, "9a"), Some(PieceKind::Tokin));
}

#[test]
fn letters_mode_asks_promote_with_the_letters_and_leaves_the_square_in_view() {
    let mut h = harness_from("promote-letters", OPTIONAL);
    click(&mut h, "Letters");
    click(&mut h, "square 9d");
    click(&mut h, "square 9c");
    assert!(h.query_by_label("Promote?").is_some());
    assert!(h.query_by_label("+P").is_some());
    assert!(h.query_by_label("P").is_some());
    assert!(h.query_by_label("成").is_none(), "no kanji in letters mode");
    let square = by_test_name(&h, "square 9c").expect("on the board").rect();
    for answer in ["Promote?", "Promote", "Don't promote", "+P", "P"] {
        let rect = h.get_by_label(answer).rect();
        assert!(!rect.intersects(square), "{answer} covers the square");
    }
}

#[test]
fn kanji_mode_captions_the_answers_with_the_kanji_and_the_word() {
    let mut h = harness_from("promote-kanji", OPTIONAL);
    click(&mut h, "square 9d");
    click(&mut h, "square 9c");
    assert!(h.query_by_label("成").is_some());
    assert!(h.query_by_label("不成").is_some());
    assert!(h.query_by_label("promote").is_some());
}

#[test]
fn the_prompt_covers_no_square_and_neither_name_box() {
    // A pawn promoting on 2c: the prompt used to sit right of it, over 1a-1c and the name box.
    for (test, sfen, from, to) in [
        ("promote-2c", "4k4/9/9/7P1/9/9/9/9/4K4 b - 1", "2d", "2c"),
        ("promote-8c", "4k4/9/9/1P7/9/9/9/9/4K4 b - 1", "8d", "8c"),
    ] {
        let mut h = harness_from(test, sfen);
        click(&mut h, &format!("square {from}"));
        click(&mut h, &format!("square {to}"));
        let prompt = ["Promote?", "Promote", "Don't promote"]
            .map(|label| h.get_by_label(label).rect())
            .into_iter()
            .reduce(|a, b| a.union(b))
            .expect("three rects");
        for sq in Square::all() {
            let square = by_test_name(&h, &format!("square {sq}"))
                .expect("on the board")
                .rect();
            assert!(!prompt.intersects(square), "{test}: covers {sq}");
        }
        for name in ["☗ Sente\n", "☖ Gote\n"] {
            let name_box = h.get_by_label_contains(name).rect();
            assert!(!prompt.intersects(name_box), "{test}: covers {name:?}");
        }
        assert!(
            h.ctx.content_rect().contains_rect(prompt),
            "{test}: on screen"
        );
    }
}
