//! The review's speed: a 120-ply game (Normal against Normal,
//! `tests/data/review/normal_vs_normal_120.usi`) analysed and judged at the
//! default strength, once on one thread and once on every core (at most
//! two on the machines we measure on, which have two), then on every core
//! keeping the best move alone instead of the default three (MultiPV 1: the
//! lines share a position's nodes, so they cost depth rather than time).
//! `cargo bench --bench review`. One timed run each: a run takes seconds,
//! and its node count, not the clock, fixes what it computes.

use komadai::record::Record;
use komadai::review::cli::review_game;
use komadai::review::{AnalysisOptions, GameReview, Verdict};
use komadai::rules::{Move, Position};
use std::time::Instant;

const GAME: &str = include_str!("../tests/data/review/normal_vs_normal_120.usi");

fn main() {
    let Ok(record) = Record::from_usi(GAME.trim()) else {
        eprintln!("the bench game does not read");
        return;
    };
    let (start, moves) = (*record.game.start(), record.game.moves().to_vec());
    let default = AnalysisOptions::default();
    let cores = default.threads;
    let mut runs = vec![(1, default.lines)];
    if cores > 1 {
        runs.push((cores, default.lines));
    }
    runs.push((cores, 1));
    for (threads, lines) in runs {
        let options = AnalysisOptions {
            threads,
            lines,
            ..AnalysisOptions::default()
        };
        run(&start, &moves, &options);
    }
}

fn run(start: &Position, moves: &[Move], options: &AnalysisOptions) {
    let started = Instant::now();
    let review = review_game(start, moves, options);
    let elapsed = started.elapsed();
    let serious = review
        .moves()
        .iter()
        .flatten()
        .filter(|m| m.verdict() >= Verdict::Mistake)
        .count();
    println!(
        "review of {} plies, {} nodes a position, {} line(s), {} thread(s): {:.2} s, mean depth {:.1} ({serious} mistakes or blunders)",
        moves.len(),
        options.nodes,
        options.lines,
        options.threads,
        elapsed.as_secs_f64(),
        mean_depth(&review),
    );
}

/// The mean depth of the best line over the positions analysed.
fn mean_depth(review: &GameReview) -> f64 {
    let depths: Vec<u32> = (0..review.game().len())
        .filter_map(|index| review.analysis(index).map(|a| a.depth))
        .collect();
    f64::from(depths.iter().sum::<u32>()) / depths.len().max(1) as f64
}
