//! The review in words, in any language: the reasons, verdicts, mates and
//! scores put into sentences from the templates of the language's table
//! ([`Strings`]), so a language is one table and no code. Moves and squares
//! are written in the notation the player chose ([`Voice`]).

use super::explain::{Gain, Positional, Reason, Stop};
use super::line::{Line, Step};
use super::score::Score;
use super::verdict::{MateEvent, Verdict};
use super::voice::{Notation, Voice, Who, file_text, line_text, square_text, step_text};
use crate::i18n::{Language, Strings, fill};
use crate::rules::formation::Castle;
use crate::rules::notation::capitalised;
use crate::rules::{Piece, Square};

/// The verdict's name: "Best" ... "Blunder", 最善手 ... 大悪手.
pub fn verdict_name(lang: Language, verdict: Verdict) -> &'static str {
    let t = lang.strings();
    match verdict {
        Verdict::Best => t.verdict_best,
        Verdict::Good => t.verdict_good,
        Verdict::Inaccuracy => t.verdict_inaccuracy,
        Verdict::Mistake => t.verdict_mistake,
        Verdict::Blunder => t.verdict_blunder,
    }
}

/// The flag shown beside a verdict for a mate event: "missed mate in 5",
/// 「5手詰を許す」.
pub fn mate_event_text(lang: Language, event: MateEvent) -> String {
    let t = lang.strings();
    match event {
        MateEvent::Missed { plies } => fill(t.review_mate_missed, &[("plies", &plies)]),
        MateEvent::Allowed { plies } => fill(t.review_mate_allowed, &[("plies", &plies)]),
    }
}

/// The engine's move, named: "best P-2f", 「最善手 ▲２六歩」.
pub fn best_move(lang: Language, written: &str) -> String {
    fill(lang.strings().review_best_named, &[("move", &written)])
}

/// A score as a player reads it, from the side it belongs to: `+1.25`
/// (pawns of 100 cp), "mate in 3", "mated in 2", "mate", "mated".
pub fn score_text(lang: Language, score: Score) -> String {
    let t = lang.strings();
    match score {
        Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::Mates(0) => t.review_score_mate_now.to_owned(),
        Score::Mated(0) => t.review_score_mated_now.to_owned(),
        Score::Mates(plies) => fill(t.review_score_mate, &[("plies", &plies)]),
        Score::Mated(plies) => fill(t.review_score_mated, &[("plies", &plies)]),
    }
}

/// A win chance (0 to 1) as a whole percentage ("under 1%" rather than a
/// 0% that a mate-free position never quite is).
pub fn chance_text(lang: Language, chance: f64) -> String {
    let t = lang.strings();
    let percent = 100.0 * chance;
    if percent > 0.0 && percent < 0.5 {
        t.review_chance_under.to_owned()
    } else if (99.5..100.0).contains(&percent) {
        t.review_chance_over.to_owned()
    } else {
        fill(t.review_chance, &[("percent", &format!("{percent:.0}"))])
    }
}

/// The reasons as sentences, most important first.
pub fn explanation(lang: Language, reasons: &[Reason], voice: &Voice) -> String {
    reasons
        .iter()
        .map(|reason| sentence(lang, reason, voice))
        .collect::<Vec<_>>()
        .join(lang.strings().review_sentence_gap)
}

