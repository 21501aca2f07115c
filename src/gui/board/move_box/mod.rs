//! The box a move is typed in (at the foot of the move list, beside the board; under the
//! Practice page's board): in USI, Western or Japanese, with the legal moves the text could
//! still become offered with it (clicked, or chosen with ↑ ↓ and Enter). Enter plays the move
//! through the same intents as a click (a move, the promotion prompt); an ambiguous or
//! illegal one is answered beside the box and changes nothing. M puts the keyboard in the box
//! and Esc takes it out.

use crate::gui::board::selection::refusal_text;
use crate::gui::intent::{Intent, Refusal};
use crate::gui::panels::message::{self, MessageKind};
use crate::i18n::{Language, fill};
use crate::rules::notation::{
    self, Notation, Reading, Unplayable, read_typed, suggestions, write_typed,
};
use crate::rules::{Move, Position, Square};
use egui::{Context, Id, Key, Modifiers, RichText, TextEdit, Ui};

pub mod state;

use state::MoveBox;

/// The suggestions shown at most: the row keeps its height.
pub const SHOWN_SUGGESTIONS: usize = 8;

/// The moves an ambiguity lists at most.
const LISTED_MOVES: usize = 6;

/// The text box's width: room for the longest moves (`+R9a-9i=`, `９九成香左上不成`).
const BOX_WIDTH: f32 = 170.0;

/// The row's height, in the row layout.
pub fn row_height(ui: &Ui) -> f32 {
    ui.spacing().interact_size.y + ui.spacing().item_spacing.y + 4.0
}

/// How the box lays out what it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// One row under a board: the box, the answer, the suggestions.
    Row,
    /// Down a narrow column (under the move list): the box, the answer wrapped, a
    /// suggestion a line.
    Column,
}

/// What the box needs to read a move: the position on the board and the square the move
/// before it went to (for `同`), whether the board takes a move now, whether the promotion
/// prompt waits for an answer.
pub struct MoveBoxView<'a> {
    pub state: &'a MoveBox,
    pub position: &'a Position,
    pub previous_to: Option<Square>,
    pub takes_moves: bool,
    pub prompt_open: bool,
    pub layout: Layout,
    pub lang: Language,
}

/// The box's id: the M key puts the keyboard focus on it.
pub fn id() -> Id {
    Id::unique("move box")
}

/// Whether the box had the keyboard at the end of the last frame it was drawn in (read
/// once): an Esc pressed now took it out of the box (egui drops the focus before the
/// frame), and does nothing else.
pub fn had_focus(ctx: &Context) -> bool {
    ctx.data_mut(|data| data.remove_temp::<bool>(focus_note()))
        .unwrap_or(false)
}

/// Where the box notes whether it has the keyboard, from frame to frame.
fn focus_note() -> Id {
    id().with("had focus")
}

/// Puts the keyboard in the box (the M key).
pub fn take_focus(ctx: &Context) {
    ctx.memory_mut(|memory| memory.request_focus(id()));
}

/// Draws the box and its suggestions; returns what the player asked for.
pub fn show(ui: &mut Ui, view: &MoveBoxView) -> Vec<Intent> {
    let t = view.lang.strings();
    let focused = ui.memory(|memory| memory.has_focus(id()));
    let offered = offered(view);
    let mut intents = Vec::new();
    let (mut chosen, mut enter) = (view.state.chosen, false);
    if focused {
        ui.input_mut(|input| {
            for _ in 0..input.count_and_consume_key(Modifiers::NONE, Key::ArrowDown) {
                chosen = match chosen {
                    None if !offered.is_empty() => Some(0),
                    Some(i) if i + 1 < offered.len() => Some(i + 1),
                    other => other,
                };
            }
            for _ in 0..input.count_and_consume_key(Modifiers::NONE, Key::ArrowUp) {
                chosen = chosen.and_then(|i| i.checked_sub(1));
            }
            enter = input.consume_key(Modifiers::NONE, Key::Enter);
        });
    }
    let mut text = view.state.text.clone();
    let mut contents = |ui: &mut Ui| {
        ui.label(t.move_box_label);
        let width = match view.layout {
            Layout::Row => BOX_WIDTH,
            Layout::Column => ui.available_width(),
        };
        let edit = TextEdit::singleline(&mut text)
            .id(id())
            .hint_text(t.move_box_hint)
            .desired_width(width)
            .return_key(None::<egui::KeyboardShortcut>);
        let response = ui.add(edit);
        if response.changed() {
            intents.push(Intent::TypeMove(MoveBox {
                text: text.clone(),
                chosen: None,
                answer: None,
            }));
        } else if chosen != view.state.chosen {
            intents.push(Intent::TypeMove(MoveBox {
                chosen,
                ..view.state.clone()
            }));
        }
        if let Some((notation, why)) = &view.state.answer {
            let colour = message::color(MessageKind::Warning, ui.visuals());
            let answer = answer_text(why, *notation, view, view.lang);
            ui.label(RichText::new(answer).color(colour));
        }
        for (i, (mv, written)) in offered.iter().enumerate() {
            let response = ui.selectable_label(chosen == Some(i), written);
            if response.clicked() {
                intents.extend(play(view, Ok(Reading::Move(*mv))));
                take_focus(ui.ctx());
            }
        }
    };
    match view.layout {
        Layout::Row => ui.horizontal(|ui| contents(ui)),
        Layout::Column => ui.vertical(|ui| contents(ui)),
    };
    if enter {
        intents.extend(entered(view, &text, chosen.and_then(|i| offered.get(i))));
    }
    let has_focus = ui.memory(|memory| memory.has_focus(id()));
    ui.data_mut(|data| data.insert_temp(focus_note(), has_focus));
    intents
}

