//! What a better move achieves that the move played does not: the material
//! or the piece its line wins, a piece it takes before it can strike, an
//! attack, a threat, a check, a promotion, a way into the camp.

use super::claims::{Gain, Reason};
use super::facts::*;
use super::loss::unpaid_loss;
use super::opening::castle_built;
use super::positional::{gets_in, major_promotes, new_threat, passed_after, threatened_pieces};
use super::win_threat::better_threatens;

/// The plies of the better move's line within which a piece it attacks
/// must move away or be taken for the attack to be named: the opponent's
/// next two moves (one may answer a counter-attack first).
const ATTACK_PLIES: usize = 4;

/// The plies of the better move's line (from the move) within which a
/// piece of the opponent's that has not moved must be left with no safe
/// square to be called cornered: the opponent's first two turns.
const CORNERED_STILL_PLIES: usize = 3;

/// What the better move does that the move played does not, as a reason: the
/// gain its line shows, or a better position and nothing more visible.
pub(super) fn better_move(facts: &MoveFacts, best: &Line, played: &Line) -> Option<Reason> {
    let first = best.first()?;
    // Material is counted once no capture is pending at the line's end,
    // so neither a capture at its end nor an exchange cut short is taken
    // for a win.
    let line = settled(&best.truncated(SHOWN_PLIES));
    let mover = facts.before.side_to_move();
    let won_soon = material_balance(&settled(&best.truncated(SOON_PLIES + 1)), mover);
    // The second look searched the position after the better move by itself: material it
    // does not see won, soon and at its line's end alike, is not claimed, nor a piece trapped
    // that its line does not take.
    let checked = checked_future(facts, &first, SHOWN_PLIES);
    let won_checked = [
        checked.as_ref(),
        checked_future(facts, &first, SOON_PLIES + 1).as_ref(),
    ]
    .into_iter()
    .flatten()
    .map(|line| material_balance(line, mover))
    .min();
    // What the move played took too, on the same square, is no gain of the
    // better move's.
    let taken_by_both = played_takes(facts, first.mv.to()).map_or(0, |p| capture_value(p.kind));
    let won = material_balance(&line, mover)
        .min(won_soon)
        .min(won_checked.unwrap_or(i32::MAX))
        - taken_by_both;
    // A capture race still running where the settling stopped wins nothing
    // that can be told.
    // Nor is a win that comes from the opponent's own weak reply inside
    // the line.
    let fair = is_settled(&line) && !gives_away(&line, !mover);
    // Nor is a count of material one the settling had to run on several
    // squares (each side grabbing in turn, past the plies the engine
    // chose): a piece the engine's own plies win is named instead.
    let counted = fair && !race_settled(&line, best.truncated(SHOWN_PLIES).moves.len());
    // The line a capture's sentence shows: the engine's first moves, settled.
    let capture_line = settled(&best.truncated(SOON_PLIES));
    let gain = if won >= LET_WIN_LOSS && counted {
        Gain::Material(worth_of(won))
    } else if let Some((piece, square)) = traps(played, &first, &line).filter(|&(_, square)| {
        fair && checked
            .as_ref()
            .is_none_or(|line| captured_at(line, square).is_some())
    }) {
        Gain::Trap { piece, square }
    } else if let Some(kind) = kept_capture(&first, won, played).filter(|_| {
        // The line the sentence shows must keep the capture too: its own
        // settling may take the piece back.
        fair && material_balance(&capture_line, mover) >= MATERIAL_GAIN
    }) {
        Gain::Capture(kind)
    } else if let Some(strike) = forestalls(&first, played) {
        Gain::Forestall {
            piece: strike.piece,
            square: strike.square,
            played: facts.played,
            reply: strike.reply,
        }
    } else if first.before.after(first.mv).in_check() {
        Gain::Check
    } else if let Some((targets, answered_at)) = attacks(facts, &first, best, &line, played)
        .filter(|_| !same_move_unpromoted(facts.played, first.mv))
    {
        // A promotion that attacks a piece the line then wins or drives
        // off is named by the attack: that is what it is for, unless the
        // move played was the same move, not promoting.
        let line = best.truncated((answered_at + 1).max(SOON_PLIES));
        let (piece, square) = targets[0];
        let gain = Gain::Attack {
            piece,
            square,
            also: targets.get(1).copied(),
        };
        return Some(Reason::BetterMove {
            line,
            gain,
            chance_best: facts.score_before.win_chance(),
            chance_played: facts.score_after.win_chance(),
        });
    } else if let Some((piece, square, ply)) =
        wins(&first, &line, checked.as_ref(), played).filter(|_| fair && won >= MATERIAL_GAIN)
    {
        // The line up to the capture shows how the piece is won.
        return Some(Reason::BetterMove {
            line: line.truncated((ply + 1).max(SOON_PLIES)),
            gain: Gain::Wins { piece, square },
            chance_best: facts.score_before.win_chance(),
            chance_played: facts.score_after.win_chance(),
        });
    } else if let Some((piece, square)) = takes(facts, &first) {
        Gain::Takes {
            piece,
            square,
            promotes: first.mv.is_promotion(),
        }
    } else if first.mv.is_promotion()
        && !taken_at_once(best)
        && !promotes_same_piece(facts.played, first.mv)
    {
        // A promoted piece the line takes at once was not promoted for its
        // own sake; one the move played promoted too is no difference.
        first
            .before
            .piece_at(first.mv.from()?)
            .and_then(|p| p.kind.promoted())
            .map_or(Gain::Position, Gain::Promotion)
    } else if let Some((ply, promoted)) = gets_in(best).filter(|&(ply, _)| {
        // The mover's own way in is named only onto an empty square: a pawn
        // taken there is one the opponent may defend instead, as the threat
        // it is ([`sets_up`]).
        let onto_empty = best
            .steps()
            .get(ply)
            .is_some_and(|step| step.before.piece_at(step.mv.to()).is_none());
        ply > 0
            && onto_empty
            && !played
                .steps()
                .iter()
                .take(ply + 1)
                .step_by(2)
                .any(major_promotes)
    }) {
        return Some(Reason::BetterMove {
            line: best.truncated(ply + 1),
            gain: Gain::BreakIn { promoted },
            chance_best: facts.score_before.win_chance(),
            chance_played: facts.score_after.win_chance(),
        });
    } else if let Some(threat) = sets_up(facts, best, played) {
        return Some(Reason::BetterMove {
            line: best.truncated(3),
            gain: threat,
            chance_best: facts.score_before.win_chance(),
            chance_played: facts.score_after.win_chance(),
        });
    } else if let Some(castle) = castle_built(facts, &first) {
        Gain::Castle(castle)
    } else if let Some(threat) = better_threatens(facts, &first) {
        // Last of all: a threat to win a piece is what the better move
        // does when nothing above names a gain.
        threat
    } else {
        Gain::Position
    };
    // With no material gain to show, a long line is only the search's
    // guess and hard to follow: the engine's first moves show what the move
    // does. No material is claimed, so they are not extended by captures
    // the engine did not choose.
    let line = match gain {
        Gain::Position
        | Gain::Check
        | Gain::Promotion(_)
        | Gain::Forestall { .. }
        | Gain::Takes { .. }
        | Gain::Castle(_)
        | Gain::Threatens { .. } => best.truncated(SOON_PLIES),
        Gain::Capture(_) => capture_line,
        _ => line,
    };
    Some(Reason::BetterMove {
        line,
        gain,
        chance_best: facts.score_before.win_chance(),
        chance_played: facts.score_after.win_chance(),
    })
}

