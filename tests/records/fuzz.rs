//! Mutated records never panic a reader, and whatever a reader accepts
//! writes back out and reads again as the same game. Seeded: every run
//! tries the same mutations.

use komadai::record::Record;
use komadai::rules::Position;
use komadai::rules::game::Game;

const OYAMA_KIF: &str = include_str!("../data/records/oyama_masuda_1959.kif");
const OYAMA_KIF_SJIS: &[u8] = include_bytes!("../data/records/oyama_masuda_1959_sjis.kif");
const OYAMA_CSA: &str = include_str!("../data/records/oyama_masuda_1959.csa");
const HABU_KIF: &str = include_str!("../data/records/habu_watanabe_2008.kif");

use crate::common;
use common::{Below, TestRng, seeded};
use rand::RngExt;

/// Characters records are made of, so mutations stay near real syntax.
const ALPHABET: &[&str] = &[
    "0",
    "1",
    "5",
    "9",
    "(",
    ")",
    " ",
    "　",
    "+",
    "-",
    "%",
    ",",
    "P",
    "I",
    "T",
    "N",
    "$",
    ":",
    "：",
    "|",
    "v",
    "・",
    "同",
    "成",
    "不成",
    "打",
    "歩",
    "金",
    "龍",
    "玉",
    "七",
    "７",
    "投了",
    "千日手",
    "入玉宣言",
    "持将棋",
    "まで",
    "手数＝",
    "先手の持駒：",
    "FU",
    "OU",
    "HI",
    "00",
    "AL",
    "%TORYO",
    "%KACHI",
    "\n",
    "*",
    "#",
    "'",
];

fn mutate(rng: &mut TestRng, text: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for _ in 0..=rng.below(3) {
        if lines.is_empty() {
            lines.push(String::new());
        }
        let i = rng.below(lines.len());
        match rng.below(6) {
            0 => {
                lines.remove(i);
            }
            1 => {
                let copy = lines[i].clone();
                lines.insert(rng.below(lines.len() + 1), copy);
            }
            2 => {
                let j = rng.below(lines.len());
                lines.swap(i, j);
            }
            3 => {
                let chars: Vec<char> = lines[i].chars().collect();
                let at = rng.below(chars.len() + 1);
                let insert = ALPHABET[rng.below(ALPHABET.len())];
                let mut out: String = chars[..at].iter().collect();
                out.push_str(insert);
                out.extend(&chars[at..]);
                lines[i] = out;
            }
            4 => {
                let mut chars: Vec<char> = lines[i].chars().collect();
                if !chars.is_empty() {
                    chars.remove(rng.below(chars.len()));
                }
                lines[i] = chars.into_iter().collect();
            }
            _ => lines.truncate(i),
        }
    }
    lines.join("\n")
}

fn same_game(a: &Game, b: &Game) -> bool {
    let core = |p: &Position| {
        let s = p.to_sfen();
        s.rsplit_once(' ').map(|(c, _)| c.to_string()).unwrap_or(s)
    };
    core(a.start()) == core(b.start()) && a.moves() == b.moves()
}

/// Anything a reader accepts must survive being written in each format.
fn check_accepted(record: &Record, source: &str) {
    let kif = record.to_kif();
    match Record::from_kif(&kif) {
        Ok(back) => {
            assert!(
                same_game(&back.game, &record.game),
                "KIF of\n{source}\n=>\n{kif}"
            );
            assert_eq!(
                back.game.result(),
                record.game.result(),
                "KIF result\n{kif}"
            );
        }
        Err(err) => panic!("KIF written from\n{source}\nwould not read: {err}\n{kif}"),
    }
    let ki2 = record.to_ki2();
    match Record::from_ki2(&ki2) {
        Ok(back) => assert!(
            same_game(&back.game, &record.game),
            "KI2 of\n{source}\n=>\n{ki2}"
        ),
        Err(err) => panic!("KI2 written from\n{source}\nwould not read: {err}\n{ki2}"),
    }
    let csa = record.to_csa();
    match Record::from_csa(&csa) {
        Ok(back) => assert!(
            same_game(&back.game, &record.game),
            "CSA of\n{source}\n=>\n{csa}"
        ),
        Err(err) => panic!("CSA written from\n{source}\nwould not read: {err}\n{csa}"),
    }
}

/// A record with a board diagram, hands, promoted pieces and a result.
fn diagram_kif() -> String {
    let start = "ln1g4l/1ks6/1pp3n1p/p2pS4/9/P1P3P1P/1P1P2N2/2K1p4/LN1GP2+rL w RB2SPb2g4p 57";
    let mut game = match Position::from_sfen(start) {
        Ok(pos) => Game::from_position(pos),
        Err(err) => panic!("{err}"),
    };
    for usi in ["5h5i+", "6i5i", "2i5i"] {
        let mv = komadai::rules::Move::from_usi(usi).unwrap_or_else(|e| panic!("{e}"));
        assert!(game.play(mv).is_ok(), "{usi}");
    }
    game.resign(komadai::rules::Color::Sente);
    Record::new(game).to_kif()
}

