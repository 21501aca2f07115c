//! The modal boxes: a new game's side and level, "resign?", the impasse preview, pasting a
//! position or a game, the note that the saved game could not be restored, the ladder's
//! pages, the help, and the record's boxes (its information, the player's name, a move to
//! go to, the mate search).
//!
//! A dialog's form (the choices made, the text typed) is part of the app's state: edits come
//! back as [`Intent::EditDialog`] with the new form, never written in place.

mod buttons;
pub mod dialog;
pub mod file_dialog;
pub mod game_over;
pub mod game_setup;
pub mod help;
pub mod help_page;
pub mod record_dialogs;

pub use dialog::Dialog;

use buttons::buttons;

use crate::gui::Level;
use crate::gui::intent::Intent;
use crate::gui::ladder::odds::Odds;
use crate::gui::storage::engine_list::{EngineList, EngineRole};
use crate::gui::storage::settings::SideChoice;
use crate::i18n::{Language, fill};
use crate::rules::Color;
use crate::rules::game::ImpassePreview;
use egui::{Context, Id, Modal, RichText, Ui};
use game_setup::GameSetup;

/// Shows the dialog; returns what the user changed and decided (`Cancel` when it was
/// dismissed).
pub fn show(
    ctx: &Context,
    dialog: &Dialog,
    (player, handicap): (Color, bool),
    lang: Language,
    engines: &EngineList,
) -> Vec<Intent> {
    let name = match dialog {
        Dialog::Paste { .. } => "komadai paste",
        Dialog::Notice(_) => "komadai notice",
        _ => "komadai dialog",
    };
    let modal = Modal::new(Id::unique(name)).show(ctx, |ui| match dialog {
        Dialog::NewGame {
            side,
            level,
            sfen,
            error,
            setup,
            engine,
        } => {
            ui.set_max_width(420.0);
            let form = NewGameForm {
                side: *side,
                level: *level,
                sfen,
                error: error.as_deref(),
                setup: *setup,
                engine: *engine,
            };
            new_game(ui, &form, engines, lang)
        }
        Dialog::Resign => {
            ui.set_max_width(360.0);
            resign(ui, lang)
        }
        Dialog::AnalyseOffLadder { review } => {
            ui.set_max_width(400.0);
            analyse_off_ladder(ui, *review, lang)
        }
        Dialog::Declare(preview) => {
            ui.set_max_width(360.0);
            declare(ui, preview, (player, handicap), lang)
        }
        Dialog::Paste { text, error } => {
            ui.set_max_width(420.0);
            paste(ui, text, error.as_deref(), lang)
        }
        Dialog::Notice(notice) => {
            ui.set_max_width(460.0);
            notice_box(ui, notice, lang)
        }
        Dialog::LadderOffer(offer) => {
            ui.set_max_width(420.0);
            crate::gui::ladder::results_dialog::offer(ui, offer, lang)
        }
        Dialog::Results(ladder) => {
            ui.set_max_width(520.0);
            crate::gui::ladder::results_dialog::results(ui, ladder, lang)
        }
        Dialog::Help(page) => {
            ui.set_max_width(560.0);
            help::page(ui, *page, lang)
        }
        Dialog::Engines(form) => {
            ui.set_max_width(620.0);
            crate::gui::engines::dialog::show(ui, form, engines, lang)
        }
        Dialog::LeaveGame { .. } => {
            ui.set_max_width(420.0);
            leave_game(ui, lang)
        }
        Dialog::GameInfo { info, editable } => {
            ui.set_max_width(420.0);
            record_dialogs::game_info(ui, info, *editable, lang)
        }
        Dialog::PlayerName(name) => {
            ui.set_max_width(400.0);
            record_dialogs::player_name(ui, name, lang)
        }
        Dialog::Jump { text, last } => {
            ui.set_max_width(360.0);
            record_dialogs::jump(ui, text, *last, lang)
        }
        Dialog::Mate(view) => {
            ui.set_max_width(460.0);
            record_dialogs::mate(ui, view, lang)
        }
        Dialog::Replace(path) => {
            ui.set_max_width(420.0);
            replace(ui, path, lang)
        }
    });
    let close = modal.should_close();
    let mut intents = modal.inner;
    if close {
        intents.push(Intent::Cancel);
    }
    intents
}