/// The opponent's piece the better move's settled `line` takes, within the
/// plies it shows, and does not pay back with one as valuable (the most
/// valuable such, not a pawn), standing where it stood before the better
/// move and taken there, and the ply it is taken at: the
/// second look's line (`checked`, where one was made) takes it too, and
/// the move played's future (`played`) does not.
fn wins(
    better: &Step,
    line: &Line,
    checked: Option<&Line>,
    played: &Line,
) -> Option<(Piece, Square, usize)> {
    let mover = better.before.side_to_move();
    let loss = unpaid_loss(line, !mover)?;
    let square = loss.square;
    let stood = better.before.piece_at(square) == Some(loss.piece);
    let taken_there = origin(line, loss.ply, square) == Some(square);
    let seen_again = checked.is_none_or(|line| captured_at(line, square).is_some());
    let taken_anyway = captured_at(played, square).is_some();
    let shown = loss.ply < SHOWN_PLIES;
    (loss.piece.kind != PieceKind::Pawn
        && shown
        && stood
        && taken_there
        && seen_again
        && !taken_anyway)
        .then_some((loss.piece, square, loss.ply))
}

/// The better move and the second look's line after it, over `plies`, settled; `None`
/// where no second look was made.
fn checked_future(facts: &MoveFacts, better: &Step, plies: usize) -> Option<Line> {
    if facts.checked_line.is_empty() {
        return None;
    }
    let mut moves = vec![better.mv];
    moves.extend_from_slice(facts.checked_line);
    let line = Line::legal(facts.before, facts.previous_to, &moves);
    Some(settled(&line.truncated(plies)))
}

