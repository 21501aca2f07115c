//! Game records in and out of the app: saving, opening (to replay, with the choice to play on
//! against the AI from any move), copying and pasting.

use super::KomadaiApp;
use super::play::{OpenedRecord, Play};
use crate::clock::TimeControl;
use crate::gui::dialogs::Dialog;
use crate::gui::dialogs::file_dialog::{FileTask, OwnFileDialog};
use crate::gui::intent::Intent;
use crate::gui::panels::message::{Message, MessageKind};
use crate::gui::storage::records_io::Picked;
use crate::gui::storage::records_io::{self, Loaded};
use crate::gui::view_mode::ViewMode;
use crate::i18n::{Language, fill};
use crate::record::{Format, Record};
use crate::review::kif_comments;
use crate::rules::game::Game;
use crate::rules::{Color, Handicap};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where an opened game is first shown: a file from its start (to replay it), a pasted game
/// at its end (to play on from there).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Replay {
    FromStart,
    FromEnd,
}

impl KomadaiApp {
    /// The game as a record, with the players named: an opened game still being replayed
    /// keeps its own header (players, event, date) and comments, a game played here names
    /// you and the AI. An open review goes into the comments (KIF keeps them).
    pub fn record(&self) -> Record {
        let mut record = self.bare_record();
        if let Some(review) = self.game_review() {
            kif_comments::write_review(review, &mut record);
        }
        record
    }

    pub(in crate::gui) fn bare_record(&self) -> Record {
        let opponent = self.background.engines.opponent.as_ref();
        let you = self.stored.settings.player_name.get();
        (self.play).bare_record(self.language(), opponent.map(|e| e.name.as_str()), you)
    }

    /// The position on the board (the one looked at, when looking back) as SFEN.
    pub fn shown_sfen(&self) -> String {
        let game = self.shown_game();
        game.position_after(self.shown_ply())
            .unwrap_or(game.position())
            .to_sfen()
    }

    /// Opens a record to replay it, or a position to play from; a record whose moves stop
    /// being readable opens up to its last good move, with a note of where and why.
    fn open_record(&mut self, path: &Path) -> Result<(), String> {
        let (loaded, cut) = records_io::open(path).map_err(|p| p.text(self.language()))?;
        log::info!("opened {}", path.display());
        self.start_from(loaded, Replay::FromStart);
        if let Some(cut) = cut {
            let text = cut.text(self.language());
            self.screen.message = Some(Message::as_written(MessageKind::Warning, text));
        }
        if self.screen.message.is_none() && self.screen.view.is_replaying() {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            let text = fill(self.strings().replaying_file, &[("name", &name)]);
            self.screen.message = Some(Message::as_written(MessageKind::Info, text));
        }
        Ok(())
    }

    /// Starts from a pasted SFEN (a new game, the player to move) or record (shown at its
    /// end, ready to play on or to step back through).
    fn paste(&mut self, text: &str) -> Result<(), String> {
        let loaded = records_io::parse_text(text).map_err(|p| p.text(self.language()))?;
        self.start_from(loaded, Replay::FromEnd);
        Ok(())
    }

    /// Cuts the game back to `ply` moves (dropping a resignation or declaration after them)
    /// and plays on from there as `player` against the AI.
    pub(in crate::gui) fn play_on_from(&mut self, ply: usize, player: Color) {
        let shown = self.shown_game();
        let ply = ply.min(shown.ply());
        let mut game = Game::from_position(*shown.start());
        for &mv in &shown.moves()[..ply] {
            if game.play(mv).is_err() {
                break;
            }
        }
        // The same opponent plays on, an added engine too.
        let seated = self.background.engines.take_opponent();
        self.new_game(*game.start(), player, self.play.level);
        self.play.game = game;
        self.background.engines.reseat_opponent(seated);
    }

