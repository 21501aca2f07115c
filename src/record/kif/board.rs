//! The KIF board diagram (BOD) that gives a start position other than a
//! named handicap: hands, a 9x9 grid with `v` marking Gote's pieces, and
//! whose turn it is.

use crate::record::board_problem::BoardProblem;
use crate::record::error::{Problem, RecordError};
use crate::rules::notation::{digit_value, kanji_digit, kanji_kind, piece_kanji};
use crate::rules::{Color, Hand, Piece, PieceKind, Position, Setup, Square};

const FILES_LINE: &str = "  ９ ８ ７ ６ ５ ４ ３ ２ １";
const EDGE_LINE: &str = "+---------------------------+";

/// The diagram lines for `pos`, as Kifu for Windows writes them.
pub fn write_board(pos: &Position) -> Vec<String> {
    let mut lines = vec![format!("後手の持駒：{}", hand_text(pos, Color::Gote))];
    lines.push(FILES_LINE.to_string());
    lines.push(EDGE_LINE.to_string());
    for rank in 1..=9u8 {
        let mut row = String::from("|");
        for file in (1..=9).rev() {
            match Square::new(file, rank).and_then(|sq| pos.piece_at(sq)) {
                None => row.push_str(" ・"),
                Some(piece) => {
                    row.push(if piece.color == Color::Gote { 'v' } else { ' ' });
                    row.push_str(piece_kanji(piece.kind));
                }
            }
        }
        row.push('|');
        row.push(kanji_digit(rank));
        lines.push(row);
    }
    lines.push(EDGE_LINE.to_string());
    lines.push(format!("先手の持駒：{}", hand_text(pos, Color::Sente)));
    if pos.side_to_move() == Color::Gote {
        lines.push("後手番".to_string());
    }
    lines
}

fn hand_text(pos: &Position, color: Color) -> String {
    let items: Vec<String> = PieceKind::HAND_DISPLAY_ORDER
        .into_iter()
        .filter_map(|kind| match pos.hand(color).count(kind) {
            0 => None,
            1 => Some(piece_kanji(kind).to_string()),
            n => Some(format!("{}{}", piece_kanji(kind), kanji_count(n))),
        })
        .collect();
    if items.is_empty() {
        "なし".to_string()
    } else {
        items.join("　")
    }
}

/// Reads a diagram piece by piece as its lines come.
#[derive(Default)]
pub struct BoardReader {
    pub setup: Setup,
    rows: u8,
    pub seen: bool,
}

impl BoardReader {
    /// Takes `line` if it belongs to a diagram; `Ok(false)` if it does not.
    pub fn take(&mut self, line: &str, number: usize) -> Result<bool, RecordError> {
        let bad = |why| RecordError::new(number, Problem::BadBoard(why));
        if let Some((who, hand)) = line.split_once("の持駒：").or(line.split_once("の持駒:"))
        {
            let color = match who {
                "先手" | "下手" => Color::Sente,
                "後手" | "上手" => Color::Gote,
                _ => return Ok(false),
            };
            self.read_hand(color, hand).map_err(bad)?;
            self.seen = true;
            return Ok(true);
        }
        if line.starts_with('|') {
            self.read_row(line).map_err(bad)?;
            self.seen = true;
            return Ok(true);
        }
        if line.starts_with("+--") || line.trim_start().starts_with('９') {
            return Ok(true);
        }
        match line.trim() {
            "後手番" | "上手番" => self.setup.side_to_move = Color::Gote,
            "先手番" | "下手番" => self.setup.side_to_move = Color::Sente,
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn read_hand(&mut self, color: Color, text: &str) -> Result<(), BoardProblem> {
        let hand = &mut self.setup.hands[color];
        *hand = Hand::EMPTY;
        for item in text.split_whitespace() {
            if item == "なし" {
                continue;
            }
            let mut chars = item.chars();
            let kind = chars
                .next()
                .and_then(kanji_kind)
                .filter(|k| PieceKind::HAND.contains(k))
                .ok_or_else(|| BoardProblem::HandItem {
                    item: item.to_string(),
                })?;
            let rest: String = chars.collect();
            let count = if rest.is_empty() {
                1
            } else {
                parse_count(&rest).ok_or_else(|| BoardProblem::HandCount {
                    item: item.to_string(),
                })?
            };
            hand.set(kind, count);
        }
        Ok(())
    }

    fn read_row(&mut self, line: &str) -> Result<(), BoardProblem> {
        self.rows += 1;
        let rank = self.rows;
        if rank > 9 {
            return Err(BoardProblem::TooManyRanks);
        }
        let inner: Vec<char> = line.chars().skip(1).take_while(|&c| c != '|').collect();
        if inner.len() != 18 {
            let chars = inner.len();
            return Err(BoardProblem::RowWidth { rank, chars });
        }
        for (i, cell) in inner.chunks(2).enumerate() {
            let file = 9 - i as u8;
            let Some(sq) = Square::new(file, rank) else {
                continue;
            };
            let piece = match (cell[0], cell[1]) {
                (_, '・') => None,
                (mark, c) => {
                    let kind = kanji_kind(c).ok_or(BoardProblem::UnknownKanji {
                        text: c,
                        square: sq,
                    })?;
                    let color = if mark == 'v' {
                        Color::Gote
                    } else {
                        Color::Sente
                    };
                    Some(Piece::new(color, kind))
                }
            };
            self.setup.set_piece(sq, piece);
        }
        Ok(())
    }

    /// Whether all nine ranks were read.
    pub fn complete(&self) -> bool {
        self.rows == 9
    }
}

/// A hand count in kanji as KIF writes it: 二 ... 十 ... 十八.
pub fn kanji_count(n: u8) -> String {
    match n {
        0..=9 => kanji_digit(n).to_string(),
        10 => "十".to_string(),
        _ => format!("十{}", kanji_digit(n - 10)),
    }
}

/// Reads 一..十八 (or ASCII/full-width digits).
pub fn parse_count(text: &str) -> Option<u8> {
    let digits: Option<Vec<u8>> = text
        .chars()
        .map(|c| if c == '十' { Some(10) } else { digit_value(c) })
        .collect();
    match digits?.as_slice() {
        [n] => Some(*n),
        [10, n] if *n < 10 => Some(10 + n),
        [a, b] if *a < 10 && *b < 10 => Some(a * 10 + b),
        _ => None,
    }
}
