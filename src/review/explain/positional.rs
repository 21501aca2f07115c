//! What the position shows when no material is lost: a mate threat the
//! reply makes or the better move would have made, the king's safety, a
//! guard taken off a square, a promotion or a rook or bishop let into the
//! camp, a piece driven off or attacked, a threat the reply sets up, the
//! tempo of a check.

use super::claims::{Failure, Positional, Reason, Stop};
use super::facts::*;
use super::loss::unpaid_loss;
use super::opening::{castle_broken, rook_pawn_through};
use super::race::race_lost;
use super::shelter::defender_pulled;
use super::tactics::fork_targets;
use super::threat::threat_in;
use super::win_threat::reply_threatens;
use crate::rules::attacks::between;

/// How many more squares around the king the opponent must attack after
/// the move than after the better move for the king's safety to be named.
pub(super) const KING_PRESSURE_GAP: u32 = 2;

/// The plies of the opponent's line within which its rook or bishop
/// getting in is named: an exchange of pawns on the file (three plies),
/// the mover's answer, and the promotion.
pub(super) const BREAK_IN_PLIES: usize = 5;

/// How far into the opponent's line a threat its best reply sets up is
/// looked for: its next two moves.
pub(super) const REPLY_THREAT_PLIES: usize = 5;

/// How far behind the mover may already be before the move (the review's
/// score) for a promotion or a rook or bishop let in to be named: further
/// behind, the opponent's pieces get in whatever is played, and
/// Fairy-Stockfish's line after the better move lets them in as well, or
/// its reply is another.
pub(super) const LETS_IN_BEHIND_CP: i32 = 1000;

/// The mover was already lost before the move, by [`LETS_IN_BEHIND_CP`] or
/// a mate against it: what the opponent's pieces get into is no lesson of
/// this move.
fn lost_already(facts: &MoveFacts) -> bool {
    match facts.score_before {
        Score::Cp(cp) => cp <= -LETS_IN_BEHIND_CP,
        Score::Mated(_) => true,
        Score::Mates(_) => false,
    }
}

/// When nothing the move lets the opponent win is to blame, and no
/// material is lost either (a loss the better move suffers too is no
/// reason): what the position shows.
pub(super) fn unblamed(
    facts: &MoveFacts,
    best: &Line,
    reply: &Line,
    futures: &Futures,
    shown: &dyn Fn(&Reason) -> bool,
) -> Option<Reason> {
    let better = best.first().filter(|step| step.mv != facts.played)?;
    // No material is lost by the move, and the better move wins no more
    // than it by much (both may win the same piece): the material is not
    // the point, so the position's reasons are looked for. A better move
    // that itself takes what the move played leaves (a pawn for nothing)
    // makes the material the point unless the gap is small.
    let takes = |mv: Move| {
        (!mv.is_drop())
            .then(|| facts.before.piece_at(mv.to()))
            .flatten()
    };
    let takes_more = takes(better.mv).is_some() && better.mv.to() != facts.played.to();
    let margin = if takes_more {
        MATERIAL_GAIN
    } else {
        LET_WIN_LOSS
    };
    if futures.lost < MATERIAL_GAIN && futures.lost_better > futures.lost.min(0) - margin {
        return positional(facts, best, reply, shown);
    }
    // A pawn or so lost on the way, or material the line only wins once
    // the piece has promoted (no reason above named a loss): the promotion
    // is the point, and its sentence claims nothing about material.
    let mover = facts.before.side_to_move();
    let lost_after_promotion = promotion_ply(reply, mover).is_some_and(|promoted| {
        unpaid_loss(&futures.played, mover).is_none_or(|loss| loss.ply > promoted + 1)
    });
    if futures.lost >= LET_WIN_LOSS && !lost_after_promotion {
        // The material falls to a threat the reply makes (a piece hunted
        // or shut in that no finder above names): the threat is how.
        return reply_threatens(facts, best, reply)
            .map(|why| Reason::Positional { better, why })
            .filter(|claim| shown(claim));
    }
    // A threat the reply makes may be how the material is lost, where no
    // finder above could name the loss itself.
    [
        promotion_allowed(facts, &better, reply),
        break_in(facts, best, reply),
        reply_threatens(facts, best, reply),
    ]
    .into_iter()
    .flatten()
    .map(|why| Reason::Positional { better, why })
    .find(|claim| shown(claim))
}

