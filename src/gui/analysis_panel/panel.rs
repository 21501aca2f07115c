//! The analysis panel beside the board: Analyse / Stop, how many lines, and
//! the engine's best lines with score, depth and moves in the move list's
//! notation, each to be played onto the board or copied as text. Only draws and returns intents; the app builds its
//! [`AnalysisPanelState`].

use crate::gui::intent::Intent;
use crate::i18n::{Language, fill};
use crate::rules::Move;
use crate::usi::client::analysis::MAX_LINES;
use egui::{RichText, ScrollArea, Ui};

/// Everything the panel shows.
pub struct AnalysisPanelState {
    /// The chosen engine program's file name; `None` for the built-in engine.
    pub program: Option<String>,
    /// The engine is thinking on the board's position.
    pub running: bool,
    /// It waits for the board to show a position it can think on (an unplayable setup in
    /// the editor).
    pub held: bool,
    /// The game is over in the position shown (mate, or no legal move), in a sentence: the
    /// engine does not think.
    pub over: Option<&'static str>,
    /// A line can be played onto the board (not in the editor).
    pub can_play_lines: bool,
    pub lines: usize,
    /// The engine's `id name`, once it has started.
    pub engine: Option<String>,
    /// Best first.
    pub rows: Vec<LineRow>,
    pub nodes: Option<u64>,
    /// Why the engine stopped, in a sentence.
    pub error: Option<String>,
}

/// One line, written.
pub struct LineRow {
    pub rank: usize,
    /// From Sente's side: `+120`, or a mate in words.
    pub score: String,
    pub depth: Option<u32>,
    /// The moves in the move list's notation.
    pub moves: String,
    /// The moves themselves, from the position shown.
    pub line: Vec<Move>,
}

/// The panel's width: room for a score, a depth and a few moves a row.
pub const WIDTH: f32 = 300.0;

pub fn show(ui: &mut Ui, state: &AnalysisPanelState, lang: Language) -> Option<Intent> {
    let t = lang.strings();
    let mut intent = None;
    ui.horizontal(|ui| {
        ui.heading(t.analysis_heading);
        if ui
            .small_button(t.analysis_close)
            .on_hover_text(t.analysis_close_tip)
            .clicked()
        {
            intent = Some(Intent::CloseAnalysis);
        }
    });
    ui.horizontal(|ui| {
        let (label, tip) = if state.running {
            (t.analysis_stop, t.analysis_stop_tip)
        } else {
            (t.analysis_start, t.analysis_start_tip)
        };
        if ui.button(label).on_hover_text(tip).clicked() {
            intent = Some(Intent::ToggleAnalysis);
        }
        ui.label(t.analysis_lines);
        for n in 1..=MAX_LINES {
            if ui
                .selectable_label(state.lines == n, n.to_string())
                .on_hover_text(t.analysis_lines_tip)
                .clicked()
                && state.lines != n
            {
                intent = Some(Intent::SetAnalysisLines(n));
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(t.analysis_engine);
        if ui
            .selectable_label(state.program.is_none(), t.analysis_engine_built_in)
            .clicked()
            && state.program.is_some()
        {
            intent = Some(Intent::SetAnalysisEngine(None));
        }
        if let Some(program) = &state.program {
            let _ = ui.selectable_label(true, program);
        }
        if ui
            .button(t.analysis_engine_choose)
            .on_hover_text(t.analysis_engine_choose_tip)
            .clicked()
        {
            intent = Some(Intent::ChooseAnalysisEngine);
        }
    });
    if let Some(engine) = &state.engine {
        ui.weak(engine);
    }
    let status = match (&state.error, state.running, state.nodes) {
        (Some(error), _, _) => Some(RichText::new(error).color(ui.visuals().error_fg_color)),
        (None, _, _) if state.over.is_some() => state.over.map(RichText::new),
        (None, true, _) if state.held => Some(RichText::new(t.analysis_held)),
        (None, true, Some(nodes)) => Some(RichText::new(fill(
            t.analysis_thinking_nodes,
            &[("nodes", &nodes)],
        ))),
        (None, true, None) => Some(RichText::new(t.analysis_thinking)),
        (None, false, _) => Some(RichText::new(t.analysis_stopped)),
    };
    if let Some(status) = status {
        ui.label(status);
    }
    ui.weak(t.analysis_score_side);
    ui.separator();
    ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for row in &state.rows {
                let depth = row
                    .depth
                    .map(|d| fill(t.analysis_depth, &[("depth", &d)]))
                    .unwrap_or_default();
                ui.horizontal(|ui| {
                    ui.label(RichText::new(format!("{}.", row.rank)).monospace());
                    ui.label(RichText::new(&row.score).strong().monospace());
                    ui.weak(depth);
                    if state.can_play_lines
                        && !row.line.is_empty()
                        && ui
                            .small_button(t.analysis_play_line)
                            .on_hover_text(t.analysis_play_line_tip)
                            .clicked()
                    {
                        intent = Some(Intent::PlayLine(row.line.clone()));
                    }
                    let r = lang.records();
                    if !row.moves.is_empty()
                        && ui
                            .small_button(r.copy_line)
                            .on_hover_text(r.copy_line_tip)
                            .clicked()
                    {
                        intent = Some(Intent::CopyLine(copied_text(row)));
                    }
                });
                ui.label(&row.moves);
                ui.add_space(4.0);
            }
        });
    intent
}

/// A line as it is copied: its score (when it has one) and its moves, as the panel writes
/// them.
fn copied_text(row: &LineRow) -> String {
    match row.score.is_empty() {
        true => row.moves.clone(),
        false => format!("{} {}", row.score, row.moves),
    }
}