    fn start_from(&mut self, loaded: Loaded, replay: Replay) {
        match loaded {
            Loaded::Position(position) => {
                self.new_game(position, position.side_to_move(), self.play.level);
            }
            Loaded::Record(record) => {
                let kept_review = kif_comments::read_review(&record);
                let game = record.game;
                self.new_game(*game.start(), self.play.player, self.play.level);
                self.play.header = Some(OpenedRecord {
                    info: record.info,
                    other_ending: record.other_ending.clone(),
                    comments: record.comments,
                    variations: record.variations,
                    opened_moves: game.moves().to_vec(),
                });
                self.screen.view = ViewMode::Replaying(match replay {
                    Replay::FromStart => 0,
                    Replay::FromEnd => game.ply(),
                });
                self.play.game = game;
                let turn = self.play.game.side_to_move();
                let plies = self.play.game.ply();
                self.play.clock.catch_up(plies, &record.move_times, turn);
                if let Some(ending) = record.other_ending {
                    let text = fill(self.strings().record_ends, &[("result", &ending)]);
                    self.screen.message = Some(Message::info(text));
                }
                if let Some(review) = kept_review {
                    self.review_panel.restore(review, &self.play.game);
                }
            }
        }
    }

    /// Saves through the system's file dialog, or straight into the games folder where there
    /// is no dialog.
    pub(in crate::gui) fn save_as(&mut self, format: Format) {
        let record = self.record();
        self.save_in_format(format, record);
    }

    /// Saves `record` as KIF, as [`KomadaiApp::save_as`] does the game.
    pub(in crate::gui) fn save_record_as(&mut self, record: Record) {
        self.save_in_format(Format::Kif, record);
    }

    fn save_in_format(&mut self, format: Format, record: Record) {
        let dir = self.stored.disk.games_dir();
        let picked = match self.host.system_dialogs {
            true => records_io::pick_save_path(dir.as_deref(), format, self.language()),
            false => Picked::NoDialog,
        };
        match picked {
            Picked::Chosen(path) => self.save_record_to(&path, &record),
            Picked::Cancelled => {}
            Picked::NoDialog => {
                let name = records_io::default_name(format);
                self.open_own_file_dialog(FileTask::Save(Box::new(record)), &name);
            }
        }
    }

    /// Writes `record` to `path` and says where, or why not.
    fn save_record_to(&mut self, path: &Path, record: &Record) {
        let saved = records_io::save(path, record);
        if let Ok(written) = &saved {
            log::info!("saved a record to {}", written.display());
        }
        self.screen.message = Some(match saved {
            Ok(written) => Message::as_written(
                MessageKind::Info,
                fill(self.strings().saved_to, &[("path", &written.display())]),
            ),
            Err(problem) => Message::as_written(MessageKind::Error, problem.text(self.language())),
        });
    }

    /// Asks the system's file dialog for a record to open; where it cannot be shown, the
    /// app's own.
    pub(in crate::gui) fn open_with_dialog(&mut self) {
        let dir = self.stored.disk.games_dir();
        let picked = match self.host.system_dialogs {
            true => records_io::pick_open_path(dir.as_deref(), self.language()),
            false => Picked::NoDialog,
        };
        match picked {
            Picked::Chosen(path) => self.open_record_file(&path),
            Picked::Cancelled => {}
            Picked::NoDialog => self.open_own_file_dialog(FileTask::Open, ""),
        }
    }

    /// Asks the system's file dialog for the files of a collection to import; where it
    /// cannot be shown, the app's own.
    pub(in crate::gui) fn import_with_dialog(&mut self) {
        let picked = match self.host.system_dialogs {
            true => records_io::pick_collection(self.language()),
            false => Picked::NoDialog,
        };
        match picked {
            Picked::Chosen(paths) => self.practice_page.import_files(paths, self.host.wake()),
            Picked::Cancelled => {}
            Picked::NoDialog => self.open_own_file_dialog(FileTask::Import, ""),
        }
    }

