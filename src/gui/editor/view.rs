//! The position editor on screen: its buttons, the board, both hands with their counts, the
//! box of spare pieces, and every reason the setup is not playable, marked on its squares.
//!
//! Mouse: a click on a piece in the box takes it (each click on a square then puts one
//! down); a click on a piece on the board lifts it, the next click puts it down; a drag
//! moves a piece from the box or the board, and off the board puts it back in the box;
//! a right-click (or Shift+click) on a piece promotes it, then turns it to the other side.

use crate::gui::board::board_view::{paint_coordinates, paint_grid};
use crate::gui::board::geometry::BoardGeometry;
use crate::gui::board::geometry::readable;
use crate::gui::board::piece_tile::{self, TileStyle};
use crate::gui::editor::{Edit, Editor};
use crate::gui::intent::Intent;
use crate::gui::storage::settings::NotationStyle;
use crate::gui::theme;
use crate::i18n::{self, Language};
use crate::rules::{Color, Handicap, Piece, PieceKind, Square};
use egui::{
    Align2, Color32, FontId, Id, Painter, Rect, Response, RichText, Sense, Stroke, StrokeKind, Ui,
    Vec2, WidgetInfo, pos2, vec2,
};

/// The kinds in the box, as a set is laid out: the king, then the hand's order (R B G S N L P).
fn box_kinds() -> impl Iterator<Item = PieceKind> {
    std::iter::once(PieceKind::King).chain(PieceKind::HAND_DISPLAY_ORDER)
}

/// Sizes in board cells: a hand column (tile, count, −, +; a caption over seven kinds), the
/// margins the coordinates take over the board and at its right, and the box of spare pieces
/// (a row per side, or a column per side).
const HAND_CELLS: Vec2 = vec2(3.0, 8.0);
const TOP_MARGIN: f32 = 0.65;
const RIGHT_MARGIN: f32 = 0.75;
const BOX_ROWS: Vec2 = vec2(8.0, 2.2);
const BOX_COLUMNS: Vec2 = vec2(2.2, 8.4);
/// The whole table: hands, board and the box under it, or the box beside Sente's hand.
const TABLE_BOX_UNDER: Vec2 = vec2(
    9.0 + 2.0 * HAND_CELLS.x + 0.5 + RIGHT_MARGIN,
    TOP_MARGIN + 9.0 + 0.4 + BOX_ROWS.y,
);
const TABLE_BOX_BESIDE: Vec2 = vec2(
    TABLE_BOX_UNDER.x + 0.4 + BOX_COLUMNS.x,
    TOP_MARGIN + 9.0 + 0.2,
);

/// What the user is dragging in the editor.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Dragged {
    Box(Piece),
    Square(Square),
}

/// Draws the editor in `ui`, its board's coordinates in `notation`; returns what the user
/// asked for.
pub fn show(
    ui: &mut Ui,
    editor: &Editor,
    style: TileStyle,
    notation: NotationStyle,
    lang: Language,
) -> Option<Intent> {
    let mut intent = controls(ui, editor, lang);
    problems(ui, editor, lang);
    ui.add_space(4.0);
    intent = intent.or(table(ui, editor, (style, notation), lang).map(Intent::Edit));
    intent
}

