//! Reading JKF: the JSON checked piece by piece (never trusted to have a
//! shape), every move played through the rules as every reader does.

use super::{EVENT, GOTE, PRESETS, SENTE, SITE, START_TIME};
use crate::record::csa::kind_of_code;
use crate::record::ending::{self, Ending};
use crate::record::error::{Problem, RecordError};
use crate::record::model::{Record, RecordInfo, Variation};
use crate::record::replay::{play_move, start_position};
use crate::rules::game::Game;
use crate::rules::{ByColor, Color, Hand, Move, Piece, PieceKind, Position, Setup, Square};
use serde_json::{Map, Value};
use std::time::Duration;

/// A problem with the record as a whole: JKF has no lines to point at (the
/// problem names the move where it has one).
fn problem(_number: usize, problem: Problem) -> RecordError {
    RecordError::new(0, problem)
}

fn not_jkf(why: impl Into<String>) -> RecordError {
    problem(0, Problem::BadJkf(why.into()))
}

pub fn read(text: &str) -> Result<Record, RecordError> {
    let text = text.trim_start_matches('\u{feff}');
    let value: Value = serde_json::from_str(text).map_err(|err| not_jkf(err.to_string()))?;
    let root = value
        .as_object()
        .ok_or_else(|| not_jkf("the text is not a JSON object"))?;
    let start = initial(root.get("initial"))?;
    let mut record = Record::new(Game::from_position(start));
    record.info = header(root.get("header"))?;
    let empty = Vec::new();
    let moves = match root.get("moves") {
        None => &empty,
        Some(value) => value
            .as_array()
            .ok_or_else(|| not_jkf("\"moves\" is not a list"))?,
    };
    let mut elements = moves.iter();
    if let Some(first) = elements.next() {
        record.set_comment(0, comments(first));
    }
    let mut ending = None;
    for (i, element) in elements.enumerate() {
        let number = i + 1;
        let element = element
            .as_object()
            .ok_or_else(|| problem(number, Problem::BadJkf("a move is not an object".into())))?;
        // Kept only for a move with alternatives: they start from it.
        let before = element.contains_key("forks").then(|| record.game.clone());
        if ending.is_some() {
            return Err(problem(number, Problem::MoveAfterEnd { number }));
        }
        if let Some(special) = element.get("special") {
            ending = Some(special_ending(special, number)?);
        } else {
            let mv = move_of(element, record.game.position(), number)?;
            play_move(&mut record.game, mv, number, Value::Object(element.clone()))
                .map_err(|p| problem(number, p))?;
            if let Some(time) = move_time(element) {
                record.move_times.resize(number - 1, Duration::ZERO);
                record.move_times.push(time);
            }
            record.set_comment(number, comments(&Value::Object(element.clone())));
        }
        if let Some(before) = before {
            let forks = forks(element, &before, number)?;
            record.variations.extend(forks);
        }
    }
    if !record.move_times.is_empty() {
        let plies = record.game.ply();
        record.move_times.resize(plies, Duration::ZERO);
    }
    if let Some(ending) = ending {
        ending::apply(&mut record, ending, None);
    }
    trim(&mut record.comments);
    let timed = !record.move_times.is_empty();
    tidy(&mut record.variations, timed);
    Ok(record)
}

/// The variations a move's `forks` hold, each from `before` (the position
/// the move was played in), branching at its ply.
fn forks(
    element: &Map<String, Value>,
    before: &Game,
    number: usize,
) -> Result<Vec<Variation>, RecordError> {
    let Some(forks) = element.get("forks") else {
        return Ok(Vec::new());
    };
    let forks = forks
        .as_array()
        .ok_or_else(|| problem(number, Problem::BadJkf("\"forks\" is not a list".into())))?;
    let mut lines = Vec::new();
    for fork in forks {
        let fork = fork
            .as_array()
            .ok_or_else(|| problem(number, Problem::BadJkf("a fork is not a list".into())))?;
        lines.extend(line(fork, before.clone())?);
    }
    Ok(lines)
}

