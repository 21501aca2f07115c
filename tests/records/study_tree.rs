//! A record's lines edited as a study board edits them: a move that follows a line or an
//! alternative, one that extends a line, one that starts a branch (also in place of a
//! resignation), a branch made the main line and one deleted; every edit keeps every line
//! and is written so that it reads back the same.

use komadai::record::{LineId, Record};
use komadai::rules::Move;
use std::collections::BTreeSet;

const STUDY: &str = include_str!("../data/records/study_with_variations.kif");

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|mv| Move::from_usi(mv).expect("a USI move"))
        .collect()
}

fn mv(text: &str) -> Move {
    Move::from_usi(text).expect("a USI move")
}

fn read(text: &str) -> Record {
    match Record::from_kif(text) {
        Ok(record) => record,
        Err(err) => panic!("{err}\n{text}"),
    }
}

/// The line at each index path, found by walking the alternatives at every move.
fn every_line(record: &Record) -> BTreeSet<Vec<String>> {
    let mut found = BTreeSet::new();
    let mut todo = vec![LineId::main()];
    let mut seen = BTreeSet::new();
    while let Some(line) = todo.pop() {
        let Some(line_moves) = record.line_moves(&line) else {
            panic!("a line the record names but does not hold: {line:?}");
        };
        if !seen.insert(format!("{line:?}")) {
            continue;
        }
        found.insert(line_moves.iter().map(|m| m.to_string()).collect());
        for ply in 0..=line_moves.len() {
            for alternative in record.alternatives(&line, ply) {
                todo.push(alternative.line);
            }
        }
    }
    found
}

/// Written and read again, the record holds the same game and lines.
fn assert_reads_back(record: &Record) {
    let written = record.to_kif();
    let again = read(&written);
    assert_eq!(again.game.moves(), record.game.moves(), "{written}");
    assert_eq!(
        again.game.result().map(|r| r.reason),
        record.game.result().map(|r| r.reason),
        "{written}"
    );
    assert_eq!(again.variations, record.variations, "{written}");
    assert_eq!(every_line(&again), every_line(record));
}

#[test]
fn the_alternatives_at_a_move_are_the_same_from_each_of_its_lines() {
    let record = read(STUDY);
    let from_game = record.alternatives(&LineId::main(), 1);
    let played: Vec<Move> = from_game.iter().map(|a| a.mv).collect();
    assert_eq!(played, moves("3c3d 8c8d 4c4d"));
    let from_variation = record.alternatives(&from_game[1].line, 1);
    assert_eq!(from_variation, from_game);
    // Inside a variation, its own move first, then its branches there.
    let inner = record.alternatives(&from_game[1].line, 2);
    assert_eq!(
        inner.iter().map(|a| a.mv).collect::<Vec<_>>(),
        moves("2g2f 7i6h")
    );
    assert_eq!(record.alternatives(&LineId::main(), 0).len(), 1);
}

#[test]
fn a_move_made_before_follows_its_line_instead_of_branching_again() {
    let mut record = read(STUDY);
    let before = record.variations.clone();
    let line = record
        .play_in_line(&LineId::main(), 1, mv("8c8d"))
        .expect("a legal move");
    assert_eq!(
        record.line_moves(&line).expect("the line"),
        moves("7g7f 8c8d 2g2f 8d8e")
    );
    let same = record
        .play_in_line(&LineId::main(), 0, mv("7g7f"))
        .expect("a legal move");
    assert_eq!(same, LineId::main());
    assert_eq!(record.variations, before);
}

#[test]
fn a_new_move_starts_a_branch_after_the_others_at_its_move() {
    let mut record = read(STUDY);
    let line = record
        .play_in_line(&LineId::main(), 1, mv("9c9d"))
        .expect("a legal move");
    assert_eq!(
        record.line_moves(&line).expect("the line"),
        moves("7g7f 9c9d")
    );
    let played: Vec<Move> = record
        .alternatives(&LineId::main(), 1)
        .iter()
        .map(|a| a.mv)
        .collect();
    assert_eq!(played, moves("3c3d 8c8d 4c4d 9c9d"));
    // Played on from the new branch's end, the move extends it.
    let extended = record
        .play_in_line(&line, 2, mv("2g2f"))
        .expect("a legal move");
    assert_eq!(extended, line);
    assert_eq!(
        record.line_moves(&line).expect("the line"),
        moves("7g7f 9c9d 2g2f")
    );
    assert_reads_back(&record);
}

