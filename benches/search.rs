//! Search speed: the fixed-depth bench (every bench position to depth 5),
//! one position's search to depth 7, and the evaluation alone.
//! `cargo bench --bench search`.

use criterion::{Criterion, criterion_group, criterion_main};
use komadai::engine::bench::{POSITIONS, run};
use komadai::engine::eval::evaluate;
use komadai::engine::search::{Engine, Limits};
use komadai::rules::Position;
use std::hint::black_box;
use std::sync::atomic::AtomicBool;

fn bench_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.bench_function("bench positions to depth 5", |b| {
        b.iter(|| black_box(run(5, |_, _| {}).nodes))
    });
    let middle = POSITIONS
        .get(2)
        .and_then(|sfen| Position::from_sfen(sfen).ok())
        .unwrap_or_else(Position::startpos);
    group.bench_function("middle game to depth 7", |b| {
        b.iter(|| {
            let stop = AtomicBool::new(false);
            let mut engine = Engine::new(16);
            let limits = Limits {
                depth: 7,
                ..Limits::default()
            };
            black_box(
                engine
                    .search(&middle, &[], &limits, &stop, 0, &mut |_| {})
                    .nodes,
            )
        })
    });
    group.finish();
    c.bench_function("evaluate middle game", |b| {
        b.iter(|| evaluate(black_box(&middle)))
    });
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