/// The ply of the opponent's `reply` line at which it first promotes a
/// piece (the mover being `mover`).
pub(super) fn promotion_ply(reply: &Line, mover: Color) -> Option<usize> {
    reply
        .steps()
        .iter()
        .position(|step| step.before.side_to_move() != mover && step.mv.is_promotion())
}

/// Nothing material is lost: in order, a mate threat the opponent's best
/// reply makes and the better move's line does not allow; the king's
/// safety when the opponent's reply checks and leaves more squares around
/// the mover's king attacked than the better move's does; a mate threat the better
/// move makes and the move played does not; a promotion the best reply
/// makes that the better move prevents; the tempo of a check the better
/// move gives. Each is said only when it holds after the move played and
/// does not after the better move.
pub(super) fn positional(
    facts: &MoveFacts,
    best: &Line,
    reply: &Line,
    shown: &dyn Fn(&Reason) -> bool,
) -> Option<Reason> {
    let better = best.first()?;
    let finders: [&dyn Fn() -> Option<Positional>; 15] = [
        &|| race_lost(facts, best, reply),
        &|| defender_pulled(facts, best, reply),
        &|| threat_allowed(best, reply),
        &|| unguarded(facts, &better, reply),
        &|| king_safety(facts, best, reply),
        &|| missed_threat(facts, &better),
        &|| promotion_allowed(facts, &better, reply),
        &|| break_in(facts, best, reply),
        &|| driven_off(facts, best, reply),
        &|| reply_threat(best, reply),
        &|| attacked(facts, best, reply),
        &|| castle_broken(facts, best),
        &|| rook_pawn_through(facts, best, reply),
        &|| reply_threatens(facts, best, reply),
        &|| {
            better
                .before
                .after(better.mv)
                .in_check()
                .then_some(Positional::Tempo)
        },
    ];
    finders
        .iter()
        .filter_map(|find| find())
        .map(|why| Reason::Positional { better, why })
        .find(|claim| shown(claim))
}

/// The squares next to the mover's king the opponent attacks after its
/// best reply, against after the better move and the reply to it: the
/// sentence says "after the best reply", so that is where it is counted.
pub(super) fn king_safety(facts: &MoveFacts, best: &Line, reply: &Line) -> Option<Positional> {
    let mover = facts.before.side_to_move();
    let first = reply.first();
    let after_reply = match first {
        Some(step) => step.before.after(step.mv),
        None => facts.before.after(facts.played),
    };
    let exposed = king_pressure(&after_reply, mover);
    let exposed_better = king_pressure(&end_of(&best.truncated(2)), mover);
    // A capture the mover's next move takes back at once is an exchange: what it brought
    // to bear is gone. (A piece given up to draw the king out is another matter.)
    let exchange = first.is_some_and(|step| step.before.piece_at(step.mv.to()).is_some());
    if exposed < exposed_better + KING_PRESSURE_GAP || (exchange && taken_at_once(reply)) {
        return None;
    }
    // Squares counted around the king are a lesson only where the reply
    // presses there at once, with check (a piece given up to draw the king
    // out counts): a quiet reply's pressure is the search's guess at a plan,
    // and was more often wrong than right.
    let checks = first.is_some_and(|step| step.before.after(step.mv).in_check());
    if !checks {
        return None;
    }
    let bearing = first.and_then(|step| brought_to_bear(&step, mover));
    Some(Positional::KingSafety {
        reply: first.map(Box::new),
        bearing,
        attacked: exposed,
        attacked_better: exposed_better,
    })
}

