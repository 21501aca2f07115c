//! The Game menu: a new game, a review of the game, the mate search, a move to go to, save,
//! open, the recent games, the game's information, copy and paste, the results page, the
//! player's name, quit, each with its shortcut beside it. Beside it the Help menu (how to play, the rules,
//! the keys; aids during play) and the AI menu (how hard it thinks).

use crate::gui::dialogs::help_page::HelpPage;
use crate::gui::intent::Intent;
use crate::gui::storage::records_io;
use crate::gui::storage::settings::Settings;
use crate::i18n::{Language, fill};
use crate::record::Format;
use egui::Ui;
use std::path::Path;

/// How many saved games the Recent games submenu lists.
const RECENT: usize = 20;

/// Shows the menu bar with the Game menu; `games_dir` is where saved games are listed from.
/// `has_moves`: there is a game to review; `can_study`: the board shows the game (not a
/// replay, which is a study already, nor the editor).
pub fn show(
    ui: &mut Ui,
    games_dir: Option<&Path>,
    lang: Language,
    (has_moves, can_study): (bool, bool),
    settings: &Settings,
) -> Option<Intent> {
    let mut intent = None;
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button(lang.strings().menu_game, |ui| {
            intent = entries(ui, games_dir, lang, (has_moves, can_study));
        });
        ui.menu_button(lang.strings().menu_help, |ui| {
            intent = intent.take().or(help(ui, settings, lang));
        });
        ui.menu_button(lang.strings().menu_ai, |ui| {
            intent = intent.take().or(ai(ui, settings, lang));
        });
    });
    intent
}

/// The pages of help, then the aids during play (off unless asked for).
fn help(ui: &mut Ui, settings: &Settings, lang: Language) -> Option<Intent> {
    let t = lang.strings();
    let mut intent = None;
    for page in HelpPage::ALL {
        if ui.button(page.title(lang)).clicked() {
            intent = Some(Intent::OpenHelp(page));
        }
    }
    ui.separator();
    let mut bar = settings.eval_bar;
    if ui
        .checkbox(&mut bar, t.eval_bar)
        .on_hover_text(t.eval_bar_tip)
        .changed()
    {
        intent = Some(Intent::SetEvalBar(bar));
    }
    let mut stepped = settings.stepped_hints;
    if ui
        .checkbox(&mut stepped, t.stepped_hints)
        .on_hover_text(t.stepped_hints_tip)
        .changed()
    {
        intent = Some(Intent::SetSteppedHints(stepped));
    }
    intent
}

/// The threads the Hard AI thinks with: from one to every core (more would only take
/// time from each other).
fn ai(ui: &mut Ui, settings: &Settings, lang: Language) -> Option<Intent> {
    let t = lang.strings();
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let most = cores.max(settings.hard_threads);
    let mut threads = settings.hard_threads;
    let threads = ui
        .horizontal(|ui| {
            let label = ui.label(t.hard_threads);
            ui.add(egui::DragValue::new(&mut threads).range(1..=most))
                .labelled_by(label.id)
                .on_hover_text(t.hard_threads_tip)
                .changed()
                .then_some(Intent::SetHardThreads(threads))
        })
        .inner;
    let e = lang.engines();
    let engines = ui
        .button(e.menu_engines)
        .on_hover_text(e.menu_engines_tip)
        .clicked()
        .then_some(Intent::OpenEngines);
    threads.or(engines)
}

fn entries(
    ui: &mut Ui,
    games_dir: Option<&Path>,
    lang: Language,
    (has_moves, can_study): (bool, bool),
) -> Option<Intent> {
    let t = lang.strings();
    let mut intent = None;
    if ui
        .add(egui::Button::new(t.menu_new_game).shortcut_text("Ctrl+N"))
        .clicked()
    {
        intent = Some(Intent::OpenNewGame);
    }
    let review = ui.add_enabled(has_moves, egui::Button::new(t.review_this_game));
    if review.on_hover_text(t.review_tip).clicked() {
        intent = Some(Intent::StartReview);
    }
    if ui
        .add(egui::Button::new(t.menu_analyse).shortcut_text("A"))
        .on_hover_text(t.analysis_start_tip)
        .clicked()
    {
        intent = Some(Intent::StartAnalysis);
    }
    if ui
        .add_enabled(can_study, egui::Button::new(t.menu_study))
        .on_hover_text(t.menu_study_tip)
        .on_disabled_hover_text(t.menu_study_off_tip)
        .clicked()
    {
        intent = Some(Intent::StudyGame);
    }
    if ui.button(t.menu_edit_position).clicked() {
        intent = Some(Intent::OpenEditor);
    }
    let r = lang.records();
    if ui
        .add(egui::Button::new(r.menu_mate).shortcut_text("Ctrl+M"))
        .on_hover_text(r.menu_mate_tip)
        .clicked()
    {
        intent = Some(Intent::SearchMate);
    }
    if ui
        .add(egui::Button::new(r.menu_jump).shortcut_text("Ctrl+G"))
        .clicked()
    {
        intent = Some(Intent::OpenJump);
    }
    ui.separator();
    for format in Format::ALL {
        let name = match format {
            Format::Usi => t.format_usi,
            _ => records_io::format_name(format),
        };
        let label = fill(t.menu_save_as, &[("format", &name)]);
        if ui.button(label).clicked() {
            intent = Some(Intent::SaveAs(format));
        }
    }
    if ui.button(t.menu_open).clicked() {
        intent = Some(Intent::LeaveGame(vec![Intent::Open]));
    }
    if ui
        .button(r.menu_game_info)
        .on_hover_text(r.menu_game_info_tip)
        .clicked()
    {
        intent = Some(Intent::OpenGameInfo);
    }
    let recent = games_dir
        .map(|dir| records_io::recent(dir, RECENT))
        .unwrap_or_default();
    ui.add_enabled_ui(!recent.is_empty(), |ui| {
        ui.menu_button(t.menu_recent, |ui| {
            for path in recent {
                let name = path.file_name().unwrap_or_default().to_string_lossy();
                if ui.button(name.as_ref()).clicked() {
                    intent = Some(Intent::LeaveGame(vec![Intent::OpenFile(path.clone())]));
                }
            }
        });
    });
    ui.separator();
    if ui.button(t.menu_copy_sfen).clicked() {
        intent = Some(Intent::CopySfen);
    }
    if ui.button(t.menu_copy_kif).clicked() {
        intent = Some(Intent::CopyKif);
    }
    if ui
        .add(egui::Button::new(t.menu_paste).shortcut_text("Ctrl+V"))
        .on_hover_text(t.menu_paste_tip)
        .clicked()
    {
        intent = Some(Intent::OpenPaste);
    }
    ui.separator();
    if ui.button(t.menu_results).clicked() {
        intent = Some(Intent::OpenResults);
    }
    if ui.button(r.menu_player_name).clicked() {
        intent = Some(Intent::OpenPlayerName);
    }
    let p = lang.practice();
    if ui
        .add(egui::Button::new(p.menu_practice).shortcut_text("P"))
        .on_hover_text(p.menu_practice_tip)
        .clicked()
    {
        intent = Some(Intent::OpenPractice);
    }
    ui.separator();
    if ui
        .add(egui::Button::new(t.menu_quit).shortcut_text("Ctrl+Q"))
        .on_hover_text(t.menu_quit_tip)
        .clicked()
    {
        intent = Some(Intent::Quit);
    }
    intent
}
