//! The app's side of keeping games: autosave after every change and restore at start-up, the
//! Game menu (save, open, copy, paste), and replaying a game move by move with the choice to
//! play on against the AI from any move.
//!
//! A child module of `app` so it can reach the app's state without widening its API.

use super::KomadaiApp;
use crate::gui::autosave::{AutosaveStore, Autosaver, SavedGame};
use crate::gui::records_io::{self, Loaded};
use crate::record::{Format, Record, RecordInfo};
use crate::rules::Color;
use crate::rules::game::Game;
use egui::{Context, Event, Id, Key, Modal, Modifiers, Panel, Ui};
use std::path::{Path, PathBuf};

/// What the persistence side of the app keeps between frames.
pub struct Persistence {
    autosaver: Autosaver,
    data_dir: Option<PathBuf>,
    /// An opened or pasted game is being replayed: the AI waits and the board is read-only.
    pub(super) reviewing: bool,
    /// The paste dialog's text and why the last try failed.
    paste: Option<(String, Option<String>)>,
    /// Why the autosaved game was not restored, until the player closes the box.
    notice: Option<String>,
    /// The header of the game opened last, kept for saving it again while it is replayed.
    opened: Option<OpenedHeader>,
    /// What the log last heard about: the player's note and whether the game was over.
    logged: (Option<String>, bool),
}

impl Persistence {
    /// Autosave and saved games live in `data_dir`; `None` keeps nothing on disk.
    pub fn new(data_dir: Option<PathBuf>) -> Persistence {
        let store = data_dir
            .as_ref()
            .map_or_else(AutosaveStore::in_memory, AutosaveStore::in_dir);
        Persistence {
            autosaver: Autosaver::new(store),
            data_dir,
            reviewing: false,
            paste: None,
            notice: None,
            opened: None,
            logged: (None, false),
        }
    }

    fn games_dir(&self) -> Option<PathBuf> {
        self.data_dir.as_ref().map(|dir| dir.join("games"))
    }
}

/// What an opened record says besides its moves.
struct OpenedHeader {
    info: RecordInfo,
    other_ending: Option<String>,
}

/// Where an opened game is first shown: a file from its start (to replay it), a pasted game
/// at its end (to play on from there).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Replay {
    FromStart,
    FromEnd,
}

/// What the Game menu, the replay bar or a key asked for.
enum FileCommand {
    Save(Format),
    Open,
    OpenPath(PathBuf),
    CopySfen,
    CopyKif,
    OpenPaste,
    ClosePaste,
    Paste(String),
    ShowPly(usize),
    PlayOn(Color),
}

impl KomadaiApp {
    /// Continues the autosaved game, if there is one; says so when a file had to be set aside.
    pub(super) fn restore_autosave(&mut self) {
        let loaded = self.persist.autosaver.restore();
        if let Some(resumed) = loaded.resumed {
            self.new_game(*resumed.game.start(), resumed.player, resumed.level);
            self.game = resumed.game;
            self.persist.reviewing = resumed.reviewing;
            log::info!("resumed the saved game at ply {}", self.game.ply());
        }
        if let Some(note) = loaded.note {
            log::warn!("{note}");
            self.persist.notice = Some(note.clone());
            self.message = Some(match self.message.take() {
                Some(earlier) => format!("{earlier}; {note}"),
                None => note,
            });
        }
    }

    /// A saved game that could not be restored is worth more than a line in the status bar:
    /// the player is told in a box they must close.
    fn notice_dialog(&mut self, ctx: &Context) {
        let Some(notice) = &self.persist.notice else {
            return;
        };
        let modal = Modal::new(Id::unique("komadai notice")).show(ctx, |ui| {
            ui.set_max_width(460.0);
            ui.heading("Your saved game could not be restored");
            ui.label(notice.as_str());
            ui.add_space(8.0);
            ui.button("OK").clicked()
        });
        if modal.inner || modal.should_close() {
            self.persist.notice = None;
        }
    }

    /// Writes the game when it changed since the last write (called once a frame).
    pub(super) fn autosave(&mut self) {
        let saved = SavedGame::of(&self.game, self.player, self.level, self.persist.reviewing);
        if let Some(note) = self.persist.autosaver.save_if_changed(saved) {
            self.message = Some(note);
        }
        self.log_changes();
    }

