//! What the user asked for. Views and keys return intents; only [`crate::gui::KomadaiApp::apply`]
//! changes the app's state (what happens beside the player, such as the AI's move, comes to it
//! as an `Event` of the app).

use crate::gui::Level;
use crate::gui::board::move_box::state::MoveBox;
use crate::gui::dialogs::dialog::{Dialog, GameInfo};
use crate::gui::dialogs::game_setup::GameSetup;
use crate::gui::dialogs::help_page::HelpPage;
use crate::gui::editor::Edit;
use crate::gui::engine_match::form::MatchForm;
use crate::gui::ladder::odds::Odds;
use crate::gui::ladder::{LadderOutcome, Offer};
use crate::gui::storage::engine_list::EngineRole;
use crate::gui::storage::settings::{BoardStyle, Labels, NotationStyle, PieceSet, SideChoice};
use crate::i18n::Language;
use crate::record::{Format, LineId};
use crate::rules::{Color, IllegalMove, Move, PieceKind, Square};
use std::path::PathBuf;

/// One thing the user asked for, from a click, a drag, a key or a menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    // On the board.
    /// Pick up the piece on a square (to move it).
    Select(Square),
    /// Pick up a piece from the player's hand (to drop it).
    SelectHand(PieceKind),
    /// Put down whatever was picked up.
    Deselect,
    Move(Move),
    /// The move may promote or not: ask.
    AskPromotion {
        from: Square,
        to: Square,
    },
    ChoosePromotion(bool),
    /// The box a move is typed in, as it now reads (its text, the suggestion chosen, the
    /// answer to a move not played).
    TypeMove(MoveBox),
    /// The tried move is illegal; tell the player why.
    Refuse(Refusal),
    /// A click on the board while it is not the player's to move on (looking back, a
    /// replay, the AI's turn, the game over): say why nothing happens.
    ReadOnlyClick,

    // The game.
    OpenNewGame,
    /// Start a game; `sfen` (when given) is the start position instead of the standard one.
    NewGame {
        side: SideChoice,
        level: Level,
        sfen: Option<String>,
        /// The odds (a handicap fixes the sides) and the clocks.
        setup: GameSetup,
    },
    /// Show the player's results per level and odds.
    OpenResults,
    /// Close the box that says how the game ended.
    CloseResultBox,
    /// Show a page of help.
    OpenHelp(HelpPage),
    /// Start the game the ladder offered.
    TakeOffer(Offer),
    Undo,
    /// Ask the strongest level which move it would play here.
    Hint,
    AskResign,
    Resign,
    AskDeclare,
    Declare,
    /// Close the window (the game is autosaved as it goes).
    Quit,

    // What the board shows.
    /// Look at the position after this many plies (read-only); `None` returns to the latest
    /// position (the game in play, or the end of a replayed record).
    View(Option<usize>),
    /// Cut the game back to the position shown and play on from there, on this side.
    PlayOn(Color),
    Flip,
    SetLabels(Labels),
    SetMoveDots(bool),
    SetBoardStyle(BoardStyle),
    SetPieceSet(PieceSet),
    SetNotation(NotationStyle),
    SetEvalBar(bool),
    SetSteppedHints(bool),
    SetLanguage(Language),
    /// Sounds on or off.
    SetSound(bool),
    /// How many threads the Hard AI and the hints search with.
    SetHardThreads(usize),

    // Game records.
    SaveAs(Format),
    /// Ask the system's file dialog for a record to open.
    Open,
    /// Open this record file (from the file dialog or the recent games).
    OpenFile(PathBuf),
    /// The files chosen in the app's own file dialog, for what it was opened for.
    FilesChosen(Vec<PathBuf>),
    /// Do these, which drop the game on the board: asks first while a game is being played
    /// (not over, the player has moved), directly otherwise.
    LeaveGame(Vec<Intent>),
    /// The player agreed to drop the game in progress: do what was asked.
    GameLeft,
    /// The player agreed to save over the file the app's own dialog chose.
    ReplaceFile,
    /// Put the position shown on the clipboard as SFEN.
    CopySfen,
    /// Put the game on the clipboard as KIF.
    CopyKif,
    OpenPaste,
    /// Start from a pasted SFEN, USI position line or record: a text that cannot be used
    /// is said to be so, a usable one asks first while a game is in progress.
    Paste(String),
    /// Start from a pasted text, the game in progress left (the player agreed, or there was
    /// none).
    StartPasted(String),
    /// Set the comment on the position shown, in the line shown (a record being replayed or
    /// studied); empty removes it.
    SetComment(String),
    /// Show the game's information (event, start, time control, players).
    OpenGameInfo,
    /// Keep this as the record's information.
    SetGameInfo(GameInfo),
    /// Ask for the player's own name.
    OpenPlayerName,
    /// The player's name from now on (empty: "You" again).
    SetPlayerName(String),
    /// Ask for a move number to show.
    OpenJump,
    /// Look for a forced mate for the side to move: in the editor's setup when the editor
    /// is open, else in the position shown.
    SearchMate,
    /// Put this text (an analysis line or a mating line, as written) on the clipboard.
    CopyLine(String),

    // The review.
    /// Analyse the game on the board and show a verdict for every move.
    StartReview,
    /// Stop the analysis; what was found stays.
    CancelReview,
    CloseReview,
    /// Go back to the position before this move (1-based) and try a better one.
    TryAgain(usize),
    ShowAnswer,
    StopTrying,
    /// Show the next mistake or blunder after the move shown (after the last, the first).
    NextMistake,
    /// Show the mistake or blunder before the move shown (before the first, the last).
    PreviousMistake,
    // Live analysis (検討).
    /// Open the analysis panel and start the engine thinking on the position shown.
    StartAnalysis,
    /// Start the engine thinking on the position shown, or stop it.
    ToggleAnalysis,
    /// Analyse the game going on, which takes it out of the results (the player agreed).
    AnalyseOffLadder,
    /// Review the game going on, which takes it out of the results (the player agreed).
    ReviewOffLadder,
    /// Show this many best lines (1 to 5).
    SetAnalysisLines(usize),
    /// Close the analysis panel and stop its engine.
    CloseAnalysis,
    /// Ask the system's file dialog for a USI engine program to analyse with.
    ChooseAnalysisEngine,
    /// Analyse with this USI engine program (`None`: komadai's own engine).
    SetAnalysisEngine(Option<PathBuf>),
    // The engine match.
    /// Open the Engine match page.
    OpenEngineMatch,
    CloseEngineMatch,
    /// The match's form, as edited.
    EditMatch(MatchForm),
    /// Start the match the form sets up.
    StartEngineMatch,
    /// Stop the match after the move being thought about.
    StopEngineMatch,
    // USI engines.
    /// Open the Engines dialog.
    OpenEngines,
    /// Ask the system's file dialog for an engine program (its path goes into the dialog).
    BrowseEngine,
    /// Ask the system's file dialog for the file of an engine's `filename` option.
    BrowseEngineOption {
        engine: u32,
        name: String,
    },
    /// Start this program and add it as an engine once it has said what it is.
    AddEngine(PathBuf),
    RemoveEngine(u32),
    /// Give an added engine's option a value (`None`: back to the engine's own default).
    SetEngineOption {
        engine: u32,
        name: String,
        value: Option<String>,
    },
    /// Which added engine plays a role (`None`: komadai's own).
    SetEngineRole(EngineRole, Option<u32>),
    // Variations.
    /// Study a copy of the game against the AI (it waits): moves for either side make
    /// variations.
    StudyGame,
    /// Leave the study for the game it copied, as it was.
    BackToGame,
    /// Show the position after `ply` moves of this line.
    ShowLine {
        line: LineId,
        ply: usize,
    },
    /// Show the next alternative to the move shown (`false`: the previous one).
    OtherBranch(bool),
    /// Make this line the main line.
    PromoteLine(LineId),
    /// Delete this variation and those branching off it.
    DeleteLine(LineId),
    /// Play these moves from the position shown as a variation (an analysis line).
    PlayLine(Vec<Move>),
    // Practice.
    /// Open the Practice page (the game waits).
    OpenPractice,
    ClosePractice,
    /// Put the next exercise on the practice board.
    NextExercise,
    /// Show the next step of help: the piece, then the move.
    PracticeHelp,
    /// Show the answer (the attempt counts as missed).
    PracticeAnswer,
    /// Ask the system's file dialog for a collection of mate problems to import.
    ImportCollection,
    /// Import these files as one collection.
    ImportFiles(Vec<PathBuf>),

    // The position editor.
    /// Open the editor on the position shown.
    OpenEditor,
    Edit(Edit),
    /// Start a game from the edited position, the player on this side, if it is playable.
    PlayFromEditor(Color),
    /// Put the edited setup on the clipboard as SFEN (playable or not).
    CopyEditorSfen,
    /// Save the edited position as a record with that start, if it is playable.
    SaveEditor,
    /// Back to the game.
    CloseEditor,

    // Dialogs.
    /// The open dialog's form changed (a choice made, text typed): here is the new form.
    EditDialog(Dialog),
    /// Close whatever dialog is open (or cancel the promotion, the selection, looking back).
    Cancel,

    // Not the player's.
    /// A result to add to the ladder, as if a game had ended so (the ladder's own counting
    /// goes through the games played).
    RecordResult {
        level: Level,
        odds: Odds,
        outcome: LadderOutcome,
    },
}

impl Intent {
    /// Whether this is a new action of the player's, which makes the note about the last one
    /// stale (typing into a dialog's field or the move box, and an injected result, are not).
    pub fn is_new_action(&self) -> bool {
        !matches!(
            self,
            Intent::EditDialog(_)
                | Intent::TypeMove(_)
                | Intent::RecordResult { .. }
                | Intent::SetComment(_)
        )
    }
}

/// Why a click on the board does not move anything, for the note in the player's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    Illegal(IllegalMove),
    /// The player clicked their opponent's piece on this square.
    OpponentsPiece(Square),
    /// The player clicked their opponent's hand stand.
    OpponentsHand,
}
