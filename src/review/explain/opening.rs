//! The opening's plans, named by the formation on the board
//! ([`crate::rules::formation`]): a castle the move breaks up, or one the
//! better move completes. Either is said only in the opening, and only
//! where the two futures bear it out: at the end of the move played's line
//! the mover has no castle, at the end of the better move's line it has
//! one. Where the move loses material, the rooms before this one name the
//! loss instead: a castle is the reason only when nothing tactical is.

use super::claims::{Failure, Positional};
use super::facts::*;
use crate::rules::formation::{Castle, castle, castle_squares};

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
            found
                .iter()
                .any(|(claim, _)| matches!(
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
