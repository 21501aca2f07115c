//! The verdict on one move: how much it lowered the mover's chance to win
//! against the best move, and whether it missed or allowed a mate.
//!
//! The loss is `chance(before) - chance(after)` in percentage points of the
//! mover's win chance ([`super::score`]), where `before` is the position's
//! score (what the best move keeps) and `after` the score of the position the
//! move led to, from the mover's side; never below 0 (a move the next search
//! likes better than the first one did lost nothing). The bands:
//!
//! | verdict | loss (points of win chance) |
//! |---|---|
//! | best | the engine's own first choice, whatever the scores say |
//! | good | under 5 |
//! | inaccuracy | 5 to 10 |
//! | mistake | 10 to 20 |
//! | blunder | 20 or more |
//!
//! lishogi marks 5, 10 and 15 points on a flatter curve (1430 cp a unit);
//! ShogiHome marks 5, 10, 20 and 50 on the 600 cp curve we use. We take
//! ShogiHome's first three: at 600 cp a unit, 10 points is about 250 cp from
//! a level position (a silver) and 20 points about 500 cp (a rook), so an
//! 800 cp loss from anywhere within ±400 cp is always a mistake or a
//! blunder, and the noise of a short search (rarely above 150 cp) stays an
//! inaccuracy at worst.
//!
//! A missed mate and a move that allows mate are flagged ([`MateEvent`]) and
//! are an inaccuracy at least, whatever the curve says (from a position
//! already lost or already won by a wide margin the curve barely moves).

use super::score::Score;

/// Percentage points of win chance from which a move is an inaccuracy.
pub const INACCURACY_LOSS: f64 = 5.0;
/// ... a mistake.
pub const MISTAKE_LOSS: f64 = 10.0;
/// ... a blunder.
pub const BLUNDER_LOSS: f64 = 20.0;

/// What the review calls a move, from best to worst.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Verdict {
    pub const ALL: [Verdict; 5] = [
        Verdict::Best,
        Verdict::Good,
        Verdict::Inaccuracy,
        Verdict::Mistake,
        Verdict::Blunder,
    ];

    /// The word the CLI and the JSON use (`best`, `good`, `inaccuracy`,
    /// `mistake`, `blunder`); a data key, not a translation.
    pub const fn key(self) -> &'static str {
        match self {
            Verdict::Best => "best",
            Verdict::Good => "good",
            Verdict::Inaccuracy => "inaccuracy",
            Verdict::Mistake => "mistake",
            Verdict::Blunder => "blunder",
        }
    }

    /// Mistakes and blunders: the moves a player should look at again.
    pub const fn is_serious(self) -> bool {
        matches!(self, Verdict::Mistake | Verdict::Blunder)
    }
}

/// A mate the move changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateEvent {
    /// The mover had a forced mate in `plies` and the move let it go.
    Missed { plies: u32 },
    /// The move let the opponent mate in `plies` (counted from after it).
    Allowed { plies: u32 },
}

/// The judgement of one move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Judgement {
    pub verdict: Verdict,
    /// Points of win chance lost against the best move, 0 to 100.
    pub loss: f64,
    pub mate: Option<MateEvent>,
}

/// Judges a move from the mover's scores before and after it; `is_best` when
/// it is the move the engine chose in the position before.
pub fn judge(before: Score, after: Score, is_best: bool) -> Judgement {
    let loss = (100.0 * (before.win_chance() - after.win_chance())).max(0.0);
    let mate = match (before, after) {
        (Score::Mates(plies), after) if !matches!(after, Score::Mates(_)) => {
            Some(MateEvent::Missed { plies })
        }
        (before, Score::Mated(plies)) if !matches!(before, Score::Mated(_)) => {
            Some(MateEvent::Allowed { plies })
        }
        _ => None,
    };
    let verdict = if is_best {
        Verdict::Best
    } else {
        let by_loss = by_loss(loss);
        if mate.is_some() {
            by_loss.max(Verdict::Inaccuracy)
        } else {
            by_loss
        }
    };
    Judgement {
        verdict,
        loss,
        mate: mate.filter(|_| !is_best),
    }
}

fn by_loss(loss: f64) -> Verdict {
    if loss >= BLUNDER_LOSS {
        Verdict::Blunder
    } else if loss >= MISTAKE_LOSS {
        Verdict::Mistake
    } else if loss >= INACCURACY_LOSS {
        Verdict::Inaccuracy
    } else {
        Verdict::Good
    }
}

/// A move's accuracy, 0 to 100, from the points of win chance it lost:
/// `103.1668 · e^(-0.04354 · loss) - 3.1669`, clamped (lichess's curve:
/// 100 for no loss, about 66 for a 10-point mistake, about 40 for a
/// 20-point blunder, 0 from about 76 points). A side's accuracy is the mean
/// over its moves.
pub fn move_accuracy(loss: f64) -> f64 {
    (103.1668 * (-0.04354 * loss).exp() - 3.1669).clamp(0.0, 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engines_own_choice_is_best_whatever_the_scores() {
        let j = judge(Score::Cp(300), Score::Cp(-300), true);
        assert_eq!(j.verdict, Verdict::Best);
        assert_eq!(j.mate, None);
    }

    #[test]
    fn verdicts_follow_the_loss_of_win_chance() {
        let verdict = |before, after| judge(Score::Cp(before), Score::Cp(after), false).verdict;
        assert_eq!(verdict(0, -50), Verdict::Good);
        assert_eq!(verdict(0, -150), Verdict::Inaccuracy);
        assert_eq!(verdict(0, -300), Verdict::Mistake);
        assert_eq!(verdict(0, -600), Verdict::Blunder);
        // A better score after than before lost nothing.
        assert_eq!(verdict(0, 200), Verdict::Good);
        // The same 300 cp matter less when the game is decided.
        assert_eq!(verdict(3000, 2700), Verdict::Good);
    }

    #[test]
    fn an_800_cp_loss_from_a_level_position_is_at_least_a_mistake() {
        for before in (-400..=400).step_by(50) {
            let j = judge(Score::Cp(before), Score::Cp(before - 800), false);
            assert!(j.verdict >= Verdict::Mistake, "{before}: {:?}", j);
        }
    }

    #[test]
    fn a_mate_let_go_is_named_and_at_least_an_inaccuracy() {
        let j = judge(Score::Mates(5), Score::Cp(2500), false);
        assert_eq!(j.mate, Some(MateEvent::Missed { plies: 5 }));
        assert_eq!(j.verdict, Verdict::Inaccuracy);
        // Keeping a (longer) mate is no miss.
        assert_eq!(judge(Score::Mates(5), Score::Mates(6), false).mate, None);
    }

    #[test]
    fn a_move_into_mate_is_named_and_a_blunder_from_a_level_game() {
        let j = judge(Score::Cp(100), Score::Mated(1), false);
        assert_eq!(j.mate, Some(MateEvent::Allowed { plies: 1 }));
        assert_eq!(j.verdict, Verdict::Blunder);
        // Already lost: a faster mate is no new event.
        assert_eq!(judge(Score::Mated(9), Score::Mated(3), false).mate, None);
    }

    #[test]
    fn accuracy_is_full_for_no_loss_and_falls_with_the_loss() {
        assert!((move_accuracy(0.0) - 100.0).abs() < 0.01);
        assert!(move_accuracy(10.0) < move_accuracy(5.0));
        assert_eq!(move_accuracy(100.0), 0.0);
    }
}
