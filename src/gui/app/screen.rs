//! What the player sees and is doing: what the board shows, what they picked up, the open
//! dialog or editor, the note about their last action, and the written moves.

use crate::gui::board::selection::Selection;
use crate::gui::dialogs::Dialog;
use crate::gui::editor::Editor;
use crate::gui::panels::message::Message;
use crate::gui::panels::move_list::MoveList;
use crate::gui::view_mode::ViewMode;
use crate::rules::Square;

/// The screen's state beside the game.
#[derive(Default)]
pub(super) struct Screen {
    /// What the board shows: the game, an earlier position, or a replay.
    pub(super) view: ViewMode,
    /// What the player has picked up on the board.
    pub(super) pick: Pick,
    pub(super) dialog: Option<Dialog>,
    /// The position being set up, while the editor is open (it takes the board's place).
    pub(super) editor: Option<Editor>,
    /// The note for the player about their last action (why a move was refused, a file
    /// saved); dropped when they do something else.
    pub(super) message: Option<Message>,
    pub(super) move_list: MoveList,
}

impl Screen {
    /// Puts down whatever was picked up, and forgets the promotion asked about.
    pub(super) fn clear_selection(&mut self) {
        self.pick = Pick::default();
    }
}

/// A piece picked up on the board, and the move waiting for the promotion answer.
#[derive(Clone, Copy, Default)]
pub(super) struct Pick {
    pub(super) selection: Selection,
    pub(super) promotion: Option<(Square, Square)>,
}