/// The piece `step` moves (or drops) when from where it lands it attacks a
/// square next to `side`'s king that it did not attack from where it stood.
pub(super) fn brought_to_bear(step: &Step, side: Color) -> Option<Piece> {
    let after = step.before.after(step.mv);
    let king = after.king_square(side)?;
    let piece = after.piece_at(step.mv.to())?;
    let around = piece_attacks(Piece::new(side, PieceKind::King), king, after.occupied());
    let now = piece_attacks(piece, step.mv.to(), after.occupied()) & around;
    let before = step
        .mv
        .from()
        .and_then(|from| {
            Some(piece_attacks(
                step.before.piece_at(from)?,
                from,
                step.before.occupied(),
            ))
        })
        .unwrap_or_default();
    (now & !before).is_nonempty().then_some(piece)
}

/// The piece the move played moved guarded the square the opponent's best
/// reply goes to (by a drop, a move, or a capture of another piece: the
/// material of the line settled, nothing is lost by it), and guards it no
/// more; the reply loses nothing by static exchange after the move, and
/// after the better move, the piece still standing guard, the same move
/// would lose material.
pub(super) fn unguarded(facts: &MoveFacts, better: &Step, reply: &Line) -> Option<Positional> {
    let from = facts.played.from()?;
    let piece = facts.before.piece_at(from)?;
    let first = reply.first()?;
    let (after, square) = (&first.before, first.mv.to());
    let guarded_from =
        |pos: &Position, at: Square| piece_attacks(piece, at, pos.occupied()).has(square);
    let after_better = better.before.after(better.mv);
    let taken_guard = guarded_from(facts.before, from)
        && !guarded_from(after, facts.played.to())
        && square != facts.played.to()
        && see(after, first.mv) >= 0
        && after_better.piece_at(from) == Some(piece)
        && after_better.is_legal(first.mv)
        && see(&after_better, first.mv) < 0;
    taken_guard.then(|| Positional::Unguarded {
        piece,
        from,
        square,
        reply: Box::new(first),
    })
}

/// The opponent's best reply threatens mate, and after the better move and
/// the opponent's reply to it (the better line's second move) no mate is
/// threatened, the search having finished.
pub(super) fn threat_allowed(best: &Line, reply: &Line) -> Option<Positional> {
    let reply = reply.first()?;
    let threat = threat_in(&reply.before.after(reply.mv)).ok().flatten()?;
    let answered = best.steps().get(1).copied()?;
    let after_answer = answered.before.after(answered.mv);
    matches!(threat_in(&after_answer), Ok(None)).then(|| Positional::ThreatAllowed {
        reply: Box::new(reply),
        threat,
    })
}

/// The better move threatens mate and the move played, searched the same
/// way, threatens none.
pub(super) fn missed_threat(facts: &MoveFacts, better: &Step) -> Option<Positional> {
    let threat = threat_in(&better.before.after(better.mv)).ok().flatten()?;
    matches!(threat_in(&facts.before.after(facts.played)), Ok(None))
        .then_some(Positional::MissedThreat { threat })
}

/// The opponent's line promotes a piece, taking nothing and losing nothing
/// by it, within its first three plies: either a promotion there to be made
/// at once after the move (the line may play a forcing move first), which
/// after the better move is illegal or loses; or a piece the first reply
/// brings in (a drop) that promotes next whatever the mover answers, while
/// after the better move some answer stops it. Not where the mover was
/// already lost ([`lost_already`]).
pub(super) fn promotion_allowed(
    facts: &MoveFacts,
    better: &Step,
    reply: &Line,
) -> Option<Positional> {
    if lost_already(facts) {
        return None;
    }
    let steps = reply.steps();
    let first = steps.first()?;
    let after = &first.before;
    let after_better = better.before.after(better.mv);
    for step in steps.iter().take(3).step_by(2) {
        let mv = step.mv;
        if !mv.is_promotion() || !step.before.is_legal(mv) || see(&step.before, mv) < 0 {
            continue;
        }
        let promoted = step.before.after(mv).piece_at(mv.to())?;
        if safe_promotion(&step.before, mv) && safe_promotion(after, mv) {
            if safe_promotion(&after_better, mv) {
                continue;
            }
            let reply = Step {
                before: *after,
                previous_to: first.previous_to,
                mv,
            };
            return Some(Positional::PromotionAllowed {
                reply,
                promoted,
                line: None,
            });
        }
        let brought_in = mv.from() == Some(first.mv.to())
            && promotes_whatever(&after.after(first.mv), first.mv.to())
            && !(after_better.is_legal(first.mv)
                && promotes_whatever(&after_better.after(first.mv), first.mv.to()));
        if brought_in {
            return Some(Positional::PromotionAllowed {
                reply: *first,
                promoted,
                line: Some(Box::new(reply.truncated(3))),
            });
        }
    }
    None
}

