//! The check every mating line passes before it is reported, whoever
//! found it.

use crate::rules::{Move, Position};

/// Whether `line` from `pos` is a mate: every move legal, every attacker's
/// move a check, and checkmate at the end.
pub fn verify_mate(pos: &Position, line: &[Move]) -> bool {
    if line.len().is_multiple_of(2) {
        return false;
    }
    let mut pos = *pos;
    for (ply, &mv) in line.iter().enumerate() {
        if !pos.is_legal(mv) {
            return false;
        }
        pos.play_unchecked(mv);
        if ply.is_multiple_of(2) && !pos.in_check() {
            return false;
        }
    }
    pos.is_checkmate()
}
