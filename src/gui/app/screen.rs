//! What the player sees and is doing: what the board shows, what they picked up, the open
//! dialog or editor, the note about their last action, and the written moves.

use crate::gui::board::move_box::state::MoveBox;
use crate::gui::board::selection::Selection;
use crate::gui::dialogs::Dialog;
use crate::gui::dialogs::file_dialog::OwnFileDialog;
use crate::gui::editor::Editor;
use crate::gui::intent::Intent;
use crate::gui::panels::message::Message;
use crate::gui::panels::move_list::WrittenMoves;
use crate::gui::view_mode::ViewMode;
use crate::record::Record;
use crate::rules::Square;

/// The screen's state beside the game.
#[derive(Default)]
pub(in crate::gui) struct Screen {
    /// What the board shows: the game, an earlier position, or a replay.
    pub(in crate::gui) view: ViewMode,
    /// What the player has picked up on the board.
    pub(in crate::gui) pick: Pick,
    /// The move being typed in the move box.
    pub(in crate::gui) move_box: MoveBox,
    pub(in crate::gui) dialog: Option<Dialog>,
    /// What is done once the player agrees to drop the game in progress (the Leave game
    /// dialog open): kept here, since a dialog's form holds no intents.
    pub(in crate::gui) after_leaving: Vec<Intent>,
    /// The app's own file dialog, open where the system's could not be shown.
    pub(in crate::gui) file_dialog: Option<OwnFileDialog>,
    /// The record the app's own file dialog is to save, while [`Dialog::Replace`] asks
    /// whether it may go over the file already there.
    pub(in crate::gui) replacing: Option<Box<Record>>,
    /// The box that says how the game just ended, until closed or the ending is undone.
    pub(in crate::gui) result_box: bool,
    /// The position being set up, while the editor is open (it takes the board's place).
    pub(in crate::gui) editor: Option<Editor>,
    /// The note for the player about their last action (why a move was refused, a file
    /// saved); dropped when they do something else.
    pub(in crate::gui) message: Option<Message>,
    pub(in crate::gui) move_list: WrittenMoves,
}

impl Screen {
    /// Puts down whatever was picked up, and forgets the promotion asked about.
    pub(in crate::gui) fn clear_selection(&mut self) {
        self.pick = Pick::default();
    }
}

/// A piece picked up on the board, and the move waiting for the promotion answer.
#[derive(Clone, Copy, Default)]
pub(in crate::gui) struct Pick {
    pub(in crate::gui) selection: Selection,
    pub(in crate::gui) promotion: Option<(Square, Square)>,
}
