//! The review beside the board: the analysis's progress and Cancel, each side's summary,
//! the evaluation graph, and the verdict on the move shown with why, Try again and Next
//! mistake. Only draws and returns intents; the app builds its [`PanelState`].

use super::eval_graph::{self, EvalGraph};
use super::intent::Intent;
use super::review_words as words;
use crate::review::Verdict;
use egui::{ProgressBar, RichText, ScrollArea, Ui};

/// Everything the panel shows.
pub struct PanelState {
    /// Positions analysed and in the game, while the analysis runs.
    pub progress: Option<(usize, usize)>,
    /// Sente's summary, then Gote's.
    pub sides: [SideRow; 2],
    pub chances: Vec<Option<f64>>,
    pub verdicts: Vec<Option<Verdict>>,
    /// The position on the board.
    pub shown: usize,
    pub shown_move: MoveShown,
    pub retry: Option<RetryShown>,
}

/// One side's totals, written.
pub struct SideRow {
    pub name: &'static str,
    /// Accuracy, inaccuracies, mistakes, blunders, mates missed / allowed.
    pub cells: [String; 5],
}

/// The move that led to the position shown.
pub enum MoveShown {
    Start,
    Pending,
    Judged {
        ply: usize,
        heading: String,
        verdict: Verdict,
        /// A missed or allowed mate, named.
        mate: Option<String>,
        why: String,
        /// The engine's move, when another was played and it mattered.
        best: Option<String>,
        can_retry: bool,
    },
}

/// A mistake being tried again.
pub struct RetryShown {
    pub ply: usize,
    pub judging: bool,
    pub note: Option<String>,
    pub answer: Option<String>,
    pub solved: bool,
}

pub fn show(ui: &mut Ui, s: &PanelState) -> Vec<Intent> {
    let mut intents = Vec::new();
    ui.horizontal(|ui| {
        ui.heading(words::HEADING);
        if ui.button(words::CLOSE).clicked() {
            intents.push(Intent::CloseReview);
        }
    });
    if let Some((done, total)) = s.progress {
        ui.horizontal(|ui| {
            let fraction = if total == 0 {
                1.0
            } else {
                done as f32 / total as f32
            };
            ui.add(
                ProgressBar::new(fraction)
                    .desired_width(ui.available_width() - 110.0)
                    .text(words::progress(done, total)),
            );
            if ui.button(words::CANCEL).clicked() {
                intents.push(Intent::CancelReview);
            }
        });
    }
    summary(ui, &s.sides);
    let graph = EvalGraph {
        chances: &s.chances,
        verdicts: &s.verdicts,
        shown: s.shown,
    };
    intents.extend(graph.show(ui));
    ui.add_space(4.0);
    ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| match &s.retry {
            Some(retry) if retry.ply == s.shown + 1 => intents.extend(show_retry(ui, retry)),
            _ => intents.extend(show_move(ui, &s.shown_move)),
        });
    intents
}

fn summary(ui: &mut Ui, sides: &[SideRow; 2]) {
    egui::Grid::new("review summary")
        .striped(true)
        .spacing([12.0, 2.0])
        .show(ui, |ui| {
            ui.label("");
            for (heading, hover) in words::SUMMARY_COLUMNS.iter().zip(words::SUMMARY_HOVER) {
                ui.strong(*heading).on_hover_text(hover);
            }
            ui.end_row();
            for side in sides {
                ui.label(side.name);
                for cell in &side.cells {
                    ui.label(cell);
                }
                ui.end_row();
            }
        });
}

fn show_move(ui: &mut Ui, shown: &MoveShown) -> Vec<Intent> {
    let mut intents = Vec::new();
    let (ply, heading, verdict, mate, why, best, can_retry) = match shown {
        MoveShown::Start => {
            ui.weak(words::START_POSITION);
            ui.weak(words::CLICK_A_MOVE);
            return next_mistake_button(ui);
        }
        MoveShown::Pending => {
            ui.weak(words::NOT_JUDGED_YET);
            return intents;
        }
        MoveShown::Judged {
            ply,
            heading,
            verdict,
            mate,
            why,
            best,
            can_retry,
        } => (*ply, heading, *verdict, mate, why, best, *can_retry),
    };
    let mut text = RichText::new(heading).strong().size(15.0);
    if let Some(color) = eval_graph::verdict_color(verdict) {
        text = text.color(color);
    }
    ui.label(text);
    if let Some(mate) = mate {
        ui.label(RichText::new(mate).strong());
    }
    if !why.is_empty() {
        ui.label(why);
    }
    if let Some(best) = best {
        ui.label(best);
    }
    ui.horizontal(|ui| {
        if can_retry
            && ui
                .button(words::TRY_AGAIN)
                .on_hover_text(words::TRY_AGAIN_HOVER)
                .clicked()
        {
            intents.push(Intent::TryAgain(ply));
        }
        intents.extend(next_mistake_button(ui));
    });
    intents
}

fn next_mistake_button(ui: &mut Ui) -> Vec<Intent> {
    if ui.button(words::NEXT_MISTAKE).clicked() {
        vec![Intent::NextMistake]
    } else {
        Vec::new()
    }
}

fn show_retry(ui: &mut Ui, retry: &RetryShown) -> Vec<Intent> {
    let mut intents = Vec::new();
    if retry.judging {
        ui.label(RichText::new(words::JUDGING).italics());
    } else if !retry.solved {
        ui.label(RichText::new(words::TRY_PROMPT).strong());
    }
    if let Some(note) = &retry.note {
        ui.label(note);
    }
    if let Some(answer) = &retry.answer {
        ui.label(RichText::new(answer).strong());
    }
    ui.horizontal(|ui| {
        if retry.answer.is_none() && ui.button(words::SHOW_ANSWER).clicked() {
            intents.push(Intent::ShowAnswer);
        }
        if ui.button(words::STOP_TRYING).clicked() {
            intents.push(Intent::StopTrying);
        }
        intents.extend(next_mistake_button(ui));
    });
    intents
}
