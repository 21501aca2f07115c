//! A game written as KIF, KI2, CSA or a USI line and read back is the same game:
//! start position, moves and result.

use komadai::record::Record;
use komadai::rules::game::{EndReason, Game};
use komadai::rules::{Color, Move, Position};

fn sfen(text: &str) -> Position {
    match Position::from_sfen(text) {
        Ok(pos) => pos,
        Err(err) => panic!("test SFEN {text} is invalid: {err}"),
    }
}

fn game(start: &str, moves: &str) -> Game {
    let mut game = Game::from_position(sfen(start));
    for text in moves.split_whitespace() {
        let mv = match Move::from_usi(text) {
            Ok(mv) => mv,
            Err(err) => panic!("{text}: {err}"),
        };
        if let Err(err) = game.play(mv) {
            panic!("{text}: {err}");
        }
    }
    game
}

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// Board, hands and side to move (CSA has no move number).
fn core(pos: &Position) -> String {
    let sfen = pos.to_sfen();
    sfen.rsplit_once(' ')
        .map_or(sfen.clone(), |(c, _)| c.to_string())
}

fn read_back(text: &str, read: fn(&str) -> Result<Record, komadai::record::RecordError>) -> Record {
    match read(text) {
        Ok(record) => record,
        Err(err) => panic!("written record does not read back: {err}\n{text}"),
    }
}

/// Writes `game` in every format and checks what comes back.
fn assert_round_trips(game: &Game) {
    let record = Record::new(game.clone());
    let kif = read_back(&record.to_kif(), Record::from_kif);
    assert_eq!(
        kif.game.start(),
        game.start(),
        "KIF start\n{}",
        record.to_kif()
    );
    assert_eq!(kif.game.moves(), game.moves(), "KIF moves");
    assert_eq!(
        kif.game.result(),
        game.result(),
        "KIF result\n{}",
        record.to_kif()
    );
    assert_eq!(kif.other_ending, None);

    let ki2 = read_back(&record.to_ki2(), Record::from_ki2);
    assert_eq!(ki2.game.start(), game.start(), "KI2 start");
    assert_eq!(ki2.game.moves(), game.moves(), "KI2 moves");
    assert_eq!(
        ki2.game.result(),
        game.result(),
        "KI2 result\n{}",
        record.to_ki2()
    );

    let csa = read_back(&record.to_csa(), Record::from_csa);
    assert_eq!(core(csa.game.start()), core(game.start()), "CSA start");
    assert_eq!(csa.game.moves(), game.moves(), "CSA moves");
    if game.start().move_number() == 1 {
        assert_eq!(
            csa.game.result(),
            game.result(),
            "CSA result\n{}",
            record.to_csa()
        );
    }

    let usi = read_back(&record.to_usi(), Record::from_usi);
    assert_eq!(usi.game.start(), game.start(), "USI start");
    assert_eq!(usi.game.moves(), game.moves(), "USI moves");
}

#[test]
fn an_unfinished_game_with_captures_promotions_and_drops() {
    assert_round_trips(&game(
        START,
        "7g7f 3c3d 8h2b+ 3a2b B*4e 8b4b 4e3d 2b3c 3d2c+",
    ));
}

#[test]
fn the_bare_start_position() {
    assert_round_trips(&Game::new());
}

#[test]
fn resignation_by_the_side_to_move() {
    let mut g = game(START, "7g7f 3c3d 2g2f");
    g.resign(Color::Gote);
    assert_round_trips(&g);
}

#[test]
fn resignation_out_of_turn() {
    // Sente resigns while Gote is to move.
    let mut g = game(START, "7g7f 3c3d 2g2f");
    g.resign(Color::Sente);
    assert_round_trips(&g);
}

#[test]
fn checkmate() {
    let g = game("4k4/9/p8/4P4/9/9/9/9/4K4 b G 1", "5d5c 9c9d G*5b");
    assert_eq!(g.result().map(|r| r.reason), Some(EndReason::Checkmate));
    assert_round_trips(&g);
}

#[test]
fn no_legal_move() {
    let g = game("k8/9/9/9/1+R7/9/9/9/4K4 b - 1", "8e8c");
    assert_eq!(g.result().map(|r| r.reason), Some(EndReason::NoLegalMoves));
    assert_round_trips(&g);
}

#[test]
fn sennichite_and_perpetual_check() {
    let shuffle = ["2h3h 8b7b 3h2h 7b8b"; 3].join(" ");
    let g = game(START, &shuffle);
    assert_eq!(g.result().map(|r| r.reason), Some(EndReason::Sennichite));
    assert_round_trips(&g);
    let checks = ["4e5e 5a4a 5e4e 4a5a"; 3].join(" ");
    let g = game("4k4/9/9/9/5R3/9/9/9/K8 b - 1", &checks);
    assert_eq!(
        g.result().map(|r| r.reason),
        Some(EndReason::PerpetualCheck)
    );
    assert_round_trips(&g);
}

#[test]
fn impasse_declarations() {
    let mut draw = game(
        "9/9/9/4K4/9/4k4/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
        "5d5c 5f5g",
    );
    assert!(draw.declare().is_ok());
    assert_round_trips(&draw);
    let mut loss = game(
        "9/9/9/4K4/9/4k4/9/9/9 b 2RB2G2S2N2L9Pb2g2s2n2l9p 1",
        "5d5c 5f5g 5c4c",
    );
    assert_eq!(loss.declare().map(|r| r.winner), Ok(Some(Color::Sente)));
    assert_round_trips(&loss);
}

