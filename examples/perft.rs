//! Perft from the command line, for profiling and CPU-time measurement:
//! `cargo run --release --example perft -- DEPTH [bulk|play] [SFEN]`.

use komadai::rules::{Position, perft, perft_playing_leaves};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth = args.first().and_then(|d| d.parse().ok()).unwrap_or(5);
    let play = args.get(1).is_some_and(|mode| mode == "play");
    let sfen = args.get(2..).map(|rest| rest.join(" ")).unwrap_or_default();
    let pos = if sfen.is_empty() {
        Position::startpos()
    } else {
        match Position::from_sfen(&sfen) {
            Ok(pos) => pos,
            Err(err) => {
                eprintln!("perft: {err}");
                std::process::exit(2);
            }
        }
    };
    let start = Instant::now();
    let nodes = if play {
        perft_playing_leaves(&pos, depth)
    } else {
        perft(&pos, depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "depth {depth} {}: {nodes} nodes in {seconds:.3} s wall, {:.1} M nodes/s",
        if play {
            "making and unmaking every leaf"
        } else {
            "bulk counting"
        },
        nodes as f64 / seconds / 1e6
    );
}
