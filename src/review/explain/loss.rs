//! Material the move lets the opponent win: a piece left hanging (or
//! attacked already and saved too slowly), a rook or bishop lost down the
//! line, the one piece a settled line's loss comes to, a pawn pushed or
//! dropped where it is won at once. Each is weighed on both settled
//! futures: what the better move loses too is not blamed on the move.

use super::claims::Reason;
use super::facts::*;

/// How far down the opponent's line a lost rook or bishop is looked for.
pub(super) const MAJOR_LOOK_AHEAD: usize = 6;

/// Material (centipawns, capture values) a line must cost the mover for a
/// lost rook or bishop to be named: about a silver, so a trade is not.
pub(super) const MAJOR_LOSS: i32 = 800;

/// The opponent's line wins material the better move would not have lost,
/// counted over the settled future from before the move (what the move
/// itself took included), within a few plies and at the line's end alike;
/// said only as the piece that pays for it: the most valuable piece of the
/// mover's the short line takes that is not paid back by one as good (a
/// trade of bishops is no loss), worth the loss on its own, of a kind the
/// better move's short line does not lose. Where every piece the short line
/// takes is paid back so, the piece is looked for on the whole line (a
/// trade that opens the way to a piece further on). A loss spread over
/// several small captures has no one reason to teach, and is not said.
pub(super) fn opponent_wins(futures: &Futures, mover: Color) -> Option<Reason> {
    let lost = futures.lost.min(futures.lost_soon);
    let extra = futures.extra_loss().min(futures.extra_loss_soon());
    if lost < LET_WIN_LOSS || extra < LET_WIN_LOSS {
        return None;
    }
    let soon = (&futures.played_soon, futures.better_soon.as_ref());
    if let Some(loss) = unpaid_loss(&futures.played_soon, mover) {
        return piece_lost(futures, mover, soon, loss);
    }
    // Every piece the short line takes is paid back: the first piece the
    // whole line takes unpaid, where the line is settled, is what the
    // exchange cost.
    (1..=futures.played.moves.len()).find_map(|plies| {
        let cut = futures.played.truncated(plies);
        let loss = unpaid_loss(&cut, mover)?;
        piece_lost(futures, mover, (&cut, futures.better.as_ref()), loss)
    })
}

/// A piece of the mover's a line takes, and what the mover wins back on
/// the line beside the exchanges paid in full.
pub(super) struct Loss {
    pub(super) ply: usize,
    pub(super) piece: Piece,
    pub(super) square: Square,
    /// The worth of what is won back.
    pub(super) won_back: i32,
    /// The piece won back, when it is one.
    pub(super) paid_with: Option<Piece>,
}

impl Loss {
    /// Whether the piece is worth naming and is not won back in full (a
    /// piece won back for as much as it is worth is an exchange, not a loss).
    fn is_a_loss(&self) -> bool {
        let worth = given_value(self.piece.kind);
        worth >= LET_WIN_LOSS && self.won_back < worth
    }

    /// "The opponent wins this piece", on the opponent's `line`; `later`
    /// when the capture lies past the plies a line is shown.
    fn reason(self, line: Line, later: bool) -> Reason {
        Reason::OpponentWins {
            line,
            piece: self.piece,
            square: self.square,
            cost: self
                .paid_with
                .filter(|p| given_value(p.kind) >= MATERIAL_GAIN)
                .map(|p| p.kind.unpromoted()),
            later,
        }
    }
}

/// The most valuable piece of the mover's `line` takes that no piece of
/// the opponent's it takes (as valuable or more, each counted once) pays
/// for, and what the mover's other captures come to.
pub(super) fn unpaid_loss(line: &Line, mover: Color) -> Option<Loss> {
    unpaid_loss_by(line, mover, given_value)
}

