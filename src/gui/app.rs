//! The app: its state, and the frame that draws it and applies what the user asked for.
//!
//! The state comes in a few parts a reader can hold: the game and who plays it (`Play`),
//! what the board shows ([`ViewMode`]), what runs in the background (the AI and the hint),
//! the open dialog and the last message. Views only read it and return
//! [`Intent`](crate::gui::intent::Intent)s; [`KomadaiApp::apply`] (in `apply.rs`) is the one
//! place that changes it.

use crate::clock::GameClock;
use crate::engine::EngineMove;
use crate::gui::Level;
use crate::gui::board::selection::Selection;
use crate::gui::dialogs::Dialog;
use crate::gui::editor::Editor;
use crate::gui::i18n::{Language, Strings};
use crate::gui::intent::Intent;
use crate::gui::ladder::Ladder;
use crate::gui::ladder::odds::Odds;
use crate::gui::panels::keys;
use crate::gui::panels::message::{Message, MessageKind};
use crate::gui::panels::move_list::MoveList;
use crate::gui::platform::fonts;
use crate::gui::platform::sound::{Cue, Player};
use crate::gui::storage::file_note::OwnFile;
use crate::gui::storage::settings::{Settings, SettingsStore};
use crate::gui::view_mode::ViewMode;
use crate::record::RecordInfo;
use crate::review::AnalysisOptions;
use crate::rules::game::Game;
use crate::rules::{Color, Move, Position, Square};
use background::{Background, Wake};
use egui::{Context, Ui};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

mod ai;
mod apply;
mod background;
mod editing;
mod files;
mod results;
mod review;
mod saving;
mod seats;
mod take_back;
mod timing;
mod window;

pub use timing::TimeSource;

/// Knobs for tests and tools: a fixed seed makes the AI repeatable, a short move time fast.
#[derive(Clone, Copy, Debug, Default)]
pub struct AppOptions {
    pub seed: Option<u64>,
    /// Overrides the level's thinking time.
    pub movetime: Option<Duration>,
    /// Overrides the review's nodes per position (small in tests, for speed).
    pub review_nodes: Option<u64>,
    /// Overrides the review's threads (all cores by default).
    pub review_threads: Option<usize>,
}

impl AppOptions {
    /// How hard and how wide the review analyses.
    fn review_options(&self) -> AnalysisOptions {
        let default = AnalysisOptions::default();
        AnalysisOptions {
            nodes: self.review_nodes.unwrap_or(default.nodes),
            threads: self.review_threads.unwrap_or(default.threads).max(1),
            ..default
        }
    }
}

/// The whole app, constructible without a window (tests drive it through `show`).
pub struct KomadaiApp {
    /// What the game is: its moves, the player's side, the AI's level.
    play: Play,
    /// What the player is looking at.
    view: ViewMode,
    /// What the player has picked up on the board.
    pick: Pick,
    /// The AI's search, the hint's, and the review's analysis.
    background: Background,
    /// The review open beside the board.
    review: Option<review::ReviewState>,
    dialog: Option<Dialog>,
    /// The position being set up, while the editor is open (it takes the board's place).
    editor: Option<Editor>,
    /// The note for the player about their last action (why a move was refused, a file
    /// saved); dropped when they do something else.
    message: Option<Message>,

    settings: Settings,
    store: SettingsStore,
    /// The autosave, the games folder and what the log last heard.
    disk: saving::Disk,
    /// Picks a random side and seeds the searches; repeatable from [`AppOptions::seed`].
    rng: Xoshiro256PlusPlus,
    move_list: MoveList,
    /// The window, from the first frame on: woken by the searches, and the clipboard.
    egui: Option<Context>,
    /// Frames left in which to ask for the keyboard focus, until the window has it.
    focus_requests: u8,
    /// Where the clock reads the time.
    time: TimeSource,
    /// The player's results per level and odds.
    ladder: Ladder,
    /// What the sounds last answered, and the cues not yet played.
    heard: Heard,
    /// Plays the cues; started with the first sound in a real window (tests stay silent).
    player: Option<Player>,
}

/// The game as the sounds last heard it: its length and whether it was over.
#[derive(Clone, Default)]
struct Heard {
    ply: usize,
    over: bool,
    /// The cues not yet played, oldest first (a window plays them each frame).
    cues: Vec<Cue>,
}

