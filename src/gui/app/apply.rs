//! Applying what the user asked for and what happened: the one place that changes the app's
//! state. The frame hands every change here, the player's intents and the events beside
//! them (see `event.rs`); constructing the app (reading its files) is the only other.

use super::KomadaiApp;
use super::event::{Change, Event};
use super::play::Play;
use crate::engine::EngineMove;
use crate::gui::Level;
use crate::gui::app::study::Studying;
use crate::gui::board::selection::{self, Selection};
use crate::gui::dialogs::Dialog;
use crate::gui::dialogs::dialog::EnginesForm;
use crate::gui::dialogs::game_setup::GameSetup;
use crate::gui::editor::Editor;
use crate::gui::engines::work::EngineWork;
use crate::gui::engines::{Effects, EngineFailure, EnginesDialog};
use crate::gui::intent::{Intent, Refusal};
use crate::gui::ladder::Offer;
use crate::gui::panels::message::Message;
use crate::gui::practice_page::backlog::Upkeep;
use crate::gui::practice_page::practicing::Judge;
use crate::gui::storage::settings::{Settings, SideChoice};
use crate::gui::view_mode::ViewMode;
use crate::i18n::{self, SystemError, fill};
use crate::record::Record;
use crate::rules::game::Game;
use crate::rules::{Color, Move, PieceKind, Position, Square};
use rand::RngExt;
use std::mem::discriminant;

impl KomadaiApp {
    /// Applies one change to the game and the app's state: what the player asked for
    /// ([`Intent`]) or what happened ([`Event`]).
    pub fn apply(&mut self, change: impl Into<Change>) {
        match change.into() {
            Change::Asked(intent) => self.apply_intent(intent),
            Change::Happened(event) => self.apply_event(event),
        }
    }

    /// What happened beside the player: the table of what each event does, one line each.
    fn apply_event(&mut self, event: Event) {
        match event {
            Event::WindowOpened(ctx) => self.window_opened(ctx),
            Event::FrameStarted => self.frame_started(),

            // The background's news.
            Event::AiMove(decision) => self.play_ai_move(decision),
            Event::HintFound { ply, decision } => {
                let wanted = self.players_turn();
                (self.background).take_hint(ply, decision, &self.play.game, wanted);
            }
            Event::ReviewAnalysed { analyses, finished } => {
                let (game, background) = (&self.play.game, &mut self.background);
                (self.review_panel).analysed(analyses, finished, game, background, &self.host)
            }
            Event::ReviewDeepened { looks, finished } => {
                let (game, background) = (&self.play.game, &mut self.background);
                (self.review_panel).deepened(looks, finished, game, background)
            }
            Event::TryJudged(judged) => {
                let reading = self.review_reading();
                (self.review_panel).take_judged_try(judged.map(|judged| *judged), &reading)
            }
            Event::EngineProbed { program, answer } => {
                let (work, cx) = self.engines_dialog();
                let effects = work.engine_probed(program, answer, cx);
                self.engines_changed(effects)
            }
            Event::EngineFailed {
                failed,
                name,
                error,
            } => {
                let cx = EngineFailure {
                    play: &self.play,
                    players_turn: self.players_turn(),
                    review_panel: &self.review_panel,
                    host: &mut self.host,
                    threads: self.stored.settings.hard_threads,
                    language: self.stored.settings.language,
                    screen: &mut self.screen,
                };
                self.background.engine_failed(failed, &name, &error, cx)
            }
            Event::MatesFound(problems) => {
                let language = self.language();
                (self.practice_page).mates_found(problems, language, &mut self.screen)
            }
            Event::BacklogAnalysed { analyses, finished } => {
                let language = self.language();
                let (host, screen) = (&self.host, &mut self.screen);
                (self.practice_page).backlog_analysed(analyses, finished, host, language, screen)
            }
            Event::Imported(imported) => {
                let language = self.language();
                (self.practice_page).imported(imported, language, &mut self.screen)
            }
            Event::SolutionFound(line) => self.practice_page.solution_found(line),
            Event::MateSearched {
                position,
                previous_to,
                found,
            } => self.mate_searched(&position, previous_to, found),
            Event::MatchNews(news) => {
                let (games_dir, language) = (self.stored.disk.games_dir(), self.language());
                (self.engine_match).take_news(news, games_dir.as_deref(), language)
            }
            // A counted attempt is saved.
            Event::ExerciseJudged { tried, verdict } => {
                let (lang, style) = (self.language(), self.stored.settings.notation);
                if (self.practice_page).exercise_judged(tried, verdict, lang, style) {
                    self.practice_page.save(lang, &mut self.screen);
                }
            }

            // The frame's own steps.
            Event::TimePassed => self.tick_clock(),
            Event::PracticeUpkeep => {
                let around = Upkeep {
                    play: &self.play,
                    review_panel: &self.review_panel,
                    background: &self.background,
                    analysing: self.analysis_panel.is_running(),
                    host: &self.host,
                    language: self.stored.settings.language,
                    screen: &mut self.screen,
                };
                self.practice_page.upkeep(around)
            }
            Event::AiToMove => self.start_ai(),
            Event::AboutToDraw => self.refresh_move_list(),
            Event::GameEnded(outcome) => {
                let language = self.language();
                let (play, screen) = (&mut self.play, &mut self.screen);
                (self.stored.ladder).count(outcome, play, screen, &self.host, language);
            }
            Event::FrameDone => self.frame_done(),
            Event::SoundsDue => self.play_cues(),
        }
    }

