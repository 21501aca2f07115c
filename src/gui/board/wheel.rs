//! The mouse wheel over the board steps through the moves, as the arrow keys do: turned
//! away from the player (down) one move forward, towards the player (up) one move back.

use egui::{Event, Id, MouseWheelUnit, Rect, Ui};

/// Points of a smooth (touchpad) scroll that make one step.
const POINTS_A_STEP: f32 = 50.0;

/// The moves the wheel stepped over `area` this frame: forward when positive. A wheel's
/// notch is one move; a touchpad's scroll counts by distance, what is left of a step
/// carried to the next frame.
pub fn steps(ui: &Ui, area: Rect) -> i64 {
    if !ui.rect_contains_pointer(area) {
        return 0;
    }
    let id = Id::unique("komadai board wheel carry");
    let mut carried: f32 = ui.ctx().data(|d| d.get_temp(id)).unwrap_or_default();
    let mut steps = 0;
    ui.input(|input| {
        for event in &input.events {
            // The content moves down (a positive y) when the wheel turns up: a step back.
            let Event::MouseWheel { unit, delta, .. } = event else {
                continue;
            };
            match unit {
                MouseWheelUnit::Line | MouseWheelUnit::Page => {
                    steps -= delta.y.signum() as i64 * delta.y.abs().ceil() as i64;
                }
                MouseWheelUnit::Point => {
                    carried -= delta.y;
                    let whole = (carried / POINTS_A_STEP).trunc();
                    steps += whole as i64;
                    carried -= whole * POINTS_A_STEP;
                }
            }
        }
    });
    ui.ctx().data_mut(|d| d.insert_temp(id, carried));
    steps
}

/// The ply `steps` moves from `shown`, within the game's `last`.
pub fn stepped(shown: usize, steps: i64, last: usize) -> usize {
    let target = shown as i64 + steps;
    target.clamp(0, last as i64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stay_within_the_game() {
        assert_eq!(stepped(3, -5, 10), 0);
        assert_eq!(stepped(3, 2, 10), 5);
        assert_eq!(stepped(9, 4, 10), 10);
    }
}
