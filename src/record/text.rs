//! Text pieces KIF and CSA share: decoding bytes, Japanese numerals, piece
//! names, handicap start positions, and building a start position.

use super::error::{Problem, RecordError};
use crate::rules::{Color, Piece, PieceKind, Position, START_SFEN, Square};

/// The lines of a KIF or KI2 record that carry something, as (number from 1,
/// the line without line end or BOM, the same trimmed): blank lines and
/// comments (`#`, `*`, `&`) are skipped, and reading stops at the first
/// variation (`変化`), which komadai does not load.
pub fn kif_lines(text: &str) -> impl Iterator<Item = (usize, &str, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, raw)| {
            let line = raw.trim_matches(['\r', '\u{feff}']);
            (i + 1, line, line.trim())
        })
        .filter(|(_, _, trimmed)| !(trimmed.is_empty() || trimmed.starts_with(['#', '*', '&'])))
        .take_while(|(_, _, trimmed)| !trimmed.starts_with("変化"))
}

/// Decodes a record file: UTF-8 (a BOM is skipped) or, failing that,
/// Shift_JIS, which older Windows software writes.
pub fn decode(bytes: &[u8]) -> Result<String, RecordError> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(text.to_string());
    }
    encoding_rs::SHIFT_JIS
        .decode_without_bom_handling_and_without_replacement(bytes)
        .map(|text| text.into_owned())
        .ok_or(RecordError::new(0, Problem::NotText))
}

const KANJI_DIGITS: [char; 10] = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
const WIDE_DIGITS: [char; 10] = ['０', '１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// A digit 0-9 written as ASCII, full-width or kanji.
pub fn digit_value(c: char) -> Option<u8> {
    if let Some(d) = c.to_digit(10) {
        return u8::try_from(d).ok();
    }
    let position = |table: &[char; 10]| table.iter().position(|&x| x == c);
    position(&WIDE_DIGITS)
        .or_else(|| position(&KANJI_DIGITS))
        .and_then(|i| u8::try_from(i).ok())
}

pub fn wide_digit(n: u8) -> char {
    WIDE_DIGITS[usize::from(n % 10)]
}

pub fn kanji_digit(n: u8) -> char {
    KANJI_DIGITS[usize::from(n % 10)]
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

/// The piece names KIF move lines use (龍, as Kifu for Windows writes it).
pub fn kif_move_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Dragon => "龍",
        other => crate::rules::notation::japanese_piece_name(other),
    }
}

/// Every name a KIF or KI2 record may give a piece, longest first so that
/// `成銀` is not read as `成` + `銀`.
pub const PIECE_NAMES: [(&str, PieceKind); 19] = [
    ("成香", PieceKind::ProLance),
    ("成桂", PieceKind::ProKnight),
    ("成銀", PieceKind::ProSilver),
    ("歩", PieceKind::Pawn),
    ("香", PieceKind::Lance),
    ("桂", PieceKind::Knight),
    ("銀", PieceKind::Silver),
    ("金", PieceKind::Gold),
    ("角", PieceKind::Bishop),
    ("飛", PieceKind::Rook),
    ("玉", PieceKind::King),
    ("王", PieceKind::King),
    ("と", PieceKind::Tokin),
    ("杏", PieceKind::ProLance),
    ("圭", PieceKind::ProKnight),
    ("全", PieceKind::ProSilver),
    ("馬", PieceKind::Horse),
    ("龍", PieceKind::Dragon),
    ("竜", PieceKind::Dragon),
];

/// Reads a piece name at the start of `text`: the kind and the rest.
pub fn take_piece_name(text: &str) -> Option<(PieceKind, &str)> {
    PIECE_NAMES
        .iter()
        .find_map(|(name, kind)| text.strip_prefix(name).map(|rest| (*kind, rest)))
}

/// The one-character name a KIF board diagram uses.
pub fn board_char(kind: PieceKind) -> char {
    match kind {
        PieceKind::Pawn => '歩',
        PieceKind::Lance => '香',
        PieceKind::Knight => '桂',
        PieceKind::Silver => '銀',
        PieceKind::Gold => '金',
        PieceKind::Bishop => '角',
        PieceKind::Rook => '飛',
        PieceKind::King => '玉',
        PieceKind::Tokin => 'と',
        PieceKind::ProLance => '杏',
        PieceKind::ProKnight => '圭',
        PieceKind::ProSilver => '全',
        PieceKind::Horse => '馬',
        PieceKind::Dragon => '龍',
    }
}