    /// What the player asked for: the table of what each intent does, one line each, grouped
    /// by concern.
    fn apply_intent(&mut self, intent: Intent) {
        // A note answers the last action: the next one makes it stale.
        if intent.is_new_action() {
            self.screen.message = None;
        }
        let judge = Judge {
            lang: self.language(),
            wake: self.host.wake(),
            budget: self.background.review_budget(),
            hash_mb: self.background.review_hash_mb(),
        };
        let Some(intent) = self.practice_page.takes(intent, &mut self.screen, judge) else {
            return;
        };
        match intent {
            // On the board.
            Intent::Select(sq) => self.select(sq),
            Intent::SelectHand(kind) => self.select_hand(kind),
            Intent::Deselect => self.screen.clear_selection(),
            Intent::Move(mv) => self.play(mv),
            Intent::AskPromotion { from, to } => self.screen.pick.promotion = Some((from, to)),
            Intent::ChoosePromotion(promote) => self.choose_promotion(promote),
            Intent::TypeMove(typed) => self.screen.move_box = typed,
            Intent::Refuse(why) => self.refuse(why),
            Intent::ReadOnlyClick => self.explain_read_only(),

            // The game.
            Intent::OpenNewGame => self.open_new_game(),
            Intent::NewGame {
                side,
                level,
                sfen,
                setup,
            } => {
                self.start_new_game(side, level, sfen, setup);
                // Started (the dialog closed): the engine chosen with it plays.
                if !matches!(self.screen.dialog, Some(Dialog::NewGame { .. })) {
                    let wake = self.host.wake();
                    (self.background.engines).seat_opponent(&self.stored.settings.engines, wake);
                }
            }
            Intent::OpenResults => {
                self.screen.dialog = Some(Dialog::Results(self.stored.ladder.ladder.clone()))
            }
            Intent::CloseResultBox => self.screen.result_box = false,
            Intent::OpenHelp(page) => self.screen.dialog = Some(Dialog::Help(page)),
            Intent::TakeOffer(offer) => self.take_offer(offer),
            Intent::Undo if self.refused_in_replay() => {}
            Intent::Undo => self.undo(),
            Intent::Hint if self.refused_in_replay() => {}
            Intent::Hint => self.ask_hint(),
            Intent::AskResign | Intent::Resign if self.refused_in_replay() => {}
            Intent::AskResign => self.ask_resign(),
            Intent::Resign => self.resign(),
            Intent::AskDeclare | Intent::Declare if self.refused_in_replay() => {}
            Intent::AskDeclare => self.ask_declare(),
            Intent::Declare => self.declare(),
            Intent::Quit => self.quit(),
            Intent::RecordResult {
                level,
                odds,
                outcome,
            } => {
                let language = self.language();
                let screen = &mut self.screen;
                (self.stored.ladder).record(level, odds, outcome, screen, language);
            }

            // What the board shows, and the settings.
            Intent::View(ply) => self.show_ply(ply),
            // The game set aside for a study is never dropped for another.
            Intent::PlayOn(_) if self.play.kept.is_some() => {}
            Intent::PlayOn(player) => self.play_on_from(self.shown_ply(), player),
            Intent::Flip => self.change_settings(|s| s.flipped = !s.flipped),
            Intent::SetLabels(labels) => self.change_settings(|s| s.labels = labels),
            Intent::SetMoveDots(on) => self.change_settings(|s| s.move_dots = on),
            Intent::SetBoardStyle(style) => self.change_settings(|s| s.board = style),
            Intent::SetPieceSet(set) => self.change_settings(|s| s.pieces = set),
            Intent::SetNotation(style) => self.change_settings(|s| s.notation = style),
            // In a game that counts in the results, the player is asked first.
            Intent::StartAnalysis | Intent::ToggleAnalysis
                if !self.analysis_panel.is_running() && self.game_counts_in_results() =>
            {
                self.screen.dialog = Some(Dialog::AnalyseOffLadder { review: false })
            }
            Intent::AnalyseOffLadder => {
                self.screen.dialog = None;
                self.background.engines.played = true;
                let following = self.analysis_following();
                self.analysis_panel.start(&self.stored.settings, following)
            }
            Intent::StartAnalysis => {
                let following = self.analysis_following();
                self.analysis_panel.start(&self.stored.settings, following)
            }
            Intent::ToggleAnalysis => {
                let following = self.analysis_following();
                self.analysis_panel.toggle(&self.stored.settings, following)
            }
            Intent::SetAnalysisLines(n) => {
                let following = self.analysis_following();
                self.analysis_panel.set_lines(n, following)
            }
            Intent::CloseAnalysis => self.analysis_panel.close(),
            Intent::ChooseAnalysisEngine => {
                let following = self.analysis_following();
                self.analysis_panel
                    .choose_engine(self.language(), following)
            }
            Intent::SetAnalysisEngine(program) => {
                let following = self.analysis_following();
                self.analysis_panel.set_engine(program, following)
            }
            Intent::StudyGame => {
                let (play, mut cx) = self.studying();
                play.study_game(&mut cx)
            }
            Intent::BackToGame => {
                let (play, mut cx) = self.studying();
                play.back_to_game(&mut cx)
            }
            Intent::ShowLine { line, ply } => {
                let (play, mut cx) = self.studying();
                play.show_line(line, ply, &mut cx)
            }
            Intent::OtherBranch(forward) => {
                let (play, mut cx) = self.studying();
                play.other_branch(forward, &mut cx)
            }
            Intent::PromoteLine(line) => {
                let (play, mut cx) = self.studying();
                play.promote_line(line, &mut cx)
            }
            Intent::DeleteLine(line) => {
                let (play, mut cx) = self.studying();
                play.delete_line(line, &mut cx)
            }
            Intent::PlayLine(moves) => {
                let (play, mut cx) = self.studying();
                play.play_analysis_line(moves, &mut cx)
            }
            Intent::SetEvalBar(on) => self.change_settings(|s| s.eval_bar = on),
            Intent::SetSteppedHints(on) => self.change_settings(|s| s.stepped_hints = on),
            Intent::SetLanguage(language) => self.change_settings(|s| s.language = language),
            Intent::SetSound(on) => self.change_settings(|s| s.sound = on),
            Intent::SetHardThreads(n) => self.change_settings(|s| s.hard_threads = n.max(1)),

            // The engine match.
            Intent::OpenEngineMatch => {
                self.screen.clear_selection();
                self.screen.dialog = None;
                self.practice_page.open = false;
                self.engine_match.open = true;
            }
            Intent::CloseEngineMatch => self.engine_match.open = false,
            Intent::EditMatch(form) => self.engine_match.edit(form),
            Intent::StartEngineMatch => {
                let seed = self.host.rng.random();
                let wake = self.host.wake();
                (self.engine_match).start(&self.stored.settings, seed, wake)
            }
            Intent::StopEngineMatch => self.engine_match.stop(),

            // USI engines.
            Intent::OpenEngines => {
                self.screen.dialog = Some(Dialog::Engines(EnginesForm::default()))
            }
            Intent::BrowseEngine => {
                let (work, cx) = self.engines_dialog();
                work.browse_engine(cx)
            }
            Intent::BrowseEngineOption { engine, name } => {
                let (work, cx) = self.engines_dialog();
                let effects = work.browse_engine_option(engine, &name, cx);
                self.engines_changed(effects)
            }
            Intent::AddEngine(program) => {
                let wake = self.host.wake();
                (self.background.engines).add_engine(program, &mut self.screen, wake)
            }
            Intent::RemoveEngine(id) => {
                let (work, cx) = self.engines_dialog();
                let effects = work.remove_engine(id, cx);
                self.engines_changed(effects)
            }
            Intent::SetEngineOption {
                engine,
                name,
                value,
            } => {
                let (work, cx) = self.engines_dialog();
                let effects = work.set_engine_option(engine, &name, value, cx);
                self.engines_changed(effects)
            }
            Intent::SetEngineRole(role, id) => {
                let (work, cx) = self.engines_dialog();
                let effects = work.set_engine_role(role, id, cx);
                self.engines_changed(effects)
            }

            // Practice.
            Intent::OpenPractice => {
                let wake = self.host.wake();
                self.practice_page.open(&mut self.screen, wake)
            }
            Intent::ClosePractice => self.practice_page.close(&mut self.screen),
            Intent::NextExercise => {
                let wake = self.host.wake();
                self.practice_page.next_exercise(&mut self.screen, wake)
            }
            Intent::PracticeHelp => self.practice_page.help(),
            Intent::PracticeAnswer => {
                let language = self.language();
                if self.practice_page.answer(language) {
                    self.practice_page.save(language, &mut self.screen);
                }
            }
            Intent::ImportCollection => self.import_with_dialog(),
            Intent::ImportFiles(paths) => self.practice_page.import_files(paths, self.host.wake()),

            // The position editor.
            // It opens on the position on the board.
            Intent::OpenEditor => {
                self.screen.editor = Some(Editor::new(self.board_position()));
                self.screen.dialog = None;
                self.screen.clear_selection();
            }
            Intent::Edit(edit) => {
                if let Some(editor) = &mut self.screen.editor {
                    editor.apply(edit);
                }
            }
            // A game against the AI from the edited position, at the present level.
            Intent::PlayFromEditor(player) => {
                if let Some(position) = self.edited_position() {
                    self.screen.editor = None;
                    self.new_game(position, player, self.play.level);
                }
            }
            Intent::CopyEditorSfen => {
                if let Some(sfen) = self.screen.editor.as_ref().map(Editor::sfen) {
                    self.copy(sfen, self.strings().editor_sfen_copied);
                }
            }
            // A record that starts from the edited position and has no moves yet.
            Intent::SaveEditor => {
                if let Some(position) = self.edited_position() {
                    self.save_record_as(Record::new(Game::from_position(position)));
                }
            }
            Intent::CloseEditor => self.screen.editor = None,

            // Game records.
            Intent::SaveAs(format) => self.save_as(format),
            Intent::Open => self.open_with_dialog(),
            Intent::OpenFile(path) => self.open_record_file(&path),
            Intent::FilesChosen(paths) => self.files_chosen(paths),
            Intent::LeaveGame(then) => self.leave_game(then),
            Intent::GameLeft => self.game_left(),
            Intent::ReplaceFile => self.replace_file(),
            Intent::CopySfen => self.copy(self.shown_sfen(), self.strings().copied_sfen),
            Intent::CopyKif => self.copy(self.record().to_kif(), self.strings().copied_kif),
            Intent::OpenPaste => self.open_paste(),
            Intent::Paste(text) => self.paste_text(text),
            Intent::StartPasted(text) => self.start_pasted(&text),
            Intent::SetComment(text) => self.set_comment(text),
            Intent::OpenGameInfo => self.open_game_info(),
            Intent::SetGameInfo(info) => self.set_game_info(info),
            Intent::OpenPlayerName => self.open_player_name(),
            Intent::SetPlayerName(name) => self.set_player_name(&name),
            Intent::OpenJump => self.open_jump(),
            Intent::SearchMate => self.search_mate(),
            Intent::CopyLine(text) => self.copy(text, self.language().records().line_copied),

            // The review. In a game that counts in the results, the player is asked first:
            // a review during the game is an engine's help too.
            Intent::StartReview if self.game_counts_in_results() => {
                self.screen.dialog = Some(Dialog::AnalyseOffLadder { review: true })
            }
            Intent::ReviewOffLadder => {
                self.screen.dialog = None;
                self.background.engines.played = true;
                self.apply(Intent::StartReview);
            }
            Intent::StartReview => {
                let (game, screen) = (&self.play.game, &mut self.screen);
                let positions = self.review_panel.open(game, screen, &mut self.background);
                let (list, host) = (&self.stored.settings.engines, &self.host);
                if !self.background.engine_reviews(&positions, list, host) {
                    self.background.start_built_in_review(positions, host);
                }
            }
            // The analysis stops; the verdicts found so far stay.
            Intent::CancelReview => self.background.cancel_review(),
            Intent::CloseReview => self.review_panel.close(&mut self.background),
            // The review's moves are the game's: its steps show them on the main line.
            Intent::TryAgain(ply) => {
                self.play.follow_main_line(&mut self.screen);
                let (game, screen) = (&self.play.game, &mut self.screen);
                (self.review_panel).try_again(ply, game, screen, &mut self.background)
            }
            Intent::ShowAnswer => self.review_panel.show_answer(),
            Intent::StopTrying => {
                (self.review_panel).stop_trying(&mut self.screen, &mut self.background)
            }
            Intent::NextMistake | Intent::PreviousMistake => {
                let forward = matches!(intent, Intent::NextMistake);
                self.play.follow_main_line(&mut self.screen);
                let reading = self.review_reading();
                let (game, screen) = (&self.play.game, &mut self.screen);
                let background = &mut self.background;
                (self.review_panel).step_to_mistake(forward, &reading, game, screen, background)
            }

            // Dialogs.
            Intent::EditDialog(form) => self.edit_dialog(form),
            Intent::Cancel => self.cancel(),
        }
    }

