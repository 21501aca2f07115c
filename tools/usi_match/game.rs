//! One game: the engines asked in turn, each answer judged, the clocks charged.

use super::clock::Clocks;
use super::engine::{Answer, Engine};
use super::openings::Opening;
use super::referee::{Referee, Verdict};
use super::settings::Settings;
use komadai::rules::{ByColor, Color};

/// A judged game, with each side's answers for the summary.
pub struct Played {
    pub referee: Referee,
    pub answers: ByColor<Vec<Answer>>,
}

/// Plays one game, `engines[Sente]` against `engines[Gote]`, and judges it.
pub fn play_game(
    mut engines: ByColor<&mut Engine>,
    opening: &Opening,
    settings: &Settings,
) -> Played {
    let mut referee = Referee::new(
        opening.start,
        &opening.moves,
        settings.max_plies,
        settings.declaration,
    );
    let mut clocks = Clocks::new(&settings.time);
    let mut answers = ByColor::new(Vec::new(), Vec::new());
    for color in Color::ALL {
        if referee.verdict.is_some() {
            break;
        }
        if let Err(failure) = engines[color].new_game() {
            engines[color].stop();
            let detail = format!("{color}: {}", failure.message());
            referee.verdict = Some(Verdict::new(Some(!color), failure.reason(), detail));
        }
    }
    while referee.verdict.is_none() {
        let side = referee.side_to_move();
        let engine = &mut *engines[side];
        let go = engine.spec.go.clone().unwrap_or_else(|| clocks.go_line());
        let limit = match (&engine.spec.go, clocks.allowed(side)) {
            (None, Some(allowed)) => allowed + settings.timeout_margin,
            _ => settings.move_timeout,
        };
        match engine.go(&referee.position_command(), &go, limit) {
            Ok(answer) => {
                clocks.charge(side, answer.elapsed);
                referee.judge(&answer.bestmove);
                answers[side].push(answer);
            }
            Err(failure) => {
                engine.stop();
                referee.lose_by(&failure);
            }
        }
    }
    if let Some(verdict) = &referee.verdict {
        for color in Color::ALL {
            let outcome = match verdict.winner {
                None => "draw",
                Some(w) if w == color => "win",
                Some(_) => "lose",
            };
            engines[color].game_over(outcome);
        }
    }
    Played { referee, answers }
}
