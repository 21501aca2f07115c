//! A capture the move played missed: the better move takes a piece and
//! wins material by it, and a move later it is no longer to be had.

use super::claims::Reason;
use super::facts::*;

/// The best move takes a piece and wins material by it, the move played
/// took nothing there, and after the opponent's reply the same capture is
/// no longer to be had. "Won" is said of a piece kept whole, or of an
/// exchange that nets a lance's worth or more: a gold taken and paid for
/// with the silver that took it is a trade.
pub(super) fn missed_capture(facts: &MoveFacts, best: &Line, reply: &Line) -> Option<Reason> {
    let capture = best.first()?;
    let before = facts.before;
    let piece = before
        .piece_at(capture.mv.to())
        .filter(|_| !capture.mv.is_drop())?;
    if facts.played.to() == capture.mv.to()
        || !wins_by_exchange(see(before, capture.mv), piece)
        || still_to_be_had(reply, capture.mv.to(), piece)
    {
        return None;
    }
    // Defended as the board stands once the capture is made: a piece that
    // leaves its square may open a line onto the one it takes (a pawn taking
    // on 2a lets a rook on the 2-file take back).
    let defended = capture.mv.from().is_some_and(|from| {
        before
            .attackers_to(
                capture.mv.to(),
                piece.color,
                before.occupied().without(from),
            )
            .is_nonempty()
    });
    Some(Reason::MissedCapture {
        piece,
        square: capture.mv.to(),
        defended,
        capture,
    })
}

/// A capture of `piece` that gains `gain` by static exchange wins it: the
/// piece is kept whole, or the exchange nets a lance's worth or more.
fn wins_by_exchange(gain: i32, piece: Piece) -> bool {
    gain > 0 && (gain >= given_value(piece.kind) || gain >= LET_WIN_LOSS)
}

/// After the move played and the opponent's reply, `piece` still stands on
/// `square` and the mover can win it by a capture there.
pub(super) fn still_to_be_had(reply: &Line, square: Square, piece: Piece) -> bool {
    let Some(answer) = reply.first() else {
        return false;
    };
    let next = answer.before.after(answer.mv);
    next.piece_at(square) == Some(piece) && en_prise_after(&next, square)
}
