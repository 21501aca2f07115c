//! The lines of a KIF-family file (KIF and KI2) that carry something.

/// The lines of a KIF or KI2 record's main line that carry something, as
/// (number from 1, the line without line end or BOM, the same trimmed):
/// blank lines and comments (`#`, `*`, `&`) are skipped, and reading stops
/// at the first variation (`変化`): KI2 carries the main line only.
pub fn kif_lines(text: &str) -> impl Iterator<Item = (usize, &str, &str)> {
    kif_lines_with_comments(text)
        .filter(|(_, _, trimmed)| !trimmed.starts_with('*'))
        .take_while(|(_, _, trimmed)| !trimmed.starts_with("変化"))
}

/// Every line of a KIF record that carries something, the `*` comment
/// lines (a comment after a move belongs to it) and the variations
/// (`変化：N手` and their moves) included.
pub fn kif_lines_with_comments(text: &str) -> impl Iterator<Item = (usize, &str, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, raw)| {
            let line = raw.trim_matches(['\r', '\u{feff}']);
            (i + 1, line, line.trim())
        })
        .filter(|(_, _, trimmed)| !(trimmed.is_empty() || trimmed.starts_with(['#', '&'])))
}
