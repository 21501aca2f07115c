//! Moves typed by a player, in every notation the app writes and the ones people type,
//! read against the legal moves of real games' positions: each written form reads back
//! as its move, the hand-written forms find theirs, an ambiguous or illegal move gets its
//! reason, and no string panics the reader.

use crate::common::{Below, seeded};
use komadai::record::Record;
use komadai::rules::notation::{
    Notation, Reading, Unplayable, read_typed, suggestions, write_typed,
};
use komadai::rules::{IllegalMove, Move, PieceKind, Position, Square};
use rand::RngExt;

const OYAMA_KIF: &str = include_str!("../data/records/oyama_masuda_1959.kif");
const OYAMA_CSA: &str = include_str!("../data/records/oyama_masuda_1959.csa");
const HABU_KIF: &str = include_str!("../data/records/habu_watanabe_2008.kif");
const STUDY_KIF: &str = include_str!("../data/records/study_with_variations.kif");

fn sfen(text: &str) -> Position {
    Position::from_sfen(text).unwrap_or_else(|err| panic!("test SFEN {text}: {err}"))
}

fn usi(text: &str) -> Move {
    Move::from_usi(text).unwrap_or_else(|err| panic!("test move {text}: {err}"))
}

fn sq(text: &str) -> Square {
    Square::parse(text).unwrap_or_else(|| panic!("test square {text}"))
}

fn record(text: &str) -> Record {
    Record::read(text).unwrap_or_else(|err| panic!("the test record reads: {err}"))
}

/// Every position of a record's game, with the square the move before it went to.
fn positions(record: &Record) -> Vec<(Position, Option<Square>)> {
    let game = &record.game;
    let mut pos = *game.start();
    let mut previous_to = None;
    let mut out = vec![(pos, previous_to)];
    for &mv in game.moves() {
        pos.try_play(mv)
            .unwrap_or_else(|err| panic!("the record's move {mv}: {err}"));
        previous_to = Some(mv.to());
        out.push((pos, previous_to));
    }
    out
}

/// The move `text` names in `pos` (no move before), or the test fails saying what it got.
fn the_move(pos: &Position, previous_to: Option<Square>, text: &str) -> Move {
    match read_typed(pos, previous_to, text).reading {
        Ok(Reading::Move(mv)) => mv,
        other => panic!("{text} in {}: {other:?}", pos.to_sfen()),
    }
}

fn refusal(pos: &Position, previous_to: Option<Square>, text: &str) -> Unplayable {
    match read_typed(pos, previous_to, text).reading {
        Err(why) => why,
        Ok(reading) => panic!(
            "{text} in {} must be refused, got {reading:?}",
            pos.to_sfen()
        ),
    }
}

#[test]
fn every_legal_move_of_real_games_reads_back_from_each_written_form() {
    let mut checked = 0;
    for text in [OYAMA_KIF, OYAMA_CSA, HABU_KIF, STUDY_KIF] {
        for (pos, previous_to) in positions(&record(text)) {
            for &mv in pos.legal_moves().iter() {
                for notation in [Notation::Usi, Notation::Western, Notation::Japanese] {
                    let written = write_typed(&pos, previous_to, mv, notation);
                    let typed = read_typed(&pos, previous_to, &written);
                    // USI spells drops as Western does, and is read as Western.
                    let read_as = match (notation, mv) {
                        (Notation::Usi, Move::Drop { .. }) => Notation::Western,
                        _ => notation,
                    };
                    assert_eq!(typed.notation, read_as, "{written}");
                    let promotion_unsaid = notation == Notation::Usi
                        && !mv.is_promotion()
                        && pos.legal_moves().iter().any(|other| {
                            other.is_promotion()
                                && other.from() == mv.from()
                                && other.to() == mv.to()
                        });
                    let expected = match mv {
                        Move::Board { from, to, .. } if promotion_unsaid => {
                            Reading::AskPromotion { from, to }
                        }
                        _ => Reading::Move(mv),
                    };
                    assert_eq!(
                        typed.reading,
                        Ok(expected),
                        "{written} ({mv}) in {}",
                        pos.to_sfen()
                    );
                    checked += 1;
                }
                // The Japanese as the move list writes it, with its mark and full-width.
                let marked = komadai::rules::notation::japanese(&pos, mv, previous_to);
                assert_eq!(the_move(&pos, previous_to, &marked), mv, "{marked}");
            }
        }
    }
    assert!(checked > 10_000, "only {checked} moves were checked");
}

