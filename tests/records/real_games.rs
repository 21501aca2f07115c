//! Real games typed from public records load, in KIF (UTF-8 and
//! Shift_JIS) and CSA, and agree with each other.

use komadai::record::Record;
use komadai::rules::notation::{japanese_moves, western_moves};
use komadai::rules::{Move, Position};

const OYAMA_KIF: &str = include_str!("../data/records/oyama_masuda_1959.kif");
const OYAMA_KIF_SJIS: &[u8] = include_bytes!("../data/records/oyama_masuda_1959_sjis.kif");
const OYAMA_CSA: &str = include_str!("../data/records/oyama_masuda_1959.csa");
const HABU_KIF: &str = include_str!("../data/records/habu_watanabe_2008.kif");

fn load(result: Result<Record, komadai::record::RecordError>) -> Record {
    match result {
        Ok(record) => record,
        Err(err) => panic!("the record should load: {err}"),
    }
}

fn usi(text: &str) -> Move {
    match Move::from_usi(text) {
        Ok(mv) => mv,
        Err(err) => panic!("{text}: {err}"),
    }
}

#[test]
fn oyama_masuda_1959_loads_from_kif_with_its_header() {
    let record = load(Record::from_kif(OYAMA_KIF));
    assert_eq!(record.info.sente.as_deref(), Some("大山康晴"));
    assert_eq!(record.info.gote.as_deref(), Some("升田幸三"));
    assert_eq!(record.info.event.as_deref(), Some("第18期名人戦第３局"));
    assert_eq!(record.info.start_time.as_deref(), Some("1959/05/12"));
    assert!(
        record
            .info
            .other
            .contains(&("終了日時".to_string(), "1959/05/13".to_string()))
    );
    let game = &record.game;
    assert_eq!(game.start(), &Position::startpos());
    assert_eq!(game.ply(), 40);
    assert_eq!(game.moves()[0], usi("7g7f"));
    // Move 32 is written 同　銀(33): the silver recaptures on 3d.
    assert_eq!(game.moves()[31], usi("3c3d"));
    assert_eq!(game.moves()[36], usi("7i2d"));
    assert!(game.result().is_none());
}

#[test]
fn oyama_masuda_1959_shift_jis_kif_reads_like_the_utf8_one() {
    assert_ne!(
        OYAMA_KIF_SJIS,
        OYAMA_KIF.as_bytes(),
        "the test file is really Shift_JIS"
    );
    let utf8 = load(Record::from_kif(OYAMA_KIF));
    let sjis = load(Record::from_kif_bytes(OYAMA_KIF_SJIS));
    assert_eq!(sjis.game.moves(), utf8.game.moves());
    assert_eq!(sjis.info, utf8.info);
}

#[test]
fn oyama_masuda_1959_csa_has_the_same_moves_as_the_kif() {
    let kif = load(Record::from_kif(OYAMA_KIF));
    let csa = load(Record::from_csa(OYAMA_CSA));
    assert_eq!(csa.info.sente.as_deref(), Some("Oyama Yasuharu"));
    assert_eq!(csa.info.event.as_deref(), Some("18th Meijin-sen, game 3"));
    assert_eq!(csa.game.start(), &Position::startpos());
    assert_eq!(csa.game.moves(), kif.game.moves());
}

#[test]
fn habu_watanabe_2008_spelt_in_japanese_matches_the_published_ki2() {
    // The published KI2 text of the game's first 30 moves.
    let published = "▲７六歩 △８四歩 ▲６八銀 △３四歩 ▲６六歩 △６二銀 ▲５六歩 △５四歩 \
                     ▲４八銀 △４二銀 ▲５八金右 △３二金 ▲７八金 △４一玉 ▲６九玉 △７四歩 \
                     ▲６七金右 △５三銀右 ▲２六歩 △８五歩 ▲７七銀 △５五歩 ▲同　歩 △同　角 \
                     ▲２五歩 △３三銀 ▲６五歩 △７三角 ▲６六銀 △８四角";
    let record = load(Record::from_kif(HABU_KIF));
    let game = &record.game;
    assert_eq!(game.ply(), 30);
    let spelt = japanese_moves(game.start(), game.moves());
    let published: Vec<&str> = published.split(' ').filter(|s| !s.is_empty()).collect();
    assert_eq!(spelt, published);
}

#[test]
fn real_records_survive_a_kif_and_csa_round_trip() {
    for text in [OYAMA_KIF, HABU_KIF] {
        let record = load(Record::from_kif(text));
        let again = load(Record::from_kif(&record.to_kif()));
        assert_eq!(again.game.moves(), record.game.moves());
        assert_eq!(again.info, record.info);
        let csa = load(Record::from_csa(&record.to_csa()));
        assert_eq!(csa.game.moves(), record.game.moves());
        assert_eq!(csa.info.sente, record.info.sente);
    }
}

#[test]
fn habu_watanabe_2008_in_western_notation() {
    let record = load(Record::from_kif(HABU_KIF));
    let game = &record.game;
    let western = western_moves(game.start(), game.moves());
    assert_eq!(
        western[..12],
        [
            "P-7f", "P-8d", "S-6h", "P-3d", "P-6f", "S-6b", "P-5f", "P-5d", "S-4h", "S-4b",
            "G4i-5h", "G-3b"
        ]
    );
    assert_eq!(western[16], "G5h-6g");
    assert_eq!(western[17], "S6b-5c");
    assert_eq!(western[22..24], ["Px5e", "Bx5e"]);
}
