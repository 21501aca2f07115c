//! One game: the engines asked in turn, each answer judged, the clocks charged.

use super::clock::{Clocks, TimeControl};
use super::engine::MatchEngine;
use super::openings::Opening;
use super::referee::{DeclarationRule, Referee, Verdict};
use crate::rules::{ByColor, Color};
use crate::usi::client::Answer;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// What every game of a match is played and judged by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRules {
    pub time: TimeControl,
    /// A move later than its time allows by more than this loses on time.
    pub timeout_margin: Duration,
    /// The time a move bounded by nodes or depth, or by an engine's own `go` line, may take.
    pub move_timeout: Duration,
    /// Games are cut off here (a draw unless both kings stand in their zones).
    pub max_plies: usize,
    pub declaration: DeclarationRule,
}

/// A judged game, with each side's answers for the summary; no verdict when the match
/// was stopped during it.
pub struct Played {
    pub referee: Referee,
    pub answers: ByColor<Vec<Answer>>,
}

/// Plays one game, `engines[Sente]` against `engines[Gote]`, and judges it; `watch` sees
/// the game after each move, and `stop` set ends it unjudged at once.
pub fn play_game(
    mut engines: ByColor<&mut MatchEngine>,
    opening: &Opening,
    settings: &GameRules,
    watch: &mut dyn FnMut(&Referee),
    stop: &AtomicBool,
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
    watch(&referee);
    while referee.verdict.is_none() && !stop.load(Ordering::Relaxed) {
        let side = referee.side_to_move();
        let engine = &mut *engines[side];
        let go = engine.spec.go.clone().unwrap_or_else(|| clocks.go_line());
        let limit = match (&engine.spec.go, clocks.allowed(side)) {
            (None, Some(allowed)) => allowed + settings.timeout_margin,
            _ => settings.move_timeout,
        };
        match engine.go(&referee.position_command(), &go, limit, stop) {
            Ok(Some(answer)) => {
                clocks.charge(side, answer.elapsed);
                referee.judge(&answer.bestmove);
                answers[side].push(answer);
            }
            Ok(None) => break,
            Err(failure) => {
                engine.stop();
                referee.lose_by(&failure);
            }
        }
        watch(&referee);
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