/// How many cues wait at most: without a window to play them, the oldest are dropped.
const WAITING_CUES: usize = 8;

/// How many of the first frames ask for the keyboard focus: the first may come before the
/// window is mapped, when the request is ignored.
const FOCUS_REQUESTS: u8 = 10;

/// The game on the board and who plays it.
struct Play {
    game: Game,
    player: Color,
    level: Level,
    /// The header (players, event, date) of the opened record being replayed, kept to save it
    /// again as it came; a game played here names the player and the AI instead.
    header: Option<Header>,
    /// The odds of a game that counts for the ladder (even or a handicap, from its start).
    odds: Option<Odds>,
    /// Both sides' clocks, and the time each move took.
    clock: GameClock,
    /// The clock waits after an undo until the player takes up a piece.
    clock_held: bool,
    /// The game's result is in the ladder.
    counted: bool,
}

impl Play {
    /// `game` with the player on `player`'s side, no clock limit, odds from its start.
    fn new(game: Game, player: Color, level: Level) -> Play {
        Play {
            odds: Odds::of_game(game.start(), player),
            clock: GameClock::unlimited(game.side_to_move()),
            game,
            player,
            level,
            header: None,
            clock_held: false,
            counted: false,
        }
    }
}

/// What an opened record says besides its moves.
struct Header {
    info: RecordInfo,
    other_ending: Option<String>,
    /// The record's own comments, written back with it.
    comments: Vec<String>,
}

/// A piece picked up on the board, and the move waiting for the promotion answer.
#[derive(Clone, Copy, Default)]
struct Pick {
    selection: Selection,
    promotion: Option<(Square, Square)>,
}

impl KomadaiApp {
    /// The app with settings from `store`, and a game started with the remembered side and
    /// level (so a double-click leads straight to play). The autosaved game and saved games
    /// live beside the settings.
    pub fn new(store: SettingsStore, options: AppOptions) -> KomadaiApp {
        let data_dir = store
            .path()
            .and_then(|path| path.parent().map(PathBuf::from));
        KomadaiApp::with_data_dir(store, data_dir, options)
    }

    /// As [`KomadaiApp::new`], with the autosaved game and saved games in `data_dir`
    /// (`None`: nothing on disk); the autosaved game, if any, is resumed.
    pub fn with_data_dir(
        store: SettingsStore,
        data_dir: Option<PathBuf>,
        options: AppOptions,
    ) -> KomadaiApp {
        let (settings, note) = store.load();
        let seed = options.seed.unwrap_or_else(seed_from_clock);
        let mut app = KomadaiApp {
            play: Play::new(Game::new(), Color::Sente, settings.level),
            view: ViewMode::Live,
            pick: Pick::default(),
            background: Background::new(options.movetime, options.review_options()),
            review: None,
            dialog: None,
            editor: None,
            message: None,
            settings,
            store,
            disk: saving::Disk::new(data_dir),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            move_list: MoveList::default(),
            egui: None,
            focus_requests: FOCUS_REQUESTS,
            time: timing::system_time(),
            ladder: Ladder::default(),
            heard: Heard::default(),
            player: None,
        };
        let player = app.resolve_side(settings.side);
        app.new_game(Position::startpos(), player, settings.level);
        app.message =
            note.map(|note| Message::error(note.text(settings.language, OwnFile::Settings)));
        app.restore_autosave();
        app.load_ladder();
        app
    }

    pub fn game(&self) -> &Game {
        &self.play.game
    }

    pub fn player(&self) -> Color {
        self.play.player
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The interface's language.
    pub fn language(&self) -> Language {
        self.settings.language
    }

    /// Every string of the interface, in its language.
    fn strings(&self) -> &'static Strings {
        self.settings.language.strings()
    }

    /// The position editor, while it is open.
    pub fn editor(&self) -> Option<&Editor> {
        self.editor.as_ref()
    }

    pub fn selection(&self) -> Selection {
        self.pick.selection
    }

