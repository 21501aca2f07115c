//! The material a move threatens to win: what the side that moved could
//! take at once, by static exchange, were the other side to pass. Two
//! claims come of it: the better move threatened to win a piece that the
//! move played does not ([`Gain::Threatens`]), and the opponent's best
//! reply threatens to win one of the mover's pieces, which after the better
//! move and the reply to it it does not ([`Positional::Threatened`]).
//!
//! A threat is new where it is claimed: the same capture could not be made
//! for as much before the move that sets it up. A threat the other side
//! answers in the line is still the threat it was; what makes it the point
//! is that the other future has none.

use super::claims::{Failure, Gain, Positional};
use super::facts::*;

/// What a capture must win by static exchange to be named a threat: about
/// a lance, so that a pawn (or a pawn taken as it promotes) is not.
pub(super) const THREAT_GAIN: i32 = LET_WIN_LOSS;

/// A capture the side to move could make at once, and what it wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Prize {
    pub(super) capture: Move,
    pub(super) piece: Piece,
    pub(super) square: Square,
    pub(super) gain: i32,
}

/// The capture that wins the most by static exchange for the side to move
/// in `pos`, at least [`THREAT_GAIN`], of a piece other than a pawn (the
/// king is never taken); `None` when there is none.
fn best_prize(pos: &Position) -> Option<Prize> {
    pos.legal_moves()
        .iter()
        .filter(|mv| !mv.is_drop())
        .filter_map(|&mv| {
            let piece = pos.piece_at(mv.to())?;
            let named = !matches!(piece.kind, PieceKind::Pawn | PieceKind::King);
            let gain = see(pos, mv);
            (named && gain >= THREAT_GAIN).then_some(Prize {
                capture: mv,
                piece,
                square: mv.to(),
                gain,
            })
        })
        .max_by_key(|prize| prize.gain)
}

/// What the side that just moved in `pos` threatens to win: the best
/// prize were the side to move to pass; `None` in check (a check is
/// answered first, and is a claim of its own).
pub(super) fn threatened(pos: &Position) -> Option<Prize> {
    if pos.in_check() {
        return None;
    }
    let mut passed = *pos;
    passed.play_null();
    best_prize(&passed)
}

/// Whether the side to move in `pos` could win the piece on `square` at
/// once for as much as a threat is named for.
fn winnable(pos: &Position, square: Square) -> bool {
    capture_gain(pos, square).is_some_and(|gain| gain >= THREAT_GAIN)
}

/// Whether, the side to move in `pos` passing, the other side could win the
/// piece on `square` for as much as a threat (nothing is said in check).
fn winnable_after_pass(pos: &Position, square: Square) -> bool {
    if pos.in_check() {
        return false;
    }
    let mut passed = *pos;
    passed.play_null();
    winnable(&passed, square)
}

/// The better move threatens to win the opponent's piece: were the
/// opponent to pass, the mover's best capture wins at least
/// [`THREAT_GAIN`]; before the better move the same piece could not be
/// won so at once, nor after the move played were the opponent to pass;
/// and the better move's own piece cannot be taken at once for nothing.
pub(super) fn better_threatens(facts: &MoveFacts, better: &Step) -> Option<Gain> {
    let after_better = better.before.after(better.mv);
    if taken_for_nothing(&after_better, better.mv.to()) {
        return None;
    }
    let prize = threatened(&after_better)?;
    if facts.before.piece_at(prize.square) != Some(prize.piece)
        || winnable(facts.before, prize.square)
    {
        return None;
    }
    let after_played = facts.before.after(facts.played);
    let played_threatens = after_played.piece_at(prize.square) == Some(prize.piece)
        && winnable_after_pass(&after_played, prize.square);
    (!played_threatens).then_some(Gain::Threatens {
        piece: prize.piece,
        square: prize.square,
        capture: prize.capture,
    })
}

