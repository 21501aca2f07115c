//! KI2 records (moves without origins, as players write them) and telling
//! the formats apart.

use komadai::record::{Format, Problem, Record};
use komadai::rules::{Move, Position};

const HABU_KIF: &str = include_str!("../data/records/habu_watanabe_2008.kif");
const OYAMA_KIF: &str = include_str!("../data/records/oyama_masuda_1959.kif");
const OYAMA_CSA: &str = include_str!("../data/records/oyama_masuda_1959.csa");

/// The published KI2 of the game's first 30 moves, as newspapers print it.
const HABU_KI2: &str = "棋戦：第21期竜王戦七番勝負第7局
先手：羽生善治
後手：渡辺明
手合割：平手

▲７六歩    △８四歩    ▲６八銀    △３四歩    ▲６六歩    △６二銀
▲５六歩    △５四歩    ▲４八銀    △４二銀    ▲５八金右  △３二金
▲７八金    △４一玉    ▲６九玉    △７四歩    ▲６七金右  △５三銀右
▲２六歩    △８五歩    ▲７七銀    △５五歩    ▲同　歩    △同　角
▲２五歩    △３三銀    ▲６五歩    △７三角    ▲６六銀    △８四角
";

fn load(result: Result<Record, komadai::record::RecordError>) -> Record {
    match result {
        Ok(record) => record,
        Err(err) => panic!("should load: {err}"),
    }
}

fn usi(text: &str) -> Move {
    Move::from_usi(text).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_published_ki2_gives_the_same_moves_as_the_kif() {
    let ki2 = load(Record::from_ki2(HABU_KI2));
    let kif = load(Record::from_kif(HABU_KIF));
    assert_eq!(ki2.game.moves(), kif.game.moves());
    assert_eq!(ki2.info.sente.as_deref(), Some("羽生善治"));
}

#[test]
fn ki2_round_trips_a_real_game_and_its_result() {
    let mut record = load(Record::from_kif(OYAMA_KIF));
    record.game.resign(komadai::rules::Color::Gote);
    let ki2 = record.to_ki2();
    assert!(ki2.contains("▲７六歩"), "{ki2}");
    assert!(ki2.contains("まで40手で先手の勝ち"), "{ki2}");
    let back = load(Record::from_ki2(&ki2));
    assert_eq!(back.game.moves(), record.game.moves());
    assert_eq!(back.game.result(), record.game.result());
}

#[test]
fn text_that_says_a_little_more_or_less_still_reads() {
    // 不成 left out, a needless 上, 龍 for 竜, ☗/☖ marks, 同 without a space.
    let text = "☗７六歩 ☖３四歩 ☗２二角 ☖同銀 ☗７七桂上";
    let record = load(Record::from_ki2(text));
    assert_eq!(
        record.game.moves(),
        &[
            usi("7g7f"),
            usi("3c3d"),
            usi("8h2b"),
            usi("3a2b"),
            usi("8i7g")
        ]
    );
    let dragons = "後手の持駒：なし
+---------------------------+
|v玉 ・ ・ ・ ・ ・ ・ ・ ・|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ 龍 ・|八
| 玉 ・ ・ ・ ・ ・ ・ ・ 龍|九
+---------------------------+
先手の持駒：なし
▲１七龍右";
    let record = load(Record::from_ki2(dragons));
    assert_eq!(record.game.moves(), &[usi("1i1g")]);
}

#[test]
fn ambiguous_and_impossible_ki2_moves_are_refused() {
    let err = match Record::from_ki2("▲５八金") {
        Ok(_) => panic!("two golds can go to 5h"),
        Err(err) => err,
    };
    assert_eq!(err.line, 1);
    assert!(
        matches!(err.problem, Problem::AmbiguousMove { number: 1, .. }),
        "{err}"
    );
    let err = match Record::from_ki2("▲７六歩 △７六歩") {
        Ok(_) => panic!("no gote pawn reaches 7f"),
        Err(err) => err,
    };
    assert_eq!(
        err.to_string(),
        "line 1: move 2: no legal move fits '７六歩'"
    );
    let err = match Record::from_ki2("▲７六歩 ▲２六歩") {
        Ok(_) => panic!("Sente cannot move twice"),
        Err(err) => err,
    };
    assert!(
        matches!(err.problem, Problem::WrongSide { number: 2, .. }),
        "{err}"
    );
}

#[test]
fn formats_are_told_apart() {
    let record = load(Record::from_kif(OYAMA_KIF));
    assert_eq!(Format::detect(OYAMA_KIF), Format::Kif);
    assert_eq!(Format::detect(OYAMA_CSA), Format::Csa);
    assert_eq!(Format::detect(HABU_KI2), Format::Ki2);
    for format in Format::ALL {
        let text = record.write(format);
        assert_eq!(Format::detect(&text), format, "{text}");
        let back = load(Record::read(&text));
        assert_eq!(back.game.moves(), record.game.moves(), "{format:?}");
    }
    assert_eq!(Format::detect("startpos moves 7g7f"), Format::Usi);
    assert_eq!(Format::from_extension("KIF"), Some(Format::Kif));
    assert_eq!(Format::from_extension("kifu"), Some(Format::Kif));
    assert_eq!(Format::Kif.extension(), "kifu");
    assert_eq!(Format::from_extension("ki2"), Some(Format::Ki2));
    assert_eq!(Format::from_extension("txt"), None);
}

#[test]
fn a_ki2_with_only_a_diagram_is_a_position() {
    let record = load(Record::from_ki2(
        &Record::new(komadai::rules::game::Game::from_position(
            Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").unwrap_or_else(|e| panic!("{e}")),
        ))
        .to_ki2(),
    ));
    assert_eq!(record.game.start().to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 b P 1");
}