    /// Puts what the player was told and how games ended in the log, once each, so a problem
    /// report shows what led up to it.
    fn log_changes(&mut self) {
        let over = self.game.is_over();
        if over != self.persist.logged.1 {
            if let Some(result) = self.game.result() {
                let sfen = self.game.position().to_sfen();
                log::info!(
                    "game over after {} moves: {result} ({sfen})",
                    self.game.ply()
                );
            }
            self.persist.logged.1 = over;
        }
        if self.message != self.persist.logged.0 {
            if let Some(message) = &self.message {
                log::info!("told the player: {message}");
            }
            self.persist.logged.0 = self.message.clone();
        }
    }

    /// Where the game is autosaved (for the curious and for tests).
    pub fn autosave_path(&self) -> Option<PathBuf> {
        self.persist.autosaver.store().path()
    }

    /// An opened game is being replayed (the AI waits until the player plays on).
    pub fn is_reviewing(&self) -> bool {
        self.persist.reviewing
    }

    /// The game as a record, with the players named: an opened game still being replayed
    /// keeps its own header (players, event, date), a game played here names you and the AI.
    pub fn record(&self) -> Record {
        let mut record = Record::new(self.game.clone());
        if let Some(opened) = self
            .persist
            .opened
            .as_ref()
            .filter(|_| self.persist.reviewing)
        {
            record.info = opened.info.clone();
            record.other_ending.clone_from(&opened.other_ending);
            return record;
        }
        let ai = format!("komadai ({})", self.level.name());
        let (sente, gote) = match self.player {
            Color::Sente => ("You".to_owned(), ai),
            Color::Gote => (ai, "You".to_owned()),
        };
        record.info.sente = Some(sente);
        record.info.gote = Some(gote);
        record
    }

    /// The position on the board (the one looked at, when looking back) as SFEN.
    pub fn shown_sfen(&self) -> String {
        let ply = self.viewing.unwrap_or(self.game.ply());
        self.game
            .position_after(ply)
            .unwrap_or(self.game.position())
            .to_sfen()
    }

    /// Saves the game to `path` (KIF, CSA or USI by its extension; KIF otherwise).
    pub fn save_record(&mut self, path: &Path) -> Result<PathBuf, String> {
        let written = records_io::save(path, &self.record())?;
        log::info!("saved the game to {}", written.display());
        Ok(written)
    }

    /// Opens a record to replay it, or a position to play from.
    pub fn open_record(&mut self, path: &Path) -> Result<(), String> {
        let loaded = records_io::open(path)?;
        log::info!("opened {}", path.display());
        self.start_from(loaded, Replay::FromStart);
        if self.message.is_none() && self.persist.reviewing {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            self.message = Some(format!(
                "Replaying {name}: Next/Back or the arrow keys; play on from any move."
            ));
        }
        Ok(())
    }

    /// Opens the record a double-click or the command line named (`komadai FILE`), as
    /// *Game ▸ Open game…* does: a file that cannot be read leaves the game as it was and
    /// shows the reader's message.
    pub fn open_record_file(&mut self, path: &Path) {
        if let Err(err) = self.open_record(path) {
            log::warn!("{err}");
            self.message = Some(err);
        }
    }

    /// Starts from a pasted SFEN (a new game, the player to move) or record (shown at its
    /// end, ready to play on or to step back through).
    pub fn paste(&mut self, text: &str) -> Result<(), String> {
        let loaded = records_io::parse_text(text)?;
        self.start_from(loaded, Replay::FromEnd);
        Ok(())
    }

    fn start_from(&mut self, loaded: Loaded, replay: Replay) {
        match loaded {
            Loaded::Position(position) => {
                self.new_game(position, position.side_to_move(), self.level);
            }
            Loaded::Record(record) => {
                let game = record.game;
                self.new_game(*game.start(), self.player, self.level);
                self.persist.opened = Some(OpenedHeader {
                    info: record.info,
                    other_ending: record.other_ending.clone(),
                });
                self.persist.reviewing = true;
                self.viewing = (replay == Replay::FromStart && game.ply() > 0).then_some(0);
                self.game = game;
                if let Some(ending) = record.other_ending {
                    self.message = Some(format!("The record ends: {ending}"));
                }
            }
        }
    }

