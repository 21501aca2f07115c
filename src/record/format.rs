//! The record formats: telling them apart, for files and pasted text whose
//! format nobody named, and a [`Record`] read from and written in each.

use super::error::RecordError;
use super::model::Record;
use super::text::decode;
use super::{csa, jkf, ki2, kif, usi};
use crate::rules::Position;

/// The record formats komadai reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    Kif,
    Ki2,
    Csa,
    Usi,
    /// JSON kifu format (ShogiHome, json-kifu-format).
    Jkf,
}

impl Format {
    pub const ALL: [Format; 5] = [
        Format::Kif,
        Format::Ki2,
        Format::Csa,
        Format::Usi,
        Format::Jkf,
    ];

    /// The extension for files komadai writes: `.kifu` is UTF-8 KIF by
    /// the format's own rule (`.kif` is Shift_JIS; see
    /// [`Record::to_kif_shift_jis`](super::Record::to_kif_shift_jis)).
    pub fn extension(self) -> &'static str {
        match self {
            Format::Kif => "kifu",
            Format::Ki2 => "ki2",
            Format::Csa => "csa",
            Format::Usi => "usi",
            Format::Jkf => "jkf",
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
            "jkf" => Some(Format::Jkf),
            _ => None,
        }
    }

    /// Guesses the format from the text: a USI `position`/`startpos`/`sfen`
    /// line, KIF's move-table heading or numbered moves, KI2's ▲/△ moves,
    /// CSA's `PI`/`P1`/`+7776FU` lines, JKF's JSON object. Header-only text
    /// counts as KIF.
    pub fn detect(text: &str) -> Format {
        let text = text.trim_start_matches('\u{feff}');
        if text.trim_start().starts_with('{') {
            return Format::Jkf;
        }
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
        if lines().any(|l| l.starts_with(ki2::MARKS)) {
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

impl Record {
    /// Reads KIF text (UTF-8 already decoded).
    pub fn from_kif(text: &str) -> Result<Record, RecordError> {
        kif::read(text)
    }

    /// Reads a KIF file's bytes: UTF-8 (with or without BOM) or Shift_JIS.
    pub fn from_kif_bytes(bytes: &[u8]) -> Result<Record, RecordError> {
        kif::read(&decode(bytes)?)
    }

    /// KIF text in UTF-8 (save it as `.kifu`, which the KIF rules make
    /// UTF-8), as ShogiGUI, ShogiHome and Kifu for Windows read it.
    pub fn to_kif(&self) -> String {
        kif::write(self)
    }

    /// KIF in Shift_JIS, for a `.kif` file older Windows software opens.
    pub fn to_kif_shift_jis(&self) -> Vec<u8> {
        kif::write_shift_jis(self)
    }

    /// Reads KI2 text (moves as players write them, no origin squares).
    pub fn from_ki2(text: &str) -> Result<Record, RecordError> {
        ki2::read(text)
    }

    /// KI2 text: the KIF header, then `▲７六歩 △３四歩 ...` and `まで...`.
    pub fn to_ki2(&self) -> String {
        ki2::write(self)
    }

    /// Reads CSA text (V2 or V2.2).
    pub fn from_csa(text: &str) -> Result<Record, RecordError> {
        csa::read(text)
    }

    /// CSA V2.2 text.
    pub fn to_csa(&self) -> String {
        csa::write(self)
    }

    /// Reads a USI position line: `[position] startpos|sfen ... [moves ...]`.
    pub fn from_usi(line: &str) -> Result<Record, RecordError> {
        usi::read(line)
    }

    /// The USI line `position startpos moves ...` (or `position sfen ...`);
    /// it carries no result.
    pub fn to_usi(&self) -> String {
        usi::write(&self.game)
    }

    /// Reads JKF (JSON kifu format) text.
    pub fn from_jkf(text: &str) -> Result<Record, RecordError> {
        jkf::read(text)
    }

    /// JKF text, variations as `forks`, as ShogiHome reads it.
    pub fn to_jkf(&self) -> String {
        jkf::write(self)
    }

    /// Reads a record in whichever format it is (see [`Format::detect`]):
    /// what the GUI calls for a file or pasted text.
    pub fn read(text: &str) -> Result<Record, RecordError> {
        match Format::detect(text) {
            Format::Kif => Record::from_kif(text),
            Format::Ki2 => Record::from_ki2(text),
            Format::Csa => Record::from_csa(text),
            Format::Usi => Record::from_usi(text),
            Format::Jkf => Record::from_jkf(text),
        }
    }

    /// Reads a record as [`Record::read`] does, but a KIF, KI2 or CSA record whose moves stop
    /// being readable (a file cut short, a move mistyped) is kept up to its last good move,
    /// the problem given beside it; only a record whose start cannot be read is refused.
    pub fn read_up_to(text: &str) -> Result<(Record, Option<RecordError>), RecordError> {
        match Format::detect(text) {
            Format::Kif => kif::read_up_to(text),
            Format::Ki2 => ki2::read_up_to(text),
            Format::Csa => csa::read_up_to(text),
            Format::Usi | Format::Jkf => Record::read(text).map(|record| (record, None)),
        }
    }

    /// The start position of a record read as a mate problem: as the record
    /// would start, except that in a KIF or KI2 diagram or CSA `P` lines the
    /// attacker (the side to move) may have no king, as published tsume are
    /// set up ([`Setup::into_mate_problem`](crate::rules::Setup::into_mate_problem)).
    pub fn read_mate_problem(text: &str) -> Result<Position, RecordError> {
        match Format::detect(text) {
            Format::Kif | Format::Ki2 => kif::read_mate_problem(text),
            Format::Csa => csa::read_mate_problem(text),
            _ => Record::read(text).map(|record| *record.game.start()),
        }
    }

    /// Writes the record in `format`.
    pub fn write(&self, format: Format) -> String {
        match format {
            Format::Kif => self.to_kif(),
            Format::Ki2 => self.to_ki2(),
            Format::Csa => self.to_csa(),
            Format::Usi => self.to_usi(),
            Format::Jkf => self.to_jkf(),
        }
    }
}
