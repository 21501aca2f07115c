//! Makes komadai's mate problems (`assets/tsume.txt`) from its own self-play games:
//!
//! ```sh
//! cargo run --profile test --example make_problems -- [--threads N] [--seconds S]
//!     [--derive SET] [--out FILE] [CHUNK...]
//! ```
//!
//! CHUNKs are self-play chunk files (`tools/data/nnue/*.kpk2.xz`, read through `xz -dc`).
//! The candidates are the positions where the game's search saw a mate for the side to
//! move, and the positions two, four... plies before them in the same game (the longer
//! mates the search did not see yet). Each goes to the solvers (`practice::mate`): a sound
//! problem is a mate in which every attacking move checks, of the stated length with the
//! defender holding out longest, with no shorter mate (an exhaustive search two plies short
//! of it finds none; a problem whose length it cannot settle in its budget is not kept),
//! and one first move only mates. Sound problems are kept
//! up to a quota per length (1, 3, 5, 7, and 9 or more plies); the counts and the time
//! taken are printed at the end (`--seconds` stops taking new candidates after that long).
//!
//! Real games seldom hold a short mate with one first move only (the attacker has pieces to
//! spare); the positions along a long problem's mating line do, more often. So a second run,
//! `--derive SET` (a set the first run wrote), keeps that set and tries the positions after
//! each pair of moves of its problems' lines.

use komadai::engine::eval::data::{self, GameRecord};
use komadai::engine::mate::dfpn::{Dfpn, MateResult};
use komadai::engine::search::MATE_BOUND;
use komadai::practice::MateProblem;
use komadai::practice::mate::{Soundness, soundness};
use komadai::practice::problem::read_set;
use komadai::rules::Position;
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Instant;

/// Problems kept per length class: 1, 3, 5, 7, 9+ plies.
const QUOTA: [usize; 5] = [60, 70, 70, 60, 60];

/// Nodes of the quick look at each candidate.
const SCREEN_NODES: u64 = 20_000;

