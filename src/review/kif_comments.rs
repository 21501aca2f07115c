//! A review kept in a KIF record's comments, and read back when the record is opened.
//!
//! After each move (and before the first, for the start) the comment holds, in this order:
//! - for an inaccuracy or worse, a line a player reads in any KIF viewer:
//!   `悪手 最善手 ▲２六歩（komadai検討）` (with a missed or allowed mate named), and the
//!   review's reasons as its panel gives them, the sides named, on a line of their own
//!   ending the same way;
//! - `#評価値=-123`: the position's score from Sente's side in centipawns, the line
//!   ShogiHome draws its evaluation graph from (left out for a mate);
//! - `#komadai score=cp:-123 depth=9 nodes=100000 moves=2g2f:cp:-123,7g7f:cp:-140 line=2g2f 8c8d`:
//!   the analysis itself, from the side to move (`moves=`: the best moves with their scores;
//!   `checked=`, where the best move had a second look, its score from it, and `checkedpv=`
//!   its line, the moves joined by commas), enough to rebuild the review exactly, verdicts
//!   and reasons included;
//! - after a mistake the deep pass ([`super::deep`]) looked at again,
//!   `#komadai deep reply=8c8d,2b3c better=7g7f,3c3d scores=mated:9,cp:-5200`: its two lines
//!   (after the move played and after the better move, each from the opponent's reply) and
//!   the mover's scores of them, on which the reasons and the mate and side-behind flags
//!   are found again when the review is read back. A record without it (or with one that
//!   does not read, or does not fit the move) keeps the fast pass's reasons for that move;
//!   one without `scores=` (an older komadai's) keeps its verdict.
//!
//! Other comment lines are the record's own and are kept as they are.

use super::analysis::{Candidate, GamePositions, PositionAnalysis, SecondLook};
use super::game_review::{DeepLines, DeepScores, GameReview};
use super::score::Score;
use super::verdict::Verdict;
use super::voice::{Notation, Voice};
use super::words;
use crate::i18n::Language;
use crate::record::Record;
use crate::rules::notation::japanese as write_japanese;
use crate::rules::{Color, Handicap, Move};

/// The start of the line that holds a position's analysis.
const ANALYSIS: &str = "#komadai ";
/// The start of the line that holds the deep pass's lines of the move into a position.
/// It starts as [`ANALYSIS`] does, so that a komadai from before the deep pass was kept
/// takes it for one of the review's lines (and, finding the analysis first, ignores it).
const DEEP: &str = "#komadai deep ";
/// ShogiHome's score line.
const SCORE: &str = "#評価値=";
/// The end of the line a player reads.
const SIGNATURE: &str = "（komadai検討）";

/// One position's analysis as the comment writes it (without the leading `#komadai `).
pub fn analysis_text(analysis: &PositionAnalysis) -> String {
    let line: Vec<String> = analysis.line.iter().map(Move::to_string).collect();
    let best = analysis
        .best
        .map_or_else(|| "none".to_owned(), |mv| mv.to_string());
    let moves: Vec<String> = analysis
        .best_moves
        .iter()
        .map(|c| format!("{}:{}", c.mv, score_text(c.score)))
        .collect();
    let checked = analysis
        .best_checked
        .as_ref()
        .map_or_else(String::new, |look| {
            let line: Vec<String> = look.line.iter().map(Move::to_string).collect();
            let line = if line.is_empty() {
                String::new()
            } else {
                format!("checkedpv={} ", line.join(","))
            };
            format!("checked={} {line}", score_text(look.score))
        });
    format!(
        "score={} best={best} depth={} nodes={} moves={} {checked}line={}",
        score_text(analysis.score),
        analysis.depth,
        analysis.nodes,
        moves.join(","),
        line.join(" ")
    )
}

