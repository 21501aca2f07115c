//! The race to mate (shogi's speed count, 速度計算): each side counted in
//! the moves it needs to mate, by the mate solver. A move that threatens
//! no mate, where the better move would have threatened one, while the
//! opponent's best reply threatens mate itself, lost the race by a move:
//! the opponent's threat comes first and must be answered.

use super::claims::{Failure, Positional};
use super::facts::*;
use super::threat::{after_the_reply, threat_in};

/// The race lost by a move ([`Positional::Race`]): the better move
/// threatens mate (were the opponent to pass, the mover mates), the move
/// played threatens none, the opponent's best reply threatens mate, and
/// after the better move and the opponent's reply to it no mate is
/// threatened against the mover. Each count is the mate solver's, the
/// search having finished ("none" is never said of a search cut short).
pub(super) fn race_lost(facts: &MoveFacts, best: &Line, reply: &Line) -> Option<Positional> {
    let better = best.first().filter(|step| step.mv != facts.played)?;
    let ours = threat_in(&better.before.after(better.mv)).ok().flatten()?;
    if !matches!(threat_in(&facts.before.after(facts.played)), Ok(None)) {
        return None;
    }
    let reply = reply.first()?;
    let theirs = threat_in(&reply.before.after(reply.mv)).ok().flatten()?;
    let answered = best.steps().get(1).copied()?;
    matches!(threat_in(&answered.before.after(answered.mv)), Ok(None)).then(|| Positional::Race {
        reply: Box::new(reply),
        theirs: Box::new(theirs),
        ours: Box::new(ours),
    })
}

/// The race checked on two futures from before the move: on `played` the
/// opponent's reply is `reply` and threatens mate; on `better` the better
/// move threatens mate and, after the opponent's reply to it, no mate is
/// threatened against the mover.
pub(super) fn race_holds(
    played: &Line,
    better: Option<&Line>,
    reply: &Step,
) -> Result<(), Failure> {
    if !matches!(threat_in(&after_the_reply(played, reply)?), Ok(Some(_))) {
        return Err(Failure::NoThreat);
    }
    let Some(better) = better else {
        return Ok(());
    };
    let better_steps = better.steps();
    let ours = better_steps
        .first()
        .is_some_and(|step| matches!(threat_in(&step.before.after(step.mv)), Ok(Some(_))));
    if !ours {
        return Err(Failure::NoThreat);
    }
    match better_steps.get(1) {
        Some(answer) if !matches!(threat_in(&answer.before.after(answer.mv)), Ok(None)) => {
            Err(Failure::ThreatAfterBetter)
        }
        _ => Ok(()),
    }
}
