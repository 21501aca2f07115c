//! The review beside the board: the analysis's progress and Cancel, each side's summary,
//! the evaluation graph, and the verdict on the move shown with why, Try again and Next
//! mistake. Only draws and returns intents; the app builds its [`ReviewPanelState`].

use crate::gui::intent::Intent;
use crate::gui::panels::announce::{self, Urgency};
use crate::gui::review_panel::eval_graph::{self, EvalGraph};
use crate::i18n::{Language, Strings, fill};
use crate::review::Verdict;
use egui::{ProgressBar, RichText, ScrollArea, Ui};

/// Everything the panel shows.
pub struct ReviewPanelState {
    /// Positions analysed and in the game, while the analysis runs.
    pub progress: Option<(usize, usize)>,
    /// Mistakes the deep pass has looked at again, and all it is to look at, while it runs.
    pub deep_progress: Option<(usize, usize)>,
    /// Sente's summary, then Gote's.
    pub sides: [SideRow; 2],
    pub chances: Vec<Option<f64>>,
    pub verdicts: Vec<Option<Verdict>>,
    /// The position on the board.
    pub shown: usize,
    pub shown_move: MoveShown,
    pub retry: Option<RetryShown>,
    /// Sente by name: 下手 in a handicap game.
    pub sente: &'static str,
}

/// One side's totals, written.
pub struct SideRow {
    /// ☗ or ☖.
    pub mark: &'static str,
    pub name: String,
    /// Accuracy, inaccuracies, mistakes, blunders, mates missed / allowed.
    pub cells: [String; 5],
}

/// The move that led to the position shown.
pub enum MoveShown {
    Start,
    Pending,
    /// A move of a variation, or past the reviewed game's end: the review has no verdict on
    /// it, and will have none.
    NotInGame,
    Judged {
        ply: usize,
        heading: String,
        verdict: Verdict,
        /// A missed or allowed mate, named.
        mate: Option<String>,
        why: String,
        /// The deep pass is yet to check `why`: it may change.
        checking: bool,
        /// The engine's move, when another was played and it mattered.
        best: Option<String>,
        /// The engine's best moves in the position before, with scores.
        best_moves: Option<String>,
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

/// The verdict's mark after a move in the list, as annotators write them: ?! ? ??.
pub fn verdict_mark(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Best | Verdict::Good => "",
        Verdict::Inaccuracy => "?!",
        Verdict::Mistake => "?",
        Verdict::Blunder => "??",
    }
}

pub fn show(ui: &mut Ui, s: &ReviewPanelState, lang: Language) -> Vec<Intent> {
    let t = lang.strings();
    let mut intents = Vec::new();
    ui.horizontal_wrapped(|ui| {
        ui.heading(t.review_heading);
        if ui.button(t.review_close).clicked() {
            intents.push(Intent::CloseReview);
        }
    });
    // The analysis's progress, then the deep pass's; Cancel stops either.
    let running = match (s.progress, s.deep_progress) {
        (Some(progress), _) => Some((progress, t.review_progress)),
        (None, Some(progress)) => Some((progress, t.review_deep_progress)),
        (None, None) => None,
    };
    if let Some(((done, total), template)) = running {
        // In a narrow column the bar keeps room for its words and Cancel goes under it.
        ui.horizontal_wrapped(|ui| {
            let fraction = if total == 0 {
                1.0
            } else {
                done as f32 / total as f32
            };
            let room = ui.available_width();
            ui.add(
                ProgressBar::new(fraction)
                    .desired_width((room - 110.0).max(BAR_NARROWEST.min(room)))
                    .text(fill(template, &[("done", &done), ("total", &total)])),
            );
            if ui.button(t.review_cancel).clicked() {
                intents.push(Intent::CancelReview);
            }
        });
    }
    summary(ui, &s.sides, t);
    let graph = EvalGraph {
        chances: &s.chances,
        verdicts: &s.verdicts,
        shown: s.shown,
        sente: s.sente,
    };
    intents.extend(graph.show(ui, t));
    ui.add_space(4.0);
    ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| match &s.retry {
            Some(retry) if retry.ply == s.shown + 1 => intents.extend(show_retry(ui, retry, t)),
            _ => intents.extend(show_move(ui, &s.shown_move, t)),
        });
    intents
}

/// The progress bar's narrowest: its words ("Analysing 12 / 120", 「確認中 3 / 7」) in full.
const BAR_NARROWEST: f32 = 150.0;

/// The review column's inner width below which the summary names each side by its mark
/// alone (the name on hover), so that the table fits beside the analysis.
const NAMES_NEED: f32 = 215.0;

