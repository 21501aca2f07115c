//! What a screen reader says of the board, in the interface's language: a square and what
//! stands on it ("7f, Sente pawn", ７六、先手の歩), a piece on a stand, a whole stand, and a
//! move as it is announced when played.

use super::language::Language;
use super::strings::fill;
use crate::rules::{Color, Hand, Move, PieceKind, Position, Square};

/// A square and its piece: "7f, Sente pawn", "5e, empty"; ７六、先手の歩.
pub fn square_name(lang: Language, position: &Position, sq: Square, handicap: bool) -> String {
    let t = lang.strings();
    let square = lang.square(sq);
    match position.piece_at(sq) {
        Some(piece) => fill(
            t.spoken_square,
            &[
                ("square", &square),
                ("side", &lang.seat(piece.color, handicap)),
                ("piece", &lang.piece(piece.kind)),
            ],
        ),
        None => fill(t.spoken_empty_square, &[("square", &square)]),
    }
}

/// A piece on a stand with its count: "Sente's hand, pawn: 3"; 先手の持ち駒、歩3枚.
pub fn hand_piece_name(
    lang: Language,
    color: Color,
    kind: PieceKind,
    count: u8,
    handicap: bool,
) -> String {
    fill(
        lang.strings().spoken_hand_piece,
        &[
            ("side", &lang.seat(color, handicap)),
            ("piece", &lang.piece(kind)),
            ("count", &count),
        ],
    )
}

/// A whole stand: "Gote's hand: rook 1, pawn 2", "Sente's hand: empty"; 後手の持ち駒：なし.
pub fn stand_name(lang: Language, hand: &Hand, color: Color, handicap: bool) -> String {
    let t = lang.strings();
    let entries: Vec<String> = PieceKind::HAND_DISPLAY_ORDER
        .iter()
        .filter(|&&kind| hand.count(kind) > 0)
        .map(|&kind| {
            fill(
                t.spoken_stand_entry,
                &[("piece", &lang.piece(kind)), ("count", &hand.count(kind))],
            )
        })
        .collect();
    let side = lang.seat(color, handicap);
    if entries.is_empty() {
        fill(t.spoken_empty_stand, &[("side", &side)])
    } else {
        fill(
            t.spoken_stand,
            &[
                ("side", &side),
                ("pieces", &entries.join(t.review_list_comma)),
            ],
        )
    }
}

/// A move in `position` (before it is played), said as a person reads it: "pawn 7g to 7f",
/// "bishop 8h takes 2b, promotes", "silver dropped on 5e"; ７六歩（７七から）.
pub fn move_name(lang: Language, position: &Position, mv: Move) -> String {
    let t = lang.strings();
    match mv {
        Move::Drop { kind, to } => fill(
            t.spoken_drop,
            &[("piece", &lang.piece(kind)), ("to", &lang.square(to))],
        ),
        Move::Board { from, to, promote } => {
            let kind = position.piece_at(from).map_or("", |p| lang.piece(p.kind));
            let template = match position.piece_at(to) {
                Some(_) => t.spoken_capture,
                None => t.spoken_move,
            };
            let mut said = fill(
                template,
                &[
                    ("piece", &kind),
                    ("from", &lang.square(from)),
                    ("to", &lang.square(to)),
                ],
            );
            if promote {
                said.push_str(t.spoken_promotes);
            }
            said
        }
    }
}

/// The announcement of `mv` just played from `before`: "Gote: pawn 3c to 3d", with
/// ". Check!" when it gives check.
pub fn played(lang: Language, before: &Position, mv: Move, check: bool, handicap: bool) -> String {
    let t = lang.strings();
    let mut said = fill(
        t.spoken_played,
        &[
            ("side", &lang.seat(before.side_to_move(), handicap)),
            ("move", &move_name(lang, before, mv)),
        ],
    );
    if check {
        said.push_str(t.spoken_check);
    }
    said
}

/// The names above for the start position and a few moves, for the glyph test.
pub(super) fn samples(lang: Language) -> Vec<String> {
    let start = Position::startpos();
    let mut texts: Vec<String> = Square::all()
        .map(|sq| square_name(lang, &start, sq, false))
        .collect();
    for color in Color::ALL {
        texts.push(stand_name(lang, start.hand(color), color, false));
        texts.push(hand_piece_name(lang, color, PieceKind::Pawn, 2, true));
    }
    for usi in ["7g7f", "8h2b+", "P*5e"] {
        if let Ok(mv) = Move::from_usi(usi) {
            texts.push(played(lang, &start, mv, true, false));
        }
    }
    texts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::parse(name).expect("a square")
    }

    /// The start position after these USI moves.
    fn after(line: &str) -> Position {
        line.split_whitespace()
            .map(|usi| Move::from_usi(usi).expect("a USI move"))
            .fold(Position::startpos(), |pos, mv| pos.after(mv))
    }

    #[test]
    fn a_square_is_named_with_its_piece_in_either_language() {
        let start = Position::startpos();
        let after = after("7g7f");
        assert_eq!(
            square_name(Language::English, &after, sq("7f"), false),
            "7f, Sente pawn"
        );
        assert_eq!(
            square_name(Language::Japanese, &after, sq("7f"), false),
            "７六、先手の歩"
        );
        assert_eq!(
            square_name(Language::English, &start, sq("5e"), false),
            "5e, empty"
        );
        assert_eq!(
            square_name(Language::Japanese, &start, sq("5e"), false),
            "５五、空き"
        );
    }

    #[test]
    fn a_stand_lists_its_pieces_or_says_it_is_empty() {
        let start = Position::startpos();
        assert_eq!(
            stand_name(
                Language::English,
                start.hand(Color::Gote),
                Color::Gote,
                false
            ),
            "Gote's hand: empty"
        );
        let traded = after("7g7f 3c3d 8h2b+ 3a2b");
        assert_eq!(
            stand_name(
                Language::English,
                traded.hand(Color::Sente),
                Color::Sente,
                false
            ),
            "Sente's hand: bishop 1"
        );
        assert_eq!(
            stand_name(
                Language::Japanese,
                traded.hand(Color::Gote),
                Color::Gote,
                false
            ),
            "後手の持ち駒：角1枚"
        );
    }

    #[test]
    fn a_move_is_announced_with_its_side_capture_promotion_and_check() {
        let opened = after("7g7f 3c3d");
        let mv = Move::from_usi("8h2b+").expect("a move");
        assert_eq!(
            played(Language::English, &opened, mv, false, false),
            "Sente: bishop 8h takes 2b, promotes"
        );
        assert_eq!(
            played(Language::Japanese, &opened, mv, true, false),
            "先手、２二角（８八から、駒を取る）、成り。王手！"
        );
        let drop = Move::from_usi("P*5e").expect("a move");
        assert_eq!(
            move_name(Language::English, &opened, drop),
            "pawn dropped on 5e"
        );
    }
}
