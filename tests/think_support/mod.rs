//! Running the engine as the app does, for the tests of `think`: a request
//! at a short pace, and the answer from a thread with the search's deep stack.

#![allow(dead_code)]

use komadai::engine::search::THREAD_STACK;
use komadai::engine::{EngineMemory, EngineMove, Level, ThinkRequest, think};
use komadai::rules::{Move, Position};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A request for the move after `moves` (USI) from `start`, at 200 ms a
/// move on one thread.
pub fn request(start: Position, moves: &[&str], level: Level, seed: u64) -> ThinkRequest {
    ThinkRequest {
        start,
        moves: moves
            .iter()
            .map(|text| Move::from_usi(text).expect("a test move"))
            .collect(),
        level,
        seed,
        movetime: Some(Duration::from_millis(200)),
        clock: None,
        nodes: None,
        threads: 1,
        memory: EngineMemory::default(),
    }
}

/// `think`'s answer and the nodes of its last report (0 when it reported
/// nothing), on a thread with the stack a search needs, as `ThinkHandle` runs it.
pub fn think_deep(req: &ThinkRequest, stop: &AtomicBool) -> (EngineMove, u64) {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(THREAD_STACK)
            .spawn_scoped(scope, || {
                let mut nodes = 0;
                let answer = think(req, stop, &mut |progress| nodes = progress.nodes);
                (answer, nodes)
            })
            .expect("a search thread starts")
            .join()
            .expect("the search does not panic")
    })
}
