//! Game records other shogi software reads and writes: KIF and KI2 (Kifu
//! for Windows, ShogiGUI, ShogiHome), CSA V2.2 (computer-shogi servers)
//! and USI `position` lines.
//!
//! Every reader replays the moves through a [`Game`], so a record that
//! loads is legal move by move, and the endings komadai's rules detect
//! (mate, sennichite, perpetual check, the ply limit) come from the moves
//! themselves; the file only adds what players do (resign, declare).

mod board_problem;
mod csa_read;
mod csa_write;
mod ending;
mod error;
mod format;
mod ki2;
mod ki2_move;
mod kif_board;
mod kif_header;
mod kif_read;
mod kif_write;
mod text;
mod usi;

pub use board_problem::BoardProblem;
pub use error::{Found, Problem, RecordError};
pub use format::Format;
pub use text::decode;

use crate::rules::game::Game;
use std::time::Duration;

/// A game as a record holds it: who played, when, and the game itself.
#[derive(Clone, Debug, Default)]
pub struct Record {
    pub info: RecordInfo,
    /// Start position, moves and result, checked move by move.
    pub game: Game,
    /// An ending the file gives that komadai's rules have no name for, or
    /// that the moves do not bear out (`中断`, `切れ負け`, `%TIME_UP`...),
    /// kept as written so the player sees it.
    pub other_ending: Option<String>,
    /// The time each move took, in the order of the moves (KIF's time
    /// column, CSA's `T` lines); empty when the record gives none.
    pub move_times: Vec<Duration>,
    /// KIF's `*` comment lines: index 0 holds those before the first move, n those after
    /// move n, each entry its lines joined by `\n` (empty: none). Shorter than the moves
    /// when the last ones have none; only KIF reads and writes them.
    pub comments: Vec<String>,
}

/// Header facts shared by KIF and CSA. Keys a format has no place for are
/// kept in `other` as written (KIF `場所`, CSA `$TIME_LIMIT`...).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordInfo {
    pub sente: Option<String>,
    pub gote: Option<String>,
    pub event: Option<String>,
    pub site: Option<String>,
    pub start_time: Option<String>,
    pub other: Vec<(String, String)>,
}

impl Record {
    /// A record of `game` with no header facts.
    pub fn new(game: Game) -> Record {
        Record {
            info: RecordInfo::default(),
            game,
            other_ending: None,
            move_times: Vec::new(),
            comments: Vec::new(),
        }
    }

    /// Reads KIF text (UTF-8 already decoded).
    pub fn from_kif(text: &str) -> Result<Record, RecordError> {
        kif_read::read(text)
    }

    /// Reads a KIF file's bytes: UTF-8 (with or without BOM) or Shift_JIS.
    pub fn from_kif_bytes(bytes: &[u8]) -> Result<Record, RecordError> {
        kif_read::read(&decode(bytes)?)
    }

    /// KIF text in UTF-8 (save it as `.kifu`, which the KIF rules make
    /// UTF-8), as ShogiGUI, ShogiHome and Kifu for Windows read it.
    pub fn to_kif(&self) -> String {
        kif_write::write(self)
    }

    /// KIF in Shift_JIS, for a `.kif` file older Windows software opens.
    pub fn to_kif_shift_jis(&self) -> Vec<u8> {
        kif_write::write_shift_jis(self)
    }

    /// Reads KI2 text (moves as players write them, no origin squares).
    pub fn from_ki2(text: &str) -> Result<Record, RecordError> {
        ki2::read(text)
    }

    /// KI2 text: the KIF header, then `▲７六歩 △３四歩 ...` and `まで...`.
    pub fn to_ki2(&self) -> String {
        ki2::write(self)
    }

    /// Reads a record in whichever format it is (see [`Format::detect`]):
    /// what the GUI calls for a file or pasted text.
    pub fn read(text: &str) -> Result<Record, RecordError> {
        match Format::detect(text) {
            Format::Kif => Record::from_kif(text),
            Format::Ki2 => Record::from_ki2(text),
            Format::Csa => Record::from_csa(text),
            Format::Usi => Record::from_usi(text),
        }
    }

    /// Writes the record in `format`.
    /// The comment after move `ply` (0: before the first move), if any.
    pub fn comment(&self, ply: usize) -> Option<&str> {
        self.comments
            .get(ply)
            .map(String::as_str)
            .filter(|c| !c.is_empty())
    }

    /// Sets the comment after move `ply` (0: before the first move).
    pub fn set_comment(&mut self, ply: usize, text: String) {
        if self.comments.len() <= ply {
            self.comments.resize(ply + 1, String::new());
        }
        self.comments[ply] = text;
    }

    pub fn write(&self, format: Format) -> String {
        match format {
            Format::Kif => self.to_kif(),
            Format::Ki2 => self.to_ki2(),
            Format::Csa => self.to_csa(),
            Format::Usi => self.to_usi(),
        }
    }

    /// Reads CSA text (V2 or V2.2).
    pub fn from_csa(text: &str) -> Result<Record, RecordError> {
        csa_read::read(text)
    }

    /// CSA V2.2 text.
    pub fn to_csa(&self) -> String {
        csa_write::write(self)
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
}