/// The opponent's rook or bishop let in by the move ([`breaks_in`] on the
/// review's own futures: the move played and the reply line, the better
/// move and its line, each over the plies a line is shown, settled), with
/// what the better move does there. Not where the mover was already lost
/// ([`lost_already`]).
pub(super) fn break_in(facts: &MoveFacts, best: &Line, reply: &Line) -> Option<Positional> {
    if lost_already(facts) {
        return None;
    }
    let better = best.first().filter(|step| step.mv != facts.played)?;
    let future = future_of(
        facts.before,
        facts.previous_to,
        facts.played,
        reply,
        SHOWN_PLIES - 1,
    );
    let better_future = settled(&best.truncated(SHOWN_PLIES));
    let entry = breaks_in(&future, Some(&better_future)).ok()?;
    Some(Positional::BreakIn {
        played: Box::new(future.first()?),
        promoted: entry.promoted,
        file: up_a_file(&entry.step),
        stop: stop(&better, &entry.step),
        line: Box::new(entry.line),
    })
}

/// A rook or bishop of the opponent's that breaks in ([`breaks_in`]).
pub(super) struct Entry {
    /// The opponent's line from after the move, ending with the promotion.
    pub(super) line: Line,
    /// The promotion.
    pub(super) step: Step,
    /// The piece it becomes.
    pub(super) promoted: Piece,
}

/// The opponent's rook or bishop breaks in on `future` (the move played and
/// the opponent's line, from the position before the move, settled): its
/// part of the line promotes one ([`promotes_soon`]: within its first
/// moves, without loss by static exchange) on a square of the mover's camp,
/// having won nothing on the way;
/// the promoted piece is still on the board at the line's end, where
/// nothing is left to take back; and the opponent has not paid a lance's
/// worth ([`LET_WIN_LOSS`]) for the way in, on the way or by the end. On `better`, the better
/// move's future, no rook or bishop of the opponent's promotes at all.
pub(super) fn breaks_in(future: &Line, better: Option<&Line>) -> Result<Entry, Failure> {
    let mover = future
        .steps()
        .first()
        .ok_or(Failure::NoBreakIn)?
        .before
        .side_to_move();
    let line = opponents_part(future);
    let (ply, step, promoted) = promotes_soon(&line).ok_or(Failure::NoBreakIn)?;
    // Into the camp: a piece dropped there that promotes as it leaves has
    // not broken in where it promotes.
    if step.mv.to().relative_rank(!mover) > 3 {
        return Err(Failure::NoBreakIn);
    }
    // The opponent wins nothing on the way (a piece won first is the point
    // instead) and gives up less than a lance's worth for it, on the way and
    // to the line's end: a bishop that promotes as it takes the mover's and
    // is taken back counts as a horse, above the bishop it won.
    let on_the_way = material_balance(&line.truncated(ply), !mover);
    let kept = follow(&line, ply + 1, step.mv.to()).is_none();
    let unpaid = on_the_way > -LET_WIN_LOSS && material_balance(future, mover) < LET_WIN_LOSS;
    if on_the_way >= MATERIAL_GAIN || !(kept && unpaid) {
        return Err(Failure::NoBreakIn);
    }
    let lets_in_too = better.is_some_and(|better| {
        better
            .steps()
            .iter()
            .filter(|step| step.before.side_to_move() != mover)
            .any(major_promotes)
    });
    if lets_in_too {
        return Err(Failure::BreakInAfterBetter);
    }
    Ok(Entry {
        line: line.truncated(ply + 1),
        step,
        promoted,
    })
}