/// One reason in words.
pub fn sentence(lang: Language, reason: &Reason, voice: &Voice) -> String {
    let t = lang.strings();
    let n = voice.notation;
    let names = Names::of(lang, voice);
    let say = Say {
        lang,
        names: &names,
        n,
    };
    let text = match reason {
        Reason::AllowsMate {
            plies,
            line,
            behind,
        } => fill(
            if *behind {
                t.review_allows_mate_behind
            } else {
                t.review_allows_mate
            },
            &[("plies", plies), ("line", &line_text(line, n))],
        ),
        // The scores are not told: two numbers of a lost position say less than the
        // better move's chances that follow, and a player cannot act on them.
        Reason::Behind { .. } => t.review_behind.to_owned(),
        Reason::MissedMate { plies, line } => names.fill(
            t.review_had_mate,
            &[("plies", plies), ("line", &line_text(line, n))],
        ),
        Reason::LeftHanging {
            piece,
            square,
            defended,
            moved_there,
            taken_with,
        } => {
            let template = if *moved_there {
                t.review_left_hanging_moved
            } else {
                t.review_left_hanging
            };
            left_hanging(&say, template, piece, *square, *defended, taken_with)
        }
        Reason::Fork {
            lead,
            fork,
            forker,
            targets,
            line,
        } => fork_text(&say, lead, fork, forker, targets, line),
        Reason::Trap {
            trap,
            piece,
            square,
            chased,
            line,
        } => names.fill(
            if *chased {
                t.review_trap_chased
            } else {
                t.review_trap
            },
            &[
                ("trap", &step_text(trap, n)),
                ("piece", &lang.piece(piece.kind)),
                ("square", &square_text(*square, n)),
                ("line", &line_text(line, n)),
            ],
        ),
        Reason::LosesMajor {
            piece,
            square,
            trapped,
            line,
        } => loses_major(&say, piece, *square, *trapped, line),
        Reason::OpponentWins {
            line,
            piece,
            square,
            cost,
            ..
        } => names.fill(
            t.review_opponent_wins,
            &[
                ("piece", &lang.piece(piece.kind)),
                ("square", &square_text(*square, n)),
                (
                    "cost",
                    &cost.map_or(String::new(), |kind| {
                        fill(t.review_opponent_wins_for, &[("piece", &lang.piece(kind))])
                    }),
                ),
                ("line", &line_text(line, n)),
            ],
        ),
        Reason::MissedCapture {
            piece,
            square,
            defended,
            capture,
        } => missed_capture(&say, piece, *square, *defended, capture),
        Reason::TooSlow {
            better,
            piece,
            square,
            line,
        } => names.fill(
            line.as_ref()
                .map_or(t.review_too_slow, |_| t.review_too_slow_later),
            &[
                ("move", &step_text(better, n)),
                ("piece", &lang.piece(piece.kind)),
                ("square", &square_text(*square, n)),
                (
                    "line",
                    &line.as_ref().map_or(String::new(), |l| line_text(l, n)),
                ),
            ],
        ),
        Reason::Positional { better, why } => positional(&say, better, why),
        Reason::BetterMove {
            line,
            gain,
            chance_best,
            chance_played,
        } => better_move(
            lang,
            &names,
            line,
            *gain,
            *chance_best,
            *chance_played,
            voice,
        ),
    };
    capitalised(&text)
}

/// What every sentence is written with: the language, the sides' names and
/// the notation.
struct Say<'a> {
    lang: Language,
    names: &'a Names,
    n: Notation,
}

fn left_hanging(
    say: &Say,
    template: &str,
    piece: &Piece,
    square: Square,
    defended: bool,
    taken_with: &Step,
) -> String {
    let Say { lang, names, n } = *say;
    let t = lang.strings();
    let state = if defended {
        t.review_underdefended
    } else {
        t.review_undefended
    };
    names.fill(
        template,
        &[
            ("piece", &lang.piece(piece.kind)),
            ("square", &square_text(square, n)),
            ("state", &state),
            ("capture", &step_text(taken_with, n)),
        ],
    )
}

fn loses_major(say: &Say, piece: &Piece, square: Square, trapped: bool, line: &Line) -> String {
    let Say { lang, names, n } = *say;
    let t = lang.strings();
    let how = if trapped {
        t.review_lost_trapped
    } else {
        t.review_lost
    };
    names.fill(
        t.review_loses_major,
        &[
            ("piece", &lang.piece(piece.kind)),
            ("square", &square_text(square, n)),
            ("how", &how),
            ("line", &line_text(line, n)),
        ],
    )
}

