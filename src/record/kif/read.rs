//! Reading KIF: header lines, a handicap name or board diagram, then the
//! move table (`   1 ７六歩(77)   ( 0:01/00:00:01)`) up to its ending word. A `*` line in
//! the table is a comment on the move above it (the start, above the first move).
//! Variations follow the main line, each a `変化：N手` line and its moves; a
//! variation branches off the line read last, at its move N (Kifu for
//! Windows and ShogiHome write them so).

use super::header::{Header, summary_winner};
use super::lines::{kif_lines, kif_lines_with_comments};
use crate::record::ending::{Ending, apply};
use crate::record::error::{Found, Problem, ReadUpTo, RecordError, whole};
use crate::record::model::{Record, RecordInfo, Variation};
use crate::record::replay::play_move;
use crate::rules::game::Game;
use crate::rules::notation::{digit_value, read_piece_name};
use crate::rules::{Color, Move, Position, Square};
use std::time::Duration;

pub fn read(text: &str) -> Result<Record, RecordError> {
    whole(read_up_to(text))
}

/// Reads KIF as far as its moves go: once the move table has begun, a line that cannot be
/// read ends the record there, the problem given beside it.
pub fn read_up_to(text: &str) -> ReadUpTo {
    let mut header = Header::default();
    let mut moves: Option<MoveReader> = None;
    let mut stopped = None;
    for (number, line, trimmed) in kif_lines_with_comments(text) {
        if let Some(comment) = trimmed.strip_prefix('*') {
            // A comment in the header says nothing about the game's moves.
            if let Some(reader) = moves.as_mut() {
                reader.comment(comment);
            }
            continue;
        }
        if let Some(reader) = moves.as_mut() {
            if let Err(err) = reader.take(trimmed, number) {
                stopped = Some(err);
                break;
            }
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
            stopped = reader.take(trimmed, number).err();
            moves = Some(reader);
            if stopped.is_some() {
                break;
            }
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
        Some(reader) => Ok((reader.finish(header.info), stopped)),
        None if header.recognised => {
            let start = header.start(0)?;
            let mut record = Record::new(Game::from_position(start));
            record.info = header.info;
            Ok((record, None))
        }
        None => Err(RecordError::new(0, Problem::Empty)),
    }
}

/// The start of a KIF or KI2 file read as a mate problem: its diagram (or
/// handicap), the attacker free to have no king, as published tsume are set
/// up. What follows the header (the moves, an answer) is not read.
pub fn read_mate_problem(text: &str) -> Result<Position, RecordError> {
    let mut header = Header::default();
    let mut end = 0;
    for (number, line, trimmed) in kif_lines(text) {
        end = number;
        let moves_begin = trimmed.starts_with("手数----")
            || trimmed.starts_with("手数－－")
            || looks_like_move_line(trimmed);
        if moves_begin || !header.take(line, number)? {
            break;
        }
    }
    if !header.recognised {
        return Err(RecordError::new(0, Problem::Empty));
    }
    header.mate_problem_start(end)
}

/// Reads the move table into a game, then the variations.
struct MoveReader {
    record: Record,
    ending: Option<Ending>,
    winner: Option<Color>,
    /// The variation being read, once the main line is done.
    branch: Option<Branch>,
}

/// Where a variation is read: its place among the record's variations (an
/// index at each level) and the game along it, from the record's start.
struct Branch {
    path: Vec<usize>,
    game: Game,
}

impl MoveReader {
    fn new(start: Position) -> MoveReader {
        MoveReader {
            record: Record::new(Game::from_position(start)),
            ending: None,
            winner: None,
            branch: None,
        }
    }

    /// A `*` line: it belongs to the last move read (or to the start of the
    /// line, before its first move).
    fn comment(&mut self, text: &str) {
        let join = |earlier: Option<&str>| match earlier {
            Some(earlier) => format!("{earlier}\n{text}"),
            None => text.to_owned(),
        };
        match &self.branch {
            Some(branch) => {
                let variation = variation_at(&mut self.record.variations, &branch.path);
                let n = variation.moves.len();
                let joined = join(variation.comment(n));
                variation.set_comment(n, joined);
            }
            None => {
                let ply = self.record.game.ply();
                let joined = join(self.record.comment(ply));
                self.record.set_comment(ply, joined);
            }
        }
    }

    fn first_number(&self) -> usize {
        self.record.game.start().move_number() as usize
    }

    fn expected_number(&self) -> usize {
        self.first_number() + self.record.game.ply()
    }

    fn take(&mut self, line: &str, number: usize) -> Result<(), RecordError> {
        if let Some(summary) = line.strip_prefix("まで") {
            if self.branch.is_none() {
                self.winner = summary_winner(summary);
            }
            return Ok(());
        }
        if let Some(rest) = line.strip_prefix("変化") {
            return self.start_variation(rest, number);
        }
        if self.branch.is_some() {
            return self.take_in_variation(line, number);
        }
        let err = |problem| RecordError::new(number, problem);
        let expected = self.expected_number();
        let (text, rest) = numbered_move(line, expected, self.ending.is_some()).map_err(err)?;
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

    /// `変化：N手`: a variation whose first move is move N of the line read
    /// last, or of the nearest line it branches from that has a move N.
    fn start_variation(&mut self, rest: &str, number: usize) -> Result<(), RecordError> {
        let err = |problem| RecordError::new(number, problem);
        let bad = || err(Problem::BadVariation(format!("変化{rest}")));
        let at = variation_number(rest).ok_or_else(bad)?;
        let ply = at.checked_sub(self.first_number()).ok_or_else(bad)?;
        let mut path = self.branch.take().map(|b| b.path).unwrap_or_default();
        while !self.can_branch_at(&path, ply) {
            if path.pop().is_none() {
                return Err(err(Problem::VariationStart { number: at }));
            }
        }
        let mut game = Game::from_position(*self.record.game.start());
        for (i, mv) in self.line_moves(&path).into_iter().take(ply).enumerate() {
            let n = self.first_number() + i;
            play_move(&mut game, mv, n, mv).map_err(err)?;
        }
        let siblings = match path.is_empty() {
            true => &mut self.record.variations,
            false => &mut variation_at(&mut self.record.variations, &path).variations,
        };
        siblings.push(Variation {
            ply,
            ..Variation::default()
        });
        path.push(siblings.len() - 1);
        self.branch = Some(Branch { path, game });
        Ok(())
    }

    /// Whether the line at `path` (the game when empty) has a move after
    /// `ply` moves (or its ending word there) that a variation may replace.
    fn can_branch_at(&self, path: &[usize], ply: usize) -> bool {
        let Some(line) = variation_ref(&self.record.variations, path) else {
            let plies = self.record.game.ply();
            return ply < plies || (ply == plies && self.ending.is_some());
        };
        let end = line.ply + line.moves.len();
        line.holds_later_ply(ply) || (ply == end && ply > line.ply && line.end_word.is_some())
    }

    /// The moves from the record's start to the end of the line at `path`.
    fn line_moves(&self, path: &[usize]) -> Vec<Move> {
        let mut moves = self.record.game.moves().to_vec();
        let mut lines = &self.record.variations;
        for &index in path {
            let Some(line) = lines.get(index) else { break };
            moves.truncate(line.ply);
            moves.extend_from_slice(&line.moves);
            lines = &line.variations;
        }
        moves
    }

    /// A move line of a variation: played on the variation's own game.
    fn take_in_variation(&mut self, line: &str, number: usize) -> Result<(), RecordError> {
        let err = |problem| RecordError::new(number, problem);
        let first = self.first_number();
        let Some(branch) = self.branch.as_mut() else {
            return Ok(());
        };
        let variation = variation_at(&mut self.record.variations, &branch.path);
        let expected = first + branch.game.ply();
        let (text, rest) =
            numbered_move(line, expected, variation.end_word.is_some()).map_err(err)?;
        if Ending::from_kif(&text).is_some() {
            variation.end_word = Some(text);
            return Ok(());
        }
        let before = *branch.game.position();
        let previous_to = branch.game.last_move().map(Move::to);
        let mv = parse_move(&before, &text, previous_to, expected).map_err(err)?;
        play_move(&mut branch.game, mv, expected, &text).map_err(err)?;
        variation.moves.push(mv);
        if let Some(time) = move_time(rest) {
            let times = &mut variation.move_times;
            times.resize(variation.moves.len() - 1, Duration::ZERO);
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
        tidy(&mut self.record.variations);
        self.record
    }
}

/// The variation at `path` (an index at each level; the path is never
/// empty and its indices are the reader's own).
fn variation_at<'a>(lines: &'a mut [Variation], path: &[usize]) -> &'a mut Variation {
    let (&first, rest) = path.split_first().expect("a variation's path");
    let mut line = &mut lines[first];
    for &index in rest {
        line = &mut line.variations[index];
    }
    line
}

/// The variation at `path`; `None` for the empty path (the game itself).
fn variation_ref<'a>(lines: &'a [Variation], path: &[usize]) -> Option<&'a Variation> {
    let (&first, rest) = path.split_first()?;
    let mut line = lines.get(first)?;
    for &index in rest {
        line = line.variations.get(index)?;
    }
    Some(line)
}

