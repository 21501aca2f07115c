//! The app's `think` and the USI engine decide by one path: with the same
//! level, seed and node limit they play the same move in the same position.

use komadai::engine::search::THREAD_STACK;
use komadai::engine::{EngineMemory, EngineMove, Level, ThinkRequest, think};
use komadai::rules::{Position, PositionCommand};
use komadai::usi::{Output, Session};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use usi_support::Transcript;

use crate::usi_support;

/// `position` commands: the opening, a few moves in (a path for
/// repetitions), middle games with pieces in hand, and a mate in one.
const POSITIONS: [&str; 6] = [
    "startpos",
    "startpos moves 7g7f 3c3d 8h2b+ 3a2b",
    "sfen ln1g1gsnl/1r1s2k2/p1pp1p1pp/4p1p2/1p5P1/2P1P4/PPSP1PP1P/2G1K2R1/LN3GSNL b Bb 19",
    "sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "sfen 8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn2p 1",
    "sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1",
];

/// Small enough that every level finishes quickly, large enough that Hard
/// searches several plies.
const NODES: u64 = 20_000;

fn app_move(command: &PositionCommand, level: Level, seed: u64) -> EngineMove {
    let req = ThinkRequest {
        start: command.start,
        moves: command.moves.clone(),
        level,
        seed,
        movetime: None,
        clock: None,
        nodes: Some(NODES),
        threads: 1,
        memory: EngineMemory::default(),
    };
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(THREAD_STACK)
            .spawn_scoped(scope, || think(&req, &stop, &mut |_| {}))
            .expect("a search thread starts")
            .join()
            .expect("the search does not panic")
    })
}

/// The move of the last `bestmove` line the session wrote.
fn bestmove(transcript: &Transcript) -> String {
    let text = transcript.text();
    let line = text
        .lines()
        .rev()
        .find(|line| line.starts_with("bestmove "))
        .unwrap_or_else(|| panic!("no bestmove in:\n{text}"));
    line.split_whitespace().nth(1).unwrap_or("").to_string()
}

fn usi_move(position: &str, level: Level, seed: u64) -> String {
    let transcript = Transcript::default();
    let out: Output = Arc::new(Mutex::new(Box::new(transcript.clone())));
    let mut session = Session::with_seed(out, seed);
    let hash_mb = level.params().hash_mb;
    for line in [
        format!("setoption name Level value {}", level.name()),
        format!("setoption name USI_Hash value {hash_mb}"),
        "setoption name EnteringKingRule value Point24".to_string(),
        "isready".to_string(),
        format!("position {position}"),
        format!("go nodes {NODES}"),
    ] {
        session.handle_line(&line);
    }
    session.finish_search();
    bestmove(&transcript)
}

fn usi_text(answer: EngineMove) -> String {
    match answer {
        EngineMove::Move(mv) => mv.to_string(),
        EngineMove::Resign => "resign".to_string(),
        EngineMove::DeclareWin => "win".to_string(),
    }
}

#[test]
fn the_app_and_the_usi_engine_play_the_same_moves() {
    for position in POSITIONS {
        let command = PositionCommand::parse(position).expect("test position parses");
        for level in Level::ALL {
            for seed in [1, 2, 3] {
                let app = usi_text(app_move(&command, level, seed));
                let usi = usi_move(position, level, seed);
                assert_eq!(app, usi, "{} seed {seed} at {position}", level.name());
            }
        }
    }
}

#[test]
fn the_randomised_levels_do_vary_with_the_seed() {
    // Otherwise the test above would pass with the seed ignored on one side.
    let command = PositionCommand::parse(POSITIONS[0]).expect("test position parses");
    let moves: std::collections::HashSet<String> = (0..12)
        .map(|seed| usi_text(app_move(&command, Level::Easy, seed)))
        .collect();
    assert!(moves.len() >= 2, "Easy always played {moves:?}");
    let start = Position::startpos();
    assert!(moves.iter().all(|mv| {
        start
            .legal_moves()
            .iter()
            .any(|legal| legal.to_string() == *mv)
    }));
}