/// The file `step` promotes a rook on, where it comes up that file (a rook
/// that comes in along a rank, or a bishop, breaks in on a square).
pub(super) fn up_a_file(step: &Step) -> Option<u8> {
    let from = step.mv.from()?;
    let rook = step
        .before
        .piece_at(from)
        .is_some_and(|piece| piece.kind == PieceKind::Rook);
    (rook && from.file() == step.mv.to().file()).then(|| from.file())
}

/// What `better`, the better move, does against the rook or bishop that
/// promotes by `entry` after the move played: the piece it moves or drops
/// attacks the square, or stands on it or in the way there.
pub(super) fn stop(better: &Step, entry: &Step) -> Stop {
    let after = better.before.after(better.mv);
    let at = better.mv.to();
    let square = entry.mv.to();
    let guards = after
        .piece_at(at)
        .is_some_and(|piece| piece_attacks(piece, at, after.occupied()).has(square));
    let blocks = at == square
        || entry
            .mv
            .from()
            .is_some_and(|from| between(from, square).has(at));
    if guards {
        Stop::Guards
    } else if blocks {
        Stop::Blocks
    } else {
        Stop::Otherwise
    }
}

/// The ply of `line` at which the side to move at its start promotes a
/// rook or bishop, on one of its first [`BREAK_IN_PLIES`] plies, onto an
/// empty square or taking a pawn ([`major_promotes`]) and without loss by
/// static exchange, the material about even until then; and the piece it
/// becomes.
pub(super) fn gets_in(line: &Line) -> Option<(usize, Piece)> {
    let (ply, step, promoted) = promotes_soon(line)?;
    let side = step.before.side_to_move();
    let even = material_balance(&line.truncated(ply), side).abs() < MATERIAL_GAIN;
    even.then_some((ply, promoted))
}

/// The first of the moves of the side to move at `line`'s start, on its
/// first [`BREAK_IN_PLIES`] plies, that promotes a rook or bishop
/// ([`major_promotes`]) without loss by static exchange: its ply, the step
/// and the piece it becomes.
fn promotes_soon(line: &Line) -> Option<(usize, Step, Piece)> {
    let (ply, step) = line
        .steps()
        .into_iter()
        .enumerate()
        .take(BREAK_IN_PLIES)
        .step_by(2)
        .find(|(_, step)| major_promotes(step))?;
    let promoted = step.before.after(step.mv).piece_at(step.mv.to())?;
    (see(&step.before, step.mv) >= 0).then_some((ply, step, promoted))
}

/// `step` promotes a rook or bishop onto an empty square, or taking no more
/// than a pawn (a pawn dropped in its way does not stop it).
pub(super) fn major_promotes(step: &Step) -> bool {
    step.mv.is_promotion()
        && step
            .before
            .piece_at(step.mv.to())
            .is_none_or(|taken| taken.kind == PieceKind::Pawn)
        && step
            .mv
            .from()
            .and_then(|from| step.before.piece_at(from))
            .is_some_and(|piece| is_major(piece.kind))
}

/// The opponent's best reply attacks a piece of the mover's (not a pawn or
/// the king; the most valuable such) that it could not win before the
/// reply, and the mover's next move in the line is that piece going away
/// (not by taking: a piece that takes is in an exchange, not driven off);
/// after the better move and the opponent's reply to it, the same piece,
/// followed from where it stood before the move, is not attacked so.
pub(super) fn driven_off(facts: &MoveFacts, best: &Line, reply: &Line) -> Option<Positional> {
    let steps = reply.steps();
    let (first, answer) = (steps.first()?, steps.get(1)?);
    let after_reply = &answer.before;
    let mover = after_reply.side_to_move();
    let square = answer.mv.from()?;
    let piece = after_reply.piece_at(square)?;
    if matches!(piece.kind, PieceKind::Pawn | PieceKind::King)
        || after_reply.in_check()
        || after_reply.piece_at(answer.mv.to()).is_some()
        || !en_prise(after_reply, square)
        || en_prise_after(&first.before, square)
    {
        return None;
    }
    // The words say the reply's piece attacks it: a piece attacked before
    // a check, and still after the answer to it, is not the reply's doing.
    let replier = after_reply.piece_at(first.mv.to())?;
    if !piece_attacks(replier, first.mv.to(), after_reply.occupied()).has(square) {
        return None;
    }
    let from = stood_before(facts, square)?;
    (!attacked_after_better(best, mover, piece, from)).then(|| Positional::DrivenOff {
        piece,
        square,
        line: Box::new(reply.truncated(2)),
    })
}