/// The opponent's piece (not a pawn) the better move takes and where, when
/// the exchange it starts loses nothing and the move played takes nothing
/// on that square.
fn takes(facts: &MoveFacts, better: &Step) -> Option<(Piece, Square)> {
    let square = better.mv.to();
    let piece = better
        .before
        .piece_at(square)
        .filter(|piece| piece.kind != PieceKind::Pawn && !better.mv.is_drop())?;
    (played_takes(facts, square).is_none() && see(&better.before, better.mv) >= 0)
        .then_some((piece, square))
}

/// The piece the move played took on `square`, if it went there taking one
/// (a drop lands only on an empty square).
fn played_takes(facts: &MoveFacts, square: Square) -> Option<Piece> {
    (facts.played.to() == square)
        .then(|| facts.before.piece_at(square))
        .flatten()
}

/// The threat the better move sets up: the mover's next move in its line
/// (`best`), a promotion or a fork (as [`fork_targets`] has it), that loses
/// nothing by static exchange where the line plays it, could
/// be played at once were the opponent to pass after the better move, could
/// not be played (or lost material) before it, and is not the mover's next
/// move in the move played's line (`played`, from before the move).
fn sets_up(facts: &MoveFacts, best: &Line, played: &Line) -> Option<Gain> {
    let steps = best.steps();
    let (better, threat) = (steps.first()?, steps.get(2)?);
    let passed = passed_after(&better.before, better.mv)?;
    let new = new_threat(&passed, facts.before, threat) && played.moves.get(2) != Some(&threat.mv);
    if !new {
        return None;
    }
    let named = threatened_pieces(&passed, threat.mv);
    Some(Gain::Threat {
        threat: threat.mv,
        target: named.first().copied(),
        also: named.get(1).copied(),
    })
}

/// `played` promotes the piece `better` (a promotion, never a drop)
/// promotes, from the same square.
fn promotes_same_piece(played: Move, better: Move) -> bool {
    played.is_promotion() && played.from() == better.from()
}

/// `played` is `better` without its promotion.
fn same_move_unpromoted(played: Move, better: Move) -> bool {
    better.is_promotion()
        && !played.is_promotion()
        && played.from() == better.from()
        && played.to() == better.to()
}

/// The kind of piece the better move takes, when it wins by static
/// exchange, the line keeps most of it (`won`, settled, soon and at the
/// end) and the move played's future wins clearly less.
fn kept_capture(better: &Step, won: i32, played: &Line) -> Option<PieceKind> {
    let taken = better
        .before
        .piece_at(better.mv.to())
        .filter(|_| !better.mv.is_drop())?;
    let mover = better.before.side_to_move();
    let kept = won >= MATERIAL_GAIN && won * 4 >= capture_value(taken.kind) * 3;
    let played_won = material_balance(played, mover);
    (see(&better.before, better.mv) > 0 && kept && played_won + MATERIAL_GAIN <= won)
        .then_some(taken.kind.unpromoted())
}

/// A capture the opponent's `piece` on `square` makes as its reply to the
/// move played: `reply`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Strike {
    piece: Piece,
    square: Square,
    reply: Move,
}

