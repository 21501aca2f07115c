//! The review's speed: a 120-ply game (Normal against Normal,
//! `tests/data/review/normal_vs_normal_120.usi`) analysed and judged at the
//! default strength, once on one thread and once on every core (at most
//! two on the machines we measure on, which have two), then on every core
//! keeping the best move alone instead of the default three (MultiPV 1: the
//! lines share a position's nodes, so they cost depth rather than time).
//! After the run on every core with three lines, the deep pass over its
//! mistakes ([`komadai::review::deep`]), on every core at its default budget,
//! and the whole review's time (both passes).
//! `cargo bench --bench review`. One timed run each: a run takes seconds,
//! and its node count, not the clock, fixes what it computes.

use komadai::record::Record;
use komadai::review::cli::review_game;
use komadai::review::deep::deepen;
use komadai::review::{AnalysisOptions, DeepOptions, GameReview, Verdict};
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
        let (review, fast) = run(&start, &moves, &options);
        if threads == cores && lines == default.lines {
            deep_run(review, fast);
        }
    }
}

/// The deep pass over `review` (whose fast pass took `fast` seconds) on every core.
fn deep_run(mut review: GameReview, fast: f64) {
    let options = DeepOptions::default();
    let before: Vec<Option<String>> = explanations(&review);
    let started = Instant::now();
    deepen(&mut review, &options);
    let deep = started.elapsed().as_secs_f64();
    let looked = review
        .moves()
        .iter()
        .flatten()
        .filter(|m| m.deepened())
        .count();
    let after = explanations(&review);
    let mut changed = 0;
    for (ply, (fast, deep)) in before.iter().zip(&after).enumerate() {
        if let (Some(fast), Some(deep)) = (fast, deep)
            && fast != deep
        {
            changed += 1;
            println!("  move {}: {fast}\n       -> {deep}", ply + 1);
        }
    }
    println!(
        "deep pass, {} nodes a search, {} thread(s): {deep:.2} s for {looked} mistakes ({changed} explanations changed); both passes {:.2} s",
        options.nodes,
        options.threads,
        fast + deep,
    );
}

/// Each move's explanation in English.
fn explanations(review: &GameReview) -> Vec<Option<String>> {
    let voice = komadai::review::Voice::to_mover(komadai::review::Notation::Western);
    let lang = komadai::i18n::Language::English;
    (review.moves().iter())
        .map(|m| m.as_ref().map(|m| m.explanation(lang, &voice)))
        .collect()
}

/// The fast pass with `options`, and the seconds it took.
fn run(start: &Position, moves: &[Move], options: &AnalysisOptions) -> (GameReview, f64) {
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
    (review, elapsed.as_secs_f64())
}

/// The mean depth of the best line over the positions analysed.
fn mean_depth(review: &GameReview) -> f64 {
    let depths: Vec<u32> = (0..review.game().len())
        .filter_map(|index| review.analysis(index).map(|a| a.depth))
        .collect();
    f64::from(depths.iter().sum::<u32>()) / depths.len().max(1) as f64
}