    /// The game on the board, and what a study of it reads and changes beside it.
    pub(in crate::gui) fn studying(&mut self) -> (&mut Play, Studying<'_>) {
        let language = self.language();
        let opponent = self.background.engines.opponent.as_ref();
        let opponent = opponent.map(|engine| engine.name.clone());
        let you = self.stored.settings.player_name.get().map(str::to_owned);
        let cx = Studying {
            screen: &mut self.screen,
            background: &mut self.background,
            review_panel: &mut self.review_panel,
            host: &mut self.host,
            language,
            opponent,
            you,
        };
        (&mut self.play, cx)
    }

    /// The engines at work, and what the Engines dialog's intents change beside them.
    fn engines_dialog(&mut self) -> (&mut EngineWork, EnginesDialog<'_>) {
        let cx = EnginesDialog {
            list: &mut self.stored.settings.engines,
            screen: &mut self.screen,
            language: self.stored.settings.language,
        };
        (&mut self.background.engines, cx)
    }

    /// What an intent of the Engines dialog left to do: the settings saved, the analysis
    /// panel's engine taken up again.
    fn engines_changed(&mut self, effects: Effects) {
        if effects.save {
            self.save_settings();
        }
        if effects.analysis_engine {
            let following = self.analysis_following();
            (self.analysis_panel).use_role_engine(&self.stored.settings, following);
        }
    }

