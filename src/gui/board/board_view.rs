//! The board on the table: wood, grid, coordinates, highlights, pieces, both hand stands,
//! and the clicks and drags on them turned into intents.

use crate::gui::board::cursor::{self, Cursor};
use crate::gui::board::geometry::{BoardGeometry, readable};
use crate::gui::board::hand_view::{self, Stand};
use crate::gui::board::piece_tile::{self, TileStyle};
use crate::gui::board::selection::{Selection, Targets};
use crate::gui::intent::Intent;
use crate::gui::platform::fonts;
use crate::gui::storage::settings::NotationStyle;
use crate::gui::theme;
use crate::rules::{Color, Move, Piece, PieceKind, Position, Square};
use egui::{
    Align2, Color32, FontId, Id, Painter, Pos2, Rect, Response, Sense, Stroke, StrokeKind, Ui,
    Vec2, WidgetInfo, pos2, vec2,
};

/// Everything the board shows; built by the app each frame.
pub struct BoardView<'a> {
    pub position: &'a Position,
    /// The player's side, shown at the bottom unless `flipped`.
    pub player: Color,
    pub flipped: bool,
    pub style: TileStyle,
    /// The move list's notation, which the coordinates follow (f in Western is 六 in
    /// Japanese), whatever the pieces' labels.
    pub notation: NotationStyle,
    pub selection: Selection,
    pub last_move: Option<Move>,
    /// A suggested move to outline (the hint).
    pub hint: Option<Move>,
    /// The move a stepped hint points at by its piece alone (on its square, or on the
    /// stand for a drop), before it shows where it goes.
    pub hint_piece: Option<Move>,
    /// Whether the player may pick up pieces now.
    pub interactive: bool,
    /// A promotion prompt is open: any click on the board cancels it.
    pub prompt_open: bool,
    /// A handicap game: the stands are captioned 上手 and 下手.
    pub handicap: bool,
    /// Squares the review's explanation is about.
    pub marked: &'a [Square],
    /// Moves the review draws as arrows (the best move first).
    pub arrows: &'a [Move],
    pub lang: crate::i18n::Language,
}

/// Where things were drawn, for the prompts drawn over the board.
#[derive(Clone, Copy, Debug)]
pub struct BoardLayout {
    pub geometry: BoardGeometry,
    pub top_stand: Rect,
    pub bottom_stand: Rect,
}

/// Board cells across the whole table: stand, gap, coordinates, board, coordinates, gap, stand.
const TABLE_CELLS: Vec2 = vec2(9.0 + 2.0 * hand_view::STAND_CELLS.x + 1.4, 10.0);

