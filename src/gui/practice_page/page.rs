//! The Practice page beside the board: the exercise's task and what the last move came to,
//! Help and the answer, the rating with its graph and the streaks, the queue, the problem
//! sets and the import. Only draws and returns intents; the app builds its [`PageState`].

use super::graph;
use super::state::{Note, Tone};
use crate::gui::intent::Intent;
use crate::i18n::{Language, fill};
use egui::{Color32, Key, Modifiers, RichText, ScrollArea, Ui};

/// Everything the page shows, written.
pub struct PageState {
    pub rating: f64,
    pub streak: u32,
    pub best_streak: u32,
    pub days: u32,
    /// The player's rating after each attempt, oldest first.
    pub history: Vec<f64>,
    pub due: usize,
    pub waiting: usize,
    /// The queue's entries, soonest first.
    pub queue: Vec<String>,
    /// The finished games waiting for the background review, said in a sentence.
    pub kept: Option<String>,
    /// The exercise on the board, with its rating.
    pub task: Option<(String, String)>,
    pub note: Option<Note>,
    pub judging: bool,
    pub help: Option<String>,
    pub answer: Option<String>,
    pub can_help: bool,
    pub can_answer: bool,
    pub importing: Option<String>,
    pub broken: Vec<String>,
    /// The problem sets on offer.
    pub sets: Vec<String>,
}

/// Draws the page; N, H and A ask for the next exercise, help and the answer.
pub fn show(ui: &mut Ui, state: &PageState, lang: Language) -> Vec<Intent> {
    let t = lang.practice();
    let mut intents = keys(ui, state);
    ui.heading(t.heading);
    ScrollArea::vertical().show(ui, |ui| {
        if let Some((task, rating)) = &state.task {
            ui.label(RichText::new(task).strong());
            ui.weak(rating);
        } else {
            ui.label(t.nothing_left);
        }
        if state.judging {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(t.judging);
            });
        }
        if let Some(note) = &state.note {
            let colour = match note.tone {
                Tone::Right => Some(Color32::from_rgb(40, 140, 60)),
                Tone::Wrong => Some(Color32::from_rgb(190, 110, 20)),
                Tone::Neutral => None,
            };
            let text = RichText::new(&note.text);
            ui.label(match colour {
                Some(colour) => text.color(colour),
                None => text,
            });
        }
        if let Some(help) = &state.help {
            ui.label(help);
        }
        if let Some(answer) = &state.answer {
            ui.label(RichText::new(answer).strong());
        }
        ui.horizontal_wrapped(|ui| {
            if ui.button(t.next).on_hover_text(t.next_tip).clicked() {
                intents.push(Intent::NextExercise);
            }
            let help = ui.add_enabled(state.can_help, egui::Button::new(t.help));
            if help.on_hover_text(t.help_tip).clicked() {
                intents.push(Intent::PracticeHelp);
            }
            let answer = ui.add_enabled(state.can_answer, egui::Button::new(t.answer));
            if answer.on_hover_text(t.answer_tip).clicked() {
                intents.push(Intent::PracticeAnswer);
            }
        });
        ui.separator();
        ui.label(fill(
            t.rating,
            &[("rating", &format!("{:.0}", state.rating))],
        ));
        if state.history.len() >= 2 {
            graph::show(ui, &state.history);
        } else {
            ui.weak(t.graph_empty);
        }
        ui.label(fill(
            t.streaks,
            &[
                ("streak", &state.streak),
                ("best", &state.best_streak),
                ("days", &state.days),
            ],
        ));
        ui.separator();
        ui.label(RichText::new(t.queue_heading).strong());
        ui.label(fill(
            t.queue_counts,
            &[("due", &state.due), ("waiting", &state.waiting)],
        ));
        if state.queue.is_empty() {
            ui.weak(t.queue_empty);
        }
        for entry in &state.queue {
            ui.label(format!("• {entry}"));
        }
        if let Some(kept) = &state.kept {
            ui.weak(kept);
        }
        ui.separator();
        ui.label(RichText::new(t.sets_heading).strong());
        for set in &state.sets {
            ui.label(format!("• {set}"));
        }
        if let Some(importing) = &state.importing {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(importing);
            });
        } else if ui.button(t.import).on_hover_text(t.import_tip).clicked() {
            intents.push(Intent::ImportCollection);
        }
        for line in &state.broken {
            ui.label(line);
        }
        ui.separator();
        if ui.button(t.close).on_hover_text(t.close_tip).clicked() {
            intents.push(Intent::ClosePractice);
        }
        ui.weak(t.keys_hint);
    });
    intents
}

fn keys(ui: &mut Ui, state: &PageState) -> Vec<Intent> {
    let mut intents = Vec::new();
    if ui.ctx().text_edit_focused() {
        return intents;
    }
    ui.input_mut(|input| {
        if input.consume_key(Modifiers::NONE, Key::N) {
            intents.push(Intent::NextExercise);
        }
        if state.can_help && input.consume_key(Modifiers::NONE, Key::H) {
            intents.push(Intent::PracticeHelp);
        }
        if state.can_answer && input.consume_key(Modifiers::NONE, Key::A) {
            intents.push(Intent::PracticeAnswer);
        }
    });
    intents
}
