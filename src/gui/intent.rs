//! What the user asked for. Views return intents; only the app changes the game.

use super::Level;
use super::settings::{Labels, NotationStyle, SideChoice};
use crate::rules::{Move, PieceKind, Square};

/// One thing the user asked for, from a click, a drag or a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Pick up the piece on a square (to move it).
    Select(Square),
    /// Pick up a piece from the player's hand (to drop it).
    SelectHand(PieceKind),
    /// Put down whatever was picked up.
    Deselect,
    Move(Move),
    /// The move may promote or not: ask.
    AskPromotion {
        from: Square,
        to: Square,
    },
    ChoosePromotion(bool),
    /// The tried move is illegal; tell the player why.
    Refuse(String),
    OpenNewGame,
    /// Start a game; `sfen` (when given) is the start position instead of the standard one.
    NewGame {
        side: SideChoice,
        level: Level,
        sfen: Option<String>,
    },
    Undo,
    /// Look at the position after this many plies (read-only); `None` returns to the game.
    View(Option<usize>),
    /// Ask the strongest level which move it would play here.
    Hint,
    AskResign,
    Resign,
    AskDeclare,
    Declare,
    /// Close whatever dialog is open (or cancel the selection).
    Cancel,
    Flip,
    SetLabels(Labels),
    SetMoveDots(bool),
    SetNotation(NotationStyle),
}
