//! Lazy SMP: with helper threads the search still finds the mates and the
//! material a single thread finds, one thread searches as it always did,
//! and the levels that keep to one thread stay repeatable whatever the
//! thread count on offer.

use komadai::engine::search::{Engine, Limits, Outcome, mate_distance};
use komadai::engine::{EngineMove, Level, ThinkRequest};
use komadai::rules::{Move, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::engine_sets;
use crate::think_support;

/// A fresh engine's search of `pos` to `depth` with `threads`.
fn search(pos: &Position, depth: u32, threads: usize) -> Outcome {
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth,
        threads,
        ..Limits::default()
    };
    Engine::new(16).search(pos, &[], &limits, &stop, 0, &mut |_| {})
}

fn think_request(sfen: &str, level: Level, threads: usize) -> ThinkRequest {
    let start = Position::from_sfen(sfen).expect("test SFEN is valid");
    ThinkRequest {
        movetime: None,
        // A fixed budget: no quick mate search, no clock.
        nodes: Some(20_000),
        threads,
        ..think_support::request(start, &[], level, 7)
    }
}

/// `think`'s move and the nodes of its last report, on a deep stack.
fn think_deep(req: &ThinkRequest) -> (EngineMove, u64) {
    think_support::think_deep(req, &AtomicBool::new(false))
}

#[test]
fn two_threads_see_every_mate_in_three_at_depth_four() {
    for (pos, _) in engine_sets::load("mate3.txt") {
        let outcome = search(&pos, 4, 2);
        let sfen = pos.to_sfen();
        assert_eq!(mate_distance(outcome.score), Some(3), "{sfen}");
        let best = outcome.best.expect("a move");
        let mut line = pos;
        for &mv in &outcome.pv {
            assert!(line.is_legal(mv), "{sfen}: {mv}");
            line.play_unchecked(mv);
        }
        assert_eq!(outcome.pv.first(), Some(&best), "{sfen}");
        // A line cut short by the mate-in-one test at its last node
        // stops a ply early; a whole one ends in mate.
        if outcome.pv.len() == 3 {
            assert!(line.is_checkmate(), "{sfen}: the line ends in mate");
        }
    }
}

#[test]
fn four_threads_see_every_mate_in_one() {
    for (pos, answer) in engine_sets::load("mate1.txt") {
        let outcome = search(&pos, 3, 4);
        let sfen = pos.to_sfen();
        assert_eq!(mate_distance(outcome.score), Some(1), "{sfen} ({answer})");
        let mut after = pos;
        after.play_unchecked(outcome.best.expect("a move"));
        assert!(after.is_checkmate(), "{sfen}");
    }
}

#[test]
fn hard_on_two_threads_takes_a_hanging_rook_and_mates_in_one() {
    // Gote's rook stands on 2c in front of Sente's pawn on 2d.
    let rook = "lnsgkgsnl/7b1/ppppppprp/7P1/9/9/PPPPPPP1P/1B5R1/LNSGKGSNL b - 1";
    let (answer, _) = think_deep(&think_request(rook, Level::Hard, 2));
    assert_eq!(
        answer,
        EngineMove::Move(Move::from_usi("2d2c+").expect("a move"))
    );
    // A gold drop on 5b, held by the pawn on 5c.
    let mate = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
    let (answer, _) = think_deep(&think_request(mate, Level::Hard, 2));
    assert_eq!(
        answer,
        EngineMove::Move(Move::from_usi("G*5b").expect("a move"))
    );
}

#[test]
fn one_thread_searches_exactly_as_the_default() {
    let pos = Position::from_sfen(komadai::engine::bench::POSITIONS[1]).expect("bench SFEN");
    let default = search(&pos, 6, 0);
    let one = search(&pos, 6, 1);
    assert_eq!(
        (one.best, one.score, one.nodes),
        (default.best, default.score, default.nodes)
    );
    assert_eq!(one.pv, default.pv);
}

#[test]
fn normal_and_easy_search_on_one_thread_whatever_is_offered() {
    let sfen = komadai::engine::bench::POSITIONS[2];
    for level in [Level::Easy, Level::Normal] {
        let alone = think_deep(&think_request(sfen, level, 1));
        let offered = think_deep(&think_request(sfen, level, 4));
        assert_eq!(alone, offered, "{level:?}");
    }
}

#[test]
fn a_stopped_search_on_three_threads_answers_with_the_helpers_nodes() {
    let pos = Position::from_sfen(komadai::engine::bench::POSITIONS[3]).expect("bench SFEN");
    let stop = AtomicBool::new(false);
    let limits = Limits {
        threads: 3,
        ..Limits::default()
    };
    let mut reported = 0;
    let outcome = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(300));
            stop.store(true, Ordering::Relaxed);
        });
        let mut engine = Engine::new(16);
        engine.search(&pos, &[], &limits, &stop, 0, &mut |info| {
            reported = info.nodes
        })
    });
    // Returning at all means every helper has ended.
    assert!(outcome.best.is_some_and(|mv| pos.is_legal(mv)));
    assert!(outcome.nodes >= reported, "{} < {reported}", outcome.nodes);
}
