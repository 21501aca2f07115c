//! The AI opponent as the app sees it: a search on its own thread, polled each frame.
//!
//! The UI thread never searches; the engine wakes egui when it has news, so nothing runs
//! while the player thinks.

use crate::clock::MoveClock;
use crate::engine::{EngineEvent, EngineMemory, EngineMove, Progress, ThinkHandle, ThinkRequest};
use crate::gui::Level;
use crate::rules::game::Game;
use std::time::Duration;

/// How long the AI may think, and with how many threads.
#[derive(Clone, Copy, Debug)]
pub struct Allowance {
    /// `None`: the level's own pace.
    pub movetime: Option<Duration>,
    /// The AI's game clock, when the game has clocks (followed rather than `movetime`).
    pub clock: Option<MoveClock>,
    /// For a level that searches in parallel (Hard); the others use one.
    pub threads: usize,
}

/// The search in flight, if any, and the last progress it reported.
#[derive(Default)]
pub struct AiPlayer {
    handle: Option<ThinkHandle>,
    progress: Option<Progress>,
    /// The last progress of the last search that finished (the evaluation bar reads it).
    last: Option<Progress>,
    /// The engine's hash table and history, kept from move to move.
    memory: EngineMemory,
}

impl AiPlayer {
    /// Starts thinking about the game's current position within `allowance`; `wake` is called on
    /// each event.
    pub fn start(
        &mut self,
        game: &Game,
        level: Level,
        seed: u64,
        allowance: Allowance,
        wake: Box<dyn Fn() + Send>,
    ) {
        self.stop();
        let request = ThinkRequest {
            start: *game.start(),
            moves: game.moves().to_vec(),
            level,
            seed,
            movetime: allowance.movetime,
            clock: allowance.clock,
            nodes: None,
            threads: allowance.threads,
            memory: self.memory.clone(),
        };
        self.handle = Some(ThinkHandle::spawn(request, wake));
    }

    /// The AI's decision once it has one; progress reports are kept for the status line.
    pub fn poll(&mut self) -> Option<EngineMove> {
        let handle = self.handle.as_ref()?;
        while let Some(event) = handle.try_recv() {
            match event {
                EngineEvent::Progress(progress) => self.progress = Some(progress),
                EngineEvent::Done(decision) => {
                    self.handle = None;
                    self.last = self.progress.take().or(self.last.take());
                    return Some(decision);
                }
            }
        }
        None
    }

    /// Stops the search and forgets it; its answer, if it comes, is never read.
    pub fn stop(&mut self) {
        if let Some(handle) = self.handle.take() {
            handle.stop();
        }
        self.progress = None;
    }

    pub fn is_thinking(&self) -> bool {
        self.handle.is_some()
    }

    pub fn progress(&self) -> Option<&Progress> {
        self.progress.as_ref()
    }

    /// The search's latest progress, or else the last one of the search before.
    pub fn last_progress(&self) -> Option<&Progress> {
        self.progress.as_ref().or(self.last.as_ref())
    }

    /// Forgets the searches' progress (another game).
    pub fn forget_progress(&mut self) {
        self.progress = None;
        self.last = None;
    }
}