fn controls(ui: &mut Ui, editor: &Editor, lang: Language) -> Option<Intent> {
    let t = lang.strings();
    let mut intent = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(t.edit_position).strong());
        ui.separator();
        ui.label(t.editor_to_move);
        for color in Color::ALL {
            let chosen = editor.setup.side_to_move == color;
            if ui.selectable_label(chosen, lang.side(color)).clicked() {
                intent = Some(Intent::Edit(Edit::SideToMove(color)));
            }
        }
        ui.separator();
        if ui.button(t.editor_clear).clicked() {
            intent = Some(Intent::Edit(Edit::Clear));
        }
        if ui.button(t.editor_reset).clicked() {
            intent = Some(Intent::Edit(Edit::Reset));
        }
        ui.menu_button(t.editor_handicap, |ui| {
            for handicap in Handicap::ALL {
                if ui.button(i18n::handicap_name(lang, handicap)).clicked() {
                    intent = Some(Intent::Edit(Edit::Handicap(handicap)));
                }
            }
        });
    });
    ui.horizontal_wrapped(|ui| {
        if ui.button(t.editor_play_as_sente).clicked() {
            intent = Some(Intent::LeaveGame(vec![Intent::PlayFromEditor(
                Color::Sente,
            )]));
        }
        if ui.button(t.editor_play_as_gote).clicked() {
            intent = Some(Intent::LeaveGame(vec![Intent::PlayFromEditor(Color::Gote)]));
        }
        if ui.button(t.editor_copy_sfen).clicked() {
            intent = Some(Intent::CopyEditorSfen);
        }
        if ui.button(t.editor_save).clicked() {
            intent = Some(Intent::SaveEditor);
        }
        let r = lang.records();
        if ui
            .add(egui::Button::new(r.menu_mate).shortcut_text("Ctrl+M"))
            .on_hover_text(r.menu_mate_tip)
            .clicked()
        {
            intent = Some(Intent::SearchMate);
        }
        if ui.button(t.editor_close).clicked() {
            intent = Some(Intent::CloseEditor);
        }
    });
    ui.weak(t.editor_hint);
    intent
}

/// Lines kept for the verdict, so the board does not move as the first reasons come and go.
const VERDICT_LINES: usize = 5;

/// The setup's verdict: playable, or each reason it is not, one a line. The list grows past
/// [`VERDICT_LINES`] rather than scroll: a scrolled list hid its last reasons, and a
/// floating scroll bar shows only under the pointer.
fn problems(ui: &mut Ui, editor: &Editor, lang: Language) {
    let line = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    let lines = VERDICT_LINES.max(editor.setup.problems().len() + 1);
    let size = vec2(
        ui.available_width(),
        lines as f32 * line + ui.spacing().item_spacing.y,
    );
    ui.allocate_ui(size, |ui| {
        ui.set_min_size(size);
        verdict(ui, editor, lang);
    });
}

fn verdict(ui: &mut Ui, editor: &Editor, lang: Language) {
    let t = lang.strings();
    let problems = editor.setup.problems();
    if problems.is_empty() {
        ui.label(RichText::new(t.editor_playable).color(ui.visuals().strong_text_color()));
        return;
    }
    let warn = ui.visuals().warn_fg_color;
    ui.label(RichText::new(t.editor_not_playable).color(warn).strong());
    for problem in &problems {
        let text = format!("• {}", i18n::setup_problem(lang, problem));
        ui.label(RichText::new(text).color(warn));
    }
}

/// Where the table's parts go in `area`.
struct TableLayout {
    geometry: BoardGeometry,
    /// Gote's hand on the left, Sente's on the right.
    hands: [(Color, Rect); 2],
    /// The box of spare pieces: under the board (Sente's pieces on the first row, Gote's on
    /// the second), or beside Sente's hand (a column each), whichever leaves the larger board.
    box_rect: Rect,
    box_beside: bool,
    cell: f32,
}