fn fork_text(
    say: &Say,
    lead: &Line,
    fork: &Step,
    forker: &Piece,
    targets: &[(Piece, Square)],
    line: &Line,
) -> String {
    let Say { lang, names, n } = *say;
    let t = lang.strings();
    let template = if lead.moves.is_empty() {
        t.review_fork
    } else {
        t.review_fork_after
    };
    names.fill(
        template,
        &[
            ("lead", &line_text(lead, n)),
            ("forker", &lang.piece(forker.kind)),
            ("square", &square_text(fork.mv.to(), n)),
            (
                "targets",
                &piece_list(t, targets.iter().map(|(p, _)| lang.piece(p.kind))),
            ),
            ("line", &line_text(line, n)),
        ],
    )
}

fn positional(say: &Say, better: &Step, why: &Positional) -> String {
    let Say { lang, names, n } = *say;
    let t = lang.strings();
    match why {
        Positional::KingSafety {
            reply,
            bearing,
            attacked,
            attacked_better,
        } => {
            let template = match (reply, bearing) {
                (Some(_), Some(_)) => t.review_king_safety_bearing,
                (Some(_), None) => t.review_king_safety_after,
                (None, _) => t.review_king_safety,
            };
            names.fill(
                template,
                &[
                    ("move", &step_text(better, n)),
                    (
                        "reply",
                        &reply
                            .as_ref()
                            .map_or(String::new(), |step| step_text(step, n)),
                    ),
                    (
                        "piece",
                        &bearing.map_or(String::new(), |piece| lang.piece(piece.kind).to_string()),
                    ),
                    ("attacked", attacked),
                    ("attacked_better", attacked_better),
                ],
            )
        }
        Positional::Tempo => names.fill(t.review_tempo, &[("move", &step_text(better, n))]),
        Positional::Unguarded {
            piece,
            from,
            square,
            reply,
        } => names.fill(
            t.review_unguarded,
            &[
                ("piece", &lang.piece(piece.kind)),
                ("from", &square_text(*from, n)),
                ("square", &square_text(*square, n)),
                ("reply", &step_text(reply, n)),
                ("move", &step_text(better, n)),
            ],
        ),
        Positional::DrivenOff {
            piece,
            square,
            line,
        }
        | Positional::Attacked {
            piece,
            square,
            line,
        } => names.fill(
            if matches!(why, Positional::DrivenOff { .. }) {
                t.review_driven_off
            } else {
                t.review_attacked
            },
            &[
                (
                    "reply",
                    &line
                        .first()
                        .map_or(String::new(), |reply| step_text(&reply, n)),
                ),
                ("piece", &lang.piece(piece.kind)),
                ("square", &square_text(*square, n)),
                ("line", &line_text(line, n)),
                ("move", &step_text(better, n)),
            ],
        ),
        Positional::ReplyThreat {
            reply,
            threat,
            target,
            also,
            line,
        } => {
            let mut passed = reply.before.after(reply.mv);
            passed.play_null();
            let threat = Step {
                before: passed,
                previous_to: None,
                mv: *threat,
            };
            let (template, pieces) = match target {
                Some(first) => (
                    t.review_reply_threat_attack,
                    pieces_on(lang, n, *first, *also),
                ),
                None => (t.review_reply_threat, String::new()),
            };
            names.fill(
                template,
                &[
                    ("reply", &step_text(reply, n)),
                    ("threat", &step_text(&threat, n)),
                    ("pieces", &pieces),
                    ("line", &line_text(line, n)),
                    ("move", &step_text(better, n)),
                ],
            )
        }
        Positional::Race {
            reply,
            theirs,
            ours,
        } => names.fill(
            t.review_race,
            &[
                ("reply", &step_text(reply, n)),
                ("plies", &theirs.moves.len()),
                ("threat", &line_text(theirs, n)),
                ("move", &step_text(better, n)),
                ("our_plies", &ours.moves.len()),
                ("ours", &line_text(ours, n)),
            ],
        ),
        Positional::Shelter {
            piece,
            from,
            square,
            reply,
        } => names.fill(
            t.review_shelter,
            &[
                ("piece", &lang.piece(piece.kind)),
                ("from", &square_text(*from, n)),
                ("square", &square_text(*square, n)),
                ("reply", &step_text(reply, n)),
                ("move", &step_text(better, n)),
            ],
        ),
        Positional::Castle {
            castle,
            piece,
            from,
        } => names.fill(
            t.review_castle_broken,
            &[
                ("castle", &castle_name(lang, *castle)),
                ("piece", &lang.piece(piece.kind)),
                ("from", &square_text(*from, n)),
                ("move", &step_text(better, n)),
            ],
        ),
        Positional::RookPawn { line, square } => names.fill(
            t.review_rook_pawn,
            &[
                ("line", &line_text(line, n)),
                ("square", &square_text(*square, n)),
                ("move", &step_text(better, n)),
            ],
        ),
        Positional::Threatened {
            reply,
            piece,
            square,
            capture,
        } => {
            let mut passed = reply.before.after(reply.mv);
            passed.play_null();
            let capture = Step {
                before: passed,
                previous_to: None,
                mv: *capture,
            };
            names.fill(
                t.review_reply_threatens,
                &[
                    ("reply", &step_text(reply, n)),
                    ("capture", &step_text(&capture, n)),
                    ("piece", &lang.piece(piece.kind)),
                    ("square", &square_text(*square, n)),
                    ("move", &step_text(better, n)),
                ],
            )
        }
        Positional::ThreatAllowed { reply, threat } => names.fill(
            t.review_threat_allowed,
            &[
                ("reply", &step_text(reply, n)),
                ("plies", &threat.moves.len()),
                ("threat", &line_text(threat, n)),
                ("move", &step_text(better, n)),
            ],
        ),
        Positional::MissedThreat { threat } => names.fill(
            t.review_missed_threat,
            &[
                ("plies", &threat.moves.len()),
                ("threat", &line_text(threat, n)),
                ("move", &step_text(better, n)),
            ],
        ),
        Positional::BreakIn {
            played,
            promoted,
            line,
            file,
            stop,
        } => {
            let piece = lang.piece(promoted.kind.unpromoted());
            let square = line.steps().last().map(|step| square_text(step.mv.to(), n));
            let square = square.unwrap_or_default();
            let place = match file {
                Some(file) => fill(t.review_break_in_file, &[("file", &file_text(*file, n))]),
                None => fill(t.review_break_in_square, &[("square", &square)]),
            };
            let stopped = fill(
                match stop {
                    Stop::Guards => t.review_break_in_guards,
                    Stop::Blocks => t.review_break_in_blocks,
                    Stop::Otherwise => t.review_break_in_otherwise,
                },
                &[
                    ("move", &step_text(better, n)),
                    ("square", &square),
                    ("piece", &piece),
                ],
            );
            names.fill(
                t.review_break_in,
                &[
                    ("played", &step_text(played, n)),
                    ("piece", &piece),
                    ("where", &place),
                    ("line", &line_text(line, n)),
                    ("stop", &stopped),
                ],
            )
        }
        Positional::PromotionAllowed {
            reply,
            promoted,
            line,
        } => names.fill(
            if line.is_some() {
                t.review_promotion_brought_in
            } else {
                t.review_promotion_allowed
            },
            &[
                (
                    "line",
                    &line.as_ref().map_or(String::new(), |l| line_text(l, n)),
                ),
                ("reply", &step_text(reply, n)),
                ("piece", &lang.piece(promoted.kind.unpromoted())),
                ("promoted", &lang.piece(promoted.kind)),
                ("move", &step_text(better, n)),
            ],
        ),
    }
}

