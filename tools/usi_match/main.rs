//! A match between two USI engines, every game judged by komadai's own rules
//! core (`komadai::rules::game::Game`): the engines only propose moves.
//! Its parts: `settings` (the command line), `report` (scores, log, summary) and
//! `elo`; the games themselves are the library's (`komadai::usi::matches`: the
//! openings, each side's engine driven by the USI client, the clocks, the
//! referee and one game), which the window's engine match plays too.
//!
//! ```text
//! cargo build --release --example usi_match --no-default-features
//! target/release/examples/usi_match -a ENGINE_A -b ENGINE_B [options]
//! ```
//!
//! Engines (a command line each, split on spaces; quotes group words; a
//! wrapper script should `exec` its engine so a time loss can stop it):
//! - `-a`, `--engine-a CMD` and `-b`, `--engine-b CMD`; `--name-a`, `--name-b`
//!   (default: the engine's `id name`);
//! - `--opt-a NAME=VALUE`, `--opt-b NAME=VALUE` (repeatable; `NAME` alone for
//!   a button). `USI_Ponder` is set to false unless given: nobody ponders.
//!
//! The time a move, for both engines (one of):
//! - `--byoyomi MS` (the default, 100): `go btime 0 wtime 0 byoyomi MS`;
//! - `--movetime MS`: `go movetime MS`; `--nodes N`: `go nodes N`;
//!   `--depth N`: `go depth N`;
//! - a clock: `--time MS` of main time each, with `--byoyomi MS` or
//!   `--inc MS` (Fischer: added after each move): `go btime .. wtime ..
//!   byoyomi ..` or `.. binc .. winc ..`, the clocks kept by the match;
//! - `--go-a LINE`, `--go-b LINE`: that engine's own `go` line, sent as given.
//!
//! A move later than its time allows by more than `--timeout-margin MS`
//! (default 1000) loses on time; a `go nodes`, `go depth` or own `go` line has
//! `--move-timeout MS` (default 60000). `--init-timeout S` (default 60) waits
//! for `usiok` and `readyok`.
//!
//! Openings: `--random-plies N` (default 8; 0 for the start position) quiet
//! random moves from the start (no capture, drop or promotion, not ending in
//! check), a distinct one per pair of games, from `--seed S` (default 1); or
//! `--openings FILE`, a position a line (`startpos`, `sfen ...`, a bare SFEN,
//! or USI moves from the start, optionally after `moves`), `--shuffle`d by the
//! seed. Each opening is played twice, the colours swapped: A is Sente
//! (black) in odd-numbered games.
//!
//! Judging: checkmate and no legal move (that side loses), sennichite (a
//! draw) and perpetual check (the checker loses), an illegal or unreadable
//! move (the mover loses), `bestmove resign` (a loss), `bestmove win` judged
//! by `--declaration csa27` (the default, the CSA 27-point rule USI engines
//! declare by: a valid one wins) or `point24` (the app's 24-point count), a
//! false declaration (a loss), a crash or time loss (a loss), and the ply
//! limit: `--max-plies N` (default komadai's 400, counted as records count
//! them: a draw unless both kings stand in their zones, when the 24-point
//! count decides; a smaller N cuts games off as a plain draw).
//!
//! `-n`, `--games N` (default 10); `-c`, `--concurrency N` games at once
//! (default 1); `--log FILE` appends a JSON line a game (`game`, `black`,
//! `white`, `a_is_black`, `start_sfen`, `opening_moves`, `moves` (an illegal
//! move last, unplayed), `winner` (`"black"`, `"white"` or null), `reason`,
//! `detail`, `plies` (played), `score_a`); `--csa FILE` appends each game as
//! a CSA record; `--traffic-log FILE` writes every line sent and read;
//! `-q`, `--quiet` prints no line a game. The last line is always
//!
//! ```text
//! A vs B: W-L-D = w-l-d, score s%, Elo d ± e (95%)
//! ```
//!
//! from A's side. Example: komadai against itself with two threads against one:
//!
//! ```text
//! usi_match -a target/release/komadai-usi --opt-a Threads=2 -b target/release/komadai-usi \
//!     --byoyomi 300 --timeout-margin 2000 -n 30 -c 1 --random-plies 8 --seed 5
//! ```

mod elo;
mod report;
mod settings;

use komadai::rules::ByColor;
use komadai::usi::matches::{
    Clocks, MatchEngine, Opening, Traffic, parse_openings, play_game, random_openings, shuffle,
};
use report::{A, B, ByEngine, Finished, Outputs, open_append, print_summary, score, write_out};
use settings::EngineSpec;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

pub use report::Scoreboard;
pub use settings::Settings;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!(
            "usage: usi_match -a ENGINE_A -b ENGINE_B [options]; see examples/usi_match/main.rs"
        );
        return;
    }
    let settings = match Settings::parse(&args) {
        Ok(settings) => settings,
        Err(message) => {
            eprintln!("usi_match: {message}");
            std::process::exit(2);
        }
    };
    match run(&settings) {
        // Scripts learn that games are missing (an engine that kept failing).
        Ok(board) if board.scores.len() < settings.games => std::process::exit(3),
        Ok(_) => {}
        Err(message) => {
            eprintln!("usi_match: {message}");
            std::process::exit(1);
        }
    }
}