    /// Cuts the game back to `ply` moves (dropping a resignation or declaration after them)
    /// and plays on from there as `player` against the AI.
    pub fn play_on_from(&mut self, ply: usize, player: Color) {
        let ply = ply.min(self.game.ply());
        let mut game = Game::from_position(*self.game.start());
        for &mv in &self.game.moves()[..ply] {
            if game.play(mv).is_err() {
                break;
            }
        }
        self.new_game(*game.start(), player, self.level);
        self.game = game;
    }

    /// The Game menu above the toolbar and, when looking back, the replay bar below the board.
    /// Called before the other panels so these sit on the outside.
    pub(super) fn show_persistence(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let mut commands = Vec::new();
        Panel::top("game menu").show(ui, |ui| {
            egui::MenuBar::new().ui(ui, |ui| {
                ui.menu_button("Game", |ui| commands.extend(self.game_menu(ui)));
            });
        });
        if self.persist.reviewing || self.viewing.is_some() {
            Panel::bottom("replay").show(ui, |ui| commands.extend(self.replay_bar(ui)));
        }
        commands.extend(self.persistence_keys(ui));
        self.notice_dialog(&ctx);
        if let Some(command) = self.paste_dialog(&ctx) {
            commands.push(command);
        }
        for command in commands {
            self.run(command, &ctx);
        }
    }

    fn game_menu(&self, ui: &mut Ui) -> Option<FileCommand> {
        let mut command = None;
        for format in Format::ALL {
            let label = format!("Save as {}…", records_io::format_name(format));
            if ui.button(label).clicked() {
                command = Some(FileCommand::Save(format));
            }
        }
        if ui.button("Open game…").clicked() {
            command = Some(FileCommand::Open);
        }
        let recent = self
            .persist
            .games_dir()
            .map(|dir| records_io::recent(&dir, 20))
            .unwrap_or_default();
        ui.add_enabled_ui(!recent.is_empty(), |ui| {
            ui.menu_button("Recent games", |ui| {
                for path in recent {
                    let name = path.file_name().unwrap_or_default().to_string_lossy();
                    if ui.button(name.as_ref()).clicked() {
                        command = Some(FileCommand::OpenPath(path.clone()));
                    }
                }
            });
        });
        ui.separator();
        if ui.button("Copy position (SFEN)").clicked() {
            command = Some(FileCommand::CopySfen);
        }
        if ui.button("Copy game (KIF)").clicked() {
            command = Some(FileCommand::CopyKif);
        }
        if ui
            .button("Paste position or game…")
            .on_hover_text("Ctrl+V on the board: an SFEN, a USI position line, KIF or CSA")
            .clicked()
        {
            command = Some(FileCommand::OpenPaste);
        }
        command
    }

    fn replay_bar(&self, ui: &mut Ui) -> Option<FileCommand> {
        let last = self.game.ply();
        let shown = self.viewing.unwrap_or(last);
        let mut command = None;
        ui.horizontal_wrapped(|ui| {
            let what = if self.persist.reviewing {
                "Replaying"
            } else {
                "Looking back"
            };
            ui.label(format!("{what}: move {shown} of {last}"));
            let steps = [
                ("First", 0, shown > 0),
                ("Back", shown.saturating_sub(1), shown > 0),
                ("Next", shown + 1, shown < last),
                ("Last", last, shown < last),
            ];
            for (label, ply, enabled) in steps {
                if ui.add_enabled(enabled, egui::Button::new(label)).clicked() {
                    command = Some(FileCommand::ShowPly(ply));
                }
            }
            ui.separator();
            ui.label("Play on from here against the AI as");
            if ui.button("☗ Sente").clicked() {
                command = Some(FileCommand::PlayOn(Color::Sente));
            }
            if ui.button("☖ Gote").clicked() {
                command = Some(FileCommand::PlayOn(Color::Gote));
            }
        });
        command
    }

