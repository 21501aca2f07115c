//! The background analysis of a whole game: every position reported once,
//! every move judged, the same results on one thread or two, and a cancel
//! that stops it.

use komadai::record::Record;
use komadai::review::analysis::DEFAULT_LINES;
use komadai::review::{Analysis, AnalysisOptions, GamePositions, GameReview, analyse};
use komadai::rules::{Color, Move, Position};
use std::sync::atomic::AtomicBool;

const NODES: u64 = 3_000;

fn short_game() -> (Position, Vec<Move>) {
    let text = include_str!("../data/review/easy_vs_normal.kifu");
    let record = Record::read(text).expect("fixture reads");
    let moves: Vec<Move> = record.game.moves().iter().copied().take(20).collect();
    (*record.game.start(), moves)
}

fn options(threads: usize) -> AnalysisOptions {
    AnalysisOptions {
        nodes: NODES,
        threads,
        hash_mb: 4,
        lines: DEFAULT_LINES,
    }
}

#[test]
fn every_position_arrives_once_and_every_move_is_judged() {
    let (start, moves) = short_game();
    let game = GamePositions::new(&start, &moves);
    let mut review = GameReview::new(game.clone());
    let mut seen = vec![0; game.len()];
    let mut judged = Vec::new();
    analyse(&game, &options(1), &AtomicBool::new(false), &mut |result| {
        seen[result.index] += 1;
        judged.extend(review.add(result));
    });
    assert_eq!(seen, vec![1; moves.len() + 1]);
    // Each position keeps its best moves, distinct, the first the engine's move.
    for index in 0..game.len() {
        let analysis = review.analysis(index).expect("analysed");
        let best: Vec<Move> = analysis.best_moves.iter().map(|c| c.mv).collect();
        assert_eq!(best.len(), DEFAULT_LINES, "position {index}");
        assert_eq!(Some(best[0]), analysis.best);
        assert_eq!(analysis.best_moves[0].score, analysis.score);
        assert!(!best[1..].contains(&best[0]) && best[1] != best[2]);
    }
    judged.sort_unstable();
    assert_eq!(judged, (1..=moves.len()).collect::<Vec<_>>());
    assert!(review.is_complete());
    let chances = review.sente_chances();
    assert!(
        chances
            .iter()
            .all(|c| c.is_some_and(|c| (0.0..=1.0).contains(&c)))
    );
    // Every move is counted once, for the side that played it.
    let summary = review.summary();
    let counted: usize = Color::ALL
        .iter()
        .map(|&side| summary[side].counts.iter().sum::<usize>())
        .sum();
    assert_eq!(counted, moves.len());
    assert!(summary[Color::Sente].accuracy.is_some());
}

#[test]
fn results_are_the_same_on_one_thread_and_on_two() {
    let (start, moves) = short_game();
    let game = GamePositions::new(&start, &moves[..10]);
    let run = |threads| {
        let mut results = Vec::new();
        analyse(
            &game,
            &options(threads),
            &AtomicBool::new(false),
            &mut |r| results.push(r),
        );
        results.sort_by_key(|r| r.index);
        results
    };
    assert_eq!(run(1), run(2));
}

#[test]
fn the_background_analysis_reports_progress_and_every_result() {
    let (start, moves) = short_game();
    let game = GamePositions::new(&start, &moves[..8]);
    let analysis = Analysis::start(game.clone(), options(2));
    let mut review = GameReview::new(game);
    while let Some(result) = analysis.next_blocking() {
        review.add(result);
    }
    assert!(review.is_complete());
    let progress = analysis.progress();
    assert_eq!((progress.done, progress.total), (9, 9));
    assert!(analysis.is_finished() || progress.fraction() == 1.0);
}

#[test]
fn a_cancelled_analysis_stops_without_reporting_every_position() {
    let (start, moves) = short_game();
    let game = GamePositions::new(&start, &moves);
    let heavy = AnalysisOptions {
        nodes: 50_000_000,
        threads: 1,
        hash_mb: 4,
        lines: DEFAULT_LINES,
    };
    let analysis = Analysis::start(game, heavy);
    analysis.cancel();
    let mut reported = 0;
    while analysis.next_blocking().is_some() {
        reported += 1;
    }
    assert!(analysis.is_cancelled());
    assert!(reported < moves.len() + 1, "{reported} positions reported");
}

#[test]
fn a_retry_is_judged_against_the_same_best_move() {
    // The hanging-rook position: P-4e loses the rook; the engine's own
    // move, tried instead, is as good as the best.
    let start = Position::from_sfen("3gkg3/1b7/9/9/9/5P3/9/7R1/3GK4 b - 1").expect("SFEN");
    let blunder = Move::from_usi("4f4e").expect("move");
    let game = GamePositions::new(&start, &[blunder]);
    let mut review = GameReview::new(game.clone());
    analyse(&game, &options(1), &AtomicBool::new(false), &mut |r| {
        review.add(r);
    });
    let played = review.move_review(1).expect("judged");
    assert!(!played.is_as_good_as_best());
    let mut engine = komadai::engine::search::Engine::new(4);
    let stop = AtomicBool::new(false);
    let retry = review
        .judge_try(1, blunder, &mut engine, options(1).budget(), &stop)
        .expect("judged");
    assert_eq!(retry.verdict(), played.verdict());
    let best = played.best.expect("a best move");
    let good = review
        .judge_try(1, best, &mut engine, options(1).budget(), &stop)
        .expect("judged");
    assert!(good.is_as_good_as_best());
    let illegal = Move::from_usi("5i5g").expect("move");
    assert!(
        review
            .judge_try(1, illegal, &mut engine, options(1).budget(), &stop)
            .is_none()
    );
}
