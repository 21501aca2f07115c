//! Handicap games and move times in records: the handicap comes back the same from KIF
//! (`手合割`), CSA (`PI` with the pieces taken off) and SFEN/USI, and so do the times each
//! move took (KIF's time column, CSA's `T` lines).

use komadai::record::{Format, Record};
use komadai::rules::game::{EndReason, Game};
use komadai::rules::{Color, Handicap, Move};
use std::time::Duration;

/// A few opening moves of a handicap game, the giver (Gote) first.
fn handicap_game(handicap: Handicap) -> Game {
    let mut game = Game::from_position(handicap.position());
    for text in ["5a4b", "7g7f", "4b3b", "2g2f"] {
        let mv = Move::from_usi(text).expect("test moves are USI");
        game.play(mv).expect("test moves are legal");
    }
    game
}

fn read(text: &str) -> Record {
    match Record::read(text) {
        Ok(record) => record,
        Err(err) => panic!("{err}\n{text}"),
    }
}

#[test]
fn every_handicap_survives_kif_csa_and_usi() {
    for handicap in Handicap::ALL {
        let record = Record::new(handicap_game(handicap));
        for format in [Format::Kif, Format::Ki2, Format::Csa, Format::Usi] {
            let text = record.write(format);
            let back = read(&text);
            assert_eq!(
                Handicap::of_start(back.game.start()),
                Some(handicap),
                "{format:?}:\n{text}"
            );
            assert_eq!(back.game.start().side_to_move(), Color::Gote);
            assert_eq!(back.game.moves(), record.game.moves(), "{format:?}");
        }
    }
}

#[test]
fn kif_names_the_handicap_and_the_players_by_rank() {
    let mut record = Record::new(handicap_game(Handicap::TwoPieces));
    record.info.sente = Some("You".to_string());
    record.info.gote = Some("komadai (Easy)".to_string());
    record.game.resign(Color::Gote);
    let text = record.to_kif();
    assert!(text.contains("手合割：二枚落ち"), "{text}");
    assert!(text.contains("下手：You"), "{text}");
    assert!(text.contains("上手：komadai (Easy)"), "{text}");
    assert!(text.contains("手で下手の勝ち"), "{text}");
    let back = read(&text);
    assert_eq!(back.info.sente.as_deref(), Some("You"));
    assert_eq!(
        back.game.result().and_then(|r| r.winner),
        Some(Color::Sente)
    );
}

#[test]
fn csa_takes_the_handicap_pieces_off_the_initial_position() {
    let text = Record::new(handicap_game(Handicap::TwoPieces)).to_csa();
    assert!(text.lines().any(|line| line == "PI82HI22KA"), "{text}");
    assert!(text.lines().any(|line| line == "-"), "{text}");
    let text = Record::new(handicap_game(Handicap::Lance)).to_csa();
    assert!(text.lines().any(|line| line == "PI11KY"), "{text}");
}

#[test]
fn the_handicaps_kifu_for_windows_and_shogihome_add_read_and_write_by_name() {
    let names = [
        (Handicap::FivePieces, "五枚落ち"),
        (Handicap::LeftFivePieces, "左五枚落ち"),
        (Handicap::LeftSevenPieces, "左七枚落ち"),
        (Handicap::RightSevenPieces, "右七枚落ち"),
        (Handicap::ThreePawns, "歩三兵"),
        (Handicap::NakedKing, "裸玉"),
    ];
    for (handicap, name) in names {
        let text = Record::new(handicap_game(handicap)).to_kif();
        assert!(text.contains(&format!("手合割：{name}\n")), "{text}");
        let written = format!("手合割：{name}\n手数----指手---------消費時間--\n   1 ４二玉(51)\n");
        let back = read(&written);
        assert_eq!(back.game.start(), &handicap.position(), "{name}");
        assert_eq!(back.game.start().side_to_move(), Color::Gote, "{name}");
        assert_eq!(back.game.ply(), 1, "{name}");
    }
}

#[test]
fn three_pawns_in_csa_is_the_bare_king_and_a_hand_of_three_pawns() {
    let text = Record::new(handicap_game(Handicap::ThreePawns)).to_csa();
    assert!(text.lines().any(|line| line == "P-00FU00FU00FU"), "{text}");
    assert_eq!(
        Handicap::of_start(read(&text).game.start()),
        Some(Handicap::ThreePawns)
    );
}

#[test]
fn an_unknown_handicap_name_is_an_error_not_a_panic() {
    let text = "手合割：九枚落ち\n手数----指手---------消費時間--\n   1 ６二銀(71)\n";
    let err = Record::from_kif(text).expect_err("no such handicap");
    assert!(err.to_string().contains("九枚落ち"), "{err}");
}

#[test]
fn move_times_are_written_to_kif_and_read_back() {
    let mut record = Record::new(handicap_game(Handicap::Rook));
    record.move_times = [5, 12, 75, 3].map(Duration::from_secs).to_vec();
    let text = record.to_kif();
    assert!(text.contains("( 0:05/00:00:05)"), "{text}");
    assert!(text.contains("( 0:12/00:00:12)"), "{text}");
    // The third move is the giver's second: 1:15, 1:20 in all.
    assert!(text.contains("( 1:15/00:01:20)"), "{text}");
    assert_eq!(read(&text).move_times, record.move_times);
}

#[test]
fn move_times_are_written_to_csa_and_read_back() {
    let mut record = Record::new(handicap_game(Handicap::Bishop));
    record.move_times = [1, 2, 30, 4].map(Duration::from_secs).to_vec();
    let text = record.to_csa();
    assert!(text.contains("\nT30\n"), "{text}");
    assert_eq!(read(&text).move_times, record.move_times);
}

#[test]
fn csa_fractional_times_and_missing_ones_read_as_far_as_given() {
    let text = "V2.2\nPI\n+\n+7776FU\nT1.500\n-3334FU\n+2726FU\nT7\n";
    let record = read(text);
    assert_eq!(
        record.move_times,
        vec![
            Duration::from_millis(1500),
            Duration::ZERO,
            Duration::from_secs(7)
        ]
    );
}

#[test]
fn a_record_without_times_has_none() {
    let record = read("V2.2\nPI\n+\n+7776FU\n-3334FU\n");
    assert!(record.move_times.is_empty());
    let kif = Record::new(handicap_game(Handicap::Lance)).to_kif();
    assert!(kif.contains("( 0:00/00:00:00)"), "{kif}");
}

#[test]
fn a_time_loss_is_written_and_read_back() {
    // Four plies from the giver's first: the giver is to move, and its clock ran out.
    let mut game = handicap_game(Handicap::Lance);
    game.lose_on_time();
    let record = Record::new(game);
    for format in [Format::Kif, Format::Csa] {
        let text = record.write(format);
        assert!(
            text.contains("切れ負け") || text.contains("%TIME_UP"),
            "{text}"
        );
        let result = read(&text).game.result().copied();
        assert_eq!(
            result.map(|r| (r.winner, r.reason)),
            Some((Some(Color::Sente), EndReason::TimeUp)),
            "{format:?}:\n{text}"
        );
    }
}