fn layout(area: Rect) -> TableLayout {
    let fit = |table: Vec2| {
        (area.width() / table.x)
            .min(area.height() / table.y)
            .max(8.0)
    };
    let box_beside = fit(TABLE_BOX_BESIDE) > fit(TABLE_BOX_UNDER);
    let size = if box_beside {
        TABLE_BOX_BESIDE
    } else {
        TABLE_BOX_UNDER
    };
    let cell = fit(size);
    let table = Rect::from_center_size(area.center(), size * cell);
    let grid = Rect::from_min_size(
        table.min + vec2((HAND_CELLS.x + 0.5) * cell, TOP_MARGIN * cell),
        Vec2::splat(9.0 * cell),
    );
    let hand_size = HAND_CELLS * cell;
    let sente_hand = Rect::from_min_size(
        pos2(grid.max.x + RIGHT_MARGIN * cell, grid.max.y - hand_size.y),
        hand_size,
    );
    let box_rect = if box_beside {
        Rect::from_min_size(
            pos2(
                sente_hand.max.x + 0.4 * cell,
                grid.max.y - BOX_COLUMNS.y * cell,
            ),
            BOX_COLUMNS * cell,
        )
    } else {
        Rect::from_min_size(
            pos2(grid.min.x + 0.5 * cell, grid.max.y + 0.4 * cell),
            BOX_ROWS * cell,
        )
    };
    TableLayout {
        geometry: BoardGeometry::new(grid, false),
        hands: [
            (
                Color::Gote,
                Rect::from_min_size(pos2(table.min.x, grid.min.y), hand_size),
            ),
            (Color::Sente, sente_hand),
        ],
        box_rect,
        box_beside,
        cell,
    }
}

fn table(
    ui: &mut Ui,
    editor: &Editor,
    (style, notation): (TileStyle, NotationStyle),
    lang: Language,
) -> Option<Edit> {
    let area = ui.available_rect_before_wrap();
    ui.allocate_rect(area, Sense::hover());
    let layout = layout(area);
    let painter = ui.painter_at(area);
    let marked = marked_squares(editor);
    paint_board(
        &painter,
        &layout.geometry,
        editor,
        &marked,
        (style, notation),
    );
    let mut edit = None;
    for (color, rect) in layout.hands {
        edit = edit.or(hand_column(
            ui,
            &painter,
            editor,
            (color, rect),
            style,
            lang,
        ));
    }
    edit = edit.or(spare_box(ui, &painter, editor, &layout, style, lang));
    edit = edit.or(squares(ui, &layout));
    if let Some(piece) = dragged_piece(ui, editor)
        && let Some(at) = ui.input(|i| i.pointer.hover_pos())
    {
        let painter = ui.ctx().layer_painter(egui::LayerId::new(
            egui::Order::Tooltip,
            Id::unique("editor drag"),
        ));
        let upside_down = piece.color == Color::Gote;
        piece_tile::paint(&painter, at, layout.cell, piece, upside_down, style);
    }
    edit
}

/// The squares a problem is about.
fn marked_squares(editor: &Editor) -> Vec<Square> {
    editor
        .setup
        .problems()
        .iter()
        .flat_map(|problem| problem.squares(&editor.setup))
        .collect()
}

fn paint_board(
    painter: &Painter,
    g: &BoardGeometry,
    editor: &Editor,
    marked: &[Square],
    (style, notation): (TileStyle, NotationStyle),
) {
    painter.rect_filled(g.grid.expand(g.cell().x * 0.15), 2.0, theme::BOARD_WOOD);
    paint_coordinates(painter, g, notation);
    for &sq in marked {
        painter.rect_filled(g.square_rect(sq), 0.0, theme::CHECK);
    }
    paint_grid(painter, g);
    let cell = g.cell().x;
    for &sq in marked {
        painter.rect_stroke(
            g.square_rect(sq).shrink(1.0),
            0.0,
            Stroke::new((cell * 0.06).max(2.0), Color32::from_rgb(200, 20, 20)),
            StrokeKind::Inside,
        );
    }
    for sq in Square::all() {
        if let Some(piece) = editor.setup.piece_at(sq) {
            let at = g.square_rect(sq).center();
            piece_tile::paint(painter, at, cell, piece, piece.color == Color::Gote, style);
        }
    }
}

fn squares(ui: &mut Ui, layout: &TableLayout) -> Option<Edit> {
    let mut edit = None;
    for sq in Square::all() {
        let rect = layout.geometry.square_rect(sq);
        let id = Id::unique(("editor square", sq.index()));
        let response = ui.interact(rect, id, Sense::click_and_drag());
        let label = format!("editor square {sq}");
        response.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, &label));
        edit = edit.or(square_edit(ui, sq, &response, layout));
    }
    edit
}

