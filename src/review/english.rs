//! The review in English: every English word the review shows lives here,
//! so that another language is one more module beside this one.
//!
//! Moves and squares are written in the notation the player chose, by the
//! rules core's notation modules. Sentences are in the past tense or use
//! modal verbs, so "you", "Sente" and "the AI" all fit the same words.

use super::explain::{Gain, Reason};
use super::line::{Line, Step};
use super::score::Score;
use super::verdict::{MateEvent, Verdict};
use crate::rules::notation::{japanese, japanese_square, western};
use crate::rules::{Color, PieceKind, Square};

/// How moves and squares are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    /// `P-7f`, squares `7f`.
    #[default]
    Western,
    /// `▲７六歩`, squares `７六`.
    Japanese,
}

/// Who a sentence names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    You,
    /// Neither side is the reader's: "the opponent".
    Opponent,
    Side(Color),
    /// The app's built-in AI.
    Ai,
}

impl Who {
    fn subject(self) -> &'static str {
        match self {
            Who::You => "you",
            Who::Opponent => "the opponent",
            Who::Side(Color::Sente) => "Sente",
            Who::Side(Color::Gote) => "Gote",
            Who::Ai => "the AI",
        }
    }

    fn possessive(self) -> &'static str {
        match self {
            Who::You => "your",
            Who::Opponent => "the opponent's",
            Who::Side(Color::Sente) => "Sente's",
            Who::Side(Color::Gote) => "Gote's",
            Who::Ai => "the AI's",
        }
    }
}

/// Who is who in a move's explanation, and the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Voice {
    pub notation: Notation,
    /// The side that played the move.
    pub mover: Who,
    /// The other side.
    pub opponent: Who,
}

impl Voice {
    /// Speaking to whoever moved: "you" and "the opponent" (a record whose
    /// players the reader is neither or both of).
    pub fn to_mover(notation: Notation) -> Voice {
        Voice {
            notation,
            mover: Who::You,
            opponent: Who::Opponent,
        }
    }

    /// Naming the sides: "Sente" and "Gote".
    pub fn by_sides(notation: Notation, mover: Color) -> Voice {
        Voice {
            notation,
            mover: Who::Side(mover),
            opponent: Who::Side(!mover),
        }
    }

    /// A game the reader played as `player` against `other` ([`Who::Ai`] or
    /// [`Who::Opponent`]), for a move by `mover`.
    pub fn for_player(notation: Notation, player: Color, other: Who, mover: Color) -> Voice {
        let (mover, opponent) = if mover == player {
            (Who::You, other)
        } else {
            (other, Who::You)
        };
        Voice {
            notation,
            mover,
            opponent,
        }
    }
}

/// The verdict's name as shown: "Best", "Good", "Inaccuracy", "Mistake",
/// "Blunder".
pub fn verdict_name(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Best => "Best",
        Verdict::Good => "Good",
        Verdict::Inaccuracy => "Inaccuracy",
        Verdict::Mistake => "Mistake",
        Verdict::Blunder => "Blunder",
    }
}

/// A piece kind's English name (the rules core's, which its messages use too).
pub fn piece_name(kind: PieceKind) -> &'static str {
    kind.name()
}

/// A score as a player reads it, from the side it belongs to: `+1.25`
/// (pawns of 100 cp), `mate in 3`, `mated in 2`, `mate`, `mated`.
pub fn score_text(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::Mates(0) => "mate".to_string(),
        Score::Mated(0) => "mated".to_string(),
        Score::Mates(plies) => format!("mate in {plies}"),
        Score::Mated(plies) => format!("mated in {plies}"),
    }
}

/// A win chance (0 to 1) as a whole percentage ("under 1%" rather than a
/// 0% that a mate-free position never quite is).
pub fn chance_text(chance: f64) -> String {
    let percent = 100.0 * chance;
    if percent > 0.0 && percent < 0.5 {
        "under 1%".to_string()
    } else if (99.5..100.0).contains(&percent) {
        "over 99%".to_string()
    } else {
        format!("{percent:.0}%")
    }
}