/// "the rook on 2e" or "the rook on 2e and gold on 4b": one or two of the
/// opponent's pieces, each with its square.
fn pieces_on(
    lang: Language,
    n: Notation,
    first: (Piece, Square),
    second: Option<(Piece, Square)>,
) -> String {
    let t = lang.strings();
    let named = |(piece, square): (Piece, Square)| {
        fill(
            t.review_piece_on,
            &[
                ("piece", &lang.piece(piece.kind)),
                ("square", &square_text(square, n)),
            ],
        )
    };
    match second {
        Some(second) => fill(
            t.review_two_pieces,
            &[("first", &named(first)), ("second", &named(second))],
        ),
        None => named(first),
    }
}

fn missed_capture(
    say: &Say,
    piece: &Piece,
    square: Square,
    defended: bool,
    capture: &Step,
) -> String {
    let Say { lang, names, n } = *say;
    let t = lang.strings();
    let what = if defended {
        t.review_capture_defended
    } else {
        t.review_capture_undefended
    };
    let what = fill(what, &[("piece", &lang.piece(piece.kind))]);
    names.fill(
        t.review_missed_capture,
        &[
            ("what", &what),
            ("square", &square_text(square, n)),
            ("capture", &step_text(capture, n)),
        ],
    )
}

/// Win chances within this of 0 or 100% are not quoted beside the better move.
const FEW_PERCENT: f64 = 0.05;

