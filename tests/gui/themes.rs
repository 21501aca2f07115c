//! The board's and the pieces' looks, chosen in the View menu and kept in the settings, and
//! the letters that stay upright on the far side's pieces.

use crate::gui_support;

use egui::{Color32, Shape};
use egui_kittest::Harness;
use gui_support::{app_in, click, harness, settings_dir};
use komadai::gui::KomadaiApp;
use komadai::gui::storage::settings::{BoardStyle, PieceSet};
use komadai::gui::theme;

/// Every shape the last frame painted, nested ones taken out of their lists.
fn painted(h: &Harness<'_, KomadaiApp>) -> Vec<Shape> {
    fn flatten(shape: &Shape, out: &mut Vec<Shape>) {
        match shape {
            Shape::Vec(shapes) => shapes.iter().for_each(|s| flatten(s, out)),
            other => out.push(other.clone()),
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        flatten(&clipped.shape, &mut out);
    }
    out
}

fn rect_fills(h: &Harness<'_, KomadaiApp>) -> Vec<Color32> {
    painted(h)
        .iter()
        .filter_map(|s| match s {
            Shape::Rect(rect) => Some(rect.fill),
            _ => None,
        })
        .collect()
}

/// The tiles' fills: the pieces are the painted pentagons.
fn tile_fills(h: &Harness<'_, KomadaiApp>) -> Vec<Color32> {
    painted(h)
        .iter()
        .filter_map(|s| match s {
            Shape::Path(path) if path.points.len() == 5 && path.closed => Some(path.fill),
            _ => None,
        })
        .collect()
}

/// Each painted label `text`: its font size and the angle it is turned by.
fn labels(h: &Harness<'_, KomadaiApp>, text: &str) -> Vec<(f32, f32)> {
    painted(h)
        .iter()
        .filter_map(|s| match s {
            Shape::Text(t) if t.galley.text() == text => {
                let size = t.galley.job.sections.first()?.format.font_id.size;
                Some((size, t.angle))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn the_view_menu_switches_the_board_and_the_pieces_and_they_are_kept() {
    let dir = settings_dir("themes");
    let mut h = harness(app_in(&dir));
    let wood = theme::board(BoardStyle::Wood).board;
    let green = theme::board(BoardStyle::Green).board;
    assert!(rect_fills(&h).contains(&wood));
    assert!(!rect_fills(&h).contains(&green));
    let classic_pawn = labels(&h, "歩");
    assert_eq!(classic_pawn.len(), 18, "{classic_pawn:?}");
    assert!(!tile_fills(&h).contains(&Color32::WHITE));

    click(&mut h, "View");
    click(&mut h, "Green");
    assert_eq!(h.state().settings().board, BoardStyle::Green);
    assert!(rect_fills(&h).contains(&green));
    assert!(!rect_fills(&h).contains(&wood));

    click(&mut h, "View");
    click(&mut h, "Large, high contrast");
    assert_eq!(h.state().settings().pieces, PieceSet::Bold);
    let tiles = tile_fills(&h);
    assert!(tiles.len() >= 40, "every piece is a tile: {}", tiles.len());
    assert!(tiles.iter().all(|&fill| fill == Color32::WHITE));
    let bold_pawn = labels(&h, "歩");
    let biggest = |list: &[(f32, f32)]| list.iter().map(|l| l.0).fold(0.0, f32::max);
    assert!(
        biggest(&bold_pawn) > biggest(&classic_pawn) * 1.15,
        "{bold_pawn:?} against {classic_pawn:?}"
    );
    drop(h);

    let again = app_in(&dir);
    assert_eq!(
        (again.settings().board, again.settings().pieces),
        (BoardStyle::Green, PieceSet::Bold)
    );
}

#[test]
fn letters_stay_upright_on_the_far_sides_pieces_which_are_underlined() {
    let mut h = harness(app_in(&settings_dir("upright-letters")));
    let underlines = |h: &Harness<'_, KomadaiApp>| {
        painted(h)
            .iter()
            .filter(|s| matches!(s, Shape::LineSegment { stroke, .. } if stroke.color == theme::pieces(PieceSet::Classic).ink))
            .count()
    };
    assert_eq!(underlines(&h), 0, "no underline under kanji");
    click(&mut h, "Letters");
    let pawns = labels(&h, "P");
    // Each letter is struck twice to make it heavier: 18 pawns, two strikes each.
    assert_eq!(pawns.len(), 36, "{pawns:?}");
    assert!(
        pawns.iter().all(|&(_, angle)| angle == 0.0),
        "a turned P reads as a d: {pawns:?}"
    );
    // The far side's twenty pieces are told apart by a bar under their letters.
    assert_eq!(underlines(&h), 20);
    // Kanji still turn with the far side's tiles, as on a real board.
    click(&mut h, "Kanji");
    let turned = labels(&h, "歩")
        .iter()
        .filter(|&&(_, angle)| angle != 0.0)
        .count();
    assert_eq!(turned, 9);
}