#[test]
fn every_move_of_a_kif_record_reads_as_written_there() {
    // KIF writes each move with its origin: `７六歩(77)`, `同　銀(33)`, `５五角打`.
    let game = record(OYAMA_KIF).game;
    let written: Vec<&str> = OYAMA_KIF
        .lines()
        .filter_map(|line| {
            let mut words = line.split(' ').filter(|word| !word.is_empty());
            let number = words.next()?;
            number.parse::<u32>().ok()?;
            words.next()
        })
        .filter(|word| *word != "投了")
        .collect();
    assert_eq!(written.len(), game.ply(), "{written:?}");
    let mut pos = *game.start();
    let mut previous_to = None;
    for (&mv, text) in game.moves().iter().zip(written) {
        assert_eq!(the_move(&pos, previous_to, text), mv, "{text}");
        pos.play_unchecked(mv);
        previous_to = Some(mv.to());
    }
}

#[test]
fn every_move_of_a_ki2_record_reads_as_written_there() {
    let game = record(HABU_KIF).game;
    let ki2 = record(HABU_KIF).to_ki2();
    let written: Vec<&str> = ki2
        .lines()
        .filter(|line| line.starts_with('▲') || line.starts_with('△'))
        .flat_map(|line| line.split(' ').filter(|word| !word.is_empty()))
        .collect();
    assert_eq!(written.len(), game.ply(), "{written:?}");
    let mut pos = *game.start();
    let mut previous_to = None;
    for (&mv, text) in game.moves().iter().zip(written) {
        assert_eq!(the_move(&pos, previous_to, text), mv, "{text}");
        pos.play_unchecked(mv);
        previous_to = Some(mv.to());
    }
}

#[test]
fn a_pawn_push_reads_in_every_hand_written_form() {
    let pos = Position::startpos();
    for text in [
        "7g7f",
        "P-7f",
        "P7f",
        "p7f",
        "P7g-7f",
        "P7g7f",
        "Ｐ－７ｆ",
        "７六歩",
        "76歩",
        "▲７六歩",
        "☗7六歩",
        "七六歩",
        "7六歩",
        "▲ 76 歩",
        "76歩(77)",
        "７六歩（７７）",
        "P-76",
    ] {
        assert_eq!(the_move(&pos, None, text), usi("7g7f"), "{text}");
    }
}

#[test]
fn dou_takes_the_square_of_the_move_before() {
    let start = Position::startpos();
    let pos = start
        .after(usi("7g7f"))
        .after(usi("3c3d"))
        .after(usi("8h2b+"));
    let previous = Some(sq("2b"));
    for text in [
        "同銀",
        "同　銀",
        "△同　銀",
        "同 銀",
        "22銀",
        "S-2b",
        "Sx2b",
        "3a2b",
    ] {
        assert_eq!(the_move(&pos, previous, text), usi("3a2b"), "{text}");
    }
    assert_eq!(refusal(&start, None, "同歩"), Unplayable::NoPreviousMove);
}

#[test]
fn promotion_said_is_played_and_unsaid_is_asked() {
    let pos = Position::startpos().after(usi("7g7f")).after(usi("3c3d"));
    for text in ["22角成", "２二角成", "Bx2b+", "8h2b+", "22角+"] {
        assert_eq!(the_move(&pos, None, text), usi("8h2b+"), "{text}");
    }
    for text in ["22角不成", "22角生", "Bx2b=", "8h2b="] {
        assert_eq!(the_move(&pos, None, text), usi("8h2b"), "{text}");
    }
    let ask = Reading::AskPromotion {
        from: sq("8h"),
        to: sq("2b"),
    };
    for text in ["22角", "Bx2b", "B2b", "8h2b"] {
        assert_eq!(read_typed(&pos, None, text).reading, Ok(ask), "{text}");
    }
    // A promotion the piece must take needs no word.
    let last = sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(the_move(&last, None, "91歩"), usi("9b9a+"));
    assert_eq!(the_move(&last, None, "91歩成"), usi("9b9a+"));
}

#[test]
fn drops_read_with_and_without_the_word() {
    // A gold in hand and none on the board that could go to 5d: 打 may be left out.
    let bare = sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    for text in ["G*5d", "54金", "54金打", "５四金打"] {
        assert_eq!(the_move(&bare, None, text), usi("G*5d"), "{text}");
    }
    // Silvers on the board and in hand: without 打 the board's silver moves.
    let pos = sfen("4k4/9/9/9/9/4S4/9/9/4K4 b S 1");
    assert_eq!(the_move(&pos, None, "55銀"), usi("5f5e"));
    assert_eq!(the_move(&pos, None, "55銀打"), usi("S*5e"));
    assert_eq!(the_move(&pos, None, "S*5e"), usi("S*5e"));
    let pawn = sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1");
    assert_eq!(the_move(&pawn, None, "P*5e"), usi("P*5e"));
}

