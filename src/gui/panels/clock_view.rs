//! The clocks by the hand stands: who sits on each side (上手/下手 in a handicap game), the
//! time left, the running clock framed and marked, and the last seconds of byoyomi counted
//! down in red.

use crate::clock::Reading;
use crate::gui::board::geometry::MIN_TEXT;
use crate::gui::theme;
use crate::i18n::{Language, fill};
use crate::rules::Color;
use egui::text::{LayoutJob, TextFormat};
use egui::{
    Color32, Frame, Label, Rect, RichText, Stroke, TextStyle, TextWrapMode, Ui, UiBuilder,
    WidgetText,
};
use std::time::Duration;

/// The byoyomi seconds shown in red, counted down.
const LAST_SECONDS: u64 = 10;
const RUNNING_FRAME: Color32 = Color32::from_rgb(240, 200, 60);

/// One side's clock as the app wants it drawn.
pub struct ClockView<'a> {
    pub color: Color,
    /// "上手 Uwate" or "Sente".
    pub side: &'a str,
    /// "You" or "AI (Easy)".
    pub who: &'a str,
    /// `None` without a time limit (only who sits there is shown).
    pub reading: Option<Reading>,
    /// This side is to move in a game going on.
    pub to_move: bool,
    pub lang: Language,
}

/// Draws the clock in `rect` (the free space beside a hand stand).
pub fn show(ui: &mut Ui, rect: Rect, view: &ClockView) {
    let running = view.reading.is_some_and(|r| r.running);
    let stroke = if running || (view.reading.is_none() && view.to_move) {
        Stroke::new(3.0, RUNNING_FRAME)
    } else {
        Stroke::new(1.0, theme::TILE_EDGE)
    };
    ui.scope_builder(UiBuilder::new().max_rect(rect.shrink(2.0)), |ui| {
        Frame::new()
            .fill(theme::STAND_WOOD)
            .stroke(stroke)
            .corner_radius(6.0)
            // A small window's narrow box keeps the room for "☗ 先手" on one line.
            .inner_margin(if rect.width() < 90.0 { 3.0 } else { 6.0 })
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                let mark = match view.color {
                    Color::Sente => "☗",
                    Color::Gote => "☖",
                };
                // One label: the side alone would read like the replay bar's side buttons.
                let seat = format!("{mark} {}\n{}", view.side, view.who);
                ui.add(Label::new(two_lines(ui, seat)).wrap());
                if let Some(reading) = view.reading {
                    time_lines(ui, &reading, view);
                }
            });
    });
}

/// The side and the player, two lines at most: a name too long for a narrow box is cut
/// short with an ellipsis (and shown whole on hover) rather than run down the box a
/// character a line.
fn two_lines(ui: &Ui, text: String) -> LayoutJob {
    let font = TextStyle::Body.resolve(ui.style());
    let mut job = LayoutJob::simple_format(text, TextFormat::simple(font, theme::TILE_INK));
    job.wrap.max_rows = 2;
    // Broken between words ("☖" over "Gote…" in the narrowest box), never inside one.
    job.wrap.break_anywhere = false;
    job.wrap.overflow_character = Some('…');
    job
}

/// The time left, named for a screen reader with its side ("Sente's clock: 9:58").
fn time_lines(ui: &mut Ui, reading: &Reading, view: &ClockView) {
    let t = view.lang.strings();
    let marker = if reading.running { "» " } else { "" };
    let time = match reading.byoyomi {
        Some(left) => fill(t.byoyomi_left, &[("seconds", &whole_seconds(left))]),
        None => clock_text(reading.main),
    };
    let name = fill(t.spoken_clock, &[("side", &view.side), ("time", &time)]);
    let shown = match reading.byoyomi {
        Some(left) => {
            let seconds = whole_seconds(left);
            let ink = match seconds <= LAST_SECONDS {
                true => theme::PROMOTED_INK,
                false => theme::TILE_INK,
            };
            fitted(ui, (marker, &time), ink)
        }
        None => {
            let ink = match reading.out {
                true => theme::PROMOTED_INK,
                false => theme::TILE_INK,
            };
            fitted(ui, (marker, &time), ink)
        }
    };
    ui.ctx()
        .accesskit_node_builder(shown.id, |node| node.set_label(name));
    if reading.out {
        ui.label(RichText::new(t.time_up).color(theme::PROMOTED_INK).strong());
    }
}

/// The smallest a clock's time gets in the narrowest box (a small window with the review
/// or the analysis beside the board): under the readable size the rest of the window keeps,
/// since a time cut short ("» 9…") or broken ("9:" over "58") cannot be read at all.
const SMALLEST_TIME: f32 = 10.0;

/// The time on one line, after the running clock's `marker`: in a box too narrow for its
/// size the text gets smaller, down to the readable size; the marker goes next (the
/// running clock's frame still marks it), then the time gets smaller still, down to
/// [`SMALLEST_TIME`], and only past that is it cut short.
fn fitted(ui: &mut Ui, (marker, time): (&str, &str), ink: Color32) -> egui::Response {
    const SIZE: f32 = 18.0;
    let room = ui.available_width();
    let text = |shown: &str, size: f32| RichText::new(shown).size(size).strong().color(ink);
    let width = |shown: &str| {
        WidgetText::from(text(shown, SIZE))
            .into_galley(
                ui,
                Some(TextWrapMode::Extend),
                f32::INFINITY,
                TextStyle::Body,
            )
            .size()
            .x
    };
    let marked = format!("{marker}{time}");
    let shown = match width(&marked) * MIN_TEXT / SIZE > room {
        true => time.to_owned(),
        false => marked,
    };
    let wide = width(&shown);
    let size = match wide > room && wide > 0.0 {
        true => (SIZE * room / wide).max(SMALLEST_TIME),
        false => SIZE,
    };
    ui.add(Label::new(text(&shown, size)).truncate())
}

/// Seconds as a clock counts them: a part second left still shows as a second.
fn whole_seconds(time: Duration) -> u64 {
    time.as_millis().div_ceil(1000) as u64
}

/// `9:58`, `1:02:03`.
pub fn clock_text(time: Duration) -> String {
    let secs = whole_seconds(time);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_as_minutes_and_seconds_rounded_up() {
        assert_eq!(clock_text(Duration::from_secs(598)), "9:58");
        assert_eq!(clock_text(Duration::from_millis(59_100)), "1:00");
        assert_eq!(clock_text(Duration::from_secs(3723)), "1:02:03");
        assert_eq!(clock_text(Duration::ZERO), "0:00");
    }
}
