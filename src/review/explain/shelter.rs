//! The king's shelter: a defender pulled away from beside the king. The
//! move took a piece off guard of a square next to its own king, which no
//! other piece of the mover's guards; the opponent's best reply comes in
//! by that square (lands on it, or attacks it from where it lands) with
//! check or a mate threat, which after the better move, the defender still
//! in place, it does not.

use super::claims::{Failure, Positional};
use super::facts::*;
use super::threat::{after_the_reply, threat_in};

/// The defender pulled away ([`Positional::Shelter`]).
pub(super) fn defender_pulled(facts: &MoveFacts, best: &Line, reply: &Line) -> Option<Positional> {
    let before = facts.before;
    let mover = before.side_to_move();
    let from = facts.played.from()?;
    let piece = before
        .piece_at(from)
        .filter(|p| p.kind != PieceKind::King)?;
    let king = before.king_square(mover)?;
    let after = before.after(facts.played);
    let moved = after.piece_at(facts.played.to())?;
    let around = piece_attacks(Piece::new(mover, PieceKind::King), king, before.occupied());
    let guarded_before = piece_attacks(piece, from, before.occupied()) & around;
    let guarded_after = piece_attacks(moved, facts.played.to(), after.occupied()) & around;
    // The squares it left that nothing else of the mover's guards (the king
    // aside: a square the king alone guards is one it must defend itself).
    let bare: Vec<Square> = (guarded_before & !guarded_after)
        .filter(|&sq| !guarded_by_others(&after, sq, mover, king))
        .collect();
    let first = reply.first()?;
    let landed = first.before.after(first.mv);
    let reply_piece = landed.piece_at(first.mv.to())?;
    let reach = piece_attacks(reply_piece, first.mv.to(), landed.occupied());
    let &square = bare
        .iter()
        .find(|&&sq| sq == first.mv.to() || reach.has(sq))?;
    if !pressed(&landed) {
        return None;
    }
    // After the better move the defender stands where it stood, and the
    // opponent's reply to it neither checks nor threatens mate.
    let better = best.first().filter(|step| step.mv != facts.played)?;
    if better.before.after(better.mv).piece_at(from) != Some(piece) {
        return None;
    }
    let answered = best.steps().get(1).copied()?;
    if !calm(&answered.before.after(answered.mv)) {
        return None;
    }
    Some(Positional::Shelter {
        piece,
        from,
        square,
        reply: Box::new(first),
    })
}

/// Some piece of `side`'s other than its king on `king` attacks `square`.
fn guarded_by_others(pos: &Position, square: Square, side: Color, king: Square) -> bool {
    let occupied = pos.occupied();
    pos.pieces(side).filter(|&sq| sq != king).any(|sq| {
        pos.piece_at(sq)
            .is_some_and(|p| piece_attacks(p, sq, occupied).has(square))
    })
}

/// The side to move is in check, or would be mated were it to pass.
fn pressed(pos: &Position) -> bool {
    pos.in_check() || matches!(threat_in(pos), Ok(Some(_)))
}

/// The side to move is not in check and would not be mated were it to
/// pass, the mate solver having finished.
fn calm(pos: &Position) -> bool {
    !pos.in_check() && matches!(threat_in(pos), Ok(None))
}

/// The shelter checked on two futures from before the move: on `played`
/// the opponent's reply is `reply` and checks or threatens mate; on
/// `better`, after the opponent's reply to the better move, the mover's
/// king is neither in check nor threatened with mate.
pub(super) fn shelter_holds(
    played: &Line,
    better: Option<&Line>,
    reply: &Step,
) -> Result<(), Failure> {
    if !pressed(&after_the_reply(played, reply)?) {
        return Err(Failure::NoThreat);
    }
    match better.and_then(|line| line.steps().get(1).copied()) {
        Some(answer) if !calm(&answer.before.after(answer.mv)) => Err(Failure::ThreatAfterBetter),
        _ => Ok(()),
    }
}
