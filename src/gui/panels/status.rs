//! The two lines under the toolbar: who plays and what the board is doing (whose turn, a
//! hint, looking back, a replay, or the game-over banner), then the note for the player.
//!
//! Both lines keep their height whatever they say, so the board never moves when the game
//! ends or a note comes and goes; a text too long for the window is cut short (and shown
//! whole on hover).

use crate::engine::Progress;
use crate::gui::intent::Intent;
use crate::gui::panels::announce::{self, Urgency};
use crate::gui::panels::message::{self, Message, MessageKind};
use crate::gui::theme;
use crate::gui::view_mode::ViewMode;
use crate::i18n::{self, Language, fill};
use crate::rules::Color;
use crate::rules::game::GameResult;
use egui::{Frame, Label, RichText, Ui, vec2};

/// The height of the two lines together, in points.
pub const HEIGHT: f32 = 2.0 * LINE + 6.0;
/// One line: room for the banner's frame around a line of text.
const LINE: f32 = 26.0;

pub struct StatusState<'a> {
    pub player: Color,
    /// The player's side by name: Sente or Gote, 下手 or 上手 in a handicap game.
    pub player_side: &'a str,
    /// A handicap game: the result names the sides 下手 and 上手.
    pub handicap: bool,
    pub level_name: &'a str,
    pub view: ViewMode,
    /// Plies in the game (or the replayed record).
    pub last: usize,
    /// The opened record's players, while replaying it.
    pub replay_players: Option<(&'a str, &'a str)>,
    pub side_to_move: Color,
    pub in_check: bool,
    pub thinking: bool,
    /// The added engine playing the AI's side, by name.
    pub engine: Option<&'a str>,
    pub hinting: bool,
    /// The hint found, as the move list writes it.
    pub hint: Option<String>,
    pub progress: Option<&'a Progress>,
    pub message: Option<&'a Message>,
    pub result: Option<&'a GameResult>,
    /// The game-over banner offers a review (none is open yet).
    pub can_review: bool,
    /// A mistake is being tried again: the board takes a move though it shows the past.
    pub trying: bool,
    /// The replay is a study of a copy of the game against the AI, which waits.
    pub studying_copy: bool,
    /// What a screen reader is told of the position shown (the move that led to it, check,
    /// the result), and how urgently.
    pub spoken: (String, Urgency),
    pub lang: Language,
}

/// Shows both lines; returns the review asked for from the game-over banner.
pub fn show(ui: &mut Ui, s: &StatusState) -> Option<Intent> {
    let width = ui.available_width();
    ui.spacing_mut().item_spacing.y = 2.0;
    let mut intent = None;
    ui.allocate_ui(vec2(width, LINE), |ui| {
        ui.set_height(LINE);
        ui.horizontal_centered(|ui| {
            ui.label(who(s));
            ui.separator();
            intent = what(ui, s);
        });
    });
    ui.allocate_ui(vec2(width, LINE), |ui| {
        ui.set_height(LINE);
        ui.horizontal_centered(|ui| {
            if let Some(note) = s.message {
                let color = message::color(note.kind, ui.visuals());
                let mut text = RichText::new(&note.text).color(color);
                // Weight too, not only colour, tells a problem from a plain note.
                if note.kind != MessageKind::Info {
                    text = text.strong();
                }
                ui.add(Label::new(text).truncate());
            }
        });
    });
    announce::live(ui, &s.spoken.0, s.spoken.1);
    intent
}

/// Who plays: the player and the AI, or the players of a replayed record.
fn who(s: &StatusState) -> String {
    let t = s.lang.strings();
    if s.view.is_replaying() {
        return match s.replay_players {
            Some((sente, gote)) => fill(t.replay_of, &[("sente", &sente), ("gote", &gote)]),
            None => t.replay_unnamed.to_owned(),
        };
    }
    let mark = if s.player == Color::Sente {
        "☗"
    } else {
        "☖"
    };
    fill(
        t.you_vs_ai,
        &[
            ("mark", &mark),
            ("side", &s.player_side),
            ("level", &s.level_name),
        ],
    )
}

