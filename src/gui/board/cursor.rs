//! The keyboard's cursor on the board: the square or stand piece the arrow keys stand on.
//!
//! The cursor is egui's keyboard focus. Only the cursor's own square (or stand piece) can
//! take the focus, so Tab enters the board in one press and leaves it with the next, a
//! screen reader reads the square the cursor moves to, and Enter (or Space) on it is the
//! click the mouse would give, turned into the same intents. While the board has the focus
//! the arrow keys are the cursor's; elsewhere they step through the moves.

use crate::rules::{Color, PieceKind, Square};
use egui::{Context, EventFilter, Id, Key, Modifiers, Rect, Vec2, vec2};

/// Where the cursor stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cursor {
    Square(Square),
    /// A piece of this kind on this side's stand.
    Hand(Color, PieceKind),
}

impl Cursor {
    /// The widget of the square or stand piece: the one the mouse clicks, too.
    pub fn id(self) -> Id {
        match self {
            Cursor::Square(sq) => Id::unique(("square", sq.index())),
            Cursor::Hand(color, kind) => Id::unique(("hand", color.index(), kind.index())),
        }
    }
}

/// Where the cursor starts: the middle of the board.
fn home() -> Cursor {
    Cursor::Square(Square::new(5, 5).unwrap_or(Square::from_index_unchecked(40)))
}

fn memory_id() -> Id {
    Id::unique("komadai board cursor")
}

/// The cursor as it was last left.
pub fn stored(ctx: &Context) -> Cursor {
    ctx.data(|d| d.get_temp::<Cursor>(memory_id()))
        .unwrap_or_else(home)
}

/// The cursor's place when the stored one is a stand piece no longer there: the middle of
/// the board.
pub fn or_home(cursor: Cursor, present: impl Fn(Cursor) -> bool) -> Cursor {
    if present(cursor) { cursor } else { home() }
}

fn store(ctx: &Context, cursor: Cursor) {
    ctx.data_mut(|d| d.insert_temp(memory_id(), cursor));
}

/// Whether the keyboard is on the board now.
pub fn focused(ctx: &Context) -> bool {
    let id = stored(ctx).id();
    ctx.memory(|m| m.has_focus(id))
}

/// Puts the keyboard on the board, where the cursor was left.
pub fn focus(ctx: &Context) {
    let id = stored(ctx).id();
    ctx.memory_mut(|m| m.request_focus(id));
}

/// Moves the cursor to `cursor` and the keyboard focus with it.
pub fn move_to(ctx: &Context, cursor: Cursor) {
    store(ctx, cursor);
    ctx.memory_mut(|m| m.request_focus(cursor.id()));
}

/// While the cursor has the focus the arrow keys are its own rather than egui's moves
/// between widgets, and so is Esc while `escape` (a piece is picked up: Esc puts it down and
/// the cursor stays).
pub fn claim_keys(ctx: &Context, id: Id, escape: bool) {
    let filter = EventFilter {
        horizontal_arrows: true,
        vertical_arrows: true,
        escape,
        tab: false,
    };
    ctx.memory_mut(|m| m.set_focus_lock_filter(id, filter));
}

/// The arrow pressed this frame, as a direction on the screen; taken from the input.
pub fn arrow_pressed(ctx: &Context) -> Option<Vec2> {
    ctx.input_mut(|input| {
        [
            (Key::ArrowLeft, vec2(-1.0, 0.0)),
            (Key::ArrowRight, vec2(1.0, 0.0)),
            (Key::ArrowUp, vec2(0.0, -1.0)),
            (Key::ArrowDown, vec2(0.0, 1.0)),
        ]
        .into_iter()
        .find(|&(key, _)| input.consume_key(Modifiers::NONE, key))
        .map(|(_, dir)| dir)
    })
}

/// The place one step from `from` in the direction `dir` on the screen: of those lying
/// that way, the nearest, a place straight on before one aside. On the board that is the
/// neighbouring square; off its edge, the nearest piece on the stand that side; from a
/// stand, the next piece up or down, or the board's nearest square beside it.
pub fn step(from: Rect, dir: Vec2, places: &[(Cursor, Rect)]) -> Option<Cursor> {
    let reach = from.width().min(from.height()) * 0.3;
    places
        .iter()
        .filter_map(|&(cursor, rect)| {
            let offset = rect.center() - from.center();
            let along = offset.dot(dir);
            let aside = (offset - along * dir).length();
            (along > reach).then_some((cursor, along + 2.0 * aside))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(cursor, _)| cursor)
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::pos2;

    fn sq(name: &str) -> Square {
        Square::parse(name).expect("a square")
    }

    /// Three squares in a row with a stand piece to the right of the last.
    fn places() -> Vec<(Cursor, Rect)> {
        let cell = |x: f32, y: f32| Rect::from_min_size(pos2(x, y), vec2(10.0, 10.0));
        vec![
            (Cursor::Square(sq("3a")), cell(0.0, 0.0)),
            (Cursor::Square(sq("2a")), cell(10.0, 0.0)),
            (Cursor::Square(sq("1a")), cell(20.0, 0.0)),
            (Cursor::Square(sq("1b")), cell(20.0, 10.0)),
            (
                Cursor::Hand(Color::Sente, PieceKind::Pawn),
                cell(35.0, 12.0),
            ),
        ]
    }

    #[test]
    fn an_arrow_steps_to_the_neighbouring_square() {
        let places = places();
        let from = places[1].1;
        assert_eq!(
            step(from, vec2(1.0, 0.0), &places),
            Some(Cursor::Square(sq("1a")))
        );
        assert_eq!(
            step(from, vec2(-1.0, 0.0), &places),
            Some(Cursor::Square(sq("3a")))
        );
        assert_eq!(step(from, vec2(0.0, -1.0), &places), None, "the edge");
    }

    #[test]
    fn off_the_boards_edge_the_cursor_reaches_the_stand_and_comes_back() {
        let places = places();
        let pawn = Cursor::Hand(Color::Sente, PieceKind::Pawn);
        assert_eq!(step(places[3].1, vec2(1.0, 0.0), &places), Some(pawn));
        assert_eq!(
            step(places[4].1, vec2(-1.0, 0.0), &places),
            Some(Cursor::Square(sq("1b"))),
            "back to the square level with it"
        );
    }
}
