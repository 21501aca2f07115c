//! `komadai review GAME [--json]`: the review from a terminal, by the same
//! code as the window: the fast pass judges every move, then the deep pass
//! finds and checks each mistake's explanation again on far deeper searches
//! ([`super::deep`]); `--fast` prints the fast pass's review alone.
//!
//! GAME is a file: KIF, KI2, CSA, a USI position line, or an SFEN (with
//! `moves ...` after it, or without). The text output is a line per move
//! (number, move, verdict, score after the move, the engine's move, the
//! explanation) and each side's totals. `--json` prints instead a JSON array
//! with an object per move:
//!
//! | key | value |
//! |---|---|
//! | `ply` | 1-based move number |
//! | `side` | `"sente"` or `"gote"`: who moved |
//! | `move`, `best` | USI (`best` is `null` if the engine had no move) |
//! | `notation` | the move in Western (or, with `--japanese`, Japanese) notation |
//! | `verdict` | `best`, `good`, `inaccuracy`, `mistake` or `blunder` |
//! | `score_before`, `score_after` | the mover's score before the move (what the best move keeps) and after it: an integer in centipawns, or for a forced mate an object `{"mate": n}`, n in plies, positive when the mover mates, negative when the mover is mated (0: the move mated) |
//! | `second_look` | `null`, or for a move that looked like a mistake the best move's score from a search of the position after it, as `score_before` (which is then halfway between the two where this is lower) |
//! | `second_look_line` | that search's line from the position after the best move, USI moves (empty without a second look) |
//! | `win_chance_before`, `win_chance_after` | the same as the mover's chance to win, 0 to 1 |
//! | `loss` | points of win chance lost against the best move |
//! | `mate` | `null`, or `{"missed": n}` / `{"allowed": n}` |
//! | `best_line` | the engine's line in the position before, USI moves |
//! | `best_moves` | the engine's best moves in the position before (up to `--lines`, best first, the first is `best`), each `{"move": USI, "notation": ..., "score": ...}`, the score the mover's as in `score_before` |
//! | `explanation` | English (Japanese with `--japanese`), empty for best and good moves |
//! | `deep` | whether the explanation was found and checked again by the deep pass (a mistake or blunder without a mate, unless `--fast`) |
//!
//! Options: `--nodes N` (per position), `--lines N` (best moves kept per
//! position, default 3, sharing its nodes), `--threads N` (default: every
//! core, for both passes), `--fast` (no deep pass), `--deep-nodes N` (each of
//! the deep pass's searches at most, two a mistake), `--japanese` (the text in Japanese: notation, verdicts and explanations; the JSON
//! keys and verdict keys stay as above). A record that cannot be
//! read prints the reader's error (file, line, problem) on stderr and exits
//! with status 2, writing nothing else.

use super::analysis::{AnalysisOptions, GamePositions};
use super::deep::{DeepOptions, deepen};
use super::game_review::{GameReview, MoveReview};
use super::line::Step;
use super::score::Score;
use super::verdict::{MateEvent, Verdict};
use super::voice::{Notation, Voice, step_text};
use super::words::{best_move, mate_event_text, score_text, verdict_name};
use super::workers::analyse;
use crate::i18n::Language;
use crate::record::{Record, decode};
use crate::rules::{Color, Move, Position};
use serde_json::{Value, json};
use std::io::Write;
use std::sync::atomic::AtomicBool;

/// Exit status for a record that cannot be read, or bad arguments.
pub const EXIT_UNREADABLE: i32 = 2;

const USAGE: &str = "usage: komadai review GAME [--json] [--japanese] [--fast] [--nodes N] [--lines N] [--threads N] [--deep-nodes N]";

/// What the command line asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
struct CliRequest {
    path: String,
    json: bool,
    notation: Notation,
    options: AnalysisOptions,
    /// The deep pass's budget; `None` with `--fast`.
    deep: Option<DeepOptions>,
}

/// Runs `komadai review` with the arguments after `review`; returns the exit
/// status (0, or [`EXIT_UNREADABLE`]).
pub fn run_cli(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let request = match parse_args(args) {
        Ok(request) => request,
        Err(message) => {
            let _ = writeln!(err, "komadai review: {message}\n{USAGE}");
            return EXIT_UNREADABLE;
        }
    };
    let (start, moves) = match read_game(&request.path) {
        Ok(game) => game,
        Err(message) => {
            let _ = writeln!(err, "{message}");
            return EXIT_UNREADABLE;
        }
    };
    let mut review = review_game(&start, &moves, &request.options);
    if let Some(deep) = &request.deep {
        deepen(&mut review, deep);
    }
    let written = if request.json {
        write_json(&review, request.notation, out)
    } else {
        write_text(&review, request.notation, out)
    };
    match written {
        Ok(()) => 0,
        Err(e) => {
            let _ = writeln!(err, "komadai review: could not write the review: {e}");
            1
        }
    }
}