    /// The system's dialog could not be shown: the app's own opens in the games folder, and
    /// a note says why it looks different.
    fn open_own_file_dialog(&mut self, task: FileTask, name: &str) {
        let dir = self.stored.disk.games_dir();
        let lang = self.language();
        self.screen.file_dialog = Some(OwnFileDialog::new(task, dir.as_deref(), name, lang));
        let t = self.strings();
        let shown = dir.map_or_else(|| t.games_folder.to_owned(), |d| d.display().to_string());
        let note = fill(t.no_file_dialog, &[("dir", &shown)]);
        self.screen.message = Some(Message::as_written(MessageKind::Info, note));
    }

    /// What the app's own file dialog was opened for, done with the files chosen in it.
    pub(in crate::gui) fn files_chosen(&mut self, paths: Vec<PathBuf>) {
        let Some(own) = self.screen.file_dialog.take() else {
            return;
        };
        match own.task {
            FileTask::Open => {
                if let Some(path) = paths.first() {
                    self.open_record_file(path);
                }
            }
            FileTask::Save(record) => {
                if let Some(path) = paths.first() {
                    self.save_or_ask(path, record);
                }
            }
            FileTask::Import => self.practice_page.import_files(paths, self.host.wake()),
        }
    }

    /// Saves `record` where the app's own file dialog chose; over a file already there only
    /// once the player agreed (asked in a box). The system's dialogs ask that themselves.
    fn save_or_ask(&mut self, path: &Path, record: Box<Record>) {
        let (written, _) = records_io::save_path(path);
        if written.exists() {
            self.screen.replacing = Some(record);
            self.screen.dialog = Some(Dialog::Replace(written));
        } else {
            self.save_record_to(path, &record);
        }
    }

    /// The player agreed to save over the file: the record waiting is written.
    pub(in crate::gui) fn replace_file(&mut self) {
        let Some(Dialog::Replace(path)) = self.screen.dialog.take() else {
            return;
        };
        if let Some(record) = self.screen.replacing.take() {
            self.save_record_to(&path, &record);
        }
    }

    /// The window's share of the app's own file dialog, once a frame: drawn while open, and
    /// what the player chose in it.
    pub(in crate::gui) fn show_own_file_dialog(&mut self, ctx: &egui::Context) -> Option<Intent> {
        self.screen.file_dialog.as_mut()?.show(ctx)
    }

    /// Files dropped on the window: a collection to import on the Practice page, else a
    /// record to open (asking first when a game is in progress).
    pub(in crate::gui) fn dropped_files(&self, ctx: &egui::Context) -> Option<Intent> {
        let paths: Vec<PathBuf> = ctx.input(|i| {
            (i.raw.dropped_files.iter())
                .map(|file| file.path().to_path_buf())
                .filter(|path| !path.as_os_str().is_empty())
                .collect()
        });
        let first = paths.first()?.clone();
        Some(if self.practice_page.open {
            Intent::ImportFiles(paths)
        } else {
            Intent::LeaveGame(vec![Intent::OpenFile(first)])
        })
    }

    /// Tests and tools: the system's file dialogs are never tried, as on a desktop that has
    /// none; the app's own is shown instead.
    pub fn without_system_dialogs(mut self) -> KomadaiApp {
        self.host.system_dialogs = false;
        self
    }

    /// Opens the record the Game menu, the recent games, a double-click or the command line
    /// (`komadai FILE`) named: a file that cannot be read leaves the game as it was and
    /// shows the reader's message.
    pub(in crate::gui) fn open_record_file(&mut self, path: &Path) {
        if let Err(err) = self.open_record(path) {
            log::warn!("{err}");
            self.screen.message = Some(Message::as_written(MessageKind::Error, err));
        }
    }

    pub(in crate::gui) fn copy(&mut self, text: String, note: &str) {
        if let Some(ctx) = &self.host.egui {
            ctx.copy_text(text);
        }
        self.screen.message = Some(Message::info(note));
    }

    /// A pasted text: when it cannot be used, the paste dialog (or, for Ctrl+V on the
    /// board, the status line) says why; a usable one starts, asking first while a game is
    /// in progress (read twice, as the question may come between).
    pub(in crate::gui) fn paste_text(&mut self, text: String) {
        match records_io::parse_text(&text) {
            Ok(_) => self.apply(Intent::LeaveGame(vec![Intent::StartPasted(text)])),
            Err(problem) => self.paste_refused(problem.text(self.language())),
        }
    }

