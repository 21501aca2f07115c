//! The position editor's part of the app: opening it on the position shown, applying its
//! edits, and leaving it for a game, the clipboard or a file.

use crate::gui::app::KomadaiApp;
use crate::gui::editor::{Edit, Editor};
use crate::gui::panels::message::Message;
use crate::record::Record;
use crate::rules::game::Game;
use crate::rules::{Color, Position};

impl KomadaiApp {
    /// Opens the editor on the position on the board.
    pub(in crate::gui) fn open_editor(&mut self) {
        let shown = self.shown_ply();
        let game = self.shown_game();
        let position = game.position_after(shown).unwrap_or(game.position());
        self.screen.editor = Some(Editor::new(position));
        self.screen.dialog = None;
        self.screen.clear_selection();
    }

    pub(in crate::gui) fn edit(&mut self, edit: Edit) {
        if let Some(editor) = &mut self.screen.editor {
            editor.apply(edit);
        }
    }

    /// Starts a game against the AI from the edited position, the player on `player`'s side
    /// at the present level; an unplayable setup stays in the editor with its reasons.
    pub(in crate::gui) fn play_from_editor(&mut self, player: Color) {
        let Some(position) = self.edited_position() else {
            return;
        };
        self.screen.editor = None;
        let level = self.play.level;
        self.new_game(position, player, level);
    }

    pub(in crate::gui) fn copy_editor_sfen(&mut self) {
        if let Some(editor) = &self.screen.editor {
            let sfen = editor.setup.to_sfen();
            self.copy(sfen, self.strings().editor_sfen_copied);
        }
    }

    /// Saves a record that starts from the edited position and has no moves yet.
    pub(in crate::gui) fn save_editor(&mut self) {
        if let Some(position) = self.edited_position() {
            let record = Record::new(Game::from_position(position));
            self.save_record_as(record);
        }
    }

    /// The edited position if the rules allow it; otherwise a note says so (the reasons are
    /// listed in the editor).
    fn edited_position(&mut self) -> Option<Position> {
        let setup = self.screen.editor?.setup;
        match Position::try_from(setup) {
            Ok(position) => Some(position),
            Err(_) => {
                self.screen.message = Some(Message::warning(self.strings().editor_refused));
                None
            }
        }
    }
}
