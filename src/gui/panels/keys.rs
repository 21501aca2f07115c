//! The keyboard: shortcuts turned into intents.

use crate::gui::intent::Intent;
use egui::{Event, Key, KeyboardShortcut, Modifiers, Ui};

/// What the keys may do right now.
pub struct KeyState {
    pub dialog_open: bool,
    /// Plies shown on the board, of `last`.
    pub shown: usize,
    pub last: usize,
}

/// Ctrl+Z undoes, Ctrl+N asks for a new game and Ctrl+Q quits at any time. Without a dialog open: F flips,
/// Esc cancels, the arrow keys step through the moves (Left starts looking back; Up and Down
/// show the other variations at the move shown), A starts or stops the live analysis and
/// Ctrl+V pastes a game or position; the last three not while a text field has the focus.
pub fn read(ui: &mut Ui, state: &KeyState) -> Vec<Intent> {
    let mut intents = Vec::new();
    let text_focused = ui.ctx().text_edit_focused();
    ui.input_mut(|input| {
        if input.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::Z)) {
            intents.push(Intent::Undo);
        }
        if input.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::N)) {
            intents.push(Intent::OpenNewGame);
        }
        if input.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::Q)) {
            intents.push(Intent::Quit);
        }
        if state.dialog_open {
            return;
        }
        if input.consume_key(Modifiers::NONE, Key::F) {
            intents.push(Intent::Flip);
        }
        if input.consume_key(Modifiers::NONE, Key::Escape) {
            intents.push(Intent::Cancel);
        }
        if text_focused {
            return;
        }
        if input.consume_key(Modifiers::NONE, Key::A) {
            intents.push(Intent::ToggleAnalysis);
        }
        if input.consume_key(Modifiers::NONE, Key::P) {
            intents.push(Intent::OpenPractice);
        }
        let KeyState { shown, last, .. } = *state;
        if shown > 0 && input.consume_key(Modifiers::NONE, Key::ArrowLeft) {
            intents.push(Intent::View(Some(shown - 1)));
        }
        if shown < last && input.consume_key(Modifiers::NONE, Key::ArrowRight) {
            intents.push(Intent::View(Some(shown + 1)));
        }
        if input.consume_key(Modifiers::NONE, Key::ArrowDown) {
            intents.push(Intent::OtherBranch(true));
        }
        if input.consume_key(Modifiers::NONE, Key::ArrowUp) {
            intents.push(Intent::OtherBranch(false));
        }
        let pasted = input.events.iter().find_map(|event| match event {
            Event::Paste(text) => Some(text.clone()),
            _ => None,
        });
        intents.extend(pasted.map(Intent::Paste));
    });
    intents
}
