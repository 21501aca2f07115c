//! What the Engine match page draws: the form (or the game under way and Stop), the score
//! of each player, a line for each game with its record to open, and the game being played
//! on the board. It only reads the match; what the player asks for comes back as intents.

use super::EngineMatch;
use super::form::{Contestant, OpeningChoice, time_choices, time_name};
use crate::gui::board::board_view::BoardView;
use crate::gui::board::piece_tile::TileStyle;
use crate::gui::board::selection::Selection;
use crate::gui::intent::Intent;
use crate::gui::panels::message;
use crate::gui::storage::settings::Settings;
use crate::i18n::{Language, fill};
use crate::rules::{Color, Position};
use egui::{CentralPanel, ComboBox, Grid, Panel, RichText, ScrollArea, Ui};

/// The page's column: room for the form and the table of games, and in a small window no
/// more than its share, so that the board stays readable beside it.
const PAGE_WIDTH: f32 = 400.0;
const PAGE_NARROWEST: f32 = 300.0;
const PAGE_SHARE: f32 = 0.45;

impl EngineMatch {
    /// Draws the page and the board of the game being played, as `settings` say.
    pub(in crate::gui) fn show(&self, ui: &mut Ui, settings: &Settings) -> Vec<Intent> {
        let lang = settings.language;
        let t = lang.engine_match();
        let mut intents = Vec::new();
        Panel::top("match heading").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.heading(t.heading);
                if ui.button(t.close).clicked() {
                    intents.push(Intent::CloseEngineMatch);
                }
            });
        });
        let width = (ui.available_width() * PAGE_SHARE).clamp(PAGE_NARROWEST, PAGE_WIDTH);
        Panel::right("match page")
            .resizable(false)
            .exact_size(width)
            .show(ui, |ui| {
                ScrollArea::both().show(ui, |ui| {
                    intents.extend(self.controls(ui, settings));
                    if let Some(note) = &self.note {
                        let colour = message::color(note.kind, ui.visuals());
                        ui.label(RichText::new(&note.text).color(colour));
                    }
                    ui.separator();
                    self.scores(ui, lang);
                    ui.separator();
                    intents.extend(self.games(ui, lang));
                });
            });
        CentralPanel::default().show(ui, |ui| self.board(ui, settings));
        intents
    }

    /// The form while no match runs; the game under way and Stop while one does.
    fn controls(&self, ui: &mut Ui, settings: &Settings) -> Option<Intent> {
        let lang = settings.language;
        let t = lang.engine_match();
        if self.is_running() {
            let number = self.live.as_ref().map_or(1, |live| live.number);
            ui.label(fill(
                t.playing,
                &[("number", &number), ("games", &self.planned)],
            ));
            // A is Sente in the odd-numbered games.
            let (sente, gote) = match number % 2 {
                1 => (&self.names[0], &self.names[1]),
                _ => (&self.names[1], &self.names[0]),
            };
            ui.label(format!("☗ {sente}    ☖ {gote}"));
            return ui
                .button(t.stop)
                .clicked()
                .then_some(Intent::StopEngineMatch);
        }
        let mut form = self.form.clone();
        let engines = &settings.engines;
        let name = |c: Contestant| c.name(engines, lang).unwrap_or_default();
        Grid::new("match form").num_columns(2).show(ui, |ui| {
            for (i, label) in [t.player_a, t.player_b].into_iter().enumerate() {
                let label = ui.label(label);
                ComboBox::from_id_salt(("match player", i))
                    .selected_text(name(form.players[i]))
                    .width(220.0)
                    .show_ui(ui, |ui| {
                        for choice in Contestant::all(engines) {
                            ui.selectable_value(&mut form.players[i], choice, name(choice));
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();
            }
            let label = ui.label(t.games);
            ui.add(egui::DragValue::new(&mut form.games).range(1..=super::form::MOST_GAMES))
                .labelled_by(label.id)
                .on_hover_text(t.games_tip);
            ui.end_row();
            let label = ui.label(t.time);
            ComboBox::from_id_salt("match time")
                .selected_text(time_name(&form.time, lang))
                .width(220.0)
                .show_ui(ui, |ui| {
                    for choice in time_choices() {
                        let text = time_name(&choice, lang);
                        ui.selectable_value(&mut form.time, choice, text);
                    }
                })
                .response
                .labelled_by(label.id);
            ui.end_row();
            ui.label(t.opening);
            ui.horizontal(|ui| {
                ui.radio_value(&mut form.opening, OpeningChoice::Start, t.opening_start);
                ui.radio_value(&mut form.opening, OpeningChoice::Random, t.opening_random)
                    .on_hover_text(t.opening_random_tip);
            });
            ui.end_row();
        });
        ui.label(t.sides_alternate);
        if form != self.form {
            return Some(Intent::EditMatch(form));
        }
        ui.button(t.start)
            .on_hover_text(t.start_tip)
            .clicked()
            .then_some(Intent::StartEngineMatch)
    }

    /// Each player's wins, losses, draws and score.
    fn scores(&self, ui: &mut Ui, lang: Language) {
        if self.lines.is_empty() && !self.is_running() {
            return;
        }
        let t = lang.engine_match();
        let (won, lost, drawn) = self.score();
        let played = self.lines.len();
        let percent = |w: usize, d: usize| match played {
            0 => "–".to_string(),
            n => format!("{:.0}%", (w as f64 + d as f64 / 2.0) * 100.0 / n as f64),
        };
        Grid::new("match scores")
            .num_columns(6)
            .striped(true)
            .show(ui, |ui| {
                for heading in ["", t.engine, t.wins, t.losses, t.draws, t.score] {
                    ui.strong(heading);
                }
                ui.end_row();
                let rows = [
                    ("A", &self.names[0], won, lost),
                    ("B", &self.names[1], lost, won),
                ];
                for (letter, name, w, l) in rows {
                    ui.strong(letter);
                    ui.label(name.as_str());
                    ui.label(w.to_string());
                    ui.label(l.to_string());
                    ui.label(drawn.to_string());
                    ui.label(percent(w, drawn));
                    ui.end_row();
                }
            });
    }

    /// A line a game: who had which side (A or B, named in the scores above), the result, how
    /// it ended, its length, and its record to open.
    fn games(&self, ui: &mut Ui, lang: Language) -> Vec<Intent> {
        let mut intents = Vec::new();
        if self.lines.is_empty() {
            return intents;
        }
        let t = lang.engine_match();
        Grid::new("match games")
            .num_columns(7)
            .striped(true)
            .show(ui, |ui| {
                for heading in [t.number, t.sente, t.gote, t.result, t.reason, t.plies, ""] {
                    ui.strong(heading);
                }
                ui.end_row();
                for line in &self.lines {
                    let (sente, gote) = if line.a_is_sente {
                        ("A", "B")
                    } else {
                        ("B", "A")
                    };
                    let result = match line.verdict.winner {
                        Some(Color::Sente) => t.sente_won,
                        Some(Color::Gote) => t.gote_won,
                        None => t.draw,
                    };
                    ui.label(line.number.to_string());
                    ui.label(sente);
                    ui.label(gote);
                    ui.label(result);
                    ui.label(t.reason(line.verdict.reason));
                    ui.label(line.plies.to_string());
                    match &line.file {
                        Some(path) => {
                            let open = ui.add(egui::Button::new(t.open)).on_hover_text(t.open_tip);
                            if open.clicked() {
                                intents.push(Intent::CloseEngineMatch);
                                intents.push(Intent::OpenFile(path.clone()));
                            }
                        }
                        None => {
                            ui.label("");
                        }
                    }
                    ui.end_row();
                }
            });
        intents
    }

    /// The game being played, or the start position before the first move.
    fn board(&self, ui: &mut Ui, settings: &Settings) {
        let start = Position::startpos();
        let (position, last_move) = match &self.live {
            Some(live) => (&live.position, live.last_move),
            None => (&start, None),
        };
        let view = BoardView {
            position,
            player: Color::Sente,
            flipped: false,
            style: TileStyle {
                labels: settings.labels,
                move_dots: settings.move_dots,
                board: settings.board,
                pieces: settings.pieces,
            },
            notation: settings.notation,
            selection: Selection::None,
            last_move,
            hint: None,
            hint_piece: None,
            interactive: false,
            prompt_open: false,
            handicap: false,
            marked: &[],
            arrows: &[],
            lang: settings.language,
        };
        let _ = view.show(ui);
    }
}
