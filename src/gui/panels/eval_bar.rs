//! The evaluation bar beside the board during play: Sente's chance to win by the AI's last
//! search, the bottom side's share filled from the bottom, as the board is turned.

use crate::i18n::{Language, fill};
use crate::rules::Color;
use egui::{Align2, Color32, FontId, Rect, Sense, Ui, pos2, vec2};

/// The bar's width in points.
pub const WIDTH: f32 = 22.0;

/// Draws the bar down the available height; `sente_chance` is `None` before the AI has
/// searched (the bar stays even).
pub fn show(ui: &mut Ui, sente_chance: Option<f64>, bottom: Color, lang: Language) {
    let height = ui.available_height();
    let (response, painter) = ui.allocate_painter(vec2(WIDTH, height), Sense::hover());
    let rect = response.rect;
    let chance = sente_chance.unwrap_or(0.5);
    let bottom_chance = if bottom == Color::Sente {
        chance
    } else {
        1.0 - chance
    };
    let split = rect.bottom() - rect.height() * bottom_chance.clamp(0.0, 1.0) as f32;
    painter.rect_filled(rect, 3.0, Color32::from_gray(40));
    painter.rect_filled(
        Rect::from_min_max(pos2(rect.left(), split), rect.max),
        3.0,
        Color32::from_gray(230),
    );
    painter.hline(
        rect.x_range(),
        rect.center().y,
        (1.0, Color32::from_rgb(200, 60, 60)),
    );
    let percent = (100.0 * bottom_chance).round();
    painter.text(
        pos2(rect.center().x, rect.bottom() - 4.0),
        Align2::CENTER_BOTTOM,
        format!("{percent:.0}"),
        FontId::proportional(10.0),
        Color32::from_gray(30),
    );
    response.on_hover_text(fill(
        lang.strings().eval_bar_value_tip,
        &[("percent", &percent)],
    ));
}
