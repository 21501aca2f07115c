//! The boxes about the record and the position on the board: the game's information, the
//! player's own name, jumping to a move number and the mate search's answer.

use super::buttons::buttons;
use super::dialog::{Dialog, GameInfo, MateView};
use crate::gui::intent::Intent;
use crate::i18n::{Language, fill};
use egui::{Key, RichText, Ui};

/// The record's event, start, time control and players; editable in a replay or a study.
pub fn game_info(ui: &mut Ui, info: &GameInfo, editable: bool, lang: Language) -> Vec<Intent> {
    let r = lang.records();
    let mut edited = info.clone();
    ui.heading(r.game_info_heading);
    ui.add_space(6.0);
    let sente = lang.seat(crate::rules::Color::Sente, info.handicap);
    let gote = lang.seat(crate::rules::Color::Gote, info.handicap);
    let fields: [(&str, &mut String, &str); 5] = [
        (r.event, &mut edited.event, ""),
        (r.start_time, &mut edited.start_time, r.start_time_hint),
        (
            r.time_control,
            &mut edited.time_control,
            r.time_control_hint,
        ),
        (sente, &mut edited.sente, ""),
        (gote, &mut edited.gote, ""),
    ];
    egui::Grid::new("game information")
        .num_columns(2)
        .spacing([8.0, 6.0])
        .show(ui, |ui| {
            for (name, value, hint) in fields {
                let label = ui.label(name);
                let field = egui::TextEdit::singleline(value)
                    .hint_text(hint)
                    .desired_width(280.0);
                ui.add_enabled(editable, field).labelled_by(label.id);
                ui.end_row();
            }
        });
    ui.add_space(8.0);
    let mut intents = Vec::new();
    if !editable {
        ui.label(RichText::new(r.game_info_live).weak());
        ui.add_space(6.0);
        if ui.button(r.close).clicked() {
            intents.push(Intent::Cancel);
        }
        return intents;
    }
    if edited != *info {
        intents.push(Intent::EditDialog(Dialog::GameInfo {
            info: edited.clone(),
            editable,
        }));
    }
    intents.extend(buttons(ui, r.keep, Intent::SetGameInfo(edited), lang));
    intents
}

/// The player's own name, used instead of "You".
pub fn player_name(ui: &mut Ui, name: &str, lang: Language) -> Vec<Intent> {
    let r = lang.records();
    let mut typed = name.to_owned();
    ui.heading(r.player_name_heading);
    ui.label(r.player_name_text);
    ui.add_space(6.0);
    let field = ui.add(
        egui::TextEdit::singleline(&mut typed)
            .hint_text(r.player_name_hint)
            .desired_width(260.0),
    );
    let entered = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
    ui.add_space(8.0);
    let mut intents = Vec::new();
    if typed != name {
        intents.push(Intent::EditDialog(Dialog::PlayerName(typed.clone())));
    }
    if entered {
        intents.push(Intent::SetPlayerName(typed));
        return intents;
    }
    intents.extend(buttons(ui, r.keep, Intent::SetPlayerName(typed), lang));
    intents
}

/// A move number to show: Go (or Enter) once it is one of the game's.
pub fn jump(ui: &mut Ui, text: &str, last: usize, lang: Language) -> Vec<Intent> {
    let r = lang.records();
    let mut typed = text.to_owned();
    ui.heading(r.jump_heading);
    let target = typed.trim().parse::<usize>().ok().filter(|&n| n <= last);
    let entered = ui
        .horizontal(|ui| {
            let label = ui.label(fill(r.jump_label, &[("last", &last)]));
            let field = ui.add(egui::TextEdit::singleline(&mut typed).desired_width(60.0));
            let field = field.labelled_by(label.id);
            if !field.has_focus() && typed.is_empty() {
                field.request_focus();
            }
            field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter))
        })
        .inner;
    if target.is_none() && !typed.trim().is_empty() {
        ui.colored_label(
            crate::gui::theme::PROMOTED_INK,
            fill(r.jump_bad, &[("last", &last)]),
        );
    }
    ui.add_space(8.0);
    let mut intents = Vec::new();
    if typed != text {
        intents.push(Intent::EditDialog(Dialog::Jump {
            text: typed.clone(),
            last,
        }));
    }
    let go = ui
        .horizontal(|ui| {
            let go = ui.add_enabled(target.is_some(), egui::Button::new(r.jump_go));
            if ui.button(lang.strings().cancel).clicked() {
                intents.push(Intent::Cancel);
            }
            go.clicked()
        })
        .inner;
    // The dialog closes first: `Cancel` with no dialog open would stop looking back.
    if let Some(ply) = target.filter(|_| go || entered) {
        intents.push(Intent::Cancel);
        intents.push(Intent::View(Some(ply)));
    }
    intents
}

/// The mate search under way (Stop), or its answer with the mating line (Copy, Close).
pub fn mate(ui: &mut Ui, view: &MateView, lang: Language) -> Vec<Intent> {
    let r = lang.records();
    let mut intents = Vec::new();
    ui.heading(r.mate_heading);
    ui.add_space(4.0);
    let Some((verdict, line)) = &view.answer else {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(fill(r.mate_searching, &[("side", &view.attacker)]));
        });
        ui.add_space(8.0);
        if ui.button(r.mate_stop).clicked() {
            intents.push(Intent::Cancel);
        }
        return intents;
    };
    ui.label(RichText::new(verdict).strong());
    if !line.is_empty() {
        ui.add(egui::Label::new(RichText::new(line).size(16.0)).wrap());
    }
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        if !line.is_empty() && ui.button(r.mate_copy).clicked() {
            intents.push(Intent::CopyLine(line.clone()));
        }
        if ui.button(r.close).clicked() {
            intents.push(Intent::Cancel);
        }
    });
    intents
}
