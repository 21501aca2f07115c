//! The review's evaluation graph: Sente's chance to win after every move, the sides'
//! inaccuracies, mistakes and blunders marked on it, the move shown marked by a line.
//! A click or a drag on it asks for that position.
//!
//! Drawn with egui's painter; the geometry (ply ↔ x, chance ↔ y) is kept apart so it can
//! be tested without a window.

use crate::gui::intent::Intent;
use crate::i18n::{Strings, fill};
use crate::review::Verdict;
use egui::{Color32, Pos2, Rect, Role, Sense, Stroke, Ui, WidgetInfo, pos2, vec2};

/// Height of the graph in points.
pub const HEIGHT: f32 = 120.0;

/// Where a game of `plies` moves is drawn: positions 0..=plies spread evenly across `rect`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GraphGeometry {
    pub rect: Rect,
    pub plies: usize,
}

impl GraphGeometry {
    /// The x of the position after `ply` moves.
    pub fn x_of(&self, ply: usize) -> f32 {
        let span = self.plies.max(1) as f32;
        self.rect.left() + self.rect.width() * ply.min(self.plies) as f32 / span
    }

    /// The position nearest to `x` (clamped to the game).
    pub fn ply_at(&self, x: f32) -> usize {
        let span = self.plies.max(1) as f32;
        let t = ((x - self.rect.left()) / self.rect.width().max(1.0)).clamp(0.0, 1.0);
        ((t * span).round() as usize).min(self.plies)
    }

    /// The y of Sente's win chance `chance` (0 to 1): Sente winning is up.
    pub fn y_of(&self, chance: f64) -> f32 {
        self.rect.bottom() - self.rect.height() * chance.clamp(0.0, 1.0) as f32
    }

    pub fn point(&self, ply: usize, chance: f64) -> Pos2 {
        pos2(self.x_of(ply), self.y_of(chance))
    }
}

/// What the graph shows.
pub struct EvalGraph<'a> {
    /// Sente's win chance at every position (`None`: not analysed yet).
    pub chances: &'a [Option<f64>],
    /// Every move's verdict once judged (index: ply − 1).
    pub verdicts: &'a [Option<Verdict>],
    /// The position shown on the board.
    pub shown: usize,
    /// Sente by name: 下手 in a handicap game.
    pub sente: &'a str,
}

/// The colour a verdict is marked with, `None` for the moves left unmarked.
pub fn verdict_color(verdict: Verdict) -> Option<Color32> {
    match verdict {
        Verdict::Best | Verdict::Good => None,
        Verdict::Inaccuracy => Some(Color32::from_rgb(230, 190, 40)),
        Verdict::Mistake => Some(Color32::from_rgb(235, 120, 30)),
        Verdict::Blunder => Some(Color32::from_rgb(215, 40, 40)),
    }
}

