//! Writing JKF as ShogiHome writes it: the header's Japanese keys, a preset
//! or the board for the start, and each move with its piece, its squares,
//! `same` after the move before, `capture`, its time and comments, the
//! alternatives to it in `forks`, and the ending as a `special`.

use super::{EVENT, GOTE, PRESETS, SENTE, SITE, START_TIME};
use crate::record::csa::code;
use crate::record::ending::{self, Ending};
use crate::record::model::{Record, Variation};
use crate::rules::game::EndReason;
use crate::rules::handicap::Handicap;
use crate::rules::{Color, Move, PieceKind, Position, Square};
use serde_json::{Map, Value, json};
use std::time::Duration;

pub fn write(record: &Record) -> String {
    let start = *record.game.start();
    let mut moves = vec![Value::Object(with_comments(Map::new(), record.comment(0)))];
    let mut position = start;
    let mut previous_to = None;
    let mut totals = [Duration::ZERO; 2];
    let game_moves = record.game.moves();
    for (i, &mv) in game_moves.iter().enumerate() {
        let mut element = Map::new();
        element.insert("move".into(), move_value(&position, mv, previous_to));
        if let Some(&time) = record.move_times.get(i) {
            element.insert("time".into(), time_value(time, &mut totals, &position));
        }
        let element = with_comments(element, record.comment(i + 1));
        moves.push(with_forks(
            element,
            &record.variations,
            i,
            &position,
            previous_to,
        ));
        position.play_unchecked(mv);
        previous_to = Some(mv.to());
    }
    if let Some(word) = main_special(record) {
        let mut element = Map::new();
        element.insert("special".into(), Value::String(word));
        let end = game_moves.len();
        moves.push(with_forks(
            element,
            &record.variations,
            end,
            &position,
            previous_to,
        ));
    }
    let root = json!({
        "header": header(record),
        "initial": initial(&start),
        "moves": moves,
    });
    let mut text = serde_json::to_string_pretty(&root).unwrap_or_default();
    text.push('\n');
    text
}

/// The game's ending as JKF names it, if the record has one.
fn main_special(record: &Record) -> Option<String> {
    match record.game.result() {
        Some(result) if result.reason != EndReason::NoLegalMoves => {
            Some(csa_word(&ending::ending_of(result)))
        }
        Some(_) => Some("TSUMI".into()),
        None => record.other_ending.as_deref().map(other_word),
    }
}

/// A KIF ending word (`投了`, `中断`) as JKF's `special`; a word CSA has no
/// name for is kept as written.
fn other_word(word: &str) -> String {
    match Ending::from_kif(word) {
        Some(Ending::Other(_)) | None => ending::other_in_csa(word).map_or_else(
            || word.to_owned(),
            |csa| csa.trim_start_matches('%').to_owned(),
        ),
        Some(known) => csa_word(&known),
    }
}

fn csa_word(ending: &Ending) -> String {
    ending::csa_word(ending).trim_start_matches('%').to_owned()
}

/// Adds `forks` to the element for move `index` + 1 when variations branch
/// there: each a list of its moves from `position`.
fn with_forks(
    mut element: Map<String, Value>,
    variations: &[Variation],
    index: usize,
    position: &Position,
    previous_to: Option<Square>,
) -> Value {
    let forks: Vec<Value> = variations
        .iter()
        .filter(|v| v.ply == index)
        .map(|v| Value::Array(line(v, position, previous_to)))
        .collect();
    if !forks.is_empty() {
        element.insert("forks".into(), Value::Array(forks));
    }
    Value::Object(element)
}

/// A variation's moves (and its ending), each with the forks off it.
fn line(variation: &Variation, start: &Position, previous_to: Option<Square>) -> Vec<Value> {
    let mut position = *start;
    let mut previous_to = previous_to;
    let mut totals = [Duration::ZERO; 2];
    let mut elements = Vec::new();
    for (k, &mv) in variation.moves.iter().enumerate() {
        let mut element = Map::new();
        element.insert("move".into(), move_value(&position, mv, previous_to));
        if let Some(&time) = variation.move_times.get(k) {
            element.insert("time".into(), time_value(time, &mut totals, &position));
        }
        let element = with_comments(element, variation.comment(k + 1));
        let ply = variation.ply + k;
        let element = match k {
            0 => Value::Object(element),
            _ => with_forks(element, &variation.variations, ply, &position, previous_to),
        };
        elements.push(element);
        position.play_unchecked(mv);
        previous_to = Some(mv.to());
    }
    if let Some(word) = &variation.end_word {
        let mut element = Map::new();
        element.insert("special".into(), Value::String(other_word(word)));
        let ply = variation.ply + variation.moves.len();
        elements.push(with_forks(
            element,
            &variation.variations,
            ply,
            &position,
            previous_to,
        ));
    }
    elements
}