pub fn board_char_kind(c: char) -> Option<PieceKind> {
    let mut buf = [0u8; 4];
    let name: &str = c.encode_utf8(&mut buf);
    PIECE_NAMES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, kind)| *kind)
}

/// Handicaps by their KIF names; the stronger player (上手) is Gote and
/// moves first.
pub const HANDICAPS: [(&str, &str); 11] = [
    ("平手", START_SFEN),
    (
        "香落ち",
        "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "右香落ち",
        "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "角落ち",
        "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "飛車落ち",
        "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "飛香落ち",
        "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "二枚落ち",
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "四枚落ち",
        "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "六枚落ち",
        "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "八枚落ち",
        "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
    (
        "十枚落ち",
        "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    ),
];

/// SFEN without the move number: what makes two start positions the same.
pub fn sfen_core(pos: &Position) -> String {
    let sfen = pos.to_sfen();
    match sfen.rsplit_once(' ') {
        Some((core, _)) => core.to_string(),
        None => sfen,
    }
}

/// The handicap name of a start position, if it is one of the table's.
pub fn handicap_name(pos: &Position) -> Option<&'static str> {
    let core = sfen_core(pos);
    HANDICAPS
        .iter()
        .find(|(_, sfen)| sfen.rsplit_once(' ').map(|(c, _)| c) == Some(core.as_str()))
        .map(|(name, _)| *name)
}

pub fn handicap_position(name: &str) -> Option<Position> {
    HANDICAPS
        .iter()
        .find(|(n, _)| *n == name)
        .and_then(|(_, sfen)| Position::from_sfen(sfen).ok())
}

/// A board, hands and side to move being read from a diagram or CSA `P`
/// lines; turned into a checked [`Position`] through SFEN.
#[derive(Clone, Debug)]
pub struct Setup {
    pub board: [Option<Piece>; 81],
    pub hands: [[u8; 7]; 2],
    pub side: Color,
    pub move_number: u32,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            board: [None; 81],
            hands: [[0; 7]; 2],
            side: Color::Sente,
            move_number: 1,
        }
    }
}

impl Setup {
    pub fn from_position(pos: &Position) -> Setup {
        let mut setup = Setup {
            side: pos.side_to_move(),
            move_number: pos.move_number(),
            ..Setup::default()
        };
        for sq in Square::all() {
            setup.board[sq.index()] = pos.piece_at(sq);
        }
        for color in Color::ALL {
            for kind in PieceKind::HAND {
                setup.hands[color.index()][kind.index()] = pos.hand(color).count(kind);
            }
        }
        setup
    }

    pub fn to_sfen(&self) -> String {
        let mut ranks = Vec::with_capacity(9);
        for rank in 1..=9 {
            let mut row = String::new();
            let mut empty = 0;
            for file in (1..=9).rev() {
                let piece = Square::new(file, rank).and_then(|sq| self.board[sq.index()]);
                match piece {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push_str(&piece.sfen());
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            ranks.push(row);
        }
        let mut hands = String::new();
        for color in Color::ALL {
            for kind in PieceKind::HAND_DISPLAY_ORDER {
                let n = self.hands[color.index()][kind.index()];
                if n > 1 {
                    hands.push_str(&n.to_string());
                }
                if n > 0 {
                    hands.push_str(&Piece::new(color, kind).sfen());
                }
            }
        }
        if hands.is_empty() {
            hands.push('-');
        }
        let side = match self.side {
            Color::Sente => 'b',
            Color::Gote => 'w',
        };
        format!("{} {side} {hands} {}", ranks.join("/"), self.move_number)
    }

    /// The checked position; `line` is where the error is reported.
    pub fn position(&self, line: usize) -> Result<Position, RecordError> {
        Position::from_sfen(&self.to_sfen())
            .map_err(|err| RecordError::new(line, Problem::BadPosition(err)))
    }
}