/// [`unpaid_loss`] with the pieces weighed by `value`.
pub(super) fn unpaid_loss_by(
    line: &Line,
    mover: Color,
    value: fn(PieceKind) -> i32,
) -> Option<Loss> {
    let steps = line.steps();
    let taken = |side: Color| {
        let mut found: Vec<(usize, Piece, Square)> = steps
            .iter()
            .enumerate()
            .filter(|(_, step)| step.before.side_to_move() == side && !step.mv.is_drop())
            .filter_map(|(ply, step)| {
                Some((ply, step.before.piece_at(step.mv.to())?, step.mv.to()))
            })
            .filter(|(_, piece, _)| piece.color != side)
            .collect();
        found.sort_by_key(|&(_, piece, _)| -value(piece.kind));
        found
    };
    let mut won: Vec<Piece> = taken(mover)
        .into_iter()
        .map(|(_, piece, _)| piece)
        .collect();
    for (ply, piece, square) in taken(!mover) {
        let worth = value(piece.kind);
        match won.iter().position(|back| value(back.kind) >= worth) {
            Some(paid) => {
                won.remove(paid);
            }
            None => {
                return Some(Loss {
                    ply,
                    piece,
                    square,
                    won_back: won.iter().map(|p| value(p.kind)).sum(),
                    paid_with: match won.as_slice() {
                        [one] => Some(*one),
                        _ => None,
                    },
                });
            }
        }
    }
    None
}

/// The reason for `loss` on one of the futures (`line` and the better
/// move's line over as many plies), when it holds there: the line fair (no
/// weak reply of the mover's in it), the piece worth the loss and lost on
/// balance, not won back in full, and neither it nor one of its kind lost
/// after the better move.
fn piece_lost(
    futures: &Futures,
    mover: Color,
    (line, better): (&Line, Option<&Line>),
    loss: Loss,
) -> Option<Reason> {
    let (ply, piece, square) = (loss.ply, loss.piece, loss.square);
    // A line in which the mover later gives a piece away, or leaves this
    // one attacked where it could have stepped aside, counts its own weak
    // reply, not the move's cost.
    let fair = is_settled(line) && !gives_away(line, mover) && !left_to_fall(line, mover, ply);
    let kind = piece.kind.unpromoted();
    let lost_too = better.is_some_and(|line| loses_kind(line, mover, kind));
    let from = origin(line, ply, square);
    let trapped_too = from.is_some_and(|from| trapped_after_better(futures, from));
    // The same piece taken in the better move's line, even where that line
    // wins one of its kind back, is no loss of the move's; traded there at
    // once for as much, it is (the move's line pays less for it).
    let taken_too = from.is_some_and(|from| {
        [futures.better.as_ref(), futures.better_soon.as_ref()]
            .into_iter()
            .flatten()
            .any(|line| captured_at(line, from).is_some_and(|ply| !traded_at_once(line, ply)))
    });
    if !fair
        || !loss.is_a_loss()
        || lost_too
        || trapped_too
        || taken_too
        || !loses_kind(line, mover, kind)
    {
        return None;
    }
    Some(loss.reason(opponents_part(line), false))
}

/// The piece the line takes at `ply` is taken back at once, on the same
/// square, by a capture of a piece worth as much: an even trade.
pub(super) fn traded_at_once(line: &Line, ply: usize) -> bool {
    let steps = line.steps();
    let (Some(taken), Some(back)) = (steps.get(ply), steps.get(ply + 1)) else {
        return false;
    };
    let worth = |step: &Step| {
        step.before
            .piece_at(step.mv.to())
            .map(|p| given_value(p.kind))
    };
    back.mv.to() == taken.mv.to()
        && !back.mv.is_drop()
        && worth(back)
            .zip(worth(taken))
            .is_some_and(|(back, taken)| back >= taken)
}

