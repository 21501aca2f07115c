//! Malformed records are refused with the line and what is wrong; an
//! illegal move is reported with its move number.

use komadai::record::{Problem, Record, RecordError};
use komadai::rules::IllegalMove;

const HEAD: &str = "手合割：平手\n手数----指手---------消費時間--\n";

fn kif_error(text: &str) -> RecordError {
    match Record::from_kif(text) {
        Ok(record) => panic!("should be refused, got {:?}", record.game),
        Err(err) => err,
    }
}

fn csa_error(text: &str) -> RecordError {
    match Record::from_csa(text) {
        Ok(record) => panic!("should be refused, got {:?}", record.game),
        Err(err) => err,
    }
}

#[test]
fn an_illegal_kif_move_names_its_line_and_number() {
    let err = kif_error(&format!(
        "{HEAD}   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７四歩(76)\n"
    ));
    assert_eq!(err.line, 5);
    assert!(matches!(
        err.problem,
        Problem::IllegalMove {
            number: 3,
            reason: IllegalMove::WrongWay { .. },
            ..
        }
    ));
    assert_eq!(
        err.to_string(),
        "line 5: move 3 ('７四歩(76)') is illegal: a pawn does not move that way"
    );
}

#[test]
fn a_kif_move_whose_piece_is_not_on_its_origin() {
    let err = kif_error(&format!("{HEAD}   1 ７六銀(77)\n"));
    assert_eq!(err.line, 3);
    assert_eq!(
        err.to_string(),
        "line 3: move 1 ('７六銀(77)'): the piece on its origin square is a pawn on 7g"
    );
}

#[test]
fn unreadable_kif_move_text() {
    let err = kif_error(&format!("{HEAD}   1 ７六歩\n"));
    assert_eq!(err.to_string(), "line 3: move 1: '７六歩' is not a move");
    let err = kif_error(&format!("{HEAD}   1 同　歩(77)\n"));
    assert!(
        matches!(err.problem, Problem::BadMoveText { number: 1, .. }),
        "{err}"
    );
}

#[test]
fn kif_move_numbers_must_count_up() {
    let err = kif_error(&format!("{HEAD}   1 ７六歩(77)\n   3 ３四歩(33)\n"));
    assert_eq!(err.to_string(), "line 4: expected move number 2, found '3'");
}

#[test]
fn nothing_may_follow_the_end() {
    let err = kif_error(&format!(
        "{HEAD}   1 ７六歩(77)\n   2 投了\n   3 ３四歩(33)\n"
    ));
    assert_eq!(err.line, 5);
    assert_eq!(
        err.to_string(),
        "line 5: move 3 comes after the end of the game"
    );
}

#[test]
fn unknown_handicap_and_stray_lines() {
    let err = kif_error("手合割：九枚落ち\n手数----指手---------消費時間--\n");
    assert_eq!(err.to_string(), "line 1: unknown handicap '九枚落ち'");
    let err = kif_error("hello\n");
    assert_eq!(err.to_string(), "line 1: cannot read 'hello'");
    let err = kif_error("");
    assert_eq!(err.problem, Problem::Empty);
}

#[test]
fn a_short_board_rank_is_named() {
    let text = "後手の持駒：なし\n+---------------------------+\n| ・ ・ ・ ・v玉 ・ ・ ・|一\n";
    let err = kif_error(text);
    assert_eq!(err.line, 3);
    assert!(
        err.to_string().contains("rank 一 has 16 characters"),
        "{err}"
    );
}

#[test]
fn a_board_without_kings_is_not_a_position() {
    let mut text = String::from("後手の持駒：なし\n+---------------------------+\n");
    for rank in ["一", "二", "三", "四", "五", "六", "七", "八", "九"] {
        text.push_str(&format!("| ・ ・ ・ ・ ・ ・ ・ ・ ・|{rank}\n"));
    }
    text.push_str(
        "+---------------------------+\n先手の持駒：なし\n手数----指手---------消費時間--\n",
    );
    let err = kif_error(&text);
    assert_eq!(err.line, 14);
    assert!(matches!(err.problem, Problem::BadPosition(_)), "{err}");
}

#[test]
fn bytes_that_are_no_text() {
    let err = match Record::from_kif_bytes(&[0xfd, 0xfe, 0xff, 0xa0]) {
        Ok(_) => panic!("should be refused"),
        Err(err) => err,
    };
    assert_eq!(err.problem, Problem::NotText);
}

#[test]
fn an_illegal_csa_move_names_its_line_and_number() {
    let err = csa_error("V2.2\nPI\n+\n+7776FU\n-3334FU\n+2824HI\n");
    assert_eq!(err.line, 6);
    assert!(
        matches!(err.problem, Problem::IllegalMove { number: 3, .. }),
        "{err}"
    );
}

#[test]
fn a_csa_move_by_the_wrong_side() {
    let err = csa_error("PI\n+\n+7776FU\n+2726FU\n");
    assert_eq!(
        err.to_string(),
        "line 4: move 2 ('+2726FU') is marked for Sente, but Gote is to move"
    );
}

#[test]
fn bad_csa_statements() {
    let err = csa_error("PI\n+\n+77FU\n");
    assert_eq!(err.to_string(), "line 3: move 1: '+77FU' is not a move");
    let err = csa_error("P1-KY-KE-GI-KI-XX-KI-GI-KE-KY\n");
    assert!(err.to_string().starts_with("line 1: bad board:"), "{err}");
    let err = csa_error("PI\n+\nhello\n");
    assert_eq!(err.to_string(), "line 3: cannot read 'hello'");
    let err = csa_error("PI\n+\n+7776FU\n%TORYO\n-3334FU\n");
    assert!(
        matches!(err.problem, Problem::MoveAfterEnd { number: 2 }),
        "{err}"
    );
}

#[test]
fn an_illegal_usi_move_is_reported_by_number() {
    let err = match Record::from_usi("position startpos moves 7g7f 3c3d 7f7d") {
        Ok(_) => panic!("should be refused"),
        Err(err) => err,
    };
    assert!(
        err.to_string().contains("move 3 (7f7d) is illegal"),
        "{err}"
    );
}
