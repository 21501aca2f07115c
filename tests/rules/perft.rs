//! Perft: leaf counts of the legal move tree, checked against published
//! numbers and against an independent generator (tests/data/perft.txt,
//! made by tools/perft_reference.py with cshogi).

use komadai::rules::{Position, perft, perft_divide, perft_playing_leaves};

struct Case {
    name: String,
    sfen: String,
    depth: u32,
    nodes: u64,
}

fn cases() -> Vec<Case> {
    include_str!("../data/perft.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split(';').map(str::trim).collect();
            assert_eq!(fields.len(), 4, "bad perft line: {line}");
            Case {
                name: fields[0].to_string(),
                sfen: fields[1].to_string(),
                depth: fields[2].parse().expect("depth"),
                nodes: fields[3].parse().expect("nodes"),
            }
        })
        .collect()
}

#[test]
fn startpos_perft_matches_published_counts() {
    let pos = Position::startpos();
    for (depth, expected) in [(1, 30), (2, 900), (3, 25_470), (4, 719_731)] {
        assert_eq!(perft(&pos, depth), expected, "depth {depth}");
    }
}

#[test]
fn startpos_perft_depth_5() {
    assert_eq!(perft(&Position::startpos(), 5), 19_861_490);
}

#[test]
fn position_with_most_legal_moves_has_593() {
    let pos = Position::from_sfen("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1")
        .expect("valid sfen");
    assert_eq!(pos.legal_moves().len(), 593);
    assert_eq!(perft(&pos, 2), 105_677);
    assert_eq!(perft(&pos, 3), 53_393_368);
}

#[test]
fn middle_game_with_pieces_in_hand_perft_depth_3() {
    let pos = Position::from_sfen(
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    )
    .expect("valid sfen");
    assert_eq!(perft(&pos, 1), 207);
    assert_eq!(perft(&pos, 2), 28_684);
    assert_eq!(perft(&pos, 3), 4_809_015);
}

#[test]
fn every_reference_position_matches_the_independent_generator() {
    let mut failures = Vec::new();
    let all = cases();
    assert!(all.len() > 150, "the reference file lost its positions");
    for case in &all {
        let pos = match Position::from_sfen(&case.sfen) {
            Ok(pos) => pos,
            Err(err) => {
                failures.push(format!("{}: {err}", case.name));
                continue;
            }
        };
        let got = perft(&pos, case.depth);
        if got != case.nodes {
            failures.push(format!(
                "{} depth {}: got {got}, expected {} ({})",
                case.name, case.depth, case.nodes, case.sfen
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn playing_every_leaf_counts_the_same_as_bulk_counting() {
    for case in cases().iter().filter(|c| c.nodes < 200_000) {
        let pos = Position::from_sfen(&case.sfen).expect("valid sfen");
        assert_eq!(
            perft_playing_leaves(&pos, case.depth),
            case.nodes,
            "{} depth {}",
            case.name,
            case.depth
        );
    }
}

#[test]
fn divide_sums_to_perft_and_lists_each_root_move_once() {
    let pos = Position::startpos();
    let divide = perft_divide(&pos, 3);
    assert_eq!(divide.len(), 30);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 25_470);
    let mut moves: Vec<String> = divide.iter().map(|(mv, _)| mv.to_string()).collect();
    moves.sort();
    moves.dedup();
    assert_eq!(moves.len(), 30);
}