/// What the board is doing now.
fn what(ui: &mut Ui, s: &StatusState) -> Option<Intent> {
    let t = s.lang.strings();
    let shown = s.view.shown(s.last);
    if s.trying {
        let note = fill(t.review_trying, &[("ply", &(shown + 1))]);
        ui.label(RichText::new(note).strong());
        return None;
    }
    match (s.view, s.result) {
        (ViewMode::Replaying(_), Some(result)) if shown == s.last => {
            truncated(
                ui,
                RichText::new(fill(
                    t.record_ends,
                    &[("result", &i18n::game_result(s.lang, result, s.handicap))],
                ))
                .strong(),
            );
        }
        (ViewMode::Replaying(_), _) => {
            truncated(
                ui,
                RichText::new(fill(
                    match s.studying_copy {
                        true => t.studying_move,
                        false => t.replaying_move,
                    },
                    &[("shown", &shown), ("last", &s.last)],
                ))
                .italics(),
            );
        }
        (ViewMode::LookingBack(ply), result) => {
            let text = if result.is_some() {
                t.looking_back_over_status
            } else {
                t.looking_back_status
            };
            truncated(ui, RichText::new(fill(text, &[("ply", &ply)])).italics());
        }
        (ViewMode::Live, Some(result)) => {
            if s.can_review
                && ui
                    .button(t.review_this_game)
                    .on_hover_text(t.review_tip)
                    .clicked()
            {
                return Some(Intent::StartReview);
            }
            banner(ui, result, s.player, s.handicap, s.lang);
        }
        (ViewMode::Live, None) => turn(ui, s),
    }
    None
}

fn turn(ui: &mut Ui, s: &StatusState) {
    let t = s.lang.strings();
    let turn = if s.side_to_move == s.player {
        RichText::new(t.your_move).strong()
    } else if s.thinking {
        RichText::new(thinking_text(s.progress, s.engine, s.lang)).italics()
    } else {
        RichText::new(t.ai_to_move)
    };
    ui.label(turn);
    if s.in_check {
        ui.label(RichText::new(t.check).color(theme::PROMOTED_INK).strong());
    }
    if s.hinting {
        ui.label(RichText::new(t.looking_for_hint).italics());
    }
    if let Some(hint) = &s.hint {
        truncated(
            ui,
            RichText::new(fill(t.hint_is, &[("hint", hint)]))
                .color(theme::HINT_TEXT)
                .strong(),
        );
    }
}

fn thinking_text(progress: Option<&Progress>, engine: Option<&str>, lang: Language) -> String {
    let t = lang.strings();
    if let Some(name) = engine {
        return fill(lang.engines().engine_thinking, &[("name", &name)]);
    }
    match progress {
        Some(p) => fill(t.ai_thinking_depth, &[("depth", &p.depth)]),
        None => t.ai_thinking.to_owned(),
    }
}

/// The game-over banner: one framed line, the verdict and how the game ended.
fn banner(ui: &mut Ui, result: &GameResult, player: Color, handicap: bool, lang: Language) {
    let t = lang.strings();
    let verdict = match result.winner {
        Some(w) if w == player => t.you_won,
        Some(_) => t.you_lost,
        None => t.draw,
    };
    Frame::new()
        .fill(theme::BANNER)
        .inner_margin(vec2(8.0, 2.0))
        .corner_radius(4.0)
        .show(ui, |ui| {
            truncated(
                ui,
                RichText::new(fill(
                    t.game_over,
                    &[
                        ("verdict", &verdict),
                        ("result", &i18n::game_result(lang, result, handicap)),
                    ],
                ))
                .strong()
                .color(theme::BANNER_TEXT),
            );
        });
}

fn truncated(ui: &mut Ui, text: RichText) {
    ui.add(Label::new(text).truncate());
}
