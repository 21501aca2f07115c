//! Text every format shares: the bytes decoded, and a position's SFEN
//! without its move number (how two start positions compare).

use super::error::{Problem, RecordError};
use crate::rules::Position;

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

/// SFEN without the move number: what makes two start positions the same.
pub fn sfen_core(pos: &Position) -> String {
    let sfen = pos.to_sfen();
    match sfen.rsplit_once(' ') {
        Some((core, _)) => core.to_string(),
        None => sfen,
    }
}
