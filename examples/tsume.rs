//! Solves mate problems with df-pn and with the fixed-depth `MateSearch`,
//! printing nodes and time for each:
//! `cargo run --release --example tsume -- [--nodes N] [FILE | SFEN]...`
//! with files of `SFEN | ...` lines (`#` starts a comment), by default the
//! test sets in `tests/data/engine/`.
//!
//! `--check FILE...` checks instead that each `SFEN | plies` problem is stated at its
//! shortest mate ([`komadai::practice::mate::shortest_mate`]): the lines whose mate is
//! shorter or longer than stated (or not found in the budget) are printed, and the exit
//! status is 1 if there is one.

use komadai::engine::mate::MateSearch;
use komadai::engine::mate::dfpn::{Dfpn, MateResult};
use komadai::practice::mate::shortest_mate;
use komadai::practice::problem::read_set;
use komadai::rules::Position;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

const DEFAULT_SETS: [&str; 3] = ["mate1.txt", "mate3.txt", "tsume.txt"];

/// The table for df-pn; MateSearch needs none.
const TABLE_MB: usize = 64;

/// MateSearch deepens up to this many plies.
const MATE_SEARCH_PLIES: u32 = 31;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut nodes = 2_000_000;
    if let Some(i) = args.iter().position(|arg| arg == "--nodes") {
        nodes = args
            .get(i + 1)
            .and_then(|n| n.parse().ok())
            .unwrap_or(nodes);
        args.drain(i..(i + 2).min(args.len()));
    }
    if let Some(i) = args.iter().position(|arg| arg == "--check") {
        args.remove(i);
        std::process::exit(check(&args, nodes));
    }
    let problems = if args.is_empty() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/engine");
        DEFAULT_SETS
            .iter()
            .flat_map(|name| load(&format!("{dir}/{name}")))
            .collect()
    } else {
        args.iter().flat_map(|arg| load(arg)).collect::<Vec<_>>()
    };
    println!(
        "{:>3} {:>24} {:>24}",
        "#", "df-pn plies/nodes/ms", "MateSearch plies/nodes/ms"
    );
    let mut totals = [(0u64, 0f64); 2];
    for (i, pos) in problems.iter().enumerate() {
        let (dfpn, dfpn_nodes, dfpn_ms) = run_dfpn(pos, nodes);
        let (mate, mate_nodes, mate_ms) = run_mate_search(pos, nodes);
        totals[0].0 += dfpn_nodes;
        totals[0].1 += dfpn_ms;
        totals[1].0 += mate_nodes;
        totals[1].1 += mate_ms;
        println!(
            "{:>3} {:>6} {:>10} {:>6.1} {:>6} {:>10} {:>6.1}",
            i + 1,
            dfpn,
            dfpn_nodes,
            dfpn_ms,
            mate,
            mate_nodes,
            mate_ms
        );
    }
    println!(
        "all {:>6} {:>10} {:>6.0} {:>6} {:>10} {:>6.0}",
        "", totals[0].0, totals[0].1, "", totals[1].0, totals[1].1
    );
}

/// The positions of a file (or one SFEN given on the command line).
fn load(source: &str) -> Vec<Position> {
    let text = std::fs::read_to_string(source).unwrap_or_else(|_| source.to_string());
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| {
            let sfen = line.split('|').next().unwrap_or(line).trim();
            match Position::from_sfen(sfen) {
                Ok(pos) => Some(pos),
                Err(err) => {
                    eprintln!("skipped {sfen}: {err}");
                    None
                }
            }
        })
        .collect()
}

fn run_dfpn(pos: &Position, nodes: u64) -> (String, u64, f64) {
    let stop = AtomicBool::new(false);
    let mut solver = Dfpn::new(&stop, nodes, TABLE_MB);
    let start = Instant::now();
    let result = solver.solve(pos);
    let ms = start.elapsed().as_secs_f64() * 1e3;
    let shown = match result {
        MateResult::Mate(line) => line.len().to_string(),
        MateResult::NoMate => "none".to_string(),
        MateResult::Unknown => "?".to_string(),
    };
    (shown, solver.nodes, ms)
}

fn run_mate_search(pos: &Position, nodes: u64) -> (String, u64, f64) {
    let stop = AtomicBool::new(false);
    let mut search = MateSearch::new(&stop, nodes);
    let start = Instant::now();
    let line = search.find(pos, MATE_SEARCH_PLIES);
    let ms = start.elapsed().as_secs_f64() * 1e3;
    let shown = match line {
        Some(line) => line.len().to_string(),
        None if search.aborted() => "?".to_string(),
        None => "none".to_string(),
    };
    (shown, search.nodes, ms)
}

/// Checks every problem of the files against its stated length; returns the exit status.
fn check(files: &[String], nodes: u64) -> i32 {
    let stop = AtomicBool::new(false);
    let mut flawed = 0;
    let mut count = 0;
    let start = Instant::now();
    for file in files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|err| {
            eprintln!("cannot read {file}: {err}");
            std::process::exit(2);
        });
        let (problems, errors) = read_set(&text);
        for (line, err) in errors {
            println!("{file}:{line}: unreadable: {err:?}");
            flawed += 1;
        }
        for (i, problem) in problems.iter().enumerate() {
            count += 1;
            let started = Instant::now();
            let found = shortest_mate(&problem.position, problem.plies, nodes, &stop);
            let ms = started.elapsed().as_secs_f64() * 1e3;
            match found {
                Some(Some(line)) if line.len() as u32 == problem.plies => {
                    println!("{file} #{}: mate in {} ({ms:.0} ms)", i + 1, problem.plies);
                }
                Some(Some(line)) => {
                    flawed += 1;
                    println!(
                        "{file} #{}: stated {}, mates in {} by {} ({ms:.0} ms)",
                        i + 1,
                        problem.plies,
                        line.len(),
                        line[0]
                    );
                }
                Some(None) => {
                    flawed += 1;
                    println!(
                        "{file} #{}: stated {}, no mate within it ({ms:.0} ms)",
                        i + 1,
                        problem.plies
                    );
                }
                None => {
                    flawed += 1;
                    println!(
                        "{file} #{}: stated {}, not settled in {nodes} nodes ({ms:.0} ms)",
                        i + 1,
                        problem.plies
                    );
                }
            }
        }
    }
    println!(
        "{count} problems, {flawed} flawed ({:.1} s)",
        start.elapsed().as_secs_f64()
    );
    i32::from(flawed > 0)
}