#[test]
fn the_words_that_tell_pieces_apart_pick_one() {
    let golds = sfen("8k/9/3GGG3/9/9/9/9/9/8K b - 1");
    assert_eq!(the_move(&golds, None, "52金左"), usi("6c5b"));
    assert_eq!(the_move(&golds, None, "52金直"), usi("5c5b"));
    assert_eq!(the_move(&golds, None, "52金右"), usi("4c5b"));
    let moving = sfen("8k/2G6/G8/9/9/9/9/9/8K b - 1");
    assert_eq!(the_move(&moving, None, "82金上"), usi("9c8b"));
    assert_eq!(the_move(&moving, None, "82金寄"), usi("7b8b"));
    let silvers = sfen("8k/9/9/9/9/9/2S6/9/1S5K1 b - 1");
    assert_eq!(the_move(&silvers, None, "88銀上"), usi("8i8h"));
    assert_eq!(the_move(&silvers, None, "88銀引"), usi("7g8h"));
    let tokins = sfen("4k4/9/9/9/4K4/9/1+P4S1S/+P8/+P+P+P3SS1 b - 1");
    assert_eq!(the_move(&tokins, None, "88と左上"), usi("9i8h"));
    assert_eq!(
        the_move(&tokins, None, "88と上左"),
        usi("9i8h"),
        "either order"
    );
    assert_eq!(the_move(&tokins, None, "28銀左引"), usi("3g2h"));
    // Said where it is not needed, a word still has to be true.
    let one = sfen("4k4/9/9/9/9/9/9/3G5/4K4 b - 1");
    assert_eq!(the_move(&one, None, "58金左"), usi("6h5h"));
    assert!(
        matches!(refusal(&one, None, "58金右"), Unplayable::NoneFits(moves) if moves == [usi("6h5h")])
    );
}

#[test]
fn an_ambiguous_move_lists_the_moves_it_could_be_in_its_notation() {
    let pos = sfen("4k4/9/9/9/9/9/9/9/3GKG3 b - 1");
    let Unplayable::Ambiguous(moves) = refusal(&pos, None, "58金") else {
        panic!("two golds can go to 5h");
    };
    let written: Vec<String> = moves
        .iter()
        .map(|&mv| write_typed(&pos, None, mv, Notation::Japanese))
        .collect();
    assert_eq!(written.len(), 2);
    assert!(written.contains(&"５八金右".to_string()), "{written:?}");
    assert!(written.contains(&"５八金左".to_string()), "{written:?}");
    let Unplayable::Ambiguous(moves) = refusal(&pos, None, "G-5h") else {
        panic!("two golds can go to 5h");
    };
    let western: Vec<String> = moves
        .iter()
        .map(|&mv| write_typed(&pos, None, mv, Notation::Western))
        .collect();
    assert!(western.contains(&"G6i-5h".to_string()), "{western:?}");
    assert_eq!(the_move(&pos, None, "G6i-5h"), usi("6i5h"));
}

