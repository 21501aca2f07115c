//! Records as players keep them: a file cut short or with a mistyped move opens up to its
//! last good move, the problem named beside it (a strict read still refuses it), while a
//! record whose start cannot be read is refused whole; the game's start time is written,
//! read back and kept.

use komadai::record::{Problem, Record, RecordError};
use komadai::rules::game::Game;
use komadai::rules::{Color, Move};

/// The record and the problem that cut it short, from a lenient read that must succeed.
fn up_to(text: &str) -> (Record, Option<RecordError>) {
    match Record::read_up_to(text) {
        Ok(read) => read,
        Err(err) => panic!("{err}\n{text}"),
    }
}

fn usi(record: &Record) -> Vec<String> {
    record.game.moves().iter().map(Move::to_string).collect()
}

#[test]
fn a_kif_cut_off_in_the_middle_of_a_move_keeps_the_moves_before_it() {
    let text = "先手：A\n後手：B\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六";
    let (record, problem) = up_to(text);
    assert_eq!(usi(&record), ["7g7f", "3c3d"]);
    assert_eq!(record.info.sente.as_deref(), Some("A"));
    assert!(record.game.result().is_none(), "no ending was read");
    let problem = problem.expect("the cut is named");
    assert_eq!(problem.line, 6);
    assert!(
        matches!(problem.problem, Problem::BadMoveText { number: 3, .. }),
        "{problem}"
    );
    assert_eq!(
        Record::read(text).err(),
        Some(problem),
        "a strict read refuses it"
    );
}

#[test]
fn a_kif_with_an_illegal_move_keeps_the_game_up_to_it_and_drops_the_ending() {
    let text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ８四歩(83)\n   3 ２二角(88)\n   4 投了\nまで3手で先手の勝ち\n";
    let (record, problem) = up_to(text);
    assert_eq!(usi(&record), ["7g7f", "8c8d"]);
    assert!(record.game.result().is_none());
    let problem = problem.expect("the illegal move is named");
    assert_eq!(problem.line, 5);
    assert!(matches!(
        problem.problem,
        Problem::IllegalMove { number: 3, .. }
    ));
}

#[test]
fn a_ki2_line_keeps_its_good_moves_before_the_bad_one() {
    let text = "先手：A\n後手：B\n▲７六歩 △３四歩 ▲５五飛 △８四歩\n";
    let (record, problem) = up_to(text);
    assert_eq!(usi(&record), ["7g7f", "3c3d"]);
    let problem = problem.expect("the bad move is named");
    assert_eq!(problem.line, 3);
}

#[test]
fn a_csa_record_with_a_bad_move_keeps_the_moves_before_it() {
    let text = "V2.2\nN+A\nN-B\nPI\n+\n+7776FU\nT3\n-3334FU\n+7776FU\n-8384FU\n%TORYO\n";
    let (record, problem) = up_to(text);
    assert_eq!(usi(&record), ["7g7f", "3c3d"]);
    assert_eq!(record.info.gote.as_deref(), Some("B"));
    assert_eq!(record.move_times.len(), 2);
    assert!(record.game.result().is_none());
    let problem = problem.expect("the bad move is named");
    assert_eq!(problem.line, 9);
}

#[test]
fn a_whole_record_reads_with_no_problem() {
    let text = "V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n";
    let (record, problem) = up_to(text);
    assert_eq!(problem, None);
    assert_eq!(
        record.game.result().and_then(|r| r.winner),
        Some(Color::Gote)
    );
}

#[test]
fn a_record_whose_start_cannot_be_read_is_refused_whole() {
    for text in [
        "手合割：九枚落ち\n手数----指手---------消費時間--\n   1 ６二銀(71)\n",
        "V2.2\nPI82KA\n+\n+7776FU\n",
    ] {
        assert!(Record::read_up_to(text).is_err(), "{text}");
    }
}

#[test]
fn the_start_time_is_written_and_read_back_in_kif_and_csa() {
    let mut record = Record::new(Game::new());
    record.info.start_time = Some("2026/12/06 17:28:13 UTC".to_owned());
    let kif = record.to_kif();
    assert!(kif.contains("開始日時：2026/12/06 17:28:13 UTC\n"), "{kif}");
    let csa = record.to_csa();
    assert!(
        csa.contains("$START_TIME:2026/12/06 17:28:13 UTC\n"),
        "{csa}"
    );
    for text in [kif, csa] {
        let back = up_to(&text).0;
        assert_eq!(back.info.start_time, record.info.start_time, "{text}");
        assert_eq!(back.to_kif(), record.to_kif(), "kept when saved again");
    }
}
