//! The df-pn mate solver: it solves the mates from games and longer
//! problems with a line that really mates, says no mate where there is
//! none (perpetual check included), and answers Unknown, never a wrong
//! answer, when its budget runs out.

use komadai::engine::mate::dfpn::{Dfpn, MateResult, verify_mate};
use komadai::engine::mate::probe::probe;
use komadai::rules::{Move, Position};
use std::sync::atomic::AtomicBool;

use crate::engine_sets;
use engine_sets::load;

const TABLE_MB: usize = 16;

fn position(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap_or_else(|err| panic!("{sfen}: {err}"))
}

fn solve(pos: &Position, nodes: u64) -> MateResult {
    let stop = AtomicBool::new(false);
    Dfpn::new(&stop, nodes, TABLE_MB).solve(pos)
}

/// The mating line, checked; panics if there is none.
fn mate_line(pos: &Position, nodes: u64) -> Vec<Move> {
    match solve(pos, nodes) {
        MateResult::Mate(line) => {
            assert!(verify_mate(pos, &line), "{}: {line:?}", pos.to_sfen());
            line
        }
        other => panic!("{}: {other:?}", pos.to_sfen()),
    }
}

#[test]
fn solves_every_mate_in_one_with_one_move() {
    let set = load("mate1.txt");
    assert!(set.len() >= 20);
    for (pos, _) in &set {
        assert_eq!(mate_line(pos, 100_000).len(), 1, "{}", pos.to_sfen());
    }
}

#[test]
fn solves_every_mate_in_three_in_three_plies() {
    let set = load("mate3.txt");
    assert!(set.len() >= 10);
    for (pos, _) in &set {
        assert_eq!(mate_line(pos, 100_000).len(), 3, "{}", pos.to_sfen());
    }
}

/// The mate lengths a problem's line may have: `N` (the shortest, which
/// the line must match), `lo-hi` (the shortest is `lo`, df-pn's line may
/// be longer) or `<=hi` (the shortest is not known).
fn lengths(field: &str) -> (usize, usize) {
    let number = |text: &str| text.trim().parse::<usize>().expect("a mate length");
    if let Some(hi) = field.strip_prefix("<=") {
        (1, number(hi))
    } else if let Some((lo, hi)) = field.split_once('-') {
        (number(lo), number(hi))
    } else {
        (number(field), number(field))
    }
}

#[test]
fn solves_the_longer_problems_within_their_lengths() {
    let set = load("tsume.txt");
    assert!(set.len() >= 10);
    for (pos, field) in &set {
        let (shortest, longest) = lengths(field);
        let plies = mate_line(pos, 2_000_000).len();
        assert!(
            (shortest..=longest).contains(&plies),
            "{}: {plies} plies",
            pos.to_sfen()
        );
    }
}

#[test]
fn a_lone_pawn_or_no_check_at_all_is_no_mate() {
    for sfen in [
        "4k4/9/9/9/9/9/9/9/4K4 b P 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    ] {
        assert_eq!(
            solve(&position(sfen), 100_000),
            MateResult::NoMate,
            "{sfen}"
        );
    }
}

#[test]
fn a_side_already_mated_or_in_check_gets_an_answer() {
    // Sente is mated: no move at all, so no mate to give.
    let mated = position("4k4/9/9/9/9/9/4p4/4g4/4K4 b - 1");
    assert_eq!(solve(&mated, 1_000), MateResult::NoMate);
    // Sente is in check: its only answer, taking the rook, is no check.
    let in_check = position("4k4/9/9/9/9/9/9/4r4/4K4 b G 1");
    assert_eq!(solve(&in_check, 100_000), MateResult::NoMate);
}

#[test]
fn perpetual_check_is_not_mate() {
    for sfen in PERPETUAL_ONLY {
        assert_eq!(
            solve(&position(sfen), 1_000_000),
            MateResult::NoMate,
            "{sfen}"
        );
    }
}

/// Positions where the attacker can check for ever but never mate.
const PERPETUAL_ONLY: [&str; 1] = ["9/9/9/9/4k4/9/9/9/K7R b - 1"];

#[test]
fn a_tiny_budget_answers_unknown_or_a_true_mate_never_no_mate() {
    for (pos, _) in load("tsume.txt") {
        for nodes in [1, 2, 5, 20, 100, 500] {
            match solve(&pos, nodes) {
                MateResult::Mate(line) => assert!(verify_mate(&pos, &line)),
                MateResult::Unknown => {}
                MateResult::NoMate => panic!("{} with {nodes} nodes: no mate", pos.to_sfen()),
            }
        }
    }
}

#[test]
fn a_set_stop_flag_answers_unknown() {
    let stop = AtomicBool::new(true);
    for (pos, _) in load("tsume.txt") {
        let result = Dfpn::new(&stop, u64::MAX, TABLE_MB).solve(&pos);
        assert_eq!(result, MateResult::Unknown, "{}", pos.to_sfen());
    }
}

#[test]
fn a_mate_through_an_earlier_game_position_is_not_played() {
    // G*5b mates at once, but not if the game has already been there.
    let pos = position("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    let mate = Move::from_usi("G*5b").expect("a move");
    let stop = AtomicBool::new(false);
    let result = Dfpn::new(&stop, 100_000, TABLE_MB)
        .with_history([pos.after(mate).hash()])
        .solve(&pos);
    assert_eq!(result, MateResult::NoMate);
}

#[test]
fn verify_mate_rejects_what_is_not_a_checked_mate() {
    let pos = position("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    let usi = |text: &str| Move::from_usi(text).expect("a move");
    assert!(verify_mate(&pos, &[usi("G*5b")]));
    // Not mate, not a check, not legal, empty.
    assert!(!verify_mate(&pos, &[usi("G*4b")]));
    assert!(!verify_mate(&pos, &[usi("G*5h")]));
    assert!(!verify_mate(&pos, &[usi("R*5b")]));
    assert!(!verify_mate(&pos, &[]));
}

#[test]
fn the_probe_before_a_move_finds_a_mate_beyond_five_plies() {
    // Mate in 9 from tsume.txt: the old five-ply MateSearch cannot see it.
    let pos = position("9/9/7k1/9/6R2/5R3/9/9/K8 b BNPb4g4s3n4l17p 1");
    let stop = AtomicBool::new(false);
    let found = probe(&pos, &[], 5, 30_000, &stop, None).expect("a mate");
    assert!(verify_mate(&pos, &found.line));
    assert_eq!(found.line.len(), 9);
    // The mate-in-one level still looks one ply deep only.
    assert!(probe(&pos, &[], 1, 30_000, &stop, None).is_none());
}