/// Reads back [`analysis_text`] for position `index`; `None` if it is not one.
pub fn parse_analysis(text: &str, index: usize) -> Option<PositionAnalysis> {
    let (fields, line) = text.split_once("line=")?;
    let mut score = None;
    let mut best = None;
    let (mut depth, mut nodes) = (0, 0);
    // Absent from reviews written before the best moves were kept.
    let mut best_moves = Vec::new();
    // Present only where the best move had a second look.
    let mut checked_score = None;
    let mut checked_line = Vec::new();
    for field in fields.split_whitespace() {
        let (key, value) = field.split_once('=')?;
        match key {
            "score" => score = Some(parse_score(value)?),
            "best" if value == "none" => best = Some(None),
            "best" => best = Some(Some(Move::from_usi(value).ok()?)),
            "depth" => depth = value.parse().ok()?,
            "nodes" => nodes = value.parse().ok()?,
            "moves" => best_moves = parse_candidates(value)?,
            "checked" => checked_score = Some(parse_score(value)?),
            "checkedpv" => {
                checked_line = value
                    .split(',')
                    .map(|mv| Move::from_usi(mv).ok())
                    .collect::<Option<Vec<Move>>>()?;
            }
            _ => {}
        }
    }
    let line = line
        .split_whitespace()
        .map(|mv| Move::from_usi(mv).ok())
        .collect::<Option<Vec<Move>>>()?;
    Some(PositionAnalysis {
        index,
        score: score?,
        best: best?,
        line,
        depth,
        nodes,
        best_moves,
        best_checked: checked_score.map(|score| SecondLook {
            score,
            line: checked_line,
        }),
    })
}

/// A move's deep lines as the comment writes them (without the leading `#komadai deep `):
/// `reply=8c8d,2b3c better=7g7f,3c3d scores=cp:-1800,cp:-1200`, a line left empty where the
/// search found none; `scores` (the mover's after the move played, then after the better
/// move) where the look kept them.
pub fn deep_text(lines: &DeepLines) -> String {
    let mut text = format!(
        "reply={} better={}",
        moves_text(&lines.reply),
        moves_text(&lines.better)
    );
    if let Some(scores) = lines.scores {
        text += &format!(
            " scores={},{}",
            score_text(scores.played),
            score_text(scores.better)
        );
    }
    text
}

/// Reads back [`deep_text`]; `None` if it is not one (a field missing, a move unreadable).
/// Fields it does not know are skipped, for a later komadai's.
pub fn parse_deep(text: &str) -> Option<DeepLines> {
    let (mut reply, mut better, mut scores) = (None, None, None);
    for field in text.split_whitespace() {
        let (key, value) = field.split_once('=')?;
        match key {
            "reply" => reply = Some(parse_moves(value)?),
            "better" => better = Some(parse_moves(value)?),
            "scores" => {
                let (played, better) = value.split_once(',')?;
                scores = Some(DeepScores {
                    played: parse_score(played)?,
                    better: parse_score(better)?,
                });
            }
            _ => {}
        }
    }
    Some(DeepLines {
        reply: reply?,
        better: better?,
        scores,
    })
}

/// USI moves joined by commas.
fn moves_text(moves: &[Move]) -> String {
    let moves: Vec<String> = moves.iter().map(Move::to_string).collect();
    moves.join(",")
}

/// [`moves_text`] read back (empty: no move).
fn parse_moves(text: &str) -> Option<Vec<Move>> {
    text.split(',')
        .filter(|mv| !mv.is_empty())
        .map(|mv| Move::from_usi(mv).ok())
        .collect()
}

/// `2g2f:cp:-123,7g7f:mate:3` (empty: none).
fn parse_candidates(text: &str) -> Option<Vec<Candidate>> {
    text.split(',')
        .filter(|item| !item.is_empty())
        .map(|item| {
            let (mv, score) = item.split_once(':')?;
            Some(Candidate {
                mv: Move::from_usi(mv).ok()?,
                score: parse_score(score)?,
            })
        })
        .collect()
}

fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("cp:{cp}"),
        Score::Mates(plies) => format!("mate:{plies}"),
        Score::Mated(plies) => format!("mated:{plies}"),
    }
}

fn parse_score(text: &str) -> Option<Score> {
    let (kind, value) = text.split_once(':')?;
    match kind {
        "cp" => Some(Score::Cp(value.parse().ok()?)),
        "mate" => Some(Score::Mates(value.parse().ok()?)),
        "mated" => Some(Score::Mated(value.parse().ok()?)),
        _ => None,
    }
}

