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