fn parse_args(args: &[String]) -> Result<CliRequest, String> {
    let mut path = None;
    let mut json = false;
    let mut notation = Notation::Western;
    let mut options = AnalysisOptions::default();
    let mut fast = false;
    let mut deep = DeepOptions::default();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--json" => json = true,
            "--japanese" => notation = Notation::Japanese,
            "--nodes" => options.nodes = number(args.next(), "--nodes")?,
            "--threads" => options.threads = number(args.next(), "--threads")?,
            "--lines" => options.lines = number(args.next(), "--lines")?,
            "--fast" => fast = true,
            "--deep-nodes" => deep.nodes = number(args.next(), "--deep-nodes")?,
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            file if path.is_none() => path = Some(file.to_string()),
            extra => return Err(format!("one game at a time ({extra}?)")),
        }
    }
    let path = path.ok_or("no game file given")?;
    if options.lines == 0 {
        return Err("--lines needs a positive number".to_owned());
    }
    if deep.nodes == 0 {
        return Err("--deep-nodes needs a positive number".to_owned());
    }
    deep.threads = options.threads;
    Ok(CliRequest {
        path,
        json,
        notation,
        options,
        deep: (!fast).then_some(deep),
    })
}

fn number<T: std::str::FromStr>(value: Option<&String>, flag: &str) -> Result<T, String> {
    value
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("{flag} needs a positive number"))
}

/// The start and moves of the game in the file at `path`, or the message
/// to show: `FILE: line N: problem`.
pub fn read_game(path: &str) -> Result<(Position, Vec<Move>), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: could not read it: {e}"))?;
    let text = decode(&bytes).map_err(|e| format!("{path}: {e}"))?;
    let record = read_record(&text).map_err(|e| format!("{path}: {e}"))?;
    Ok((*record.game.start(), record.game.moves().to_vec()))
}

/// Any record the app opens, and a bare SFEN (with or without moves), which
/// is read as the USI line `sfen ...`.
fn read_record(text: &str) -> Result<Record, crate::record::RecordError> {
    let trimmed = text.trim().trim_start_matches('\u{feff}');
    let bare_sfen = !trimmed.contains('\n')
        && trimmed
            .split_whitespace()
            .next()
            .is_some_and(|board| board.contains('/'));
    if bare_sfen {
        Record::from_usi(&format!("sfen {trimmed}"))
    } else {
        Record::read(text)
    }
}

/// Analyses and judges every move of the game, blocking.
pub fn review_game(start: &Position, moves: &[Move], options: &AnalysisOptions) -> GameReview {
    let mut review = GameReview::new(GamePositions::new(start, moves));
    let cancel = AtomicBool::new(false);
    let game = review.game().clone();
    analyse(&game, options, &cancel, &mut |result| {
        review.add(result);
    });
    review
}

fn notation_of(review: &MoveReview, notation: Notation) -> String {
    step_text(
        &Step {
            before: review.before,
            previous_to: review.previous_to,
            mv: review.played,
        },
        notation,
    )
}

fn best_text(review: &MoveReview, notation: Notation) -> Option<String> {
    candidate_text(review, review.best?, notation)
}

/// One of the moves the engine considered in the position before, written.
fn candidate_text(review: &MoveReview, mv: Move, notation: Notation) -> Option<String> {
    review.before.is_legal(mv).then(|| {
        step_text(
            &Step {
                before: review.before,
                previous_to: review.previous_to,
                mv,
            },
            notation,
        )
    })
}

fn best_moves_json(review: &MoveReview, notation: Notation) -> Vec<Value> {
    review
        .best_moves
        .iter()
        .map(|c| {
            json!({
                "move": c.mv.to_string(),
                "notation": candidate_text(review, c.mv, notation),
                "score": score_json(c.score),
            })
        })
        .collect()
}

