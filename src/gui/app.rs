//! The app: holds the game, the player's choices and the AI, and applies the intents the
//! views return. Nothing else changes the game.

use super::Level;
use super::ai::AiPlayer;
use super::board_view::BoardView;
use super::dialogs::{self, Dialog};
use super::intent::Intent;
use super::move_list::MoveList;
use super::piece_tile::TileStyle;
use super::selection::Selection;
use super::settings::{Settings, SettingsStore, SideChoice};
use super::{fonts, promotion, status, toolbar};
use crate::engine::EngineMove;
use crate::rules::game::Game;
use crate::rules::{Color, Move, Position, Square};
use egui::{CentralPanel, Context, Key, KeyboardShortcut, Modifiers, Panel, Ui};
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

mod persist;

/// Knobs for tests and tools: a fixed seed makes the AI repeatable, a short move time fast.
#[derive(Clone, Copy, Debug, Default)]
pub struct AppOptions {
    pub seed: Option<u64>,
    /// Overrides the level's thinking time.
    pub movetime: Option<Duration>,
}

/// The whole app, constructible without a window (tests drive it through `show`).
pub struct KomadaiApp {
    game: Game,
    player: Color,
    level: Level,
    settings: Settings,
    store: SettingsStore,
    selection: Selection,
    promotion: Option<(Square, Square)>,
    dialog: Option<Dialog>,
    message: Option<String>,
    ai: AiPlayer,
    /// A Hard search for the player's hint, and the ply it is about.
    hint_search: AiPlayer,
    hint_ply: usize,
    hint: Option<Move>,
    /// Looking back at the position after this many plies.
    viewing: Option<usize>,
    rng: u64,
    movetime: Option<Duration>,
    move_list: MoveList,
    fonts_installed: bool,
    /// Autosave, saved games, replay (issue 6).
    persist: persist::Persistence,
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
        let rng = options.seed.unwrap_or_else(seed_from_clock);
        let mut app = KomadaiApp {
            game: Game::new(),
            player: Color::Sente,
            level: settings.level,
            settings,
            store,
            selection: Selection::None,
            promotion: None,
            dialog: None,
            message: None,
            ai: AiPlayer::default(),
            hint_search: AiPlayer::default(),
            hint_ply: 0,
            hint: None,
            viewing: None,
            rng,
            movetime: options.movetime,
            move_list: MoveList::default(),
            fonts_installed: false,
            persist: persist::Persistence::new(data_dir),
        };
        let player = app.resolve_side(settings.side);
        app.new_game(Position::startpos(), player, settings.level);
        app.message = note;
        app.restore_autosave();
        app
    }

    /// Starts a game from `start` with the player on `player`'s side; the AI moves first
    /// (on the next frame) when it is its turn.
    pub fn new_game(&mut self, start: Position, player: Color, level: Level) {
        self.viewing = None;
        self.persist.reviewing = false;
        self.ai.stop();
        self.forget_hint();
        self.game = Game::from_position(start);
        self.player = player;
        self.level = level;
        self.clear_selection();
        self.dialog = None;
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn player(&self) -> Color {
        self.player
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn selection(&self) -> Selection {
        self.selection
    }

    /// The last note for the player (why a move was refused, a settings problem).
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Plies shown on the board while looking back, if the player is.
    pub fn viewing(&self) -> Option<usize> {
        self.viewing
    }

    pub fn is_thinking(&self) -> bool {
        self.ai.is_thinking()
    }

    /// The written moves as the move list shows them.
    pub fn move_lines(&self) -> &[String] {
        self.move_list.lines()
    }

    /// The board is shown with Gote at the bottom.
    pub fn is_flipped(&self) -> bool {
        (self.player == Color::Gote) != self.settings.flipped
    }

    fn ai_color(&self) -> Color {
        !self.player
    }

    fn players_turn(&self) -> bool {
        !self.persist.reviewing
            && !self.game.is_over()
            && self.game.position().side_to_move() == self.player
    }

    /// The move a hint suggested, while it still applies.
    pub fn hint(&self) -> Option<Move> {
        self.hint
    }

    fn forget_hint(&mut self) {
        self.hint_search.stop();
        self.hint = None;
    }

    fn ask_hint(&mut self, ctx: &Context) {
        if !self.players_turn() || self.hint_search.is_thinking() {
            return;
        }
        let seed = self.next_random();
        let time = self.movetime.unwrap_or(HINT_TIME).min(HINT_TIME);
        let ctx = ctx.clone();
        let wake = Box::new(move || ctx.request_repaint());
        self.hint_ply = self.game.ply();
        self.hint_search
            .start(&self.game, Level::Hard, seed, Some(time), wake);
    }

    fn poll_hint(&mut self) {
        if let Some(EngineMove::Move(mv)) = self.hint_search.poll()
            && self.game.ply() == self.hint_ply
            && self.players_turn()
        {
            self.hint = Some(mv);
        }
    }

    fn clear_selection(&mut self) {
        self.selection = Selection::None;
        self.promotion = None;
        self.message = None;
    }

    /// Draws the whole window and applies what the user asked for.
    pub fn show(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        if !self.fonts_installed {
            fonts::install(&ctx);
            self.fonts_installed = true;
        }
        self.poll_ai();
        self.poll_hint();
        self.start_ai_if_its_turn(&ctx);
        self.move_list.update(&self.game, self.settings.notation);

        self.show_persistence(ui);
        let mut intents = Vec::new();
        intents.extend(self.keys(ui));
        intents.extend(self.show_panels(ui));
        if let Some(dialog) = &mut self.dialog {
            intents.extend(dialogs::show(&ctx, dialog, self.player));
        }
        if !intents.is_empty() {
            // This frame was drawn before the intents changed anything: draw the result.
            ctx.request_repaint();
        }
        for intent in intents {
            if intent == Intent::Hint {
                self.ask_hint(&ctx);
            } else {
                self.apply(intent);
            }
        }
        // An applied move may hand the turn to the AI: start it now rather than on the next input.
        self.start_ai_if_its_turn(&ctx);
        self.move_list.update(&self.game, self.settings.notation);
        self.autosave();
    }

    fn show_panels(&mut self, ui: &mut Ui) -> Vec<Intent> {
        let mut intents = Vec::new();
        let toolbar_state = toolbar::ToolbarState {
            settings: self.settings,
            can_undo: self.game.ply() > 0,
            can_resign: !self.game.is_over(),
            can_declare: self.players_turn() && self.game.can_declare(),
            can_hint: self.players_turn() && !self.hint_search.is_thinking(),
        };
        Panel::top("toolbar").show(ui, |ui| {
            intents.extend(toolbar::show(ui, &toolbar_state));
            let position = self.game.position();
            status::show(
                ui,
                &status::StatusState {
                    player: self.player,
                    level_name: self.level.name(),
                    side_to_move: position.side_to_move(),
                    in_check: position.in_check(),
                    thinking: self.ai.is_thinking(),
                    hinting: self.hint_search.is_thinking(),
                    progress: self.ai.progress(),
                    message: self.message.as_deref(),
                    result: self.game.result(),
                },
            );
        });
        // The board gets most of a small window; the list never takes more than a fifth.
        let list_width = (ui.available_width() * 0.2).clamp(120.0, 240.0);
        Panel::right("moves")
            .default_size(190.0)
            .size_range(120.0..=list_width)
            .show(ui, |ui| {
                ui.heading("Moves");
                if let Some(ply) = self.move_list.show(ui, self.viewing) {
                    intents.push(Intent::View(Some(ply)));
                }
            });
        CentralPanel::default().show(ui, |ui| {
            intents.extend(self.show_board(ui));
        });
        intents
    }

    fn show_board(&mut self, ui: &mut Ui) -> Option<Intent> {
        let style = TileStyle {
            labels: self.settings.labels,
            move_dots: self.settings.move_dots,
        };
        let shown = self.viewing.filter(|&ply| ply < self.game.ply());
        // A replayed game has its own bar (persist.rs).
        if let Some(ply) = shown.filter(|_| !self.persist.reviewing) {
            ui.horizontal(|ui| {
                ui.label(format!("Looking back at move {ply} (the game goes on)."));
                if ui.button("Back to the game").clicked() {
                    self.viewing = None;
                }
            });
        }
        let ply = shown.unwrap_or(self.game.ply());
        let view = BoardView {
            position: self
                .game
                .position_after(ply)
                .unwrap_or(self.game.position()),
            player: self.player,
            flipped: self.settings.flipped,
            style,
            selection: if shown.is_some() {
                Selection::None
            } else {
                self.selection
            },
            last_move: ply
                .checked_sub(1)
                .and_then(|i| self.game.moves().get(i).copied()),
            hint: if shown.is_some() { None } else { self.hint },
            interactive: shown.is_none() && self.players_turn() && self.dialog.is_none(),
            prompt_open: self.promotion.is_some(),
        };
        let bottom = view.bottom_color();
        let (layout, intent) = view.show(ui);
        let Some((from, to)) = self.promotion else {
            return intent;
        };
        let choice = promotion::show(
            ui.ctx(),
            &layout,
            self.game.position(),
            from,
            to,
            style,
            bottom,
        );
        choice.or(intent)
    }

    fn keys(&self, ui: &mut Ui) -> Vec<Intent> {
        let mut intents = Vec::new();
        ui.input_mut(|input| {
            if input.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::Z)) {
                intents.push(Intent::Undo);
            }
            if input.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::N)) {
                intents.push(Intent::OpenNewGame);
            }
            if self.dialog.is_none() {
                if input.consume_key(Modifiers::NONE, Key::F) {
                    intents.push(Intent::Flip);
                }
                if input.consume_key(Modifiers::NONE, Key::Escape) {
                    intents.push(Intent::Cancel);
                }
            }
        });
        intents
    }

    /// Applies one intent to the game and the app's state.
    pub fn apply(&mut self, intent: Intent) {
        match intent {
            Intent::Select(sq) => {
                self.clear_selection();
                self.selection = Selection::Square(sq);
            }
            Intent::SelectHand(kind) => {
                self.clear_selection();
                self.selection = Selection::Hand(kind);
            }
            Intent::Deselect => self.clear_selection(),
            Intent::Move(mv) => self.play(mv),
            Intent::AskPromotion { from, to } => self.promotion = Some((from, to)),
            Intent::ChoosePromotion(promote) => {
                if let Some((from, to)) = self.promotion.take() {
                    self.play(Move::Board { from, to, promote });
                }
            }
            Intent::Refuse(why) => self.message = Some(why),
            Intent::OpenNewGame => {
                self.dialog = Some(Dialog::NewGame {
                    side: self.settings.side,
                    level: self.level,
                    sfen: String::new(),
                    error: None,
                });
            }
            Intent::NewGame { side, level, sfen } => self.start_new_game(side, level, sfen),
            Intent::Undo => self.undo(),
            Intent::View(ply) => {
                self.clear_selection();
                self.viewing = ply.filter(|&p| p < self.game.ply());
            }
            // Needs the egui context to wake the UI; handled in `show`.
            Intent::Hint => {}
            Intent::AskResign => self.dialog = Some(Dialog::Resign),
            Intent::Resign => {
                self.dialog = None;
                self.ai.stop();
                if !self.game.is_over() {
                    self.game.resign(self.player);
                }
            }
            Intent::AskDeclare => {
                if self.players_turn() && self.game.can_declare() {
                    self.dialog = Some(Dialog::Declare(self.game.impasse_preview()));
                }
            }
            Intent::Declare => {
                self.dialog = None;
                if let Err(err) = self.game.declare() {
                    self.message = Some(err.to_string());
                }
            }
            Intent::Cancel => self.cancel(),
            Intent::Flip => {
                self.settings.flipped = !self.settings.flipped;
                self.save_settings();
            }
            Intent::SetLabels(labels) => {
                self.settings.labels = labels;
                self.save_settings();
            }
            Intent::SetMoveDots(on) => {
                self.settings.move_dots = on;
                self.save_settings();
            }
            Intent::SetNotation(style) => {
                self.settings.notation = style;
                self.save_settings();
            }
        }
    }

    /// Starts the game the new-game dialog asked for; a bad SFEN keeps the dialog open with
    /// the reason.
    fn start_new_game(&mut self, side: SideChoice, level: Level, sfen: Option<String>) {
        let start = match sfen.as_deref().map(Position::from_sfen) {
            None => Position::startpos(),
            Some(Ok(position)) => position,
            Some(Err(err)) => {
                if let Some(Dialog::NewGame { error, .. }) = &mut self.dialog {
                    *error = Some(format!("That SFEN cannot be used: {err}"));
                }
                return;
            }
        };
        self.settings.side = side;
        self.settings.level = level;
        self.save_settings();
        let player = self.resolve_side(side);
        self.new_game(start, player, level);
    }

    fn play(&mut self, mv: Move) {
        if !self.players_turn() {
            return;
        }
        match self.game.play(mv) {
            Ok(()) => {
                self.clear_selection();
                self.forget_hint();
            }
            Err(err) => self.message = Some(err.to_string()),
        }
    }

    /// Takes back the player's last move and the AI's reply (or only the player's move while
    /// the AI is still thinking about it), also after the game ended.
    fn undo(&mut self) {
        self.viewing = None;
        self.ai.stop();
        self.forget_hint();
        self.dialog = None;
        self.clear_selection();
        if self.game.undo().is_none() {
            return;
        }
        while self.game.position().side_to_move() != self.player && self.game.ply() > 0 {
            self.game.undo();
        }
    }

    fn cancel(&mut self) {
        if self.dialog.take().is_some() {
            return;
        }
        if self.promotion.take().is_some() {
            return;
        }
        self.viewing = None;
        self.clear_selection();
    }

    fn save_settings(&mut self) {
        if let Err(err) = self.store.save(&self.settings) {
            self.message = Some(format!("could not save settings: {err}"));
        }
    }

    fn resolve_side(&mut self, side: SideChoice) -> Color {
        match side {
            SideChoice::Sente => Color::Sente,
            SideChoice::Gote => Color::Gote,
            SideChoice::Random if self.next_random() & 1 == 0 => Color::Sente,
            SideChoice::Random => Color::Gote,
        }
    }

    /// splitmix64: enough randomness for a side and engine seeds, repeatable from a seed.
    fn next_random(&mut self) -> u64 {
        self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn start_ai_if_its_turn(&mut self, ctx: &Context) {
        let ai_to_move = !self.persist.reviewing
            && !self.game.is_over()
            && self.game.position().side_to_move() == self.ai_color();
        if ai_to_move && !self.ai.is_thinking() {
            let seed = self.next_random();
            let ctx = ctx.clone();
            let wake = Box::new(move || ctx.request_repaint());
            self.ai
                .start(&self.game, self.level, seed, self.movetime, wake);
        }
    }

    fn poll_ai(&mut self) {
        let Some(decision) = self.ai.poll() else {
            return;
        };
        if self.game.is_over() || self.game.position().side_to_move() != self.ai_color() {
            return;
        }
        let outcome = match decision {
            EngineMove::Move(mv) => self.game.play(mv).map(|_| ()),
            EngineMove::Resign => {
                self.game.resign(self.ai_color());
                Ok(())
            }
            EngineMove::DeclareWin => self.game.declare().map(|_| ()),
        };
        if let Err(err) = outcome {
            self.message = Some(format!("the AI's move was refused: {err}"));
        }
    }
}

/// The longest a hint search may take.
const HINT_TIME: Duration = Duration::from_secs(2);

fn seed_from_clock() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0x5EED, |d| d.as_nanos() as u64)
}

impl eframe::App for KomadaiApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }
}