#[test]
fn the_ply_limit_from_a_late_move_number() {
    // KIF keeps the move number (手数＝398), so the limit is reached again.
    let g = game("9/4K4/9/9/9/9/9/4k4/9 b - 399", "5b4b 5h4h");
    assert!(matches!(
        g.result().map(|r| r.reason),
        Some(EndReason::MaxPlies { .. })
    ));
    assert_round_trips(&g);
}

#[test]
fn a_full_four_hundred_ply_game() {
    let mut g = Game::from_position(sfen("9/4K4/9/9/R7R/9/9/4k4/9 b 2B4Pg2s 1"));
    while !g.is_over() {
        let pos = *g.position();
        let us = pos.side_to_move();
        let next = g.legal_moves().iter().copied().find(|&mv| {
            let mut trial = g.clone();
            let king_out = mv.from() == pos.king_square(us) && !mv.to().in_zone(us);
            pos.piece_at(mv.to()).is_none()
                && !pos.after(mv).in_check()
                && !king_out
                && trial.play(mv).is_ok()
                && trial.repetition_count() < 3
        });
        match next {
            Some(mv) => assert!(g.play(mv).is_ok()),
            None => panic!("stuck at ply {}", g.ply()),
        }
    }
    assert_eq!(g.ply(), 400);
    assert_round_trips(&g);
}

#[test]
fn a_position_with_gote_to_move_hands_and_a_move_number() {
    let g = game(
        "ln1g4l/1ks6/1pp3n1p/p2pS4/9/P1P3P1P/1P1P2N2/2K1p4/LN1GP2+rL w RB2SPb2g4p 57",
        "5h5i+ 6i5i",
    );
    assert_round_trips(&g);
}

#[test]
fn a_handicap_game_where_gote_moves_first() {
    let g = game(
        "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "3c3d 7g7f",
    );
    let kif = Record::new(g.clone()).to_kif();
    assert!(kif.contains("手合割：香落ち"), "{kif}");
    assert_round_trips(&g);
}

#[test]
fn an_ending_komadai_has_no_rule_for_is_kept() {
    let text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 中断\nまで1手で中断\n";
    let record = read_back(text, Record::from_kif);
    assert_eq!(record.other_ending.as_deref(), Some("中断"));
    assert!(record.game.result().is_none());
    let csa = record.to_csa();
    assert!(csa.ends_with("%CHUDAN\n"), "{csa}");
    let back = read_back(&csa, Record::from_csa);
    assert_eq!(back.other_ending.as_deref(), Some("%CHUDAN"));
    let kif = read_back(&back.to_kif(), Record::from_kif);
    assert_eq!(kif.other_ending.as_deref(), Some("中断"));
}

#[test]
fn kif_output_looks_like_kifu_for_windows() {
    let mut g = game(START, "7g7f 3c3d 8h2b+ 3a2b");
    g.resign(Color::Sente);
    let mut record = Record::new(g);
    record.info.sente = Some("Alice".to_string());
    record.info.gote = Some("Bob".to_string());
    let kif = record.to_kif();
    for line in [
        "手合割：平手",
        "先手：Alice",
        "後手：Bob",
        "手数----指手---------消費時間--",
        "   1 ７六歩(77)    ( 0:00/00:00:00)",
        "   3 ２二角成(88)  ( 0:00/00:00:00)",
        "   4 同　銀(31)    ( 0:00/00:00:00)",
        "   5 投了",
        "まで4手で後手の勝ち",
    ] {
        assert!(kif.lines().any(|l| l == line), "missing '{line}' in\n{kif}");
    }
}

#[test]
fn csa_output_is_v22_with_moves_and_toryo() {
    let mut g = game(START, "7g7f 3c3d 8h2b+ 3a2b B*4e");
    g.resign(Color::Gote);
    let csa = Record::new(g).to_csa();
    assert_eq!(
        csa,
        "V2.2\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n+0045KA\n%TORYO\n"
    );
}

#[test]
fn csa_board_lines_and_hands_are_written_for_other_positions() {
    let g = Game::from_position(sfen("4k4/9/9/9/9/9/9/9/4K4 w 2Pr 1"));
    let csa = Record::new(g).to_csa();
    assert!(csa.contains("P1 *  *  *  * -OU *  *  *  * \n"), "{csa}");
    assert!(csa.contains("P+00FU00FU\n"), "{csa}");
    assert!(csa.contains("P-00HI\n-\n"), "{csa}");
}

#[test]
fn usi_line_is_a_position_command() {
    let g = game(START, "7g7f 3c3d");
    assert_eq!(Record::new(g).to_usi(), "position startpos moves 7g7f 3c3d");
    let from_sfen = Game::from_position(sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1"));
    assert_eq!(
        Record::new(from_sfen).to_usi(),
        "position sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1"
    );
}

#[test]
fn shift_jis_kif_for_dot_kif_files_reads_back() {
    let mut g = game(START, "7g7f 3c3d 8h2b+ 3a2b");
    g.resign(Color::Sente);
    let mut record = Record::new(g);
    record.info.sente = Some("羽生善治".to_string());
    let bytes = record.to_kif_shift_jis();
    assert!(std::str::from_utf8(&bytes).is_err(), "not UTF-8");
    let back = match Record::from_kif_bytes(&bytes) {
        Ok(back) => back,
        Err(err) => panic!("{err}"),
    };
    assert_eq!(back.game.moves(), record.game.moves());
    assert_eq!(back.game.result(), record.game.result());
    assert_eq!(back.info.sente.as_deref(), Some("羽生善治"));
    assert!(
        record
            .to_kif()
            .starts_with("#KIF version=2.0 encoding=UTF-8\n")
    );
}
