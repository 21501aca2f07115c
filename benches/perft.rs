//! Move generator speed: perft from the start position (bulk counting at the
//! last ply, and playing every leaf), and middle-game positions with pieces
//! in hand, where drops dominate. Run with `cargo bench --bench perft`;
//! the throughput lines are nodes per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use komadai::rules::{MoveList, Position, perft, perft_playing_leaves};
use std::hint::black_box;

const MIDDLE_GAMES: [&str; 5] = [
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "ln1g3nl/1r1s1kg2/p2ppp1pp/2p3p2/1p7/2P1P1P2/PPSP1P2P/2G4R1/LN2KGSNL b Bbsp 1",
    "8l/k1ss1b1g1/n2pr3l/1rp3ppL/1+B2pnP1p/pP2Pp1P1/N7N/2GL4G/P5KS1 w GPs4p 146",
    "1+P1k4r/s1P1P1P1n/5+Pnbl/3N4P/S1+Bp3p1/+r4pG2/1PKP1S1P1/+pSpG4p/1N6L b 2GL2Plp 155",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn2p 1",
];

fn startpos_perft(c: &mut Criterion) {
    let pos = Position::startpos();
    let nodes = perft(&pos, 5);
    let mut group = c.benchmark_group("startpos perft 5");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("bulk counting", |b| b.iter(|| perft(black_box(&pos), 5)));
    group.bench_function("playing every leaf", |b| {
        b.iter(|| perft_playing_leaves(black_box(&pos), 5))
    });
    group.finish();
}

fn middle_game_perft(c: &mut Criterion) {
    let positions: Vec<Position> = MIDDLE_GAMES
        .iter()
        .filter_map(|sfen| Position::from_sfen(sfen).ok())
        .collect();
    assert_eq!(
        positions.len(),
        MIDDLE_GAMES.len(),
        "a bench SFEN is invalid"
    );
    let nodes: u64 = positions.iter().map(|p| perft(p, 3)).sum();
    let mut group = c.benchmark_group("middle games with hands, perft 3");
    group.sample_size(10);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("bulk counting", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| perft(black_box(p), 3))
                .sum::<u64>()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("move generation");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("middle games with hands", |b| {
        b.iter(|| {
            let mut list = MoveList::new();
            for pos in &positions {
                list.clear();
                black_box(pos).generate_moves(&mut list);
                black_box(list.len());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, startpos_perft, middle_game_perft);
criterion_main!(benches);