fn write_text(review: &GameReview, notation: Notation, out: &mut dyn Write) -> std::io::Result<()> {
    let lang = language_of(notation);
    writeln!(out, "{}", header_line(lang))?;
    for m in review.moves().iter().flatten() {
        let voice = Voice::to_mover(notation);
        // A mate allowed in a game already lost to a mate says nothing new.
        let mate = m
            .judgement
            .mate
            .filter(|event| !(is_allowed(*event) && matches!(m.score_before, Score::Mated(_))));
        let line = move_line(
            lang,
            m.ply,
            &notation_of(m, notation),
            m.verdict(),
            mate,
            m.score_after,
            best_text(m, notation).as_deref(),
            &m.explanation(lang, &voice),
        );
        writeln!(out, "{line}")?;
    }
    let summary = review.summary();
    for side in Color::ALL {
        let s = &summary[side];
        let counts: Vec<(Verdict, usize)> = Verdict::ALL.iter().map(|&v| (v, s.count(v))).collect();
        writeln!(out, "{}", summary_line(lang, side, &counts, s.accuracy))?;
    }
    Ok(())
}

fn is_allowed(event: MateEvent) -> bool {
    matches!(event, MateEvent::Allowed { .. })
}

/// The language of the text: Japanese with Japanese notation, English otherwise.
fn language_of(notation: Notation) -> Language {
    match notation {
        Notation::Western => Language::English,
        Notation::Japanese => Language::Japanese,
    }
}

/// Names the columns of [`move_line`], the score's unit with them.
fn header_line(lang: Language) -> String {
    let names = match lang {
        Language::English => ["move", "verdict", "score (pawns)", "mate, best move, why"],
        Language::Japanese => ["指し手", "評価", "評価値（歩）", "詰み・最善手・理由"],
    };
    format!(
        "{:>3}  {} {} {}  {}",
        "#",
        pad_right(names[0], 10),
        pad_right(names[1], 10),
        pad_left(names[2], score_width(lang)),
        names[3]
    )
}

/// How many terminal columns `text` takes: two for each wide (East Asian) character.
fn columns(text: &str) -> usize {
    text.chars()
        .map(|c| {
            let wide = matches!(u32::from(c),
                0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF
                | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6);
            if wide { 2 } else { 1 }
        })
        .sum()
}

/// `text` with spaces after it to fill `width` columns.
fn pad_right(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(columns(text))))
}

/// `text` with spaces before it to fill `width` columns.
fn pad_left(text: &str, width: usize) -> String {
    format!("{}{text}", " ".repeat(width.saturating_sub(columns(text))))
}

/// The score column's width in terminal columns: "score (pawns)" and "mated in 12" fit, and
/// 「12手で詰まされる」.
fn score_width(lang: Language) -> usize {
    match lang {
        Language::English => 13,
        Language::Japanese => 17,
    }
}

/// A text line for one move: number, move, verdict, the mover's score after the move (in
/// pawns of 100 centipawns), then the mate flag, the engine's move, and the explanation;
/// the flag comes after the score so the columns stay aligned.
#[allow(clippy::too_many_arguments)]
fn move_line(
    lang: Language,
    ply: usize,
    played: &str,
    verdict: Verdict,
    mate: Option<MateEvent>,
    score_after: Score,
    best: Option<&str>,
    explanation: &str,
) -> String {
    let flag = mate.map_or(String::new(), |m| {
        format!("  ({})", mate_event_text(lang, m))
    });
    let best = best.map_or(String::new(), |b| format!("  {}", best_move(lang, b)));
    let verdict = match lang {
        Language::English => verdict.key(),
        Language::Japanese => verdict_name(lang, verdict),
    };
    let mut line = format!(
        "{ply:>3}. {} {} {}{flag}{best}",
        pad_right(played, 10),
        pad_right(verdict, 10),
        pad_left(&score_text(lang, score_after), score_width(lang))
    );
    if !explanation.is_empty() {
        line.push_str("  ");
        line.push_str(explanation);
    }
    line
}

/// The per-side summary line: counts of each verdict and the accuracy.
fn summary_line(
    lang: Language,
    side: Color,
    counts: &[(Verdict, usize)],
    accuracy: Option<f64>,
) -> String {
    match lang {
        Language::English => {
            let counts = counts
                .iter()
                .map(|(verdict, count)| format!("{count} {}", verdict.key()))
                .collect::<Vec<_>>()
                .join(", ");
            let accuracy = accuracy.map_or(String::new(), |a| format!("; accuracy {a:.0}%"));
            format!("{side}: {counts}{accuracy}")
        }
        Language::Japanese => {
            let t = lang.strings();
            let counts = counts
                .iter()
                .map(|(verdict, count)| format!("{}{count}", verdict_name(lang, *verdict)))
                .collect::<Vec<_>>()
                .join("、");
            let accuracy =
                accuracy.map_or(String::new(), |a| format!("、{}{a:.0}%", t.review_accuracy));
            format!("{}：{counts}{accuracy}", lang.side(side))
        }
    }
}

