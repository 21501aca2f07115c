//! Repetition (sennichite) inside the search, judged by the game's own
//! verdict ([`Repetition`], the sennichite row of `docs/RULES.md`): a
//! repeated position is a draw, unless exactly one side gave check with
//! every one of its moves since the position first appeared; that side
//! loses.
//!
//! The search scores the first recurrence already (the game would end on the
//! fourth, and nothing better is on offer in between).

use crate::rules::game::Repetition;
use crate::rules::{ByColor, Color};

/// One position on the path from the game's start to the current node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Visit {
    pub key: u64,
    /// Whether the side to move is in check here (the move that led here
    /// gave check).
    pub in_check: bool,
}

/// How far back a repetition is looked for: positions further back than
/// this have almost never been repeated in practice.
const LOOK_BACK: usize = 120;

/// Judges the last position of `path`, where `us` is to move, against the
/// earlier ones: `None` when it has not occurred before.
pub fn judge(path: &[Visit], us: Color) -> Option<Repetition> {
    let n = path.len().saturating_sub(1);
    if n < 4 {
        return None;
    }
    let current = path[n].key;
    let oldest = n.saturating_sub(LOOK_BACK);
    let mut i = n - 4;
    loop {
        if path[i].key == current {
            // The opponent's moves led to i + 2, i + 4, ..., n; ours to the
            // positions between.
            let opponent_checked = (i + 2..=n).step_by(2).all(|j| path[j].in_check);
            let we_checked = (i + 1..n).step_by(2).all(|j| path[j].in_check);
            let mut checked = ByColor::new(false, false);
            checked[us] = we_checked;
            checked[!us] = opponent_checked;
            return Some(Repetition::from_checks(checked));
        }
        if i < oldest + 2 {
            break;
        }
        i -= 2;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn visit(key: u64, in_check: bool) -> Visit {
        Visit { key, in_check }
    }

    #[test]
    fn quiet_repetition_is_a_draw() {
        let path = [1, 2, 3, 4, 1].map(|k| visit(k, false));
        assert_eq!(judge(&path, Color::Sente), Some(Repetition::Draw));
    }

    #[test]
    fn repetition_by_perpetual_check_loses_for_the_checker() {
        // The opponent's moves led to positions 3 and 1 (checks).
        let path = [
            visit(1, false),
            visit(2, false),
            visit(3, true),
            visit(4, false),
            visit(1, true),
        ];
        assert_eq!(
            judge(&path, Color::Sente),
            Some(Repetition::PerpetualCheckBy(Color::Gote))
        );
        // Our own moves all checked: we lose.
        let path = [
            visit(1, false),
            visit(2, true),
            visit(3, false),
            visit(4, true),
            visit(1, false),
        ];
        assert_eq!(
            judge(&path, Color::Gote),
            Some(Repetition::PerpetualCheckBy(Color::Gote))
        );
    }

    #[test]
    fn repetition_where_both_sides_checked_throughout_is_a_draw() {
        // Every move of both sides gave check, as the game judges it too.
        let path = [1, 2, 3, 4, 1].map(|k| visit(k, true));
        assert_eq!(judge(&path, Color::Sente), Some(Repetition::Draw));
    }

    #[test]
    fn no_repetition_without_an_equal_earlier_position() {
        let path = [1, 2, 3, 4, 5].map(|k| visit(k, false));
        assert_eq!(judge(&path, Color::Sente), None);
    }
}
