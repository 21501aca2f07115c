//! Writing KIF: header lines, the start position (a handicap name or a
//! board diagram), the numbered move table with `(77)` origins, the ending
//! word and the `まで...` summary. A move's comment follows it as `*` lines;
//! the variations follow the game, each a `変化：N手` line and its moves.

use super::board::write_board;
use super::header::{handicap_name, is_plain_header_key};
use crate::record::ending::{Ending, ending_of, kif_word, other_in_kif};
use crate::record::model::{Record, Variation};
use crate::rules::game::Game;
use crate::rules::notation::{japanese_piece_name, kanji_digit, piece_kanji, wide_digit};
use crate::rules::{ByColor, Color, Handicap, Move, PieceKind, Position};
use std::time::Duration;

/// The move table's heading; readers look for it to find the moves.
pub const MOVES_HEADING: &str = "手数----指手---------消費時間--";

/// The lines before the moves, shared with KI2. The first names the
/// format and encoding the way ShogiGUI and ShogiHome write it; readers
/// that do not know the line skip it as a comment.
pub fn header_lines(record: &Record, format: &str) -> Vec<String> {
    let game = &record.game;
    let info = &record.info;
    let mut lines = vec![
        format!("#{format} version=2.0 encoding=UTF-8"),
        "# written by komadai".to_string(),
    ];
    push_header(&mut lines, "開始日時", &info.start_time);
    push_header(&mut lines, "棋戦", &info.event);
    push_header(&mut lines, "場所", &info.site);
    let start = game.start();
    match handicap_name(start) {
        Some(name) if start.move_number() == 1 => lines.push(format!("手合割：{name}")),
        _ => {
            lines.extend(write_board(start));
            if start.move_number() > 1 {
                lines.push(format!("手数＝{}", start.move_number() - 1));
            }
        }
    }
    // A handicap game names its players by rank: 下手 is Sente, 上手 Gote.
    let (sente_key, gote_key) = if is_handicap(record) {
        ("下手", "上手")
    } else {
        ("先手", "後手")
    };
    push_header(&mut lines, sente_key, &info.sente);
    push_header(&mut lines, gote_key, &info.gote);
    for (key, value) in &info.other {
        if is_plain_header_key(key) {
            lines.push(format!("{key}：{value}"));
        }
    }
    lines
}

/// Shift_JIS bytes of the KIF text, for Kifu for Windows and other
/// software that reads `.kif` as Shift_JIS. Characters Shift_JIS lacks
/// become `&#...;` references.
pub fn write_shift_jis(record: &Record) -> Vec<u8> {
    let text = write(record).replacen("encoding=UTF-8", "encoding=Shift_JIS", 1);
    let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(&text);
    bytes.into_owned()
}

/// Whether the record starts from one of the standard handicaps.
fn is_handicap(record: &Record) -> bool {
    let start = record.game.start();
    start.move_number() == 1 && Handicap::of_start(start).is_some()
}

pub fn write(record: &Record) -> String {
    let game = &record.game;
    let start = game.start();
    let mut lines = header_lines(record, "KIF");
    lines.push(MOVES_HEADING.to_string());
    let first = start.move_number() as usize;
    push_comment(&mut lines, record.comment(0));
    let branches_at = |ply: usize| record.variations.iter().any(|v| v.ply == ply);
    let line = KifLine {
        game,
        from: 0,
        times: &record.move_times,
        comment: &|n| record.comment(n),
        marked: &branches_at,
    };
    push_moves(&mut lines, &line, first);
    let last = first + game.ply() - 1;
    let ending = match (game.result(), &record.other_ending) {
        (Some(result), _) => Some((ending_of(result), result.winner)),
        // Only words KIF readers know; anything else would make the file
        // unreadable.
        (None, Some(text)) => Ending::from_kif(&other_in_kif(text)).map(|e| (e, None)),
        (None, None) => None,
    };
    if let Some((ending, winner)) = ending {
        let mark = if branches_at(game.ply()) { "+" } else { "" };
        lines.push(format!("{:>4} {}{mark}", last + 1, kif_word(&ending)));
        lines.push(summary(last, &ending, winner, is_handicap(record)));
    }
    push_variations(
        &mut lines,
        record,
        game.moves(),
        &record.move_times,
        &record.variations,
    );
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// The moves of one line to write: those of `game` from index `from` on,
/// with the time each took (`times`, indexed as the game's moves), the
/// comment after its n-th move (`comment(n)`, n from 1) and whether a
/// variation branches at a ply (`marked`, KIF's `+`).
struct KifLine<'a> {
    game: &'a Game,
    from: usize,
    times: &'a [Duration],
    comment: &'a dyn Fn(usize) -> Option<&'a str>,
    marked: &'a dyn Fn(usize) -> bool,
}

/// The numbered move lines of `line`, each with its time column (the
/// mover's total counted from the record's start) and its comment.
fn push_moves(lines: &mut Vec<String>, line: &KifLine, first: usize) {
    let game = line.game;
    let start = game.start();
    let mut totals = ByColor::new(0u64, 0u64);
    let seconds = |i: usize| line.times.get(i).map_or(0, Duration::as_secs);
    for (i, &mv) in game.moves().iter().enumerate() {
        let before = game.position_after(i).unwrap_or(start);
        let total = &mut totals[before.side_to_move()];
        *total += seconds(i);
        if i < line.from {
            continue;
        }
        let previous_to = i
            .checked_sub(1)
            .and_then(|p| game.moves().get(p))
            .map(|m| m.to());
        let text = move_text(before, mv, previous_to);
        let mark = if (line.marked)(i) { "+" } else { "" };
        lines.push(format!(
            "{:>4} {}{}{mark}",
            first + i,
            padded(&text, 14),
            time_column(seconds(i), *total)
        ));
        push_comment(lines, (line.comment)(i + 1 - line.from));
    }
}