#[test]
fn mutated_kif_records_never_panic_and_accepted_ones_round_trip() {
    let mut rng = seeded(0x6b6f_6d61_6461_6931);
    let bases = [OYAMA_KIF.to_string(), HABU_KIF.to_string(), diagram_kif()];
    let (mut accepted, mut refused) = (0, 0);
    for round in 0..3000 {
        let text = mutate(&mut rng, &bases[round % bases.len()]);
        match Record::from_kif(&text) {
            Ok(record) => {
                accepted += 1;
                check_accepted(&record, &text);
            }
            Err(err) => {
                refused += 1;
                assert!(!err.to_string().is_empty());
                assert!(err.line <= text.lines().count(), "{err} in\n{text}");
            }
        }
    }
    assert!(
        accepted > 100 && refused > 100,
        "{accepted} accepted, {refused} refused"
    );
}

#[test]
fn mutated_csa_records_never_panic_and_accepted_ones_round_trip() {
    let mut rng = seeded(0x6373_6131_3935_3921);
    let diagram = match Record::from_kif(&diagram_kif()) {
        Ok(record) => record.to_csa(),
        Err(err) => panic!("{err}"),
    };
    let bases = [OYAMA_CSA.to_string(), diagram];
    let (mut accepted, mut refused) = (0, 0);
    for round in 0..3000 {
        let text = mutate(&mut rng, &bases[round % bases.len()]);
        match Record::from_csa(&text) {
            Ok(record) => {
                accepted += 1;
                check_accepted(&record, &text);
            }
            Err(err) => {
                refused += 1;
                assert!(err.line <= text.lines().count(), "{err} in\n{text}");
            }
        }
    }
    assert!(
        accepted > 100 && refused > 100,
        "{accepted} accepted, {refused} refused"
    );
}

#[test]
fn mutated_usi_lines_never_panic() {
    let mut rng = seeded(0x7573_6921_0000_0001);
    let base = "position sfen ln1g4l/1ks6/1pp3n1p/p2pS4/9/P1P3P1P/1P1P2N2/2K1p4/LN1GP2+rL w RB2SPb2g4p 57 moves 5h5i+ 6i5i";
    let mut accepted = 0;
    for _ in 0..2000 {
        let text = mutate(&mut rng, base).replace('\n', " ");
        if let Ok(record) = Record::from_usi(&text) {
            accepted += 1;
            let back = Record::from_usi(&record.to_usi());
            assert!(
                back.is_ok_and(|b| b.game.moves() == record.game.moves()),
                "{text}"
            );
        }
    }
    assert!(accepted > 10, "{accepted} accepted");
}

#[test]
fn flipped_bytes_in_a_shift_jis_file_never_panic() {
    let mut rng = seeded(0x736a_6973_0000_0002);
    let mut accepted = 0;
    for _ in 0..2000 {
        let mut bytes = OYAMA_KIF_SJIS.to_vec();
        for _ in 0..=rng.below(4) {
            let i = rng.below(bytes.len());
            bytes[i] = (rng.random::<u64>() & 0xff) as u8;
        }
        if let Ok(record) = Record::from_kif_bytes(&bytes) {
            accepted += 1;
            check_accepted(&record, "(bytes)");
        }
    }
    assert!(accepted > 10, "{accepted} accepted");
}

#[test]
fn mutated_ki2_records_never_panic_and_accepted_ones_round_trip() {
    let mut rng = seeded(0x6b69_3200_0000_0003);
    let bases: Vec<String> = [OYAMA_KIF, HABU_KIF]
        .iter()
        .map(|kif| match Record::from_kif(kif) {
            Ok(record) => record.to_ki2(),
            Err(err) => panic!("{err}"),
        })
        .chain(
            [diagram_kif()]
                .iter()
                .map(|kif| match Record::from_kif(kif) {
                    Ok(record) => record.to_ki2(),
                    Err(err) => panic!("{err}"),
                }),
        )
        .collect();
    let (mut accepted, mut refused) = (0, 0);
    for round in 0..3000 {
        let text = mutate(&mut rng, &bases[round % bases.len()]);
        match Record::read(&text) {
            Ok(record) => {
                accepted += 1;
                check_accepted(&record, &text);
            }
            Err(err) => {
                refused += 1;
                assert!(err.line <= text.lines().count(), "{err} in\n{text}");
            }
        }
    }
    assert!(
        accepted > 100 && refused > 100,
        "{accepted} accepted, {refused} refused"
    );
}
