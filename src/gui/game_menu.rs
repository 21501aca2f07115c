//! The Game menu: a new game, save, open, the recent games, copy and paste, the results
//! page, quit.

use super::intent::Intent;
use super::records_io;
use crate::record::Format;
use egui::Ui;
use std::path::Path;

/// How many saved games the Recent games submenu lists.
const RECENT: usize = 20;

/// Shows the menu bar with the Game menu; `games_dir` is where saved games are listed from.
pub fn show(ui: &mut Ui, games_dir: Option<&Path>) -> Option<Intent> {
    let mut intent = None;
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button("Game", |ui| intent = entries(ui, games_dir));
    });
    intent
}

fn entries(ui: &mut Ui, games_dir: Option<&Path>) -> Option<Intent> {
    let mut intent = None;
    if ui.button("New game…").on_hover_text("Ctrl+N").clicked() {
        intent = Some(Intent::OpenNewGame);
    }
    if ui.button("Edit position…").clicked() {
        intent = Some(Intent::OpenEditor);
    }
    ui.separator();
    for format in Format::ALL {
        let label = format!("Save as {}…", records_io::format_name(format));
        if ui.button(label).clicked() {
            intent = Some(Intent::SaveAs(format));
        }
    }
    if ui.button("Open game…").clicked() {
        intent = Some(Intent::Open);
    }
    let recent = games_dir
        .map(|dir| records_io::recent(dir, RECENT))
        .unwrap_or_default();
    ui.add_enabled_ui(!recent.is_empty(), |ui| {
        ui.menu_button("Recent games", |ui| {
            for path in recent {
                let name = path.file_name().unwrap_or_default().to_string_lossy();
                if ui.button(name.as_ref()).clicked() {
                    intent = Some(Intent::OpenFile(path.clone()));
                }
            }
        });
    });
    ui.separator();
    if ui.button("Copy position (SFEN)").clicked() {
        intent = Some(Intent::CopySfen);
    }
    if ui.button("Copy game (KIF)").clicked() {
        intent = Some(Intent::CopyKif);
    }
    if ui
        .button("Paste position or game…")
        .on_hover_text("Ctrl+V on the board: an SFEN, a USI position line, KIF, KI2 or CSA")
        .clicked()
    {
        intent = Some(Intent::OpenPaste);
    }
    ui.separator();
    if ui.button("Results and ladder…").clicked() {
        intent = Some(Intent::OpenResults);
    }
    ui.separator();
    if ui
        .button("Quit")
        .on_hover_text("Ctrl+Q; the game is kept and comes back next time")
        .clicked()
    {
        intent = Some(Intent::Quit);
    }
    intent
}
