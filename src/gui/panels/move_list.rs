//! The moves so far, numbered, in Western or Japanese notation, newest at the bottom, and
//! how the game ended (resigns / 投了, checkmate / 詰み…) after the last one.

use crate::gui::intent::Intent;
use crate::gui::review_panel::eval_graph;
use crate::gui::review_panel::panel;
use crate::gui::storage::settings::NotationStyle;
use crate::i18n::{Language, fill};
use crate::record::LineId;
use crate::review::{Verdict, words};
use crate::rules::game::{EndReason, Game, GameResult};
use crate::rules::{Color, Move, notation};
use egui::{Align, RichText, ScrollArea, Ui};

/// A study's variations as the list shows them: a mark on each move that has alternatives,
/// and the alternatives to the move shown.
pub struct Branches {
    /// Index ply − 1: the move has alternatives.
    pub marked: Vec<bool>,
    /// The move shown (its number), whose alternatives these are.
    pub number: usize,
    /// The moves played there, one per line; empty when there is no other.
    pub choices: Vec<BranchChoice>,
    /// The variation the board follows (`None`: the main line).
    pub line: Option<LineId>,
}

impl Branches {
    /// About how many rows the box under the list takes.
    fn rows(&self) -> usize {
        let choices = match self.choices.len() {
            0 => 0,
            // The heading, the main line's (two rows), the others, the keys' hint (two).
            n => n + 4,
        };
        let buttons = if self.line.is_some() { 2 } else { 0 };
        choices + buttons + 1
    }
}

/// One alternative, written.
pub struct BranchChoice {
    pub written: String,
    pub line: LineId,
    /// The board follows it.
    pub shown: bool,
    /// It is the main line's move.
    pub main: bool,
}

/// The written moves, rebuilt only when the game or the notation changes (writing 400
/// moves every frame would waste the frame budget).
#[derive(Default)]
pub struct WrittenMoves {
    moves: Vec<Move>,
    result: Option<GameResult>,
    style: Option<(NotationStyle, Language)>,
    lines: Vec<String>,
    ending: Option<String>,
}

impl WrittenMoves {
    pub fn update(&mut self, game: &Game, style: NotationStyle, lang: Language) {
        let result = game.result().copied();
        let same_style = self.style == Some((style, lang));
        if same_style && self.moves == game.moves() && self.result == result {
            return;
        }
        self.moves = game.moves().to_vec();
        self.result = result;
        self.style = Some((style, lang));
        self.lines = written(game, style);
        self.ending = result.map(|r| ending(&r, game.side_to_move(), style, lang));
    }

    pub fn lines(&self) -> &[String] {
        &self.lines
    }

    /// How the game ended, as the list writes it under the last move.
    pub fn ending(&self) -> Option<&str> {
        self.ending.as_deref()
    }