/// One move in the chosen notation.
pub fn step_text(step: &Step, notation: Notation) -> String {
    match notation {
        Notation::Western => western(&step.before, step.mv),
        Notation::Japanese => japanese(&step.before, step.mv, step.previous_to),
    }
}

/// A line's moves in the chosen notation, separated by spaces.
pub fn line_text(line: &Line, notation: Notation) -> String {
    line.steps()
        .iter()
        .map(|step| step_text(step, notation))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A square in the chosen notation.
pub fn square_text(square: Square, notation: Notation) -> String {
    match notation {
        Notation::Western => square.to_string(),
        Notation::Japanese => japanese_square(square),
    }
}

/// The flag shown beside a verdict for a mate event: "missed mate in 5",
/// "allowed mate in 3".
pub fn mate_event_text(event: MateEvent) -> String {
    match event {
        MateEvent::Missed { plies } => format!("missed mate in {plies}"),
        MateEvent::Allowed { plies } => format!("allowed mate in {plies}"),
    }
}

/// The reasons as sentences, most important first.
pub fn explanation(reasons: &[Reason], voice: &Voice) -> String {
    reasons
        .iter()
        .map(|reason| sentence(reason, voice))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One reason in words.
pub fn sentence(reason: &Reason, voice: &Voice) -> String {
    let n = voice.notation;
    let text = match reason {
        Reason::AllowsMate { plies, line } => {
            format!("This allowed mate in {plies}: {}.", line_text(line, n))
        }
        Reason::MissedMate { plies, line } => format!(
            "{} had mate in {plies}: {}.",
            voice.mover.subject(),
            line_text(line, n)
        ),
        Reason::LeftHanging {
            piece,
            square,
            defended,
            moved_there,
            taken_with,
        } => {
            let whose = format!("{} {}", voice.mover.possessive(), piece_name(piece.kind));
            let sq = square_text(*square, n);
            let state = if *defended {
                "attacked and not defended well enough"
            } else {
                "attacked and not defended"
            };
            let taker = voice.opponent.subject();
            let capture = step_text(taken_with, n);
            if *moved_there {
                format!(
                    "{whose} went to {sq}, where it was {state}; {taker} took it with {capture}."
                )
            } else {
                format!("{whose} on {sq} was {state}; {taker} took it with {capture}.")
            }
        }
        Reason::Fork {
            fork,
            forker,
            targets,
        } => format!(
            "{} to {} ({}) forks {} {}.",
            piece_name(forker.kind),
            square_text(fork.mv.to(), n),
            step_text(fork, n),
            voice.mover.possessive(),
            and_list(targets.iter().map(|(p, _)| piece_name(p.kind)))
        ),
        Reason::LosesMajor {
            piece,
            square,
            trapped,
            line,
        } => {
            let whose = format!("{} {}", voice.mover.possessive(), piece_name(piece.kind));
            let how = if *trapped {
                "was trapped, with no safe square, and lost"
            } else {
                "was lost"
            };
            format!(
                "{whose} on {} {how}: {}.",
                square_text(*square, n),
                line_text(line, n)
            )
        }
        Reason::OpponentWins { line, worth } => format!(
            "This let {} win {}'s worth of material: {}.",
            voice.opponent.subject(),
            with_article(piece_name(*worth)),
            line_text(line, n)
        ),
        Reason::MissedCapture {
            piece,
            square,
            defended,
            capture,
        } => {
            let what = if *defended {
                format!("won the {}", piece_name(piece.kind))
            } else {
                format!("taken the undefended {}", piece_name(piece.kind))
            };
            format!(
                "{} could have {what} on {} with {}.",
                voice.mover.subject(),
                square_text(*square, n),
                step_text(capture, n)
            )
        }
        Reason::BetterMove {
            line,
            gain,
            chance_best,
            chance_played,
        } => better_move(line, *gain, *chance_best, *chance_played, voice),
    };
    capitalised(&text)
}

fn better_move(line: &Line, gain: Gain, best: f64, played: f64, voice: &Voice) -> String {
    let n = voice.notation;
    let Some(first) = line.first() else {
        return String::new();
    };
    let what = match gain {
        Gain::Material(kind) => format!(
            ", which wins {}'s worth of material",
            with_article(piece_name(kind))
        ),
        Gain::Check => ", with check".to_string(),
        Gain::Promotion(kind) => format!(", promoting to {}", with_article(piece_name(kind))),
        Gain::Position => String::new(),
    };
    let shown = if line.moves.len() > 1 {
        format!(" ({})", line_text(line, n))
    } else {
        String::new()
    };
    format!(
        "Better was {}{what}{shown}: it keeps {} chance to win at {} instead of {}.",
        step_text(&first, n),
        voice.mover.possessive(),
        chance_text(best),
        chance_text(played)
    )
}

/// "rook", "rook and gold", "king, rook and gold", "two rooks".
fn and_list<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let mut counted: Vec<(&str, usize)> = Vec::new();
    for name in names {
        match counted.iter_mut().find(|(n, _)| *n == name) {
            Some((_, count)) => *count += 1,
            None => counted.push((name, 1)),
        }
    }
    let words: Vec<String> = counted
        .into_iter()
        .map(|(name, count)| match count {
            1 => name.to_string(),
            2 => format!("two {name}s"),
            _ => format!("{count} {name}s"),
        })
        .collect();
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

fn with_article(noun: &str) -> String {
    let vowel = noun.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {noun}", if vowel { "an" } else { "a" })
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A CLI line for one move: number, move, verdict (and mate flag), score
/// after the move, the engine's move, and the explanation.
pub fn move_line(
    ply: usize,
    played: &str,
    verdict: Verdict,
    mate: Option<MateEvent>,
    score_after: Score,
    best: Option<&str>,
    explanation: &str,
) -> String {
    let flag = mate.map_or(String::new(), |m| format!(" ({})", mate_event_text(m)));
    let best = best.map_or(String::new(), |b| format!("  best {b}"));
    let mut line = format!(
        "{ply:>3}. {played:<10} {:<10}{flag} {:>12}{best}",
        verdict.key(),
        score_text(score_after)
    );
    if !explanation.is_empty() {
        line.push_str("  ");
        line.push_str(explanation);
    }
    line
}

/// The per-side summary line: counts of each verdict and the accuracy.
pub fn summary_line(side: Color, counts: &[(Verdict, usize)], accuracy: Option<f64>) -> String {
    let counts = counts
        .iter()
        .map(|(verdict, count)| format!("{count} {}", verdict.key()))
        .collect::<Vec<_>>()
        .join(", ");
    let accuracy = accuracy.map_or(String::new(), |a| format!("; accuracy {a:.0}%"));
    format!("{side}: {counts}{accuracy}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_articles_read_as_english() {
        assert_eq!(and_list(["rook", "gold"].into_iter()), "rook and gold");
        assert_eq!(
            and_list(["king", "rook", "gold"].into_iter()),
            "king, rook and gold"
        );
        assert_eq!(and_list(["rook", "rook"].into_iter()), "two rooks");
        assert_eq!(with_article("silver"), "a silver");
        assert_eq!(with_article("undefended gold"), "an undefended gold");
        assert_eq!(capitalised("the opponent's rook"), "The opponent's rook");
    }

    #[test]
    fn scores_read_in_pawns_or_as_mates() {
        assert_eq!(score_text(Score::Cp(125)), "+1.25");
        assert_eq!(score_text(Score::Cp(-40)), "-0.40");
        assert_eq!(score_text(Score::Mates(3)), "mate in 3");
        assert_eq!(score_text(Score::Mated(0)), "mated");
    }

    #[test]
    fn a_player_is_you_on_their_own_moves_and_the_ai_is_named_on_its_own() {
        let mine = Voice::for_player(Notation::Western, Color::Sente, Who::Ai, Color::Sente);
        assert_eq!((mine.mover, mine.opponent), (Who::You, Who::Ai));
        let its = Voice::for_player(Notation::Western, Color::Sente, Who::Ai, Color::Gote);
        assert_eq!((its.mover, its.opponent), (Who::Ai, Who::You));
    }
}