/// How far back from a seen mate candidates are taken, in plies.
const LOOK_BACK: usize = 10;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let threads = take_option(&mut args, "--threads")
        .and_then(|n| n.parse().ok())
        .unwrap_or(2usize);
    let out = take_option(&mut args, "--out").unwrap_or_else(|| "assets/tsume.txt".into());
    // Stops taking new candidates after this many seconds, keeping what it has.
    let seconds_limit = take_option(&mut args, "--seconds").and_then(|n| n.parse::<f64>().ok());
    // Problems already made (a set file): kept, and the positions along their mating lines
    // become candidates for shorter problems.
    let derive = take_option(&mut args, "--derive");
    let started = Instant::now();
    let mut candidates = Vec::new();
    let mut seen = HashSet::new();
    let mut games = 0;
    let mut earlier = vec![Vec::<MateProblem>::new(); QUOTA.len()];
    if let Some(set) = &derive {
        let text = std::fs::read_to_string(set).unwrap_or_else(|err| {
            eprintln!("cannot read {set}: {err}");
            std::process::exit(2);
        });
        let stop = AtomicBool::new(false);
        for problem in read_set(&text).0 {
            seen.insert(problem.position.hash());
            earlier[class_of(problem.plies)].push(problem);
            let mut dfpn = Dfpn::new(&stop, 2_000_000, 16);
            if let MateResult::Mate(line) = dfpn.solve(&problem.position) {
                let mut pos = problem.position;
                for (ply, &mv) in line.iter().enumerate() {
                    pos.play_unchecked(mv);
                    if ply % 2 == 1 && seen.insert(pos.hash()) {
                        candidates.push(pos);
                    }
                }
            }
        }
    }
    for path in &args {
        let chunk = match data::read_chunk_file(&PathBuf::from(path)) {
            Ok(chunk) => chunk,
            Err(why) => {
                eprintln!("{why}");
                std::process::exit(2);
            }
        };
        games += chunk.len();
        for game in &chunk {
            for pos in candidates_of(game) {
                if seen.insert(pos.hash()) {
                    candidates.push(pos);
                }
            }
        }
    }
    eprintln!(
        "{games} games, {} candidate positions ({:.1} s)",
        candidates.len(),
        started.elapsed().as_secs_f64()
    );
    let kept = Mutex::new(earlier);
    let tally = Mutex::new([0usize; 6]);
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(pos) = candidates.get(i) else {
                        return;
                    };
                    if full(&kept.lock().expect("the problems"))
                        || seconds_limit.is_some_and(|s| started.elapsed().as_secs_f64() > s)
                    {
                        return;
                    }
                    if i.is_multiple_of(100) {
                        let counts: Vec<usize> = kept
                            .lock()
                            .expect("the problems")
                            .iter()
                            .map(Vec::len)
                            .collect();
                        eprintln!(
                            "{i} of {} ({:.0} s), kept {counts:?}",
                            candidates.len(),
                            started.elapsed().as_secs_f64()
                        );
                    }
                    // A quick look first: most candidates have no mate by checks alone,
                    // and a mate of a length already filled need not be checked whole.
                    let mut quick = Dfpn::new(&stop, SCREEN_NODES, 4);
                    match quick.solve(pos) {
                        MateResult::Mate(line) => {
                            let class = class_of(line.len() as u32);
                            if kept.lock().expect("the problems")[class].len() >= QUOTA[class] {
                                continue;
                            }
                        }
                        MateResult::NoMate | MateResult::Unknown => {
                            tally.lock().expect("the tally")[5] += 1;
                            continue;
                        }
                    }
                    let verdict = soundness(pos, &stop);
                    let slot = match &verdict {
                        Soundness::Sound { .. } => 0,
                        Soundness::NoMate | Soundness::AttackerInCheck => 1,
                        Soundness::TooHard => 2,
                        Soundness::TwoFirstMoves { .. } => 3,
                        Soundness::UnclearFirstMove { .. } => 4,
                    };
                    tally.lock().expect("the tally")[slot] += 1;
                    if let Soundness::Sound { plies, .. } = verdict {
                        let class = class_of(plies);
                        let mut kept = kept.lock().expect("the problems");
                        if kept[class].len() < QUOTA[class] {
                            kept[class].push(MateProblem {
                                position: *pos,
                                plies,
                            });
                        }
                    }
                }
            });
        }
    });
    let kept = kept.into_inner().expect("the problems");
    let tally = tally.into_inner().expect("the tally");
    let seconds = started.elapsed().as_secs_f64();
    let mut text = String::from(
        "# komadai's mate problems, made by tools/make_problems from its own self-play games\n\
         # (tools/data/nnue/); every one verified: a mate with every attacking move a check, of\n\
         # this length with the defender holding out longest and no shorter mate, and one first\n\
         # move only.\n\
         # One a line: SFEN | plies.\n",
    );
    for class in &kept {
        for problem in class {
            text.push_str(&problem.to_line());
            text.push('\n');
        }
    }
    if let Err(err) = std::fs::write(&out, text) {
        eprintln!("cannot write {out}: {err}");
        std::process::exit(1);
    }
    let names = ["1", "3", "5", "7", "9+"];
    for (name, class) in names.iter().zip(&kept) {
        println!("mate in {name:>2} plies: {:>4}", class.len());
    }
    println!(
        "{} problems from {games} games in {seconds:.0} s; candidates: {} without a quick mate; put to the solvers: {} sound, {} no mate, {} too hard, {} two first moves, {} unclear",
        kept.iter().map(Vec::len).sum::<usize>(),
        tally[5],
        tally[0],
        tally[1],
        tally[2],
        tally[3],
        tally[4]
    );
}

fn full(kept: &[Vec<MateProblem>]) -> bool {
    kept.iter()
        .zip(QUOTA)
        .all(|(class, quota)| class.len() >= quota)
}

fn class_of(plies: u32) -> usize {
    ((plies.saturating_sub(1) / 2) as usize).min(QUOTA.len() - 1)
}

/// The positions where the search saw a mate for the side to move, and those a few plies
/// before each (the same side to move).
fn candidates_of(game: &GameRecord) -> Vec<Position> {
    let replay = game.replay();
    let mut out = Vec::new();
    for (i, (_, record)) in replay.iter().enumerate() {
        if record.score < MATE_BOUND {
            continue;
        }
        for back in (0..=LOOK_BACK.min(i)).step_by(2) {
            let pos = replay[i - back].0;
            if !pos.in_check() {
                out.push(pos);
            }
        }
    }
    out
}

fn take_option(args: &mut Vec<String>, name: &str) -> Option<String> {
    let i = args.iter().position(|arg| arg == name)?;
    let value = args.get(i + 1).cloned();
    args.drain(i..(i + 2).min(args.len()));
    value
}
