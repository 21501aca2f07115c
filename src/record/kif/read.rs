//! Reading KIF: header lines, a handicap name or board diagram, then the
//! move table (`   1 ７六歩(77)   ( 0:01/00:00:01)`) up to its ending word. A `*` line in
//! the table is a comment on the move above it (the start, above the first move).
//! Variations (`変化：`) are skipped: the main line is the game.

use super::header::{Header, summary_winner};
use super::lines::kif_lines_with_comments;
use crate::record::ending::{Ending, apply};
use crate::record::error::{Found, Problem, RecordError};
use crate::record::model::{Record, RecordInfo};
use crate::record::replay::play_move;
use crate::rules::game::Game;
use crate::rules::notation::{digit_value, read_piece_name};
use crate::rules::{Color, Move, Position, Square};
use std::time::Duration;

pub fn read(text: &str) -> Result<Record, RecordError> {
    let mut header = Header::default();
    let mut moves: Option<MoveReader> = None;
    for (number, line, trimmed) in kif_lines_with_comments(text) {
        if let Some(comment) = trimmed.strip_prefix('*') {
            // A comment in the header says nothing about the game's moves.
            if let Some(reader) = moves.as_mut() {
                reader.comment(comment);
            }
            continue;
        }
        if let Some(reader) = moves.as_mut() {
            reader.take(trimmed, number)?;
            continue;
        }
        if trimmed.starts_with("手数----") || trimmed.starts_with("手数－－") {
            moves = Some(MoveReader::new(header.start(number)?));
            continue;
        }
        if looks_like_move_line(trimmed) {
            // A move table without its heading line (checked before the
            // headers: its time column holds colons too).
            let mut reader = MoveReader::new(header.start(number)?);
            reader.take(trimmed, number)?;
            moves = Some(reader);
            continue;
        }
        if header.take(line, number)? {
            continue;
        }
        return Err(RecordError::new(
            number,
            Problem::UnexpectedLine(trimmed.to_string()),
        ));
    }
    match moves {
        Some(reader) => Ok(reader.finish(header.info)),
        None if header.recognised => {
            let start = header.start(0)?;
            let mut record = Record::new(Game::from_position(start));
            record.info = header.info;
            Ok(record)
        }
        None => Err(RecordError::new(0, Problem::Empty)),
    }
}

/// Reads the move table into a game.
struct MoveReader {
    record: Record,
    ending: Option<Ending>,
    winner: Option<Color>,
}

impl MoveReader {
    fn new(start: Position) -> MoveReader {
        MoveReader {
            record: Record::new(Game::from_position(start)),
            ending: None,
            winner: None,
        }
    }

    /// A `*` line: it belongs to the last move read (or to the start, before the first).
    fn comment(&mut self, text: &str) {
        let ply = self.record.game.ply();
        let joined = match self.record.comment(ply) {
            Some(earlier) => format!("{earlier}\n{text}"),
            None => text.to_owned(),
        };
        self.record.set_comment(ply, joined);
    }

    fn expected_number(&self) -> usize {
        self.record.game.start().move_number() as usize + self.record.game.ply()
    }