/// The opponent's piece the better move takes before it can strike in the
/// move played's future: the opponent's reply there is that piece's capture,
/// which promotes or whose line costs the mover material. The better move
/// loses nothing by the exchange it starts. A strike further down the line
/// is not named: the piece could as well have been taken a move later, and
/// the reply the move played allowed is another.
pub(super) fn forestalls(better: &Step, played: &Line) -> Option<Strike> {
    let mover = better.before.side_to_move();
    let square = better.mv.to();
    let piece = better.before.piece_at(square)?;
    if better.mv.is_drop() || piece.color == mover || see(&better.before, better.mv) < 0 {
        return None;
    }
    let reply = played.steps().get(1).copied()?;
    let takes = reply.before.piece_at(reply.mv.to()).is_some();
    let costs = material_balance(played, mover) <= -MATERIAL_GAIN;
    (reply.before.piece_at(square) == Some(piece)
        && reply.mv.from() == Some(square)
        && takes
        && (reply.mv.is_promotion() || costs))
        .then_some(Strike {
            piece,
            square,
            reply: reply.mv,
        })
}

/// The opponent's piece (the most valuable such, not a pawn) that the
/// better move's settled line hunts down and takes at a gain, within its
/// first [`SHOWN_PLIES`]: after the
/// better move it is attacked with no safe move, or every move the
/// opponent makes until it is taken is that piece fleeing an attack (it
/// was chased), or every move it makes is such a flight to its one safe
/// square and on the way it is left attacked with no safe move (cornered
/// while the opponent plays elsewhere); what it takes on the way is worth
/// much less than it; the move played's future does not take it.
pub(super) fn traps(played: &Line, better: &Step, line: &Line) -> Option<(Piece, Square)> {
    let mover = better.before.side_to_move();
    if material_balance(line, mover) < MATERIAL_GAIN {
        return None;
    }
    let before = &better.before;
    let after_better = before.after(better.mv);
    // A piece dropped to hunt that the opponent can take at once for
    // nothing traps nothing.
    if better.mv.is_drop() && taken_for_nothing(&after_better, better.mv.to()) {
        return None;
    }
    let steps = line.steps();
    let hunted = |sq: Square| {
        // Taken where the line is shown, not in the captures that settle it:
        // a piece won only at the end of a long exchange elsewhere was not
        // what the move trapped.
        let Some(taken) = captured_at(line, sq).filter(|&ply| ply < SHOWN_PLIES) else {
            return false;
        };
        let mut at = sq;
        let mut chased = true;
        // Every move the piece makes is a flight, and on the way it is
        // caught with no safe square left (the opponent's other moves in
        // between change nothing for it).
        let mut fled = true;
        let mut flights = 0;
        let mut cornered = false;
        // What the piece takes while it flees: a piece that "flees" by
        // taking one as good (a bishop for a bishop) is traded, not won.
        let mut took = 0;
        for (ply, step) in steps.iter().enumerate().take(taken).skip(1) {
            if step.before.side_to_move() == mover {
                continue;
            }
            // A piece that has not moved is cornered by the better move's
            // first strokes (its next move and the one after), not at the
            // end of a long line.
            cornered |=
                (flights > 0 || ply <= CORNERED_STILL_PLIES) && is_trapped(&step.before, at);
            // Chased: each move of the opponent's is the piece fleeing an
            // attack, not a piece walking into a capture of its own accord.
            let attacked = step.before.is_attacked(at, mover, step.before.occupied());
            match step.mv.from() {
                Some(from) if from == at && attacked => {
                    // A flight chosen among several safe squares may have
                    // picked the wrong one: only a forced one is the hunt's.
                    fled &= safe_squares(&step.before, at) <= 1;
                    flights += 1;
                    took += step
                        .before
                        .piece_at(step.mv.to())
                        .map_or(0, |p| capture_value(p.kind));
                    at = step.mv.to();
                }
                Some(from) if from == at => {
                    chased = false;
                    fled = false;
                }
                _ => chased = false,
            }
        }
        let worth = before.piece_at(sq).map_or(0, |p| capture_value(p.kind));
        (chased || is_trapped(&after_better, sq) || (fled && cornered))
            && worth - took >= MATERIAL_GAIN
            && captured_at(played, sq).is_none()
    };
    let square = (before.pieces(!mover) & !before.pieces_of_kind(PieceKind::Pawn))
        .filter(|&sq| {
            before
                .piece_at(sq)
                .is_some_and(|p| p.kind != PieceKind::King)
        })
        .filter(|&sq| after_better.piece_at(sq) == before.piece_at(sq))
        .filter(|&sq| hunted(sq))
        .max_by_key(|&sq| before.piece_at(sq).map_or(0, |p| capture_value(p.kind)))?;
    Some((before.piece_at(square)?, square))
}