fn better_move(
    lang: Language,
    names: &Names,
    line: &Line,
    gain: Gain,
    best: f64,
    played: f64,
    voice: &Voice,
) -> String {
    let t = lang.strings();
    let n = voice.notation;
    let Some(first) = line.first() else {
        return String::new();
    };
    let gain = match gain {
        Gain::Material(kind) => fill(t.review_gain_material, &[("piece", &lang.piece(kind))]),
        Gain::Check => t.review_gain_check.to_owned(),
        Gain::Promotion(kind) => fill(t.review_gain_promotion, &[("piece", &lang.piece(kind))]),
        Gain::Capture(kind) => fill(t.review_gain_capture, &[("piece", &lang.piece(kind))]),
        Gain::Wins { piece, square } => names.fill(
            t.review_gain_wins,
            &[
                ("piece", &lang.piece(piece.kind)),
                ("square", &square_text(square, n)),
            ],
        ),
        Gain::Trap { piece, square } => names.fill(
            t.review_gain_trap,
            &[
                ("piece", &lang.piece(piece.kind)),
                ("square", &square_text(square, n)),
            ],
        ),
        Gain::Attack {
            piece,
            square,
            also,
        } => names.fill(
            t.review_gain_attack,
            &[("pieces", &pieces_on(lang, n, (piece, square), also))],
        ),
        Gain::Forestall {
            piece,
            square,
            played,
            reply,
        } => {
            let reply = Step {
                before: line.start.after(played),
                previous_to: Some(played.to()),
                mv: reply,
            };
            names.fill(
                t.review_gain_forestall,
                &[
                    ("piece", &lang.piece(piece.kind)),
                    ("square", &square_text(square, n)),
                    ("reply", &step_text(&reply, n)),
                ],
            )
        }
        Gain::Threat {
            threat,
            target,
            also,
        } => {
            let mut passed = line.start.after(first.mv);
            passed.play_null();
            let threat = step_text(
                &Step {
                    before: passed,
                    previous_to: None,
                    mv: threat,
                },
                n,
            );
            match target {
                Some(first) => names.fill(
                    t.review_gain_threat_attack,
                    &[
                        ("threat", &threat),
                        ("pieces", &pieces_on(lang, n, first, also)),
                    ],
                ),
                None => names.fill(t.review_gain_threat, &[("threat", &threat)]),
            }
        }
        Gain::Threatens {
            piece,
            square,
            capture,
        } => {
            let mut passed = line.start.after(first.mv);
            passed.play_null();
            let capture = Step {
                before: passed,
                previous_to: None,
                mv: capture,
            };
            names.fill(
                t.review_gain_threatens,
                &[
                    ("capture", &step_text(&capture, n)),
                    ("piece", &lang.piece(piece.kind)),
                    ("square", &square_text(square, n)),
                ],
            )
        }
        Gain::BreakIn { promoted } => names.fill(
            t.review_gain_break_in,
            &[("piece", &lang.piece(promoted.kind.unpromoted()))],
        ),
        Gain::Takes {
            piece,
            square,
            promotes,
        } => names.fill(
            if promotes {
                t.review_gain_takes_promoting
            } else {
                t.review_gain_takes
            },
            &[
                ("piece", &lang.piece(piece.kind)),
                ("square", &square_text(square, n)),
            ],
        ),
        Gain::Castle(castle) => names.fill(
            t.review_gain_castle,
            &[("castle", &castle_name(lang, castle))],
        ),
        Gain::Position => String::new(),
    };
    let shown = if line.moves.len() > 1 {
        fill(t.review_line_shown, &[("line", &line_text(line, n))])
    } else {
        String::new()
    };
    // Far from level both chances are a few percent from 0 or 100, and
    // "2% instead of 1%" tells the player nothing the verdict does not.
    let chances_say_little = best.max(played) < FEW_PERCENT || best.min(played) > 1.0 - FEW_PERCENT;
    let template = if chances_say_little {
        t.review_better_move_plain
    } else {
        t.review_better_move
    };
    names.fill(
        template,
        &[
            ("move", &step_text(&first, n)),
            ("gain", &gain),
            ("shown", &shown),
            ("best", &chance_text(lang, best)),
            ("played", &chance_text(lang, played)),
        ],
    )
}