    fn take(&mut self, line: &str, number: usize) -> Result<(), RecordError> {
        if let Some(summary) = line.strip_prefix("まで") {
            self.winner = summary_winner(summary);
            return Ok(());
        }
        let err = |problem| RecordError::new(number, problem);
        let (count, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let expected = self.expected_number();
        if self.ending.is_some() {
            let number = count.parse().unwrap_or(expected);
            return Err(err(Problem::MoveAfterEnd { number }));
        }
        if count.parse::<usize>().ok() != Some(expected) {
            return Err(err(Problem::MoveNumber {
                expected,
                found: count.to_string(),
            }));
        }
        let text = move_token(rest);
        if let Some(ending) = Ending::from_kif(&text) {
            self.ending = Some(ending);
            return Ok(());
        }
        let before = *self.record.game.position();
        let previous_to = self.record.game.last_move().map(Move::to);
        let mv = parse_move(&before, &text, previous_to, expected).map_err(err)?;
        play_move(&mut self.record.game, mv, expected, &text).map_err(err)?;
        if let Some(time) = move_time(rest) {
            let times = &mut self.record.move_times;
            times.resize(self.record.game.ply() - 1, Duration::ZERO);
            times.push(time);
        }
        Ok(())
    }

    fn finish(mut self, info: RecordInfo) -> Record {
        self.record.info = info;
        if !self.record.move_times.is_empty() {
            let plies = self.record.game.ply();
            self.record.move_times.resize(plies, Duration::ZERO);
        }
        if let Some(ending) = self.ending {
            let resigner = self.winner.map(|w| !w);
            apply(&mut self.record, ending, resigner);
        }
        self.record
    }
}

/// The move text of a line: the first token, rejoined after `同`'s
/// full-width space, without a leading ▲/△.
fn move_token(rest: &str) -> String {
    let mut tokens = rest.split_whitespace();
    let first = tokens.next().unwrap_or("");
    let first = first.trim_start_matches(['▲', '△', '☗', '☖', '▽']);
    if first == "同" || first == "仝" {
        format!("同{}", tokens.next().unwrap_or(""))
    } else {
        first.to_string()
    }
}

fn parse_move(
    before: &Position,
    text: &str,
    previous_to: Option<Square>,
    number: usize,
) -> Result<Move, Problem> {
    let bad = || Problem::BadMoveText {
        number,
        text: text.to_string(),
    };
    let (to, rest) = if let Some(rest) = text.strip_prefix(['同', '仝']) {
        (previous_to.ok_or_else(bad)?, rest.trim_start_matches('　'))
    } else {
        let mut chars = text.chars();
        let file = chars.next().and_then(digit_value).ok_or_else(bad)?;
        let rank = chars.next().and_then(digit_value).ok_or_else(bad)?;
        (Square::new(file, rank).ok_or_else(bad)?, chars.as_str())
    };
    let (kind, rest) = read_piece_name(rest).ok_or_else(bad)?;
    if let Some(rest) = rest.strip_prefix('打') {
        if !rest.is_empty() {
            return Err(bad());
        }
        return Ok(Move::Drop { kind, to });
    }
    let (promote, rest) = if let Some(r) = rest.strip_prefix("不成") {
        (false, r)
    } else if let Some(r) = rest.strip_prefix("生") {
        (false, r)
    } else if let Some(r) = rest.strip_prefix('成') {
        (true, r)
    } else {
        (false, rest)
    };
    let origin = rest
        .strip_prefix('(')
        .and_then(|r| r.strip_suffix(')'))
        .ok_or_else(bad)?;
    let digits: Vec<u8> = origin.chars().filter_map(digit_value).collect();
    let from = match digits.as_slice() {
        [file, rank] if origin.chars().count() == 2 => Square::new(*file, *rank),
        _ => None,
    }
    .ok_or_else(bad)?;
    match before.piece_at(from) {
        Some(piece) if piece.kind == kind => Ok(Move::Board { from, to, promote }),
        _ => Err(Problem::WrongPiece {
            number,
            text: text.to_string(),
            found: Found::on(before, from),
        }),
    }
}

/// The time a move took, from its line's time column: `( 0:05/00:01:23)`
/// gives 5 s (minutes and seconds; the total after the slash is the
/// reader's to add up again).
fn move_time(rest: &str) -> Option<Duration> {
    let open = rest.rfind('(')?;
    let inside = rest[open + 1..].split_once(')')?.0;
    let this_move = inside.split_once('/')?.0.trim();
    let (minutes, seconds) = this_move.split_once(':')?;
    let minutes: u64 = minutes.trim().parse().ok()?;
    let seconds: u64 = seconds.trim().parse().ok()?;
    Some(Duration::from_secs(
        minutes.checked_mul(60)?.checked_add(seconds)?,
    ))
}

/// `12 ７六歩(77)`: a number, then space. (`9後手：...` is a header.)
fn looks_like_move_line(line: &str) -> bool {
    let rest = line.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.len() < line.len() && rest.chars().next().is_none_or(char::is_whitespace)
}
