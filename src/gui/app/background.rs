//! What runs beside the UI: the AI thinking about its move, and a Hard search for the
//! player's hint. Both run on their own threads and wake the window when they have news.

use crate::engine::time::Clock;
use crate::engine::{EngineMove, Progress};
use crate::gui::Level;
use crate::gui::ai::AiPlayer;
use crate::rules::Move;
use crate::rules::game::Game;
use std::time::Duration;

/// The longest a hint search may take.
const HINT_TIME: Duration = Duration::from_secs(2);

/// The searches in flight and what they found.
pub(super) struct Background {
    ai: AiPlayer,
    hint: Hint,
    /// Overrides the level's thinking time (tests and tools).
    movetime: Option<Duration>,
}

/// Called by a search when it has news for the window.
pub(super) type Wake = Box<dyn Fn() + Send>;

/// A hint: the search, the ply it is about, and the move it found while it still applies.
#[derive(Default)]
struct Hint {
    search: AiPlayer,
    ply: usize,
    found: Option<Move>,
}

impl Background {
    pub(super) fn new(movetime: Option<Duration>) -> Background {
        Background {
            ai: AiPlayer::default(),
            hint: Hint::default(),
            movetime,
        }
    }

    /// Starts the AI on the game's position, by its `clock` if it has one (a search already
    /// running is dropped).
    pub(super) fn start_ai(
        &mut self,
        game: &Game,
        level: Level,
        seed: u64,
        clock: Option<Clock>,
        wake: Wake,
    ) {
        self.ai.start(game, level, seed, self.movetime, clock, wake);
    }

    /// The AI's decision once it has one.
    pub(super) fn poll_ai(&mut self) -> Option<EngineMove> {
        self.ai.poll()
    }

    pub(super) fn stop_ai(&mut self) {
        self.ai.stop();
    }

    pub(super) fn is_thinking(&self) -> bool {
        self.ai.is_thinking()
    }

    pub(super) fn progress(&self) -> Option<&Progress> {
        self.ai.progress()
    }

    /// Starts a hint search on the game's position (a search already running is dropped).
    pub(super) fn ask_hint(&mut self, game: &Game, seed: u64, wake: Wake) {
        let time = self.movetime.unwrap_or(HINT_TIME).min(HINT_TIME);
        self.hint.ply = game.ply();
        self.hint
            .search
            .start(game, Level::Hard, seed, Some(time), None, wake);
    }

    /// Takes the hint search's move when it comes, if the game is still at the ply it was
    /// asked about and `wanted` (the player still to move).
    pub(super) fn poll_hint(&mut self, game: &Game, wanted: bool) {
        if let Some(EngineMove::Move(mv)) = self.hint.search.poll()
            && game.ply() == self.hint.ply
            && wanted
        {
            self.hint.found = Some(mv);
        }
    }

    pub(super) fn is_hinting(&self) -> bool {
        self.hint.search.is_thinking()
    }

    /// The hint's move, if it was asked about the position after `ply` moves.
    pub(super) fn hint(&self, ply: usize) -> Option<Move> {
        self.hint.found.filter(|_| self.hint.ply == ply)
    }

    /// Stops the hint search and forgets its move (the position changed).
    pub(super) fn forget_hint(&mut self) {
        self.hint.search.stop();
        self.hint.found = None;
    }
}
