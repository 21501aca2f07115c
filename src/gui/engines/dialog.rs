//! The Engines dialog: add a USI engine by its program file, set its options, remove it,
//! and choose which engine plays each role. What the app knows (the list, the roles) is
//! read from the settings; what is only the dialog's (the path typed, the engine whose
//! options are open, the engine being started) is its form.

use crate::gui::dialogs::dialog::{Dialog, EnginesForm, TypedValue};
use crate::gui::intent::Intent;
use crate::gui::storage::engine_list::{EngineEntry, EngineList, EngineRole, PRESS};
use crate::i18n::{EngineStrings, Language, fill};
use crate::usi::client::{EngineOption, OptionKind};
use egui::{RichText, Ui};
use std::path::PathBuf;

/// The dialog; returns what the player changed and decided.
pub fn show(ui: &mut Ui, form: &EnginesForm, list: &EngineList, lang: Language) -> Vec<Intent> {
    let t = lang.engines();
    let mut intents = Vec::new();
    let mut new_form = form.clone();
    ui.heading(t.heading);
    ui.label(t.intro);
    ui.add_space(6.0);
    add_row(ui, &mut new_form, &mut intents, t);
    ui.add_space(6.0);
    egui::ScrollArea::vertical()
        .max_height(ui.ctx().content_rect().height() * 0.55)
        .show(ui, |ui| {
            if list.engines.is_empty() {
                ui.label(RichText::new(t.none_yet).italics());
            }
            for entry in &list.engines {
                engine_row(ui, entry, &mut new_form, &mut intents, t);
                if new_form.options_of == Some(entry.id) {
                    options(ui, entry, &mut new_form, &mut intents, t);
                }
            }
        });
    ui.separator();
    roles(ui, list, &mut intents, t);
    let margin = crate::gui::engines::seat::MOVE_MARGIN.as_secs_f64();
    ui.label(RichText::new(fill(t.margin_note, &[("seconds", &margin)])).small());
    ui.add_space(8.0);
    if ui.button(t.close).clicked() {
        intents.push(Intent::Cancel);
    }
    if new_form != *form {
        intents.insert(0, Intent::EditDialog(Dialog::Engines(new_form)));
    }
    intents
}

fn add_row(ui: &mut Ui, form: &mut EnginesForm, intents: &mut Vec<Intent>, t: &EngineStrings) {
    ui.horizontal(|ui| {
        let label = ui.label(t.program);
        let field = egui::TextEdit::singleline(&mut form.path)
            .desired_width(300.0)
            .hint_text(t.program_hint);
        ui.add(field).labelled_by(label.id);
        if ui.button(t.browse).clicked() {
            intents.push(Intent::BrowseEngine);
        }
        let path = form.path.trim();
        let can_add = !path.is_empty() && form.adding.is_none();
        if ui
            .add_enabled(can_add, egui::Button::new(t.add))
            .on_hover_text(t.add_tip)
            .clicked()
        {
            intents.push(Intent::AddEngine(PathBuf::from(path)));
        }
    });
    if let Some(program) = &form.adding {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(fill(t.adding, &[("program", &program.display())]));
        });
    }
    match &form.outcome {
        Some(Ok(name)) => {
            ui.label(fill(t.added, &[("name", name)]));
        }
        Some(Err(why)) => {
            ui.colored_label(crate::gui::theme::PROMOTED_INK, why);
        }
        None => {}
    }
}

fn engine_row(
    ui: &mut Ui,
    entry: &EngineEntry,
    form: &mut EnginesForm,
    intents: &mut Vec<Intent>,
    t: &EngineStrings,
) {
    ui.horizontal(|ui| {
        ui.label(RichText::new(&entry.name).strong());
        if !entry.author.is_empty() {
            ui.label(fill(t.by_author, &[("author", &entry.author)]));
        }
        let open = form.options_of == Some(entry.id);
        if ui.selectable_label(open, t.options).clicked() {
            form.options_of = if open { None } else { Some(entry.id) };
        }
        if ui.button(t.remove).clicked() {
            intents.push(Intent::RemoveEngine(entry.id));
        }
    });
    ui.label(
        RichText::new(entry.program.display().to_string())
            .small()
            .weak(),
    );
}

/// One row per option, each with the widget of its kind, and under an option that refused
/// the value given, why.
fn options(
    ui: &mut Ui,
    entry: &EngineEntry,
    form: &mut EnginesForm,
    intents: &mut Vec<Intent>,
    t: &EngineStrings,
) {
    ui.group(|ui| {
        ui.label(RichText::new(fill(t.options_heading, &[("name", &entry.name)])).strong());
        if entry.options.is_empty() {
            ui.label(t.no_options);
        }
        egui::Grid::new(("engine options", entry.id))
            .num_columns(3)
            .striped(true)
            .show(ui, |ui| {
                for option in &entry.options {
                    let label = ui.label(&option.name);
                    let field = Field {
                        entry,
                        option,
                        label: label.id,
                    };
                    let changed = option_widget(ui, &field, form, intents, t);
                    let set = entry.values.contains_key(&option.name);
                    if ui
                        .add_enabled(set, egui::Button::new(t.default_value).small())
                        .on_hover_text(t.default_value_tip)
                        .clicked()
                    {
                        intents.push(set_option(entry, option, None));
                    }
                    if let Some(value) = changed {
                        intents.push(set_option(entry, option, Some(value)));
                    }
                    ui.end_row();
                    let refused = (form.refused.as_ref())
                        .filter(|r| r.engine == entry.id && r.option == option.name);
                    if let Some(refused) = refused {
                        ui.label("");
                        ui.colored_label(crate::gui::theme::PROMOTED_INK, &refused.why);
                        ui.end_row();
                    }
                }
            });
    });
}

