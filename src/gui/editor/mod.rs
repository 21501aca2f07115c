//! The position editor's state: the setup on its board and the piece in the user's hand,
//! and the edits that change them. Checking the setup is the rules core's job
//! ([`Setup::problems`]); the editor only shows what it finds.

mod editing;
pub mod view;

use crate::rules::{Color, Handicap, Piece, PieceKind, Position, Setup, Square};

/// A position being set up, not necessarily playable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Editor {
    pub setup: Setup,
    /// The piece the user is holding, to put down with a click on a square.
    pub held: Option<Held>,
}

/// A piece in the user's hand: taken from the box (put down as often as the user clicks),
/// or lifted off a square (put down once).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    pub piece: Piece,
    pub from_box: bool,
}

/// One change to the setup, from a click or a drag in the editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Take a piece from the box of spare pieces (again: put it back).
    TakeFromBox(Piece),
    /// A click on a square: put down the held piece, or lift the piece standing there.
    ClickSquare(Square),
    /// A piece dragged from the box onto a square.
    PlaceFromBox {
        piece: Piece,
        on: Square,
    },
    /// A piece dragged from one square to another.
    Shift {
        from: Square,
        to: Square,
    },
    /// A piece dragged off the board: back into the box.
    Remove(Square),
    /// Promote the piece on a square; a promoted one (or one that cannot promote) turns
    /// to the other side, unpromoted.
    Turn(Square),
    /// One more or one fewer of a kind in a side's hand.
    Hand {
        color: Color,
        kind: PieceKind,
        more: bool,
    },
    SideToMove(Color),
    /// An empty board and empty hands.
    Clear,
    /// The standard start position.
    Reset,
    Handicap(Handicap),
}

impl Editor {
    /// The editor on `position`, move number 1.
    pub fn new(position: &Position) -> Editor {
        let mut setup = Setup::from(position);
        setup.move_number = 1;
        Editor { setup, held: None }
    }

    pub fn apply(&mut self, edit: Edit) {
        match edit {
            Edit::TakeFromBox(piece) => {
                let again = self.held.is_some_and(|h| h.from_box && h.piece == piece);
                self.held = (!again).then_some(Held {
                    piece,
                    from_box: true,
                });
            }
            Edit::ClickSquare(sq) => self.click(sq),
            Edit::PlaceFromBox { piece, on } => self.setup.set_piece(on, Some(piece)),
            Edit::Shift { from, to } => {
                if from != to {
                    let piece = self.setup.piece_at(from);
                    self.setup.set_piece(from, None);
                    self.setup.set_piece(to, piece);
                }
            }
            Edit::Remove(sq) => self.setup.set_piece(sq, None),
            Edit::Turn(sq) => {
                let turned = self.setup.piece_at(sq).map(turned);
                self.setup.set_piece(sq, turned);
            }
            Edit::Hand { color, kind, more } => self.change_hand(color, kind, more),
            Edit::SideToMove(color) => self.setup.side_to_move = color,
            Edit::Clear => self.replace(Setup::EMPTY),
            Edit::Reset => self.replace(Setup::from(&Position::startpos())),
            Edit::Handicap(handicap) => self.replace(Setup::from(&handicap.position())),
        }
    }

    /// Puts the held piece on `sq` (a lifted piece goes only once), or lifts the piece on
    /// it when nothing is held.
    fn click(&mut self, sq: Square) {
        match self.held {
            Some(held) => {
                self.setup.set_piece(sq, Some(held.piece));
                if !held.from_box {
                    self.held = None;
                }
            }
            None => {
                if let Some(piece) = self.setup.piece_at(sq) {
                    self.setup.set_piece(sq, None);
                    self.held = Some(Held {
                        piece,
                        from_box: false,
                    });
                }
            }
        }
    }

    fn change_hand(&mut self, color: Color, kind: PieceKind, more: bool) {
        let kind = kind.unpromoted();
        if kind == PieceKind::King {
            return;
        }
        let hand = &mut self.setup.hands[color];
        let count = hand.count(kind);
        let count = if more {
            count.saturating_add(1).min(kind.total_count())
        } else {
            count.saturating_sub(1)
        };
        hand.set(kind, count);
    }

    fn replace(&mut self, setup: Setup) {
        self.setup = Setup {
            move_number: 1,
            ..setup
        };
        self.held = None;
    }
}

/// The next state of a piece under the flip click: ☗P → ☗と → ☖P → ☖と → ☗P; a gold or a
/// king only changes sides.
fn turned(piece: Piece) -> Piece {
    match piece.kind.promoted() {
        Some(promoted) => Piece::new(piece.color, promoted),
        None => Piece::new(!piece.color, piece.kind.unpromoted()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).expect("a square")
    }

    fn pawn(color: Color) -> Piece {
        Piece::new(color, PieceKind::Pawn)
    }

    #[test]
    fn a_piece_from_the_box_is_put_down_on_every_square_clicked() {
        let mut editor = Editor::new(&Position::startpos());
        editor.apply(Edit::Clear);
        editor.apply(Edit::TakeFromBox(pawn(Color::Sente)));
        editor.apply(Edit::ClickSquare(sq("7g")));
        editor.apply(Edit::ClickSquare(sq("6g")));
        assert_eq!(editor.setup.piece_at(sq("7g")), Some(pawn(Color::Sente)));
        assert_eq!(editor.setup.piece_at(sq("6g")), Some(pawn(Color::Sente)));
    }

    #[test]
    fn a_lifted_piece_is_put_down_once() {
        let mut editor = Editor::new(&Position::startpos());
        editor.apply(Edit::ClickSquare(sq("7g")));
        editor.apply(Edit::ClickSquare(sq("7e")));
        assert_eq!(editor.setup.piece_at(sq("7g")), None);
        assert_eq!(editor.setup.piece_at(sq("7e")), Some(pawn(Color::Sente)));
        assert_eq!(editor.held, None);
    }

    #[test]
    fn the_flip_click_promotes_then_changes_sides() {
        let mut editor = Editor::new(&Position::startpos());
        let seen: Vec<Option<Piece>> = (0..4)
            .map(|_| {
                editor.apply(Edit::Turn(sq("7g")));
                editor.setup.piece_at(sq("7g"))
            })
            .collect();
        assert_eq!(
            seen,
            [
                Some(Piece::new(Color::Sente, PieceKind::Tokin)),
                Some(pawn(Color::Gote)),
                Some(Piece::new(Color::Gote, PieceKind::Tokin)),
                Some(pawn(Color::Sente)),
            ]
        );
    }

    #[test]
    fn hand_counts_stay_within_a_set() {
        let mut editor = Editor::new(&Position::startpos());
        editor.apply(Edit::Clear);
        for _ in 0..5 {
            editor.apply(Edit::Hand {
                color: Color::Gote,
                kind: PieceKind::Rook,
                more: true,
            });
        }
        assert_eq!(editor.setup.hands[Color::Gote].count(PieceKind::Rook), 2);
        editor.apply(Edit::Hand {
            color: Color::Gote,
            kind: PieceKind::Pawn,
            more: false,
        });
        assert_eq!(editor.setup.hands[Color::Gote].count(PieceKind::Pawn), 0);
    }
}
