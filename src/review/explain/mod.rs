//! Why a move was bad, found from the position and the engine's lines: the
//! reasons as data (pieces, squares, moves), for [`super::words`] to put
//! into words and for a board to draw.
//!
//! In order of what matters most: a mate allowed or missed (alone: nothing
//! else matters then); what the move let the opponent do: a piece left
//! where the best reply wins it (or, attacked already, a move too slow to
//! save it), a fork or a trap by that reply (or a chase it starts), a rook
//! or bishop lost further down the line, or else the one piece whose loss
//! the line's material comes to (a single pawn only when it falls within
//! three plies); when no material is lost, what the position shows (a mate
//! threat, the king's safety, a promotion let in, a piece driven off, a
//! tempo); then a piece the best move would have won, or else what the
//! better move gains (a capture, a trap, an attack on a piece), with its
//! line.
//!
//! A loss is blamed on the move only when the better move avoids it: both
//! are followed to a settled end ([`super::settle`]) from the position
//! before the move, the move's own capture counted, and the piece lost is
//! followed from where it stood, not by the square it was taken on.
//!
//! The board facts come from the rules core (attacks, legal moves) and the
//! engine's static exchange evaluation; the lines are the analysis's.
//!
//! The claims ([`claims`]) are found in rooms by their kind: [`mate`],
//! material lost ([`loss`]), the opponent's tactics ([`tactics`]), what the
//! position shows when no material is lost ([`positional`]), a capture
//! missed ([`missed`]) and what the better move achieves ([`better`]).
//! Each claim is checked apart from its finder ([`verify`]) before it is
//! kept: one that fails gives way to the next candidate, and a better
//! move's claim that fails to the plain "Better was".

mod better;
mod claims;
mod loss;
mod mate;
mod missed;
mod positional;
mod tactics;
pub mod verify;

pub use claims::{Gain, Kind, Positional, Reason};

use super::line::{Line, Step};
use super::score::Score;
use super::settle::{
    capture_gain, captured_at, en_prise, en_prise_after, end_of, gives_away, is_settled,
    loses_kind, material_balance, origin, safe_squares, settled,
};
use crate::engine::eval::capture_value;
use crate::engine::mate::MateSearch;
use crate::engine::see::see;
use crate::rules::attacks::piece_attacks;
use crate::rules::{Color, Move, Piece, PieceKind, Position, Square};
use better::better_move;
use loss::{
    left_hanging, loses_major, opponent_wins, pawn_lost, shut_in_after, unpaid_loss, unpaid_loss_by,
};
use mate::mate_reason;
use missed::missed_capture;
use positional::{
    THREAT_NODES, THREAT_PLIES, gets_in, major_promotes, new_threat, passed_after, threat_in,
    threatened_pieces, unblamed,
};
use std::sync::atomic::AtomicBool;
use tactics::{CHASE_PLIES, fork, fork_after_exchange, fork_targets, trap};

/// The longest part of an engine line an explanation shows.
const SHOWN_PLIES: usize = 7;

/// Material (capture values) a settled line must cost the mover for a
/// piece lost on it to be blamed on the move: less is a trade.
const MATERIAL_GAIN: i32 = 150;

/// The plies after the move within which a material claim must already
/// hold (the reply, the answer, the next move): the end of a longer line
/// is the search's guess, and a win it shows there alone is too often not
/// one on a deeper look.
const SOON_PLIES: usize = 3;

/// What a line must win, soon and at its end (and for the opponent beyond
/// what the better move loses), to be said to win material: about a
/// lance, so that a pawn won at the end of a long line (noise at the
/// review's depth) is not taught as a lesson.
const LET_WIN_LOSS: i32 = 400;

/// What the explanation of one move is made from.
#[derive(Clone, Copy, Debug)]
pub struct MoveFacts<'a> {
    /// The position the move was played from.
    pub before: &'a Position,
    /// The square the move before went to (Japanese `同`).
    pub previous_to: Option<Square>,
    pub played: Move,
    /// The engine's line in `before`, starting with its best move.
    pub best_line: &'a [Move],
    /// The engine's line after the move, starting with the opponent's reply.
    pub reply_line: &'a [Move],
    /// The second look's line after the best move, starting with the opponent's reply
    /// (empty where none was made): a search of that position alone, what the material a
    /// better move is said to win is checked against.
    pub checked_line: &'a [Move],
    /// The mover's scores: the position's, and after the move.
    pub score_before: Score,
    pub score_after: Score,
}

/// The reasons the move was bad, most important first; never empty for a
/// move other than the engine's when the engine had one (the better move
/// is always a reason).
///
/// A loss is blamed on the move only when the better move avoids it: each
/// reason is weighed on two settled futures, the move played with the
/// opponent's line and the better move with its line.
pub fn reasons(facts: &MoveFacts) -> Vec<Reason> {
    reasons_checked(facts, true)
}

