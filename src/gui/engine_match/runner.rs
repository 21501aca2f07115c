//! The match at work: on a thread of its own, the two engines started once, the games
//! played one after the other by the match tool's referee (`usi::matches`), sides changed
//! every game, and each move and each finished game sent back to the window, which is
//! woken for it. Nothing here waits on the window's thread.

use crate::gui::app::host::Wake;
use crate::record::Record;
use crate::rules::{ByColor, Color, Move, Position};
use crate::usi::client::Answer;
use crate::usi::matches::{
    EngineSpec, GameRules, MatchEngine, Opening, Referee, Verdict, play_game,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::time::Duration;

/// How long an engine may take to start and say it is ready.
const INIT_TIMEOUT: Duration = Duration::from_secs(30);

/// What the match needs to run: the two players (A first), the games, how each is played,
/// and where each pair of games starts.
pub struct MatchPlan {
    pub players: [EngineSpec; 2],
    pub games: usize,
    pub rules: GameRules,
    pub openings: Vec<Opening>,
}

/// A game over, as the table shows it and the record keeps it.
#[derive(Clone, Debug)]
pub struct GameOver {
    /// From 1.
    pub number: usize,
    pub a_is_sente: bool,
    pub verdict: Verdict,
    pub plies: usize,
    pub record: Box<Record>,
}

/// What the match sends the window.
#[derive(Clone, Debug)]
pub enum MatchNews {
    /// A move was played in game `number` (or the game began): the board now.
    Moved {
        number: usize,
        position: Box<Position>,
        last_move: Option<Move>,
    },
    GameOver(GameOver),
    /// The match is over: every game played, stopped, or (`Some`) why it could not go on.
    Over(Option<String>),
}

/// The window's handle on a match; dropping it stops the match.
pub struct RunningMatch {
    news: Receiver<MatchNews>,
    stop: Arc<AtomicBool>,
}

impl RunningMatch {
    /// Starts `plan` on its own thread; `names` (A's, B's) go into the records.
    pub fn spawn(plan: MatchPlan, names: [String; 2], wake: Wake) -> RunningMatch {
        let (sender, news) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let spawned = std::thread::Builder::new()
            .name("engine match".into())
            .spawn(move || {
                let over = play_match(&plan, &names, &sender, &wake, &flag);
                let _ = sender.send(MatchNews::Over(over.err()));
                wake();
            });
        if let Err(error) = spawned {
            log::warn!("the engine match could not start: {error}");
        }
        RunningMatch { news, stop }
    }

    /// What arrived since the last call.
    pub fn take(&self) -> Vec<MatchNews> {
        self.news.try_iter().collect()
    }

    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for RunningMatch {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Plays every game of `plan`, A as Sente in the odd-numbered ones (the first, the third...),
/// each opening twice, once from each side.
fn play_match(
    plan: &MatchPlan,
    names: &[String; 2],
    sender: &Sender<MatchNews>,
    wake: &Wake,
    stop: &AtomicBool,
) -> Result<(), String> {
    let mut engines = [0, 1].map(|i| {
        let label = names[i].clone();
        MatchEngine::new(label, plan.players[i].clone(), INIT_TIMEOUT, None)
    });
    for engine in &mut engines {
        engine
            .start()
            .map_err(|failure| format!("{}: {}", engine.label, failure.message()))?;
    }
    let openings = plan.openings.len().max(1);
    for game in 0..plan.games {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let number = game + 1;
        let a_is_sente = game % 2 == 0;
        let fallback = Opening {
            start: Position::startpos(),
            moves: Vec::new(),
        };
        let opening = plan.openings.get(game / 2 % openings).unwrap_or(&fallback);
        let [a, b] = &mut engines;
        let seats = if a_is_sente {
            ByColor::new(a, b)
        } else {
            ByColor::new(b, a)
        };
        let mut watch = |referee: &Referee| {
            let news = MatchNews::Moved {
                number,
                position: Box::new(*referee.game.position()),
                last_move: referee.game.moves().last().copied(),
            };
            let _ = sender.send(news);
            wake();
        };
        let played = play_game(seats, opening, &plan.rules, &mut watch, stop);
        let times = move_times(&played.referee, &played.answers, opening.moves.len());
        let referee = played.referee;
        let Some(verdict) = referee.verdict.clone() else {
            break;
        };
        let (sente, gote) = match a_is_sente {
            true => (&names[0], &names[1]),
            false => (&names[1], &names[0]),
        };
        let mut record = referee.record(sente, gote);
        record.move_times = times;
        let over = GameOver {
            number,
            a_is_sente,
            verdict,
            plies: referee.plies(),
            record: Box::new(record),
        };
        let _ = sender.send(MatchNews::GameOver(over));
        wake();
    }
    Ok(())
}

/// The time each move of the game took, for its record: none for the opening's moves, then
/// each engine's answers in turn (an illegal last answer, never played, is left out).
fn move_times(
    referee: &Referee,
    answers: &ByColor<Vec<Answer>>,
    opening_plies: usize,
) -> Vec<Duration> {
    let first = referee.game.start().side_to_move();
    let mut taken = ByColor::new(answers[Color::Sente].iter(), answers[Color::Gote].iter());
    (0..referee.plies())
        .map(|ply| {
            let mover = if ply % 2 == 0 { first } else { !first };
            match ply < opening_plies {
                true => Duration::ZERO,
                false => taken[mover].next().map_or(Duration::ZERO, |a| a.elapsed),
            }
        })
        .collect()
}

/// The winner of a game from A's side: 1 for a win, ½ for a draw, 0 for a loss.
pub fn score_for_a(verdict: &Verdict, a_is_sente: bool) -> f64 {
    let a = if a_is_sente {
        Color::Sente
    } else {
        Color::Gote
    };
    match verdict.winner {
        None => 0.5,
        Some(winner) if winner == a => 1.0,
        Some(_) => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::usi::matches::DeclarationRule;

    fn answer(ms: u64) -> Answer {
        Answer {
            elapsed: Duration::from_millis(ms),
            ..Answer::default()
        }
    }

    #[test]
    fn a_record_keeps_each_engines_time_after_the_opening() {
        let opening: Vec<Move> = ["7g7f", "3c3d"]
            .iter()
            .map(|m| Move::from_usi(m).expect("a USI move"))
            .collect();
        let mut referee = Referee::new(Position::startpos(), &opening, 400, DeclarationRule::Csa27);
        referee.judge("2g2f");
        referee.judge("8c8d");
        referee.judge("2f2e");
        // Gote's last answer was illegal: it is no move of the game and has no time there.
        referee.judge("8d8a");
        let answers = ByColor::new(
            vec![answer(300), answer(700)],
            vec![answer(500), answer(900)],
        );
        let ms = |list: Vec<Duration>| list.iter().map(Duration::as_millis).collect::<Vec<_>>();
        assert_eq!(
            ms(move_times(&referee, &answers, opening.len())),
            [0, 0, 300, 500, 700]
        );
    }
}
