//! The promotion prompt: the promoted and the unpromoted tile, shown over the target square.

use super::board_view::BoardLayout;
use super::intent::Intent;
use super::piece_tile::{self, TileStyle};
use super::theme;
use crate::rules::{Color, Piece, Position, Square};
use egui::{Align2, Area, Context, Frame, Id, Order, Sense, Stroke, Vec2, WidgetInfo, vec2};

/// Shows the prompt for moving the piece on `from` to `to`; returns the choice when made.
pub fn show(
    ctx: &Context,
    layout: &BoardLayout,
    position: &Position,
    from: Square,
    to: Square,
    style: TileStyle,
    bottom: Color,
) -> Option<Intent> {
    let piece = position.piece_at(from)?;
    let promoted = Piece::new(piece.color, piece.kind.promoted()?);
    let cell = layout.geometry.cell().x;
    let target = layout.geometry.square_rect(to);
    // Two tiles side by side, kept on the board.
    let width = 2.0 * cell + 12.0;
    let grid = layout.geometry.grid;
    let x = (target.center().x - width / 2.0).clamp(grid.min.x, grid.max.x - width);
    let y = (target.min.y - 6.0).clamp(grid.min.y, grid.max.y - 1.5 * cell);
    let upside_down = piece.color != bottom;
    let choice = Area::new(Id::unique("promotion prompt"))
        .order(Order::Foreground)
        .fixed_pos([x, y])
        .show(ctx, |ui| {
            Frame::popup(ui.style())
                .fill(theme::STAND_WOOD)
                .stroke(Stroke::new(2.0, theme::TILE_EDGE))
                .inner_margin(4.0)
                .show(ui, |ui| {
                    ui.spacing_mut().item_spacing = vec2(4.0, 0.0);
                    ui.horizontal(|ui| {
                        let yes =
                            choice_tile(ui, cell, promoted, upside_down, style, "Promote", "成");
                        let no = choice_tile(
                            ui,
                            cell,
                            piece,
                            upside_down,
                            style,
                            "Don't promote",
                            "不成",
                        );
                        if yes {
                            Some(true)
                        } else if no {
                            Some(false)
                        } else {
                            None
                        }
                    })
                    .inner
                })
                .inner
        })
        .inner;
    choice.map(Intent::ChoosePromotion)
}

fn choice_tile(
    ui: &mut egui::Ui,
    cell: f32,
    piece: Piece,
    upside_down: bool,
    style: TileStyle,
    label: &str,
    caption: &str,
) -> bool {
    let (rect, response) = ui.allocate_exact_size(Vec2::new(cell, cell * 1.35), Sense::click());
    response.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, label));
    let painter = ui.painter();
    if response.hovered() {
        painter.rect_filled(rect, 4.0, theme::SELECTED);
    }
    let tile_center = rect.center_top() + vec2(0.0, cell * 0.5);
    piece_tile::paint(painter, tile_center, cell, piece, upside_down, style);
    painter.text(
        rect.center_bottom() - vec2(0.0, cell * 0.17),
        Align2::CENTER_CENTER,
        caption,
        super::fonts::kanji(cell * 0.26),
        theme::TILE_INK,
    );
    response.clicked()
}