/// The mover and the opponent as a language names them, as subjects
/// (`{mover}`, `{opponent}`) and the mover as a possessive (`{movers}`).
struct Names {
    mover: &'static str,
    movers: String,
    opponent: &'static str,
    opponents: String,
}

impl Names {
    fn of(lang: Language, voice: &Voice) -> Names {
        Names {
            mover: subject(lang, voice.mover),
            movers: possessive(lang, voice.mover),
            opponent: subject(lang, voice.opponent),
            opponents: possessive(lang, voice.opponent),
        }
    }

    /// `template` filled with the names and then with `args`.
    fn fill(&self, template: &str, args: &[(&str, &dyn std::fmt::Display)]) -> String {
        let named = fill(
            template,
            &[
                ("mover", &self.mover),
                ("movers", &self.movers),
                ("opponent", &self.opponent),
                ("opponents", &self.opponents),
            ],
        );
        fill(&named, args)
    }
}

/// Who a sentence names: "you", "the AI", 先手.
fn subject(lang: Language, who: Who) -> &'static str {
    let t = lang.strings();
    match who {
        Who::You => t.review_who_you,
        Who::Opponent => t.review_who_opponent,
        Who::Side(color) => lang.side(color),
        Who::Seat(color) => lang.seat(color, true),
        Who::Ai => t.review_who_ai,
    }
}

/// Whose: "your", "Sente's", あなたの.
fn possessive(lang: Language, who: Who) -> String {
    let t = lang.strings();
    match who {
        Who::You => t.review_whose_you.to_owned(),
        Who::Opponent => t.review_whose_opponent.to_owned(),
        Who::Side(color) => fill(t.review_whose_side, &[("side", &lang.side(color))]),
        Who::Seat(color) => fill(t.review_whose_side, &[("side", &lang.seat(color, true))]),
        Who::Ai => t.review_whose_ai.to_owned(),
    }
}

/// A castle's name as the language says it.
fn castle_name(lang: Language, castle: Castle) -> &'static str {
    let t = lang.strings();
    match castle {
        Castle::Mino => t.castle_mino,
        Castle::HighMino => t.castle_high_mino,
        Castle::SilverCrown => t.castle_silver_crown,
        Castle::Anaguma => t.castle_anaguma,
        Castle::Yagura => t.castle_yagura,
        Castle::Funagakoi => t.castle_funagakoi,
    }
}

