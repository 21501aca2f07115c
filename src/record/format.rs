//! Telling the record formats apart, for files and pasted text whose
//! format nobody named.

/// The record formats komadai reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    Kif,
    Ki2,
    Csa,
    Usi,
}

impl Format {
    pub const ALL: [Format; 4] = [Format::Kif, Format::Ki2, Format::Csa, Format::Usi];

    /// The extension for files komadai writes: `.kifu` is UTF-8 KIF by
    /// the format's own rule (`.kif` is Shift_JIS; see
    /// [`Record::to_kif_shift_jis`](super::Record::to_kif_shift_jis)).
    pub fn extension(self) -> &'static str {
        match self {
            Format::Kif => "kifu",
            Format::Ki2 => "ki2",
            Format::Csa => "csa",
            Format::Usi => "usi",
        }
    }

    /// The format of a file with this extension (any case).
    pub fn from_extension(extension: &str) -> Option<Format> {
        let extension = extension.to_ascii_lowercase();
        match extension.as_str() {
            "kif" | "kifu" => Some(Format::Kif),
            "ki2" | "ki2u" => Some(Format::Ki2),
            "csa" => Some(Format::Csa),
            "usi" | "sfen" => Some(Format::Usi),
            _ => None,
        }
    }

    /// Guesses the format from the text: a USI `position`/`startpos`/`sfen`
    /// line, KIF's move-table heading or numbered moves, KI2's ▲/△ moves,
    /// CSA's `PI`/`P1`/`+7776FU` lines. Header-only text counts as KIF.
    pub fn detect(text: &str) -> Format {
        let text = text.trim_start_matches('\u{feff}');
        let lines = || text.lines().map(str::trim).filter(|l| !l.is_empty());
        let first = lines().find(|l| !l.starts_with(['#', '\''])).unwrap_or("");
        if ["position", "startpos", "sfen "]
            .iter()
            .any(|p| first.starts_with(p))
        {
            return Format::Usi;
        }
        if lines().any(|l| l.starts_with("手数----") || l.starts_with("手数－－")) {
            return Format::Kif;
        }
        if lines().any(|l| l.starts_with(['▲', '△', '☗', '☖', '▽'])) {
            return Format::Ki2;
        }
        let csa_line = |l: &str| {
            l.starts_with("PI")
                || l.starts_with("P1")
                || l.starts_with("V2")
                || l.starts_with("N+")
                || (l.len() >= 7
                    && l.starts_with(['+', '-'])
                    && l.as_bytes()[1..5].iter().all(u8::is_ascii_digit))
        };
        if lines().any(csa_line) {
            return Format::Csa;
        }
        Format::Kif
    }
}
