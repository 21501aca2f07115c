//! Which legal moves fit a typed move's pattern, and when none does, why: the reason a
//! click on the board would get for the move the text names.

use super::read::{Pattern, Target};
use crate::rules::legality::IllegalMove;
use crate::rules::moves::Move;
use crate::rules::notation::choices::rivals;
use crate::rules::notation::relative_classes;
use crate::rules::position::Position;
use crate::rules::types::{PieceKind, Square};

/// A typed move that names one legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    Move(Move),
    /// The piece and its squares are known; it may promote or not, and the text said
    /// neither: the player is asked, as after a click.
    AskPromotion {
        from: Square,
        to: Square,
    },
}

/// Why a typed move is not played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unplayable {
    /// Nothing was typed.
    Empty,
    /// The text is a move in none of the notations.
    Unreadable,
    /// `同` with no move before it.
    NoPreviousMove,
    /// The move the text names breaks a rule: the reason a click gets.
    Illegal(IllegalMove),
    /// None of the player's pieces of this kind can reach the square (each for a reason of
    /// its own, none of which stands out).
    NoneCanGo { kind: PieceKind, to: Square },
    /// The text's words (which piece, promotion) fit none of the moves the piece has to the
    /// square, which are these.
    NoneFits(Vec<Move>),
    /// Several legal moves fit; the player must say which.
    Ambiguous(Vec<Move>),
}

/// The square `pattern` goes to, if there is one.
fn target(pattern: &Pattern, previous_to: Option<Square>) -> Option<Square> {
    match pattern.to {
        Target::Square(sq) => Some(sq),
        Target::Same => previous_to,
    }
}

/// The legal moves that fit `pattern`. Without `打` or `*`, a drop fits only where no piece
/// on the board could make the move instead: notation marks a drop whenever it could be
/// mistaken for one.
pub(super) fn fitting(
    before: &Position,
    previous_to: Option<Square>,
    pattern: &Pattern,
) -> Vec<Move> {
    let Some(to) = target(pattern, previous_to) else {
        return Vec::new();
    };
    let legal = before.legal_moves();
    let fits: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&mv| fits(before, pattern, to, mv))
        .collect();
    if pattern.drop.is_none() && fits.iter().any(|mv| !mv.is_drop()) {
        return fits.into_iter().filter(|mv| !mv.is_drop()).collect();
    }
    fits
}

/// Whether `mv` (legal, going to `to`) is one the pattern describes.
fn fits(before: &Position, pattern: &Pattern, to: Square, mv: Move) -> bool {
    let kind = match mv {
        Move::Board { from, .. } => before.piece_at(from).map(|piece| piece.kind),
        Move::Drop { kind, .. } => Some(kind),
    };
    mv.to() == to
        && pattern.from.is_none_or(|from| mv.from() == Some(from))
        && pattern.kind.is_none_or(|wanted| kind == Some(wanted))
        && pattern.drop.is_none_or(|drop| mv.is_drop() == drop)
        && pattern
            .promote
            .is_none_or(|promote| mv.is_promotion() == promote)
        && words_fit(before, pattern, mv)
}

/// Whether the words that tell pieces apart (上 引 寄, 左 右 直) describe `mv`'s piece among
/// the identical pieces that could also go to its square.
fn words_fit(before: &Position, pattern: &Pattern, mv: Move) -> bool {
    if pattern.movement.is_none() && pattern.side.is_none() {
        return true;
    }
    let Move::Board { from, to, .. } = mv else {
        return false;
    };
    let Some(piece) = before.piece_at(from) else {
        return false;
    };
    let mut all = rivals(before, piece, from, to);
    all.push(from);
    let (movement, side) = relative_classes(piece.kind, piece.color, from, to, &all);
    pattern.movement.is_none_or(|word| word == movement)
        && pattern.side.is_none_or(|word| side == Some(word))
}

/// The move the pattern names, or why there is none.
pub(super) fn resolve(
    before: &Position,
    previous_to: Option<Square>,
    pattern: &Pattern,
) -> Result<Reading, Unplayable> {
    let Some(to) = target(pattern, previous_to) else {
        return Err(Unplayable::NoPreviousMove);
    };
    let fits = fitting(before, previous_to, pattern);
    match fits.as_slice() {
        [] => Err(why_none(before, pattern, to)),
        [mv] => Ok(Reading::Move(*mv)),
        [first, rest @ ..] => {
            // The same piece to the same square, promoting or not: the player chooses.
            let same_squares = rest
                .iter()
                .all(|mv| mv.from() == first.from() && mv.to() == first.to());
            match (*first, same_squares) {
                (Move::Board { from, to, .. }, true) => Ok(Reading::AskPromotion { from, to }),
                _ => Err(Unplayable::Ambiguous(fits)),
            }
        }
    }
}