/// A fork's moves as a variation from `game`, with the variations of its
/// later moves; the forks of its first move are alternatives beside it.
fn line(elements: &[Value], mut game: Game) -> Result<Vec<Variation>, RecordError> {
    let ply = game.ply();
    let mut variation = Variation {
        ply,
        ..Variation::default()
    };
    let mut beside = Vec::new();
    for (k, element) in elements.iter().enumerate() {
        let number = ply + k + 1;
        let element = element
            .as_object()
            .ok_or_else(|| problem(number, Problem::BadJkf("a move is not an object".into())))?;
        if variation.end_word.is_some() {
            return Err(problem(number, Problem::MoveAfterEnd { number }));
        }
        let before = element.contains_key("forks").then(|| game.clone());
        if let Some(special) = element.get("special") {
            variation.end_word = Some(ending::kif_word(&special_ending(special, number)?));
        } else {
            let mv = move_of(element, game.position(), number)?;
            play_move(&mut game, mv, number, Value::Object(element.clone()))
                .map_err(|p| problem(number, p))?;
            variation.moves.push(mv);
            if let Some(time) = move_time(element) {
                let times = &mut variation.move_times;
                times.resize(variation.moves.len() - 1, Duration::ZERO);
                times.push(time);
            }
            let text = comments(&Value::Object(element.clone()));
            variation.set_comment(variation.moves.len(), text);
        }
        let found = match before {
            Some(before) => forks(element, &before, number)?,
            None => Vec::new(),
        };
        match k {
            0 => beside.extend(found),
            _ => variation.variations.extend(found),
        }
    }
    trim(&mut variation.comments);
    let mut lines = vec![variation];
    lines.extend(beside);
    Ok(lines)
}

/// A move object: `from` (absent for a drop), `to`, `piece`, `promote`.
fn move_of(
    element: &Map<String, Value>,
    position: &Position,
    number: usize,
) -> Result<Move, RecordError> {
    let bad = || {
        let text = element.get("move").map_or_else(
            || Value::Object(element.clone()).to_string(),
            Value::to_string,
        );
        problem(number, Problem::BadMoveText { number, text })
    };
    let mv = element
        .get("move")
        .and_then(Value::as_object)
        .ok_or_else(bad)?;
    let to = mv.get("to").and_then(square).ok_or_else(bad)?;
    let kind = mv
        .get("piece")
        .and_then(Value::as_str)
        .and_then(kind_of_code)
        .ok_or_else(bad)?;
    let promote = mv.get("promote").and_then(Value::as_bool).unwrap_or(false);
    match mv.get("from") {
        None | Some(Value::Null) => Ok(Move::Drop { kind, to }),
        Some(from) => {
            let from = square(from).ok_or_else(bad)?;
            // The piece named must be the one standing there, as it stands.
            let there = position.piece_at(from).map(|p| p.kind);
            if there != Some(kind) {
                return Err(bad());
            }
            Ok(Move::Board { from, to, promote })
        }
    }
}

fn square(value: &Value) -> Option<Square> {
    let coordinate = |key| {
        value
            .get(key)
            .and_then(Value::as_u64)
            .and_then(|n| u8::try_from(n).ok())
    };
    Square::new(coordinate("x")?, coordinate("y")?)
}

/// A move's time: `now` as minutes and seconds (hours where given).
fn move_time(element: &Map<String, Value>) -> Option<Duration> {
    let now = element.get("time")?.get("now")?;
    let part = |key| now.get(key).and_then(Value::as_u64).unwrap_or(0);
    let seconds = part("h")
        .saturating_mul(3600)
        .saturating_add(part("m").saturating_mul(60))
        .saturating_add(part("s"));
    Some(Duration::from_secs(seconds))
}

/// An element's `comments`, joined by new lines.
fn comments(element: &Value) -> String {
    element
        .get("comments")
        .and_then(Value::as_array)
        .map(|lines| {
            lines
                .iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join("\n")
        })
        .unwrap_or_default()
}

fn special_ending(special: &Value, number: usize) -> Result<Ending, RecordError> {
    let word = special
        .as_str()
        .ok_or_else(|| problem(number, Problem::BadJkf("\"special\" is not a word".into())))?;
    // JKF writes CSA's words without their `%`; a file that keeps it means the same word.
    Ok(
        match Ending::from_csa(&format!("%{}", word.trim_start_matches('%'))) {
            Ending::Other(text) => Ending::Other(ending::other_in_kif(&text)),
            known => known,
        },
    )
}

