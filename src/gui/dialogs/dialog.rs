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
    /// Whether to analyse a game that counts in the results, which takes it out of them.
    AnalyseOffLadder,
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
}