/// The opponent's best reply (the first step of `reply`, not a capture:
/// an exchange is answered by taking back) threatens to win a piece of
/// the mover's that it could not win at once before the reply; after the
/// better move and the opponent's reply to it (`best`'s second step) the
/// same piece, followed from where it stood before the move, could not be
/// won so were the mover to pass, and nothing else could for nearly as
/// much ([`no_such_threat`]).
pub(super) fn reply_threatens(facts: &MoveFacts, best: &Line, reply: &Line) -> Option<Positional> {
    let first = reply.first()?;
    if !first.mv.is_drop() && first.before.piece_at(first.mv.to()).is_some() {
        return None;
    }
    let prize = threatened(&first.before.after(first.mv))?;
    if winnable(&first.before, prize.square) {
        return None;
    }
    let better = best.first()?;
    let answered = best.steps().get(1).copied()?;
    let after_answer = answered.before.after(answered.mv);
    if !no_such_threat(&after_answer, prize.gain) {
        return None;
    }
    // The piece itself, where the better move leaves it (a piece the move
    // played dropped is not there at all).
    let still_threatened = stood_before(facts, prize.square).is_some_and(|from| {
        let at = if better.mv.from() == Some(from) {
            better.mv.to()
        } else {
            from
        };
        after_answer.piece_at(at) == Some(prize.piece) && winnable_after_pass(&after_answer, at)
    });
    (!still_threatened).then(|| Positional::Threatened {
        reply: Box::new(first),
        piece: prize.piece,
        square: prize.square,
        capture: prize.capture,
    })
}

/// In `pos` (the mover to move, after the opponent's reply to the better
/// move), the mover passing loses nothing for as much as `gain` less
/// [`MATERIAL_GAIN`]: a threat as large is not one the better move avoids.
fn no_such_threat(pos: &Position, gain: i32) -> bool {
    threatened(pos).is_none_or(|other| other.gain + MATERIAL_GAIN <= gain)
}

