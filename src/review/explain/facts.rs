//! What every finder of the explanation works from: the facts of one move,
//! the two futures it is judged on, and the board helpers they share. The
//! finders' rooms and the verifier import from here, never from each other's
//! parent, so that no file of the explainer imports one that imports it back.

pub(super) use super::super::line::{Line, Step};
pub(super) use super::super::score::Score;
pub(super) use super::super::settle::{
    can_be_freed, capture_gain, captured_at, en_prise, en_prise_after, end_of, given_away,
    gives_away, is_settled, left_to_fall, loses_kind, material_balance, origin, safe_squares,
    settled,
};
pub(super) use super::super::verdict::behind_but_worse;
pub(super) use crate::engine::eval::capture_value;
pub(super) use crate::engine::mate::MateSearch;
pub(super) use crate::engine::see::see;
pub(super) use crate::rules::attacks::piece_attacks;
pub(super) use crate::rules::{Color, Move, Piece, PieceKind, Position, Square};
pub(super) use std::sync::atomic::AtomicBool;

/// The longest part of an engine line an explanation shows.
pub(super) const SHOWN_PLIES: usize = 7;

/// Material (capture values) a settled line must cost the mover for a
/// piece lost on it to be blamed on the move: less is a trade.
pub(super) const MATERIAL_GAIN: i32 = 150;

/// The plies after the move within which a material claim must already
/// hold (the reply, the answer, the next move): the end of a longer line
/// is the search's guess, and a win it shows there alone is too often not
/// one on a deeper look.
pub(super) const SOON_PLIES: usize = 3;

/// What a line must win, soon and at its end (and for the opponent beyond
/// what the better move loses), to be said to win material: about a
/// lance, so that a pawn won at the end of a long line (noise at the
/// review's depth) is not taught as a lesson.
pub(super) const LET_WIN_LOSS: i32 = 400;

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

/// The two futures a move is judged on, both from the position before it
/// and settled (no capture pending at their ends): the move played and the
/// opponent's line, and the better move and its line.
pub(super) struct Futures {
    pub(super) played: Line,
    pub(super) better: Option<Line>,
    /// The material the mover loses along each (negative: wins).
    pub(super) lost: i32,
    pub(super) lost_better: i32,
    /// The same over the first few plies, settled.
    pub(super) played_soon: Line,
    pub(super) better_soon: Option<Line>,
    pub(super) lost_soon: i32,
    pub(super) lost_better_soon: i32,
}

impl Futures {
    pub(super) fn of(facts: &MoveFacts, best: &Line, reply: &Line) -> Futures {
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
    pub(super) fn extra_loss(&self) -> i32 {
        self.lost - self.lost_better.max(0)
    }

    /// The same within the first few plies.
    pub(super) fn extra_loss_soon(&self) -> i32 {
        self.lost_soon - self.lost_better_soon.max(0)
    }

    /// The opponent's part of the played future, from after the move.
    pub(super) fn opponents_line(&self) -> Line {
        opponents_part(&self.played)
    }
}

/// A future without the move played: the opponent's line from after it.
pub(super) fn opponents_part(future: &Line) -> Line {
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
pub(super) fn future_of(
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
pub(super) fn taken_at_once(line: &Line) -> bool {
    match line.moves.as_slice() {
        [first, second, ..] => second.to() == first.to(),
        _ => false,
    }
}

/// The piece on `square` (not of the side to move in `pos`) can be taken at
/// once for nothing: a capture of it wins by static exchange at least what
/// the piece is worth to its side. (A piece taken for a lesser one, as a
/// gold for a silver the opponent then loses, still does its work.)
pub(super) fn taken_for_nothing(pos: &Position, square: Square) -> bool {
    pos.piece_at(square).is_some_and(|piece| {
        capture_gain(pos, square).is_some_and(|gain| gain >= given_value(piece.kind))
    })
}

/// A piece followed along a line until it is taken.
pub(super) struct Run {
    /// The ply of the line it is taken at.
    pub(super) taken_at: usize,
    /// What it took on the way.
    pub(super) took: i32,
    /// Every move of its side before then was this piece moving away from
    /// an attack.
    pub(super) fled: bool,
}

/// Follows the piece on `square` before ply `from` of `line` to where it is
/// taken; `None` when it survives the line.
pub(super) fn follow(line: &Line, from: usize, square: Square) -> Option<Run> {
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
pub(super) fn stood_before(facts: &MoveFacts, square: Square) -> Option<Square> {
    if facts.played.to() == square {
        facts.played.from()
    } else {
        Some(square)
    }
}

/// What losing a piece of this kind costs: its capture value, and for the
/// king more than anything (a king is never taken; a king can fork).
pub(super) fn worth(kind: PieceKind) -> i32 {
    if kind == PieceKind::King {
        i32::MAX / 4
    } else {
        capture_value(kind)
    }
}

/// What a piece taken inside a line costs its side: a small piece that
/// promotes on the way and is taken (a pawn that becomes a tokin) is the
/// small piece lost, not the promoted one.
pub(super) fn given_value(kind: PieceKind) -> i32 {
    if is_major(kind) {
        capture_value(kind)
    } else {
        capture_value(kind.unpromoted())
    }
}

pub(super) fn is_major(kind: PieceKind) -> bool {
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
pub(super) fn attacked_from(pos: &Position, square: Square) -> Vec<(Piece, Square)> {
    let Some(piece) = pos.piece_at(square) else {
        return Vec::new();
    };
    (piece_attacks(piece, square, pos.occupied()) & pos.pieces(!piece.color))
        .filter_map(|sq| Some((pos.piece_at(sq)?, sq)))
        .filter(|(target, _)| target.kind != PieceKind::Pawn)
        .collect()
}