    /// Shows the list with `viewing` (plies shown on the board, when looking back)
    /// highlighted, each move's review mark (`verdicts`, index: ply − 1) and variation mark
    /// after it, and under it a study's alternatives to the move shown; returns what was
    /// clicked: a move (to look at the position after it), an alternative, or an edit of the
    /// line shown.
    pub fn show(
        &self,
        ui: &mut Ui,
        viewing: Option<usize>,
        lang: Language,
        verdicts: Option<&[Option<Verdict>]>,
        branches: Option<&Branches>,
    ) -> Option<Intent> {
        let t = lang.strings();
        let mut intent = None;
        // With variations, the list keeps a fixed share of the column and the alternatives
        // the rest below it, each scrolled: sizes from the column alone, never from what
        // the last frame drew.
        let room = ui.available_height();
        let row = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
        let list_height = match branches {
            // The box's rows (a long choice and the hint may wrap), the list at least 45%.
            Some(b) => (room - b.rows() as f32 * row).max(room * 0.45),
            None => room,
        };
        let mut clicked = None;
        // The list follows the board when it steps to another move, and leaves the player's
        // own scrolling alone otherwise: the move last brought into view is remembered.
        let memory = ui.scope_id().with("move list shows");
        let shown_before = ui.data(|d| d.get_temp::<Option<usize>>(memory));
        let scroll_to = viewing.filter(|_| shown_before != Some(viewing));
        ui.data_mut(|d| d.insert_temp(memory, viewing));
        // A move is never broken over two lines: in a narrow column the list scrolls sideways.
        ScrollArea::both()
            .max_height(list_height)
            .auto_shrink([false, false])
            .stick_to_bottom(true)
            .show(ui, |ui| {
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
                for (i, line) in self.lines.iter().enumerate() {
                    let verdict = verdicts.and_then(|v| v.get(i).copied().flatten());
                    let mark = verdict.map_or("", panel::verdict_mark);
                    let branch = match branches.and_then(|b| b.marked.get(i)) {
                        Some(true) => t.branch_mark,
                        _ => "",
                    };
                    let written = format!("{:>3}. {line}{branch}{mark}", i + 1);
                    let mut text = RichText::new(&written).monospace().size(15.0).strong();
                    if let Some(color) = verdict.and_then(eval_graph::verdict_color) {
                        text = text.color(color);
                    }
                    let response = ui
                        .selectable_label(viewing == Some(i + 1), text)
                        .on_hover_text(t.show_position_after);
                    // A judged move is read out with its verdict's name, not only its mark.
                    if let Some(verdict) = verdict.filter(|v| !panel::verdict_mark(*v).is_empty()) {
                        let name = fill(
                            t.spoken_judged_move,
                            &[
                                ("move", &written),
                                ("verdict", &words::verdict_name(lang, verdict)),
                            ],
                        );
                        ui.ctx()
                            .accesskit_node_builder(response.id, |node| node.set_label(name));
                    }
                    bring_focus_into_view(&response);
                    if response.clicked() {
                        clicked = Some(i + 1);
                    }
                    // The start position has no line of its own: show the first move.
                    if scroll_to.map(|ply| ply.max(1)) == Some(i + 1) {
                        response.scroll_to_me(Some(Align::Center));
                    }
                }
                if let Some(ending) = &self.ending {
                    let number = self.lines.len() + 1;
                    // The ending is a sentence: it wraps by words in a narrow column rather
                    // than run past its edge.
                    let text = RichText::new(format!("{number:>3}. {ending}"))
                        .monospace()
                        .size(15.0)
                        .strong();
                    ui.add(egui::Label::new(text).wrap());
                } else if self.lines.is_empty() {
                    ui.weak(t.no_moves_yet);
                }
            });
        if let Some(branches) = branches {
            ui.separator();
            ScrollArea::vertical()
                .id_salt("variations")
                .auto_shrink([false, false])
                .show(ui, |ui| intent = show_branches(ui, branches, lang));
        }
        intent.or(clicked.map(|ply| Intent::View(Some(ply))))
    }
}

/// The alternatives to the move shown (one click follows one), and making the line shown
/// the main line or deleting it.
fn show_branches(ui: &mut Ui, branches: &Branches, lang: Language) -> Option<Intent> {
    let t = lang.strings();
    let mut intent = None;
    if !branches.choices.is_empty() {
        ui.label(RichText::new(fill(t.branches_heading, &[("number", &branches.number)])).strong());
        for choice in &branches.choices {
            let text = match choice.main {
                true => fill(t.branch_main_line, &[("move", &choice.written)]),
                false => choice.written.clone(),
            };
            let text = RichText::new(text).monospace();
            let response = ui
                .selectable_label(choice.shown, text)
                .on_hover_text(t.branch_follow_tip);
            bring_focus_into_view(&response);
            if response.clicked() && !choice.shown {
                intent = Some(Intent::ShowLine {
                    line: choice.line.clone(),
                    ply: branches.number,
                });
            }
        }
        ui.weak(t.branch_keys);
    }
    if let Some(line) = &branches.line {
        ui.horizontal_wrapped(|ui| {
            if ui
                .button(t.branch_promote)
                .on_hover_text(t.branch_promote_tip)
                .clicked()
            {
                intent = Some(Intent::PromoteLine(line.clone()));
            }
            if ui
                .button(t.branch_delete)
                .on_hover_text(t.branch_delete_tip)
                .clicked()
            {
                intent = Some(Intent::DeleteLine(line.clone()));
            }
        });
    }
    intent
}

