//! Reading KIF: header lines, a handicap name or board diagram, then the
//! move table (`   1 ７六歩(77)   ( 0:01/00:00:01)`) up to its ending word.
//! Variations (`変化：`) are skipped: the main line is the game.

use super::ending::{Ending, apply};
use super::error::{Problem, RecordError};
use super::kif_board::BoardReader;
use super::text::{digit_value, handicap_position, take_piece_name};
use super::{Record, RecordInfo};
use crate::rules::game::{Game, GameError};
use crate::rules::{Color, Move, Position, Square};

/// What the reader has gathered before the moves start.
#[derive(Default)]
struct Header {
    info: RecordInfo,
    board: BoardReader,
    handicap: Option<(String, usize)>,
    plies_before: Option<u32>,
    recognised: bool,
}

pub fn read(text: &str) -> Result<Record, RecordError> {
    let mut header = Header::default();
    let mut moves: Option<MoveReader> = None;
    for (i, raw) in text.lines().enumerate() {
        let number = i + 1;
        let line = raw.trim_end_matches(['\r', '\u{feff}']);
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with(['#', '*', '&']) {
            continue;
        }
        if trimmed.starts_with("変化") {
            break;
        }
        if let Some(reader) = moves.as_mut() {
            reader.take(trimmed, number)?;
            continue;
        }
        if trimmed.starts_with("手数----") || trimmed.starts_with("手数－－") {
            moves = Some(MoveReader::new(header.start(number)?));
            continue;
        }
        if header.take(line, number)? {
            continue;
        }
        if trimmed.starts_with(|c: char| c.is_ascii_digit()) {
            // A move table without its heading line.
            let mut reader = MoveReader::new(header.start(number)?);
            reader.take(trimmed, number)?;
            moves = Some(reader);
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
            Ok(Record {
                info: header.info,
                game: Game::from_position(start),
                other_ending: None,
            })
        }
        None => Err(RecordError::new(0, Problem::Empty)),
    }
}

impl Header {
    /// Takes a header or diagram line; `Ok(false)` if it is neither.
    fn take(&mut self, line: &str, number: usize) -> Result<bool, RecordError> {
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
    fn start(&mut self, number: usize) -> Result<Position, RecordError> {
        if self.board.seen {
            if !self.board.complete() {
                return Err(RecordError::new(
                    number,
                    Problem::BadBoard("the board diagram does not have nine ranks".to_string()),
                ));
            }
            if let Some(plies) = self.plies_before {
                self.board.setup.move_number = plies.saturating_add(1);
            }
            return self.board.setup.position(number);
        }
        match &self.handicap {
            None => Ok(Position::startpos()),
            Some((name, line)) => handicap_position(name)
                .ok_or_else(|| RecordError::new(*line, Problem::UnknownHandicap(name.clone()))),
        }
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

    fn expected_number(&self) -> usize {
        self.record.game.start().move_number() as usize + self.record.game.ply()
    }

    fn take(&mut self, line: &str, number: usize) -> Result<(), RecordError> {
        if let Some(summary) = line.strip_prefix("まで") {
            if summary.contains("先手の勝ち") || summary.contains("下手の勝ち") {
                self.winner = Some(Color::Sente);
            } else if summary.contains("後手の勝ち") || summary.contains("上手の勝ち") {
                self.winner = Some(Color::Gote);
            }
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
        self.record.game.play(mv).map_err(|e| {
            err(match e {
                GameError::Illegal(reason) => Problem::IllegalMove {
                    number: expected,
                    text: text.clone(),
                    reason,
                },
                _ => Problem::MoveAfterEnd { number: expected },
            })
        })
    }

    fn finish(mut self, info: RecordInfo) -> Record {
        self.record.info = info;
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
    let (kind, rest) = take_piece_name(rest).ok_or_else(bad)?;
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
        Some(piece) => Err(Problem::WrongPiece {
            number,
            text: text.to_string(),
            found: format!("a {} on {from}", piece.kind),
        }),
        None => Err(Problem::WrongPiece {
            number,
            text: text.to_string(),
            found: format!("nothing: {from} is empty"),
        }),
    }
}
