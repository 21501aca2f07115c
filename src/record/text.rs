//! Text pieces KIF and CSA share: decoding bytes, kanji counts, piece names
//! in moves, handicap start positions, and checking a start position.

use super::error::{Problem, RecordError};
use crate::rules::notation::{digit_value, japanese_piece_name, kanji_digit, piece_kanji};
use crate::rules::{Handicap, PieceKind, Position, Setup};

/// The lines of a KIF or KI2 record that carry something, as (number from 1,
/// the line without line end or BOM, the same trimmed): blank lines and
/// comments (`#`, `*`, `&`) are skipped, and reading stops at the first
/// variation (`変化`), which komadai does not load.
pub fn kif_lines(text: &str) -> impl Iterator<Item = (usize, &str, &str)> {
    kif_lines_with_comments(text).filter(|(_, _, trimmed)| !trimmed.starts_with('*'))
}

/// As [`kif_lines`], keeping the `*` comment lines (a comment after a move belongs to it).
pub fn kif_lines_with_comments(text: &str) -> impl Iterator<Item = (usize, &str, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, raw)| {
            let line = raw.trim_matches(['\r', '\u{feff}']);
            (i + 1, line, line.trim())
        })
        .filter(|(_, _, trimmed)| !(trimmed.is_empty() || trimmed.starts_with(['#', '&'])))
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

/// The KIF `手合割` name of a start position: 平手 for the standard start,
/// a handicap's Japanese name, or `None` for any other position.
pub fn handicap_name(pos: &Position) -> Option<&'static str> {
    if sfen_core(pos) == sfen_core(&Position::startpos()) {
        return Some(EVEN);
    }
    Handicap::of_start(pos).map(Handicap::japanese)
}

/// The start position a KIF `手合割` names (平手 or a handicap).
pub fn handicap_position(name: &str) -> Option<Position> {
    if name.trim() == EVEN {
        return Some(Position::startpos());
    }
    Handicap::from_japanese(name).map(Handicap::position)
}

/// KIF's name for an even game.
const EVEN: &str = "平手";

/// SFEN without the move number: what makes two start positions the same.
pub fn sfen_core(pos: &Position) -> String {
    let sfen = pos.to_sfen();
    match sfen.rsplit_once(' ') {
        Some((core, _)) => core.to_string(),
        None => sfen,
    }
}

/// The checked position a record's diagram or `P` lines describe; `line`
/// is where an error is reported.
pub fn start_position(setup: Setup, line: usize) -> Result<Position, RecordError> {
    Position::try_from(setup).map_err(|err| RecordError::new(line, Problem::BadPosition(err)))
}
