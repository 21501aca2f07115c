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