/// Pieces listed as the language lists them: "rook", "rook and gold",
/// "king, rook and gold", "two rooks"; 飛車と金. A language whose table has no
/// words for counted pieces names each one in turn.
fn piece_list<'a>(t: &Strings, names: impl Iterator<Item = &'a str>) -> String {
    let counts = !t.review_pieces_two.is_empty();
    let mut counted: Vec<(&str, usize)> = Vec::new();
    for name in names {
        match counted.iter_mut().find(|(n, _)| counts && *n == name) {
            Some((_, count)) => *count += 1,
            None => counted.push((name, 1)),
        }
    }
    let words: Vec<String> = counted
        .into_iter()
        .map(|(name, count)| match count {
            1 => name.to_owned(),
            2 => fill(t.review_pieces_two, &[("piece", &name)]),
            _ => fill(t.review_pieces_many, &[("count", &count), ("piece", &name)]),
        })
        .collect();
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!(
            "{}{}{last}",
            rest.join(t.review_list_comma),
            t.review_list_and
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::voice::Notation;
    use crate::rules::{Color, Move, Piece, PieceKind, Position, Square};

    fn square(name: &str) -> Square {
        Square::parse(name).expect("a square")
    }

    #[test]
    fn lists_read_as_english() {
        let t = Language::English.strings();
        assert_eq!(piece_list(t, ["rook", "gold"].into_iter()), "rook and gold");
        assert_eq!(
            piece_list(t, ["king", "rook", "gold"].into_iter()),
            "king, rook and gold"
        );
        assert_eq!(piece_list(t, ["rook", "rook"].into_iter()), "two rooks");
        assert_eq!(capitalised("the opponent's rook"), "The opponent's rook");
    }

    #[test]
    fn japanese_lists_name_each_piece() {
        let t = Language::Japanese.strings();
        assert_eq!(
            piece_list(t, ["飛車", "金", "金"].into_iter()),
            "飛車、金と金"
        );
    }

    #[test]
    fn scores_read_in_pawns_or_as_mates() {
        let en = Language::English;
        assert_eq!(score_text(en, Score::Cp(125)), "+1.25");
        assert_eq!(score_text(en, Score::Cp(-40)), "-0.40");
        assert_eq!(score_text(en, Score::Mates(3)), "mate in 3");
        assert_eq!(score_text(en, Score::Mated(0)), "mated");
    }

    #[test]
    fn a_piece_left_hanging_is_named_with_its_square_and_the_capture() {
        let before = Position::startpos();
        let step = crate::review::Step {
            before,
            previous_to: None,
            mv: Move::from_usi("7g7f").expect("a move"),
        };
        let reason = Reason::LeftHanging {
            piece: Piece {
                color: Color::Sente,
                kind: PieceKind::Bishop,
            },
            square: square("3c"),
            defended: false,
            moved_there: true,
            taken_with: step,
        };
        let voice = Voice::for_player(Notation::Japanese, Color::Sente, Who::Ai, Color::Sente);
        let text = sentence(Language::Japanese, &reason, &voice);
        assert!(
            text.starts_with("３三に動いたあなたの角はひもが付いておらず、AIに"),
            "{text}"
        );
        assert!(text.ends_with("と取られます。"), "{text}");
    }

    #[test]
    fn win_chances_are_quoted_beside_the_better_move_only_where_they_say_something() {
        let better = |chance_best, chance_played| Reason::BetterMove {
            line: crate::review::line::Line {
                start: Position::startpos(),
                previous_to: None,
                moves: vec![Move::from_usi("2g2f").expect("a move")],
            },
            gain: Gain::Position,
            chance_best,
            chance_played,
        };
        let voice = Voice::to_mover(Notation::Western);
        let en = |reason: &Reason| sentence(Language::English, reason, &voice);
        assert_eq!(
            en(&better(0.52, 0.37)),
            "Better was P-2f: it keeps your chance to win at 52% instead of 37%."
        );
        assert_eq!(en(&better(0.02, 0.01)), "Better was P-2f.");
        assert_eq!(en(&better(0.99, 0.96)), "Better was P-2f.");
        let ja = sentence(Language::Japanese, &better(0.02, 0.01), &voice);
        assert!(ja.ends_with("が有力でした。"), "{ja}");
        assert!(!ja.contains('%'), "{ja}");
    }

    #[test]
    fn verdicts_have_their_shogi_names() {
        let ja = Language::Japanese;
        assert_eq!(verdict_name(ja, Verdict::Mistake), "悪手");
        assert_eq!(verdict_name(ja, Verdict::Inaccuracy), "疑問手");
        assert_eq!(
            mate_event_text(ja, MateEvent::Missed { plies: 7 }),
            "7手詰の見逃し"
        );
    }
}