/// The reasons as the finders make them, none checked by [`verify`]: what
/// the audit measures the verifier against.
pub fn unchecked_reasons(facts: &MoveFacts) -> Vec<Reason> {
    reasons_checked(facts, false)
}

/// The reasons, each claim checked by [`verify`] before it is kept when
/// `checked`.
fn reasons_checked(facts: &MoveFacts, checked: bool) -> Vec<Reason> {
    let before = facts.before;
    if !before.is_legal(facts.played) {
        return Vec::new();
    }
    let after = before.after(facts.played);
    let best = Line::legal(before, facts.previous_to, facts.best_line);
    let reply = Line::legal(&after, Some(facts.played.to()), facts.reply_line);
    if let Some(reason) = mate_reason(facts, &best, &reply) {
        return vec![reason];
    }
    let mover = before.side_to_move();
    let futures = Futures::of(facts, &best, &reply);
    // Each claim is checked apart from its finder before it is shown; one
    // that fails gives way to the next candidate.
    let evidence = verify::Evidence::of_review(facts, &reply, &futures);
    let shown = |claim: &Reason| !checked || verify::shown(claim, facts, &evidence);
    let mut found = Vec::new();
    let finders: [&dyn Fn() -> Option<Reason>; 7] = [
        &|| left_hanging(facts, &after, &reply, &futures),
        &|| fork(facts, &after, &reply, &futures),
        &|| trap(facts, &after, &best, &reply),
        &|| loses_major(&reply, mover, &futures),
        &|| opponent_wins(&futures, mover),
        &|| fork_after_exchange(facts, &futures),
        &|| pawn_lost(facts, &futures),
    ];
    let blamed = finders.iter().filter_map(|find| find()).find(shown);
    match blamed {
        Some(reason) => found.push(reason),
        None => found.extend(unblamed(facts, &best, &reply, &futures, &shown)),
    }
    if best.moves.first() != Some(&facts.played) {
        // A better move's claim that fails is said plainly: "Better was X".
        let better = better_move(facts, &best, &futures.played).map(|claim| {
            if shown(&claim) {
                claim
            } else {
                plain_better(&best, claim)
            }
        });
        // A piece that could have been taken, and that takes and promotes
        // instead, is the better move's to name: it forestalls the strike.
        let forestalled = matches!(
            better,
            Some(Reason::BetterMove {
                gain: Gain::Forestall { reply, .. },
                ..
            }) if reply.is_promotion()
        );
        match missed_capture(facts, &best, &reply).filter(|missed| !forestalled && shown(missed)) {
            Some(missed) => found.push(missed),
            None => found.extend(better),
        }
    }
    found
}

/// The better move's claim reduced to the move itself and its first plies,
/// with the same chances.
fn plain_better(best: &Line, claim: Reason) -> Reason {
    match claim {
        Reason::BetterMove {
            chance_best,
            chance_played,
            ..
        } => Reason::BetterMove {
            line: best.truncated(SOON_PLIES),
            gain: Gain::Position,
            chance_best,
            chance_played,
        },
        other => other,
    }
}

/// The two futures a move is judged on, both from the position before it
/// and settled (no capture pending at their ends): the move played and the
/// opponent's line, and the better move and its line.
struct Futures {
    played: Line,
    better: Option<Line>,
    /// The material the mover loses along each (negative: wins).
    lost: i32,
    lost_better: i32,
    /// The same over the first few plies, settled.
    played_soon: Line,
    better_soon: Option<Line>,
    lost_soon: i32,
    lost_better_soon: i32,
}

impl Futures {
    fn of(facts: &MoveFacts, best: &Line, reply: &Line) -> Futures {
        let mover = facts.before.side_to_move();
        let lost = |line: &Line| -material_balance(line, mover);
        let played_for = |plies: usize| {
            let mut moves = vec![facts.played];
            moves.extend(reply.truncated(plies).moves);
            settled(&Line::legal(facts.before, facts.previous_to, &moves))
        };
        let has_better = best.moves.first().is_some_and(|&mv| mv != facts.played);
        let better_for = |plies: usize| has_better.then(|| settled(&best.truncated(plies + 1)));
        let played = played_for(SHOWN_PLIES - 1);
        let played_soon = played_for(SOON_PLIES);
        let better = better_for(SHOWN_PLIES - 1);
        let better_soon = better_for(SOON_PLIES);
        Futures {
            lost: lost(&played),
            lost_better: better.as_ref().map_or(0, lost),
            lost_soon: lost(&played_soon),
            lost_better_soon: better_soon.as_ref().map_or(0, lost),
            played,
            better,
            played_soon,
            better_soon,
        }
    }

    /// What the move costs against the better move.
    fn extra_loss(&self) -> i32 {
        self.lost - self.lost_better.max(0)
    }

    /// The same within the first few plies.
    fn extra_loss_soon(&self) -> i32 {
        self.lost_soon - self.lost_better_soon.max(0)
    }

