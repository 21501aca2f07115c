//! A hand stand (komadai): the pieces a side has captured, with counts, in the fixed order
//! R B G S N L P. The far side's stand is drawn upside down, filled from its far edge.

use crate::gui::board::cursor::Cursor;
use crate::gui::board::geometry::readable;
use crate::gui::board::piece_tile::{self, TileStyle};
use crate::gui::theme;
use crate::rules::{Color, Hand, Piece, PieceKind};
use egui::{
    Align2, FontId, Id, Painter, Rect, Response, Sense, Stroke, StrokeKind, Ui, Vec2, WidgetInfo,
    vec2,
};

/// Size of a stand in board cells.
pub const STAND_CELLS: Vec2 = vec2(1.9, 6.6);

/// Which stand: beside the board's top left or its bottom right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stand {
    Top,
    Bottom,
}

/// One side's stand as the board view wants it drawn.
pub struct StandView<'a> {
    pub hand: &'a Hand,
    pub color: Color,
    pub stand: Stand,
    pub style: TileStyle,
    /// The kind picked up from this stand (highlighted).
    pub selected: Option<PieceKind>,
    /// The kind being dragged off this stand (its last piece is not drawn on the stand).
    pub lifted: Option<PieceKind>,
    /// A handicap game: the stand is captioned 上手 (the giver) or 下手.
    pub handicap: bool,
    pub lang: crate::i18n::Language,
    /// The kind a stepped hint says to drop, outlined as the hint outlines a square.
    pub hinted: Option<PieceKind>,
    /// The kind the keyboard's cursor stands on, the one tile of the stand that takes the
    /// focus.
    pub cursor: Option<PieceKind>,
}

/// A tile drawn on a stand, with what the mouse or the keyboard did to it.
pub struct StandTile {
    pub kind: PieceKind,
    pub response: Response,
}

/// Draws a stand, named for a screen reader with all its pieces, and gives each tile a
/// button named for its piece and count ("Sente's hand, pawn: 3"; "hand Sente P" for the
/// tests); returns every tile drawn with its response.
pub fn show(ui: &mut Ui, painter: &Painter, rect: Rect, view: &StandView) -> Vec<StandTile> {
    let StandView {
        hand,
        color,
        stand,
        style,
        selected,
        lifted,
        handicap,
        lang,
        hinted,
        cursor,
    } = *view;
    let stand_id = Id::unique(("stand", color.index()));
    let stand_name = crate::i18n::stand_name(lang, hand, color, handicap);
    ui.interact(rect, stand_id, Sense::hover())
        .widget_info(|| WidgetInfo::labeled(egui::Role::Group, true, &stand_name));
    let cell = rect.width() / STAND_CELLS.x;
    painter.rect_filled(rect, cell * 0.08, theme::STAND_WOOD);
    painter.rect_stroke(
        rect,
        cell * 0.08,
        Stroke::new(1.0, theme::TILE_EDGE),
        StrokeKind::Inside,
    );
    paint_caption(
        painter,
        rect,
        color,
        seat(color, handicap, lang),
        stand,
        cell,
    );
    let mut tiles = Vec::new();
    let kinds = PieceKind::HAND_DISPLAY_ORDER
        .iter()
        .filter(|&&k| hand.count(k) > 0);
    for (row, &kind) in kinds.enumerate() {
        let slot = slot_rect(rect, row, stand, cell);
        let count = hand.count(kind);
        let tile = Rect::from_min_size(slot.min, Vec2::splat(slot.height()));
        if selected == Some(kind) {
            painter.rect_filled(tile, cell * 0.1, theme::SELECTED);
        }
        if hinted == Some(kind) {
            painter.rect_stroke(
                tile,
                cell * 0.1,
                Stroke::new(cell * 0.07, theme::HINT),
                StrokeKind::Inside,
            );
        }
        if !(lifted == Some(kind) && count == 1) {
            let piece = Piece::new(color, kind);
            piece_tile::paint(
                painter,
                tile.center(),
                slot.height(),
                piece,
                stand == Stand::Top,
                style,
            );
        }
        if count > 1 {
            let at = tile.right_center() + vec2(cell * 0.08, 0.0);
            painter.text(
                at,
                Align2::LEFT_CENTER,
                format!("×{count}"),
                FontId::proportional(readable(cell * 0.34)),
                theme::TILE_INK,
            );
        }
        let id = Cursor::Hand(color, kind).id();
        let sense = match cursor == Some(kind) {
            true => Sense::click_and_drag(),
            false => Sense::CLICK | Sense::DRAG,
        };
        let response = ui.interact(slot, id, sense);
        let name = crate::i18n::hand_piece_name(lang, color, kind, count, handicap);
        response.widget_info(|| {
            WidgetInfo::selected(egui::Role::Button, true, selected == Some(kind), &name)
        });
        let test_id = format!("hand {color} {}", kind.letter());
        ui.ctx()
            .accesskit_node_builder(id, |node| node.set_author_id(test_id));
        tiles.push(StandTile { kind, response });
    }
    tiles
}

/// The row-th entry: from the top for the near stand, from the bottom for the far one.
fn slot_rect(stand_rect: Rect, row: usize, stand: Stand, cell: f32) -> Rect {
    let height = cell * 0.86;
    let top_margin = cell * 0.55;
    let offset = top_margin + row as f32 * height;
    let size = vec2(stand_rect.width() - cell * 0.1, height);
    match stand {
        Stand::Bottom => Rect::from_min_size(stand_rect.min + vec2(cell * 0.05, offset), size),
        Stand::Top => Rect::from_min_size(
            stand_rect.left_bottom() + vec2(cell * 0.05, -offset - height),
            size,
        ),
    }
}

fn paint_caption(painter: &Painter, rect: Rect, color: Color, seat: &str, stand: Stand, cell: f32) {
    let mark = match color {
        Color::Sente => "☗",
        Color::Gote => "☖",
    };
    let at = match stand {
        Stand::Bottom => rect.center_top() + vec2(0.0, cell * 0.28),
        Stand::Top => rect.center_bottom() - vec2(0.0, cell * 0.28),
    };
    painter.text(
        at,
        Align2::CENTER_CENTER,
        format!("{mark} {seat}"),
        FontId::proportional(readable(cell * 0.28)),
        theme::TILE_INK,
    );
}

/// The stand's name for its side: 上手 and 下手 in a handicap game, in every language (the
/// stand is too narrow for their readings, which the clocks give), Sente and Gote otherwise.
fn seat(color: Color, handicap: bool, lang: crate::i18n::Language) -> &'static str {
    match (handicap, color) {
        (true, Color::Gote) => "上手",
        (true, Color::Sente) => "下手",
        (false, color) => lang.side(color),
    }
}
