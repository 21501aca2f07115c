//! What a new game is played at besides side and level: the odds (a handicap received or
//! given) and each side's time control; and its part of the New game form.

use super::odds::{Odds, handicap_name};
use crate::clock::{ControlKind, TimeControl};
use crate::rules::Handicap;
use egui::{ComboBox, DragValue, Ui};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The odds and clocks chosen for a game (remembered in the settings for the next one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameSetup {
    pub odds: Odds,
    pub player_time: TimeControl,
    pub ai_time: TimeControl,
}

/// Shows the odds and clock choices; returns the setup as edited.
pub fn form(ui: &mut Ui, setup: GameSetup) -> GameSetup {
    let mut edited = setup;
    ui.label("Handicap");
    odds_choice(ui, &mut edited.odds);
    ui.add_space(6.0);
    ui.label("Clock");
    egui::Grid::new("clocks").num_columns(2).show(ui, |ui| {
        let label = ui.label("Your clock");
        time_choice(ui, label.id, "your clock", &mut edited.player_time);
        ui.end_row();
        let label = ui.label("AI's clock");
        time_choice(ui, label.id, "the AI's clock", &mut edited.ai_time);
        ui.end_row();
    });
    edited
}

/// Even, or who gives which handicap: a give/take choice and the handicap.
fn odds_choice(ui: &mut Ui, odds: &mut Odds) {
    ui.horizontal(|ui| {
        let handicap = odds.handicap().unwrap_or(Handicap::Lance);
        ui.radio_value(odds, Odds::Even, "Even");
        ui.radio_value(odds, Odds::Receive(handicap), "You receive a handicap");
        ui.radio_value(odds, Odds::Give(handicap), "You give a handicap");
    });
    let (Some(mut handicap), receive) = (odds.handicap(), matches!(odds, Odds::Receive(_))) else {
        return;
    };
    ComboBox::new("handicap", "off the giver's board")
        .selected_text(handicap_name(handicap))
        .show_ui(ui, |ui| {
            for choice in Handicap::STANDARD {
                ui.selectable_value(&mut handicap, choice, handicap_name(choice));
            }
        });
    *odds = if receive {
        Odds::Receive(handicap)
    } else {
        Odds::Give(handicap)
    };
    ui.label(if receive {
        "The AI plays 上手 (Gote), without those pieces, and moves first."
    } else {
        "You play 上手 (Gote), without those pieces, and move first."
    });
}

/// A control's kind, then its main time in minutes and its byoyomi or increment in seconds.
fn time_choice(ui: &mut Ui, label: egui::Id, whose: &str, control: &mut TimeControl) {
    ui.horizontal(|ui| {
        let mut kind = control.kind();
        let mut minutes = control.main().as_secs() / 60;
        let mut seconds = control.period().max(control.increment()).as_secs();
        ComboBox::from_id_salt(whose)
            .selected_text(kind.name())
            .show_ui(ui, |ui| {
                for choice in ControlKind::ALL {
                    ui.selectable_value(&mut kind, choice, choice.name());
                }
            })
            .response
            .labelled_by(label);
        if kind != control.kind() && *control == TimeControl::Unlimited {
            // A clock just switched on starts from the usual 10 min + 30 s.
            minutes = 10;
            seconds = 30;
        }
        if kind != ControlKind::Unlimited {
            ui.add(DragValue::new(&mut minutes).range(0..=600).suffix(" min"));
        }
        match kind {
            ControlKind::Byoyomi => {
                ui.add(
                    DragValue::new(&mut seconds)
                        .range(0..=600)
                        .suffix(" s byoyomi"),
                );
            }
            ControlKind::Fischer => {
                ui.add(
                    DragValue::new(&mut seconds)
                        .range(0..=600)
                        .suffix(" s a move"),
                );
            }
            _ => {}
        }
        let main = Duration::from_secs(minutes * 60);
        *control = TimeControl::of_kind(kind, main, Duration::from_secs(seconds));
    });
}