fn square_edit(ui: &Ui, sq: Square, response: &Response, layout: &TableLayout) -> Option<Edit> {
    let shift = ui.input(|i| i.modifiers.shift);
    if response.secondary_clicked() || (response.clicked() && shift) {
        return Some(Edit::Turn(sq));
    }
    if response.clicked() {
        return Some(Edit::ClickSquare(sq));
    }
    if response.drag_started() {
        set_dragged(ui, Some(Dragged::Square(sq)));
    }
    if response.drag_stopped() {
        set_dragged(ui, None);
        return Some(match drop_target(ui, layout) {
            Some(DragTarget::Square(to)) => Edit::Shift { from: sq, to },
            _ => Edit::Remove(sq),
        });
    }
    None
}

/// Where a drag ends.
enum DragTarget {
    Square(Square),
    Hand(Color),
}

fn drop_target(ui: &Ui, layout: &TableLayout) -> Option<DragTarget> {
    let at = ui.input(|i| i.pointer.interact_pos())?;
    if let Some(sq) = layout.geometry.square_at(at) {
        return Some(DragTarget::Square(sq));
    }
    layout
        .hands
        .iter()
        .find(|(_, rect)| rect.contains(at))
        .map(|&(color, _)| DragTarget::Hand(color))
}

/// One side's hand under its caption: each kind with its count and buttons for one more
/// and one fewer.
fn hand_column(
    ui: &mut Ui,
    painter: &Painter,
    editor: &Editor,
    (color, rect): (Color, Rect),
    style: TileStyle,
    lang: Language,
) -> Option<Edit> {
    let cell = rect.height() / HAND_CELLS.y;
    painter.rect_filled(rect, cell * 0.08, theme::STAND_WOOD);
    let mark = match color {
        Color::Sente => "☗",
        Color::Gote => "☖",
    };
    let caption = i18n::fill(lang.strings().editor_hand, &[("side", &lang.side(color))]);
    painter.text(
        rect.center_top() + vec2(0.0, cell * 0.5),
        Align2::CENTER_CENTER,
        format!("{mark} {caption}"),
        FontId::proportional(readable(cell * 0.32)),
        theme::TILE_INK,
    );
    let hand = &editor.setup.hands[color];
    let mut edit = None;
    for (row, &kind) in PieceKind::HAND_DISPLAY_ORDER.iter().enumerate() {
        let top = rect.min + vec2(0.0, (row + 1) as f32 * cell);
        let count = hand.count(kind);
        let tile = Rect::from_min_size(top, Vec2::splat(cell));
        let piece = Piece::new(color, kind);
        let upside_down = color == Color::Gote;
        piece_tile::paint(
            painter,
            tile.center(),
            cell * 0.9,
            piece,
            upside_down,
            style,
        );
        let ink = if count == 0 {
            theme::TILE_EDGE
        } else {
            theme::TILE_INK
        };
        painter.text(
            tile.right_center() + vec2(cell * 0.35, 0.0),
            Align2::CENTER_CENTER,
            count.to_string(),
            FontId::proportional(readable(cell * 0.4)),
            ink,
        );
        for (more, x, sign) in [(false, 1.95, "−"), (true, 2.6, "+")] {
            let button =
                Rect::from_center_size(top + vec2(x * cell, cell * 0.5), Vec2::splat(cell * 0.6));
            let label = format!("{color} hand {} {sign}", kind.letter());
            if step_button(ui, painter, button, &label, sign).clicked() {
                edit = Some(Edit::Hand { color, kind, more });
            }
        }
    }
    edit
}

fn step_button(ui: &mut Ui, painter: &Painter, rect: Rect, label: &str, sign: &str) -> Response {
    let response = ui.interact(rect, Id::unique(("editor step", label)), Sense::click());
    response.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, label));
    let fill = if response.hovered() {
        theme::TILE_FACE
    } else {
        theme::BOARD_WOOD
    };
    painter.rect_filled(rect, rect.width() * 0.2, fill);
    painter.text(
        rect.center(),
        Align2::CENTER_CENTER,
        sign,
        FontId::proportional(readable(rect.height() * 0.7)),
        theme::TILE_INK,
    );
    response
}