fn with_comments(mut element: Map<String, Value>, comment: Option<&str>) -> Map<String, Value> {
    if let Some(comment) = comment {
        let lines: Vec<Value> = comment.lines().map(|l| Value::String(l.into())).collect();
        element.insert("comments".into(), Value::Array(lines));
    }
    element
}

fn move_value(position: &Position, mv: Move, previous_to: Option<Square>) -> Value {
    let color = match position.side_to_move() {
        Color::Sente => 0,
        Color::Gote => 1,
    };
    let mut value = Map::new();
    value.insert("color".into(), json!(color));
    match mv {
        Move::Board { from, to, promote } => {
            value.insert("from".into(), square_value(from));
            value.insert("to".into(), square_value(to));
            let kind = position.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind);
            value.insert("piece".into(), json!(code(kind)));
            if promote {
                value.insert("promote".into(), json!(true));
            }
            if let Some(captured) = position.piece_at(to) {
                value.insert("capture".into(), json!(code(captured.kind)));
            }
        }
        Move::Drop { kind, to } => {
            value.insert("to".into(), square_value(to));
            value.insert("piece".into(), json!(code(kind)));
        }
    }
    if previous_to == Some(mv.to()) {
        value.insert("same".into(), json!(true));
    }
    Value::Object(value)
}

fn square_value(sq: Square) -> Value {
    json!({ "x": sq.file(), "y": sq.rank() })
}

/// `now` in minutes and seconds, `total` the mover's time so far.
fn time_value(time: Duration, totals: &mut [Duration; 2], position: &Position) -> Value {
    let side = usize::from(position.side_to_move() == Color::Gote);
    totals[side] += time;
    let now = time.as_secs();
    let total = totals[side].as_secs();
    json!({
        "now": { "m": now / 60, "s": now % 60 },
        "total": { "h": total / 3600, "m": total / 60 % 60, "s": total % 60 },
    })
}

fn header(record: &Record) -> Value {
    let info = &record.info;
    let handicap = Handicap::of_start(record.game.start()).is_some();
    let mut fields = Map::new();
    let mut put = |key: &str, value: &Option<String>| {
        if let Some(value) = value {
            fields.insert(key.into(), Value::String(value.clone()));
        }
    };
    put(SENTE[usize::from(handicap)], &info.sente);
    put(GOTE[usize::from(handicap)], &info.gote);
    put(EVENT, &info.event);
    put(SITE, &info.site);
    put(START_TIME, &info.start_time);
    for (key, value) in &info.other {
        fields.insert(key.clone(), Value::String(value.clone()));
    }
    Value::Object(fields)
}

fn initial(start: &Position) -> Value {
    if *start == Position::startpos() {
        return json!({ "preset": "HIRATE" });
    }
    if let Some((preset, _)) =
        Handicap::of_start(start).and_then(|handicap| PRESETS.iter().find(|(_, h)| *h == handicap))
    {
        return json!({ "preset": preset });
    }
    let board: Vec<Value> = (1..=9)
        .map(|file| {
            let ranks: Vec<Value> = (1..=9)
                .map(|rank| {
                    let piece = Square::new(file, rank).and_then(|sq| start.piece_at(sq));
                    match piece {
                        Some(piece) => json!({
                            "color": usize::from(piece.color == Color::Gote),
                            "kind": code(piece.kind),
                        }),
                        None => json!({}),
                    }
                })
                .collect();
            Value::Array(ranks)
        })
        .collect();
    let hands: Vec<Value> = Color::ALL
        .into_iter()
        .map(|color| {
            let counts: Map<String, Value> = PieceKind::HAND
                .into_iter()
                .map(|kind| (code(kind).to_owned(), json!(start.hand(color).count(kind))))
                .collect();
            Value::Object(counts)
        })
        .collect();
    json!({
        "preset": "OTHER",
        "data": {
            "color": usize::from(start.side_to_move() == Color::Gote),
            "board": board,
            "hands": hands,
        },
    })
}