fn write_json(review: &GameReview, notation: Notation, out: &mut dyn Write) -> std::io::Result<()> {
    let rows: Vec<Value> = review
        .moves()
        .iter()
        .flatten()
        .map(|m| move_json(m, notation))
        .collect();
    serde_json::to_writer_pretty(&mut *out, &Value::Array(rows)).map_err(std::io::Error::other)?;
    writeln!(out)
}

/// One move as the JSON object described in the module doc.
pub fn move_json(m: &MoveReview, notation: Notation) -> Value {
    let (chance_before, chance_after) = m.chances();
    json!({
        "ply": m.ply,
        "side": if m.mover == Color::Sente { "sente" } else { "gote" },
        "move": m.played.to_string(),
        "notation": notation_of(m, notation),
        "verdict": m.verdict().key(),
        "score_before": score_json(m.score_before),
        "score_after": score_json(m.score_after),
        "second_look": m.best_checked.as_ref().map(|look| score_json(look.score)),
        "second_look_line": m.best_checked.as_ref().map_or_else(Vec::new, |look| {
            look.line.iter().map(Move::to_string).collect::<Vec<_>>()
        }),
        "win_chance_before": round3(chance_before),
        "win_chance_after": round3(chance_after),
        "loss": round3(m.judgement.loss),
        "mate": m.judgement.mate.map(|event| match event {
            MateEvent::Missed { plies } => json!({ "missed": plies }),
            MateEvent::Allowed { plies } => json!({ "allowed": plies }),
        }),
        "best": m.best.map(|mv| mv.to_string()),
        "best_line": m.best_line.iter().map(Move::to_string).collect::<Vec<_>>(),
        "best_moves": best_moves_json(m, notation),
        "explanation": m.explanation(language_of(notation), &Voice::to_mover(notation)),
        "deep": m.deepened(),
    })
}

/// Centipawns as an integer, a mate as `{"mate": ±plies}`.
pub fn score_json(score: Score) -> Value {
    match score {
        Score::Cp(cp) => json!(cp),
        Score::Mates(plies) => json!({ "mate": plies }),
        Score::Mated(plies) => json!({ "mate": -i64::from(plies) }),
    }
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mate_flag_leaves_the_score_column_in_place() {
        let en = Language::English;
        let plain = move_line(en, 3, "P-7f", Verdict::Good, None, Score::Cp(120), None, "");
        let flagged = move_line(
            en,
            4,
            "K-4h",
            Verdict::Inaccuracy,
            Some(MateEvent::Allowed { plies: 7 }),
            Score::Mated(7),
            None,
            "",
        );
        let header = header_line(en);
        let score_end = header
            .find("score (pawns)")
            .map(|i| i + "score (pawns)".len());
        assert_eq!(plain.find("+1.20").map(|i| i + "+1.20".len()), score_end);
        let mated = score_text(Language::English, Score::Mated(7));
        assert_eq!(flagged.find(&mated).map(|i| i + mated.len()), score_end);
        assert!(flagged.ends_with("(allowed mate in 7)"), "{flagged}");
    }

    #[test]
    fn the_japanese_text_is_japanese_words_with_its_columns_in_place() {
        let ja = Language::Japanese;
        let line = move_line(
            ja,
            4,
            "△４八玉",
            Verdict::Mistake,
            Some(MateEvent::Allowed { plies: 7 }),
            Score::Mated(7),
            Some("▲５八金"),
            "",
        );
        assert!(line.contains("悪手") && !line.contains("mistake"), "{line}");
        assert!(
            line.contains("7手詰を許す") && line.contains("最善手 ▲５八金"),
            "{line}"
        );
        // The score column ends where the header's does, counted in terminal columns.
        let header = header_line(ja);
        let end =
            |text: &str, part: &str| text.find(part).map(|i| columns(&text[..i + part.len()]));
        let mated = score_text(ja, Score::Mated(7));
        assert_eq!(end(&line, &mated), end(&header, "評価値（歩）"));
        let summary = summary_line(ja, Color::Gote, &[(Verdict::Blunder, 2)], Some(71.4));
        assert_eq!(summary, "後手：大悪手2、正確さ71%");
    }
}
