//! The mate a side threatens (詰めろ): what it could mate with were the other
//! side to pass. Shared by the finders of positional claims, the race and the
//! king's shelter, and by the verifier.

use super::claims::Failure;
use super::facts::*;

/// The longest mate a threat (詰めろ) is looked for to: short enough to be
/// seen over the board, and cheap to prove.
pub(super) const THREAT_PLIES: u32 = 7;

/// What the mate solver may spend on one threat: a threat that takes
/// longer to find is not one to teach, and "no threat" is only said when
/// the search finished. On the explained mistakes of 20 games a fifth of
/// the earlier 100,000 gave the same sentences.
pub(super) const THREAT_NODES: u64 = 20_000;

/// What a side could mate with if the side to move in `pos` passed: the
/// mating line from the passed position, `Ok(None)` when the search
/// finished without one, `Err(())` when it could not tell (in check, or
/// out of nodes).
pub(super) fn threat_in(pos: &Position) -> Result<Option<Line>, ()> {
    if pos.in_check() {
        return Err(());
    }
    let mut passed = *pos;
    passed.play_null();
    let stop = AtomicBool::new(false);
    let mut search = MateSearch::new(&stop, THREAT_NODES);
    match search.find(&passed, THREAT_PLIES) {
        Some(mate) => Ok(Some(Line::legal(&passed, None, &mate))),
        None if search.aborted() => Err(()),
        None => Ok(None),
    }
}

/// The position after the opponent's `reply` as the played future's second
/// step, where the race's and the shelter's checks start; the reply not
/// there is a claim about another future.
pub(super) fn after_the_reply(played: &Line, reply: &Step) -> Result<Position, Failure> {
    let steps = played.steps();
    let found = steps.get(1).filter(|step| step.mv == reply.mv);
    let found = found.ok_or(Failure::NotTheReply)?;
    Ok(found.before.after(found.mv))
}
