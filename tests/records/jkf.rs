//! JKF (JSON kifu format): a record as ShogiHome writes it read (header, moves, times,
//! comments, forks as variations, the ending), komadai's records written so they read back
//! the same (variations, handicap presets, a set-up board with pieces in hand), and JSON that
//! is not JKF refused with a reason, never a panic.

use crate::common;
use common::{Below, seeded};
use komadai::record::{Format, LineId, Problem, Record};
use komadai::rules::game::EndReason;
use komadai::rules::handicap::Handicap;
use komadai::rules::{Color, Move, Position};
use serde_json::Value;
use std::time::Duration;

const STUDY: &str = include_str!("../data/records/study_with_variations.kif");

/// Written by hand after the format's own examples: Sente's bishop trade, a fork at move 6
/// with a branch of its own, times and comments, Sente resigns.
const SHOGIHOME: &str = r#"{
  "header": { "先手": "先手さん", "後手": "後手さん", "棋戦": "研究会" },
  "initial": { "preset": "HIRATE" },
  "moves": [
    { "comments": ["角換わりの例"] },
    { "move": { "from": { "x": 7, "y": 7 }, "to": { "x": 7, "y": 6 }, "color": 0, "piece": "FU" },
      "time": { "now": { "m": 0, "s": 12 }, "total": { "h": 0, "m": 0, "s": 12 } } },
    { "move": { "from": { "x": 3, "y": 3 }, "to": { "x": 3, "y": 4 }, "color": 1, "piece": "FU" },
      "time": { "now": { "m": 1, "s": 5 }, "total": { "h": 0, "m": 1, "s": 5 } } },
    { "move": { "from": { "x": 8, "y": 8 }, "to": { "x": 2, "y": 2 }, "color": 0, "piece": "KA",
                "capture": "KA", "promote": false } },
    { "move": { "from": { "x": 3, "y": 1 }, "to": { "x": 2, "y": 2 }, "color": 1, "piece": "GI",
                "capture": "KA", "same": true },
      "comments": ["同銀と取る"] },
    { "move": { "to": { "x": 4, "y": 5 }, "color": 0, "piece": "KA" } },
    { "move": { "from": { "x": 2, "y": 2 }, "to": { "x": 3, "y": 3 }, "color": 1, "piece": "GI" },
      "forks": [
        [ { "move": { "from": { "x": 8, "y": 2 }, "to": { "x": 7, "y": 2 }, "color": 1, "piece": "HI" } },
          { "move": { "from": { "x": 4, "y": 5 }, "to": { "x": 6, "y": 3 }, "color": 0, "piece": "KA",
                      "capture": "FU", "promote": true },
            "forks": [ [ { "move": { "from": { "x": 4, "y": 5 }, "to": { "x": 3, "y": 4 }, "color": 0,
                                   "piece": "KA", "capture": "FU" } } ] ] },
          { "special": "CHUDAN" } ],
        [ { "move": { "to": { "x": 3, "y": 5 }, "color": 1, "piece": "KA" } } ]
      ] },
    { "special": "TORYO" }
  ]
}"#;

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|mv| Move::from_usi(mv).expect("a USI move"))
        .collect()
}

fn read_jkf(text: &str) -> Record {
    match Record::from_jkf(text) {
        Ok(record) => record,
        Err(err) => panic!("{err}\n{text}"),
    }
}

fn assert_same(again: &Record, record: &Record, text: &str) {
    assert_eq!(again.game.start(), record.game.start(), "{text}");
    assert_eq!(again.game.moves(), record.game.moves(), "{text}");
    assert_eq!(
        again.game.result().map(|r| (r.reason, r.winner)),
        record.game.result().map(|r| (r.reason, r.winner)),
        "{text}"
    );
    assert_eq!(again.other_ending, record.other_ending, "{text}");
    assert_eq!(again.info, record.info, "{text}");
    assert_eq!(again.comments, record.comments, "{text}");
    assert_eq!(again.move_times, record.move_times, "{text}");
    assert_eq!(again.variations, record.variations, "{text}");
}