fn header(value: Option<&Value>) -> Result<RecordInfo, RecordError> {
    let mut info = RecordInfo::default();
    let Some(value) = value else {
        return Ok(info);
    };
    let fields = value
        .as_object()
        .ok_or_else(|| not_jkf("\"header\" is not an object"))?;
    for (key, value) in fields {
        let Some(text) = value.as_str() else {
            continue;
        };
        let field = match key.as_str() {
            key if SENTE.contains(&key) => &mut info.sente,
            key if GOTE.contains(&key) => &mut info.gote,
            EVENT => &mut info.event,
            SITE => &mut info.site,
            START_TIME => &mut info.start_time,
            // The start position says it.
            "手合割" => continue,
            _ => {
                info.other.push((key.clone(), text.to_owned()));
                continue;
            }
        };
        *field = Some(text.to_owned());
    }
    Ok(info)
}

/// The start: a preset (`HIRATE`, a handicap) or `OTHER` with its board.
fn initial(value: Option<&Value>) -> Result<Position, RecordError> {
    let Some(value) = value else {
        return Ok(Position::startpos());
    };
    let preset = value
        .get("preset")
        .and_then(Value::as_str)
        .ok_or_else(|| not_jkf("\"initial\" names no preset"))?;
    match preset {
        "HIRATE" => Ok(Position::startpos()),
        "OTHER" => board(value.get("data")),
        name => PRESETS
            .iter()
            .find(|(preset, _)| *preset == name)
            .map(|(_, handicap)| handicap.position())
            .ok_or_else(|| problem(0, Problem::UnknownHandicap(name.to_owned()))),
    }
}

/// `data`: `board[x − 1][y − 1]` for file x and rank y, each `{color,
/// kind}` or `{}`; `hands`, Sente's then Gote's counts; `color`, to move.
fn board(data: Option<&Value>) -> Result<Position, RecordError> {
    let data = data.ok_or_else(|| not_jkf("\"initial\" has no \"data\""))?;
    let mut setup = Setup::EMPTY;
    let files = data
        .get("board")
        .and_then(Value::as_array)
        .filter(|files| files.len() == 9)
        .ok_or_else(|| not_jkf("the board is not 9 files"))?;
    for (x, file) in files.iter().enumerate() {
        let ranks = file
            .as_array()
            .filter(|ranks| ranks.len() == 9)
            .ok_or_else(|| not_jkf("a file of the board is not 9 squares"))?;
        for (y, cell) in ranks.iter().enumerate() {
            let Some(code) = cell.get("kind").and_then(Value::as_str) else {
                continue;
            };
            let kind = kind_of_code(code).ok_or_else(|| not_jkf(format!("no piece {code}")))?;
            let color = color(cell.get("color"))?;
            // Nine files and ranks were checked just above.
            let Some(sq) = Square::new(x as u8 + 1, y as u8 + 1) else {
                continue;
            };
            setup.board[sq.index()] = Some(Piece::new(color, kind));
        }
    }
    let mut hands = ByColor::new(Hand::default(), Hand::default());
    if let Some(both) = data.get("hands").and_then(Value::as_array) {
        for (color, counts) in Color::ALL.into_iter().zip(both) {
            for kind in PieceKind::HAND {
                let count = counts
                    .get(crate::record::csa::code(kind))
                    .and_then(Value::as_u64)
                    .unwrap_or(0);
                let count = u8::try_from(count).map_err(|_| not_jkf("too many pieces in hand"))?;
                hands[color].set(kind, count);
            }
        }
    }
    setup.hands = hands;
    setup.side_to_move = color(data.get("color"))?;
    start_position(setup, 0)
}

fn color(value: Option<&Value>) -> Result<Color, RecordError> {
    match value.and_then(Value::as_u64) {
        Some(0) => Ok(Color::Sente),
        Some(1) => Ok(Color::Gote),
        _ => Err(not_jkf("a colour is neither 0 nor 1")),
    }
}

fn trim(comments: &mut Vec<String>) {
    while comments.last().is_some_and(String::is_empty) {
        comments.pop();
    }
}

/// As the KIF reader leaves them: none empty, in the order of their first
/// moves, their times as long as their moves where the record has any.
fn tidy(lines: &mut Vec<Variation>, timed: bool) {
    lines.retain(|line| !line.moves.is_empty() || line.end_word.is_some());
    lines.sort_by_key(|line| line.ply);
    for line in lines {
        if timed || !line.move_times.is_empty() {
            line.move_times.resize(line.moves.len(), Duration::ZERO);
        }
        tidy(&mut line.variations, timed);
    }
}