impl EvalGraph<'_> {
    /// Draws the graph across the available width; returns the position clicked or dragged to.
    pub fn show(&self, ui: &mut Ui, t: &Strings) -> Option<Intent> {
        let size = vec2(ui.available_width(), HEIGHT);
        let (response, painter) = ui.allocate_painter(size, Sense::click_and_drag());
        response.widget_info(|| WidgetInfo::labeled(Role::Image, true, t.review_graph));
        let response = response.on_hover_text(fill(t.review_graph_tip, &[("side", &self.sente)]));
        let geometry = GraphGeometry {
            rect: response.rect.shrink2(vec2(4.0, 4.0)),
            plies: self.chances.len().saturating_sub(1),
        };
        self.paint(&painter, &geometry);
        let pressed = response.clicked() || response.dragged();
        let x = response.interact_pointer_pos().map(|p| p.x)?;
        pressed.then(|| Intent::View(Some(geometry.ply_at(x))))
    }

    fn paint(&self, painter: &egui::Painter, g: &GraphGeometry) {
        let rect = g.rect;
        painter.rect_filled(rect.expand(4.0), 4.0, Color32::from_gray(30));
        // Gote's half dark, Sente's light: the area under the curve is Sente's share.
        painter.rect_filled(rect, 0.0, Color32::from_gray(60));
        let mut area = vec![pos2(rect.left(), rect.bottom())];
        let known: Vec<Pos2> = self
            .chances
            .iter()
            .enumerate()
            .filter_map(|(ply, c)| c.map(|c| g.point(ply, c)))
            .collect();
        if let (Some(first), Some(last)) = (known.first(), known.last()) {
            area.push(pos2(first.x, rect.bottom()));
            area.extend(known.iter().copied());
            area.push(pos2(last.x, rect.bottom()));
            for pair in area[1..].windows(2) {
                // Thin columns rather than one concave polygon (egui fills convex shapes only).
                let column = Rect::from_min_max(
                    pos2(pair[0].x, pair[0].y.min(pair[1].y)),
                    pos2(pair[1].x, rect.bottom()),
                );
                if column.width() > 0.0 {
                    painter.rect_filled(column, 0.0, Color32::from_gray(200));
                }
            }
        }
        let middle = g.y_of(0.5);
        painter.hline(
            rect.x_range(),
            middle,
            Stroke::new(1.0, Color32::from_gray(120)),
        );
        painter.line(
            known.clone(),
            Stroke::new(2.0, Color32::from_rgb(60, 120, 220)),
        );
        self.paint_marks(painter, g);
        let x = g.x_of(self.shown);
        painter.vline(
            x,
            rect.y_range(),
            Stroke::new(2.0, Color32::from_rgb(40, 170, 90)),
        );
    }

    /// A dot on the curve after each inaccuracy, mistake and blunder, in its colour.
    fn paint_marks(&self, painter: &egui::Painter, g: &GraphGeometry) {
        for (index, verdict) in self.verdicts.iter().enumerate() {
            let ply = index + 1;
            let (Some(verdict), Some(Some(chance))) = (verdict, self.chances.get(ply)) else {
                continue;
            };
            if let Some(color) = verdict_color(*verdict) {
                painter.circle_filled(g.point(ply, *chance), 4.0, color);
                painter.circle_stroke(g.point(ply, *chance), 4.0, Stroke::new(1.0, Color32::BLACK));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::GraphGeometry;
    use egui::{Rect, pos2};

    fn geometry(plies: usize) -> GraphGeometry {
        GraphGeometry {
            rect: Rect::from_min_max(pos2(10.0, 0.0), pos2(110.0, 50.0)),
            plies,
        }
    }

    #[test]
    fn the_start_is_at_the_left_edge_and_the_last_move_at_the_right() {
        let g = geometry(40);
        assert_eq!(g.x_of(0), 10.0);
        assert_eq!(g.x_of(40), 110.0);
        assert_eq!(g.x_of(20), 60.0);
    }

    #[test]
    fn every_ply_maps_back_to_itself() {
        let g = geometry(37);
        for ply in 0..=37 {
            assert_eq!(g.ply_at(g.x_of(ply)), ply);
        }
    }

    #[test]
    fn a_click_outside_the_graph_goes_to_the_nearest_end() {
        let g = geometry(12);
        assert_eq!(g.ply_at(-50.0), 0);
        assert_eq!(g.ply_at(500.0), 12);
    }

    #[test]
    fn a_game_without_moves_is_one_point_at_the_left() {
        let g = geometry(0);
        assert_eq!(g.x_of(0), 10.0);
        assert_eq!(g.ply_at(90.0), 0);
    }

    #[test]
    fn sente_winning_is_up_and_an_even_game_in_the_middle() {
        let g = geometry(10);
        assert_eq!(g.y_of(1.0), 0.0);
        assert_eq!(g.y_of(0.0), 50.0);
        assert_eq!(g.y_of(0.5), 25.0);
        assert_eq!(g.y_of(7.0), 0.0, "clamped");
    }
}