/// Whether the opponent's first reply to the move played, made after the
/// better move instead, leaves the mover's piece standing on `from` (where
/// it stood before the move) attacked with no safe square: then the better
/// move does not save it either.
fn trapped_after_better(futures: &Futures, from: Square) -> bool {
    match (
        futures.better.as_ref().and_then(Line::first),
        futures.played.steps().get(1),
    ) {
        (Some(better), Some(reply)) => shut_in_after(&better, reply.mv, from),
        _ => false,
    }
}

/// `reply` played after `better` leaves the mover's piece on `from`, where
/// it stood before the better move, attacked with no safe square, and no
/// attacker of it can be taken without loss (a piece shut in whose
/// attacker is taken is saved).
pub(super) fn shut_in_after(better: &Step, reply: Move, from: Square) -> bool {
    let after_better = better.before.after(better.mv);
    if after_better.piece_at(from) != better.before.piece_at(from) || !after_better.is_legal(reply)
    {
        return false;
    }
    let pos = after_better.after(reply);
    is_trapped(&pos, from) && !attacker_taken(&pos, from)
}

/// The side to move can take a piece attacking its piece on `square`
/// without loss by static exchange.
fn attacker_taken(pos: &Position, square: Square) -> bool {
    pos.attackers_to(square, !pos.side_to_move(), pos.occupied())
        .any(|attacker| capture_gain(pos, attacker).is_some_and(|gain| gain >= 0))
}

/// The opponent's line wins the pawn the move pushed (or dropped:
/// [`dropped_pawn_lost`]), outright and soon:
/// within the first few plies, settled, the only piece of the mover's it
/// takes is that pawn (followed from where it stood before the move; a pawn
/// lost elsewhere is more often a side effect than the move's lesson), the
/// loss holds
/// at the line's end too, the mover loses a pawn's worth more than after
/// the better move, and the better move's line does not take that pawn. A
/// pawn is below what [`opponent_wins`] names from a count alone; one pawn,
/// followed square by square and lost within three plies, is a lesson of
/// its own ("P-2d left the pawn where R-2f wins it").
pub(super) fn pawn_lost(facts: &MoveFacts, futures: &Futures) -> Option<Reason> {
    let mover = facts.before.side_to_move();
    let soon = &futures.played_soon;
    let fair = is_settled(soon) && !gives_away(soon, mover);
    let lost = futures.lost.min(futures.lost_soon);
    let extra = futures.extra_loss().min(futures.extra_loss_soon());
    if !fair || lost < MATERIAL_GAIN || extra < MATERIAL_GAIN {
        return None;
    }
    if facts.played.is_drop() {
        return dropped_pawn_lost(futures, mover);
    }
    let start = &soon.start;
    let mut taken = start
        .pieces(mover)
        .filter_map(|sq| Some((sq, captured_at(soon, sq)?)));
    let (from, ply) = taken.next()?;
    let piece = start.piece_at(from)?;
    if taken.next().is_some() || piece.kind != PieceKind::Pawn || facts.played.from() != Some(from)
    {
        return None;
    }
    let taken_too = [futures.better.as_ref(), futures.better_soon.as_ref()]
        .into_iter()
        .flatten()
        .any(|line| captured_at(line, from).is_some_and(|ply| ply < SHOWN_PLIES));
    if taken_too {
        return None;
    }
    let square = soon.steps().get(ply)?.mv.to();
    Some(Reason::OpponentWins {
        line: opponents_part(soon),
        piece,
        square,
        cost: None,
        later: false,
    })
}