impl BoardView<'_> {
    /// Which colour sits at the bottom of the screen.
    pub fn bottom_color(&self) -> Color {
        if self.flipped {
            !self.player
        } else {
            self.player
        }
    }

    pub fn layout(&self, area: Rect) -> BoardLayout {
        let cell = (area.width() / TABLE_CELLS.x)
            .min(area.height() / TABLE_CELLS.y)
            .max(8.0);
        let table = Rect::from_center_size(area.center(), TABLE_CELLS * cell);
        let stand = hand_view::STAND_CELLS * cell;
        let grid = Rect::from_min_size(
            pos2(table.min.x + stand.x + 0.7 * cell, table.min.y + 0.6 * cell),
            Vec2::splat(9.0 * cell),
        );
        let flipped = self.bottom_color() == Color::Gote;
        BoardLayout {
            geometry: BoardGeometry::new(grid, flipped),
            top_stand: Rect::from_min_size(pos2(table.min.x, grid.min.y), stand),
            bottom_stand: Rect::from_min_size(
                grid.right_bottom() + vec2(0.7 * cell, -stand.y),
                stand,
            ),
        }
    }

    /// Draws the table in `ui`'s remaining space and returns what the user asked for.
    pub fn show(&self, ui: &mut Ui) -> (BoardLayout, Option<Intent>) {
        let area = ui.available_rect_before_wrap();
        let layout = self.layout(area);
        let t = self.lang.strings();
        ui.allocate_rect(area, Sense::hover())
            .widget_info(|| WidgetInfo::labeled(egui::Role::Group, true, t.spoken_board));
        let painter = ui.painter_at(area);
        let dragged = dragged_source(ui);
        self.paint_board(&painter, &layout.geometry, dragged);
        let bottom = self.bottom_color();
        let position = self.position;
        let cursor = cursor::or_home(cursor::stored(ui.ctx()), |c| match c {
            Cursor::Square(_) => true,
            Cursor::Hand(color, kind) => position.hand(color).count(kind) > 0,
        });
        let mut intent = None;
        let mut places = Vec::new();
        for (color, rect, stand) in [
            (!bottom, layout.top_stand, Stand::Top),
            (bottom, layout.bottom_stand, Stand::Bottom),
        ] {
            let movers = color == self.position.side_to_move();
            let view = hand_view::StandView {
                hand: self.position.hand(color),
                color,
                stand,
                style: self.style,
                selected: match self.selection {
                    Selection::Hand(kind) if movers => Some(kind),
                    _ => None,
                },
                handicap: self.handicap,
                lang: self.lang,
                hinted: match self.hint_piece {
                    Some(Move::Drop { kind, .. }) if movers => Some(kind),
                    _ => None,
                },
                lifted: match dragged {
                    Some(DragSource::Hand(kind)) if movers => Some(kind),
                    _ => None,
                },
                cursor: match cursor {
                    Cursor::Hand(c, kind) if c == color => Some(kind),
                    _ => None,
                },
            };
            for tile in hand_view::show(ui, &painter, rect, &view) {
                let response = &tile.response;
                places.push((Cursor::Hand(color, tile.kind), response.rect));
                if response.clicked() || response.drag_started() || response.drag_stopped() {
                    intent = intent.or(self.hand_intent(ui, color, tile.kind, response, &layout));
                }
            }
        }
        intent = intent.or(self.square_input(ui, &layout.geometry, cursor));
        places
            .extend(Square::all().map(|sq| (Cursor::Square(sq), layout.geometry.square_rect(sq))));
        self.keyboard(ui, cursor, &places, &painter);
        if let Some(source) = dragged {
            self.paint_dragged(ui, source, layout.geometry.cell().x);
        }
        (layout, intent)
    }

    /// The keyboard's cursor while the board has the focus: the arrow keys move it over
    /// the squares and stands (Enter is the click, given by egui), and it is drawn.
    fn keyboard(&self, ui: &Ui, cursor: Cursor, places: &[(Cursor, Rect)], painter: &Painter) {
        let ctx = ui.ctx();
        let id = cursor.id();
        if !ctx.memory(|m| m.has_focus(id)) {
            return;
        }
        let holding = self.selection != Selection::None || self.prompt_open;
        cursor::claim_keys(ctx, id, holding);
        let Some(&(_, rect)) = places.iter().find(|(c, _)| *c == cursor) else {
            return;
        };
        let next = cursor::arrow_pressed(ctx).and_then(|dir| cursor::step(rect, dir, places));
        let rect = match next.and_then(|c| places.iter().find(|(p, _)| *p == c)) {
            Some(&(next, rect)) => {
                cursor::move_to(ctx, next);
                ctx.request_repaint();
                rect
            }
            None => rect,
        };
        let width = (rect.width() * 0.09).max(3.0);
        painter.rect_stroke(
            rect.shrink(width * 0.5),
            width,
            Stroke::new(width, theme::CURSOR),
            StrokeKind::Inside,
        );
    }

    fn hand_intent(
        &self,
        ui: &Ui,
        color: Color,
        kind: PieceKind,
        response: &Response,
        layout: &BoardLayout,
    ) -> Option<Intent> {
        if self.prompt_open && (response.clicked() || response.drag_started()) {
            return Some(Intent::Cancel);
        }
        if !self.interactive {
            return response.clicked().then_some(Intent::ReadOnlyClick);
        }
        if color != self.position.side_to_move() {
            return response
                .clicked()
                .then_some(Intent::Refuse(crate::gui::intent::Refusal::OpponentsHand));
        }
        if response.drag_started() {
            set_dragged(ui, Some(DragSource::Hand(kind)));
            return Some(Intent::SelectHand(kind));
        }
        if response.drag_stopped() {
            set_dragged(ui, None);
            let target = pointer(ui).and_then(|p| layout.geometry.square_at(p))?;
            return Some(Selection::Hand(kind).click(self.position, target));
        }
        if response.clicked() {
            return Some(if self.selection == Selection::Hand(kind) {
                Intent::Deselect
            } else {
                Intent::SelectHand(kind)
            });
        }
        None
    }

    /// Each square a button named for a screen reader ("7f, Sente pawn"), with the test's
    /// name "square 7f" beside it; only the cursor's square takes the keyboard focus.
    fn square_input(
        &self,
        ui: &mut Ui,
        geometry: &BoardGeometry,
        cursor: Cursor,
    ) -> Option<Intent> {
        let mut intent = None;
        for sq in Square::all() {
            let rect = geometry.square_rect(sq);
            let id = Cursor::Square(sq).id();
            let sense = match cursor == Cursor::Square(sq) {
                true => Sense::click_and_drag(),
                false => Sense::CLICK | Sense::DRAG,
            };
            let response = ui.interact(rect, id, sense);
            let name = crate::i18n::square_name(self.lang, self.position, sq, self.handicap);
            let selected = self.selection == Selection::Square(sq);
            response
                .widget_info(|| WidgetInfo::selected(egui::Role::Button, true, selected, &name));
            let test_id = format!("square {sq}");
            ui.ctx()
                .accesskit_node_builder(id, |node| node.set_author_id(test_id));
            intent = intent.or(self.square_intent(ui, sq, &response, geometry));
        }
        intent
    }

    fn square_intent(
        &self,
        ui: &Ui,
        sq: Square,
        response: &Response,
        geometry: &BoardGeometry,
    ) -> Option<Intent> {
        if self.prompt_open && (response.clicked() || response.drag_started()) {
            return Some(Intent::Cancel);
        }
        if !self.interactive {
            return response.clicked().then_some(Intent::ReadOnlyClick);
        }
        let own = self
            .position
            .piece_at(sq)
            .is_some_and(|p| p.color == self.position.side_to_move());
        if response.drag_started() && own {
            set_dragged(ui, Some(DragSource::Square(sq)));
            return Some(Intent::Select(sq));
        }
        if response.drag_stopped() && own {
            set_dragged(ui, None);
            let target = pointer(ui).and_then(|p| geometry.square_at(p))?;
            return (target != sq).then(|| Selection::Square(sq).click(self.position, target));
        }
        if response.clicked() {
            return Some(self.selection.click(self.position, sq));
        }
        None
    }

    fn paint_board(&self, painter: &Painter, g: &BoardGeometry, dragged: Option<DragSource>) {
        let cell = g.cell().x;
        let board = g.grid.expand(cell * 0.25);
        painter.rect_filled(board.expand(cell * 0.05), cell * 0.08, theme::TABLE);
        painter.rect_filled(board, cell * 0.06, theme::BOARD_WOOD);
        self.paint_square_tints(painter, g);
        paint_grid(painter, g);
        paint_coordinates(painter, g, self.notation);
        let targets = self.selection.targets(self.position);
        for sq in Square::all() {
            let Some(piece) = self.position.piece_at(sq) else {
                continue;
            };
            if dragged == Some(DragSource::Square(sq)) {
                continue;
            }
            let upside_down = piece.color != self.bottom_color();
            piece_tile::paint(
                painter,
                g.square_rect(sq).center(),
                cell,
                piece,
                upside_down,
                self.style,
            );
        }
        paint_targets(painter, g, &targets);
        if let Some(hint) = self.hint {
            paint_hint(painter, g, hint);
        }
        if let Some(sq) = self.hint_piece.and_then(Move::from) {
            painter.rect_stroke(
                g.square_rect(sq).shrink(cell * 0.05),
                cell * 0.1,
                Stroke::new(cell * 0.07, theme::HINT),
                StrokeKind::Inside,
            );
        }
        for &sq in self.marked {
            painter.rect_stroke(
                g.square_rect(sq).shrink(cell * 0.05),
                cell * 0.1,
                Stroke::new(cell * 0.06, mark_color(sq, self.arrows.first().copied())),
                StrokeKind::Inside,
            );
        }
        for (i, &mv) in self.arrows.iter().enumerate() {
            let color = if i == 0 {
                theme::BEST_ARROW
            } else {
                theme::REASON_ARROW
            };
            paint_arrow(painter, g, mv, color);
        }
    }

    fn paint_square_tints(&self, painter: &Painter, g: &BoardGeometry) {
        let tint = |sq: Square, color: Color32| painter.rect_filled(g.square_rect(sq), 0.0, color);
        if let Some(mv) = self.last_move {
            if let Some(from) = mv.from() {
                tint(from, theme::LAST_MOVE);
            }
            tint(mv.to(), theme::LAST_MOVE);
        }
        if self.position.in_check()
            && let Some(king) = self.position.king_square(self.position.side_to_move())
        {
            painter.rect_filled(g.square_rect(king), 0.0, theme::CHECK);
        }
        if let Selection::Square(sq) = self.selection {
            tint(sq, theme::SELECTED);
        }
    }

    fn paint_dragged(&self, ui: &Ui, source: DragSource, cell: f32) {
        let Some(at) = pointer(ui) else {
            return;
        };
        let piece = match source {
            DragSource::Square(sq) => self.position.piece_at(sq),
            DragSource::Hand(kind) => Some(Piece::new(self.position.side_to_move(), kind)),
        };
        let Some(piece) = piece else {
            return;
        };
        let layer = egui::LayerId::new(egui::Order::Tooltip, Id::unique("dragged piece"));
        let painter = ui.ctx().layer_painter(layer);
        let upside_down = piece.color != self.bottom_color();
        piece_tile::paint(&painter, at, cell * 1.1, piece, upside_down, self.style);
    }
}

