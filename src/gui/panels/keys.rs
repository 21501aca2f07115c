//! The keyboard: shortcuts turned into intents.

use crate::gui::board::cursor;
use crate::gui::intent::Intent;
use egui::{Event, Key, KeyboardShortcut, Modifiers, Ui};

/// The moves Page Up and Page Down step.
const PAGE: usize = 10;

/// What the keys may do right now.
pub struct KeyState {
    pub dialog_open: bool,
    /// The Practice page is shown: its own keys (A shows the answer there) come first.
    pub practising: bool,
    /// The board has the keyboard focus: the arrow keys move its cursor, not the moves.
    pub board_focused: bool,
    /// The promotion prompt is open: Y, 1 or Enter promote, N or 2 do not.
    pub prompt_open: bool,
    /// Plies shown on the board, of `last`.
    pub shown: usize,
    pub last: usize,
}

/// Ctrl+Z undoes, Ctrl+N asks for a new game and Ctrl+Q quits at any time. Without a dialog
/// open: Ctrl+G asks for a move to go to, Ctrl+M searches for mate, Esc cancels (unless a menu
/// is open: Esc closes the menu); and, while no text field has the focus (a comment being
/// typed takes its letters), F flips, the promotion prompt takes Y, 1 or Enter for promote and
/// N or 2 for not, B puts the keyboard on the board, the arrow keys step through the moves
/// unless the board has the keyboard (then they move its cursor) (Left starts looking back; Up
/// and Down show the other variations at the move shown), Home and End go to the first and the
/// last move, Page Up and Page Down ten moves back and forward, A starts or stops the live
/// analysis (not on the Practice page, whose A shows the answer), P opens the Practice page and
/// Ctrl+V pastes a game or position. Every press of the frame counts: quick presses arriving
/// together each take a step.
pub fn read(ui: &mut Ui, state: &KeyState) -> Vec<Intent> {
    let mut intents = Vec::new();
    let text_focused = ui.ctx().text_edit_focused();
    let menu_open = egui::Popup::is_any_open(ui.ctx());
    let mut to_board = false;
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
        if input.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::G)) {
            intents.push(Intent::OpenJump);
        }
        if input.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::M)) {
            intents.push(Intent::SearchMate);
        }
        if !menu_open && input.consume_key(Modifiers::NONE, Key::Escape) {
            intents.push(Intent::Cancel);
        }
        // The letters type into a field that has the focus (a move's comment) instead.
        if text_focused {
            return;
        }
        if input.consume_key(Modifiers::NONE, Key::F) {
            intents.push(Intent::Flip);
        }
        if state.prompt_open {
            intents.extend(promotion_answer(input));
        }
        to_board = input.consume_key(Modifiers::NONE, Key::B);
        if !state.practising && input.consume_key(Modifiers::NONE, Key::A) {
            intents.push(Intent::ToggleAnalysis);
        }
        if input.consume_key(Modifiers::NONE, Key::P) {
            intents.push(Intent::OpenPractice);
        }
        let KeyState { shown, last, .. } = *state;
        let mut presses = |key| input.count_and_consume_key(Modifiers::NONE, key);
        let (home, end) = (presses(Key::Home), presses(Key::End));
        let start = match (home, end) {
            (_, 1..) => last,
            (1.., 0) => 0,
            (0, 0) => shown,
        };
        // The arrows are the board's cursor's while the board has the keyboard.
        let mut arrows = |key| match state.board_focused {
            true => 0,
            false => input.count_and_consume_key(Modifiers::NONE, key),
        };
        let (right, left) = (arrows(Key::ArrowRight), arrows(Key::ArrowLeft));
        let (down, up) = (arrows(Key::ArrowDown), arrows(Key::ArrowUp));
        let mut presses = |key| input.count_and_consume_key(Modifiers::NONE, key);
        let forward = right + PAGE * presses(Key::PageDown);
        let back = left + PAGE * presses(Key::PageUp);
        let target = (start + forward).saturating_sub(back).min(last);
        if target != shown {
            intents.push(Intent::View(Some(target)));
        }
        for _ in 0..down {
            intents.push(Intent::OtherBranch(true));
        }
        for _ in 0..up {
            intents.push(Intent::OtherBranch(false));
        }
        let pasted = input.events.iter().find_map(|event| match event {
            Event::Paste(text) => Some(text.clone()),
            _ => None,
        });
        intents.extend(pasted.map(Intent::Paste));
    });
    // The keyboard's focus is the window's, not the game's: no intent changes it.
    if to_board {
        cursor::focus(ui.ctx());
    }
    intents
}

/// The promotion prompt's answer from the keys, in either language: Y, 1 or Enter promote,
/// N or 2 do not (Esc cancels, as everywhere). Enter is taken here, before the board sees it
/// as a click on the square under the cursor.
fn promotion_answer(input: &mut egui::InputState) -> Option<Intent> {
    let mut pressed = |keys: &[Key]| {
        keys.iter()
            .any(|&key| input.consume_key(Modifiers::NONE, key))
    };
    if pressed(&[Key::Y, Key::Num1, Key::Enter]) {
        Some(Intent::ChoosePromotion(true))
    } else if pressed(&[Key::N, Key::Num2]) {
        Some(Intent::ChoosePromotion(false))
    } else {
        None
    }
}
