//! KI2: the same header as KIF, then the moves as players write them
//! (`▲７六歩 △３四歩 ▲同　歩`), without origins or numbers, and a `まで`
//! summary that carries the ending.

use super::Record;
use super::ending::{Ending, apply};
use super::error::{Problem, RecordError};
use super::ki2_move::resolve;
use super::kif_header::{Header, summary_winner};
use super::kif_write::header_lines;
use crate::rules::game::{EndReason, Game, GameError};
use crate::rules::notation::japanese_moves;
use crate::rules::{Color, Move};

const MARKS: [char; 5] = ['▲', '△', '☗', '☖', '▽'];

pub fn read(text: &str) -> Result<Record, RecordError> {
    let mut header = Header::default();
    let mut record: Option<Record> = None;
    let mut ending: Option<Ending> = None;
    let mut winner = None;
    for (number, line, trimmed) in super::text::kif_lines(text) {
        if trimmed.starts_with(MARKS) {
            if ending.is_some() {
                let ply = record.as_ref().map_or(0, |r| r.game.ply());
                return Err(RecordError::new(
                    number,
                    Problem::MoveAfterEnd { number: ply + 1 },
                ));
            }
            if record.is_none() {
                record = Some(Record::new(Game::from_position(header.start(number)?)));
            }
            if let Some(record) = record.as_mut() {
                read_moves(record, trimmed, number, &mut ending)?;
            }
            continue;
        }
        if let Some(summary) = trimmed.strip_prefix("まで") {
            winner = summary_winner(summary);
            ending = ending.or_else(|| summary_ending(summary));
            continue;
        }
        if record.is_none() && header.take(line, number)? {
            continue;
        }
        return Err(RecordError::new(
            number,
            Problem::UnexpectedLine(trimmed.to_string()),
        ));
    }
    let mut record = match record {
        Some(record) => record,
        None if header.recognised => Record::new(Game::from_position(header.start(0)?)),
        None => return Err(RecordError::new(0, Problem::Empty)),
    };
    record.info = header.info;
    if let Some(ending) = ending {
        apply(&mut record, ending, winner.map(|w| !w));
    }
    Ok(record)
}

/// The ending a `まで...` summary gives (the words after まで).
fn summary_ending(summary: &str) -> Option<Ending> {
    Some(if summary.contains("宣言") {
        Ending::Declare
    } else if summary.contains("千日手") {
        Ending::Sennichite
    } else if summary.contains("持将棋") {
        Ending::Jishogi
    } else if summary.contains("勝ち") {
        Ending::Resign
    } else {
        let word = summary.rsplit('で').next().unwrap_or(summary).trim();
        Ending::Other(word.to_string())
    })
}

/// Reads the moves of one line, rejoining `▲同` with the piece after
/// its full-width space.
fn read_moves(
    record: &mut Record,
    line: &str,
    number: usize,
    ending: &mut Option<Ending>,
) -> Result<(), RecordError> {
    let mut tokens = line.split_whitespace().peekable();
    while let Some(token) = tokens.next() {
        let mut text = token.to_string();
        if text.chars().skip(1).collect::<String>() == "同"
            && let Some(next) = tokens.next()
        {
            text.push('　');
            text.push_str(next);
        }
        let game = &mut record.game;
        let move_number = game.start().move_number() as usize + game.ply();
        let err = |problem| RecordError::new(number, problem);
        if ending.is_some() {
            return Err(err(Problem::MoveAfterEnd {
                number: move_number,
            }));
        }
        let mark = text.chars().next().unwrap_or('▲');
        let body: String = text.chars().skip(1).collect();
        if let Some(word) = Ending::from_kif(&body) {
            *ending = Some(word);
            continue;
        }
        let color = if matches!(mark, '▲' | '☗') {
            Color::Sente
        } else {
            Color::Gote
        };
        let pos = *game.position();
        if color != pos.side_to_move() {
            return Err(err(Problem::WrongSide {
                number: move_number,
                text,
                to_move: pos.side_to_move(),
            }));
        }
        let previous_to = game.last_move().map(Move::to);
        let mv = resolve(&pos, &body, previous_to, move_number).map_err(err)?;
        game.play(mv).map_err(|e| {
            err(match e {
                GameError::Illegal(reason) => Problem::IllegalMove {
                    number: move_number,
                    text: text.clone(),
                    reason,
                },
                _ => Problem::MoveAfterEnd {
                    number: move_number,
                },
            })
        })?;
    }
    Ok(())
}

/// KI2 text: KIF's header, the moves eight to a line, and the summary.
pub fn write(record: &Record) -> String {
    let game = &record.game;
    let mut lines = header_lines(record, "KI2");
    let spelt = japanese_moves(game.start(), game.moves());
    for chunk in spelt.chunks(8) {
        let padded: Vec<String> = chunk.iter().map(|m| pad(m, 12)).collect();
        lines.push(padded.concat().trim_end().to_string());
    }
    let last = game.start().move_number() as usize + game.ply() - 1;
    if let Some(result) = game.result() {
        let how = match (result.reason, result.winner) {
            (EndReason::Impasse { .. }, Some(Color::Sente)) => "入玉宣言により先手の勝ち",
            (EndReason::Impasse { .. }, Some(Color::Gote)) => "入玉宣言により後手の勝ち",
            (EndReason::Impasse { .. }, None) => "入玉宣言により持将棋",
            (EndReason::Sennichite, _) => "千日手",
            (EndReason::MaxPlies { .. }, None) => "持将棋",
            (_, Some(Color::Sente)) => "先手の勝ち",
            (_, Some(Color::Gote)) => "後手の勝ち",
            (_, None) => "持将棋",
        };
        lines.push(format!("まで{last}手で{how}"));
    } else if let Some(text) = &record.other_ending
        && matches!(Ending::from_kif(text), Some(Ending::Other(_)))
    {
        lines.push(format!("まで{last}手で{text}"));
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

fn pad(text: &str, width: usize) -> String {
    let used: usize = text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum();
    format!("{text}{}", " ".repeat(width.saturating_sub(used).max(1)))
}