/// The file numbers over the board and the rank letters (or kanji) to its right, in the
/// notation's coordinates.
pub fn paint_coordinates(painter: &Painter, g: &BoardGeometry, notation: NotationStyle) {
    let cell = g.cell().x;
    let font = FontId::proportional(readable(cell * 0.3));
    for n in 1..=9u8 {
        let file = g.file_label_pos(n) - vec2(0.0, cell * 0.4);
        painter.text(
            file,
            Align2::CENTER_CENTER,
            n.to_string(),
            font.clone(),
            theme::COORDINATE,
        );
        let rank = g.rank_label_pos(n) + vec2(cell * 0.45, 0.0);
        let (text, font) = match notation {
            NotationStyle::Japanese => (
                RANK_KANJI[usize::from(n - 1)].to_owned(),
                fonts::kanji(readable(cell * 0.28)),
            ),
            NotationStyle::Western => (char::from(b'a' + n - 1).to_string(), font.clone()),
        };
        painter.text(rank, Align2::CENTER_CENTER, text, font, theme::COORDINATE);
    }
}

const RANK_KANJI: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

pub fn paint_grid(painter: &Painter, g: &BoardGeometry) {
    let cell = g.cell().x;
    let stroke = Stroke::new((cell * 0.02).max(1.0), theme::GRID_LINE);
    for i in 0..=9 {
        let offset = i as f32 * cell;
        painter.hline(g.grid.x_range(), g.grid.min.y + offset, stroke);
        painter.vline(g.grid.min.x + offset, g.grid.y_range(), stroke);
    }
    painter.rect_stroke(
        g.grid,
        0.0,
        Stroke::new(stroke.width * 1.6, theme::GRID_LINE),
        StrokeKind::Middle,
    );
    for (x, y) in [(3.0, 3.0), (6.0, 3.0), (3.0, 6.0), (6.0, 6.0)] {
        painter.circle_filled(
            g.grid.min + vec2(x, y) * cell,
            cell * 0.06,
            theme::GRID_LINE,
        );
    }
}