/// The same for a pawn the move dropped: it is the only piece of the
/// mover's the short line takes, and the better move's line loses no pawn.
fn dropped_pawn_lost(futures: &Futures, mover: Color) -> Option<Reason> {
    let soon = &futures.played_soon;
    let after_drop = opponents_part(soon);
    let dropped = soon.first()?.mv.to();
    let piece = after_drop
        .start
        .piece_at(dropped)
        .filter(|piece| piece.kind == PieceKind::Pawn)?;
    let ply = captured_at(&after_drop, dropped)?;
    let others_taken = soon
        .start
        .pieces(mover)
        .any(|sq| captured_at(soon, sq).is_some());
    let lost_too = [futures.better.as_ref(), futures.better_soon.as_ref()]
        .into_iter()
        .flatten()
        .any(|line| loses_kind(line, mover, PieceKind::Pawn));
    if others_taken || lost_too {
        return None;
    }
    let square = after_drop.steps().get(ply)?.mv.to();
    Some(Reason::OpponentWins {
        line: after_drop,
        piece,
        square,
        cost: None,
        later: false,
    })
}

/// The reply captures a piece of the mover's and wins material by it, and
/// the better move's line does not lose that same piece (followed from
/// where it stood before the move).
pub(super) fn left_hanging(
    facts: &MoveFacts,
    after: &Position,
    reply: &Line,
    futures: &Futures,
) -> Option<Reason> {
    let taken_with = reply.first()?;
    let square = taken_with.mv.to();
    let piece = after.piece_at(square)?;
    let mover = facts.before.side_to_move();
    // What the move itself took is set against what the reply wins: a
    // recapture in an even trade leaves nothing hanging.
    let took = facts
        .before
        .piece_at(facts.played.to())
        .filter(|_| !facts.played.is_drop())
        .map_or(0, |p| capture_value(p.kind));
    if piece.color != mover || taken_with.mv.is_drop() || see(after, taken_with.mv) <= took {
        return None;
    }
    let moved_there = facts.played.to() == square;
    // A piece that stood on the board is followed from where it stood (the
    // ply the better move's line takes it at, if it does); a dropped one
    // stood nowhere, and is lost anyway when the better move's line loses
    // one of its kind too (a pawn dropped there as well).
    let stood = stood_before(facts, square);
    let taken_after_better = futures
        .better
        .as_ref()
        .and_then(|better| captured_at(better, stood?));
    // Taken only where the better move's line is settled, long after, the
    // piece is lost to a capture race the better move starts, not anyway.
    let lost_anyway = futures.better.as_ref().is_some_and(|better| match stood {
        Some(_) => taken_after_better.is_some_and(|ply| ply < SHOWN_PLIES),
        None => loses_kind(better, mover, piece.kind.unpromoted()),
    });
    // A piece dropped where it is taken at once, and not taken back, is
    // lost whatever the line does later elsewhere; so is one (not a pawn,
    // [`pawn_lost`]'s) moved there by the move whose capture by the reply
    // wins a pawn's worth or more beyond what the move took, the exchange
    // on that square counted by static exchange, as the verifier counts it.
    let dropped_and_lost = facts.played.is_drop()
        && moved_there
        && futures.lost_soon >= MATERIAL_GAIN
        && !futures
            .played_soon
            .steps()
            .iter()
            .skip(1)
            .any(|step| step.before.side_to_move() == mover && step.mv.to() == square);
    let moved_and_lost = !facts.played.is_drop()
        && moved_there
        && piece.kind != PieceKind::Pawn
        && see(after, taken_with.mv) - took >= MATERIAL_GAIN;
    if lost_anyway || (futures.lost < MATERIAL_GAIN && !dropped_and_lost && !moved_and_lost) {
        return None;
    }
    if let Some(better) = futures.better.as_ref().and_then(Line::first)
        && !moved_there
        && was_attacked(facts.before, taken_with.mv)
    {
        // "Too slow" says the better move saves the piece: not where its
        // line loses it all the same, however late, nor where the better
        // move leaves it to be won at once (a counter-attack the line's
        // reply happened to answer instead).
        if taken_after_better.is_some() || en_prise_after(&better.before.after(better.mv), square) {
            return None;
        }
        return Some(Reason::TooSlow {
            better,
            piece,
            square,
            line: None,
        });
    }
    let occupied = after.occupied();
    Some(Reason::LeftHanging {
        piece,
        square,
        defended: after.attackers_to(square, mover, occupied).is_nonempty(),
        moved_there,
        taken_with,
    })
}

