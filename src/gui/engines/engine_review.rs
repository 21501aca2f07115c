//! The review's analysis by an added USI engine: every position of the game asked in turn
//! on a thread of its own, each answer turned into the same [`PositionAnalysis`] komadai's
//! own engine gives, so the review judges the moves alike.

use crate::review::check::{best_seen_after, mate_looked_for, needs_check};
use crate::review::{
    AnalysisProgress, Candidate, GamePositions, PositionAnalysis, Score, SecondLook,
};
use crate::rules::PositionCommand;
use crate::usi::client::analysis::legal_prefix;
use crate::usi::client::engine::{Answer, UsiEngine};
use crate::usi::client::player;
use crate::usi::client::{EngineScore, EngineSetup, UsiError, UsiErrorKind, check_bestmove};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// The best moves asked for at each position, as komadai's own review keeps.
const LINES: usize = crate::review::analysis::DEFAULT_LINES;

/// What the review's thread sends.
enum ReviewNews {
    Analysed(PositionAnalysis),
    Failed(UsiError),
}

/// The analysis running; dropping it stops the engine.
pub(in crate::gui) struct EngineReview {
    events: Receiver<ReviewNews>,
    cancel: Arc<AtomicBool>,
    done: Arc<AtomicUsize>,
    total: usize,
    finished: Arc<AtomicBool>,
}

impl EngineReview {
    /// Starts `setup`'s engine on every position of `game`, `think` each.
    pub(in crate::gui) fn start(
        setup: EngineSetup,
        game: GamePositions,
        think: Duration,
        notify: Arc<dyn Fn() + Send + Sync>,
    ) -> EngineReview {
        let (sender, events) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicUsize::new(0));
        let finished = Arc::new(AtomicBool::new(false));
        let total = game.len();
        let (stop, count, end) = (
            Arc::clone(&cancel),
            Arc::clone(&done),
            Arc::clone(&finished),
        );
        std::thread::spawn(move || {
            if let Err(error) = run(&setup, &game, think, &stop, &count, &|a| {
                let _ = sender.send(ReviewNews::Analysed(a));
                notify();
            }) {
                let _ = sender.send(ReviewNews::Failed(error));
            }
            end.store(true, Ordering::Release);
            notify();
        });
        EngineReview {
            events,
            cancel,
            done,
            total,
            finished,
        }
    }

    /// The analyses that arrived, and why the engine failed if it did.
    pub(in crate::gui) fn take(&self) -> (Vec<PositionAnalysis>, Option<UsiError>) {
        let mut analyses = Vec::new();
        let mut failed = None;
        for event in self.events.try_iter() {
            match event {
                ReviewNews::Analysed(analysis) => analyses.push(analysis),
                ReviewNews::Failed(error) => failed = Some(error),
            }
        }
        (analyses, failed)
    }

    /// Every position asked (or the engine failed), and every result sent.
    pub(in crate::gui) fn is_finished(&self) -> bool {
        self.finished.load(Ordering::Acquire)
    }

    pub(in crate::gui) fn progress(&self) -> AnalysisProgress {
        AnalysisProgress {
            done: self.done.load(Ordering::Relaxed).min(self.total),
            total: self.total,
        }
    }
}