/// The opponent's pieces (not pawns, not the king; the most valuable
/// first) that the better move attacks: each could be won at once were the
/// opponent to pass after it, could not be before it, and is not so after
/// the move played. Said only when the attack tells in the better line:
/// within the opponent's next two moves the piece named first (the most
/// valuable one for which this holds; a less valuable one may follow it)
/// moves away (not by taking the piece the better move played: that was a
/// sacrifice, not an attack), or the mover takes it (the ply it does so is
/// returned); the better move's piece cannot itself be taken at once for
/// nothing; and after the move played the opponent's reply is not that
/// same piece moving off anyway (the attack then changes nothing), unless
/// the better move's settled future (`better_future`) takes the piece and
/// the move played's (`played_future`) does not: the piece got away after
/// the move played and is lost after the better move, within the
/// opponent's next two moves, so the attack is what changed. An attack a
/// check makes is the check's.
fn attacks(
    facts: &MoveFacts,
    better: &Step,
    best: &Line,
    better_future: &Line,
    played_future: &Line,
) -> Option<(Vec<(Piece, Square)>, usize)> {
    let before = &better.before;
    let mover = before.side_to_move();
    let after_better = before.after(better.mv);
    // A piece the opponent can take at once for nothing attacks nothing.
    if taken_for_nothing(&after_better, better.mv.to()) {
        return None;
    }
    let after_played = before.after(facts.played);
    let mut targets: Vec<(Piece, Square)> = (after_better.pieces(!mover)
        & !after_better.pieces_of_kind(PieceKind::Pawn))
    .filter_map(|sq| Some((after_better.piece_at(sq)?, sq)))
    .filter(|&(piece, sq)| {
        piece.kind != PieceKind::King
            && en_prise(&after_better, sq)
            && !en_prise_after(before, sq)
            && !(after_played.piece_at(sq) == Some(piece) && en_prise(&after_played, sq))
    })
    .collect();
    targets.sort_by_key(|&(piece, _)| -capture_value(piece.kind));
    let steps = best.steps();
    let answered = |square: Square| {
        steps
            .iter()
            .enumerate()
            .take(ATTACK_PLIES + 1)
            .skip(1)
            .find_map(|(ply, step)| {
                let moved = step.before.side_to_move() != mover
                    && step.mv.from() == Some(square)
                    && step.mv.to() != better.mv.to();
                let taken = step.before.side_to_move() == mover
                    && step.mv.to() == square
                    && !step.mv.is_drop();
                (moved || taken).then_some(ply)
            })
    };
    let reply = facts.reply_line.first().copied();
    // The most valuable piece whose attack tells; a more valuable one the
    // opponent simply guards is not named.
    let (at, answered_at) = targets.iter().enumerate().find_map(|(i, &(_, square))| {
        let lost_only_after_better = captured_at(better_future, square)
            .is_some_and(|ply| ply <= ATTACK_PLIES)
            && captured_at(played_future, square).is_none();
        let moves_anyway =
            reply.is_some_and(|mv| mv.from() == Some(square)) && !lost_only_after_better;
        answered(square)
            .filter(|_| !moves_anyway)
            .map(|ply| (i, ply))
    })?;
    let mut named = targets.split_off(at);
    named.truncate(2);
    Some((named, answered_at))
}

/// The settling of a line (the moves past its first `shown`) took on a new
/// square, not taking back where the move before landed, twice or more: a
/// race of captures, each side grabbing in turn, not an exchange finished.
fn race_settled(line: &Line, shown: usize) -> bool {
    let grabs = line
        .moves
        .windows(2)
        .skip(shown.saturating_sub(1))
        .filter(|pair| pair[1].to() != pair[0].to())
        .count();
    grabs >= 2
}

/// The piece whose capture is worth about `material` centipawns.
fn worth_of(material: i32) -> PieceKind {
    PieceKind::HAND
        .into_iter()
        .min_by_key(|&kind| (capture_value(kind) - material).abs())
        .unwrap_or(PieceKind::Pawn)
}