/// The new-game dialog's form as it stands.
struct NewGameForm<'a> {
    side: SideChoice,
    level: Level,
    sfen: &'a str,
    error: Option<&'a str>,
    setup: GameSetup,
    engine: Option<u32>,
}

fn new_game(ui: &mut Ui, form: &NewGameForm, engines: &EngineList, lang: Language) -> Vec<Intent> {
    let t = lang.strings();
    let NewGameForm {
        side,
        level,
        sfen,
        error,
        setup,
        engine,
    } = *form;
    let (mut new_side, mut new_level, mut new_sfen) = (side, level, sfen.to_owned());
    let mut new_engine = engine.filter(|&id| engines.get(id).is_some());
    ui.heading(t.new_game_heading);
    ui.add_space(6.0);
    // A handicap game fixes the sides: the giver plays Gote (上手) and moves first; the
    // choice greyed out shows that seat, not the even game's.
    ui.add_enabled_ui(setup.odds == Odds::Even, |ui| {
        ui.label(t.you_play);
        ui.horizontal(|ui| match setup.odds {
            Odds::Even => {
                ui.radio_value(&mut new_side, SideChoice::Sente, t.side_sente_first);
                ui.radio_value(&mut new_side, SideChoice::Gote, t.side_gote_second);
                ui.radio_value(&mut new_side, SideChoice::Random, t.side_random);
            }
            Odds::Receive(_) | Odds::Give(_) => {
                let giving = matches!(setup.odds, Odds::Give(_));
                ui.add(egui::RadioButton::new(!giving, t.side_shitate_second));
                ui.add(egui::RadioButton::new(giving, t.side_uwate_first));
            }
        });
    });
    ui.add_space(6.0);
    ui.label(t.ai_level);
    ui.horizontal(|ui| {
        for choice in Level::ALL {
            ui.radio_value(&mut new_level, choice, lang.level(choice));
        }
    });
    if !engines.engines.is_empty() {
        let e = lang.engines();
        ui.label(e.opponent_engine)
            .on_hover_text(e.opponent_engine_tip);
        ui.horizontal_wrapped(|ui| {
            ui.radio_value(&mut new_engine, None, e.built_in);
            for entry in &engines.engines {
                ui.radio_value(&mut new_engine, Some(entry.id), &entry.name);
            }
        });
    }
    ui.add_space(6.0);
    let new_setup = game_setup::form(ui, setup, lang);
    ui.add_space(6.0);
    ui.label(t.start_sfen);
    let field = egui::TextEdit::singleline(&mut new_sfen)
        .hint_text("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")
        .desired_width(f32::INFINITY);
    ui.add(field);
    if let Some(error) = error {
        ui.colored_label(crate::gui::theme::PROMOTED_INK, error);
    }
    ui.add_space(10.0);
    let text = new_sfen.trim();
    let start = Intent::NewGame {
        side: new_side,
        level: new_level,
        sfen: (!text.is_empty()).then(|| text.to_owned()),
        setup: new_setup,
    };
    let mut intents = Vec::new();
    if (
        new_side,
        new_level,
        new_sfen.as_str(),
        new_setup,
        new_engine,
    ) != (side, level, sfen, setup, engine)
    {
        intents.push(Intent::EditDialog(Dialog::NewGame {
            side: new_side,
            level: new_level,
            sfen: new_sfen.clone(),
            error: error.map(str::to_owned),
            setup: new_setup,
            engine: new_engine,
        }));
    }
    match buttons(ui, t.start, start, lang) {
        // Who plays is chosen with the start, so a cancelled dialog changes nothing; both
        // wait for "drop the game in progress?" when one is.
        Some(Intent::Cancel) => intents.push(Intent::Cancel),
        Some(start) => intents.push(Intent::LeaveGame(vec![
            Intent::SetEngineRole(EngineRole::Opponent, new_engine),
            start,
        ])),
        None => {}
    }
    intents
}

fn resign(ui: &mut Ui, lang: Language) -> Vec<Intent> {
    let t = lang.strings();
    ui.heading(t.resign_heading);
    // Undo takes a resignation back alone (see `app/take_back.rs`), in every game.
    ui.label(t.resign_text);
    ui.add_space(10.0);
    buttons(ui, t.resign_yes, Intent::Resign, lang)
        .into_iter()
        .collect()
}

