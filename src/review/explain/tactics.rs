//! The opponent's tactics the move allows: a fork by its best reply (or
//! after an exchange it starts), and a trap or a chase that wins a piece
//! with no way out.

use super::claims::Reason;
use super::facts::*;
use super::loss::{shut_in_after, unpaid_loss_by};

/// How far down the opponent's line a piece chased from square to square
/// is followed: a chase of a rook along the edge takes this long.
pub(super) const CHASE_PLIES: usize = 10;

/// The reply's piece attacks two or more of the mover's pieces that it
/// could win (the king, a more valuable piece, or an unguarded one), the
/// mover cannot simply take it back, the same fork was not there after the
/// better move, and the line wins material by it.
pub(super) fn fork(
    facts: &MoveFacts,
    after: &Position,
    reply: &Line,
    futures: &Futures,
) -> Option<Reason> {
    let fork = reply.first()?;
    let mover = facts.before.side_to_move();
    let targets = fork_targets(after, fork.mv, mover)?;
    let already_there = futures
        .better
        .as_ref()
        .and_then(|line| line.first())
        .is_some_and(|better| {
            let after_better = better.before.after(better.mv);
            after_better.is_legal(fork.mv)
                && fork_targets(&after_better, fork.mv, mover)
                    .is_some_and(|again| again.iter().filter(|t| targets.contains(t)).count() >= 2)
        });
    // The fork wins what it says: one of the pieces it attacks (followed
    // from where it stands after the move, so that a piece the move dropped
    // counts too) is taken on the settled line.
    let opponents = futures.opponents_line();
    let wins_a_target = targets.iter().any(|&(piece, square)| {
        piece.kind != PieceKind::King && captured_at(&opponents, square).is_some()
    });
    if already_there || !wins_a_target || futures.extra_loss() < MATERIAL_GAIN {
        return None;
    }
    let forker = after.after(fork.mv).piece_at(fork.mv.to())?;
    Some(Reason::Fork {
        lead: Box::new(reply.truncated(0)),
        fork,
        forker,
        targets,
        line: opponents,
    })
}

/// The plies of the opponent's line a fork is looked for at beyond the
/// reply: after one exchange (reply, recapture), or two.
pub(super) const FORK_AFTER_PLIES: [usize; 2] = [3, 5];

/// A fork further down the opponent's settled line: the reply starts an
/// exchange, the mover takes back (every move of the mover's before the
/// fork a capture, none of them a piece given away), and the opponent's
/// next move attacks two or more pieces as [`fork_targets`] counts them.
/// Said only when the line then takes one of the forked pieces, loses
/// material against the better move, and the better move's line loses no
/// piece of that kind.
pub(super) fn fork_after_exchange(facts: &MoveFacts, futures: &Futures) -> Option<Reason> {
    let mover = facts.before.side_to_move();
    let line = &futures.played;
    let steps = line.steps();
    if futures.extra_loss() < MATERIAL_GAIN || futures.lost < MATERIAL_GAIN {
        return None;
    }
    for at in FORK_AFTER_PLIES {
        let step = steps.get(at)?;
        let answers_take = steps[1..at]
            .iter()
            .filter(|s| s.before.side_to_move() == mover)
            .all(|s| !s.mv.is_drop() && s.before.piece_at(s.mv.to()).is_some());
        if !answers_take {
            return None;
        }
        let Some(targets) = fork_targets(&step.before, step.mv, mover) else {
            continue;
        };
        // A forked piece that is taken only after taking as much itself
        // (a rook that runs off with a rook) was traded, not won.
        let won = targets
            .iter()
            .find_map(|&(piece, square)| {
                let run = follow(line, at, square)?;
                (piece.kind != PieceKind::King
                    && capture_value(piece.kind) - run.took >= MATERIAL_GAIN)
                    .then_some((piece, run.taken_at))
            })
            .or_else(|| check_wins(&steps, at, &targets, mover));
        let Some((piece, taken_at)) = won else {
            continue;
        };
        // The same piece, followed back to where it stood before the move,
        // is what the better line must not lose; a dropped one stood
        // nowhere, and any of its kind counts.
        let stood = origin(line, taken_at, steps.get(taken_at)?.mv.to());
        let lost_too = futures.better.as_ref().is_some_and(|better| match stood {
            Some(from) => captured_at(better, from).is_some(),
            None => loses_kind(better, mover, piece.kind.unpromoted()),
        });
        if lost_too || gives_away(&line.truncated(taken_at + 1), mover) {
            return None;
        }
        let forker = step.before.after(step.mv).piece_at(step.mv.to())?;
        let opponents = opponents_part(line);
        return Some(Reason::Fork {
            lead: Box::new(opponents.truncated(at - 1)),
            fork: *step,
            forker,
            targets,
            line: Line {
                start: step.before,
                previous_to: step.previous_to,
                moves: line.moves[at..(taken_at + 1).min(line.moves.len())].to_vec(),
            },
        });
    }
    None
}

/// A fork that gives check leaves the mover one answer to the check: when
/// the forker's next move takes a piece of the mover's (one the answer
/// left, or uncovered), that piece is what the fork wins.
pub(super) fn check_wins(
    steps: &[Step],
    at: usize,
    targets: &[(Piece, Square)],
    mover: Color,
) -> Option<(Piece, usize)> {
    let fork = steps.get(at)?;
    let next = steps.get(at + 2)?;
    let checks = targets.iter().any(|(p, _)| p.kind == PieceKind::King);
    let taken = next.before.piece_at(next.mv.to())?;
    (checks
        && next.mv.from() == Some(fork.mv.to())
        && taken.color == mover
        && capture_value(taken.kind) >= MATERIAL_GAIN)
        .then_some((taken, at + 2))
}

