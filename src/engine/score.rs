//! The search's scores: centipawns from the side to move's point of view,
//! and mates, counted in plies from the root, at the far ends of the range.

pub const MATE: i32 = 32_000;
/// Scores at or beyond this are mates (the distance is `MATE - |score|`).
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Beyond every score: a window's bound before any move is searched.
pub(crate) const INFINITE: i32 = MATE + 1;

/// Mate in `plies` for the side to move as a score.
pub const fn mate_in(plies: usize) -> i32 {
    MATE - plies as i32
}

pub const fn mated_in(plies: usize) -> i32 {
    -MATE + plies as i32
}

/// The USI `score mate N` number (positive: we mate), if `score` is a mate.
pub fn mate_distance(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some(MATE - score)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score))
    } else {
        None
    }
}
