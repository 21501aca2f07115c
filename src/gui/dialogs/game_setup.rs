//! What a new game is played at besides side and level: the odds (a handicap received or
//! given) and each side's time control; and its part of the New game form.

use crate::clock::{ControlKind, TimeControl};
use crate::gui::ladder::odds::Odds;
use crate::i18n::{Language, handicap_name};
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
pub fn form(ui: &mut Ui, setup: GameSetup, lang: Language) -> GameSetup {
    let t = lang.strings();
    let mut edited = setup;
    ui.label(t.handicap);
    odds_choice(ui, &mut edited.odds, lang);
    ui.add_space(6.0);
    ui.label(t.clock);
    egui::Grid::new("clocks").num_columns(2).show(ui, |ui| {
        let label = ui.label(t.your_clock);
        time_choice(ui, label.id, "your clock", &mut edited.player_time, lang);
        ui.end_row();
        let label = ui.label(t.ai_clock);
        time_choice(ui, label.id, "the AI's clock", &mut edited.ai_time, lang);
        ui.end_row();
    });
    edited
}

/// Even, or who gives which handicap: a give/take choice and the handicap.
fn odds_choice(ui: &mut Ui, odds: &mut Odds, lang: Language) {
    let t = lang.strings();
    ui.horizontal(|ui| {
        let handicap = odds.handicap().unwrap_or(Handicap::Lance);
        ui.radio_value(odds, Odds::Even, t.odds_even);
        ui.radio_value(odds, Odds::Receive(handicap), t.receive_handicap);
        ui.radio_value(odds, Odds::Give(handicap), t.give_handicap);
    });
    let (Some(mut handicap), receive) = (odds.handicap(), matches!(odds, Odds::Receive(_))) else {
        return;
    };
    ComboBox::new("handicap", t.handicap_pieces)
        .selected_text(handicap_name(lang, handicap))
        .show_ui(ui, |ui| {
            for choice in Handicap::STANDARD {
                ui.selectable_value(&mut handicap, choice, handicap_name(lang, choice));
            }
        });
    *odds = if receive {
        Odds::Receive(handicap)
    } else {
        Odds::Give(handicap)
    };
    ui.label(if receive { t.ai_gives } else { t.you_give });
}

/// A control's kind, then its main time in minutes and its byoyomi or increment in seconds.
fn time_choice(
    ui: &mut Ui,
    label: egui::Id,
    whose: &str,
    control: &mut TimeControl,
    lang: Language,
) {
    let t = lang.strings();
    let name = |kind: ControlKind| match kind {
        ControlKind::Unlimited => t.control_none,
        ControlKind::Byoyomi => t.control_byoyomi,
        ControlKind::Fischer => t.control_fischer,
        ControlKind::SuddenDeath => t.control_sudden_death,
    };
    ui.horizontal(|ui| {
        let mut kind = control.kind();
        let mut minutes = control.main().as_secs() / 60;
        let mut seconds = control.period().max(control.increment()).as_secs();
        ComboBox::from_id_salt(whose)
            .selected_text(name(kind))
            .show_ui(ui, |ui| {
                for choice in ControlKind::ALL {
                    ui.selectable_value(&mut kind, choice, name(choice));
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
            ui.add(
                DragValue::new(&mut minutes)
                    .range(0..=600)
                    .suffix(t.minutes_suffix),
            );
        }
        match kind {
            ControlKind::Byoyomi => {
                ui.add(
                    DragValue::new(&mut seconds)
                        .range(0..=600)
                        .suffix(t.byoyomi_suffix),
                );
            }
            ControlKind::Fischer => {
                ui.add(
                    DragValue::new(&mut seconds)
                        .range(0..=600)
                        .suffix(t.increment_suffix),
                );
            }
            _ => {}
        }
        let main = Duration::from_secs(minutes * 60);
        *control = TimeControl::of_kind(kind, main, Duration::from_secs(seconds));
    });
}
