//! A mate allowed or missed: the claim that outweighs every other, with
//! its line completed by the mate solver where the search's line stops
//! short.

use super::claims::Reason;
use super::facts::*;

/// What the mate solver may spend completing a mating line.
pub(super) const MATE_COMPLETION_NODES: u64 = 200_000;

pub(super) fn mate_reason(facts: &MoveFacts, best: &Line, reply: &Line) -> Option<Reason> {
    match (facts.score_before, facts.score_after) {
        (Score::Mates(plies), after) if !matches!(after, Score::Mates(_)) => {
            Some(Reason::MissedMate {
                plies,
                line: mating_line(best, plies),
            })
        }
        (before, Score::Mated(plies)) if !matches!(before, Score::Mated(_)) => {
            Some(Reason::AllowsMate {
                plies,
                line: mating_line(reply, plies),
                behind: behind_but_worse(facts.score_before, facts.score_after),
            })
        }
        _ => None,
    }
}

/// The first `plies` moves of a mating line, completed by the mate solver
/// when the search's line stops short (its line ends where a hash entry or
/// the mate-in-one test settled the rest).
pub(super) fn mating_line(line: &Line, plies: u32) -> Line {
    let mut line = line.truncated(plies as usize);
    let missing = (plies as usize).saturating_sub(line.moves.len());
    if missing == 0 || missing.is_multiple_of(2) {
        // Complete only from the mating side's turn: the defence is theirs.
        return line;
    }
    let mut end = line.start;
    for &mv in &line.moves {
        end.play_unchecked(mv);
    }
    let stop = AtomicBool::new(false);
    if let Some(rest) = MateSearch::new(&stop, MATE_COMPLETION_NODES).find(&end, missing as u32) {
        line.moves.extend(rest);
    }
    line
}