/// Why no legal move fits: the words fit none of the moves there, or the reason a click
/// would get for the move the text names (the most telling one when it names several
/// pieces).
fn why_none(before: &Position, pattern: &Pattern, to: Square) -> Unplayable {
    let loose = Pattern {
        promote: None,
        movement: None,
        side: None,
        ..*pattern
    };
    let near: Vec<Move> = before
        .legal_moves()
        .iter()
        .copied()
        .filter(|&mv| fits(before, &loose, to, mv))
        .collect();
    let reasons = reasons(before, pattern, to);
    // A promotion asked for where it breaks a rule has that rule for its reason.
    if let Some(why) = reasons
        .iter()
        .find(|why| pattern.promote.is_some() && is_about_promotion(why))
    {
        return Unplayable::Illegal(*why);
    }
    if !near.is_empty() {
        return Unplayable::NoneFits(near);
    }
    let best = reasons.iter().max_by_key(|why| telling(why));
    match (best, pattern.kind) {
        (Some(why), _) if telling(why) > 0 || reasons.len() == 1 => Unplayable::Illegal(*why),
        (_, Some(kind)) => Unplayable::NoneCanGo { kind, to },
        (Some(why), None) => Unplayable::Illegal(*why),
        (None, None) => Unplayable::Unreadable,
    }
}

fn is_about_promotion(why: &IllegalMove) -> bool {
    matches!(
        why,
        IllegalMove::CannotPromote { .. }
            | IllegalMove::OutsideZone
            | IllegalMove::MustPromote { .. }
    )
}

/// How much a reason tells the player: that a piece never moves so is the least (they
/// likely meant another piece), a blocked path more, a rule of the game (a pin, nifu, a
/// promotion) the most.
fn telling(why: &IllegalMove) -> u8 {
    match why {
        IllegalMove::WrongWay { .. } | IllegalMove::NoPiece { .. } => 0,
        IllegalMove::NotInHand { .. } | IllegalMove::NotYourPiece { .. } => 0,
        IllegalMove::PathBlocked { .. } => 1,
        _ => 2,
    }
}

/// The reasons a click would get for each move the pattern could name: from its origin if
/// it says one, otherwise from each of the player's pieces of its kind, and as a drop where
/// a drop is possible.
fn reasons(before: &Position, pattern: &Pattern, to: Square) -> Vec<IllegalMove> {
    let us = before.side_to_move();
    let mut origins: Vec<Square> = match (pattern.from, pattern.kind) {
        (Some(from), _) => vec![from],
        (None, Some(kind)) => before.pieces_of(us, kind).into_iter().collect(),
        (None, None) => Vec::new(),
    };
    if pattern.drop == Some(true) {
        origins.clear();
    }
    let mut reasons: Vec<IllegalMove> = origins
        .into_iter()
        .filter_map(|from| board_reason(before, from, to, pattern.promote))
        .collect();
    let in_hand = pattern
        .kind
        .is_some_and(|kind| before.hand(us).count(kind) > 0);
    let drop_named = pattern.drop == Some(true) || (pattern.drop.is_none() && in_hand);
    if let Some(kind) = pattern
        .kind
        .filter(|_| drop_named && pattern.from.is_none())
    {
        let promoting = pattern.promote == Some(true);
        let why = match before.explain(Move::Drop { kind, to }) {
            Err(why) => Some(why),
            Ok(()) if promoting => Some(IllegalMove::CannotPromote { kind }),
            Ok(()) => None,
        };
        // A drop possible in principle says the most about why it fails.
        reasons.extend(why.filter(|_| in_hand || pattern.drop == Some(true)));
    }
    reasons
}

/// Why the board move `from` → `to` is refused, as a click decides it: with the promotion
/// the text asked for, or, when it said none, either way (a forced promotion is no reason).
fn board_reason(
    before: &Position,
    from: Square,
    to: Square,
    promote: Option<bool>,
) -> Option<IllegalMove> {
    let explain = |promote| before.explain(Move::Board { from, to, promote }).err();
    match promote {
        Some(promote) => explain(promote),
        None => match (explain(false), explain(true)) {
            (Some(IllegalMove::MustPromote { .. }), Some(why)) | (Some(why), Some(_)) => Some(why),
            _ => None,
        },
    }
}