fn set_option(entry: &EngineEntry, option: &EngineOption, value: Option<String>) -> Intent {
    Intent::SetEngineOption {
        engine: entry.id,
        name: option.name.clone(),
        value,
    }
}

/// An option's row: the engine, the option, and the label its field is read by.
struct Field<'a> {
    entry: &'a EngineEntry,
    option: &'a EngineOption,
    label: egui::Id,
}

impl Field<'_> {
    /// The field's own id, the same from frame to frame whatever the rows around it do, so
    /// the keyboard focus stays in the field typed into.
    fn id_salt(&self) -> (&'static str, u32, &str) {
        ("engine option", self.entry.id, self.option.name.as_str())
    }
}

/// The option's widget; the new value when the player changed it. A number is typed as
/// text and given when the field is left (Enter, Tab or a click elsewhere): the option
/// takes it or refuses it with a word, never clamps it.
fn option_widget(
    ui: &mut Ui,
    field: &Field,
    form: &mut EnginesForm,
    intents: &mut Vec<Intent>,
    t: &EngineStrings,
) -> Option<String> {
    let (entry, option, label) = (field.entry, field.option, field.label);
    let value = entry.value(option).unwrap_or_default();
    match &option.kind {
        OptionKind::Spin { min, max, .. } => {
            let typing = (form.typed.as_ref())
                .filter(|typed| typed.engine == entry.id && typed.option == option.name)
                .map(|typed| typed.text.clone());
            let was_typing = typing.is_some();
            let mut text = typing.unwrap_or_else(|| value.clone());
            let response = ui
                .add(
                    egui::TextEdit::singleline(&mut text)
                        .id_salt(field.id_salt())
                        .desired_width(110.0)
                        .hint_text(format!("{min} – {max}")),
                )
                .labelled_by(label)
                .on_hover_text(format!("{min} – {max}"));
            if response.changed() {
                form.typed = Some(TypedValue {
                    engine: entry.id,
                    option: option.name.clone(),
                    text: text.clone(),
                });
            }
            if response.lost_focus() {
                if was_typing || response.changed() {
                    form.typed = None;
                }
                let given = text.trim();
                return (given != value).then(|| given.to_owned());
            }
            None
        }
        OptionKind::Check { .. } => {
            let mut on = value == "true";
            ui.checkbox(&mut on, "")
                .labelled_by(label)
                .changed()
                .then(|| on.to_string())
        }
        OptionKind::Combo { choices, .. } => {
            let mut chosen = value.clone();
            egui::ComboBox::from_id_salt(("engine combo", entry.id, &option.name))
                .selected_text(&chosen)
                .show_ui(ui, |ui| {
                    for choice in choices {
                        ui.selectable_value(&mut chosen, choice.clone(), choice);
                    }
                })
                .response
                .labelled_by(label);
            (chosen != value).then_some(chosen)
        }
        OptionKind::String { .. } => {
            let mut text = value.clone();
            // Sized, or the grid's column squeezes a path to a few letters.
            let edit = egui::TextEdit::singleline(&mut text).id_salt(field.id_salt());
            ui.add_sized([220.0, 20.0], edit).labelled_by(label);
            (text != value && !text.contains('\n')).then_some(text)
        }
        OptionKind::Filename { .. } => {
            let mut text = value.clone();
            ui.horizontal(|ui| {
                let edit = egui::TextEdit::singleline(&mut text).id_salt(field.id_salt());
                ui.add_sized([220.0, 20.0], edit).labelled_by(label);
                if ui.button(t.browse).clicked() {
                    intents.push(Intent::BrowseEngineOption {
                        engine: entry.id,
                        name: option.name.clone(),
                    });
                }
            });
            (text != value && !text.contains('\n')).then_some(text)
        }
        OptionKind::Button => {
            let mut press = entry.values.get(&option.name).map(String::as_str) == Some(PRESS);
            ui.checkbox(&mut press, t.press_at_start)
                .changed()
                .then(|| {
                    if press {
                        PRESS.to_owned()
                    } else {
                        String::new()
                    }
                })
        }
    }
}

/// A choice per role: the built-in engine or one of the added ones.
fn roles(ui: &mut Ui, list: &EngineList, intents: &mut Vec<Intent>, t: &EngineStrings) {
    ui.label(RichText::new(t.roles_heading).strong());
    egui::Grid::new("engine roles")
        .num_columns(2)
        .show(ui, |ui| {
            for role in EngineRole::ALL {
                let name = match role {
                    EngineRole::Opponent => t.role_opponent,
                    EngineRole::Hints => t.role_hints,
                    EngineRole::Analysis => t.role_analysis,
                    EngineRole::Review => t.role_review,
                };
                let label = ui.label(name);
                let current = list.roles.get(role);
                let mut chosen = current;
                let shown = list.for_role(role).map_or(t.built_in, |e| e.name.as_str());
                egui::ComboBox::from_id_salt(("engine role", name))
                    .selected_text(shown)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut chosen, None, t.built_in);
                        for entry in &list.engines {
                            ui.selectable_value(&mut chosen, Some(entry.id), &entry.name);
                        }
                    })
                    .response
                    .labelled_by(label.id);
                if chosen != current {
                    intents.push(Intent::SetEngineRole(role, chosen));
                }
                ui.end_row();
            }
        });
}