fn summary(ui: &mut Ui, sides: &[SideRow; 2], t: &Strings) {
    let narrow = ui.available_width() < NAMES_NEED;
    egui::Grid::new("review summary")
        .striped(true)
        .min_col_width(0.0)
        .spacing([if narrow { 6.0 } else { 10.0 }, 2.0])
        .show(ui, |ui| {
            ui.label("");
            let columns = [
                (t.review_accuracy, t.review_accuracy_tip),
                ("?!", t.review_inaccuracy_tip),
                ("?", t.review_mistake_tip),
                ("??", t.review_blunder_tip),
                (t.review_mates, t.review_mates_tip),
            ];
            for (heading, hover) in columns {
                ui.strong(heading).on_hover_text(hover);
            }
            ui.end_row();
            for side in sides {
                match narrow {
                    true => ui.label(side.mark).on_hover_text(&side.name),
                    false => ui.label(format!("{} {}", side.mark, side.name)),
                };
                for cell in &side.cells {
                    ui.label(cell);
                }
                ui.end_row();
            }
        });
}

fn show_move(ui: &mut Ui, shown: &MoveShown, t: &Strings) -> Vec<Intent> {
    let mut intents = Vec::new();
    let (ply, heading, verdict, mate, why, checking, best, best_moves, can_retry) = match shown {
        MoveShown::Start => {
            ui.weak(t.review_start_position);
            ui.weak(t.review_click_a_move);
            return ui.horizontal_wrapped(|ui| next_mistake_button(ui, t)).inner;
        }
        MoveShown::Pending => {
            ui.weak(t.review_not_judged_yet);
            return intents;
        }
        MoveShown::NotInGame => {
            ui.weak(t.review_not_in_game);
            return intents;
        }
        MoveShown::Judged {
            ply,
            heading,
            verdict,
            mate,
            why,
            checking,
            best,
            best_moves,
            can_retry,
        } => (
            *ply, heading, *verdict, mate, why, *checking, best, best_moves, *can_retry,
        ),
    };
    // The verdict read out with its move as the move is shown: heading, mate, reason, better move.
    let spoken: Vec<&str> = [
        Some(heading.as_str()),
        mate.as_deref(),
        Some(why.as_str()),
        best.as_deref(),
    ]
    .into_iter()
    .flatten()
    .filter(|part| !part.is_empty())
    .collect();
    announce::live(ui, &spoken.join(t.review_sentence_gap), Urgency::Polite);
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
    if checking {
        let mark = RichText::new(t.review_checking).italics().weak();
        ui.label(mark).on_hover_text(t.review_checking_tip);
    }
    if let Some(best) = best {
        ui.label(best);
    }
    if let Some(best_moves) = best_moves {
        ui.label(RichText::new(best_moves).weak());
    }
    // Wrapped: in a narrow column the last button goes to a second row rather than past
    // the column's edge.
    ui.horizontal_wrapped(|ui| {
        if can_retry
            && ui
                .button(t.review_try_again)
                .on_hover_text(t.review_try_again_tip)
                .clicked()
        {
            intents.push(Intent::TryAgain(ply));
        }
        intents.extend(next_mistake_button(ui, t));
    });
    intents
}

/// The buttons that step to the mistake before and after the move shown.
fn next_mistake_button(ui: &mut Ui, t: &Strings) -> Vec<Intent> {
    let mut intents = Vec::new();
    if ui.button(t.review_previous_mistake).clicked() {
        intents.push(Intent::PreviousMistake);
    }
    if ui.button(t.review_next_mistake).clicked() {
        intents.push(Intent::NextMistake);
    }
    intents
}

fn show_retry(ui: &mut Ui, retry: &RetryShown, t: &Strings) -> Vec<Intent> {
    let mut intents = Vec::new();
    if retry.judging {
        ui.label(RichText::new(t.review_judging).italics());
    } else if !retry.solved {
        ui.label(RichText::new(t.review_try_prompt).strong());
    }
    if let Some(note) = &retry.note {
        ui.label(note);
    }
    if let Some(answer) = &retry.answer {
        ui.label(RichText::new(answer).strong());
    }
    ui.horizontal_wrapped(|ui| {
        if retry.answer.is_none() && ui.button(t.review_show_answer).clicked() {
            intents.push(Intent::ShowAnswer);
        }
        if ui.button(t.review_stop_trying).clicked() {
            intents.push(Intent::StopTrying);
        }
        intents.extend(next_mistake_button(ui, t));
    });
    intents
}
