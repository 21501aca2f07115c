//! The opening's plans, named by the formation on the board
//! ([`crate::rules::formation`]): a castle the move breaks up, or one the
//! better move completes, and the opponent's rook pawn let through to an
//! exchange (飛車先の歩交換). Each is said only in the opening, and only
//! where the two futures bear it out: at the end of the move played's line
//! the mover has no castle, at the end of the better move's line it has
//! one; the move played's line exchanges the rook pawn within a few moves,
//! the better move's does not. Where the move loses material, the rooms
//! before this one name the loss instead: a formation is the reason only
//! when nothing tactical is.

use super::claims::{Failure, Positional};
use super::facts::*;
use crate::rules::formation::{Castle, castle, castle_squares, rook_pawn_push};

/// The plies counted as the opening: castles are built and broken up as
/// plans until then; later a castle's pieces move for the fight, which the
/// tactical rooms explain.
pub(super) const OPENING_PLIES: u32 = 40;

/// Whether `pos` is still the opening: within [`OPENING_PLIES`], the side
/// to move not in check.
fn in_opening(pos: &Position) -> bool {
    pos.move_number() <= OPENING_PLIES && !pos.in_check()
}

/// The move played takes a piece off the mover's castle, which then no
/// longer stands, where after the better move it still does
/// ([`Positional::Castle`]); the futures are the verifier's to check
/// ([`castle_holds`]).
pub(super) fn castle_broken(facts: &MoveFacts, best: &Line) -> Option<Positional> {
    let before = facts.before;
    if !in_opening(before) {
        return None;
    }
    let mover = before.side_to_move();
    let (built, squares) = castle_squares(before, mover)?;
    let from = facts.played.from().filter(|&sq| squares.has(sq))?;
    let piece = before.piece_at(from)?;
    if castle(&before.after(facts.played), mover).is_some() {
        return None;
    }
    let better = best.first().filter(|step| step.mv != facts.played)?;
    castle(&better.before.after(better.mv), mover)?;
    Some(Positional::Castle {
        castle: built,
        piece,
        from,
    })
}

/// The castle the better move `better` completes, where the mover had none
/// before and has none after the move played.
pub(super) fn castle_built(facts: &MoveFacts, better: &Step) -> Option<Castle> {
    let before = facts.before;
    let mover = before.side_to_move();
    if !in_opening(before)
        || castle(before, mover).is_some()
        || castle(&before.after(facts.played), mover).is_some()
    {
        return None;
    }
    castle(&better.before.after(better.mv), mover)
}

/// The castle claims checked on two futures from before the move: at the
/// end of `played` the mover has no castle; at the end of `better` it has
/// one.
pub(super) fn castle_holds(played: &Line, better: Option<&Line>) -> Result<(), Failure> {
    let mover = played.start.side_to_move();
    if castle(&end_of(played), mover).is_some() {
        return Err(Failure::CastleStands);
    }
    match better {
        Some(line) if castle(&end_of(line), mover).is_none() => Err(Failure::CastleGone),
        _ => Ok(()),
    }
}

/// The plies of the opponent's line, from its reply, within which its
/// rook-pawn exchange is looked for: the push, the mover's capture, the rook
/// taking back, and a move of each side besides.
pub(super) const EXCHANGE_PLIES: usize = 5;

/// The opponent's rook pawn let through ([`Positional::RookPawn`]): the
/// opponent plays static rook with its rook pawn on the file, its line
/// after the move pushes that pawn and then takes on the file with the
/// rook, and the better move's line makes no such exchange as soon.
pub(super) fn rook_pawn_through(
    facts: &MoveFacts,
    best: &Line,
    reply: &Line,
) -> Option<Positional> {
    let before = facts.before;
    if !in_opening(before) {
        return None;
    }
    let opponent = !before.side_to_move();
    rook_pawn_push(before, opponent)?;
    let (ply, square) = rook_pawn_exchange(reply, opponent, EXCHANGE_PLIES)?;
    best.first().filter(|step| step.mv != facts.played)?;
    if rook_pawn_exchange(best, opponent, EXCHANGE_PLIES + 1).is_some() {
        return None;
    }
    Some(Positional::RookPawn {
        line: Box::new(reply.truncated(ply + 1)),
        square,
    })
}

/// Within the first `plies` of `line`, `side` pushes a pawn along its
/// rook's file (the second from its right) and then takes a piece on that
/// file with its rook, moving along it: the ply of the rook's capture and
/// its square.
fn rook_pawn_exchange(line: &Line, side: Color, plies: usize) -> Option<(usize, Square)> {
    let file = match side {
        Color::Sente => 2,
        Color::Gote => 8,
    };
    let mut pushed = false;
    for (ply, step) in line.steps().iter().enumerate().take(plies) {
        let Some(from) = step.mv.from() else {
            continue;
        };
        let to = step.mv.to();
        if step.before.side_to_move() != side || from.file() != file || to.file() != file {
            continue;
        }
        match step.before.piece_at(from).map(|piece| piece.kind) {
            Some(PieceKind::Pawn) => pushed = true,
            Some(PieceKind::Rook) if pushed && step.before.piece_at(to).is_some() => {
                return Some((ply, to));
            }
            _ => {}
        }
    }
    None
}

/// The rook-pawn claim checked on two futures from before the move: the
/// opponent's exchange is on `played` within [`EXCHANGE_PLIES`] of its
/// reply, and not on `better` as soon.
pub(super) fn exchange_holds(played: &Line, better: Option<&Line>) -> Result<(), Failure> {
    let opponent = !played.start.side_to_move();
    if rook_pawn_exchange(played, opponent, EXCHANGE_PLIES + 1).is_none() {
        return Err(Failure::NoExchange);
    }
    match better {
        Some(line) if rook_pawn_exchange(line, opponent, EXCHANGE_PLIES + 1).is_some() => {
            Err(Failure::ExchangeAfterBetter)
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::claims::{Gain, Kind, Reason};
    use super::super::verify::{Evidence, check};
    use super::super::{MoveFacts, unchecked_reasons};
    use super::*;
    use crate::i18n::Language;
    use crate::review::voice::{Notation, Voice};
    use crate::review::words;

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
                "this lets the opponent's rook pawn through: P-2d Px2d Rx2d exchanges it and brings the rook up to 2d; after G-3b"
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
}