/// The opponent's best reply wins a piece of the mover's (the most
/// valuable such, not a pawn) that has no way out: it leaves the piece
/// attacked with every move of it losing material, or it attacks the piece
/// and every move of the mover's until it is taken is that piece fleeing,
/// taking much less than itself on the way. It was not lost before the move
/// (a piece the move dropped counts; one shut in but defended was not),
/// the line (followed further than other reasons, as a chase takes moves)
/// wins it without paying one as valuable back, and the better move's line
/// does not lose it.
pub(super) fn trap(
    facts: &MoveFacts,
    after: &Position,
    best: &Line,
    reply: &Line,
) -> Option<Reason> {
    let trap = reply.first()?;
    let next = after.after(trap.mv);
    let mover = facts.before.side_to_move();
    // A reply that takes the piece the move put there is a piece left
    // hanging (said above when it holds), not a trap.
    if next.in_check() || trap.mv.to() == facts.played.to() {
        return None;
    }
    let chase = future_of(
        facts.before,
        facts.previous_to,
        facts.played,
        reply,
        CHASE_PLIES,
    );
    let better_chase = best
        .first()
        .filter(|better| better.mv != facts.played)
        .map(|_| settled(&best.truncated(CHASE_PLIES + 1)));
    let lost_better = better_chase
        .as_ref()
        .map_or(0, |line| -material_balance(line, mover));
    let found = (next.pieces(mover) & !next.pieces_of_kind(PieceKind::Pawn))
        .filter_map(|sq| {
            let piece = next.piece_at(sq)?;
            if piece.kind == PieceKind::King {
                return None;
            }
            let from = stood_before(facts, sq);
            // Lost already before the move (shut in and not held: a piece
            // shut in but defended was safe), or no attack the reply made.
            let lost_before = from
                .is_some_and(|from| is_trapped(facts.before, from) && en_prise(facts.before, from));
            if lost_before || en_prise_after(after, sq) {
                return None;
            }
            let run = follow(&chase, 2, sq)?;
            // Shut in but not yet to be won, the piece has a move's grace:
            // a move that opens a square for it frees it.
            let trapped =
                is_trapped(&next, sq) && (en_prise(&next, sq) || !can_be_freed(&next, sq));
            let shown = settled(&chase.truncated(run.taken_at + 1));
            let settled_loss = -material_balance(&shown, mover);
            let lost_anyway = better_chase.as_ref().is_some_and(|line| match from {
                Some(from) => captured_at(line, from).is_some(),
                None => loses_kind(line, mover, piece.kind.unpromoted()),
            });
            // The same reply after the better move traps the same piece
            // where it stands: the better move does not avoid it.
            let trapped_anyway = trapped
                && from.is_some_and(|from| {
                    best.first()
                        .filter(|better| better.mv != facts.played)
                        .is_some_and(|better| shut_in_after(&better, trap.mv, from))
                });
            // The piece must be what the chase costs: not paid back by one
            // as valuable (a rook for a bishop), weighed unpromoted, as a
            // rook taken back promoted is still a rook for a rook.
            let unpaid = unpaid_loss_by(&shown, mover, |kind| capture_value(kind.unpromoted()))
                .is_some_and(|loss| loss.ply == run.taken_at);
            let wins = capture_value(piece.kind) - run.took >= MATERIAL_GAIN
                && unpaid
                && settled_loss >= MATERIAL_GAIN
                && settled_loss - lost_better.max(0) >= MATERIAL_GAIN;
            // A piece that takes something while it "flees" is in an
            // exchange, not a chase.
            let chased = run.fled && run.took * 4 <= capture_value(piece.kind);
            ((trapped || chased) && wins && !lost_anyway && !trapped_anyway)
                .then_some((sq, piece, trapped, shown))
        })
        .max_by_key(|(_, piece, _, _)| capture_value(piece.kind))?;
    let (square, piece, trapped, shown) = found;
    Some(Reason::Trap {
        trap,
        piece,
        square,
        chased: !trapped,
        line: opponents_part(&shown),
    })
}

/// The pieces of `mover`'s that `fork` (a move of the opponent's in `pos`)
/// attacks and could win, when there are two or more and the forker
/// cannot simply be taken.
pub(super) fn fork_targets(
    pos: &Position,
    fork: Move,
    mover: Color,
) -> Option<Vec<(Piece, Square)>> {
    let next = pos.after(fork);
    let square = fork.to();
    let forker = next.piece_at(square)?;
    let occupied = next.occupied();
    let targets: Vec<(Piece, Square)> = attacked_from(&next, square)
        .into_iter()
        .filter(|&(p, sq)| {
            p.kind == PieceKind::King
                || worth(p.kind) > worth(forker.kind)
                || next.attackers_to(sq, mover, occupied).is_empty()
        })
        .collect();
    if targets.len() < 2 {
        return None;
    }
    let answered = capture_gain(&next, square).is_some_and(|gain| gain >= 0);
    (!answered).then_some(targets)
}
