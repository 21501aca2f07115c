//! The opening's formations as claims ([`super::super::opening`]), on positions
//! built for each rule and one from a held-out game.

use super::super::claims::{Failure, Gain, Kind, Positional, Reason};
use super::super::facts::*;
use super::super::unchecked_reasons;
use super::super::verify::{Evidence, check};
use crate::i18n::Language;
use crate::review::voice::{Notation, Voice};
use crate::review::words;
use crate::rules::formation::Castle;

/// Sente's fourth-file rook in a Mino castle (king 2h, silver 3h, golds
/// 4i and 5h) against Gote's Funagakoi.
const MINO: &str = "lns2g1nl/1r2gskb1/p1pppp1pp/6p2/1p7/2PP5/PPBSPPPPP/3RG1SK1/LN3G1NL b - 1";

/// The same with the silver still at home on 3i, one move from the Mino.
const MINO_UNBUILT: &str =
    "lns2g1nl/1r2gskb1/p1pppp1pp/6p2/1p7/2PP5/PPBSPPPPP/3RG2K1/LN3GSNL b - 1";

fn usi(moves: &[&str]) -> Vec<Move> {
    moves
        .iter()
        .map(|text| Move::from_usi(text).expect("test move"))
        .collect()
}

/// What the finders claim for `played` (none checked) and, for each
/// claim, the review's own check of it on the lines given.
fn claims(
    sfen: &str,
    played: &str,
    best: &[&str],
    reply: &[&str],
) -> Vec<(Reason, Result<(), Failure>)> {
    let before = Position::from_sfen(sfen).expect("test SFEN");
    let (best, reply) = (usi(best), usi(reply));
    let facts = MoveFacts {
        before: &before,
        previous_to: None,
        played: Move::from_usi(played).expect("test move"),
        best_line: &best,
        reply_line: &reply,
        checked_line: &[],
        score_before: Score::Cp(0),
        score_after: Score::Cp(-400),
    };
    let evidence = Evidence::review(&facts).expect("a legal move");
    unchecked_reasons(&facts)
        .into_iter()
        .map(|claim| {
            let held = check(&claim, &facts, &evidence);
            (claim, held)
        })
        .collect()
}

fn said(lang: Language, found: &[(Reason, Result<(), Failure>)]) -> String {
    let reasons: Vec<Reason> = found.iter().map(|(claim, _)| claim.clone()).collect();
    let notation = match lang {
        Language::Japanese => Notation::Japanese,
        _ => Notation::Western,
    };
    words::explanation(lang, &reasons, &Voice::to_mover(notation))
}

#[test]
fn a_gold_walking_off_the_mino_breaks_the_castle() {
    let found = claims(
        MINO,
        "4i5i",
        &["1g1f", "1c1d", "9g9f", "9c9d"],
        &["1c1d", "1g1f", "9c9d"],
    );
    let broken = found.iter().find(|(claim, _)| claim.kind() == Kind::Castle);
    let Some((claim, held)) = broken else {
        panic!("no castle claim: {found:?}");
    };
    assert_eq!(*held, Ok(()));
    assert!(matches!(
        claim,
        Reason::Positional {
            why: Positional::Castle {
                castle: Castle::Mino,
                ..
            },
            ..
        }
    ));
    let english = said(Language::English, &found);
    assert!(
        english.contains("breaks up your Mino castle: the gold leaves 4i"),
        "{english}"
    );
    let japanese = said(Language::Japanese, &found);
    assert!(
        japanese.contains("４九の金が動いてあなたの美濃囲いが崩れ"),
        "{japanese}"
    );
}

#[test]
fn a_castle_rebuilt_in_the_line_is_not_said_to_be_broken() {
    // The gold goes back to 4i on the mover's next move.
    let found = claims(
        MINO,
        "4i5i",
        &["1g1f", "1c1d", "9g9f", "9c9d"],
        &["1c1d", "5i4i", "9c9d"],
    );
    let broken = found.iter().find(|(claim, _)| claim.kind() == Kind::Castle);
    assert!(
        matches!(broken, Some((_, Err(Failure::CastleStands)))),
        "{found:?}"
    );
}

