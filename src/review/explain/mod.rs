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
//! missed ([`missed`]), the race to mate ([`race`]), the king's shelter
//! ([`shelter`]), the opening's castles ([`opening`]), material threatened
//! were the other side to pass ([`win_threat`]) and what the better move
//! achieves ([`better`]).
//! Each claim is checked apart from its finder ([`verify`]) before it is
//! kept: one that fails gives way to the next candidate, and a better
//! move's claim that fails to the plain "Better was".

mod better;
mod claims;
mod loss;
mod mate;
mod missed;
mod opening;
mod positional;
mod race;
mod shelter;
mod tactics;
mod threat;
pub mod verify;
mod win_threat;

pub use claims::{Gain, Kind, Positional, Reason, Stop};

mod facts;

pub use facts::{MoveFacts, is_trapped};

use better::better_move;
use facts::*;
pub use loss::{OTHER_CAPTURE_MARGIN, capture_as_good, capture_not_played, names_capture};
use loss::{
    left_hanging, loses_major, opponent_wins, opponent_wins_later, pawn_lost, too_slow_later,
};
use mate::mate_reason;
use missed::missed_capture;
use positional::unblamed;
use tactics::{fork, fork_after_exchange, trap};

/// The reasons the move was bad, most important first; never empty for a
/// move other than the engine's when the engine had one (the better move
/// is always a reason).
///
/// A loss is blamed on the move only when the better move avoids it: each
/// reason is weighed on two settled futures, the move played with the
/// opponent's line and the better move with its line.
pub fn reasons(facts: &MoveFacts) -> Vec<Reason> {
    reasons_checked(facts, Checks::Shown)
}

/// The reasons as the finders make them, none checked by [`verify`]: what
/// the audit measures the verifier against.
pub fn unchecked_reasons(facts: &MoveFacts) -> Vec<Reason> {
    reasons_checked(facts, Checks::None)
}

/// The reasons each claim upheld by [`verify`] would give, the kinds the
/// gate keeps off included: what a kind would say were it shown.
pub fn verified_reasons(facts: &MoveFacts) -> Vec<Reason> {
    reasons_checked(facts, Checks::Verified)
}

/// How far a finder's claim is checked before it is kept.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Checks {
    /// As the finders make them.
    None,
    /// Upheld by the verifier, whether or not its kind is shown.
    Verified,
    /// Upheld, and of a kind shown: what the review says.
    Shown,
}

/// The reasons, each claim checked as `checks` says before it is kept.
fn reasons_checked(facts: &MoveFacts, checks: Checks) -> Vec<Reason> {
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
    let shown = |claim: &Reason| match checks {
        Checks::None => true,
        Checks::Verified => verify::check(claim, facts, &evidence).is_ok(),
        Checks::Shown => verify::shown(claim, facts, &evidence),
    };
    // The side already behind is told so where nothing else is blamed on
    // the move: its move is a mistake that the win-chance curve alone would
    // have let pass. A reason found on the board says more than that, and
    // comes alone.
    let behind =
        behind_but_worse(facts.score_before, facts.score_after).then_some(Reason::Behind {
            before: facts.score_before,
            after: facts.score_after,
        });
    let mut found: Vec<Reason> = Vec::new();
    let finders: [&dyn Fn() -> Option<Reason>; 7] = [
        &|| left_hanging(facts, &after, &reply, &futures),
        &|| fork(facts, &after, &reply, &futures),
        &|| trap(facts, &after, &best, &reply),
        &|| loses_major(&reply, mover, &futures),
        &|| opponent_wins(&futures, mover),
        &|| fork_after_exchange(facts, &futures),
        &|| pawn_lost(facts, &futures),
    ];
    // Material that falls only further down the line is named when nothing
    // the first plies show is.
    let later: [&dyn Fn() -> Option<Reason>; 2] =
        [&|| too_slow_later(facts, &reply, &best), &|| {
            opponent_wins_later(facts, &reply, &best, &futures)
        }];
    let blamed = finders.iter().filter_map(|find| find()).find(shown);
    match blamed {
        Some(reason) => found.push(reason),
        None => match unblamed(facts, &best, &reply, &futures, &shown) {
            Some(reason) => found.push(reason),
            None => found.extend(later.iter().filter_map(|find| find()).find(shown)),
        },
    }
    if found.is_empty() {
        found.extend(behind);
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

/// Whether a reason in `found` matches `pattern` (for the tests below).
#[cfg(test)]
macro_rules! says {
    ($found:expr, $pattern:pat $(if $guard:expr)?) => {
        $found.iter().any(|r| matches!(r, $pattern $(if $guard)?))
    };
}

/// Whether the better move's reason in `found` gives a gain matching
/// `pattern` (for the tests below).
#[cfg(test)]
macro_rules! gains {
    ($found:expr, $pattern:pat $(if $guard:expr)?) => {
        $found.iter().any(|r| {
            matches!(r, Reason::BetterMove { gain, .. } if matches!(gain, $pattern $(if $guard)?))
        })
    };
}

#[cfg(test)]
mod tests;
