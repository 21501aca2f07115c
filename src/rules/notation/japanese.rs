//! Japanese notation as KI2 records and newspapers write it:
//! `▲７六歩`, `△同　歩`, `▲２二角成`, `▲５二金左`, `▲８八と左上`, `▲５五角打`.
//!
//! The relative words follow the Japan Shogi Association's rules
//! (棋譜の表記方法): when two or more identical pieces can reach the square,
//! the movement (上 forward, 寄 sideways, 引 back) is written if it tells
//! them apart; otherwise the side (左/右 as the mover sees the board, and
//! 直 for a gold-like piece or silver stepping straight forward); otherwise
//! both, side first (`左上`). Rooks, bishops, dragons and horses (at most
//! two of each) take 左/右 from where they stand relative to the other one,
//! and never 直: `▲１七竜右` for the dragon on 1i against one on 2h.

use super::choices::{board_piece_could_go, could_promote, rivals};
use super::kanji::{japanese_piece_name, kanji_digit, wide_digit};
use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::types::{Color, Piece, PieceKind, Square};

/// The KI2 spelling of `mv` played from `before`. `previous_to` is the
/// target of the move just before, which makes this one `同`.
pub fn japanese(before: &Position, mv: Move, previous_to: Option<Square>) -> String {
    let mover = before.side_to_move();
    let mark = match mover {
        Color::Sente => '▲',
        Color::Gote => '△',
    };
    let to = mv.to();
    let (name, words) = match mv {
        Move::Drop { kind, .. } => {
            let drop_word = if board_piece_could_go(before, Piece::new(mover, kind), to) {
                "打"
            } else {
                ""
            };
            (japanese_piece_name(kind), drop_word.to_string())
        }
        Move::Board { from, promote, .. } => {
            let Some(piece) = before.piece_at(from) else {
                return mv.to_string();
            };
            let mut words = relative_words(before, piece.kind, mover, from, to);
            if promote {
                words.push('成');
            } else if could_promote(before, from, to) {
                words.push_str("不成");
            }
            (japanese_piece_name(piece.kind), words)
        }
    };
    let rest = format!("{name}{words}");
    let square = if previous_to == Some(to) {
        // KI2 pads 同 with a full-width space when one character follows.
        if rest.chars().count() == 1 {
            "同　".to_string()
        } else {
            "同".to_string()
        }
    } else {
        japanese_square(to)
    };
    format!("{mark}{square}{rest}")
}

/// `７六`: full-width file digit and kanji rank.
pub fn japanese_square(sq: Square) -> String {
    format!("{}{}", wide_digit(sq.file()), kanji_digit(sq.rank()))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Movement {
    Up,
    Sideways,
    Back,
}

impl Movement {
    fn of(color: Color, from: Square, to: Square) -> Movement {
        let (a, b) = (from.relative_rank(color), to.relative_rank(color));
        match b.cmp(&a) {
            std::cmp::Ordering::Less => Movement::Up,
            std::cmp::Ordering::Equal => Movement::Sideways,
            std::cmp::Ordering::Greater => Movement::Back,
        }
    }

    fn word(self) -> char {
        match self {
            Movement::Up => '上',
            Movement::Sideways => '寄',
            Movement::Back => '引',
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Left,
    Right,
    Straight,
}

impl Side {
    fn word(self) -> char {
        match self {
            Side::Left => '左',
            Side::Right => '右',
            Side::Straight => '直',
        }
    }
}

/// How far left a file stands as `color` sees the board: Sente's left is
/// file 9, Gote's is file 1.
fn leftness(color: Color, sq: Square) -> i8 {
    match color {
        Color::Sente => sq.file() as i8,
        Color::Gote => 10 - sq.file() as i8,
    }
}

/// Rooks, bishops, dragons and horses are placed against each other;
/// other pieces against the target square.
fn placed_against_each_other(kind: PieceKind) -> bool {
    matches!(kind.unpromoted(), PieceKind::Rook | PieceKind::Bishop)
}

fn side_of(
    kind: PieceKind,
    color: Color,
    from: Square,
    to: Square,
    all: &[Square],
) -> Option<Side> {
    let here = leftness(color, from);
    if placed_against_each_other(kind) {
        let others = all
            .iter()
            .filter(|&&sq| sq != from)
            .map(|&sq| leftness(color, sq));
        let (mut left_of_all, mut right_of_all) = (true, true);
        for there in others {
            left_of_all &= here > there;
            right_of_all &= here < there;
        }
        return match (left_of_all, right_of_all) {
            (true, _) => Some(Side::Left),
            (_, true) => Some(Side::Right),
            _ => None,
        };
    }
    match here.cmp(&leftness(color, to)) {
        std::cmp::Ordering::Greater => Some(Side::Left),
        std::cmp::Ordering::Less => Some(Side::Right),
        std::cmp::Ordering::Equal => {
            (Movement::of(color, from, to) == Movement::Up).then_some(Side::Straight)
        }
    }
}

/// 上/寄/引, 左/右/直 or both, when another identical piece could also
/// reach `to`; empty otherwise.
fn relative_words(
    before: &Position,
    kind: PieceKind,
    color: Color,
    from: Square,
    to: Square,
) -> String {
    let piece = Piece::new(color, kind);
    let mut all = rivals(before, piece, from, to);
    if all.is_empty() {
        return String::new();
    }
    all.push(from);
    let movement = Movement::of(color, from, to);
    let same_movement = all
        .iter()
        .filter(|&&sq| Movement::of(color, sq, to) == movement)
        .count();
    if same_movement == 1 {
        return movement.word().to_string();
    }
    let side = side_of(kind, color, from, to, &all);
    if let Some(side) = side {
        let same_side = all
            .iter()
            .filter(|&&sq| side_of(kind, color, sq, to, &all) == Some(side))
            .count();
        if same_side == 1 {
            return side.word().to_string();
        }
        return format!("{}{}", side.word(), movement.word());
    }
    movement.word().to_string()
}

/// The words that could describe the piece moving `from` → `to` among the
/// identical pieces on `all` (origins, `from` included): its movement
/// (上 寄 引) and its side (左 右 直, if any). Record readers use this to
/// resolve KI2 text that over- or under-specifies a move.
pub fn relative_classes(
    kind: PieceKind,
    color: Color,
    from: Square,
    to: Square,
    all: &[Square],
) -> (char, Option<char>) {
    (
        Movement::of(color, from, to).word(),
        side_of(kind, color, from, to, all).map(Side::word),
    )
}
