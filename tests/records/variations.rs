//! KIF variations (`変化：N手`): read into the record's tree the way Kifu for Windows and
//! ShogiHome write them (each branching off the line read last), written back in the same
//! order with the `+` marks, and refused with a reason when a variation fits no line.

use komadai::record::{Problem, Record, Variation};
use komadai::rules::Move;
use std::time::Duration;

/// Written as ShogiHome writes a study: two alternatives to move 2, the first with a
/// variation of its own, an alternative to move 4, comments and times in the variations.
const STUDY: &str = include_str!("../data/records/study_with_variations.kif");

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|mv| Move::from_usi(mv).expect("a USI move"))
        .collect()
}

fn read(text: &str) -> Record {
    match Record::from_kif(text) {
        Ok(record) => record,
        Err(err) => panic!("{err}\n{text}"),
    }
}

fn seconds(list: &[u64]) -> Vec<Duration> {
    list.iter().map(|&s| Duration::from_secs(s)).collect()
}

#[test]
fn each_variation_branches_off_the_line_read_last_that_reaches_its_move() {
    let record = read(STUDY);
    assert_eq!(record.game.moves(), moves("7g7f 3c3d 2g2f 8c8d").as_slice());
    let [at_two, other_at_two, at_four] = record.variations.as_slice() else {
        panic!("three variations off the game: {:?}", record.variations);
    };
    assert_eq!(at_four.ply, 3);
    assert_eq!(at_four.moves, moves("4c4d 3i4h"));
    assert_eq!(at_four.comment(1), Some("振り飛車含み"));
    assert_eq!(at_four.move_times, seconds(&[5, 1]));
    assert_eq!(at_two.ply, 1);
    assert_eq!(at_two.moves, moves("8c8d 2g2f 8d8e"));
    assert_eq!(at_two.end_word.as_deref(), Some("中断"));
    let [inner] = at_two.variations.as_slice() else {
        panic!("one variation inside the first at move 2: {at_two:?}");
    };
    assert_eq!((inner.ply, inner.moves.clone()), (2, moves("7i6h")));
    assert_eq!(other_at_two.ply, 1);
    assert_eq!(other_at_two.moves, moves("4c4d"));
    assert_eq!(record.comment(4), Some("本譜"));
}

#[test]
fn a_record_with_variations_is_written_so_it_reads_back_the_same() {
    let record = read(STUDY);
    let written = record.to_kif();
    let again = read(&written);
    assert_eq!(again.game.moves(), record.game.moves());
    assert_eq!(again.variations, record.variations, "{written}");
    assert_eq!(again.comments, record.comments);
    // The later branch first, each variation's own branches right after it.
    let heads: Vec<&str> = written.lines().filter(|l| l.starts_with("変化")).collect();
    assert_eq!(heads, ["変化：4手", "変化：2手", "変化：3手", "変化：2手"]);
    // `+` marks a move that has an alternative after it.
    let marked: Vec<&str> = written
        .lines()
        .filter(|l| l.ends_with('+'))
        .map(|l| l.split_whitespace().nth(1).unwrap_or(""))
        .collect();
    assert_eq!(
        marked,
        ["３四歩(33)", "８四歩(83)", "８四歩(83)", "２六歩(27)"]
    );
}

#[test]
fn a_variation_may_branch_at_the_resignation() {
    let text = "手数----指手---------消費時間--
   1 ７六歩(77)
   2 投了+

変化：2手
   2 ３四歩(33)
";
    let record = read(text);
    assert_eq!(record.game.ply(), 1);
    assert_eq!(record.variations[0].ply, 1);
    let again = read(&record.to_kif());
    assert_eq!(again.variations[0].ply, 1);
    assert_eq!(again.variations[0].moves, moves("3c3d"));
}

#[test]
fn a_variation_that_no_line_reaches_is_refused_with_its_move_number() {
    let text = "手数----指手---------消費時間--
   1 ７六歩(77)
   2 ３四歩(33)

変化：5手
   5 ２六歩(27)
";
    let err = Record::from_kif(text).expect_err("no line has a move 5");
    assert_eq!(err.problem, Problem::VariationStart { number: 5 });
    assert_eq!(err.line, 5);
}

#[test]
fn a_variation_line_without_a_number_is_refused() {
    let text = "手数----指手---------消費時間--\n   1 ７六歩(77)\n変化：手\n";
    let err = Record::from_kif(text).expect_err("no move number");
    assert!(matches!(err.problem, Problem::BadVariation(_)), "{err}");
}

#[test]
fn an_illegal_move_in_a_variation_is_refused_like_one_in_the_game() {
    let text = "手数----指手---------消費時間--
   1 ７六歩(77)
   2 ３四歩(33)

変化：2手
   2 ７六歩(77)
";
    let err = Record::from_kif(text).expect_err("Sente's pawn is not Gote's to move");
    assert_eq!(err.line, 6, "{err}");
}

#[test]
fn a_variation_built_in_code_is_written_and_read_back() {
    let mut record = read("手数----指手--\n1 ７六歩(77)\n2 ３四歩(33)\n3 ２六歩(27)\n");
    let mut side = Variation {
        ply: 2,
        moves: moves("2h7h 4a3b"),
        ..Variation::default()
    };
    side.set_comment(1, "振り飛車".to_owned());
    record.variations.push(side.clone());
    let again = read(&record.to_kif());
    let [read_back] = again.variations.as_slice() else {
        panic!("one variation: {:?}", again.variations);
    };
    assert_eq!(
        (read_back.ply, &read_back.moves, &read_back.comments),
        (side.ply, &side.moves, &side.comments)
    );
    // KIF always has a time column: a line without times reads back as taking none.
    assert!(read_back.move_times.iter().all(|t| t.is_zero()));
}

#[test]
fn ki2_and_csa_carry_the_main_line() {
    let record = read(STUDY);
    let ki2 = Record::from_ki2(&record.to_ki2()).expect("KI2 reads back");
    assert_eq!(ki2.game.moves(), record.game.moves());
    let csa = Record::from_csa(&record.to_csa()).expect("CSA reads back");
    assert_eq!(csa.game.moves(), record.game.moves());
}

#[test]
fn a_marked_recapture_reads_as_the_recapture() {
    let text = "手数----指手---------消費時間--
   1 ７六歩(77)
   2 ３四歩(33)
   3 ２二角成(88)
   4 同　銀(31)+

変化：4手
   4 同　飛(82)
";
    let record = read(text);
    assert_eq!(
        record.game.moves(),
        moves("7g7f 3c3d 8h2b+ 3a2b").as_slice()
    );
    assert_eq!(record.variations[0].moves, moves("8b2b"));
}
