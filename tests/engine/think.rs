//! The engine contract as the GUI uses it: `think` and `ThinkHandle`.

use komadai::engine::{EngineEvent, EngineMove, Level, ThinkHandle, ThinkRequest};
use komadai::rules::{Move, Position};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::think_support;

fn request(sfen: &str, level: Level, seed: u64) -> ThinkRequest {
    let start = Position::from_sfen(sfen).expect("test SFEN is valid");
    think_support::request(start, &[], level, seed)
}

fn think_deep(req: &ThinkRequest, stop: &AtomicBool) -> EngineMove {
    think_support::think_deep(req, stop).0
}

fn chosen_move(answer: EngineMove) -> Move {
    match answer {
        EngineMove::Move(mv) => mv,
        other => panic!("expected a move, got {other:?}"),
    }
}

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
/// After 1g1f 9c9d 1f1e: out of the opening book, so Hard searches.
const OUT_OF_BOOK: &str = "lnsgkgsnl/1r5b1/1pppppppp/p8/8P/9/PPPPPPPP1/1B5R1/LNSGKGSNL w - 4";

#[test]
fn every_level_plays_a_legal_move_from_the_start() {
    let stop = AtomicBool::new(false);
    for level in Level::ALL {
        let req = request(START, level, 7);
        let mv = chosen_move(think_deep(&req, &stop));
        assert!(req.start.is_legal(mv), "{level:?} played {mv}");
    }
}

#[test]
fn normal_and_hard_take_a_hanging_rook() {
    // Gote's rook stands on 2c in front of Sente's pawn on 2d.
    let sfen = "lnsgkgsnl/7b1/ppppppprp/7P1/9/9/PPPPPPP1P/1B5R1/LNSGKGSNL b - 1";
    let stop = AtomicBool::new(false);
    for level in [Level::Normal, Level::Hard] {
        let req = request(sfen, level, 1);
        let mv = chosen_move(think_deep(&req, &stop));
        assert_eq!(mv.to_string(), "2d2c+", "{level:?}");
    }
}

#[test]
fn hard_and_normal_mate_in_one() {
    // Gold drop on 5b mates the bare king on 5a, supported by the pawn on 5c.
    let sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
    let stop = AtomicBool::new(false);
    for level in [Level::Normal, Level::Hard] {
        let req = request(sfen, level, 3);
        let mv = chosen_move(think_deep(&req, &stop));
        assert_eq!(mv.to_string(), "G*5b", "{level:?}");
    }
}

#[test]
fn a_stopped_search_still_answers_a_legal_move() {
    let stop = AtomicBool::new(true);
    let req = request(OUT_OF_BOOK, Level::Hard, 0);
    let mv = chosen_move(think_deep(&req, &stop));
    assert!(req.start.is_legal(mv));
}

#[test]
fn a_checkmated_side_resigns() {
    // Sente's king on 5i is mated by the gold on 5h backed by the pawn on 5g.
    let sfen = "4k4/9/9/9/9/9/4p4/4g4/4K4 b - 1";
    let stop = AtomicBool::new(false);
    let req = request(sfen, Level::Easy, 0);
    assert_eq!(think_deep(&req, &stop), EngineMove::Resign);
}

#[test]
fn hard_declares_a_winning_impasse() {
    // Both kings in their zones, Sente holds 32 points, Gote 22.
    let sfen = "K8/9/9/9/9/9/9/9/8k b 2R2B4G4S4N4l18p 1";
    let stop = AtomicBool::new(false);
    let req = request(sfen, Level::Hard, 0);
    assert_eq!(think_deep(&req, &stop), EngineMove::DeclareWin);
}

#[test]
fn thinking_on_a_thread_reports_progress_then_a_legal_move() {
    let req = request(START, Level::Normal, 11);
    let start = req.start;
    let handle = ThinkHandle::spawn(req, Box::new(|| {}));
    let mut saw_progress = false;
    loop {
        match handle.try_recv() {
            Some(EngineEvent::Progress(_)) => saw_progress = true,
            Some(EngineEvent::Done(answer)) => {
                assert!(start.is_legal(chosen_move(answer)));
                break;
            }
            None => std::thread::sleep(Duration::from_millis(2)),
        }
    }
    assert!(saw_progress);
}