    /// The opponent's part of the played future, from after the move.
    fn opponents_line(&self) -> Line {
        opponents_part(&self.played)
    }
}

/// A future without the move played: the opponent's line from after it.
fn opponents_part(future: &Line) -> Line {
    match future.steps().get(1) {
        Some(second) => Line {
            start: second.before,
            previous_to: second.previous_to,
            moves: future.moves[1..].to_vec(),
        },
        None => future.truncated(0),
    }
}

/// The move and the opponent's line after it, `plies` of it, from the
/// position before the move, settled.
fn future_of(
    before: &Position,
    previous_to: Option<Square>,
    first: Move,
    rest: &Line,
    plies: usize,
) -> Line {
    let mut moves = vec![first];
    moves.extend(rest.truncated(plies).moves);
    settled(&Line::legal(before, previous_to, &moves))
}

/// The line's second move takes the piece its first move played.
fn taken_at_once(line: &Line) -> bool {
    match line.moves.as_slice() {
        [first, second, ..] => second.to() == first.to(),
        _ => false,
    }
}

/// The piece on `square` (not of the side to move in `pos`) can be taken at
/// once for nothing: a capture of it wins by static exchange at least what
/// the piece is worth to its side. (A piece taken for a lesser one, as a
/// gold for a silver the opponent then loses, still does its work.)
fn taken_for_nothing(pos: &Position, square: Square) -> bool {
    pos.piece_at(square).is_some_and(|piece| {
        capture_gain(pos, square).is_some_and(|gain| gain >= given_value(piece.kind))
    })
}

/// A piece followed along a line until it is taken.
struct Run {
    /// The ply of the line it is taken at.
    taken_at: usize,
    /// What it took on the way.
    took: i32,
    /// Every move of its side before then was this piece moving away from
    /// an attack.
    fled: bool,
}

/// Follows the piece on `square` before ply `from` of `line` to where it is
/// taken; `None` when it survives the line.
fn follow(line: &Line, from: usize, square: Square) -> Option<Run> {
    let steps = line.steps();
    let owner = steps.get(from)?.before.piece_at(square)?.color;
    let mut at = square;
    let mut took = 0;
    let mut fled = true;
    for (ply, step) in steps.iter().enumerate().skip(from) {
        let pos = &step.before;
        if pos.side_to_move() == owner {
            if step.mv.from() == Some(at) {
                fled &= en_prise(pos, at);
                took += pos
                    .piece_at(step.mv.to())
                    .map_or(0, |p| capture_value(p.kind));
                at = step.mv.to();
            } else {
                fled = false;
            }
        } else if step.mv.to() == at && !step.mv.is_drop() {
            return Some(Run {
                taken_at: ply,
                took,
                fled,
            });
        }
    }
    None
}

/// Where the mover's piece on `square` after the move stood before it: the
/// move's origin for the piece it moved, nowhere for a piece it dropped.
fn stood_before(facts: &MoveFacts, square: Square) -> Option<Square> {
    if facts.played.to() == square {
        facts.played.from()
    } else {
        Some(square)
    }
}

/// What losing a piece of this kind costs: its capture value, and for the
/// king more than anything (a king is never taken; a king can fork).
fn worth(kind: PieceKind) -> i32 {
    if kind == PieceKind::King {
        i32::MAX / 4
    } else {
        capture_value(kind)
    }
}

/// What a piece taken inside a line costs its side: a small piece that
/// promotes on the way and is taken (a pawn that becomes a tokin) is the
/// small piece lost, not the promoted one.
fn given_value(kind: PieceKind) -> i32 {
    if is_major(kind) {
        capture_value(kind)
    } else {
        capture_value(kind.unpromoted())
    }
}

fn is_major(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::Rook | PieceKind::Bishop | PieceKind::Dragon | PieceKind::Horse
    )
}

/// The piece on `square` (of the side to move) is attacked and every move
/// it has loses material by exchange.
pub fn is_trapped(pos: &Position, square: Square) -> bool {
    let Some(piece) = pos.piece_at(square) else {
        return false;
    };
    piece.color == pos.side_to_move()
        && pos.is_attacked(square, !piece.color, pos.occupied())
        && safe_squares(pos, square) == 0
}

/// The other side's pieces (the king among them, pawns left out) that the
/// piece on `square` attacks in `pos`.
fn attacked_from(pos: &Position, square: Square) -> Vec<(Piece, Square)> {
    let Some(piece) = pos.piece_at(square) else {
        return Vec::new();
    };
    (piece_attacks(piece, square, pos.occupied()) & pos.pieces(!piece.color))
        .filter_map(|sq| Some((pos.piece_at(sq)?, sq)))
        .filter(|(target, _)| target.kind != PieceKind::Pawn)
        .collect()
}

#[cfg(test)]
mod tests;
