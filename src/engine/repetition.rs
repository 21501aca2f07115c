//! Repetition (sennichite) inside the search, by the rules of RULES.md: a
//! repeated position is a draw, unless one side gave check with every one of
//! its moves since the position first appeared; that side loses.
//!
//! The search scores the first recurrence already (the game would end on the
//! fourth, and nothing better is on offer in between).

/// One position on the path from the game's start to the current node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Visit {
    pub key: u64,
    /// Whether the side to move is in check here (the move that led here
    /// gave check).
    pub in_check: bool,
}

/// What a repetition means for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    None,
    Draw,
    /// The opponent checked all along: the opponent loses.
    Win,
    /// We checked all along: we lose.
    Loss,
}

/// How far back a repetition is looked for: positions further back than
/// this have almost never been repeated in practice.
const LOOK_BACK: usize = 120;

/// Judges the last position of `path` against the earlier ones.
pub fn judge(path: &[Visit]) -> Repetition {
    let n = path.len().saturating_sub(1);
    if n < 4 {
        return Repetition::None;
    }
    let current = path[n].key;
    let oldest = n.saturating_sub(LOOK_BACK);
    let mut i = n - 4;
    loop {
        if path[i].key == current {
            let opponent_checked = (i + 2..=n).step_by(2).all(|j| path[j].in_check);
            let we_checked = (i + 1..n).step_by(2).all(|j| path[j].in_check);
            return if opponent_checked {
                Repetition::Win
            } else if we_checked {
                Repetition::Loss
            } else {
                Repetition::Draw
            };
        }
        if i < oldest + 2 {
            break;
        }
        i -= 2;
    }
    Repetition::None
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
        assert_eq!(judge(&path), Repetition::Draw);
    }

    #[test]
    fn repetition_by_perpetual_check_loses_for_the_checker() {
        // The opponent's moves led to positions 2 and 4 (checks).
        let path = [
            visit(1, false),
            visit(2, false),
            visit(3, true),
            visit(4, false),
            visit(1, true),
        ];
        assert_eq!(judge(&path), Repetition::Win);
    }

    #[test]
    fn no_repetition_without_an_equal_earlier_position() {
        let path = [1, 2, 3, 4, 5].map(|k| visit(k, false));
        assert_eq!(judge(&path), Repetition::None);
    }
}