#[test]
fn an_illegal_move_gets_the_reason_a_click_gets() {
    let start = Position::startpos();
    let illegal = |pos: &Position, text| match refusal(pos, None, text) {
        Unplayable::Illegal(why) => why,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(
        illegal(&start, "7g7e"),
        IllegalMove::WrongWay {
            kind: PieceKind::Pawn
        }
    );
    assert_eq!(illegal(&start, "76歩成"), IllegalMove::OutsideZone);
    assert_eq!(illegal(&start, "P-7f+"), IllegalMove::OutsideZone);
    assert_eq!(
        illegal(&start, "5e5d"),
        IllegalMove::NoPiece { square: sq("5e") }
    );
    assert!(matches!(
        illegal(&start, "27飛"),
        IllegalMove::OwnPieceThere { .. }
    ));
    assert!(matches!(
        illegal(&start, "R-2d"),
        IllegalMove::PathBlocked { .. }
    ));
    // Nifu: a second pawn on file 5.
    let nifu = sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    assert_eq!(illegal(&nifu, "P*5e"), IllegalMove::Nifu { file: 5 });
    assert_eq!(illegal(&nifu, "55歩打"), IllegalMove::Nifu { file: 5 });
    // Pinned: the silver on 5h shields the king from the rook on 5a.
    let pinned = sfen("k3r4/9/9/9/9/9/9/4S4/4K4 b - 1");
    assert!(matches!(
        illegal(&pinned, "47銀"),
        IllegalMove::ExposesKing { .. }
    ));
    // Uchifuzume: a pawn dropped on 1b would mate the king on 1a.
    let mate = sfen("kn7/9/1G7/9/9/9/9/9/K8 b P 1");
    assert_eq!(illegal(&mate, "P*9b"), IllegalMove::Uchifuzume);
    assert_eq!(illegal(&mate, "92歩"), IllegalMove::Uchifuzume);
    // No bishop in hand.
    assert_eq!(
        illegal(&start, "B*5e"),
        IllegalMove::NotInHand {
            kind: PieceKind::Bishop
        }
    );
}

#[test]
fn text_that_is_no_move_says_so() {
    let pos = Position::startpos();
    assert_eq!(refusal(&pos, None, ""), Unplayable::Empty);
    assert_eq!(refusal(&pos, None, "   "), Unplayable::Empty);
    for text in [
        "hello",
        "7g",
        "76",
        "歩",
        "P-0f",
        "7j7k",
        "76歩歩",
        "58金右右",
    ] {
        assert_eq!(refusal(&pos, None, text), Unplayable::Unreadable, "{text}");
    }
}

#[test]
fn suggestions_are_the_moves_the_text_could_become() {
    let pos = Position::startpos();
    let offered = |text: &str| suggestions(&pos, None, text);
    assert!(offered("").is_empty());
    assert_eq!(offered("7g"), [usi("7g7f")]);
    assert_eq!(offered("P-7"), [usi("7g7f")]);
    assert_eq!(offered("P").len(), 9, "the nine pawn pushes");
    assert!(offered("7").contains(&usi("7g7f")));
    assert!(offered("７六").contains(&usi("7g7f")));
    assert!(offered("76歩").contains(&usi("7g7f")));
    assert!(offered("zz").is_empty());
    let golds = sfen("4k4/9/9/9/9/9/9/9/3GKG3 b - 1");
    let both = suggestions(&golds, None, "58金");
    assert_eq!(both.len(), 2, "{both:?}");
    let after = Position::startpos()
        .after(usi("7g7f"))
        .after(usi("3c3d"))
        .after(usi("8h2b+"));
    // The silver and the rook can both take back on 2b.
    let dou = suggestions(&after, Some(sq("2b")), "同");
    assert_eq!(dou, [usi("3a2b"), usi("8b2b")]);
    assert_eq!(suggestions(&after, Some(sq("2b")), "同銀"), [usi("3a2b")]);
}

/// Characters typed moves are made of, and some that are not.
const ALPHABET: &[&str] = &[
    "1", "5", "7", "9", "0", "a", "f", "i", "z", "P", "S", "G", "x", "-", "*", "+", "=", "(", ")",
    " ", "　", "７", "六", "〇", "歩", "金", "と", "成", "不", "打", "同", "右", "左", "上", "引",
    "寄", "直", "▲", "△", "竜", "王", "全", "生", "é", "🀄", "\u{0}", "\u{FF5E}",
];

#[test]
fn no_string_panics_the_reader_or_the_suggestions() {
    let mut rng = seeded(60);
    let positions: Vec<(Position, Option<Square>)> = positions(&record(HABU_KIF));
    for _ in 0..4000 {
        let (pos, previous_to) = positions[rng.below(positions.len())];
        let length = rng.below(9);
        let text: String = (0..length)
            .map(|_| ALPHABET[rng.below(ALPHABET.len())])
            .collect();
        let typed = read_typed(&pos, previous_to, &text);
        // Whatever it reads as, a move it names is legal.
        match typed.reading {
            Ok(Reading::Move(mv)) => assert!(pos.is_legal(mv), "{text}: {mv}"),
            Ok(Reading::AskPromotion { from, to }) => {
                let mv = Move::Board {
                    from,
                    to,
                    promote: true,
                };
                assert!(pos.is_legal(mv), "{text}: {mv}");
            }
            Err(_) => {}
        }
        for mv in suggestions(&pos, previous_to, &text) {
            assert!(pos.is_legal(mv), "{text}: suggested {mv}");
        }
        // Random bytes of any script, too.
        let noise: String = (0..rng.below(6))
            .filter_map(|_| char::from_u32(rng.random_range(0..0x3_0000)))
            .collect();
        let _ = read_typed(&pos, previous_to, &noise);
        let _ = suggestions(&pos, previous_to, &noise);
    }
}
