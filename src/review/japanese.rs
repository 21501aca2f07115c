//! The review in Japanese: the verdicts (最善手, 好手, 疑問手, 悪手, 大悪手),
//! the mates a move changed, and the reasons as sentences, as `super::english`
//! writes them in English. Moves and squares follow the notation the player
//! chose.

use super::english::{Voice, Who, line_text, square_text, step_text};
use super::explain::{Gain, Reason};
use super::line::Line;
use super::verdict::{MateEvent, Verdict};
use crate::rules::notation::japanese_piece_name;
use crate::rules::{Color, PieceKind};

/// The verdict's name: 最善手, 好手, 疑問手, 悪手, 大悪手.
pub fn verdict_name(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Best => "最善手",
        Verdict::Good => "好手",
        Verdict::Inaccuracy => "疑問手",
        Verdict::Mistake => "悪手",
        Verdict::Blunder => "大悪手",
    }
}

/// A missed or allowed mate: 「7手詰を逃した」, 「5手詰を許した」.
pub fn mate_event_text(event: MateEvent) -> String {
    match event {
        MateEvent::Missed { plies } => format!("{plies}手詰を逃した"),
        MateEvent::Allowed { plies } => format!("{plies}手詰を許した"),
    }
}

/// The engine's move, named: 「最善手 ▲２六歩」.
pub fn best_move(written: &str) -> String {
    format!("最善手 {written}")
}

/// Who a sentence names, in Japanese.
fn name(who: Who) -> &'static str {
    match who {
        Who::You => "あなた",
        Who::Opponent => "相手",
        Who::Side(Color::Sente) => "先手",
        Who::Side(Color::Gote) => "後手",
        Who::Ai => "AI",
    }
}

/// A piece's name: 銀, 竜.
fn piece(kind: PieceKind) -> &'static str {
    japanese_piece_name(kind)
}

/// The reasons as sentences, most important first.
pub fn explanation(reasons: &[Reason], voice: &Voice) -> String {
    reasons
        .iter()
        .map(|reason| sentence(reason, voice))
        .collect::<String>()
}

/// One reason in words, in the notation `voice` asks for (moves and squares).
pub fn sentence(reason: &Reason, voice: &Voice) -> String {
    let n = voice.notation;
    let (mover, opponent) = (name(voice.mover), name(voice.opponent));
    match reason {
        Reason::AllowsMate { plies, line } => {
            format!("{plies}手詰を許しました：{}。", line_text(line, n))
        }
        Reason::MissedMate { plies, line } => {
            format!("{mover}に{plies}手詰がありました：{}。", line_text(line, n))
        }
        Reason::LeftHanging {
            piece: p,
            square,
            defended,
            moved_there,
            taken_with,
        } => {
            let state = if *defended {
                "利きが足りず"
            } else {
                "守りがなく"
            };
            let place = square_text(*square, n);
            let verb = if *moved_there { "へ行った" } else { "の" };
            format!(
                "{place}{verb}{mover}の{}は{state}、{opponent}に{}で取られました。",
                piece(p.kind),
                step_text(taken_with, n)
            )
        }
        Reason::Fork {
            fork,
            forker,
            targets,
        } => {
            let names: Vec<&str> = targets.iter().map(|(p, _)| piece(p.kind)).collect();
            format!(
                "{}の{}（{}）で{mover}の{}に両取りがかかります。",
                square_text(fork.mv.to(), n),
                piece(forker.kind),
                step_text(fork, n),
                names.join("と")
            )
        }
        Reason::LosesMajor {
            piece: p,
            square,
            trapped,
            line,
        } => {
            let how = if *trapped {
                "逃げ場がなく取られました"
            } else {
                "取られました"
            };
            format!(
                "{}の{mover}の{}は{how}：{}。",
                square_text(*square, n),
                piece(p.kind),
                line_text(line, n)
            )
        }
        Reason::OpponentWins { line, worth } => format!(
            "{opponent}に{}一枚分の駒得を許しました：{}。",
            piece(*worth),
            line_text(line, n)
        ),
        Reason::MissedCapture {
            piece: p,
            square,
            defended,
            capture,
        } => {
            let what = if *defended { "" } else { "只の" };
            format!(
                "{}で{}の{what}{}を取れました。",
                step_text(capture, n),
                square_text(*square, n),
                piece(p.kind)
            )
        }
        Reason::BetterMove {
            line,
            gain,
            chance_best,
            chance_played,
        } => better_move(line, *gain, *chance_best, *chance_played, voice),
    }
}

fn better_move(line: &Line, gain: Gain, best: f64, played: f64, voice: &Voice) -> String {
    let n = voice.notation;
    let Some(first) = line.first() else {
        return String::new();
    };
    let what = match gain {
        Gain::Material(kind) => format!("（{}一枚分の駒得）", piece(kind)),
        Gain::Check => "（王手）".to_owned(),
        Gain::Promotion(kind) => format!("（{}に成る）", piece(kind)),
        Gain::Position => String::new(),
    };
    let shown = if line.moves.len() > 1 {
        format!("［{}］", line_text(line, n))
    } else {
        String::new()
    };
    format!(
        "{}{what}が勝りました{shown}：{}の勝率は{}のところ{}でした。",
        step_text(&first, n),
        name(voice.mover),
        percent(best),
        percent(played)
    )
}

/// A win chance (0 to 1) as a whole percentage.
fn percent(chance: f64) -> String {
    let percent = 100.0 * chance;
    if percent > 0.0 && percent < 0.5 {
        "1%未満".to_owned()
    } else if (99.5..100.0).contains(&percent) {
        "99%超".to_owned()
    } else {
        format!("{percent:.0}%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::english::Notation;
    use crate::rules::{Move, Piece, Position, Square};

    fn square(name: &str) -> Square {
        Square::parse(name).expect("a square")
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
        let text = sentence(&reason, &voice);
        assert!(
            text.starts_with("３三へ行ったあなたの角は守りがなく、AIに"),
            "{text}"
        );
        assert!(text.ends_with("で取られました。"), "{text}");
    }

    #[test]
    fn verdicts_have_their_shogi_names() {
        assert_eq!(verdict_name(Verdict::Mistake), "悪手");
        assert_eq!(verdict_name(Verdict::Inaccuracy), "疑問手");
        assert_eq!(
            mate_event_text(MateEvent::Missed { plies: 7 }),
            "7手詰を逃した"
        );
    }
}
