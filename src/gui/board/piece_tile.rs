//! A shogi piece drawn as its pentagon tile, pointing at the opponent, with its label and
//! optional move dots.

use crate::gui::board::geometry::readable;
use crate::gui::platform::fonts;
use crate::gui::storage::settings::{BoardStyle, Labels, PieceSet};
use crate::gui::theme;
use crate::rules::{Piece, PieceKind};
use egui::epaint::TextShape;
use egui::{Align2, FontId, Painter, Pos2, Shape, Stroke, Vec2, pos2, vec2};

/// How tiles are labelled, whether they carry move dots, and the look of the pieces and of
/// the board they stand on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileStyle {
    pub labels: Labels,
    pub move_dots: bool,
    pub board: BoardStyle,
    pub pieces: PieceSet,
}

/// The traditional kanji of a piece; the two kings differ (王 for Gote, 玉 for Sente).
pub fn kanji(piece: Piece) -> &'static str {
    crate::rules::notation::tile_kanji(piece)
}

/// The Western label: the letter, with `+` for a promoted piece.
pub fn letters(kind: PieceKind) -> String {
    if kind.is_promoted() {
        format!("+{}", kind.letter())
    } else {
        kind.letter().to_string()
    }
}

/// Bigger pieces are worth more, as on a real set.
fn scale(kind: PieceKind) -> f32 {
    match kind.unpromoted() {
        PieceKind::King => 1.0,
        PieceKind::Rook | PieceKind::Bishop => 0.97,
        PieceKind::Gold | PieceKind::Silver => 0.93,
        PieceKind::Knight => 0.9,
        PieceKind::Lance => 0.88,
        _ => 0.85,
    }
}

/// Draws `piece` centred at `center` in a square cell of side `cell`; `upside_down` turns it
/// to point down the screen (the far side's pieces). Kanji turn with the tile, as on a real
/// board; letters stay upright (a turned P reads as a d) and are underlined instead.
pub fn paint(
    painter: &Painter,
    center: Pos2,
    cell: f32,
    piece: Piece,
    upside_down: bool,
    style: TileStyle,
) {
    let look = theme::pieces(style.pieces);
    let size = cell * scale(piece.kind) * look.tile_scale;
    let turn = if upside_down { -1.0 } else { 1.0 };
    // Local frame: y grows towards the piece's own side, the tip at negative y.
    let at = |x: f32, y: f32| center + vec2(x, y) * size * turn;
    let outline = vec![
        at(0.0, -0.46),
        at(0.33, -0.32),
        at(0.42, 0.44),
        at(-0.42, 0.44),
        at(-0.33, -0.32),
    ];
    painter.add(Shape::convex_polygon(
        outline,
        look.face,
        Stroke::new((cell * look.edge_width).max(1.0), look.edge),
    ));
    if style.move_dots {
        paint_move_dots(painter, piece.kind, &at, size);
    }
    let ink = if piece.kind.is_promoted() {
        look.promoted_ink
    } else {
        look.ink
    };
    let label_size = |share: f32| readable(size * share * look.label_scale);
    let label_at = at(0.0, 0.07);
    match style.labels {
        Labels::Kanji => {
            let font = fonts::kanji(label_size(0.47));
            paint_label(
                painter,
                label_at,
                kanji(piece),
                font,
                ink,
                upside_down,
                look,
            );
        }
        Labels::Letters => {
            let font = FontId::proportional(label_size(0.44));
            let height = font.size;
            paint_label(
                painter,
                label_at,
                &letters(piece.kind),
                font,
                ink,
                false,
                look,
            );
            if upside_down {
                underline(painter, label_at, height, ink);
            }
        }
    }
}

/// The far side's mark in letters: a bar under the upright label.
fn underline(painter: &Painter, label_center: Pos2, height: f32, ink: egui::Color32) {
    let y = label_center.y + height * 0.5;
    let half = height * 0.42;
    painter.line_segment(
        [
            pos2(label_center.x - half, y),
            pos2(label_center.x + half, y),
        ],
        Stroke::new((height * 0.1).max(1.0), ink),
    );
}