    /// The note for the player about their last action (why a move was refused, a file
    /// saved).
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|m| m.text.as_str())
    }

    /// How serious the note is.
    pub fn message_kind(&self) -> Option<MessageKind> {
        self.message.as_ref().map(|m| m.kind)
    }

    /// What the board shows: the game, an earlier position of it, or a replay.
    pub fn view(&self) -> ViewMode {
        self.view
    }

    /// Plies shown on the board when that is not the latest position (looking back, or
    /// stepping through a replay).
    pub fn viewing(&self) -> Option<usize> {
        self.view.earlier(self.play.game.ply())
    }

    /// An opened game is being replayed (the AI waits until the player plays on).
    pub fn is_reviewing(&self) -> bool {
        self.view.is_replaying()
    }

    pub fn is_thinking(&self) -> bool {
        self.background.is_thinking()
    }

    /// The move a hint suggested, while it still applies: in the position it was asked
    /// about, with the player to move there and the game going on. With stepped hints, only
    /// once asked for the second time.
    pub fn hint(&self) -> Option<Move> {
        let stepped = self.settings.stepped_hints && !self.background.is_hint_revealed();
        self.applying_hint().filter(|_| !stepped)
    }

    /// The first step of a stepped hint: the piece to move (its square; `None` for a drop, or
    /// when the whole move is shown).
    pub fn hint_piece(&self) -> Option<Move> {
        let stepped = self.settings.stepped_hints && !self.background.is_hint_revealed();
        self.applying_hint().filter(|_| stepped)
    }

    fn applying_hint(&self) -> Option<Move> {
        if self.players_turn() && self.view == ViewMode::Live {
            self.background.hint(self.play.game.ply())
        } else {
            None
        }
    }

    /// Sente's chance to win by the AI's last search (the evaluation bar), if it has searched.
    pub fn ai_sente_chance(&self) -> Option<f64> {
        let progress = self.background.ai_score()?;
        let score = match progress.mate_in {
            Some(plies) if plies > 0 => crate::review::Score::Mates(plies.unsigned_abs()),
            Some(plies) => crate::review::Score::Mated(plies.unsigned_abs()),
            None => crate::review::Score::Cp(progress.score_cp),
        };
        // The AI searches its own moves: its score is from its side.
        let sente = if self.ai_color() == Color::Sente {
            score
        } else {
            score.flipped()
        };
        Some(sente.win_chance())
    }

    /// The written moves as the move list shows them.
    pub fn move_lines(&self) -> &[String] {
        self.move_list.lines()
    }

    /// The board is shown with Gote at the bottom.
    pub fn is_flipped(&self) -> bool {
        (self.play.player == Color::Gote) != self.settings.flipped
    }

    /// The plies shown on the board.
    fn shown_ply(&self) -> usize {
        self.view.shown(self.play.game.ply())
    }

    /// The position shown on the board.
    fn board_position(&self) -> &Position {
        let game = &self.play.game;
        game.position_after(self.shown_ply())
            .unwrap_or(game.position())
    }

    fn ai_color(&self) -> Color {
        !self.play.player
    }

    /// The player may move: it is their turn in a game going on (not a replay).
    fn players_turn(&self) -> bool {
        let game = &self.play.game;
        !self.view.is_replaying()
            && !game.is_over()
            && game.position().side_to_move() == self.play.player
    }

    /// Draws the whole window and applies what the user asked for.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        if self.egui.is_none() {
            fonts::install(&ctx);
            self.egui = Some(ctx.clone());
        }
        self.take_focus(&ctx);
        self.poll_background();
        self.tick_clock();
        self.start_ai_if_its_turn();
        self.move_list.update(
            &self.play.game,
            self.settings.notation,
            self.settings.language,
        );

        let last = self.play.game.ply();
        let mut intents = keys::read(
            ui,
            &keys::KeyState {
                dialog_open: self.dialog.is_some(),
                shown: self.shown_ply(),
                last,
            },
        );
        intents.extend(self.show_window(ui));
        if !intents.is_empty() {
            // This frame was drawn before the intents changed anything: draw the result.
            ctx.request_repaint();
        }
        for intent in intents {
            self.apply(intent);
        }
        self.tick_clock();
        self.count_result();
        // An applied move may hand the turn to the AI: start it now rather than on the next input.
        self.start_ai_if_its_turn();
        self.move_list.update(
            &self.play.game,
            self.settings.notation,
            self.settings.language,
        );
        self.autosave();
        self.listen();
    }

    /// Notes the sounds the last changes call for: a click for a move played (a check has
    /// its own), a chime when the game ends. Undo, a new game and a replay stay silent.
    fn listen(&mut self) {
        let game = &self.play.game;
        let (ply, over) = (game.ply(), game.is_over());
        let before = (self.heard.ply, self.heard.over);
        self.heard.ply = ply;
        self.heard.over = over;
        if self.view.is_replaying() || (ply, over) == before {
            return;
        }
        let moved = (ply == before.0 + 1).then(|| {
            if game.position().in_check() {
                Cue::Check
            } else {
                Cue::Place
            }
        });
        let ended = (over && !before.1).then_some(Cue::GameEnd);
        let cues = &mut self.heard.cues;
        cues.extend(moved.into_iter().chain(ended));
        let excess = cues.len().saturating_sub(WAITING_CUES);
        cues.drain(..excess);
    }

    /// The sounds the last frame called for, taken (a window plays them; tests look).
    pub fn take_cues(&mut self) -> Vec<Cue> {
        std::mem::take(&mut self.heard.cues)
    }

    /// Plays the cues, unless the player turned sound off.
    fn play_cues(&mut self) {
        let cues = self.take_cues();
        if !self.settings.sound || cues.is_empty() {
            return;
        }
        let player = self.player.get_or_insert_with(Player::start);
        for cue in cues {
            player.play(cue);
        }
    }

    /// Asks for the keyboard focus on the first frames, so the shortcuts work without a
    /// click into the window first (a window opened from a terminal, or without a window
    /// manager, does not always get it).
    fn take_focus(&mut self, ctx: &Context) {
        if self.focus_requests == 0 {
            return;
        }
        if ctx.input(|i| i.viewport().focused) == Some(true) {
            self.focus_requests = 0;
            return;
        }
        self.focus_requests -= 1;
        ctx.send_viewport_cmd(egui::ViewportCommand::Focus);
        ctx.request_repaint_after(Duration::from_millis(100));
    }

    /// Something for a search to call when it has news: a repaint of the window, if there is
    /// one yet.
    fn wake(&self) -> Wake {
        let ctx = self.egui.clone();
        Box::new(move || {
            if let Some(ctx) = &ctx {
                ctx.request_repaint();
            }
        })
    }

    fn start_ai_if_its_turn(&mut self) {
        let game = &self.play.game;
        let ai_to_move = !self.view.is_replaying()
            && self.review.is_none()
            && !game.is_over()
            && game.position().side_to_move() == self.ai_color();
        if ai_to_move && !self.background.is_thinking() {
            let seed = self.rng.random::<u64>();
            let wake = self.wake();
            let clock = self.ai_clock();
            let threads = self.settings.hard_threads;
            self.background
                .start_ai(&self.play.game, self.play.level, seed, clock, threads, wake);
        }
    }

    /// Plays the AI's move when it comes, then keeps the hint's while it applies.
    fn poll_background(&mut self) {
        if let Some(decision) = self.background.poll_ai() {
            self.apply(Intent::AiMove(decision));
        }
        let players_turn = self.players_turn();
        self.background.poll_hint(&self.play.game, players_turn);
        self.poll_review();
    }

    pub(super) fn play_ai_move(&mut self, decision: EngineMove) {
        let ai = self.ai_color();
        let game = &mut self.play.game;
        if game.is_over() || game.position().side_to_move() != ai {
            return;
        }
        let outcome = match decision {
            EngineMove::Move(mv) => game.play(mv).map(|_| ()),
            EngineMove::Resign => {
                game.resign(ai);
                Ok(())
            }
            EngineMove::DeclareWin => game.declare().map(|_| ()),
        };
        if let Err(err) = outcome {
            let why = crate::gui::i18n::game_error(self.language(), &err);
            let text = crate::gui::i18n::fill(self.strings().ai_move_refused, &[("why", &why)]);
            self.message = Some(Message::error(text));
        }
    }
}

fn seed_from_clock() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0x5EED, |d| d.as_nanos() as u64)
}

impl eframe::App for KomadaiApp {
    fn ui(&mut self, ui: &mut Ui, frame: &mut eframe::Frame) {
        #[cfg(all(unix, not(target_os = "macos")))]
        if self.focus_requests > 0 && ui.ctx().input(|i| i.viewport().focused) != Some(true) {
            crate::gui::platform::x11_focus::focus_without_window_manager(frame);
        }
        #[cfg(not(all(unix, not(target_os = "macos"))))]
        let _ = frame;
        self.show(ui);
        self.play_cues();
    }
}
