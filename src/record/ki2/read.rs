//! Reading KI2: KIF's header, then each move resolved from the words
//! players write to the one legal move they name, `*` comments as KIF has them (a
//! comment after a line of moves belongs to its last), and the `まで` summary.

use super::resolve::resolve;
use crate::record::ending::{Ending, apply};
use crate::record::error::{Problem, ReadUpTo, RecordError, whole};
use crate::record::kif::{Header, kif_lines_with_comments, summary_winner};
use crate::record::model::{Record, comment_at, set_comment_at};
use crate::record::replay::play_move;
use crate::rules::game::Game;
use crate::rules::{Color, Move};

/// The marks a KI2 move starts with: the sides' triangles and their variants.
pub const MARKS: [char; 5] = ['▲', '△', '☗', '☖', '▽'];

pub fn read(text: &str) -> Result<Record, RecordError> {
    whole(read_up_to(text))
}

/// Reads KI2 as far as its moves go: once the moves have begun, a move or line that cannot
/// be read ends the record after the move before it (on the same line too), the problem
/// given beside it.
pub fn read_up_to(text: &str) -> ReadUpTo {
    let mut header = Header::default();
    let mut record: Option<Record> = None;
    let mut ending: Option<Ending> = None;
    let mut winner = None;
    let mut stopped = None;
    // Comments before the first move are the start's, as in KIF.
    let mut comments = Vec::new();
    let main_line = kif_lines_with_comments(text).take_while(|(_, _, t)| !t.starts_with("変化"));
    for (number, line, trimmed) in main_line {
        if let Some(text) = trimmed.strip_prefix('*') {
            let ply = record.as_ref().map_or(0, |r| r.game.ply());
            let joined = match comment_at(&comments, ply) {
                Some(earlier) => format!("{earlier}\n{text}"),
                None => text.to_owned(),
            };
            set_comment_at(&mut comments, ply, joined);
            continue;
        }
        if trimmed.starts_with(MARKS) {
            if ending.is_some() {
                let ply = record.as_ref().map_or(0, |r| r.game.ply());
                let after_end = Problem::MoveAfterEnd { number: ply + 1 };
                stopped = Some(RecordError::new(number, after_end));
                break;
            }
            if record.is_none() {
                record = Some(Record::new(Game::from_position(header.start(number)?)));
            }
            if let Some(record) = record.as_mut()
                && let Err(err) = read_moves(record, trimmed, number, &mut ending)
            {
                stopped = Some(err);
                break;
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
        let unexpected = RecordError::new(number, Problem::UnexpectedLine(trimmed.to_string()));
        if record.is_none() {
            return Err(unexpected);
        }
        stopped = Some(unexpected);
        break;
    }
    let mut record = match record {
        Some(record) => record,
        None if header.recognised => Record::new(Game::from_position(header.start(0)?)),
        None => return Err(RecordError::new(0, Problem::Empty)),
    };
    record.info = header.info;
    record.comments = comments;
    if let Some(ending) = ending {
        apply(&mut record, ending, winner.map(|w| !w));
    }
    Ok((record, stopped))
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
        play_move(game, mv, move_number, &text).map_err(err)?;
    }
    Ok(())
}