fn paint_label(
    painter: &Painter,
    center: Pos2,
    text: &str,
    font: FontId,
    ink: egui::Color32,
    upside_down: bool,
    look: &theme::PieceLook,
) {
    // egui's Latin font has no bold face: letters are struck twice, a hair apart, to stand
    // out like the kanji's bold brush; a heavier set strikes them thrice, wider apart.
    let latin = font.family == egui::FontFamily::Proportional;
    let spread = 0.018 + look.weight;
    let strikes: &[f32] = match (latin, look.weight > 0.0) {
        (true, true) => &[-1.0, 0.0, 1.0],
        (true, false) => &[-1.0, 1.0],
        (false, _) => &[0.0],
    };
    let galley = painter.layout_no_wrap(text.to_owned(), font.clone(), ink);
    let angle = if upside_down {
        std::f32::consts::PI
    } else {
        0.0
    };
    for &side in strikes {
        let dx = side * spread * font.size;
        let pos = center - galley.rect.center().to_vec2() + vec2(dx, 0.0);
        let shape = TextShape::new(pos, galley.clone(), ink);
        painter.add(shape.with_angle_and_anchor(angle, Align2::CENTER_CENTER));
    }
}

/// One way a piece moves, in its own frame (`y = -1` is forward).
#[derive(Clone, Copy)]
struct PieceStep {
    dx: i8,
    dy: i8,
    slides: bool,
}

const fn step(dx: i8, dy: i8) -> PieceStep {
    PieceStep {
        dx,
        dy,
        slides: false,
    }
}

const fn slide(dx: i8, dy: i8) -> PieceStep {
    PieceStep {
        dx,
        dy,
        slides: true,
    }
}

const GOLD: &[PieceStep] = &[
    step(-1, -1),
    step(0, -1),
    step(1, -1),
    step(-1, 0),
    step(1, 0),
    step(0, 1),
];
const ORTHOGONAL: [PieceStep; 4] = [slide(0, -1), slide(1, 0), slide(0, 1), slide(-1, 0)];
const DIAGONAL: [PieceStep; 4] = [slide(-1, -1), slide(1, -1), slide(1, 1), slide(-1, 1)];

/// The directions a piece moves, for its move dots.
fn steps(kind: PieceKind) -> Vec<PieceStep> {
    let as_steps = |list: [PieceStep; 4]| list.map(|s| step(s.dx, s.dy));
    match kind {
        PieceKind::Pawn => vec![step(0, -1)],
        PieceKind::Lance => vec![slide(0, -1)],
        PieceKind::Knight => vec![step(-1, -2), step(1, -2)],
        PieceKind::Silver => vec![
            step(-1, -1),
            step(0, -1),
            step(1, -1),
            step(-1, 1),
            step(1, 1),
        ],
        PieceKind::King => [as_steps(ORTHOGONAL), as_steps(DIAGONAL)].concat(),
        PieceKind::Rook => ORTHOGONAL.to_vec(),
        PieceKind::Bishop => DIAGONAL.to_vec(),
        PieceKind::Dragon => [ORTHOGONAL, as_steps(DIAGONAL)].concat(),
        PieceKind::Horse => [DIAGONAL, as_steps(ORTHOGONAL)].concat(),
        _ => GOLD.to_vec(),
    }
}

/// Small dots near the tile's edge for one-square steps, short bars for sliding directions.
fn paint_move_dots(painter: &Painter, kind: PieceKind, at: &dyn Fn(f32, f32) -> Pos2, size: f32) {
    let radius = (size * 0.032).max(1.0);
    let stroke = Stroke::new((size * 0.04).max(1.0), theme::MOVE_DOT);
    for s in steps(kind) {
        let d = Vec2::new(f32::from(s.dx), f32::from(s.dy.signum()));
        let (x, y) = edge_point(d, s.dy.abs() == 2);
        if s.slides {
            let inner = at(x * 0.82, y * 0.82);
            painter.line_segment([inner, at(x, y)], stroke);
        } else {
            painter.circle_filled(at(x, y), radius, theme::MOVE_DOT);
        }
    }
}

/// Where a direction's mark sits inside the pentagon, clear of the label.
fn edge_point(d: Vec2, knight: bool) -> (f32, f32) {
    if knight {
        return (d.x * 0.2, -0.3);
    }
    let x = d.x * 0.31;
    let y = match d.y {
        y if y < 0.0 && d.x == 0.0 => -0.37,
        y if y < 0.0 => -0.24,
        y if y > 0.0 => 0.38,
        _ => 0.07,
    };
    let x = if d.y == 0.0 { d.x * 0.37 } else { x };
    (x, y)
}
