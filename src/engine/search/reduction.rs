//! Late-move reductions: how many plies shallower a late move is searched,
//! and the depth the pruning of quiet moves judges them at.

use crate::rules::MAX_MOVES;
use std::sync::LazyLock;

/// Natural logarithms of 0..=`MAX_MOVES` (depths and move numbers), computed
/// once: the reduction is asked for every quiet move a node considers.
static LN: LazyLock<[f32; MAX_MOVES + 1]> =
    LazyLock::new(|| std::array::from_fn(|i| (i as f32).ln()));

/// How gently the late-move reduction grows: the product of the two
/// logarithms is divided by this. Measured in self-play: 1.75
/// lost about 70 Elo to 2.0, and 2.25 won against it.
const REDUCTION_DIVISOR: f32 = 2.25;

/// Late-move reduction in plies, growing with depth and move number.
pub(super) fn reduction(depth: i32, index: usize) -> i32 {
    let ln = |n: usize| LN[n.min(MAX_MOVES)];
    let r = 0.5 + ln(depth.max(0) as usize) * ln(index) / REDUCTION_DIVISOR;
    r as i32
}

/// History score worth one ply less (or more) of reduction.
pub(super) const HISTORY_PER_PLY: i32 = 12_000;

/// The depth a quiet move (the `index`th of its node, with this history
/// score) would be searched to after the usual late-move reduction, which
/// the pruning of quiet moves reads.
pub(super) fn predicted_depth(depth: i32, index: usize, history: i32) -> i32 {
    (depth - 1 - reduction(depth, index) + history / HISTORY_PER_PLY).max(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_moves_are_predicted_no_deeper_and_never_below_zero() {
        for depth in 1..=20 {
            let mut last = depth - 1;
            for index in 1..=120 {
                let predicted = predicted_depth(depth, index, 0);
                assert!(
                    (0..=last).contains(&predicted),
                    "depth {depth}, move {index}"
                );
                last = predicted;
            }
        }
        // Late in a deep node the reduction takes several plies.
        assert!(predicted_depth(12, 40, 0) <= 12 - 1 - 3);
    }

    #[test]
    fn a_move_with_a_good_history_is_predicted_deeper_than_one_with_a_poor_one() {
        let (depth, index) = (10, 20);
        let good = predicted_depth(depth, index, 3 * HISTORY_PER_PLY);
        let neutral = predicted_depth(depth, index, 0);
        let poor = predicted_depth(depth, index, -3 * HISTORY_PER_PLY);
        assert!(good > neutral && neutral > poor, "{good} {neutral} {poor}");
    }
}