/// The reply's threat checked on two futures from before the move: on
/// `played` the opponent's reply is `reply` and, the mover passing, the
/// best capture there wins the mover's piece on `square`; on `better`,
/// after the better move and the opponent's reply to it, the mover passing
/// loses nothing for nearly as much.
pub(super) fn reply_threat_holds(
    played: &Line,
    better: Option<&Line>,
    reply: &Step,
    square: Square,
) -> Result<(), Failure> {
    let steps = played.steps();
    let found = steps.get(1).filter(|step| step.mv == reply.mv);
    let found = found.ok_or(Failure::NotTheReply)?;
    let prize = threatened(&found.before.after(found.mv))
        .filter(|prize| prize.square == square)
        .ok_or(Failure::NoThreat)?;
    let after_better = better
        .and_then(|line| line.steps().get(1).copied())
        .map(|answer| answer.before.after(answer.mv));
    match after_better {
        Some(pos) if !no_such_threat(&pos, prize.gain) => Err(Failure::ThreatAfterBetter),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::claims::Reason;
    use super::super::verify::{Evidence, check};
    use super::*;

    fn position(sfen: &str) -> Position {
        Position::from_sfen(sfen).expect("test SFEN")
    }

    fn mv(usi: &str) -> Move {
        Move::from_usi(usi).expect("test move")
    }

    #[test]
    fn a_rook_attacked_by_a_pawn_is_a_threat_a_pawn_is_not() {
        // Black's pawn on 5e attacks nothing; pushed to 5d it attacks the
        // rook on 5c: were White to pass, Px5c+ wins a rook for a pawn.
        let before = position("4k4/9/4r4/9/4P4/9/9/9/4K4 b - 1");
        let after = before.after(mv("5e5d"));
        let prize = threatened(&after).expect("a rook to win");
        assert_eq!(prize.piece.kind, PieceKind::Rook);
        assert_eq!(prize.square, Square::parse("5c").expect("square"));
        assert_eq!(prize.capture, mv("5d5c+"));
        // A pawn attacked is no threat named.
        let pawn = position("4k4/9/4p4/9/4P4/9/9/9/4K4 b - 1").after(mv("5e5d"));
        assert_eq!(threatened(&pawn), None);
    }

    /// The facts of `played` from `before`, with the engine's lines.
    fn facts_of<'a>(
        before: &'a Position,
        played: &str,
        best: &'a [Move],
        reply: &'a [Move],
    ) -> MoveFacts<'a> {
        MoveFacts {
            before,
            previous_to: None,
            played: mv(played),
            best_line: best,
            reply_line: reply,
            checked_line: &[],
            score_before: Score::Cp(0),
            score_after: Score::Cp(-600),
        }
    }

    #[test]
    fn a_pawn_push_that_attacks_an_unguarded_rook_threatens_to_win_it() {
        // P-5d, guarded by the silver, attacks the rook on 5c: were White to
        // pass, Px5c+ wins it. The king's move threatens nothing.
        let before = position("4k4/9/4r4/9/3SP4/9/9/9/K8 b - 1");
        let best = [mv("5e5d")];
        let facts = facts_of(&before, "9i8h", &best, &[]);
        let line = Line::legal(&before, None, &best);
        let better = line.first().expect("a better move");
        assert_eq!(
            better_threatens(&facts, &better),
            Some(Gain::Threatens {
                piece: Piece::new(Color::Gote, PieceKind::Rook),
                square: Square::parse("5c").expect("square"),
                capture: mv("5d5c+"),
            })
        );
        // Played, the same push is no gain over itself.
        let same = facts_of(&before, "5e5d", &best, &[]);
        assert_eq!(better_threatens(&same, &better), None);
    }

    #[test]
    fn a_reply_that_attacks_the_rook_threatens_to_win_it_where_the_better_move_does_not() {
        // After the king's move, White's P-5d (guarded by the silver)
        // attacks the rook on 5e; after R-2e no piece of Black's can be won.
        let before = position("4k4/9/4ps3/9/4R4/9/9/9/K8 b - 1");
        let best = [mv("5e2e"), mv("5a4a")];
        let reply = [mv("5c5d")];
        let facts = facts_of(&before, "9i8h", &best, &reply);
        let best_line = Line::legal(&before, None, &best);
        let after = before.after(facts.played);
        let reply_line = Line::legal(&after, Some(facts.played.to()), &reply);
        let why = reply_threatens(&facts, &best_line, &reply_line).expect("a threat");
        let Positional::Threatened { piece, square, .. } = &why else {
            panic!("not a reply's threat: {why:?}");
        };
        assert_eq!(piece.kind, PieceKind::Rook);
        assert_eq!(*square, Square::parse("5e").expect("square"));
        let claim = Reason::Positional {
            better: best_line.first().expect("a better move"),
            why,
        };
        assert_eq!(
            crate::review::words::sentence(
                crate::i18n::Language::English,
                &claim,
                &crate::review::voice::Voice::to_mover(crate::review::voice::Notation::Western),
            ),
            "The best reply P-5d threatens Px5e, winning your rook on 5e; after R-2e and the best reply there is no such threat."
        );
        // Where the better move leaves the rook attacked too, it is no reason.
        let stays = [mv("9i9h"), mv("5c5d")];
        let stays_line = Line::legal(&before, None, &stays);
        assert_eq!(reply_threatens(&facts, &stays_line, &reply_line), None);
    }

    /// The reply's threat for `facts`, as the finder makes it, and the
    /// verifier's verdict on it on the review's own futures.
    fn reply_threat_checked(facts: &MoveFacts) -> (Positional, Result<(), Failure>) {
        let best = Line::legal(facts.before, None, facts.best_line);
        let after = facts.before.after(facts.played);
        let reply = Line::legal(&after, Some(facts.played.to()), facts.reply_line);
        let why = reply_threatens(facts, &best, &reply).expect("a threat");
        let claim = Reason::Positional {
            better: best.first().expect("a better move"),
            why: why.clone(),
        };
        let evidence = Evidence::review(facts).expect("legal move");
        (why, check(&claim, facts, &evidence))
    }

    #[test]
    fn a_reply_threat_that_the_mover_parries_is_no_reason() {
        // P-5d attacks the rook on 5e, which steps aside to 2e: nothing is
        // lost, so "threatens to win your rook" is no lesson.
        let before = position("4k4/9/4ps3/9/4R4/9/9/9/K8 b - 1");
        let best = [mv("5e2e"), mv("5a4a")];
        let reply = [mv("5c5d"), mv("5e2e"), mv("5a4a")];
        let facts = facts_of(&before, "9i8h", &best, &reply);
        let (_, verdict) = reply_threat_checked(&facts);
        assert_eq!(verdict, Err(Failure::NotLost));
    }

    #[test]
    fn a_reply_threat_that_wins_the_piece_is_upheld() {
        // The rook on 5e is hemmed in by its own pawns: after the king's
        // move, P-5d (guarded by the silver) attacks it and it cannot get
        // out; Px5e wins it for a pawn. Rx5c+ first takes the pawn instead.
        let before = position("4k4/9/4ps3/9/3PRP3/4P4/9/9/K8 b - 1");
        let best = [mv("5e5c+"), mv("5a4a")];
        let reply = [mv("5c5d"), mv("8h9i"), mv("5d5e"), mv("5f5e")];
        let facts = facts_of(&before, "9i8h", &best, &reply);
        let (why, verdict) = reply_threat_checked(&facts);
        let Positional::Threatened { piece, square, .. } = why else {
            panic!("not a reply's threat: {why:?}");
        };
        assert_eq!(piece.kind, PieceKind::Rook);
        assert_eq!(square, Square::parse("5e").expect("square"));
        assert_eq!(verdict, Ok(()));
    }

    /// The better move's threat for `facts`, as the finder makes it, and
    /// the verifier's verdict on it on the review's own futures.
    fn better_threat_checked(facts: &MoveFacts) -> Result<(), Failure> {
        let best = Line::legal(facts.before, None, facts.best_line);
        let first = best.first().expect("a better move");
        let gain = better_threatens(facts, &first).expect("a threat");
        let claim = Reason::BetterMove {
            line: best.clone(),
            gain,
            chance_best: 0.6,
            chance_played: 0.4,
        };
        let evidence = Evidence::review(facts).expect("legal move");
        check(&claim, facts, &evidence)
    }

    #[test]
    fn a_better_threat_the_opponent_parries_with_nothing_lost_is_no_gain() {
        // P-5d attacks the rook on 5c, and the rook simply goes to 2c: the
        // threat wins nothing. (After the king's move the rook goes there
        // anyway, so the push is lost by the move played.)
        let before = position("4k4/9/4r4/9/3SP4/9/9/9/K8 b - 1");
        let best = [mv("5e5d"), mv("5c2c")];
        let reply = [mv("5c2c")];
        let facts = facts_of(&before, "9i8h", &best, &reply);
        assert_eq!(better_threat_checked(&facts), Err(Failure::NotWon));
        // Where the rook cannot get away and is won, the threat holds.
        let won = [mv("5e5d"), mv("5a4a"), mv("5d5c+")];
        let facts = facts_of(&before, "9i8h", &won, &reply);
        assert_eq!(better_threat_checked(&facts), Ok(()));
    }

    #[test]
    fn a_guarded_piece_attacked_by_a_bigger_one_is_no_threat() {
        // The rook attacks a gold the king guards: taking it loses the rook.
        let pos = position("4k4/4g4/9/9/9/9/9/9/R3K4 b - 1").after(mv("9i9b"));
        assert_eq!(threatened(&pos), None);
    }
}