/// A rook or bishop of the mover's captured in the opponent's line at a
/// real cost, which the better move's line does not lose; trapped when, on
/// the mover's turn before, it was attacked and every move of it lost
/// material.
pub(super) fn loses_major(reply: &Line, mover: Color, futures: &Futures) -> Option<Reason> {
    let steps = reply.steps();
    // Counted from before the move: a bishop that takes a bishop and is
    // taken back as a horse was traded, not lost.
    let taken_by_move = material_balance(&futures.played.truncated(1), mover);
    let mut last_turn: Option<&Step> = None;
    for (i, step) in steps.iter().enumerate().take(MAJOR_LOOK_AHEAD) {
        let pos = &step.before;
        if pos.side_to_move() == mover {
            last_turn = Some(step);
            continue;
        }
        let Some(piece) = pos.piece_at(step.mv.to()) else {
            continue;
        };
        if piece.color != mover || !is_major(piece.kind) || step.mv.is_drop() {
            continue;
        }
        let shown = (i + 2).min(steps.len());
        let line = reply.truncated(shown);
        if taken_by_move + material_balance(&line, mover) > -MAJOR_LOSS {
            continue;
        }
        // Where the piece stood on the mover's last turn: the mover's move
        // may have taken it onto the square where it was lost.
        let (stood, square) = match last_turn {
            Some(turn) if turn.mv.to() == step.mv.to() => {
                let from = turn.mv.from().unwrap_or(step.mv.to());
                (turn.before.piece_at(from).unwrap_or(piece), from)
            }
            _ => (piece, step.mv.to()),
        };
        let kind = stood.kind.unpromoted();
        let lost_anyway = futures
            .better
            .as_ref()
            .is_some_and(|better| loses_kind(better, mover, kind));
        if lost_anyway
            || gives_away(&futures.played.truncated(i + 2), mover)
            || !loses_kind(&futures.played, mover, kind)
            || futures.extra_loss() < MATERIAL_GAIN
        {
            return None;
        }
        let trapped = last_turn.is_some_and(|turn| is_trapped(&turn.before, square));
        return Some(Reason::LosesMajor {
            piece: stood,
            square,
            trapped,
            line,
        });
    }
    None
}

/// How far down the opponent's line a piece already attacked before the
/// move is followed to its capture: past the plies a line is shown, as far
/// as the deep pass's lines reach.
pub(super) const SLOW_PLIES: usize = 12;

/// The longest future (the move and the opponent's line, settled) in which
/// material that falls after the first few plies is named: three plies
/// past what a line shows, so that a piece chased a few moves and taken
/// fits, and a capture at the end of a long line of other moves does not.
pub(super) const LATER_SHOWN_PLIES: usize = SHOWN_PLIES + 3;