/// egui leaves a scrolled list where it is when Tab moves the focus: a move or alternative
/// that takes the keyboard is scrolled into sight, so the focus is never drawn out of view.
fn bring_focus_into_view(response: &egui::Response) {
    if response.gained_focus() {
        response.scroll_to_me(None);
    }
}

/// The end of the game in `style` (Western notation in the interface's words): a resignation
/// or declaration names who made it (the side to move at the end; the loser, for a
/// resignation made on the other's turn).
fn ending(result: &GameResult, to_move: Color, style: NotationStyle, lang: Language) -> String {
    let t = lang.strings();
    let mark = |color: Color| match (style, color) {
        (NotationStyle::Western, Color::Sente) => "☗",
        (NotationStyle::Western, Color::Gote) => "☖",
        (NotationStyle::Japanese, Color::Sente) => "▲",
        (NotationStyle::Japanese, Color::Gote) => "△",
    };
    let loser = result.loser().unwrap_or(to_move);
    match (style, result.reason) {
        (NotationStyle::Western, EndReason::Resignation) => {
            fill(t.end_resigns, &[("mark", &mark(loser))])
        }
        (NotationStyle::Western, EndReason::Checkmate) => t.end_checkmate.to_owned(),
        (NotationStyle::Western, EndReason::NoLegalMoves) => t.end_no_legal_move.to_owned(),
        (NotationStyle::Western, EndReason::Sennichite) => t.end_sennichite.to_owned(),
        (NotationStyle::Western, EndReason::PerpetualCheck) => t.end_perpetual_check.to_owned(),
        (NotationStyle::Western, EndReason::Impasse { .. }) => {
            fill(t.end_declares, &[("mark", &mark(to_move))])
        }
        (NotationStyle::Western, EndReason::MaxPlies { .. }) => t.end_move_limit.to_owned(),
        (NotationStyle::Western, EndReason::TimeUp) => {
            fill(t.end_time_up, &[("mark", &mark(loser))])
        }
        (NotationStyle::Japanese, EndReason::Resignation) => format!("{}投了", mark(loser)),
        (NotationStyle::Japanese, EndReason::Checkmate | EndReason::NoLegalMoves) => {
            "詰み".to_owned()
        }
        (NotationStyle::Japanese, EndReason::Sennichite | EndReason::PerpetualCheck) => {
            "千日手".to_owned()
        }
        (NotationStyle::Japanese, EndReason::Impasse { .. }) => {
            format!("{}入玉宣言", mark(to_move))
        }
        (NotationStyle::Japanese, EndReason::MaxPlies { .. }) => "持将棋".to_owned(),
        (NotationStyle::Japanese, EndReason::TimeUp) => format!("{}切れ負け", mark(loser)),
    }
}

fn written(game: &Game, style: NotationStyle) -> Vec<String> {
    let mut lines = Vec::with_capacity(game.moves().len());
    let mut previous_to = None;
    for (ply, &mv) in game.moves().iter().enumerate() {
        let Some(before) = game.position_after(ply) else {
            break;
        };
        lines.push(match style {
            NotationStyle::Western => {
                let mark = if before.side_to_move() == Color::Sente {
                    "☗"
                } else {
                    "☖"
                };
                format!("{mark} {}", notation::western(before, mv))
            }
            NotationStyle::Japanese => notation::japanese(before, mv, previous_to),
        });
        previous_to = Some(mv.to());
    }
    lines
}
