//! The clocks by the hand stands: who sits on each side (上手/下手 in a handicap game), the
//! time left, the running clock framed and marked, and the last seconds of byoyomi counted
//! down in red.

use crate::clock::Reading;
use crate::gui::theme;
use crate::i18n::{Language, fill};
use crate::rules::Color;
use egui::{Color32, Frame, Rect, RichText, Stroke, Ui, UiBuilder};
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
                ui.label(RichText::new(seat).color(theme::TILE_INK));
                if let Some(reading) = view.reading {
                    time_lines(ui, &reading, view);
                }
            });
    });
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
            let text = RichText::new(format!("{marker}{time}")).size(18.0).strong();
            let text = if seconds <= LAST_SECONDS {
                text.color(theme::PROMOTED_INK)
            } else {
                text.color(theme::TILE_INK)
            };
            ui.label(text)
        }
        None => {
            let ink = if reading.out {
                theme::PROMOTED_INK
            } else {
                theme::TILE_INK
            };
            ui.label(
                RichText::new(format!("{marker}{time}"))
                    .size(18.0)
                    .strong()
                    .color(ink),
            )
        }
    };
    ui.ctx()
        .accesskit_node_builder(shown.id, |node| node.set_label(name));
    if reading.out {
        ui.label(RichText::new(t.time_up).color(theme::PROMOTED_INK).strong());
    }
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