/// The mover's piece the opponent's best reply attacks ([`Positional::Attacked`]):
/// the most valuable (not a pawn or the king) the replying piece attacks
/// from where it lands, that could be won were the mover to pass and could
/// not before the reply; the mover's answer in the line does not move it
/// or take the attacker (a piece driven off is [`driven_off`]'s); after the
/// better move and the reply to it, the same piece, followed from where it
/// stood before the move, is not attacked so.
pub(super) fn attacked(facts: &MoveFacts, best: &Line, reply: &Line) -> Option<Positional> {
    let steps = reply.steps();
    let (first, answer) = (steps.first()?, steps.get(1)?);
    let after_reply = &answer.before;
    if after_reply.in_check() {
        return None;
    }
    let mover = after_reply.side_to_move();
    let (piece, square) = attacked_from(after_reply, first.mv.to())
        .into_iter()
        .filter(|(piece, square)| {
            piece.kind != PieceKind::King
                && en_prise(after_reply, *square)
                && !en_prise_after(&first.before, *square)
        })
        .max_by_key(|(piece, _)| worth(piece.kind))?;
    if answer.mv.from() == Some(square) || answer.mv.to() == first.mv.to() {
        return None;
    }
    let from = stood_before(facts, square)?;
    // The same reply after the better move, where it can be made, attacks the piece too.
    let better = best.first()?;
    let at = followed_through(&better, from);
    let after_better = better.before.after(better.mv);
    let attacked_anyway = after_better.is_legal(first.mv) && {
        let pos = after_better.after(first.mv);
        pos.piece_at(at) == Some(piece) && en_prise(&pos, at)
    };
    (!attacked_after_better(best, mover, piece, from) && !attacked_anyway).then(|| {
        Positional::Attacked {
            piece,
            square,
            // Settled: a line that ends on a capture shows the recapture
            // too, or it would stop with the opponent seeming to win.
            line: Box::new(settled(&reply.truncated(3))),
        }
    })
}

/// Whether the mover's `piece`, which stood on `from` before the move, is
/// attacked so (could be won were the mover to pass) after the better move
/// and the opponent's reply to it, followed to where the better move takes
/// it; or is not there to tell.
pub(super) fn attacked_after_better(best: &Line, mover: Color, piece: Piece, from: Square) -> bool {
    let Some(better) = best.first() else {
        return true;
    };
    let at = followed_through(&better, from);
    let after_better = end_of(&best.truncated(2));
    after_better.side_to_move() != mover
        || after_better.piece_at(at) != Some(piece)
        || en_prise(&after_better, at)
}

/// Where the piece on `from` stands after `step`: where it goes, if it is
/// the piece that moves.
pub(super) fn followed_through(step: &Step, from: Square) -> Square {
    if step.mv.from() == Some(from) {
        step.mv.to()
    } else {
        from
    }
}

/// The threat the opponent's best reply sets up ([`Positional::ReplyThreat`]):
/// the first of the opponent's next moves in its line, within
/// [`REPLY_THREAT_PLIES`], that promotes or forks and is new by [`new_threat`],
/// where after the better move and the reply to it the same move is no
/// threat.
pub(super) fn reply_threat(best: &Line, reply: &Line) -> Option<Positional> {
    let steps = reply.steps();
    let first = steps.first()?;
    let passed = passed_after(&first.before, first.mv)?;
    // After the better move and the reply to it, the mover passing.
    let answer = best.steps().get(1).copied()?;
    let answered = passed_after(&answer.before, answer.mv)?;
    // The same reply after the better move, where it can be made.
    let same_reply = best
        .first()
        .map(|better| better.before.after(better.mv))
        .and_then(|pos| passed_after(&pos, first.mv));
    let still = |pos: &Position, mv: Move| pos.is_legal(mv) && see(pos, mv) >= 0;
    let (ply, threat) = steps
        .iter()
        .enumerate()
        .take(REPLY_THREAT_PLIES)
        .skip(2)
        .step_by(2)
        .find(|(_, step)| {
            new_threat(&passed, &first.before, step)
                && !still(&answered, step.mv)
                && !same_reply.as_ref().is_some_and(|pos| still(pos, step.mv))
        })?;
    let named = threatened_pieces(&passed, threat.mv);
    Some(Positional::ReplyThreat {
        reply: Box::new(*first),
        threat: threat.mv,
        target: named.first().copied(),
        also: named.get(1).copied(),
        line: Box::new(reply.truncated(ply + 1)),
    })
}