/// The suggestions for the text typed, each written in the notation it is typed in.
fn offered(view: &MoveBoxView) -> Vec<(Move, String)> {
    let text = &view.state.text;
    let notation = read_typed(view.position, view.previous_to, text).notation;
    suggestions(view.position, view.previous_to, text)
        .into_iter()
        .take(SHOWN_SUGGESTIONS)
        .map(|mv| {
            let written = write_typed(view.position, view.previous_to, mv, notation);
            (mv, written)
        })
        .collect()
}

/// What Enter asks for: the suggestion chosen, an answer to the promotion prompt, or the
/// move typed. A board that takes no move now says why, as to a click, whatever was typed.
fn entered(view: &MoveBoxView, text: &str, chosen: Option<&(Move, String)>) -> Vec<Intent> {
    if !view.takes_moves {
        return vec![Intent::ReadOnlyClick];
    }
    if let Some(&(mv, _)) = chosen {
        return play(view, Ok(Reading::Move(mv)));
    }
    if view.prompt_open
        && let Some(promote) = promotion_answer(text)
    {
        return vec![
            Intent::TypeMove(MoveBox::default()),
            Intent::ChoosePromotion(promote),
        ];
    }
    let typed = read_typed(view.position, view.previous_to, text);
    match typed.reading {
        Err(Unplayable::Empty) => Vec::new(),
        Err(why) => vec![Intent::TypeMove(MoveBox {
            text: text.to_owned(),
            chosen: None,
            answer: Some((typed.notation, why)),
        })],
        reading => play(view, reading),
    }
}

/// `+`, `成`, `=`, `不成` or `生` alone: the answer to the promotion prompt.
fn promotion_answer(text: &str) -> Option<bool> {
    match text.trim() {
        "+" | "＋" | "成" => Some(true),
        "=" | "＝" | "不成" | "生" => Some(false),
        _ => None,
    }
}

/// The intents of a move read from the box: the move, or the promotion prompt, as a click
/// gives them; the box empties. A board that takes no move now says why, as to a click.
fn play(view: &MoveBoxView, reading: Result<Reading, Unplayable>) -> Vec<Intent> {
    if !view.takes_moves {
        return vec![Intent::ReadOnlyClick];
    }
    let intent = match reading {
        Ok(Reading::Move(mv)) => Intent::Move(mv),
        Ok(Reading::AskPromotion { from, to }) => Intent::AskPromotion { from, to },
        Err(_) => return Vec::new(),
    };
    vec![Intent::TypeMove(MoveBox::default()), intent]
}

/// Why a move typed was not played, in `lang`: an illegal move's reason as a click gets it,
/// the moves an ambiguous one could be in the notation it was typed in.
pub fn answer_text(
    why: &Unplayable,
    notation: Notation,
    view: &MoveBoxView,
    lang: Language,
) -> String {
    let t = lang.strings();
    let list = |moves: &[Move]| {
        let written: Vec<String> = moves
            .iter()
            .take(LISTED_MOVES)
            .map(|&mv| write_typed(view.position, view.previous_to, mv, notation))
            .collect();
        written.join(t.move_box_or)
    };
    match why {
        Unplayable::Empty | Unplayable::Unreadable => t.move_box_unreadable.to_owned(),
        Unplayable::NoPreviousMove => t.move_box_no_previous.to_owned(),
        Unplayable::Illegal(why) => refusal_text(Refusal::Illegal(*why), lang),
        Unplayable::NoneCanGo { kind, to } => fill(
            t.move_box_none_can_go,
            &[
                ("piece", &lang.piece(*kind)),
                ("square", &square(*to, notation)),
            ],
        ),
        Unplayable::NoneFits(moves) => fill(t.move_box_none_fits, &[("moves", &list(moves))]),
        Unplayable::Ambiguous(moves) => fill(t.move_box_ambiguous, &[("moves", &list(moves))]),
    }
}

/// A square as the notation typed writes it: `7f`, or `７六` in Japanese.
fn square(sq: Square, notation: Notation) -> String {
    match notation {
        Notation::Japanese => notation::japanese_square(sq),
        Notation::Usi | Notation::Western => sq.to_string(),
    }
}