    /// Arrow keys step through the moves (Left starts looking back); Ctrl+V pastes a game or
    /// position. Neither while a text field has the focus.
    fn persistence_keys(&self, ui: &mut Ui) -> Vec<FileCommand> {
        let mut commands = Vec::new();
        if self.dialog.is_some() || self.persist.paste.is_some() {
            return commands;
        }
        let text_focused = ui.ctx().text_edit_focused();
        let last = self.game.ply();
        let shown = self.viewing.unwrap_or(last);
        ui.input_mut(|input| {
            if text_focused {
                return;
            }
            // Left also starts looking back from the game in play.
            if shown > 0 && input.consume_key(Modifiers::NONE, Key::ArrowLeft) {
                commands.push(FileCommand::ShowPly(shown - 1));
            }
            if shown < last && input.consume_key(Modifiers::NONE, Key::ArrowRight) {
                commands.push(FileCommand::ShowPly(shown + 1));
            }
            let pasted = input.events.iter().find_map(|event| match event {
                Event::Paste(text) => Some(text.clone()),
                _ => None,
            });
            commands.extend(pasted.map(FileCommand::Paste));
        });
        commands
    }

    fn paste_dialog(&mut self, ctx: &Context) -> Option<FileCommand> {
        let (text, error) = self.persist.paste.as_mut()?;
        let modal = Modal::new(Id::unique("komadai paste")).show(ctx, |ui| {
            ui.set_max_width(420.0);
            ui.heading("Paste a position or a game");
            ui.label("An SFEN, a USI position line, or a KIF or CSA record. A position starts a new game with you to move; a game is shown at its last move, ready to play on.");
            let field = ui.add(
                egui::TextEdit::multiline(text)
                    .desired_rows(6)
                    .desired_width(f32::INFINITY)
                    .hint_text("Ctrl+V here"),
            );
            if text.is_empty() && !field.has_focus() {
                field.request_focus();
            }
            if let Some(error) = error.as_deref() {
                ui.colored_label(crate::gui::theme::PROMOTED_INK, error);
            }
            ui.horizontal(|ui| {
                if ui.button("Start").clicked() {
                    Some(FileCommand::Paste(text.clone()))
                } else if ui.button("Cancel").clicked() {
                    Some(FileCommand::ClosePaste)
                } else {
                    None
                }
            })
            .inner
        });
        if modal.should_close() {
            return Some(FileCommand::ClosePaste);
        }
        modal.inner
    }

    fn run(&mut self, command: FileCommand, ctx: &Context) {
        match command {
            FileCommand::Save(format) => {
                let dir = self.persist.games_dir();
                let path = if records_io::dialogs_available() {
                    records_io::pick_save_path(dir.as_deref(), format)
                } else if let Some(dir) = dir {
                    Some(dir.join(records_io::default_name(format)))
                } else {
                    self.message = Some(
                        "Not saved: no file dialog and no data folder on this system.".to_owned(),
                    );
                    None
                };
                if let Some(path) = path {
                    self.message = Some(match self.save_record(&path) {
                        Ok(written) => format!("Saved to {}", written.display()),
                        Err(err) => err,
                    });
                }
            }
            FileCommand::Open => {
                let dir = self.persist.games_dir();
                if !records_io::dialogs_available() {
                    self.message = Some(format!(
                        "No file dialog on this system: Game > Recent games lists the games in {}",
                        dir.map_or_else(
                            || "the games folder".to_owned(),
                            |d| d.display().to_string()
                        )
                    ));
                } else if let Some(path) = records_io::pick_open_path(dir.as_deref()) {
                    self.run(FileCommand::OpenPath(path), ctx);
                }
            }
            FileCommand::OpenPath(path) => self.open_record_file(&path),
            FileCommand::CopySfen => {
                ctx.copy_text(self.shown_sfen());
                self.message = Some("Position copied as SFEN.".to_owned());
            }
            FileCommand::CopyKif => {
                ctx.copy_text(self.record().to_kif());
                self.message = Some("Game copied as KIF.".to_owned());
            }
            FileCommand::OpenPaste => self.persist.paste = Some((String::new(), None)),
            FileCommand::ClosePaste => self.persist.paste = None,
            FileCommand::Paste(text) => match self.paste(&text) {
                Ok(()) => self.persist.paste = None,
                Err(err) => match &mut self.persist.paste {
                    Some((_, error)) => *error = Some(err),
                    None => self.message = Some(format!("Nothing to paste: {err}")),
                },
            },
            FileCommand::ShowPly(ply) => {
                self.clear_selection();
                self.viewing = (ply < self.game.ply()).then_some(ply);
            }
            FileCommand::PlayOn(player) => {
                let ply = self.viewing.unwrap_or(self.game.ply());
                self.play_on_from(ply, player);
            }
        }
    }
}
