//! The Engine match page (連続対局): two players, built-in levels or added USI engines, play
//! a series of games against each other, sides changed every game, each game judged by the
//! match tool's referee (`usi::matches`) on a thread of its own. The page shows the game
//! being played on its board, the score and a line a game; each game's record is saved in
//! the games folder as it ends and opens from its line.
//!
//! `form` is the match as set up, `runner` the match at work, `page` what the page draws;
//! the state and its workings are here.

pub mod form;
pub mod page;
pub mod runner;

use crate::gui::app::event::Event;
use crate::gui::app::host::Wake;
use crate::gui::panels::message::Message;
use crate::gui::storage::records_io;
use crate::gui::storage::settings::Settings;
use crate::i18n::{Language, fill};
use crate::rules::game::MAX_PLIES;
use crate::rules::{Move, Position};
use crate::usi::matches::{DeclarationRule, GameRules, Verdict};
use form::MatchForm;
use runner::{MatchNews, MatchPlan, RunningMatch};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A move later than its time allows by more than this loses on time: the pipe and the
/// thread switches, not the engine's thinking.
const TIMEOUT_MARGIN: Duration = Duration::from_millis(1000);
/// What a move bounded by nodes or depth may take at most.
const MOVE_TIMEOUT: Duration = Duration::from_secs(60);

/// One finished game, a line of the page's table.
#[derive(Clone, Debug, PartialEq)]
pub struct GameLine {
    /// From 1.
    pub number: usize,
    pub a_is_sente: bool,
    pub verdict: Verdict,
    pub plies: usize,
    /// Where its record was saved, if it was.
    pub file: Option<PathBuf>,
}

/// The game being played, as its board shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveGame {
    pub number: usize,
    pub position: Position,
    pub last_move: Option<Move>,
}

/// The page and the match: its form, the match running, the games played.
#[derive(Default)]
pub struct EngineMatch {
    pub open: bool,
    pub form: MatchForm,
    running: Option<RunningMatch>,
    /// The players' names (A, B) of the match last started.
    pub names: [String; 2],
    /// The games the match last started is to play.
    pub planned: usize,
    pub lines: Vec<GameLine>,
    pub live: Option<LiveGame>,
    pub note: Option<Message>,
    /// Names the files of the match last started.
    stamp: String,
}

impl EngineMatch {
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// A's wins, losses and draws.
    pub fn score(&self) -> (usize, usize, usize) {
        let mut score = (0, 0, 0);
        for line in &self.lines {
            match runner::score_for_a(&line.verdict, line.a_is_sente) {
                1.0 => score.0 += 1,
                0.0 => score.1 += 1,
                _ => score.2 += 1,
            }
        }
        score
    }

    pub(in crate::gui) fn edit(&mut self, form: MatchForm) {
        if !self.is_running() {
            self.form = MatchForm {
                games: form.games.clamp(1, form::MOST_GAMES),
                ..form
            };
        }
    }

    /// Starts the match the form sets up, its games played on a thread of their own; a
    /// player no longer there is named in the page's note instead.
    pub(in crate::gui) fn start(&mut self, settings: &Settings, seed: u64, wake: Wake) {
        if self.is_running() {
            return;
        }
        let lang = settings.language;
        let engines = &settings.engines;
        let players = self.form.players;
        let names = players.map(|p| p.name(engines, lang));
        let specs = players.map(|p| p.spec(engines, settings.hard_threads));
        let (Some(a), Some(b)) = (names[0].clone(), names[1].clone()) else {
            return;
        };
        let [Some(spec_a), Some(spec_b)] = specs else {
            return;
        };
        let names = if a == b {
            [format!("{a} A"), format!("{b} B")]
        } else {
            [a, b]
        };
        let plan = MatchPlan {
            players: [spec_a, spec_b],
            games: self.form.games,
            rules: GameRules {
                time: self.form.time.clone(),
                timeout_margin: TIMEOUT_MARGIN,
                move_timeout: MOVE_TIMEOUT,
                max_plies: MAX_PLIES,
                declaration: DeclarationRule::Csa27,
            },
            openings: self.form.openings(seed),
        };
        self.names = names.clone();
        self.planned = self.form.games;
        self.lines.clear();
        self.live = None;
        self.note = None;
        self.stamp = crate::gui::platform::logging::file_stamp();
        self.running = Some(RunningMatch::spawn(plan, names, wake));
    }

    pub(in crate::gui) fn stop(&mut self) {
        if let Some(running) = &self.running {
            running.stop();
        }
    }

    /// What the match sent since the last frame, as one event.
    pub(in crate::gui) fn news(&mut self, events: &mut Vec<Event>) {
        if let Some(running) = &self.running {
            let news = running.take();
            if !news.is_empty() {
                events.push(Event::MatchNews(news));
            }
        }
    }

    /// Takes the match's news in: the board follows the game, a finished game gets its
    /// line and its record saved in `games_dir`, and the match over lets its thread go.
    pub(in crate::gui) fn take_news(
        &mut self,
        news: Vec<MatchNews>,
        games_dir: Option<&Path>,
        lang: Language,
    ) {
        for item in news {
            match item {
                MatchNews::Moved {
                    number,
                    position,
                    last_move,
                } => {
                    self.live = Some(LiveGame {
                        number,
                        position: *position,
                        last_move,
                    })
                }
                MatchNews::GameOver(over) => {
                    let file = self.save(&over, games_dir, lang);
                    self.lines.push(GameLine {
                        number: over.number,
                        a_is_sente: over.a_is_sente,
                        verdict: over.verdict,
                        plies: over.plies,
                        file,
                    });
                }
                MatchNews::Over(failure) => {
                    self.running = None;
                    let t = lang.engine_match();
                    self.note = Some(match failure {
                        Some(why) => Message::error(fill(t.failed, &[("why", &why)])),
                        None if self.lines.len() < self.planned => Message::info(t.stopped),
                        None => Message::info(fill(t.finished, &[("games", &self.planned)])),
                    });
                }
            }
        }
    }

    /// Writes a finished game's record (KIF, atomically) in `games_dir`; the path, or
    /// `None` with the reason in the note.
    fn save(
        &mut self,
        over: &runner::GameOver,
        games_dir: Option<&Path>,
        lang: Language,
    ) -> Option<PathBuf> {
        let t = lang.engine_match();
        let Some(dir) = games_dir else {
            self.note = Some(Message::warning(t.no_games_folder));
            return None;
        };
        let name = format!("match-{}-{:03}.kifu", self.stamp, over.number);
        let path = dir.join(name);
        if let Err(error) = std::fs::create_dir_all(dir) {
            log::warn!("cannot make {}: {error}", dir.display());
        }
        match records_io::save(&path, &over.record) {
            Ok(path) => Some(path),
            Err(problem) => {
                let why = problem.text(lang);
                let text = fill(t.not_saved, &[("path", &path.display()), ("why", &why)]);
                self.note = Some(Message::error(text));
                None
            }
        }
    }
}
