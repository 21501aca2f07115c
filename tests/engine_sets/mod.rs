//! The engine's test positions (`tests/data/engine/*.txt`), shared by the
//! test files that `mod engine_sets;` them.

use komadai::rules::Position;

/// The positions of a test set, each with the rest of its line: a file of
/// `SFEN | answer` lines, `#` comments and blank lines skipped.
pub fn load(name: &str) -> Vec<(Position, String)> {
    let path = format!("{}/tests/data/engine/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the test set is readable");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (sfen, rest) = line.split_once('|').unwrap_or((line, ""));
            let sfen = sfen.trim();
            let pos = Position::from_sfen(sfen).unwrap_or_else(|err| panic!("{sfen}: {err}"));
            (pos, rest.trim().to_string())
        })
        .collect()
}