/// A piece of the mover's (a lance's worth or more, not the king) that was
/// already attacked before the move and could have been won then, that the
/// move neither moved nor defended, and that the opponent's line takes
/// later where it stands (the reply taking it at once is
/// [`left_hanging`]'s): the mover losing material by it, settled at the
/// capture, with no weak move of the mover's before it (a piece given away,
/// or this one left where it could have stepped aside then). The better
/// move saves it (moves it, or holds it: were the opponent to move after
/// it, it could not be won), and the better move's line does not take it.
/// The most valuable such piece.
pub(super) fn too_slow_later(facts: &MoveFacts, reply: &Line, best: &Line) -> Option<Reason> {
    let before = facts.before;
    let mover = before.side_to_move();
    let better = best.first().filter(|better| better.mv != facts.played)?;
    let after = before.after(facts.played);
    let line = future_of(before, facts.previous_to, facts.played, reply, SLOW_PLIES);
    let better_line = settled(&best.truncated(SLOW_PLIES + 1));
    let after_better = before.after(better.mv);
    let lost_better = -material_balance(&better_line, mover);
    let candidates = before.pieces(mover) & !before.pieces_of_kind(PieceKind::Pawn);
    let found = candidates
        .filter_map(|sq| {
            let piece = before.piece_at(sq)?;
            let attacked_still = en_prise(before, sq) && en_prise_after(&after, sq);
            if piece.kind == PieceKind::King
                || given_value(piece.kind) < LET_WIN_LOSS
                || facts.played.from() == Some(sq)
                || !attacked_still
            {
                return None;
            }
            let ply = captured_at(&line, sq)?;
            let stood = line.steps().get(ply)?.mv.to() == sq;
            let upto = line.truncated(ply + 1);
            if ply < 3 || !stood || gives_away(&upto, mover) || left_to_fall(&upto, mover, ply) {
                return None;
            }
            let lost = -material_balance(&settled(&upto), mover);
            let saved_at = if better.mv.from() == Some(sq) {
                better.mv.to()
            } else {
                sq
            };
            let saved =
                !en_prise_after(&after_better, saved_at) && captured_at(&better_line, sq).is_none();
            (saved && lost >= MATERIAL_GAIN && lost - lost_better.max(0) >= MATERIAL_GAIN)
                .then_some((piece, sq, upto))
        })
        .max_by_key(|(piece, _, _)| capture_value(piece.kind));
    let (piece, square, upto) = found?;
    Some(Reason::TooSlow {
        better,
        piece,
        square,
        line: Some(Box::new(opponents_part(&upto))),
    })
}

/// The opponent's line wins material only after the first few plies, where
/// [`opponent_wins`], which needs the loss to show within them, says
/// nothing: followed [`SLOW_PLIES`] and settled, the mover loses a lance's
/// worth or more beyond what the better move's line loses over as many
/// plies. Said as [`opponent_wins`] says it, as the one piece that pays for
/// it (worth the loss on its own, not paid back by one as good, of a kind
/// the better move's line does not lose, and not taken there either), with
/// the line up to its capture, settled, when that line is short enough to
/// read ([`LATER_SHOWN_PLIES`]: a piece that falls at the end of a long line
/// is buried in it, and is the search's guess more than the move's
/// lesson); with no weak move of the mover's before it (a piece given
/// away, or that one left where it could have stepped aside).
pub(super) fn opponent_wins_later(
    facts: &MoveFacts,
    reply: &Line,
    best: &Line,
    futures: &Futures,
) -> Option<Reason> {
    let mover = facts.before.side_to_move();
    best.first().filter(|better| better.mv != facts.played)?;
    let long = future_of(
        facts.before,
        facts.previous_to,
        facts.played,
        reply,
        SLOW_PLIES,
    );
    let better_long = settled(&best.truncated(SLOW_PLIES + 1));
    let lost = -material_balance(&long, mover);
    let lost_better = -material_balance(&better_long, mover);
    if lost < LET_WIN_LOSS || lost - lost_better.max(0) < LET_WIN_LOSS {
        return None;
    }
    let loss = unpaid_loss(&long, mover)?;
    let (ply, square) = (loss.ply, loss.square);
    let kind = loss.piece.kind.unpromoted();
    let upto = long.truncated(ply + 1);
    let beyond = ply >= futures.played_soon.moves.len();
    let shown = settled(&upto);
    let readable = shown.moves.len() <= LATER_SHOWN_PLIES;
    let fair = !gives_away(&upto, mover) && !left_to_fall(&upto, mover, ply);
    let taken_too = origin(&long, ply, square)
        .and_then(|from| captured_at(&better_long, from))
        .is_some();
    if !beyond
        || !readable
        || !fair
        || taken_too
        || !loss.is_a_loss()
        || loses_kind(&better_long, mover, kind)
        || !loses_kind(&long, mover, kind)
    {
        return None;
    }
    Some(loss.reason(opponents_part(&shown), true))
}