/// Plays the match and prints its summary; the scoreboard at the end.
pub fn run(settings: &Settings) -> Result<Scoreboard, String> {
    let openings = openings(settings)?;
    let traffic: Traffic = open_append(&settings.traffic_log)?.map(|f| {
        let file: Arc<Mutex<dyn std::io::Write + Send>> = Arc::new(Mutex::new(f));
        file
    });
    let outputs = Mutex::new(Outputs {
        log: open_append(&settings.log)?,
        csa: open_append(&settings.csa)?,
    });
    let mut pairs: Vec<ByEngine<MatchEngine>> = (0..settings.concurrency)
        .map(|w| {
            [
                MatchEngine::new(
                    format!("A#{w}"),
                    settings.a.to_match(),
                    settings.init_timeout,
                    traffic.clone(),
                ),
                MatchEngine::new(
                    format!("B#{w}"),
                    settings.b.to_match(),
                    settings.init_timeout,
                    traffic.clone(),
                ),
            ]
        })
        .collect();
    // The first pair starts before any game, so that a wrong command stops
    // the match at once.
    for (engine, spec) in pairs[0].iter_mut().zip([&settings.a, &settings.b]) {
        engine.start().map_err(|f| {
            format!(
                "engine {} ({}): {}",
                engine.label,
                spec.argv.join(" "),
                f.message()
            )
        })?;
    }
    let names = names(&pairs[0], settings);
    println!(
        "# A = {}: {}  [{}]",
        names[A],
        settings.a.argv.join(" "),
        go_of(&settings.a, settings)
    );
    println!(
        "# B = {}: {}  [{}]",
        names[B],
        settings.b.argv.join(" "),
        go_of(&settings.b, settings)
    );
    println!(
        "# {} games, {} opening(s), max {} plies, concurrency {}",
        settings.games,
        openings.len(),
        settings.max_plies,
        settings.concurrency
    );
    let board = Mutex::new(Scoreboard::default());
    std::thread::scope(|scope| {
        for pair in pairs.iter_mut() {
            let (board, outputs, openings, names) = (&board, &outputs, &openings, &names);
            scope.spawn(move || worker(pair, settings, openings, names, board, outputs));
        }
    });
    drop(pairs);
    let board = board
        .into_inner()
        .map_err(|_| "a game thread failed".to_string())?;
    print_summary(&board, &names, settings);
    Ok(board)
}

fn go_of(spec: &EngineSpec, settings: &Settings) -> String {
    spec.go
        .clone()
        .unwrap_or_else(|| Clocks::new(&settings.time).go_line())
}

/// The openings the settings ask for: a file's, or random quiet ones from the seed.
fn openings(settings: &Settings) -> Result<Vec<Opening>, String> {
    if let Some(path) = &settings.openings {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        let mut list = parse_openings(&text, path)?;
        if settings.shuffle {
            shuffle(&mut list, settings.seed);
        }
        return Ok(list);
    }
    let pairs = settings.games.div_ceil(2);
    Ok(random_openings(pairs, settings.random_plies, settings.seed))
}

/// The engines' names: as given, else their `id name`; told apart when equal.
fn names(pair: &ByEngine<MatchEngine>, settings: &Settings) -> ByEngine<String> {
    let given = [&settings.a.name, &settings.b.name];
    let [a, b] = [0, 1].map(|i| {
        let e = &pair[i];
        given[i]
            .clone()
            .or_else(|| e.id_name.clone())
            .unwrap_or_else(|| e.label[..1].to_string())
    });
    if a == b {
        [format!("{a} (A)"), format!("{b} (B)")]
    } else {
        [a, b]
    }
}

/// Plays games, the next one not yet taken each time, until none is left.
fn worker(
    pair: &mut ByEngine<MatchEngine>,
    settings: &Settings,
    openings: &[Opening],
    names: &ByEngine<String>,
    board: &Mutex<Scoreboard>,
    outputs: &Mutex<Outputs>,
) {
    loop {
        let game = {
            let Ok(mut board) = board.lock() else { return };
            if board.stopped || board.next_game >= settings.games {
                return;
            }
            board.next_game += 1;
            board.next_game - 1
        };
        let opening_number = game / 2 % openings.len();
        let opening = &openings[opening_number];
        let a_is_black = game % 2 == 0;
        let [a, b] = pair.each_mut();
        let engines = if a_is_black {
            ByColor::new(a, b)
        } else {
            ByColor::new(b, a)
        };
        let finished = Finished {
            game,
            a_is_black,
            opening_number,
            opening,
            played: play_game(
                engines,
                opening,
                &settings.rules(),
                &mut |_| {},
                &AtomicBool::new(false),
            ),
        };
        let Ok(mut board) = board.lock() else { return };
        score(&mut board, &finished, names, settings);
        if let Ok(mut outputs) = outputs.lock() {
            write_out(&mut outputs, &finished, names);
        }
    }
}
