//! Why a KIF board diagram or a CSA position line does not make a board, in the
//! interface's language: squares and pieces named as the language names them, the user's
//! own text quoted as written.

use super::language::Language;
use super::strings::fill;
use crate::record::BoardProblem;
use crate::rules::notation::kanji_digit;

/// What is wrong with a KIF board diagram or a CSA position line.
pub(super) fn board_problem(lang: Language, why: &BoardProblem) -> String {
    let t = lang.strings();
    let piece = |kind| lang.piece(kind);
    let square = |sq| lang.square(sq);
    match why {
        BoardProblem::NotAscii => t.board_not_ascii.to_owned(),
        BoardProblem::UnknownLine => t.board_unknown_line.to_owned(),
        BoardProblem::ItemLength { text, size } => {
            fill(t.board_item_length, &[("text", text), ("size", size)])
        }
        BoardProblem::NoSquare { item } => fill(t.board_no_square, &[("item", item)]),
        BoardProblem::NoPiece { item } => fill(t.board_no_piece, &[("item", item)]),
        BoardProblem::NothingToRemove { kind, square: sq } => fill(
            t.board_nothing_to_remove,
            &[("piece", &piece(*kind)), ("square", &square(*sq))],
        ),
        BoardProblem::RankLength { squares } => fill(t.board_rank_length, &[("squares", squares)]),
        BoardProblem::NoColor { cell, square: sq } => fill(
            t.board_no_color,
            &[("cell", cell), ("square", &square(*sq))],
        ),
        BoardProblem::NotInHand { kind } => fill(t.board_not_in_hand, &[("piece", &piece(*kind))]),
        BoardProblem::HandItem { item } => fill(t.board_hand_item, &[("item", item)]),
        BoardProblem::HandCount { item } => fill(t.board_hand_count, &[("item", item)]),
        BoardProblem::TooManyRanks => t.board_too_many_ranks.to_owned(),
        BoardProblem::RowWidth { rank, chars } => fill(
            t.board_row_width,
            &[("rank", &kanji_digit(*rank)), ("chars", chars)],
        ),
        BoardProblem::UnknownKanji { text, square: sq } => fill(
            t.board_unknown_kanji,
            &[("text", text), ("square", &square(*sq))],
        ),
        BoardProblem::MissingRanks => t.board_missing_ranks.to_owned(),
    }
}

/// One board problem of each kind.
pub(super) fn board_samples() -> Vec<BoardProblem> {
    use crate::rules::{PieceKind, Square};
    let square = Square::new(5, 5).unwrap_or_else(|| unreachable!("5e is a square"));
    let item = || "99XX".to_owned();
    vec![
        BoardProblem::NotAscii,
        BoardProblem::UnknownLine,
        BoardProblem::ItemLength {
            text: "+FU7".to_owned(),
            size: 4,
        },
        BoardProblem::NoSquare { item: item() },
        BoardProblem::NoPiece { item: item() },
        BoardProblem::NothingToRemove {
            kind: PieceKind::Rook,
            square,
        },
        BoardProblem::RankLength { squares: 10 },
        BoardProblem::NoColor {
            cell: "*FU".to_owned(),
            square,
        },
        BoardProblem::NotInHand {
            kind: PieceKind::King,
        },
        BoardProblem::HandItem {
            item: "玉".to_owned(),
        },
        BoardProblem::HandCount {
            item: "歩ｘ".to_owned(),
        },
        BoardProblem::TooManyRanks,
        BoardProblem::RowWidth { rank: 3, chars: 16 },
        BoardProblem::UnknownKanji {
            text: '猫', square
        },
        BoardProblem::MissingRanks,
    ]
}