/// "Analyse this game?" (or "Review this game?") in a game that counts in the results.
fn analyse_off_ladder(ui: &mut Ui, review: bool, lang: Language) -> Vec<Intent> {
    let t = lang.strings();
    let (heading, yes, intent) = match review {
        false => (
            t.analyse_off_ladder_heading,
            t.analyse_off_ladder_yes,
            Intent::AnalyseOffLadder,
        ),
        true => (
            t.review_off_ladder_heading,
            t.review_off_ladder_yes,
            Intent::ReviewOffLadder,
        ),
    };
    ui.heading(heading);
    ui.label(t.analyse_off_ladder_text);
    ui.add_space(10.0);
    buttons(ui, yes, intent, lang).into_iter().collect()
}

/// "Replace NAME?" before the app's own file dialog saves over a file. Esc, a click outside
/// and Cancel write nothing.
fn replace(ui: &mut Ui, path: &std::path::Path, lang: Language) -> Vec<Intent> {
    let t = lang.strings();
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    ui.heading(fill(t.replace_heading, &[("name", &name)]));
    ui.label(t.replace_text);
    ui.add_space(10.0);
    buttons(ui, t.replace_yes, Intent::ReplaceFile, lang)
        .into_iter()
        .collect()
}

/// The impasse preview; `handicap` names the sides 下手 and 上手.
fn declare(
    ui: &mut Ui,
    preview: &ImpassePreview,
    (player, handicap): (Color, bool),
    lang: Language,
) -> Vec<Intent> {
    let t = lang.strings();
    ui.heading(t.declare_heading);
    ui.label(t.declare_text);
    ui.add_space(6.0);
    for (template, color, points) in [
        (t.sente_points, Color::Sente, preview.sente_points),
        (t.gote_points, Color::Gote, preview.gote_points),
    ] {
        let side = lang.seat(color, handicap);
        let text = fill(template, &[("side", &side), ("points", &points)]);
        ui.label(RichText::new(text).size(16.0));
    }
    let outcome = match preview.result.winner {
        Some(winner) if winner == player => t.you_would_win,
        Some(_) => t.you_would_lose,
        None => t.would_be_draw,
    };
    let verdict = match preview.result.winner {
        Some(winner) => fill(t.wins, &[("winner", &lang.seat(winner, handicap))]),
        None => t.result_draw.to_owned(),
    };
    ui.label(
        RichText::new(fill(
            t.declare_result,
            &[("verdict", &verdict), ("outcome", &outcome)],
        ))
        .strong(),
    );
    ui.add_space(10.0);
    buttons(ui, t.declare_yes, Intent::Declare, lang)
        .into_iter()
        .collect()
}

fn paste(ui: &mut Ui, text: &str, error: Option<&str>, lang: Language) -> Vec<Intent> {
    let t = lang.strings();
    let mut new_text = text.to_owned();
    ui.heading(t.paste_heading);
    ui.label(t.paste_text);
    let field = ui.add(
        egui::TextEdit::multiline(&mut new_text)
            .desired_rows(6)
            .desired_width(f32::INFINITY)
            .hint_text(t.paste_hint),
    );
    if new_text.is_empty() && !field.has_focus() {
        field.request_focus();
    }
    if let Some(error) = error {
        ui.colored_label(crate::gui::theme::PROMOTED_INK, error);
    }
    let mut intents = Vec::new();
    if new_text != text {
        intents.push(Intent::EditDialog(Dialog::Paste {
            text: new_text.clone(),
            error: error.map(str::to_owned),
        }));
    }
    intents.extend(buttons(ui, t.start, Intent::Paste(new_text), lang));
    intents
}

/// "A game is in progress: drop it?" before starting another, opening a record or playing
/// from the editor. Esc, a click outside and Cancel keep the game.
fn leave_game(ui: &mut Ui, lang: Language) -> Vec<Intent> {
    let t = lang.strings();
    ui.heading(t.leave_game_heading);
    ui.label(t.leave_game_text);
    ui.add_space(10.0);
    buttons(ui, t.leave_game_yes, Intent::GameLeft, lang)
        .into_iter()
        .collect()
}

fn notice_box(ui: &mut Ui, notice: &str, lang: Language) -> Vec<Intent> {
    let t = lang.strings();
    ui.heading(t.notice_heading);
    ui.label(notice);
    ui.add_space(8.0);
    if ui.button(t.ok).clicked() {
        vec![Intent::Cancel]
    } else {
        Vec::new()
    }
}