#[test]
fn an_illegal_move_changes_nothing() {
    let mut record = read(STUDY);
    let before = every_line(&record);
    assert!(record.play_in_line(&LineId::main(), 1, mv("7g7f")).is_err());
    assert!(
        record
            .play_in_line(&LineId::main(), 40, mv("9c9d"))
            .is_err()
    );
    assert_eq!(every_line(&record), before);
}

#[test]
fn a_move_in_place_of_the_resignation_branches_and_keeps_the_game_resigned() {
    let mut record = read(STUDY);
    let line = record
        .play_in_line(&LineId::main(), 4, mv("2f2e"))
        .expect("a legal move");
    assert!(!line.is_main());
    assert_eq!(record.game.ply(), 4);
    assert!(record.game.is_over());
    assert_eq!(
        record.line_moves(&line).expect("the line"),
        moves("7g7f 3c3d 2g2f 8c8d 2f2e")
    );
    assert_reads_back(&record);
}

#[test]
fn a_line_made_the_main_line_swaps_places_with_the_game_and_keeps_every_line() {
    let mut record = read(STUDY);
    let before = every_line(&record);
    let inner = record.alternatives(&record.alternatives(&LineId::main(), 1)[1].line, 2)[1]
        .line
        .clone();
    assert!(record.promote_to_main(&inner));
    assert_eq!(record.game.moves(), moves("7g7f 8c8d 7i6h").as_slice());
    // The game's resignation went with its moves into the variation they became.
    assert!(!record.game.is_over());
    let old_game = record
        .alternatives(&LineId::main(), 1)
        .into_iter()
        .find(|a| a.mv == mv("3c3d"))
        .expect("the old game as a branch at move 2");
    let demoted = record.variation(&old_game.line).expect("a variation");
    assert_eq!(demoted.end_word.as_deref(), Some("投了"));
    assert_eq!(every_line(&record), before);
    assert_reads_back(&record);
    // And back: the old game made the main line again is the game it was.
    assert!(record.promote_to_main(&old_game.line));
    assert_eq!(record.game.moves(), read(STUDY).game.moves());
    assert!(record.game.is_over());
    assert_eq!(every_line(&record), before);
    assert_reads_back(&record);
}

#[test]
fn every_line_made_the_main_line_in_turn_keeps_every_line() {
    let original = read(STUDY);
    let before = every_line(&original);
    let variations = line_ids(&original);
    assert_eq!(variations.len(), 4, "{variations:?}");
    for line in variations {
        let mut record = original.clone();
        let line_moves = record.line_moves(&line).expect("the line");
        assert!(record.promote_to_main(&line), "{line:?}");
        assert_eq!(record.game.moves(), line_moves.as_slice(), "{line:?}");
        assert_eq!(every_line(&record), before, "{line:?}");
        assert_reads_back(&record);
    }
}

/// Every variation of the record, found through the alternatives.
fn line_ids(record: &Record) -> BTreeSet<LineId> {
    let mut found = BTreeSet::new();
    let mut todo = vec![LineId::main()];
    while let Some(line) = todo.pop() {
        let plies = record.line_moves(&line).map_or(0, |m| m.len());
        for ply in 0..=plies {
            for alternative in record.alternatives(&line, ply) {
                if !alternative.line.is_main() && found.insert(alternative.line.clone()) {
                    todo.push(alternative.line);
                }
            }
        }
    }
    found
}

#[test]
fn a_deleted_branch_takes_its_own_branches_with_it() {
    let mut record = read(STUDY);
    let first = record.alternatives(&LineId::main(), 1)[1].line.clone();
    assert_eq!(record.delete_line(&first), Some(LineId::main()));
    let played: Vec<Move> = record
        .alternatives(&LineId::main(), 1)
        .iter()
        .map(|a| a.mv)
        .collect();
    assert_eq!(played, moves("3c3d 4c4d"));
    assert!(!every_line(&record).contains(&vec!["7g7f".to_string(), "8c8d".into(), "7i6h".into()]));
    assert_eq!(record.delete_line(&LineId::main()), None);
    assert_reads_back(&record);
}