/// The opponent's capture `mv` already won material before the move: had it
/// been the opponent's turn, it could have been made at once.
fn was_attacked(before: &Position, mv: Move) -> bool {
    if before.in_check() {
        return false;
    }
    let mut passed = *before;
    passed.play_null();
    passed.is_legal(mv) && see(&passed, mv) > 0
}

/// How much better (centipawns, the mover's score) a capture the opponent's
/// line did not play may leave the mover than that line's own reply and
/// still count as a reply as good: about half a pawn, below what two
/// searches of neighbouring positions at the deep pass's budget tell apart.
pub const OTHER_CAPTURE_MARGIN: i32 = 50;

/// Whether the mover's score `after_capture`, after a capture the line did
/// not play, is no better for the mover than `after_reply`, after the
/// line's own reply, within [`OTHER_CAPTURE_MARGIN`]: the capture is as
/// good a reply. A mate of the mover's counts below any score, one for the
/// mover above.
pub fn capture_as_good(after_reply: Score, after_capture: Score) -> bool {
    let key = |score: Score| match score {
        Score::Cp(cp) => i64::from(cp),
        Score::Mates(_) => 1_000_000,
        Score::Mated(_) => -1_000_000,
    };
    key(after_capture) <= key(after_reply) + i64::from(OTHER_CAPTURE_MARGIN)
}

/// A capture the opponent's line did not play (`reply`, its first move,
/// goes elsewhere: a reply that takes on the same square, promoting or not,
/// is the line's own) that the board says wins a piece of the mover's (not
/// a pawn, too small a lesson to search for): the piece the move put
/// where it is taken, or one already attacked before the move that the
/// same capture wins after it. Counted by static exchange, it gains at
/// least a pawn's worth beyond what the move itself took; and after the
/// better move the piece on that square (if any is the mover's) could not
/// be won at once, so the better move does not lose it that way. The most
/// winning such capture: the deep pass searches it and names it where its
/// line bears it out ([`names_capture`]).
pub fn capture_not_played(
    before: &Position,
    played: Move,
    reply: Option<Move>,
    better: Move,
) -> Option<Move> {
    if !before.is_legal(played) || !before.is_legal(better) {
        return None;
    }
    let mover = before.side_to_move();
    let after = before.after(played);
    let after_better = before.after(better);
    let took = before
        .piece_at(played.to())
        .filter(|_| !played.is_drop())
        .map_or(0, |p| capture_value(p.kind));
    after
        .legal_moves()
        .iter()
        .copied()
        .filter(|&mv| reply.is_none_or(|reply| reply.to() != mv.to()) && !mv.is_drop())
        .filter(|&mv| {
            after.piece_at(mv.to()).is_some_and(|p| {
                p.color == mover && !matches!(p.kind, PieceKind::King | PieceKind::Pawn)
            })
        })
        .filter(|&mv| mv.to() == played.to() || was_attacked(before, mv))
        .filter(|&mv| {
            let lost_after_better = after_better
                .piece_at(mv.to())
                .is_some_and(|p| p.color == mover && en_prise_after(&after_better, mv.to()));
            !lost_after_better
        })
        .map(|mv| (see(&after, mv) - took, mv))
        .filter(|&(gain, _)| gain >= MATERIAL_GAIN)
        .max_by_key(|&(gain, _)| gain)
        .map(|(_, mv)| mv)
}

/// Whether `reason` names the opponent's `capture` as what wins the piece:
/// a piece left hanging taken by it, or one already attacked, too slow to
/// save, taken by it at once.
pub fn names_capture(reason: &Reason, capture: Move) -> bool {
    match reason {
        Reason::LeftHanging { taken_with, .. } => taken_with.mv == capture,
        Reason::TooSlow {
            square, line: None, ..
        } => *square == capture.to(),
        _ => false,
    }
}
