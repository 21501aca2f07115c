//! The shapes records take in the wild: Kifu for Windows and ShogiGUI KIF
//! with times, comments and variations; CSA with several statements on a
//! line, handicaps and `00AL` hands.

use komadai::record::Record;
use komadai::rules::game::EndReason;
use komadai::rules::{Color, Move};

fn load(result: Result<Record, komadai::record::RecordError>) -> Record {
    match result {
        Ok(record) => record,
        Err(err) => panic!("should load: {err}"),
    }
}

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|t| Move::from_usi(t).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

#[test]
fn kifu_for_windows_kif_with_times_comments_and_a_variation() {
    let text = "\u{feff}# ---- Kifu for Windows V7 V7.70 棋譜ファイル ----
開始日時：2024/03/01(金) 10:00:00
手合割：平手　　
先手：先手さん
後手：後手さん
手数----指手---------消費時間--
*対局前のコメント
   1 ７六歩(77)   ( 0:03/00:00:03)
   2 ３四歩(33)   ( 0:02/00:00:02)
   3 ２二角成(88) ( 0:05/00:00:08)+
*角交換
   4 同　銀(31)   ( 0:01/00:00:03)
   5 投了         ( 0:10/00:00:18)
まで4手で後手の勝ち

変化：3手
   3 ２六歩(27)   ( 0:01/00:00:04)
";
    let record = load(Record::from_kif(text));
    assert_eq!(
        record.game.moves(),
        moves("7g7f 3c3d 8h2b+ 3a2b").as_slice()
    );
    let result = record.game.result().copied();
    assert_eq!(result.map(|r| r.reason), Some(EndReason::Resignation));
    assert_eq!(result.and_then(|r| r.winner), Some(Color::Gote));
    assert_eq!(record.info.sente.as_deref(), Some("先手さん"));
}

#[test]
fn kif_with_marks_before_moves_and_no_times() {
    let text = "手数----指手--\n1 ▲７六歩(77)\n2 △３四歩(33)\n3 ▲２六歩(27)\n";
    let record = load(Record::from_kif(text));
    assert_eq!(record.game.moves(), moves("7g7f 3c3d 2g2f").as_slice());
}

#[test]
fn kif_handicap_names_set_the_start_and_gote_moves_first() {
    let text = "手合割：二枚落ち\n上手：上手さん\n下手：下手さん\n手数----指手---------消費時間--\n   1 ６二銀(71)\n   2 ７六歩(77)\n";
    let record = load(Record::from_kif(text));
    assert_eq!(record.game.start().side_to_move(), Color::Gote);
    assert_eq!(record.info.gote.as_deref(), Some("上手さん"));
    assert_eq!(record.game.moves(), moves("7a6b 7g7f").as_slice());
}

#[test]
fn kif_diagram_with_move_count_and_gote_to_move() {
    let text = "後手の持駒：飛　金二　歩三
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・v玉 ・ ・ ・ ・|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ 歩 ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九
+---------------------------+
先手の持駒：角　銀
後手番
手数＝30  ▲５三歩  まで
手数----指手---------消費時間--
  31 ５二金打
";
    let record = load(Record::from_kif(text));
    let start = record.game.start();
    assert_eq!(start.to_sfen(), "4k4/9/4P4/9/9/9/9/9/4K4 w BSr2g3p 31");
    assert_eq!(record.game.moves(), moves("G*5b").as_slice());
}

#[test]
fn csa_with_statements_on_one_line_and_times() {
    let text = "V2\nN+A\nN-B\nPI\n+\n+7776FU,T1\n-3334FU,T2\n+8822UM,T3,-3122GI,T1\n%TORYO,T0\n";
    let record = load(Record::from_csa(text));
    assert_eq!(
        record.game.moves(),
        moves("7g7f 3c3d 8h2b+ 3a2b").as_slice()
    );
    assert_eq!(
        record.game.result().and_then(|r| r.winner),
        Some(Color::Gote),
        "Sente, to move, resigned"
    );
}

#[test]
fn csa_pi_with_removed_pieces_is_a_handicap() {
    let text = "PI82HI22KA\n-\n-7162GI\n";
    let record = load(Record::from_csa(text));
    assert_eq!(
        record.game.start().to_sfen(),
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    );
    assert_eq!(record.game.moves(), moves("7a6b").as_slice());
}

#[test]
fn csa_piece_lists_with_00al_for_a_mating_problem() {
    // Gote's king on 5a, Sente's pawn on 5c and gold in hand; the rest of
    // the set in Gote's hand, as tsume records write it.
    let text = "P-51OU\nP+53FU59OU00KI\nP-00AL\n+\n+0052KI\n%TSUMI\n";
    let record = load(Record::from_csa(text));
    let start = record.game.start();
    assert_eq!(
        start
            .hand(Color::Gote)
            .count(komadai::rules::PieceKind::Pawn),
        17
    );
    assert_eq!(
        start
            .hand(Color::Gote)
            .count(komadai::rules::PieceKind::Gold),
        3
    );
    assert_eq!(
        record.game.result().map(|r| r.reason),
        Some(EndReason::Checkmate)
    );
}

#[test]
fn csa_multi_game_files_yield_the_first_game() {
    let text = "PI\n+\n+7776FU\n/\nPI\n+\n+2726FU\n";
    let record = load(Record::from_csa(text));
    assert_eq!(record.game.moves(), moves("7g7f").as_slice());
}

#[test]
fn csa_off_turn_resignation_comment_is_read() {
    let text = "PI\n+\n+7776FU\n'komadai:resigned +\n%TORYO\n";
    let record = load(Record::from_csa(text));
    assert_eq!(
        record.game.result().and_then(|r| r.winner),
        Some(Color::Gote)
    );
}

#[test]
fn lishogi_and_81dojo_kif_with_half_width_files_and_short_times() {
    // Half-width file digits, 同 with an ASCII space, 81Dojo's ( 0:5/) times.
    let text = "先手:\n後手:\n  1  7六歩(77) ( 0:00/00:00:00)\n  2  3四歩(33) ( 0:5/)\n  3  2二角成(88) ( 0:00/00:00:00)\n  4  同 銀(31) ( 0:00/00:00:00)\n";
    let record = load(Record::from_kif(text));
    assert_eq!(
        record.game.moves(),
        moves("7g7f 3c3d 8h2b+ 3a2b").as_slice()
    );
}
