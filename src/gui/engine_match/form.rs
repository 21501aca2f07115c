//! The match as the player sets it up: the two players, how many games, the time each move
//! may take, and where the games start.

use crate::gui::Level;
use crate::gui::storage::engine_list::EngineList;
use crate::i18n::{Language, fill};
use crate::rules::Position;
use crate::usi::client::{Launch, Timeouts};
use crate::usi::matches::{EngineSpec, Opening, TimeControl, random_openings};

/// The most games one match plays.
pub const MOST_GAMES: usize = 200;

/// A player of the match: a level of the built-in engine, or an added engine by its id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contestant {
    BuiltIn(Level),
    Added(u32),
}

/// Where the games start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningChoice {
    /// The start position, every game.
    Start,
    /// Eight quiet random moves from the start, a different line for each pair of games.
    Random,
}

/// The match's settings on its page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchForm {
    /// A, then B; A is Sente in the odd-numbered games.
    pub players: [Contestant; 2],
    pub games: usize,
    pub time: TimeControl,
    pub opening: OpeningChoice,
}

impl Default for MatchForm {
    fn default() -> MatchForm {
        MatchForm {
            players: [
                Contestant::BuiltIn(Level::Normal),
                Contestant::BuiltIn(Level::Easy),
            ],
            games: 10,
            time: TimeControl::Byoyomi(1000),
            opening: OpeningChoice::Start,
        }
    }
}

/// The time controls offered: a few seconds a move, for a match that ends today, then the
/// app's own presets for games of a person's pace.
pub fn time_choices() -> Vec<TimeControl> {
    let mut choices = vec![
        TimeControl::Byoyomi(1000),
        TimeControl::Byoyomi(3000),
        TimeControl::Byoyomi(10_000),
    ];
    for (_, control) in crate::gui::dialogs::game_setup::presets(Language::English) {
        let ms = |d: std::time::Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        let main = ms(control.main());
        choices.push(TimeControl::Clock {
            main,
            byoyomi: ms(control.period()),
            inc: ms(control.increment()),
        });
    }
    choices
}

/// A time control in the player's words: the app's preset's own name where it is one.
pub fn time_name(time: &TimeControl, lang: Language) -> String {
    let t = lang.engine_match();
    let seconds = |ms: u64| format!("{}", ms as f64 / 1000.0);
    for (name, control) in crate::gui::dialogs::game_setup::presets(lang) {
        let ms = |d: std::time::Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        let same = TimeControl::Clock {
            main: ms(control.main()),
            byoyomi: ms(control.period()),
            inc: ms(control.increment()),
        };
        if &same == time {
            return name.to_string();
        }
    }
    match *time {
        TimeControl::Byoyomi(ms) | TimeControl::Movetime(ms) => {
            fill(t.per_move, &[("seconds", &seconds(ms))])
        }
        TimeControl::Nodes(n) => format!("{n} nodes"),
        TimeControl::Depth(d) => format!("depth {d}"),
        TimeControl::Clock { main, byoyomi, inc } => {
            format!(
                "{} + {} / {}",
                seconds(main),
                seconds(byoyomi),
                seconds(inc)
            )
        }
    }
}

impl Contestant {
    /// Every player the page offers: the built-in levels, then the added engines.
    pub fn all(engines: &EngineList) -> Vec<Contestant> {
        let levels = Level::ALL.into_iter().map(Contestant::BuiltIn);
        let added = engines.engines.iter().map(|e| Contestant::Added(e.id));
        levels.chain(added).collect()
    }

    /// Its name on the page and in the records; `None` for an engine no longer in the list.
    pub fn name(self, engines: &EngineList, lang: Language) -> Option<String> {
        match self {
            Contestant::BuiltIn(level) => Some(fill(
                lang.engine_match().built_in,
                &[("level", &lang.level(level))],
            )),
            Contestant::Added(id) => engines.get(id).map(|e| e.name.clone()),
        }
    }

    /// How the match starts it: komadai's own engine in this process at its level, or the
    /// added program with the player's option values.
    pub fn spec(self, engines: &EngineList, threads: usize) -> Option<EngineSpec> {
        match self {
            Contestant::BuiltIn(level) => Some(EngineSpec {
                launch: Launch::BuiltIn,
                options: vec![
                    ("Level".into(), Some(level.name().to_string())),
                    ("Threads".into(), Some(threads.max(1).to_string())),
                ],
                go: None,
            }),
            Contestant::Added(id) => {
                let setup = engines.get(id)?.setup(Timeouts::default());
                Some(EngineSpec {
                    launch: setup.launch,
                    options: setup.options,
                    go: None,
                })
            }
        }
    }
}

impl MatchForm {
    /// The openings for the games: the start position, or one random line per pair of
    /// games from `seed`.
    pub fn openings(&self, seed: u64) -> Vec<Opening> {
        match self.opening {
            OpeningChoice::Start => vec![Opening {
                start: Position::startpos(),
                moves: Vec::new(),
            }],
            OpeningChoice::Random => random_openings(self.games.div_ceil(2), 8, seed),
        }
    }
}