#[test]
fn a_record_as_shogihome_writes_it_is_read_with_its_forks_as_variations() {
    let record = read_jkf(SHOGIHOME);
    assert_eq!(Format::detect(SHOGIHOME), Format::Jkf);
    assert_eq!(record.info.sente.as_deref(), Some("先手さん"));
    assert_eq!(record.info.event.as_deref(), Some("研究会"));
    assert_eq!(
        record.game.moves(),
        moves("7g7f 3c3d 8h2b 3a2b B*4e 2b3c").as_slice()
    );
    let result = record.game.result().expect("Sente resigned");
    assert_eq!(
        (result.reason, result.winner),
        (EndReason::Resignation, Some(Color::Gote))
    );
    assert_eq!(record.comment(0), Some("角換わりの例"));
    assert_eq!(record.comment(4), Some("同銀と取る"));
    assert_eq!(
        record.move_times[..2],
        [Duration::from_secs(12), Duration::from_secs(65)]
    );
    let played: Vec<Move> = record
        .alternatives(&LineId::main(), 5)
        .iter()
        .map(|a| a.mv)
        .collect();
    assert_eq!(played, moves("2b3c 8b7b B*3e"));
    let rook = &record.alternatives(&LineId::main(), 5)[1].line;
    let rook_line = record.variation(rook).expect("a variation");
    assert_eq!(rook_line.end_word.as_deref(), Some("中断"));
    let inner: Vec<Move> = record.alternatives(rook, 6).iter().map(|a| a.mv).collect();
    assert_eq!(inner, moves("4e6c+ 4e3d"));
}

