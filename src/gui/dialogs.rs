//! The modal questions: a new game's side and level, "resign?", and the impasse preview.

use super::Level;
use super::intent::Intent;
use super::settings::SideChoice;
use crate::rules::Color;
use crate::rules::game::ImpassePreview;
use egui::{Context, Id, Modal, RichText};

/// The open dialog and the choices made in it so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    NewGame {
        side: SideChoice,
        level: Level,
        /// A position to start from, as SFEN; empty for the standard start.
        sfen: String,
        /// Why the last SFEN tried could not be used.
        error: Option<String>,
    },
    Resign,
    Declare(ImpassePreview),
}

/// Shows the dialog; returns what the user decided (or `Cancel` when it was dismissed).
pub fn show(ctx: &Context, dialog: &mut Dialog, player: Color) -> Option<Intent> {
    let modal = Modal::new(Id::unique("komadai dialog")).show(ctx, |ui| {
        ui.set_max_width(360.0);
        match dialog {
            Dialog::NewGame {
                side,
                level,
                sfen,
                error,
            } => new_game(ui, side, level, sfen, error.as_deref()),
            Dialog::Resign => resign(ui),
            Dialog::Declare(preview) => declare(ui, preview, player),
        }
    });
    if modal.should_close() {
        return Some(Intent::Cancel);
    }
    modal.inner
}

fn new_game(
    ui: &mut egui::Ui,
    side: &mut SideChoice,
    level: &mut Level,
    sfen: &mut String,
    error: Option<&str>,
) -> Option<Intent> {
    ui.heading("New game");
    ui.add_space(6.0);
    ui.label("You play");
    ui.horizontal(|ui| {
        ui.radio_value(side, SideChoice::Sente, "☗ Sente (first)");
        ui.radio_value(side, SideChoice::Gote, "☖ Gote (second)");
        ui.radio_value(side, SideChoice::Random, "Random");
    });
    ui.add_space(6.0);
    ui.label("Level of the AI");
    ui.horizontal(|ui| {
        for choice in Level::ALL {
            ui.radio_value(level, choice, choice.name());
        }
    });
    ui.add_space(6.0);
    ui.label("Start position (SFEN; empty for the usual start)");
    let field = egui::TextEdit::singleline(sfen)
        .hint_text("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
        .desired_width(f32::INFINITY);
    ui.add(field);
    if let Some(error) = error {
        ui.colored_label(super::theme::PROMOTED_INK, error);
    }
    ui.add_space(10.0);
    let text = sfen.trim();
    let start = Intent::NewGame {
        side: *side,
        level: *level,
        sfen: (!text.is_empty()).then(|| text.to_owned()),
    };
    buttons(ui, "Start", start)
}

fn resign(ui: &mut egui::Ui) -> Option<Intent> {
    ui.heading("Resign?");
    ui.label("The game ends and the AI wins. You can still undo afterwards.");
    ui.add_space(10.0);
    buttons(ui, "Yes, resign", Intent::Resign)
}

fn declare(ui: &mut egui::Ui, preview: &ImpassePreview, player: Color) -> Option<Intent> {
    ui.heading("Declare impasse?");
    ui.label("Both kings stand in their promotion zones. Points: rook and bishop 5, every other piece but the king 1; fewer than 24 loses.");
    ui.add_space(6.0);
    ui.label(RichText::new(format!("☗ Sente: {} points", preview.sente_points)).size(16.0));
    ui.label(RichText::new(format!("☖ Gote: {} points", preview.gote_points)).size(16.0));
    let outcome = match preview.result.winner {
        Some(winner) if winner == player => "You would win.",
        Some(_) => "You would lose.",
        None => "It would be a draw.",
    };
    let verdict = match preview.result.winner {
        Some(winner) => format!("{winner} wins"),
        None => "draw".to_owned(),
    };
    ui.label(RichText::new(format!("Result: {verdict}. {outcome}")).strong());
    ui.add_space(10.0);
    buttons(ui, "Declare", Intent::Declare)
}

fn buttons(ui: &mut egui::Ui, confirm: &str, intent: Intent) -> Option<Intent> {
    ui.horizontal(|ui| {
        if ui.button(confirm).clicked() {
            Some(intent)
        } else if ui.button("Cancel").clicked() {
            Some(Intent::Cancel)
        } else {
            None
        }
    })
    .inner
}
