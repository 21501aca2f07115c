//! How a game ended, and why a request to the game was refused.

use crate::rules::legality::IllegalMove;
use crate::rules::notation::capitalised;
use crate::rules::types::Color;
use std::fmt;

/// The ply limit (400 手): reaching it ends the game as a draw, unless both
/// kings stand in their zones and the 24-point count decides.
pub const MAX_PLIES: usize = 400;

/// The end of a game: who won (`None` for a draw) and by which rule.
///
/// One value says everything a player or a record needs, so the GUI, the
/// KIF/CSA writers and the USI front never have to work it out again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    pub winner: Option<Color>,
    pub reason: EndReason,
}

/// The rule of the endings table of `docs/RULES.md` that ended the
/// game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check but has no legal move: it loses
    /// (shogi has no stalemate draw).
    NoLegalMoves,
    Resignation,
    /// The side to move ran out of time (切れ負け): it loses.
    TimeUp,
    /// The same board, hands and side to move for the fourth time: a draw.
    Sennichite,
    /// A fourfold repetition in which one side checked with every move
    /// since the position first appeared: that side loses.
    PerpetualCheck,
    /// The side to move declared under the 24-point rule.
    Impasse {
        sente_points: u32,
        gote_points: u32,
    },
    /// The 400-ply limit. `points` is the 24-point count, taken only when
    /// both kings stood in their promotion zones (otherwise a plain draw).
    MaxPlies {
        points: Option<(u32, u32)>,
    },
}

impl GameResult {
    pub const fn new(winner: Option<Color>, reason: EndReason) -> GameResult {
        GameResult { winner, reason }
    }

    /// The side that lost, if any.
    pub fn loser(&self) -> Option<Color> {
        self.winner.map(|w| !w)
    }
}

/// The verdict at the end of a count sentence: "draw" or "Sente wins".
fn verdict(winner: Option<Color>) -> String {
    match winner {
        Some(color) => format!("{color} wins"),
        None => "draw".to_string(),
    }
}

/// A sentence a player understands: "Sente wins by checkmate".
impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let loser = self.loser();
        match (self.reason, self.winner, loser) {
            (EndReason::Checkmate, Some(w), _) => write!(f, "{w} wins by checkmate"),
            (EndReason::NoLegalMoves, Some(w), Some(l)) => {
                write!(f, "{w} wins: {l} has no legal move")
            }
            (EndReason::Resignation, Some(w), Some(l)) => write!(f, "{w} wins: {l} resigned"),
            (EndReason::TimeUp, Some(w), Some(l)) => {
                write!(f, "{w} wins: {l} ran out of time")
            }
            (EndReason::PerpetualCheck, Some(w), Some(l)) => {
                write!(f, "{w} wins: {l} gave perpetual check")
            }
            (EndReason::Sennichite, None, _) => {
                write!(f, "Draw by sennichite (fourfold repetition)")
            }
            (
                EndReason::Impasse {
                    sente_points,
                    gote_points,
                },
                winner,
                _,
            ) => write!(
                f,
                "Impasse declared: Sente {sente_points} points, Gote {gote_points} points — {}",
                verdict(winner)
            ),
            (EndReason::MaxPlies { points: None }, None, _) => {
                write!(f, "Draw: the {}-move limit was reached", MAX_PLIES)
            }
            (
                EndReason::MaxPlies {
                    points: Some((s, g)),
                },
                winner,
                _,
            ) => write!(
                f,
                "{}-move limit with both kings in their zones: Sente {s} points, Gote {g} points — {}",
                MAX_PLIES,
                verdict(winner)
            ),
            // Combinations `Game` never builds; still say what they hold.
            (reason, winner, _) => write!(f, "{} ({reason:?})", capitalised(&verdict(winner))),
        }
    }
}

/// Why the game refused a move or a declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameError {
    Illegal(IllegalMove),
    /// The game is over; only undo (or a new game) changes it.
    Finished,
    /// A declaration needs both kings in their zones and the declarer,
    /// to move, not in check.
    CannotDeclare,
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Illegal(reason) => write!(f, "illegal move: {reason}"),
            GameError::Finished => write!(f, "the game is over; undo a move or start a new game"),
            GameError::CannotDeclare => write!(
                f,
                "an impasse may be declared only on your turn, when both kings stand in their promotion zones and your king is not in check"
            ),
        }
    }
}

impl std::error::Error for GameError {}

impl From<IllegalMove> for GameError {
    fn from(reason: IllegalMove) -> Self {
        GameError::Illegal(reason)
    }
}

/// What an impasse declaration would give now: both counts and the result,
/// so the player sees them before confirming.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImpassePreview {
    pub sente_points: u32,
    pub gote_points: u32,
    pub result: GameResult,
}