/// Writes `review` into `record`'s comments, replacing an earlier review's lines and keeping
/// the record's own.
pub fn write_review(review: &GameReview, record: &mut Record) {
    let positions = review.game().len();
    for index in 0..positions {
        let mut lines: Vec<String> = record
            .comment(index)
            .map(|c| {
                c.lines()
                    .filter(|l| !is_review_line(l))
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default();
        lines.extend(review_lines(review, index));
        record.set_comment(index, lines.join("\n"));
    }
}

/// The review's lines for position `index` (after move `index`).
fn review_lines(review: &GameReview, index: usize) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(m) = review.move_review(index)
        && m.verdict() >= Verdict::Inaccuracy
    {
        let ja = Language::Japanese;
        let mut flags = vec![words::verdict_name(ja, m.verdict()).to_owned()];
        flags.extend(m.judgement.mate.map(|e| words::mate_event_text(ja, e)));
        if let Some(best) = m.best.filter(|&best| best != m.played) {
            flags.push(words::best_move(
                ja,
                &write_japanese(&m.before, best, m.previous_to),
            ));
        }
        lines.push(format!("{}{SIGNATURE}", flags.join(" ")));
        // Why, as the review panel says it, the sides named (a record is read by anyone).
        let handicap = (review.game().position(0)).is_some_and(|s| Handicap::of_start(s).is_some());
        let voice = Voice::by_sides(Notation::Japanese, m.before.side_to_move(), handicap);
        // One line, so that it is known for the review's when written again.
        let why = m.explanation(ja, &voice).replace('\n', " ");
        if !why.trim().is_empty() {
            lines.push(format!("{}{SIGNATURE}", why.trim()));
        }
    }
    if let Some(analysis) = review.analysis(index) {
        let to_move = review.game().position(index).map(|p| p.side_to_move());
        let sente_score = if to_move == Some(Color::Gote) {
            analysis.score.flipped()
        } else {
            analysis.score
        };
        if let Score::Cp(cp) = sente_score {
            lines.push(format!("{SCORE}{cp}"));
        }
        lines.push(format!("{ANALYSIS}{}", analysis_text(analysis)));
    }
    // After the analysis: a komadai that does not know this line reads the first of them.
    if let Some(deep) = review.move_review(index).and_then(|m| m.deep.as_ref()) {
        lines.push(format!("{DEEP}{}", deep_text(deep)));
    }
    lines
}

/// The player's own words of a comment: its lines less the review's, which the review
/// writes and reads back and a comment box neither shows nor edits.
pub fn own_words(comment: &str) -> String {
    let own: Vec<&str> = comment.lines().filter(|l| !is_review_line(l)).collect();
    own.join("\n")
}

/// `own`, the player's words as edited, with the review's lines of the comment it replaces
/// kept after them.
pub fn with_review_lines(own: &str, replaced: &str) -> String {
    let mut lines: Vec<&str> = own.lines().collect();
    lines.extend(replaced.lines().filter(|l| is_review_line(l)));
    lines.join("\n")
}

fn is_review_line(line: &str) -> bool {
    line.starts_with(ANALYSIS) || line.starts_with(SCORE) || line.ends_with(SIGNATURE)
}

/// The review kept in `record`'s comments, `None` when they hold none.
pub fn read_review(record: &Record) -> Option<GameReview> {
    let game = &record.game;
    let positions = GamePositions::new(game.start(), game.moves());
    let found = |read: fn(&str) -> Option<&str>| -> Vec<Option<&str>> {
        (0..positions.len())
            .map(|index| record.comment(index)?.lines().find_map(read))
            .collect()
    };
    let texts = found(analysis_of);
    let deep = found(|line| line.strip_prefix(DEEP));
    texts
        .iter()
        .any(Option::is_some)
        .then(|| rebuild(positions, &texts, &deep))
}

/// The text of a position's analysis line, after its `#komadai `.
fn analysis_of(line: &str) -> Option<&str> {
    match line.starts_with(DEEP) {
        true => None,
        false => line.strip_prefix(ANALYSIS),
    }
}

/// The review of `game` from each position's [`analysis_text`] (`None`, or a text that does
/// not read: not analysed), with the deep pass's lines of the move into each position
/// ([`deep_text`], `deep[ply]`; `None`, or a text that does not read or does not fit the
/// move: the move keeps the fast pass's reasons).
pub fn rebuild(game: GamePositions, texts: &[Option<&str>], deep: &[Option<&str>]) -> GameReview {
    let mut review = GameReview::new(game);
    for (index, text) in texts.iter().enumerate() {
        if let Some(analysis) = text.and_then(|text| parse_analysis(text, index)) {
            review.add(analysis);
        }
    }
    for (ply, text) in deep.iter().enumerate() {
        if let Some(lines) = text.and_then(parse_deep) {
            review.deepen_from(ply, lines);
        }
    }
    review
}