impl Drop for EngineReview {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

fn run(
    setup: &EngineSetup,
    game: &GamePositions,
    think: Duration,
    cancel: &AtomicBool,
    done: &AtomicUsize,
    send: &dyn Fn(PositionAnalysis),
) -> Result<(), UsiError> {
    let Some(start) = game.position(0).copied() else {
        return Ok(());
    };
    let mut engine = player::start(setup)?;
    if engine.takes_spin("MultiPV", LINES as i64) {
        engine.set_option("MultiPV", Some(&LINES.to_string()))?;
        engine.is_ready()?;
    }
    let go = format!("go btime 0 wtime 0 byoyomi {}", think.as_millis());
    let mut previous: Option<PositionAnalysis> = None;
    // The engine's own margin, and the pipe's: a move late by more is a hang.
    let limit = think + setup.timeouts.stop;
    for index in 0..game.len() {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        let command = PositionCommand {
            start,
            moves: game.moves()[..index].to_vec(),
        };
        let position = command.current();
        let analysis = if position.legal_moves().is_empty() {
            // Nothing to ask: the side to move is mated.
            Some(PositionAnalysis {
                index,
                score: Score::Mated(0),
                best: None,
                line: Vec::new(),
                depth: 0,
                nodes: 0,
                best_moves: Vec::new(),
                best_checked: None,
            })
        } else {
            match engine.go_unless(&command, &go, limit, cancel)? {
                Some(answer) => {
                    if let Err(error) = check_bestmove(&position, &answer.bestmove) {
                        engine.kill();
                        return Err(error);
                    }
                    let Some(analysis) = analysed(index, &command, &answer) else {
                        // The review would wait for a verdict that never comes.
                        engine.quit();
                        return Err(UsiError::new(
                            UsiErrorKind::NoScore,
                            format!("'bestmove {}'", answer.bestmove),
                        ));
                    };
                    Some(analysis)
                }
                None => break,
            }
        };
        done.fetch_add(1, Ordering::Relaxed);
        if let (Some(before), Some(after)) = (previous.as_mut(), analysis.as_ref())
            && needs_check(game, index, before, after)
        {
            let played_mated = matches!(after.score, Score::Mates(_));
            before.best_checked = second_look(
                &mut engine,
                game,
                index,
                (&*before, played_mated),
                &go,
                limit,
                cancel,
            )?;
            if cancel.load(Ordering::Relaxed) {
                break;
            }
            send(before.clone());
        }
        if let Some(analysis) = &analysis {
            send(analysis.clone());
        }
        previous = analysis;
    }
    engine.quit();
    Ok(())
}

/// The second look at the best move before the game's move `ply` ([`crate::review::check`]):
/// the engine asked about the position after it, as about every position, and, where the
/// move played is mated (`played_mated`), the mate solver about the better move's future as
/// the built-in review asks it. `None` when cancelled or when the answer gives no score.
fn second_look(
    engine: &mut UsiEngine,
    game: &GamePositions,
    ply: usize,
    (before, played_mated): (&PositionAnalysis, bool),
    go: &str,
    limit: Duration,
    cancel: &AtomicBool,
) -> Result<Option<SecondLook>, UsiError> {
    let (Some(&start), Some(best)) = (game.position(0), before.best) else {
        return Ok(None);
    };
    let mut moves = game.moves()[..ply - 1].to_vec();
    moves.push(best);
    let command = PositionCommand { start, moves };
    let Some(answer) = engine.go_unless(&command, go, limit, cancel)? else {
        return Ok(None);
    };
    Ok(analysed(ply, &command, &answer).map(|a| SecondLook {
        score: mate_looked_for(
            best_seen_after(a.score),
            (before, played_mated),
            (game, ply),
            cancel,
        ),
        line: a.line,
    }))
}

/// The engine's answer as the review reads one: its lines in the engine's order (best
/// first), each move once.
fn analysed(index: usize, command: &PositionCommand, answer: &Answer) -> Option<PositionAnalysis> {
    let position = command.current();
    let mut lines: Vec<(Vec<crate::rules::Move>, Score, u32)> = Vec::new();
    for info in &answer.lines {
        let moves = legal_prefix(&position, &info.pv);
        let (Some(&first), Some(score)) = (moves.first(), info.score) else {
            continue;
        };
        if lines.iter().any(|(m, _, _)| m[0] == first) {
            continue;
        }
        lines.push((moves, review_score(score), info.depth.unwrap_or(0)));
    }
    // A verdict needs a score: an engine that gives its move alone cannot review.
    if lines.is_empty() {
        return None;
    }
    let best_moves = lines
        .iter()
        .map(|(moves, score, _)| Candidate {
            mv: moves[0],
            score: *score,
        })
        .collect();
    let (line, score, depth) = lines.swap_remove(0);
    Some(PositionAnalysis {
        index,
        score,
        best: line.first().copied(),
        line,
        depth,
        nodes: answer.nodes.unwrap_or(0),
        best_moves,
        best_checked: None,
    })
}

/// A USI score (side to move) as the review's.
pub(in crate::gui) fn review_score(score: EngineScore) -> Score {
    match score {
        EngineScore::Cp(cp) => Score::Cp(cp),
        EngineScore::Mate { plies, winning } => {
            let plies = plies.unwrap_or(0).unsigned_abs();
            if winning {
                Score::Mates(plies)
            } else {
                Score::Mated(plies)
            }
        }
    }
}