/// The box of spare pieces: one of each kind for each side, to take as many as wanted.
fn spare_box(
    ui: &mut Ui,
    painter: &Painter,
    editor: &Editor,
    layout: &TableLayout,
    style: TileStyle,
    lang: Language,
) -> Option<Edit> {
    let cell = layout.cell;
    painter.rect_filled(layout.box_rect, cell * 0.08, theme::STAND_WOOD);
    let (caption_at, caption_align) = if layout.box_beside {
        (
            layout.box_rect.center_top() - vec2(0.0, cell * 0.3),
            Align2::CENTER_BOTTOM,
        )
    } else {
        (
            layout.box_rect.left_center() - vec2(cell * 0.3, 0.0),
            Align2::RIGHT_CENTER,
        )
    };
    painter.text(
        caption_at,
        caption_align,
        lang.strings().editor_box,
        FontId::proportional(readable(cell * 0.32)),
        theme::COORDINATE,
    );
    let held = editor.held.filter(|h| h.from_box).map(|h| h.piece);
    let mut edit = None;
    for (row, color) in Color::ALL.into_iter().enumerate() {
        for (column, kind) in box_kinds().enumerate() {
            let piece = Piece::new(color, kind);
            let (across, down) = if layout.box_beside {
                (0.1 + row as f32 * 1.05, column as f32 * 1.05)
            } else {
                (column as f32, 0.1 + row as f32 * 1.05)
            };
            let min = layout.box_rect.min + vec2(across, down) * cell;
            let tile = Rect::from_min_size(min, Vec2::splat(cell));
            if held == Some(piece) {
                painter.rect_filled(tile, cell * 0.1, theme::SELECTED);
            }
            piece_tile::paint(
                painter,
                tile.center(),
                cell,
                piece,
                color == Color::Gote,
                style,
            );
            let id = Id::unique(("editor box", color.index(), kind.index()));
            let response = ui.interact(tile, id, Sense::click_and_drag());
            let label = format!("box {color} {}", kind.letter());
            response.widget_info(|| {
                WidgetInfo::selected(egui::Role::Button, true, held == Some(piece), &label)
            });
            edit = edit.or(box_edit(ui, piece, &response, layout));
        }
    }
    edit
}

fn box_edit(ui: &Ui, piece: Piece, response: &Response, layout: &TableLayout) -> Option<Edit> {
    if response.clicked() {
        return Some(Edit::TakeFromBox(piece));
    }
    if response.drag_started() {
        set_dragged(ui, Some(Dragged::Box(piece)));
    }
    if response.drag_stopped() {
        set_dragged(ui, None);
        return match drop_target(ui, layout)? {
            DragTarget::Square(on) => Some(Edit::PlaceFromBox { piece, on }),
            DragTarget::Hand(color) => Some(Edit::Hand {
                color,
                kind: piece.kind,
                more: true,
            }),
        };
    }
    None
}

fn drag_id() -> Id {
    Id::unique("komadai editor drag")
}

/// The piece being dragged, while the button is down.
fn dragged_piece(ui: &Ui, editor: &Editor) -> Option<Piece> {
    if !ui.input(|i| i.pointer.any_down()) {
        return None;
    }
    match ui.data(|d| d.get_temp::<Dragged>(drag_id()))? {
        Dragged::Box(piece) => Some(piece),
        Dragged::Square(sq) => editor.setup.piece_at(sq),
    }
}

fn set_dragged(ui: &Ui, dragged: Option<Dragged>) {
    ui.data_mut(|d| match dragged {
        Some(dragged) => {
            d.insert_temp(drag_id(), dragged);
        }
        None => d.remove::<Dragged>(drag_id()),
    });
}