/// The variations branching off a line whose moves from the start are
/// `moves` (their times `times`): the latest branch first, each followed by
/// its own variations, so a reader finds each one's branch point on the
/// line it read last, as Kifu for Windows and ShogiHome do.
fn push_variations(
    lines: &mut Vec<String>,
    record: &Record,
    moves: &[Move],
    times: &[Duration],
    branches: &[Variation],
) {
    let first = record.game.start().move_number() as usize;
    let mut order: Vec<usize> = (0..branches.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(branches[i].ply));
    for i in order {
        let variation = &branches[i];
        let Some(prefix) = moves.get(..variation.ply) else {
            continue;
        };
        let path: Vec<Move> = prefix.iter().chain(&variation.moves).copied().collect();
        let mut path_times = times.get(..variation.ply).unwrap_or(times).to_vec();
        path_times.resize(variation.ply, Duration::ZERO);
        path_times.extend(&variation.move_times);
        let game = game_along(record.game.start(), &path);
        let later_sibling = branches[i + 1..].iter().any(|b| b.ply == variation.ply);
        let marked = |ply: usize| {
            (ply == variation.ply && later_sibling)
                || variation.variations.iter().any(|v| v.ply == ply)
        };
        lines.push(String::new());
        lines.push(format!("変化：{}手", first + variation.ply));
        push_comment(lines, variation.comment(0));
        let line = KifLine {
            game: &game,
            from: variation.ply,
            times: &path_times,
            comment: &|n| variation.comment(n),
            marked: &marked,
        };
        push_moves(lines, &line, first);
        if let Some(word) = &variation.end_word
            && Ending::from_kif(word).is_some()
        {
            let mark = if marked(game.ply()) { "+" } else { "" };
            lines.push(format!("{:>4} {word}{mark}", first + game.ply()));
        }
        push_variations(
            lines,
            record,
            game.moves(),
            &path_times,
            &variation.variations,
        );
    }
}

/// The game from `start` along `moves`, as far as they are legal.
fn game_along(start: &Position, moves: &[Move]) -> Game {
    let mut game = Game::from_position(*start);
    for &mv in moves {
        if game.play(mv).is_err() {
            break;
        }
    }
    game
}

/// A comment as `*` lines, as ShogiHome and Kifu for Windows write and
/// show them.
pub fn push_comment(lines: &mut Vec<String>, comment: Option<&str>) {
    if let Some(comment) = comment {
        lines.extend(comment.lines().map(|line| format!("*{line}")));
    }
}

fn push_header(lines: &mut Vec<String>, key: &str, value: &Option<String>) {
    if let Some(value) = value {
        lines.push(format!("{key}：{value}"));
    }
}

/// `( 0:05/00:01:23)`: this move's minutes and seconds, then the mover's
/// total so far.
fn time_column(seconds: u64, total: u64) -> String {
    format!(
        "({:>2}:{:02}/{:02}:{:02}:{:02})",
        seconds / 60,
        seconds % 60,
        total / 3600,
        total / 60 % 60,
        total % 60
    )
}

fn summary(last: usize, ending: &Ending, winner: Option<Color>, handicap: bool) -> String {
    let (sente, gote) = if handicap {
        ("下手", "上手")
    } else {
        ("先手", "後手")
    };
    match (winner, ending) {
        (Some(Color::Sente), _) => format!("まで{last}手で{sente}の勝ち"),
        (Some(Color::Gote), _) => format!("まで{last}手で{gote}の勝ち"),
        (None, Ending::Other(word)) => format!("まで{last}手で{word}"),
        (None, Ending::Declare) => format!("まで{last}手で持将棋"),
        (None, ending) => format!("まで{last}手で{}", kif_word(ending)),
    }
}

/// `７六歩(77)`, `同　角成(88)`, `５五角打`, `２三銀不成(34)`.
pub fn move_text(before: &Position, mv: Move, previous_to: Option<crate::rules::Square>) -> String {
    let to = mv.to();
    let mut text = if previous_to == Some(to) {
        "同　".to_string()
    } else {
        format!("{}{}", wide_digit(to.file()), kanji_digit(to.rank()))
    };
    match mv {
        Move::Drop { kind, .. } => {
            text.push_str(kif_move_name(kind));
            text.push('打');
        }
        Move::Board { from, promote, .. } => {
            if let Some(piece) = before.piece_at(from) {
                text.push_str(kif_move_name(piece.kind));
                let zone = from.in_zone(piece.color) || to.in_zone(piece.color);
                if promote {
                    text.push('成');
                } else if piece.kind.can_promote() && zone {
                    text.push_str("不成");
                }
            }
            text.push_str(&format!("({}{})", from.file(), from.rank()));
        }
    }
    text
}

/// Pads to `width` display columns (full-width characters count two).
fn padded(text: &str, width: usize) -> String {
    let used: usize = text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum();
    format!("{text}{}", " ".repeat(width.saturating_sub(used).max(1)))
}

/// The piece names KIF move lines use: the KI2 names, but 龍 for the
/// dragon, as Kifu for Windows writes it.
pub fn kif_move_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Dragon => piece_kanji(kind),
        other => japanese_piece_name(other),
    }
}