fn paint_targets(painter: &Painter, g: &BoardGeometry, targets: &Targets) {
    let cell = g.cell().x;
    for sq in targets.moves {
        painter.circle_filled(g.square_rect(sq).center(), cell * 0.14, theme::DESTINATION);
    }
    for sq in targets.drops {
        painter.circle_filled(g.square_rect(sq).center(), cell * 0.14, theme::DROP_TARGET);
    }
    for sq in targets.captures {
        let rect = g.square_rect(sq).shrink(cell * 0.04);
        painter.rect_stroke(
            rect,
            cell * 0.1,
            Stroke::new(cell * 0.07, theme::CAPTURE),
            StrokeKind::Inside,
        );
    }
}

/// A square the review marks: green when the best move starts or ends there (the better
/// move, as its arrow), red otherwise (where the trouble is).
fn mark_color(sq: Square, best: Option<Move>) -> Color32 {
    let on_best = best.is_some_and(|mv| mv.to() == sq || mv.from() == Some(sq));
    if on_best {
        theme::BEST_MARK
    } else {
        theme::REVIEW_MARK
    }
}

fn paint_hint(painter: &Painter, g: &BoardGeometry, hint: Move) {
    let cell = g.cell().x;
    let to = g.square_rect(hint.to());
    painter.rect_stroke(
        to.shrink(cell * 0.05),
        cell * 0.1,
        Stroke::new(cell * 0.06, theme::HINT),
        StrokeKind::Inside,
    );
    if let Some(from) = hint.from() {
        let from = g.square_rect(from);
        painter.rect_stroke(
            from.shrink(cell * 0.05),
            cell * 0.1,
            Stroke::new(cell * 0.04, theme::HINT),
            StrokeKind::Inside,
        );
        painter.line_segment(
            [from.center(), to.center()],
            Stroke::new(cell * 0.05, theme::HINT),
        );
        painter.circle_filled(to.center(), cell * 0.1, theme::HINT);
    }
}