#[test]
fn stopping_a_thread_gives_a_legal_move() {
    let mut req = request(OUT_OF_BOOK, Level::Hard, 5);
    req.movetime = Some(Duration::from_secs(3600));
    let start = req.start;
    let handle = ThinkHandle::spawn(req, Box::new(|| {}));
    std::thread::sleep(Duration::from_millis(50));
    handle.stop();
    loop {
        match handle.try_recv() {
            Some(EngineEvent::Done(answer)) => {
                assert!(start.is_legal(chosen_move(answer)));
                break;
            }
            Some(EngineEvent::Progress(_)) => {}
            None => std::thread::sleep(Duration::from_millis(2)),
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_easy_move() {
    let stop = AtomicBool::new(false);
    let a = think_deep(&request(START, Level::Easy, 42), &stop);
    let b = think_deep(&request(START, Level::Easy, 42), &stop);
    assert_eq!(a, b);
}

#[test]
fn easy_varies_its_moves_across_seeds() {
    let stop = AtomicBool::new(false);
    let mut seen = std::collections::HashSet::new();
    for seed in 0..12 {
        let answer = think_deep(&request(START, Level::Easy, seed), &stop);
        seen.insert(format!("{answer:?}"));
    }
    assert!(seen.len() >= 2, "Easy always played {seen:?}");
}

#[test]
fn level_names_round_trip() {
    for level in Level::ALL {
        assert_eq!(Level::from_name(level.name()), Some(level));
    }
    assert_eq!(Level::from_name("hard"), Some(Level::Hard));
    assert_eq!(Level::from_name("Impossible"), None);
}

/// With one network for every level, a level is weaker than the one above
/// only by its numbers: it searches no deeper, with more noise and more
/// slips, and less time.
#[test]
fn each_level_is_weaker_than_the_one_above_by_its_numbers() {
    for pair in Level::ALL.windows(2) {
        let (below, above) = (pair[0].params(), pair[1].params());
        let names = format!("{} below {}", pair[0].name(), pair[1].name());
        assert!(below.max_depth < above.max_depth, "{names}: depth");
        assert!(below.noise_cp > above.noise_cp, "{names}: noise");
        assert!(
            below.slip_per_mille > above.slip_per_mille,
            "{names}: slips"
        );
        assert!(below.movetime < above.movetime, "{names}: time");
        assert!(!below.book, "{names}: no book below the top");
    }
}

#[test]
fn every_bench_position_is_valid_sfen() {
    for sfen in komadai::engine::bench::POSITIONS {
        assert!(Position::from_sfen(sfen).is_ok(), "{sfen}");
    }
}

#[test]
fn easy_takes_a_hanging_rook_most_of_the_time() {
    let sfen = "lnsgkgsnl/7b1/ppppppprp/7P1/9/9/PPPPPPP1P/1B5R1/LNSGKGSNL b - 1";
    let stop = AtomicBool::new(false);
    let takes = (0..20)
        .filter(|&seed| {
            let mv = chosen_move(think_deep(&request(sfen, Level::Easy, seed), &stop));
            mv.to_string() == "2d2c+"
        })
        .count();
    assert!(
        takes >= 12,
        "Easy took the rook in only {takes} of 20 games"
    );
}

/// The nodes of the last progress report of one `think`, on a deep stack.
fn nodes_to_finish(req: &ThinkRequest) -> u64 {
    think_support::think_deep(req, &AtomicBool::new(false)).1
}

#[test]
fn a_player_s_engine_remembers_its_last_search() {
    // Normal stops at a fixed depth, long before a node limit far above it; a
    // node limit also takes the clock away, so a busy machine cannot cut the
    // search short and the node counts do not depend on time.
    let sfen = "lnsgk1snl/1r4gb1/p1pppp1pp/6p2/1p5P1/2P6/PP1PPPP1P/1BG4R1/LNS1KGSNL b - 9";
    let untimed = |seed| ThinkRequest {
        nodes: Some(10_000_000),
        ..request(sfen, Level::Normal, seed)
    };
    let req = untimed(3);
    let cold = nodes_to_finish(&req);
    let warm = nodes_to_finish(&req);
    assert!(cold > 0);
    assert!(warm < cold, "warm {warm} nodes, cold {cold}");
    // A fresh memory starts from nothing again.
    assert_eq!(nodes_to_finish(&untimed(3)), cold);
}
