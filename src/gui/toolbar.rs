//! The row of buttons and switches above the board.

use super::intent::Intent;
use super::settings::{Labels, NotationStyle, Settings};
use egui::Ui;

/// What the toolbar may offer right now.
pub struct ToolbarState {
    pub settings: Settings,
    pub can_undo: bool,
    pub can_resign: bool,
    pub can_declare: bool,
    pub can_hint: bool,
}

pub fn show(ui: &mut Ui, state: &ToolbarState) -> Option<Intent> {
    let mut intent = None;
    let mut offer = |clicked: bool, what: Intent| {
        if clicked && intent.is_none() {
            intent = Some(what);
        }
    };
    ui.horizontal_wrapped(|ui| {
        offer(
            ui.button("New game").on_hover_text("Ctrl+N").clicked(),
            Intent::OpenNewGame,
        );
        offer(
            ui.add_enabled(state.can_undo, egui::Button::new("Undo"))
                .on_hover_text("Ctrl+Z: take back your last move and the AI's reply")
                .clicked(),
            Intent::Undo,
        );
        offer(
            ui.add_enabled(state.can_hint, egui::Button::new("Hint"))
                .on_hover_text("Show the move the Hard level would play")
                .clicked(),
            Intent::Hint,
        );
        offer(
            ui.add_enabled(state.can_resign, egui::Button::new("Resign"))
                .clicked(),
            Intent::AskResign,
        );
        if state.can_declare {
            offer(ui.button("Declare impasse").clicked(), Intent::AskDeclare);
        }
        ui.separator();
        offer(
            ui.button("Flip")
                .on_hover_text("F: turn the board round")
                .clicked(),
            Intent::Flip,
        );
        ui.separator();
        let s = state.settings;
        offer(
            ui.selectable_label(s.labels == Labels::Kanji, "Kanji")
                .clicked(),
            Intent::SetLabels(Labels::Kanji),
        );
        offer(
            ui.selectable_label(s.labels == Labels::Letters, "Letters")
                .clicked(),
            Intent::SetLabels(Labels::Letters),
        );
        let mut dots = s.move_dots;
        offer(
            ui.checkbox(&mut dots, "Move dots").changed(),
            Intent::SetMoveDots(dots),
        );
        ui.separator();
        offer(
            ui.selectable_label(s.notation == NotationStyle::Western, "Western")
                .clicked(),
            Intent::SetNotation(NotationStyle::Western),
        );
        offer(
            ui.selectable_label(s.notation == NotationStyle::Japanese, "Japanese")
                .clicked(),
            Intent::SetNotation(NotationStyle::Japanese),
        );
    });
    intent
}
