//! The review's speed: a 120-ply game (Normal against Normal,
//! `tests/data/review/normal_vs_normal_120.usi`) analysed and judged at the
//! default strength, once on one thread and once on every core (at most
//! two on the machines we measure on, which have two).
//! `cargo bench --bench review`. One timed run each: a run takes seconds,
//! and its node count, not the clock, fixes what it computes.

use komadai::record::Record;
use komadai::review::cli::review_game;
use komadai::review::{AnalysisOptions, Verdict};
use std::time::Instant;

const GAME: &str = include_str!("../tests/data/review/normal_vs_normal_120.usi");

fn main() {
    let Ok(record) = Record::from_usi(GAME.trim()) else {
        eprintln!("the bench game does not read");
        return;
    };
    let (start, moves) = (*record.game.start(), record.game.moves().to_vec());
    let cores = AnalysisOptions::default().threads;
    let mut threads = vec![1];
    if cores > 1 {
        threads.push(cores);
    }
    for threads in threads {
        let options = AnalysisOptions {
            threads,
            ..AnalysisOptions::default()
        };
        let started = Instant::now();
        let review = review_game(&start, &moves, &options);
        let elapsed = started.elapsed();
        let serious = review
            .moves()
            .iter()
            .flatten()
            .filter(|m| m.verdict() >= Verdict::Mistake)
            .count();
        println!(
            "review of {} plies, {} nodes a position, {threads} thread(s): {:.2} s ({serious} mistakes or blunders)",
            moves.len(),
            options.nodes,
            elapsed.as_secs_f64()
        );
    }
}
