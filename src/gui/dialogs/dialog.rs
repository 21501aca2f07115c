//! The open dialog's form: which box is up and what has been chosen or typed in it.

use crate::gui::Level;
use crate::gui::dialogs::game_setup::GameSetup;
use crate::gui::dialogs::help_page::HelpPage;
use crate::gui::ladder::{Ladder, Offer};
use crate::gui::storage::settings::SideChoice;
use crate::rules::game::ImpassePreview;
use std::path::PathBuf;

/// The open dialog and the choices made in it so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    NewGame {
        side: SideChoice,
        level: Level,
        /// A position to start from, as SFEN; empty for the standard start.
        sfen: String,
        /// Why the last SFEN tried could not be used.
        error: Option<String>,
        /// The odds and the clocks.
        setup: GameSetup,
        /// An added USI engine to play instead of the built-in AI (the level takes over
        /// if it fails).
        engine: Option<u32>,
    },
    Resign,
    /// Whether to analyse (`review`: review) a game that counts in the results, which takes
    /// it out of them.
    AnalyseOffLadder {
        review: bool,
    },
    Declare(ImpassePreview),
    Paste {
        text: String,
        /// Why the last text tried could not be used.
        error: Option<String>,
    },
    /// Why the autosaved game was not restored: worth more than a line in the status bar, so
    /// the player is told in a box they must close.
    Notice(String),
    /// The ladder's next step, after a run of wins or losses.
    LadderOffer(Offer),
    /// The player's results per level and odds.
    Results(Ladder),
    /// A page of the Help menu.
    Help(HelpPage),
    /// The USI engines added, their options and roles.
    Engines(EnginesForm),
    /// "Drop the game in progress?" before doing what the screen keeps for it (its
    /// `after_leaving`); `back` is the dialog it asked from (the New game dialog), open again
    /// for what follows (a position it refuses).
    LeaveGame {
        back: Option<Box<Dialog>>,
    },
    /// The record's information, as edited so far; `editable` in a replay or a study (a
    /// game in progress is named when it is saved).
    GameInfo {
        info: GameInfo,
        editable: bool,
    },
    /// The player's name, as typed so far.
    PlayerName(String),
    /// A move number to show, as typed so far, of `last` moves.
    Jump {
        text: String,
        last: usize,
    },
    /// The mate search on a position: under way until its answer comes.
    Mate(MateView),
    /// Whether the app's own file dialog may save over the file at this path (the record
    /// waits beside it, in `Screen::replacing`).
    Replace(PathBuf),
}

/// A record's information as the Game information dialog edits it: each field as typed,
/// empty for none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameInfo {
    pub event: String,
    pub start_time: String,
    pub time_control: String,
    pub sente: String,
    pub gote: String,
    /// The players are 下手 and 上手 (a handicap game).
    pub handicap: bool,
}

/// What the mate search dialog shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MateView {
    /// The side looking for mate, named.
    pub attacker: String,
    /// The answer in words once it has come: the verdict, and the mating line as written
    /// (empty without one).
    pub answer: Option<(String, String)>,
}

/// The Engines dialog's own state: what is only the dialog's (the path typed, the engine
/// whose options are open, the engine being started), beside the list the settings keep.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EnginesForm {
    /// The program path typed or browsed to.
    pub path: String,
    /// The engine whose options are shown.
    pub options_of: Option<u32>,
    /// The program being started to be added.
    pub adding: Option<PathBuf>,
    /// How the last addition went: `Ok` with the engine's name, `Err` with why not.
    pub outcome: Option<Result<String, String>>,
    /// A number being typed into an option's field, kept as typed until the field is left
    /// (then it is given to the option, or refused).
    pub typed: Option<TypedValue>,
    /// The last value an option refused, and why.
    pub refused: Option<RefusedValue>,
}

/// The text in a number option's field while it is typed into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypedValue {
    pub engine: u32,
    pub option: String,
    pub text: String,
}

/// A value an option did not take, and the words that say why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefusedValue {
    pub engine: u32,
    pub option: String,
    pub why: String,
}
