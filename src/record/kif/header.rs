//! The part of a KIF or KI2 file before the moves: header lines, a
//! handicap name or a board diagram, and the `まで` summary after them.

use super::board::BoardReader;
use crate::record::board_problem::BoardProblem;
use crate::record::error::{Problem, RecordError};
use crate::record::model::RecordInfo;
use crate::record::replay::start_position;
use crate::record::text::sfen_core;
use crate::rules::{Color, Handicap, Position, Setup};

/// What the reader has gathered before the moves start.
#[derive(Default)]
pub struct Header {
    pub info: RecordInfo,
    board: BoardReader,
    handicap: Option<(String, usize)>,
    plies_before: Option<u32>,
    pub recognised: bool,
}

impl Header {
    /// Takes a header or diagram line; `Ok(false)` if it is neither.
    pub fn take(&mut self, line: &str, number: usize) -> Result<bool, RecordError> {
        if self.board.take(line, number)? {
            self.recognised = true;
            return Ok(true);
        }
        let trimmed = line.trim();
        if let Some(n) = trimmed
            .strip_prefix("手数＝")
            .or(trimmed.strip_prefix("手数="))
        {
            let digits: String = n.chars().take_while(|c| c.is_ascii_digit()).collect();
            let plies = digits.parse().map_err(|_| {
                RecordError::new(number, Problem::UnexpectedLine(trimmed.to_string()))
            })?;
            self.plies_before = Some(plies);
            self.recognised = true;
            return Ok(true);
        }
        let Some((key, value)) = trimmed.split_once('：').or(trimmed.split_once(':')) else {
            return Ok(false);
        };
        let value = value.trim().to_string();
        let info = &mut self.info;
        match key.trim() {
            "先手" | "下手" => info.sente = Some(value),
            "後手" | "上手" => info.gote = Some(value),
            "棋戦" => info.event = Some(value),
            "場所" => info.site = Some(value),
            "開始日時" => info.start_time = Some(value),
            "手合割" => self.handicap = Some((value, number)),
            other => info.other.push((other.to_string(), value)),
        }
        self.recognised = true;
        Ok(true)
    }

    /// The start position: the diagram if there is one, else the handicap.
    pub fn start(&mut self, number: usize) -> Result<Position, RecordError> {
        match self.diagram(number)? {
            Some(setup) => start_position(setup, number),
            None => self.handicap_start(),
        }
    }

    /// The start as a mate problem: as [`Header::start`], except that the
    /// side to move, the attacker, may have no king ([`Setup::into_mate_problem`]).
    pub fn mate_problem_start(&mut self, number: usize) -> Result<Position, RecordError> {
        match self.diagram(number)? {
            Some(setup) => setup
                .into_mate_problem()
                .map_err(|err| RecordError::new(number, Problem::BadPosition(err))),
            None => self.handicap_start(),
        }
    }

    /// The diagram's setup, unchecked, if the header has one.
    fn diagram(&mut self, number: usize) -> Result<Option<Setup>, RecordError> {
        if !self.board.seen {
            return Ok(None);
        }
        if !self.board.complete() {
            return Err(RecordError::new(
                number,
                Problem::BadBoard(BoardProblem::MissingRanks),
            ));
        }
        if let Some(plies) = self.plies_before {
            self.board.setup.move_number = plies.saturating_add(1);
        }
        Ok(Some(self.board.setup))
    }

    /// The start a `手合割` line names, the even game's without one.
    fn handicap_start(&self) -> Result<Position, RecordError> {
        match &self.handicap {
            None => Ok(Position::startpos()),
            Some((name, line)) => handicap_position(name)
                .ok_or_else(|| RecordError::new(*line, Problem::UnknownHandicap(name.clone()))),
        }
    }
}

/// The winner a `まで64手で後手の勝ち` summary names, if any.
pub fn summary_winner(summary: &str) -> Option<Color> {
    if summary.contains("先手の勝ち") || summary.contains("下手の勝ち") {
        Some(Color::Sente)
    } else if summary.contains("後手の勝ち") || summary.contains("上手の勝ち") {
        Some(Color::Gote)
    } else {
        None
    }
}

/// Whether a header key written as `key：value` reads back as a header
/// rather than a move, a diagram line, a comment or a summary. Keys from
/// other files that would not are left out of what komadai writes.
pub fn is_plain_header_key(key: &str) -> bool {
    let special_start = key
        .starts_with(|c: char| c.is_ascii_digit() || c.is_whitespace() || "#*&|+▲△☗☖▽".contains(c));
    let special_word = [
        "手数",
        "変化",
        "まで",
        "先手番",
        "後手番",
        "上手番",
        "下手番",
    ]
    .iter()
    .any(|w| key.starts_with(w));
    !key.is_empty() && !special_start && !special_word && !key.contains("の持駒")
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