#[test]
fn komadais_study_written_as_jkf_reads_back_the_same() {
    let record = Record::from_kif(STUDY).expect("the study");
    let text = record.to_jkf();
    let again = read_jkf(&text);
    assert_same(&again, &record, &text);
    // And through the dispatch a file or a paste goes through.
    let dispatched = Record::read(&text).expect("read as JKF");
    assert_eq!(dispatched.variations, record.variations);
    // The forks sit on the moves they replace.
    let value: Value = serde_json::from_str(&text).expect("JSON");
    let forks_at: Vec<usize> = value["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .enumerate()
        .filter(|(_, m)| m.get("forks").is_some())
        .map(|(i, _)| i)
        .collect();
    assert_eq!(forks_at, [2, 4], "{text}");
}

#[test]
fn the_shogihome_record_written_again_reads_back_the_same() {
    let record = read_jkf(SHOGIHOME);
    let text = record.to_jkf();
    assert_same(&read_jkf(&text), &record, &text);
    // Written as KIF and read again, the same lines: the two formats carry the same tree.
    let kif = record.to_kif();
    let from_kif = Record::from_kif(&kif).expect("KIF");
    assert_eq!(from_kif.variations, record.variations, "{kif}");
}

/// Found by fuzzing: a `special` that keeps CSA's `%` (`"%CHUDAN"`) is the same word as
/// JKF's own (`"CHUDAN"`), so it reads as 中断 and comes back the same after a round trip.
#[test]
fn a_special_written_with_its_percent_sign_is_the_same_ending() {
    let with_percent =
        SHOGIHOME.replace(r#"{ "special": "CHUDAN" }"#, r#"{ "special": "%CHUDAN" }"#);
    assert_ne!(with_percent, SHOGIHOME, "the test changes the record");
    let record = read_jkf(&with_percent);
    assert_eq!(record.variations, read_jkf(SHOGIHOME).variations);
    let text = record.to_jkf();
    assert_same(&read_jkf(&text), &record, &text);
}

#[test]
fn a_handicap_start_is_written_as_its_preset() {
    // JKF has no preset for 歩三兵 and 裸玉: they are written as their board.
    let without_preset = [Handicap::ThreePawns, Handicap::NakedKing];
    for handicap in Handicap::ALL {
        let mut record = Record::new(komadai::rules::game::Game::from_position(
            handicap.position(),
        ));
        let reply = record.game.legal_moves()[0];
        record.game.play(reply).expect("a legal move");
        let text = record.to_jkf();
        let value: Value = serde_json::from_str(&text).expect("JSON");
        let preset = &value["initial"]["preset"];
        assert_eq!(
            preset == "OTHER",
            without_preset.contains(&handicap),
            "{handicap:?}: {preset}"
        );
        assert_same(&read_jkf(&text), &record, &text);
    }
}

#[test]
fn a_set_up_position_with_pieces_in_hand_is_written_as_its_board() {
    let start =
        Position::from_sfen("8l/6gk1/6sp1/7Np/9/9/9/9/K8 b RBG2Pr 1").expect("a legal position");
    let mut record = Record::new(komadai::rules::game::Game::from_position(start));
    record
        .game
        .play(Move::from_usi("G*5b").expect("a drop"))
        .expect("legal");
    let text = record.to_jkf();
    let value: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(value["initial"]["preset"], "OTHER");
    assert_eq!(value["initial"]["data"]["hands"][0]["FU"], 2);
    assert_same(&read_jkf(&text), &record, &text);
}

#[test]
fn json_that_is_not_jkf_is_refused_with_a_reason() {
    let problem = |text: &str| match Record::from_jkf(text) {
        Ok(record) => panic!("read {text} as {:?}", record.game.moves()),
        Err(err) => err.problem,
    };
    assert!(matches!(problem("{ not json"), Problem::BadJkf(_)));
    assert!(matches!(problem("[1, 2]"), Problem::BadJkf(_)));
    assert!(matches!(
        problem(r#"{"initial": {"preset": "NINE"}}"#),
        Problem::UnknownHandicap(name) if name == "NINE"
    ));
    let bad_square = r#"{"moves": [{}, {"move": {"from": {"x": 7, "y": 10}, "to": {"x": 7, "y": 6}, "piece": "FU"}}]}"#;
    assert!(matches!(
        problem(bad_square),
        Problem::BadMoveText { number: 1, .. }
    ));
    let wrong_piece = r#"{"moves": [{}, {"move": {"from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "HI"}}]}"#;
    assert!(matches!(
        problem(wrong_piece),
        Problem::BadMoveText { number: 1, .. }
    ));
    let illegal = r#"{"moves": [{}, {"move": {"from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 5}, "piece": "FU"}}]}"#;
    assert!(matches!(
        problem(illegal),
        Problem::IllegalMove { number: 1, .. }
    ));
    let after_end = r#"{"moves": [{}, {"special": "TORYO"}, {"move": {"from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}}]}"#;
    assert!(matches!(
        problem(after_end),
        Problem::MoveAfterEnd { number: 2 }
    ));
}

/// Replaces one value somewhere in `value` by a value of another kind.
fn mutate(rng: &mut common::TestRng, value: &mut Value) {
    let wild = [
        Value::Null,
        Value::from(-1),
        Value::from(0),
        Value::from(10),
        Value::from(u64::MAX),
        Value::from("KA"),
        Value::from("TORYO"),
        Value::from(true),
        Value::Array(Vec::new()),
        serde_json::json!({}),
        serde_json::json!([[{}]]),
    ];
    let mut at = value;
    loop {
        let children = match at {
            Value::Object(map) => map.len(),
            Value::Array(list) => list.len(),
            _ => 0,
        };
        if children == 0 || rng.below(4) == 0 {
            break;
        }
        let pick = rng.below(children);
        at = match at {
            Value::Object(map) => map.values_mut().nth(pick).expect("a child"),
            Value::Array(list) => &mut list[pick],
            _ => unreachable!("leaves stop the walk"),
        };
    }
    *at = wild[rng.below(wild.len())].clone();
}

#[test]
fn mutated_jkf_is_read_or_refused_never_a_panic() {
    let mut rng = seeded(41);
    let sources = [
        serde_json::from_str::<Value>(SHOGIHOME).expect("JSON"),
        serde_json::from_str::<Value>(&Record::from_kif(STUDY).expect("KIF").to_jkf())
            .expect("JSON"),
    ];
    let (mut read, mut refused) = (0, 0);
    for round in 0..3000 {
        let mut value = sources[round % 2].clone();
        for _ in 0..=rng.below(3) {
            mutate(&mut rng, &mut value);
        }
        match Record::from_jkf(&value.to_string()) {
            Ok(record) => {
                read += 1;
                // What was read is written and read again the same.
                let text = record.to_jkf();
                assert_same(&read_jkf(&text), &record, &text);
            }
            Err(_) => refused += 1,
        }
    }
    assert!(
        read > 100 && refused > 100,
        "read {read}, refused {refused}"
    );
}
