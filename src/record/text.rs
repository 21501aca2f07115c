//! Text pieces KIF and CSA share: decoding bytes, kanji counts, piece names
//! in moves, handicap start positions, and checking a start position.

use super::error::{Problem, RecordError};
use crate::rules::notation::{digit_value, japanese_piece_name, kanji_digit, piece_kanji};
use crate::rules::{PieceKind, Position, START_SFEN, Setup};

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

/// The piece names KIF move lines use: the KI2 names, but 龍 for the
/// dragon, as Kifu for Windows writes it.
pub fn kif_move_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Dragon => piece_kanji(kind),
        other => japanese_piece_name(other),
    }
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

/// The checked position a record's diagram or `P` lines describe; `line`
/// is where an error is reported.
pub fn start_position(setup: Setup, line: usize) -> Result<Position, RecordError> {
    Position::try_from(setup).map_err(|err| RecordError::new(line, Problem::BadPosition(err)))
}