/// The position after `mv` in `pos` with its mover to move again (the
/// other side passing): what `mv` threatens. `None` when `mv` is illegal
/// there or gives check.
pub(super) fn passed_after(pos: &Position, mv: Move) -> Option<Position> {
    if !pos.is_legal(mv) {
        return None;
    }
    let mut passed = pos.after(mv);
    if passed.in_check() {
        return None;
    }
    passed.play_null();
    Some(passed)
}

/// `step`'s move, a promotion or a fork (as [`fork_targets`] has it) that
/// takes nothing but a pawn, is a new threat in `passed` (a position where
/// the side that moved last has passed): playable there at once, losing
/// nothing by static exchange there and where its line plays it, and not
/// so in `earlier`, the position before the move that set it up. (A
/// capture of a piece is the piece it takes, not a threat of what it would
/// attack next; a pawn taken on the way leaves the promotion the point.)
pub(super) fn new_threat(passed: &Position, earlier: &Position, step: &Step) -> bool {
    let mv = step.mv;
    if passed
        .piece_at(mv.to())
        .is_some_and(|taken| taken.kind != PieceKind::Pawn)
    {
        return false;
    }
    let playable = |pos: &Position| pos.is_legal(mv) && see(pos, mv) >= 0;
    let threatens = mv.is_promotion()
        || (passed.is_legal(mv) && fork_targets(passed, mv, !passed.side_to_move()).is_some());
    threatens && playable(passed) && see(&step.before, mv) >= 0 && !playable(earlier)
}

/// The other side's pieces (not pawns or the king) that `mv`, a move in
/// `pos`, would attack from where it lands, the most valuable first.
pub(super) fn threatened_pieces(pos: &Position, mv: Move) -> Vec<(Piece, Square)> {
    let mut named: Vec<(Piece, Square)> = attacked_from(&pos.after(mv), mv.to())
        .into_iter()
        .filter(|(piece, _)| piece.kind != PieceKind::King)
        .collect();
    named.sort_by_key(|(piece, _)| std::cmp::Reverse(worth(piece.kind)));
    named
}

/// `mv` promotes, takes nothing, and loses nothing by static exchange.
pub(super) fn safe_promotion(pos: &Position, mv: Move) -> bool {
    mv.is_promotion() && pos.is_legal(mv) && pos.piece_at(mv.to()).is_none() && see(pos, mv) >= 0
}

/// Whatever the side to move in `pos` answers, the other side's piece on
/// `square` can then promote without loss by static exchange (taking
/// something or not). A check that loses material only puts it off.
pub(super) fn promotes_whatever(pos: &Position, square: Square) -> bool {
    let answers = pos.legal_moves();
    !answers.is_empty()
        && answers.iter().all(|&answer| {
            let next = pos.after(answer);
            (next.in_check() && see(pos, answer) < 0)
                || next.legal_moves().iter().any(|&mv| {
                    mv.from() == Some(square) && mv.is_promotion() && see(&next, mv) >= 0
                })
        })
}

/// How many squares next to `side`'s king the other side attacks.
pub(super) fn king_pressure(pos: &Position, side: Color) -> u32 {
    let Some(king) = pos.king_square(side) else {
        return 0;
    };
    let occupied = pos.occupied();
    piece_attacks(Piece::new(side, PieceKind::King), king, occupied)
        .filter(|&sq| pos.is_attacked(sq, !side, occupied))
        .count() as u32
}
