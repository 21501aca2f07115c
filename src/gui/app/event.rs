//! What changes the app without the player asking: the answers of the work running in the
//! background, time passing, and the steps every frame takes after the player's intents.
//!
//! Each frame reads its news off the background's channels (`news`, which only empties
//! those inboxes) and hands every piece of it to [`KomadaiApp::apply`](super::KomadaiApp::apply)
//! as an [`Event`], beside the player's [`Intent`]s: `apply` is the whole list of ways the
//! app changes.

use crate::engine::EngineMove;
use crate::gui::engine_match::runner::MatchNews;
use crate::gui::intent::Intent;
use crate::gui::ladder::LadderOutcome;
use crate::gui::practice_page::state::ExerciseVerdict;
use crate::practice::MateProblem;
use crate::practice::import::Imported;
use crate::practice::mate::MateFound;
use crate::review::{DeepLook, MoveReview, PositionAnalysis};
use crate::rules::{Move, Position, Square};
use crate::usi::client::{EngineId, UsiError};
use std::path::PathBuf;

/// What an added engine failed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failed {
    Opponent,
    Hint,
    Review,
}

/// One thing that happened to the app that the player did not ask for.
pub enum Event {
    /// The window is there: its context, to draw with and to be woken through.
    WindowOpened(egui::Context),
    /// A frame begins: the first ones ask for the keyboard focus.
    FrameStarted,

    // The news of the work in the background.
    /// The AI's decision, when its search (or the added engine playing it) answers.
    AiMove(EngineMove),
    /// The hint's search answered about the position after `ply` moves.
    HintFound { ply: usize, decision: EngineMove },
    /// The review's analysis sent these positions' analyses; `finished`: it is done.
    ReviewAnalysed {
        analyses: Vec<PositionAnalysis>,
        finished: bool,
    },
    /// The review's deep pass sent these looks at its mistakes; `finished`: it is done.
    ReviewDeepened {
        looks: Vec<DeepLook>,
        finished: bool,
    },
    /// A retried move was judged (`None`: it could not be).
    TryJudged(Option<Box<MoveReview>>),
    /// A program started to be added said what it is, or why not.
    EngineProbed {
        program: PathBuf,
        answer: Result<EngineId, UsiError>,
    },
    /// An added engine at work failed: it is let go and the built-in engine does its work.
    EngineFailed {
        failed: Failed,
        name: String,
        error: UsiError,
    },
    /// The mate solver found these problems among a review's missed mates.
    MatesFound(Vec<MateProblem>),
    /// The background review of a kept game sent these analyses; `finished`: it is done.
    BacklogAnalysed {
        analyses: Vec<PositionAnalysis>,
        finished: bool,
    },
    /// An imported collection was checked.
    Imported(Imported),
    /// The solver found a mating line from the exercise's position now.
    SolutionFound(Vec<Move>),
    /// The mate search answered about `position` (its last move onto `previous_to`, for
    /// the notation's 同).
    MateSearched {
        position: Box<Position>,
        previous_to: Option<Square>,
        found: MateFound,
    },
    /// The engine match's moves, games finished, and its end.
    MatchNews(Vec<MatchNews>),
    /// The exercise's move `tried` was judged.
    ExerciseJudged {
        tried: Move,
        verdict: ExerciseVerdict,
    },

    // The frame's own steps.
    /// Time passed: the clock charges the moves made since, runs or pauses, and a side out
    /// of time loses.
    TimePassed,
    /// The practice's share of each frame: a completed review's mistakes join it, a finished
    /// game is kept, and the kept games are reviewed while the engine is idle.
    PracticeUpkeep,
    /// It is the AI's turn and it is not thinking yet.
    AiToMove,
    /// The window is about to be drawn: the move list catches up with the game.
    AboutToDraw,
    /// The game on the board ended with this result for the player, not counted yet.
    GameEnded(LadderOutcome),
    /// The frame's changes are made: the move list and the analysis follow them, the game
    /// is autosaved, and the sounds they call for are noted.
    FrameDone,
    /// The window plays the sounds noted (unless the player turned sound off).
    SoundsDue,
}

/// Anything `apply` takes: what the player asked for, or what happened.
pub enum Change {
    Asked(Intent),
    Happened(Event),
}

impl From<Intent> for Change {
    fn from(intent: Intent) -> Change {
        Change::Asked(intent)
    }
}

impl From<Event> for Change {
    fn from(event: Event) -> Change {
        Change::Happened(event)
    }
}
