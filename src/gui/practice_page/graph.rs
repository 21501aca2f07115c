//! The rating's history as a small graph: the player's rating after each attempt, the
//! range of the values shown at its edges. Drawn with egui's painter; the scale is kept
//! apart so it can be tested without a window.

use egui::{Color32, Rect, Sense, Stroke, Ui, pos2, vec2};

/// Height of the graph in points.
pub const HEIGHT: f32 = 70.0;

/// The values' range with a margin, never narrower than 100 points (a few attempts at one
/// rating would otherwise fill the graph with noise).
pub fn range(values: &[f64]) -> (f64, f64) {
    let low = values.iter().copied().fold(f64::MAX, f64::min);
    let high = values.iter().copied().fold(f64::MIN, f64::max);
    if values.is_empty() {
        return (1400.0, 1600.0);
    }
    let middle = (low + high) / 2.0;
    let half = ((high - low) / 2.0 + 10.0).max(50.0);
    (middle - half, middle + half)
}

/// Where value `i` of `n` goes in `rect`.
pub fn point(rect: Rect, i: usize, n: usize, value: f64, (low, high): (f64, f64)) -> egui::Pos2 {
    let x = rect.left() + rect.width() * i as f32 / (n.max(2) - 1) as f32;
    let t = ((value - low) / (high - low).max(1.0)).clamp(0.0, 1.0) as f32;
    pos2(x, rect.bottom() - rect.height() * t)
}

/// Draws the graph of `values` (oldest first) across the available width.
pub fn show(ui: &mut Ui, values: &[f64]) {
    let (rect, _) = ui.allocate_exact_size(vec2(ui.available_width(), HEIGHT), Sense::hover());
    let painter = ui.painter_at(rect);
    let visuals = ui.visuals();
    painter.rect_filled(rect, 2.0, visuals.extreme_bg_color);
    let range = range(values);
    let text = visuals.weak_text_color();
    let font = egui::FontId::proportional(10.0);
    painter.text(
        rect.left_top() + vec2(3.0, 1.0),
        egui::Align2::LEFT_TOP,
        format!("{:.0}", range.1),
        font.clone(),
        text,
    );
    painter.text(
        rect.left_bottom() + vec2(3.0, -1.0),
        egui::Align2::LEFT_BOTTOM,
        format!("{:.0}", range.0),
        font,
        text,
    );
    let points: Vec<egui::Pos2> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| point(rect.shrink(4.0), i, values.len(), v, range))
        .collect();
    let colour = Color32::from_rgb(60, 130, 200);
    painter.add(egui::Shape::line(points.clone(), Stroke::new(1.5, colour)));
    if let Some(&last) = points.last() {
        painter.circle_filled(last, 3.0, colour);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_and_last_values_span_the_width_and_higher_is_up() {
        let rect = Rect::from_min_size(pos2(0.0, 0.0), vec2(100.0, 50.0));
        let values = [1500.0, 1600.0, 1550.0];
        let range = range(&values);
        let first = point(rect, 0, 3, values[0], range);
        let second = point(rect, 1, 3, values[1], range);
        let last = point(rect, 2, 3, values[2], range);
        assert_eq!((first.x, last.x), (0.0, 100.0));
        assert!(second.y < first.y, "1600 is drawn above 1500");
        assert!(range.0 < 1500.0 && range.1 > 1600.0);
    }

    #[test]
    fn a_flat_history_keeps_a_readable_range() {
        let (low, high) = range(&[1500.0, 1500.0]);
        assert!(high - low >= 100.0);
    }
}