/// An arrow from a move's square to its destination; a drop rings its square.
fn paint_arrow(painter: &Painter, g: &BoardGeometry, mv: Move, color: Color32) {
    let cell = g.cell().x;
    let to = g.square_rect(mv.to()).center();
    let stroke = Stroke::new(cell * 0.09, color);
    let Some(from) = mv.from() else {
        painter.circle_stroke(to, cell * 0.36, stroke);
        return;
    };
    let from = g.square_rect(from).center();
    let along = (to - from).normalized();
    let tip = to - along * cell * 0.15;
    let base = tip - along * cell * 0.3;
    painter.line_segment([from, base], stroke);
    let side = along.rot90() * cell * 0.2;
    painter.add(egui::Shape::convex_polygon(
        vec![tip, base + side, base - side],
        color,
        Stroke::NONE,
    ));
}

/// What is being dragged, kept in egui's memory between frames.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DragSource {
    Square(Square),
    Hand(PieceKind),
}

fn drag_id() -> Id {
    Id::unique("komadai drag source")
}

fn dragged_source(ui: &Ui) -> Option<DragSource> {
    if ui.input(|i| i.pointer.any_down()) {
        ui.data(|d| d.get_temp::<DragSource>(drag_id()))
    } else {
        None
    }
}

fn set_dragged(ui: &Ui, source: Option<DragSource>) {
    ui.data_mut(|d| match source {
        Some(source) => {
            d.insert_temp(drag_id(), source);
        }
        None => d.remove::<DragSource>(drag_id()),
    });
}

fn pointer(ui: &Ui) -> Option<Pos2> {
    ui.input(|i| i.pointer.interact_pos())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_better_moves_squares_are_marked_green_and_the_others_red() {
        let best = Move::from_usi("2h2b+").ok();
        let sq = |name| Square::parse(name).expect("a square");
        assert_eq!(mark_color(sq("2b"), best), theme::BEST_MARK);
        assert_eq!(mark_color(sq("2h"), best), theme::BEST_MARK);
        assert_eq!(mark_color(sq("3c"), best), theme::REVIEW_MARK);
        assert_eq!(mark_color(sq("2b"), None), theme::REVIEW_MARK);
    }
}
