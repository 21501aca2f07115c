//! What the editor gives the rest of the app: the edited position when the rules allow it
//! (for a game, or a record saved from it) and its SFEN. `apply` opens and closes the
//! editor, hands it its edits and leaves it for a game, the clipboard or a file.

use crate::gui::editor::Editor;
use crate::rules::Position;

impl Editor {
    /// The edited position, if the rules allow it (the editor lists the reasons when they
    /// do not).
    pub(in crate::gui) fn playable(&self) -> Option<Position> {
        Position::try_from(self.setup).ok()
    }

    /// The setup in SFEN, for the clipboard.
    pub(in crate::gui) fn sfen(&self) -> String {
        self.setup.to_sfen()
    }
}