/// The variations as the record keeps them: in the order of their first
/// moves (those at one move in the file's order), none empty, their times as
/// long as their moves where the file gave any.
fn tidy(lines: &mut Vec<Variation>) {
    lines.retain(|line| !line.moves.is_empty() || line.end_word.is_some());
    lines.sort_by_key(|line| line.ply);
    for line in lines {
        if !line.move_times.is_empty() {
            line.move_times.resize(line.moves.len(), Duration::ZERO);
        }
        tidy(&mut line.variations);
    }
}

/// N of `：N手` (after `変化`), in ASCII or full-width digits.
fn variation_number(rest: &str) -> Option<usize> {
    let digits = rest
        .trim()
        .trim_start_matches(['：', ':'])
        .trim()
        .strip_suffix('手')?;
    let digits: String = digits
        .trim()
        .chars()
        .map(|c| match c {
            '０'..='９' => char::from_u32(c as u32 - '０' as u32 + '0' as u32).unwrap_or(c),
            c => c,
        })
        .collect();
    digits.parse().ok()
}

/// The move text of a line: the first token, rejoined after `同`'s
/// full-width space, without a leading ▲/△ or a trailing `+`.
/// The move of a numbered move line, checked for the number it must carry and for a line
/// that has already ended (the main line's and a variation's moves alike).
fn numbered_move(line: &str, expected: usize, ended: bool) -> Result<(String, &str), Problem> {
    let (count, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    if ended {
        let number = count.parse().unwrap_or(expected);
        return Err(Problem::MoveAfterEnd { number });
    }
    if count.parse::<usize>().ok() != Some(expected) {
        return Err(Problem::MoveNumber {
            expected,
            found: count.to_string(),
        });
    }
    Ok((move_token(rest), rest))
}

fn move_token(rest: &str) -> String {
    let mut tokens = rest.split_whitespace();
    let first = tokens.next().unwrap_or("");
    // A `+` after the move marks that a variation branches there.
    let first = first
        .trim_start_matches(['▲', '△', '☗', '☖', '▽'])
        .trim_end_matches('+');
    if first == "同" || first == "仝" {
        format!("同{}", tokens.next().unwrap_or("").trim_end_matches('+'))
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
