//! Writing CSA V2.2: `V2.2`, names, `$` headers, the start position (`PI`
//! or `P1`..`P9` and `P+`/`P-` hands), the side to move, `+7776FU` moves
//! and a `%` ending.

use crate::record::ending::{csa_word, ending_of, other_in_csa};
use crate::record::model::Record;
use crate::record::text::sfen_core;
use crate::rules::game::EndReason;
use crate::rules::{Color, Handicap, Move, Piece, PieceKind, Position, Square};

/// The comment komadai writes before `%TORYO` when the side that resigned
/// was not the side to move (CSA has no other way to say so).
pub const RESIGNED_COMMENT: &str = "'komadai:resigned ";

/// How a line of a move's comment starts, as ShogiHome writes and reads it: other `'`
/// lines are the file's remarks, not a move's.
pub const COMMENT: &str = "'*";

pub fn write(record: &Record) -> String {
    let game = &record.game;
    let info = &record.info;
    let mut lines = vec!["V2.2".to_string()];
    if let Some(name) = &info.sente {
        lines.push(format!("N+{name}"));
    }
    if let Some(name) = &info.gote {
        lines.push(format!("N-{name}"));
    }
    let mut header = |key: &str, value: &Option<String>| {
        if let Some(value) = value {
            lines.push(format!("${key}:{value}"));
        }
    };
    header("EVENT", &info.event);
    header("SITE", &info.site);
    header("START_TIME", &info.start_time);
    for (key, value) in &info.other {
        if let Some(key) = key.strip_prefix('$') {
            lines.push(format!("${key}:{value}"));
        }
    }
    lines.extend(position_lines(game.start()));
    push_comment(&mut lines, record.comment(0));
    let mut pos = *game.start();
    for (i, &mv) in game.moves().iter().enumerate() {
        lines.push(move_text(&pos, mv));
        if let Some(time) = record.move_times.get(i) {
            lines.push(format!("T{}", time.as_secs()));
        }
        push_comment(&mut lines, record.comment(i + 1));
        pos.play_unchecked(mv);
    }
    match (game.result(), &record.other_ending) {
        (Some(result), _) => {
            if result.reason == EndReason::Resignation
                && result.loser() != Some(pos.side_to_move())
                && let Some(loser) = result.loser()
            {
                lines.push(format!("{RESIGNED_COMMENT}{}", sign(loser)));
            }
            lines.push(csa_word(&ending_of(result)));
        }
        (None, Some(text)) => lines.extend(other_in_csa(text)),
        (None, None) => {}
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// A comment as `'*` lines after its move.
fn push_comment(lines: &mut Vec<String>, comment: Option<&str>) {
    if let Some(comment) = comment {
        lines.extend(comment.lines().map(|line| format!("{COMMENT}{line}")));
    }
}

pub fn sign(color: Color) -> char {
    match color {
        Color::Sente => '+',
        Color::Gote => '-',
    }
}

/// The CSA two-letter codes, indexed by [`PieceKind::index`].
const CODES: [&str; PieceKind::COUNT] = [
    "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU", "TO", "NY", "NK", "NG", "UM", "RY",
];

/// The CSA two-letter code of a kind.
pub fn code(kind: PieceKind) -> &'static str {
    CODES[kind.index()]
}

/// The kind a CSA two-letter code names.
pub fn kind_of_code(code: &str) -> Option<PieceKind> {
    PieceKind::ALL
        .into_iter()
        .find(|kind| CODES[kind.index()] == code)
}

/// `PI82HI22KA`: the standard start with the named pieces taken off, for
/// a handicap's start (its hand, if any, follows as a `P-` line); `None` for
/// any other position.
fn handicap_line(pos: &Position) -> Option<String> {
    if pos.move_number() != 1 || Handicap::of_start(pos).is_none() {
        return None;
    }
    let full = Position::startpos();
    let mut line = "PI".to_string();
    // Rook and bishop first, then the back rank, each from file 9: `PI82HI22KA91KY11KY`.
    let squares = (1..=9u8).rev().flat_map(|rank| {
        (1..=9u8)
            .rev()
            .filter_map(move |file| Square::new(file, rank))
    });
    for sq in squares {
        if let (Some(piece), None) = (full.piece_at(sq), pos.piece_at(sq)) {
            line.push_str(&format!("{}{}{}", sq.file(), sq.rank(), code(piece.kind)));
        }
    }
    Some(line)
}

fn position_lines(pos: &Position) -> Vec<String> {
    let mut lines = Vec::new();
    if sfen_core(pos) == sfen_core(&Position::startpos()) {
        lines.push("PI".to_string());
    } else if let Some(line) = handicap_line(pos) {
        lines.push(line);
    } else {
        for rank in 1..=9u8 {
            let mut row = format!("P{rank}");
            for file in (1..=9).rev() {
                match Square::new(file, rank).and_then(|sq| pos.piece_at(sq)) {
                    None => row.push_str(" * "),
                    Some(Piece { color, kind }) => {
                        row.push(sign(color));
                        row.push_str(code(kind));
                    }
                }
            }
            lines.push(row);
        }
    }
    // After `PI` too: 歩三兵's giver holds three pawns.
    for color in Color::ALL {
        let mut hand = String::new();
        for kind in PieceKind::HAND_DISPLAY_ORDER {
            for _ in 0..pos.hand(color).count(kind) {
                hand.push_str("00");
                hand.push_str(code(kind));
            }
        }
        if !hand.is_empty() {
            lines.push(format!("P{}{hand}", sign(color)));
        }
    }
    lines.push(sign(pos.side_to_move()).to_string());
    lines
}

/// `+7776FU`, `-8822UM` (the piece as it stands after the move), `+0055KA`.
pub fn move_text(before: &Position, mv: Move) -> String {
    let side = sign(before.side_to_move());
    match mv {
        Move::Drop { kind, to } => format!("{side}00{}{}{}", to.file(), to.rank(), code(kind)),
        Move::Board { from, to, promote } => {
            let kind = before
                .piece_at(from)
                .map(|p| p.kind)
                .unwrap_or(PieceKind::Pawn);
            let kind = if promote {
                kind.promoted().unwrap_or(kind)
            } else {
                kind
            };
            format!(
                "{side}{}{}{}{}{}",
                from.file(),
                from.rank(),
                to.file(),
                to.rank(),
                code(kind)
            )
        }
    }
}