    fn select(&mut self, sq: Square) {
        self.screen.clear_selection();
        self.screen.pick.selection = Selection::Square(sq);
    }

    fn choose_promotion(&mut self, promote: bool) {
        if let Some((from, to)) = self.screen.pick.promotion.take() {
            self.play(Move::Board { from, to, promote });
        }
    }

    fn refuse(&mut self, why: Refusal) {
        let text = selection::refusal_text(why, self.language());
        self.screen.message = Some(Message::warning(text));
    }

    fn open_new_game(&mut self) {
        self.screen.dialog = Some(Dialog::NewGame {
            side: self.stored.settings.side,
            level: self.play.level,
            sfen: String::new(),
            error: None,
            setup: self.stored.settings.setup,
            engine: self.stored.settings.engines.roles.opponent,
        });
    }

    /// Starts the game the ladder offered, at its level and odds.
    fn take_offer(&mut self, offer: Offer) {
        let setup = GameSetup {
            odds: offer.odds,
            ..self.stored.settings.setup
        };
        self.start_new_game(self.stored.settings.side, offer.level, None, setup);
    }

    fn ask_resign(&mut self) {
        self.back_to_the_game();
        self.screen.dialog = Some(Dialog::Resign);
    }

    fn ask_declare(&mut self) {
        self.back_to_the_game();
        if self.players_turn() && self.play.game.can_declare() {
            self.screen.dialog = Some(Dialog::Declare(self.play.game.impasse_preview()));
        }
    }