    /// Starts from a pasted text the player may drop the game for.
    pub(in crate::gui) fn start_pasted(&mut self, text: &str) {
        if let Err(err) = self.paste(text) {
            self.paste_refused(err);
        }
    }

    /// Why a pasted text cannot be used, in the paste dialog (or, for Ctrl+V on the board,
    /// the status line).
    fn paste_refused(&mut self, err: String) {
        match &mut self.screen.dialog {
            Some(Dialog::Paste { error, .. }) => *error = Some(err),
            _ => self.screen.message = Some(Message::error(err)),
        }
    }
}

/// The game on the board as a record.
impl Play {
    /// The game as a record, its opened header kept, or else naming the player (`you`: the
    /// name they set, or "You") and the AI (`opponent`: the engine that plays it) in `lang`.
    pub(in crate::gui) fn bare_record(
        &self,
        lang: Language,
        opponent: Option<&str>,
        you: Option<&str>,
    ) -> Record {
        let mut record = Record::new(self.game.clone());
        record.move_times = self.clock.move_times().to_vec();
        if let Some(header) = &self.header {
            record.info = header.info.clone();
            record.other_ending.clone_from(&header.other_ending);
            record.comments.clone_from(&header.comments);
            let moves = record.game.moves();
            record.variations = header
                .variations
                .iter()
                .filter(|v| moves.get(..v.ply) == header.opened_moves.get(..v.ply))
                .cloned()
                .collect();
            return record;
        }
        let t = lang.strings();
        let ai = match opponent {
            Some(name) => name.to_owned(),
            None => fill(t.record_player_ai, &[("level", &lang.level(self.level))]),
        };
        let you = you.unwrap_or(t.record_player_you).to_owned();
        let (sente, gote) = match self.player {
            Color::Sente => (you, ai),
            Color::Gote => (ai, you),
        };
        record.info.sente = Some(sente);
        record.info.gote = Some(gote);
        record.info.start_time = Some(self.started.record_text());
        let handicap = Handicap::of_start(self.game.start()).is_some();
        let controls = Color::ALL.map(|color| self.clock.control(color));
        (record.info).set_time_control(kif_time_control(controls, handicap));
        record
    }
}

/// The clocks of a game played here as KIF's `持ち時間` says them (in Japanese, as the
/// header is written whatever the window's language): `各10分、秒読み30秒`, or each side's
/// when they differ; `None` without a clock.
fn kif_time_control([sente, gote]: [TimeControl; 2], handicap: bool) -> Option<String> {
    let (sente_word, gote_word) = match handicap {
        true => ("下手", "上手"),
        false => ("先手", "後手"),
    };
    match (one_control(sente), one_control(gote)) {
        (None, None) => None,
        (Some(s), Some(g)) if s == g => Some(format!("各{s}")),
        (s, g) => {
            let side = |text: Option<String>| text.unwrap_or_else(|| "無制限".to_owned());
            Some(format!("{sente_word}{}、{gote_word}{}", side(s), side(g)))
        }
    }
}

/// One side's clock in the words of a KIF header: `10分、秒読み30秒`.
fn one_control(control: TimeControl) -> Option<String> {
    let span = |d: Duration| match d.as_secs() {
        s if s >= 60 && s % 60 == 0 => format!("{}分", s / 60),
        s => format!("{s}秒"),
    };
    let main = control.main();
    let with_main = |rest: String| match main.is_zero() {
        true => rest,
        false => format!("{}、{rest}", span(main)),
    };
    match control {
        TimeControl::Unlimited => None,
        TimeControl::Byoyomi { period, .. } => Some(with_main(format!("秒読み{}", span(period)))),
        TimeControl::Fischer { increment, .. } => {
            Some(with_main(format!("1手ごとに{}加算", span(increment))))
        }
        TimeControl::SuddenDeath { .. } => Some(format!("{}、切れ負け", span(main))),
    }
}
