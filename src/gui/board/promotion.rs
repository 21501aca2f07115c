//! The promotion prompt: "Promote?" with the promoted and the unpromoted tile, captioned in
//! the labels the player chose (+B / B, or 成 / 不成 with the word), shown over the
//! mover's own stand, so every square stays in view.

use crate::gui::board::board_view::BoardLayout;
use crate::gui::board::piece_tile::{self, TileStyle};
use crate::gui::intent::Intent;
use crate::gui::platform::fonts;
use crate::gui::storage::settings::Labels;
use crate::gui::theme;
use crate::i18n::Language;
use crate::rules::{Color, Piece, Position, Square};
use egui::{
    Align, Align2, Area, Context, Frame, Id, Label, Layout, Order, RichText, Sense, Stroke, Ui,
    Vec2, WidgetInfo, pos2, vec2,
};

/// Room around the prompt and between its tiles.
const GAP: f32 = 6.0;

/// Shows the prompt for moving the piece on `from` (to the second square); returns the
/// choice when made.
pub fn show(
    ctx: &Context,
    layout: &BoardLayout,
    position: &Position,
    (from, _): (Square, Square),
    style: TileStyle,
    bottom: Color,
    lang: Language,
) -> Option<Intent> {
    let t = lang.strings();
    let piece = position.piece_at(from)?;
    let promoted = Piece::new(piece.color, piece.kind.promoted()?);
    let tile = layout.geometry.cell().x.max(40.0);
    let upside_down = piece.color != bottom;
    let choices = [
        PromotionChoice {
            piece: promoted,
            name: t.promote,
            caption: caption(style.labels, promoted, true, lang),
        },
        PromotionChoice {
            piece,
            name: t.dont_promote,
            caption: caption(style.labels, piece, false, lang),
        },
    ];
    // Over the mover's own stand, under its name: the one place beside the board the player
    // needs no sight of while answering. No square, name or clock is covered; it may lap
    // over the rank letters, or the move list in a small window.
    let grid = layout.geometry.grid;
    let name_room = layout.geometry.cell().y * 0.6;
    let width = 2.0 * tile + 3.0 * GAP + 4.0;
    let (at, pivot) = if upside_down {
        let stand = layout.top_stand;
        let right = (stand.min.x + width).min(grid.min.x - GAP);
        (pos2(right, stand.max.y - name_room), Align2::RIGHT_BOTTOM)
    } else {
        let stand = layout.bottom_stand;
        let left = (stand.max.x - width).max(grid.max.x + GAP);
        (pos2(left, stand.min.y + name_room), Align2::LEFT_TOP)
    };
    let chosen = Area::new(Id::unique("promotion prompt"))
        .order(Order::Foreground)
        .pivot(pivot)
        .fixed_pos(at)
        .constrain(true)
        .show(ctx, |ui| {
            Frame::popup(ui.style())
                .fill(theme::STAND_WOOD)
                .stroke(Stroke::new(2.0, theme::TILE_EDGE))
                .inner_margin(GAP)
                .show(ui, |ui| {
                    ui.label(
                        RichText::new(t.promote_question)
                            .strong()
                            .color(theme::TILE_INK),
                    );
                    ui.set_max_width(width);
                    ui.add(Label::new(RichText::new(t.promote_keys).color(theme::TILE_INK)).wrap());
                    ui.horizontal(|ui| {
                        ui.spacing_mut().item_spacing = vec2(GAP, 0.0);
                        let mut chosen = None;
                        for (i, choice) in choices.iter().enumerate() {
                            if choice.show(ui, tile, upside_down, style) {
                                chosen = Some(i == 0);
                            }
                        }
                        chosen
                    })
                    .inner
                })
                .inner
        })
        .inner;
    chosen.map(Intent::ChoosePromotion)
}

/// One answer: its tile, and its caption under it.
struct PromotionChoice {
    piece: Piece,
    /// What the answer is called, for screen readers and tests.
    name: &'static str,
    caption: Caption,
}

/// The words under a tile: the label the player knows the piece by, and in kanji mode the
/// English word too.
struct Caption {
    mark: RichText,
    word: Option<&'static str>,
}

fn caption(labels: Labels, piece: Piece, promote: bool, lang: Language) -> Caption {
    let t = lang.strings();
    match labels {
        Labels::Letters => Caption {
            mark: RichText::new(piece_tile::letters(piece.kind)).size(16.0),
            word: None,
        },
        Labels::Kanji => Caption {
            mark: RichText::new(if promote { "成" } else { "不成" }).font(fonts::kanji(16.0)),
            word: Some(if promote { t.promote_word } else { t.dont_word })
                .filter(|word| !word.is_empty()),
        },
    }
}

impl PromotionChoice {
    /// Draws the answer; whether it was clicked (the tile or its caption).
    fn show(&self, ui: &mut Ui, tile: f32, upside_down: bool, style: TileStyle) -> bool {
        ui.allocate_ui_with_layout(
            vec2(tile, tile * 2.0),
            Layout::top_down(Align::Center),
            |ui| {
                ui.spacing_mut().item_spacing = vec2(0.0, 2.0);
                let (rect, response) = ui.allocate_exact_size(Vec2::splat(tile), Sense::click());
                response.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, self.name));
                if response.hovered() {
                    ui.painter().rect_filled(rect, 4.0, theme::SELECTED);
                }
                piece_tile::paint(
                    ui.painter(),
                    rect.center(),
                    tile,
                    self.piece,
                    upside_down,
                    style,
                );
                let mark = ui.add(
                    Label::new(self.caption.mark.clone().color(theme::TILE_INK))
                        .sense(Sense::click()),
                );
                let word = self.caption.word.map(|word| {
                    ui.add(
                        Label::new(RichText::new(word).color(theme::TILE_INK))
                            .sense(Sense::click()),
                    )
                });
                response.clicked() || mark.clicked() || word.is_some_and(|w| w.clicked())
            },
        )
        .inner
    }
}