    fn quit(&self) {
        if let Some(ctx) = &self.host.egui {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    /// Looks at the position after `ply` plies; `None`: the latest.
    fn show_ply(&mut self, ply: Option<usize>) {
        self.screen.clear_selection();
        let last = self.shown_game().ply();
        self.screen.view = match ply {
            Some(ply) => self.screen.view.at(ply, last),
            None => self.screen.view.latest(last),
        };
    }

    fn open_paste(&mut self) {
        self.screen.dialog = Some(Dialog::Paste {
            text: String::new(),
            error: None,
        });
    }

    /// A game is being played: not over, the player has moved (a reply of the AI's alone
    /// loses nothing), and not an opened record being replayed (the game a study waits on
    /// counts as the one played).
    pub(in crate::gui) fn game_in_progress(&self) -> bool {
        let play = self.play.kept.as_deref().unwrap_or(&self.play);
        let ai_first = play.game.start().side_to_move() != play.player;
        play.header.is_none() && !play.game.is_over() && play.game.ply() > usize::from(ai_first)
    }

    /// Does `then`, which drops the game on the board, once the player agreed to drop the
    /// game in progress (asked in a box), or at once when none is.
    fn leave_game(&mut self, then: Vec<Intent>) {
        if self.game_in_progress() {
            let back = self.screen.dialog.take().map(Box::new);
            self.screen.after_leaving = then;
            self.screen.dialog = Some(Dialog::LeaveGame { back });
            return;
        }
        for intent in then {
            self.apply(intent);
        }
    }

    /// The player agreed: the dialog asked from comes back (to say why a position is
    /// refused) and what was asked is done.
    fn game_left(&mut self) {
        let Some(Dialog::LeaveGame { back }) = self.screen.dialog.take() else {
            return;
        };
        let then = std::mem::take(&mut self.screen.after_leaving);
        self.screen.dialog = back.map(|dialog| *dialog);
        for intent in then {
            self.apply(intent);
        }
    }

    /// Only the dialog still open takes its edits: one closed or replaced by an earlier
    /// intent of the same frame stays so.
    fn edit_dialog(&mut self, form: Dialog) {
        if let Some(open) = &mut self.screen.dialog
            && discriminant(open) == discriminant(&form)
        {
            *open = form;
        }
    }

    /// The edited position if the rules allow it; otherwise a note says so (the reasons are
    /// listed in the editor).
    fn edited_position(&mut self) -> Option<Position> {
        let position = self.screen.editor.as_ref()?.playable();
        if position.is_none() {
            self.screen.message = Some(Message::warning(self.strings().editor_refused));
        }
        position
    }

    /// Starts a game from `start` with the player on `player`'s side; the AI moves first
    /// (on the next frame) when it is its turn.
    pub(in crate::gui) fn new_game(&mut self, start: Position, player: Color, level: Level) {
        self.screen.view = ViewMode::Live;
        self.review_panel.close(&mut self.background);
        self.background.stop_ai();
        self.background.forget_ai_score();
        self.background.forget_hint();
        self.background.engines.unseat_opponent();
        self.play = Play::new(Game::from_position(start), player, level);
        self.screen.clear_selection();
        self.screen.dialog = None;
    }

    /// Starts the game the new-game dialog asked for (a handicap's start and sides, each
    /// side's clock); a bad SFEN or a clock without time keeps the dialog open with the reason.
    fn start_new_game(
        &mut self,
        side: SideChoice,
        level: Level,
        sfen: Option<String>,
        setup: GameSetup,
    ) {
        let start = match sfen.as_deref().map(Position::from_sfen) {
            None => setup.odds.start(),
            Some(Ok(position)) => position,
            Some(Err(err)) => {
                let why = i18n::sfen_error(self.language(), &err);
                self.refuse_new_game(fill(self.strings().sfen_unusable, &[("why", &why)]));
                return;
            }
        };
        if !(setup.player_time.is_playable() && setup.ai_time.is_playable()) {
            self.refuse_new_game(self.strings().clock_needs_time.to_owned());
            return;
        }
        self.stored.settings.side = side;
        self.stored.settings.level = level;
        self.stored.settings.setup = setup;
        self.save_settings();
        let player = match setup.odds.player_side() {
            Some(color) if sfen.is_none() => color,
            _ => self.resolve_side(side),
        };
        self.new_game(start, player, level);
        self.set_clocks(setup.player_time, setup.ai_time);
    }

    fn refuse_new_game(&mut self, why: String) {
        if let Some(Dialog::NewGame { error, .. }) = &mut self.screen.dialog {
            *error = Some(why);
        }
    }

    fn play(&mut self, mv: Move) {
        if self.is_trying() {
            let (lang, wake) = (self.language(), self.host.wake());
            let (game, screen) = (&self.play.game, &mut self.screen);
            (self.review_panel).try_move(mv, game, lang, screen, &mut self.background, wake);
            return;
        }
        if self.is_studying() {
            let (play, mut cx) = self.studying();
            play.play_in_study(mv, &mut cx);
            return;
        }
        if !self.players_turn() {
            return;
        }
        match self.play.game.play(mv) {
            Ok(()) => {
                self.screen.clear_selection();
                self.background.forget_hint();
            }
            Err(err) => {
                let text = crate::i18n::game_error(self.language(), &err);
                self.screen.message = Some(Message::warning(text));
            }
        }
    }

    /// Plays the AI's decision, if it is still the AI's turn in the game it searched.
    fn play_ai_move(&mut self, decision: EngineMove) {
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
            let why = crate::i18n::game_error(self.language(), &err);
            // An added engine would be asked again and again: it is let go.
            let (lang, level) = (self.language(), self.play.level);
            let work = &mut self.background.engines;
            if work.engine_move_refused(&why, lang, level, &mut self.screen) {
                return;
            }
            let text = crate::i18n::fill(self.strings().ai_move_refused, &[("why", &why)]);
            self.screen.message = Some(Message::error(text));
        }
    }

    /// Picks up a piece from the hand; says at once when it has nowhere to go.
    fn select_hand(&mut self, kind: PieceKind) {
        self.screen.clear_selection();
        self.screen.pick.selection = Selection::Hand(kind);
        if let Some(why) = selection::nowhere_to_drop(self.board_position(), kind, self.language())
        {
            self.screen.message = Some(Message::warning(why));
        }
    }

    /// The player resigns; the game keeps its moves, so Undo can take the resignation back.
    fn resign(&mut self) {
        self.screen.dialog = None;
        self.background.stop_ai();
        self.background.forget_hint();
        self.screen.clear_selection();
        self.back_to_the_game();
        if !self.play.game.is_over() {
            self.play.game.resign(self.play.player);
        }
    }

    fn declare(&mut self) {
        self.screen.dialog = None;
        self.background.forget_hint();
        self.screen.clear_selection();
        if let Err(err) = self.play.game.declare() {
            let text = crate::i18n::game_error(self.language(), &err);
            self.screen.message = Some(Message::warning(text));
        }
    }

    /// In a replay the board belongs to the record, not to a game being played: say how to
    /// play from it instead of changing it. Returns whether the request was refused.
    fn refused_in_replay(&mut self) -> bool {
        if !self.screen.view.is_replaying() {
            return false;
        }
        let t = self.strings();
        let why = match self.play.kept {
            Some(_) => t.study_read_only,
            None => t.replay_read_only,
        };
        self.screen.message = Some(Message::warning(why));
        true
    }

    /// Says why a click on the board did nothing.
    fn explain_read_only(&mut self) {
        let game = &self.play.game;
        let t = self.strings();
        let why = match self.screen.view {
            ViewMode::Replaying(_) if self.play.kept.is_some() => t.study_read_only.to_owned(),
            ViewMode::Replaying(_) => t.replay_read_only.to_owned(),
            ViewMode::LookingBack(ply) => fill(t.looking_back_read_only, &[("ply", &ply)]),
            ViewMode::Live if game.is_over() => t.game_is_over.to_owned(),
            ViewMode::Live if game.position().side_to_move() != self.play.player => {
                t.ai_is_to_move.to_owned()
            }
            ViewMode::Live => return,
        };
        // A board that will not take a move while it shows the past or a record is a
        // warning, as a refused move is; the game's own state is information.
        self.screen.message = Some(match self.screen.view {
            ViewMode::Live => Message::info(why),
            _ => Message::warning(why),
        });
    }

    /// Leaves looking back for the game itself (a replay stays a replay).
    fn back_to_the_game(&mut self) {
        if let ViewMode::LookingBack(_) = self.screen.view {
            self.screen.view = ViewMode::Live;
        }
    }

    /// Asks the Hard level for the player's move, on the player's turn; with stepped hints,
    /// a second press on a hint showing only its piece shows the rest.
    fn ask_hint(&mut self) {
        self.back_to_the_game();
        if !self.players_turn() || self.background.is_hinting() {
            return;
        }
        if self.hint_piece().is_some() {
            self.background.reveal_hint();
            return;
        }
        let seed = self.host.rng.random::<u64>();
        let wake = self.host.wake();
        let threads = self.stored.settings.hard_threads;
        let seat_wake = self.host.wake();
        (self.background.engines).seat_hint_engine(&self.stored.settings.engines, seat_wake);
        self.background
            .ask_hint(&self.play.game, seed, threads, wake);
    }

    /// Closes the dialog, or else the promotion prompt, or else puts the piece down and
    /// returns to the latest position.
    fn cancel(&mut self) {
        if let Some(closed) = self.screen.dialog.take() {
            // The mate search's answer is not wanted once its box is closed, nor the record
            // waiting to replace a file.
            match closed {
                Dialog::Mate(_) => self.background.stop_mate(),
                Dialog::Replace(_) => self.screen.replacing = None,
                _ => {}
            }
            return;
        }
        if self.screen.file_dialog.take().is_some() || self.screen.pick.promotion.take().is_some() {
            return;
        }
        // The result box is closed by Esc as the dialogs are.
        if std::mem::take(&mut self.screen.result_box) {
            return;
        }
        if let Some(editor) = &mut self.screen.editor {
            editor.held = None;
            return;
        }
        self.screen.view = self.screen.view.latest(self.shown_game().ply());
        self.screen.clear_selection();
    }

    /// Changes the settings and saves them.
    fn change_settings(&mut self, change: impl FnOnce(&mut Settings)) {
        change(&mut self.stored.settings);
        self.save_settings();
    }

    pub(in crate::gui) fn save_settings(&mut self) {
        if let Err(err) = self.stored.store.save(&self.stored.settings) {
            log::warn!("could not save the settings: {err}");
            let why = i18n::system_error(self.language(), &SystemError::from(&err));
            let text = fill(self.strings().settings_not_saved, &[("why", &why)]);
            self.screen.message = Some(Message::error(text));
        }
    }

    pub(in crate::gui) fn resolve_side(&mut self, side: SideChoice) -> Color {
        match side {
            SideChoice::Sente => Color::Sente,
            SideChoice::Gote => Color::Gote,
            SideChoice::Random if self.host.rng.random_bool(0.5) => Color::Sente,
            SideChoice::Random => Color::Gote,
        }
    }
}
