//! What the Practice page holds: the player's practice as kept on disk, the exercise on
//! the board and how far it has come, and the work the solvers and the engine do for it on
//! threads of their own (the window never searches).

use crate::gui::app::screen::Screen;
use crate::gui::panels::message::Message;
use crate::gui::storage::practice_file::PracticeStore;
use crate::i18n::{self, Language, fill};
use crate::practice::mate::Judged;
use crate::practice::{MateProblem, Practice, Task};
use crate::review::{AnalysisOptions, GameAnalysis, GameReview, MoveReview};
use crate::rules::{Move, Position};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::Receiver;

/// The Practice page's state, open or not.
pub struct PracticePage {
    pub(in crate::gui) practice: Practice,
    pub(in crate::gui) store: PracticeStore,
    /// komadai's own problems.
    pub(super) built_in: Vec<MateProblem>,
    pub(in crate::gui) open: bool,
    pub(in crate::gui) current: Option<Current>,
    /// What the last action came to (a move judged, an import), for the page.
    pub(in crate::gui) note: Option<Note>,
    /// An import being checked by the solver.
    pub(super) import: Option<ImportJob>,
    /// The last import's problems that were not added, as sentences.
    pub(super) broken: Vec<String>,
    /// Reviews' missed mates being checked before they join the practice.
    pub(super) harvest: Vec<Receiver<Vec<MateProblem>>>,
    /// The moves of the last review whose mistakes joined the practice.
    pub(super) harvested: Option<Vec<Move>>,
    /// Seconds added to the system clock: tests move the schedule's time on.
    pub(in crate::gui) clock_offset: u64,
    /// A kept game being reviewed in the background.
    pub(super) backlog: Option<BacklogRun>,
    /// How the background review analyses: the review's budget, on one thread.
    pub(super) backlog_options: AnalysisOptions,
    /// The moves of the last finished game looked at for keeping.
    pub(super) looked_at: Option<Vec<Move>>,
}

/// A finished game of the player's reviewed while the engine is idle.
pub struct BacklogRun {
    /// The game's name ([`crate::practice::KeptGame::key`]).
    pub key: String,
    pub player: crate::rules::Color,
    pub review: GameReview,
    pub analysis: GameAnalysis,
}

impl PracticePage {
    /// The page closed, with `practice`; the background review of the player's games uses
    /// `review`'s budget on one thread.
    pub fn new(store: PracticeStore, practice: Practice, review: &AnalysisOptions) -> PracticePage {
        PracticePage {
            practice,
            store,
            built_in: crate::practice::problem::built_in(),
            open: false,
            current: None,
            note: None,
            import: None,
            broken: Vec::new(),
            harvest: Vec::new(),
            harvested: None,
            clock_offset: 0,
            backlog: None,
            backlog_options: AnalysisOptions {
                threads: 1,
                ..review.clone()
            },
            looked_at: None,
        }
    }

    /// Reads the practice from `store` (a damaged file is set aside, with a note on
    /// `screen`), and keeps it there from now on.
    pub(in crate::gui) fn load(
        &mut self,
        store: PracticeStore,
        lang: Language,
        screen: &mut Screen,
    ) {
        let (practice, note) = store.load();
        self.practice = practice;
        self.store = store;
        if let Some(note) = note {
            let note = note.text(lang);
            log::warn!("{note}");
            screen.message = Some(Message::warning(note));
        }
    }

    /// Writes the practice to its file; a failure is said on `screen`.
    pub(in crate::gui) fn save(&self, lang: Language, screen: &mut Screen) {
        if let Err(err) = self.store.save(&self.practice) {
            log::warn!("could not save the practice: {err}");
            let why = i18n::system_error(lang, &i18n::SystemError::from(&err));
            let text = fill(lang.practice().file_not_saved, &[("why", &why)]);
            screen.message = Some(Message::error(text));
        }
    }
}

/// A sentence for the page, and whether it tells of success, a miss or neither.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub text: String,
    pub tone: Tone,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Neutral,
    Right,
    Wrong,
}

/// The exercise on the board.
pub struct Current {
    pub task: Task,
    /// The exercise's position, and the position now (after the moves played).
    pub start: Position,
    pub position: Position,
    /// The mate's plies still to play (the next attacking move included); 0 for a mistake.
    pub plies_left: u32,
    /// The last move on the board (the defender's reply, or the player's).
    pub last_move: Option<Move>,
    /// A mating line from the position now, once the solver has found one (for the help
    /// and the answer); for a mistake the engine's best move.
    pub solution: Vec<Move>,
    /// The attempt is counted: the first miss, or the success.
    pub recorded: bool,
    pub solved: bool,
    /// 0: no help, 1: the piece, 2: the move.
    pub help: u8,
    pub answer_shown: bool,
    /// A move being judged.
    pub job: Option<Judging>,
    /// The solver looking for a mating line from the position now.
    pub finding: Option<Receiver<Vec<Move>>>,
}

impl Current {
    /// Whether the board takes a move.
    pub fn awaits_move(&self) -> bool {
        !self.solved && !self.answer_shown && self.job.is_none()
    }
}

/// A move being judged on a thread.
pub struct Judging {
    pub tried: Move,
    pub answer: Receiver<ExerciseVerdict>,
    pub cancel: Arc<AtomicBool>,
}

/// What the thread found.
pub enum ExerciseVerdict {
    /// A mate problem's move, and a mating line after the defender's reply (if any).
    Mate(Judged, Vec<Move>),
    /// A mistake's try, judged as the review judges a retry (`None`: could not be judged).
    Mistake(Option<Box<MoveReview>>),
}

/// A collection being checked.
pub struct ImportJob {
    pub name: String,
    pub total: usize,
    pub progress: Arc<std::sync::atomic::AtomicUsize>,
    pub answer: Receiver<crate::practice::import::Imported>,
}