#[test]
fn a_silver_lost_from_the_castle_is_named_as_lost_not_as_a_castle() {
    // S-4g walks into the pawn on 4f: the silver is taken, and that is
    // the reason, not the Mino it leaves.
    let sfen = "lns2g1nl/1r2gskb1/p1ppp2pp/6p2/1p7/2PP1p3/PPBSP1PPP/3RG1SK1/LN3G1NL b P 1";
    let found = claims(
        sfen,
        "3h4g",
        &["1g1f", "1c1d", "9g9f", "9c9d"],
        &["4f4g+", "5h4g", "1c1d"],
    );
    assert!(
        found.iter().all(|(claim, _)| claim.kind() != Kind::Castle),
        "{found:?}"
    );
    assert!(
        found.iter().any(|(claim, _)| matches!(
            claim,
            Reason::LeftHanging { .. } | Reason::OpponentWins { .. }
        )),
        "{found:?}"
    );
}

#[test]
fn the_better_move_completing_the_mino_says_so() {
    let found = claims(
        MINO_UNBUILT,
        "1g1f",
        &["3i3h", "1c1d", "9g9f", "9c9d"],
        &["1c1d", "9g9f", "9c9d"],
    );
    let built = found.iter().find(|(claim, _)| {
        matches!(
            claim,
            Reason::BetterMove {
                gain: Gain::Castle(Castle::Mino),
                ..
            }
        )
    });
    assert!(matches!(built, Some((_, Ok(())))), "{found:?}");
    let english = said(Language::English, &found);
    assert!(
        english.contains("Better was S-3h, which completes your Mino castle"),
        "{english}"
    );
    let japanese = said(Language::Japanese, &found);
    assert!(
        japanese.contains("▲３八銀（あなたの美濃囲いを完成させる手）"),
        "{japanese}"
    );
    // Played a move later, the castle is built on the move played's
    // line too: the claim fails its check.
    let found = claims(
        MINO_UNBUILT,
        "1g1f",
        &["3i3h", "1c1d", "9g9f", "9c9d"],
        &["1c1d", "3i3h", "9c9d"],
    );
    let built = found
        .iter()
        .find(|(claim, _)| claim.kind() == Kind::BetterCastle);
    assert!(
        matches!(built, Some((_, Err(Failure::CastleStands)))),
        "{found:?}"
    );
}

#[test]
fn a_rook_pawn_exchange_let_through_is_named() {
    // A held-out game (normal_vs_easy_60, ply 12): Sente's rook pawn
    // stands on 2e; after P-7d it exchanges at once (P-2d Px2d Rx2d),
    // where G-3b would have held it. The review's line goes on with a
    // pawn dropped for the rook to take; here the book's reply follows
    // (P*2c, the rook going back), the material even.
    let sfen = "ln2kgsnl/2rsg2b1/ppppp1pp1/5p2p/7P1/4P4/PPPP1PP1P/LBS2G1R1/1N1GK1SNL w - 12";
    let best = ["4a3b", "9g9f", "3c3d", "4g4f", "5a6a", "1g1f", "2b3c"];
    let reply = ["2e2d", "2c2d", "2h2d", "P*2c", "2d2f", "4a3b"];
    let found = claims(sfen, "7c7d", &best, &reply);
    let through = found
        .iter()
        .find(|(claim, _)| claim.kind() == Kind::RookPawn);
    assert!(matches!(through, Some((_, Ok(())))), "{found:?}");
    let english = said(Language::English, &found);
    assert!(
        english.contains(
            "This lets the opponent's rook pawn through: P-2d Px2d Rx2d exchanges it and brings the rook up to 2d; after G-3b"
        ),
        "{english}"
    );
    let japanese = said(Language::Japanese, &found);
    assert!(
        japanese.contains("相手の飛車先の歩交換を許しました：▲２四歩 △同　歩 ▲同　飛で飛車が２四に出ます。△３二金なら"),
        "{japanese}"
    );
    // Where the better move's line exchanges as soon, nothing is said.
    let exchanged = ["4a3b", "2e2d", "2c2d", "2h2d"];
    let found = claims(sfen, "7c7d", &exchanged, &reply);
    assert!(
        found
            .iter()
            .all(|(claim, _)| claim.kind() != Kind::RookPawn),
        "{found:?}"
    );
}

#[test]
fn nothing_is_said_of_castles_after_the_opening() {
    let late = MINO.replace(" b - 1", " b - 41");
    let found = claims(
        &late,
        "4i5i",
        &["1g1f", "1c1d", "9g9f", "9c9d"],
        &["1c1d", "1g1f", "9c9d"],
    );
    assert!(
        found
            .iter()
            .all(|(claim, _)| !matches!(claim.kind(), Kind::Castle | Kind::BetterCastle)),
        "{found:?}"
    );
}
