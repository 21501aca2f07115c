//! Mates from games: the engine finds every mate in 1 and mate in 3 of the
//! test set, both with its mate search and with the main search at a fixed
//! depth.

use komadai::engine::mate::MateSearch;
use komadai::engine::search::{Engine, Limits, mate_distance};
use komadai::rules::{Move, Position};
use std::sync::atomic::AtomicBool;

use crate::engine_sets;

/// (position, a mating first move) from a data file of `SFEN | move` lines.
fn load(name: &str) -> Vec<(Position, Move)> {
    engine_sets::load(name)
        .into_iter()
        .map(|(pos, mv)| {
            let mv = Move::from_usi(&mv).expect("each line is 'SFEN | move'");
            assert!(pos.is_legal(mv), "{} | {mv}", pos.to_sfen());
            (pos, mv)
        })
        .collect()
}

/// Plays `line` and checks that it ends in checkmate.
fn ends_in_mate(pos: &Position, line: &[Move]) -> bool {
    let mut pos = *pos;
    for &mv in line {
        if !pos.is_legal(mv) {
            return false;
        }
        pos.play_unchecked(mv);
    }
    pos.is_checkmate()
}

fn search_mate_distance(pos: &Position, depth: u32) -> Option<i32> {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(16);
    let limits = Limits {
        depth,
        ..Limits::default()
    };
    let outcome = engine.search(pos, &[], &limits, &stop, 0, &mut |_| {});
    mate_distance(outcome.score)
}

#[test]
fn mate_search_solves_every_mate_in_one() {
    let stop = AtomicBool::new(false);
    let set = load("mate1.txt");
    assert!(set.len() >= 20);
    for (pos, _) in &set {
        let line = MateSearch::new(&stop, u64::MAX).find(pos, 1);
        let line = line.unwrap_or_else(|| panic!("no mate found in {}", pos.to_sfen()));
        assert_eq!(line.len(), 1);
        assert!(ends_in_mate(pos, &line), "{}", pos.to_sfen());
    }
}

#[test]
fn mate_search_solves_every_mate_in_three() {
    let stop = AtomicBool::new(false);
    let set = load("mate3.txt");
    assert!(set.len() >= 10);
    for (pos, _) in &set {
        let line = MateSearch::new(&stop, u64::MAX).find(pos, 3);
        let line = line.unwrap_or_else(|| panic!("no mate found in {}", pos.to_sfen()));
        assert_eq!(line.len(), 3, "{}", pos.to_sfen());
        assert!(ends_in_mate(pos, &line), "{}", pos.to_sfen());
    }
}

#[test]
fn main_search_at_depth_two_sees_every_mate_in_one() {
    for (pos, _) in load("mate1.txt") {
        assert_eq!(search_mate_distance(&pos, 2), Some(1), "{}", pos.to_sfen());
    }
}

#[test]
fn main_search_at_depth_four_sees_every_mate_in_three() {
    for (pos, _) in load("mate3.txt") {
        assert_eq!(search_mate_distance(&pos, 4), Some(3), "{}", pos.to_sfen());
    }
}
