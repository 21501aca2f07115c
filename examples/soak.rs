//! A soak of the engine and the rules: plays many games through the engine's one decision
//! path (`engine::decide`) and checks everything a player could see go wrong.
//!
//! Every level meets every level, from the even start and each handicap, under each time
//! control (byoyomi, Fischer, sudden death) kept by the game clock on the real time the moves
//! take; a node cap per move keeps the games short. Checked: every move is on the rules core's
//! legal list; every ending is one the rules bear out (checkmate, sennichite, perpetual check,
//! impasse declaration, move limit, time, resignation); each finished game written as KIF and
//! as CSA reads back as the same game with the same result.
//!
//! `cargo run --release --no-default-features --example soak -- [--games N] [--nodes N] [--seed N]`
//! (2,000 games by default). Prints a line per 100 games, then the totals; exits 1 on any
//! failure, naming the game, so it can be replayed alone with `--first N --games 1`.

use komadai::clock::{GameClock, TimeControl};
use komadai::engine::search::{Engine, THREAD_STACK};
use komadai::engine::{
    EngineMove, ImpasseRule, Level, MoveLimits, MoveRequest, TimeLimit, decide, replay,
};
use komadai::record::Record;
use komadai::rules::game::{EndReason, Game, GameResult, MAX_PLIES};
use komadai::rules::impasse;
use komadai::rules::{ByColor, Color, Handicap, Position};
use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

struct Options {
    games: usize,
    first: usize,
    nodes: u64,
    seed: u64,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        games: 2_000,
        first: 0,
        nodes: 1_500,
        seed: 1,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).ok_or(format!("{} needs a number", pair[0]))?;
        let number: u64 = value
            .parse()
            .map_err(|_| format!("{} needs a number, not {value}", pair[0]))?;
        match pair[0].as_str() {
            "--games" => options.games = number as usize,
            "--first" => options.first = number as usize,
            "--nodes" => options.nodes = number,
            "--seed" => options.seed = number,
            other => {
                return Err(format!(
                    "unknown option {other} (--games --first --nodes --seed)"
                ));
            }
        }
    }
    Ok(options)
}

/// The game numbered `index`: its levels, start and control, so that every nine games
/// cover every pairing, and the starts and controls turn over beneath them.
struct Setting {
    levels: ByColor<Level>,
    handicap: Option<Handicap>,
    control: TimeControl,
}

fn setting(index: usize) -> Setting {
    let levels = ByColor::new(Level::ALL[index % 3], Level::ALL[index / 3 % 3]);
    let round = index / 9;
    // Every other round from the even start, the others through the handicaps in turn.
    let handicap =
        (round % 2 == 1).then(|| Handicap::STANDARD[round / 2 % Handicap::STANDARD.len()]);
    let control = match round / 3 % 3 {
        0 => TimeControl::Byoyomi {
            main: Duration::from_secs(1),
            period: Duration::from_millis(200),
        },
        1 => TimeControl::Fischer {
            main: Duration::from_secs(1),
            increment: Duration::from_millis(100),
        },
        _ => TimeControl::SuddenDeath {
            main: Duration::from_secs(4),
        },
    };
    Setting {
        levels,
        handicap,
        control,
    }
}

/// How one game went.
struct Played {
    game: Game,
    move_times: Vec<Duration>,
    failures: Vec<String>,
}

fn play(index: usize, options: &Options) -> Played {
    let setting = setting(index);
    let start = setting
        .handicap
        .map_or_else(Position::startpos, Handicap::position);
    let mut game = Game::from_position(start);
    let mut clock = GameClock::new(
        ByColor::new(setting.control, setting.control),
        start.side_to_move(),
    );
    let mut engines = ByColor::new(
        Engine::new(setting.levels[Color::Sente].params().hash_mb),
        Engine::new(setting.levels[Color::Gote].params().hash_mb),
    );
    let mut failures = Vec::new();
    let stop = AtomicBool::new(false);
    clock.resume(Instant::now());
    while !game.is_over() {
        let mover = game.side_to_move();
        let params = setting.levels[mover].params();
        let (position, path) = replay(game.start(), game.moves());
        let began = Instant::now();
        let request = MoveRequest {
            position: &position,
            path: &path,
            params,
            limits: MoveLimits {
                time: clock
                    .for_engine(mover, began)
                    .map_or(TimeLimit::Level, TimeLimit::Clock),
                nodes: Some(options.nodes),
                ..MoveLimits::level_pace()
            },
            impasse_rule: ImpasseRule::Point24,
            seed: options.seed ^ ((index as u64) << 20) ^ game.moves().len() as u64,
            lines: 1,
        };
        let decision = decide(&request, &mut engines[mover], &stop, &mut |_| {});
        let done = Instant::now();
        if clock.time_up(done).is_some() {
            game.lose_on_time();
            break;
        }
        match decision.action {
            EngineMove::Move(mv) => {
                if !game.legal_moves().contains(mv) {
                    failures.push(format!(
                        "{mv} is not on the legal list of {}",
                        position.to_sfen()
                    ));
                    break;
                }
                if let Err(err) = game.play(mv) {
                    failures.push(format!("the game refused {mv}: {err:?}"));
                    break;
                }
                clock.press(done);
            }
            EngineMove::Resign => {
                if !params.resigns_when_mated && position.has_legal_move() {
                    failures.push(format!(
                        "{mover} resigned at {} without cause",
                        position.to_sfen()
                    ));
                }
                game.resign(mover);
            }
            EngineMove::DeclareWin => match game.declare() {
                Ok(result) if result.winner == Some(mover) => {}
                other => failures.push(format!("{mover} declared and got {other:?}")),
            },
        }
    }
    failures.extend(ending_problem(&game));
    Played {
        game,
        move_times: clock.move_times().to_vec(),
        failures,
    }
}

/// What is wrong with the game's ending by the rules, looked at afresh.
fn ending_problem(game: &Game) -> Option<String> {
    let Some(result) = game.result() else {
        return Some("the game stopped without a result".to_string());
    };
    let last = game.position();
    let occurrences = std::iter::once(*game.start())
        .chain((1..=game.moves().len()).filter_map(|ply| game.position_after(ply).copied()))
        .filter(|pos| pos.hash() == last.hash())
        .count();
    let holds = match result.reason {
        EndReason::Checkmate => last.in_check() && !last.has_legal_move(),
        EndReason::NoLegalMoves => !last.has_legal_move(),
        EndReason::Sennichite | EndReason::PerpetualCheck => occurrences >= 4,
        EndReason::Impasse { .. } => {
            impasse::can_declare(last)
                && result.winner == impasse::count_winner(impasse::both_points(last))
        }
        EndReason::MaxPlies { .. } => game.moves().len() >= MAX_PLIES,
        // Judged as they happen, by the clock and the resigning level.
        EndReason::TimeUp | EndReason::Resignation => true,
    };
    (!holds).then(|| format!("{result} does not hold at {}", last.to_sfen()))
}

/// What the written record loses when read back, if anything.
fn round_trip_problem(played: &Played) -> Option<String> {
    let mut record = Record::new(played.game.clone());
    record.move_times = played.move_times.clone();
    let kif = Record::from_kif(&record.to_kif());
    let csa = Record::from_csa(&record.to_csa());
    for (name, back) in [("KIF", kif), ("CSA", csa)] {
        match back {
            Ok(back) if back.to_usi() != record.to_usi() => {
                return Some(format!("{name} read back as another game"));
            }
            Ok(back) if !same_ending(&back, record.game.result()) => {
                return Some(format!(
                    "{name} read back ending {:?} / {:?} for {:?}",
                    back.game.result(),
                    back.other_ending,
                    record.game.result()
                ));
            }
            Ok(_) => {}
            Err(err) => return Some(format!("{name} written does not read back: {err}")),
        }
    }
    None
}

/// The ending read back is the one played: the same result, or (for a loss on time, which a
/// record's moves cannot bear out) the file's own word for it kept as written.
fn same_ending(back: &Record, played: Option<&GameResult>) -> bool {
    match played {
        Some(result) if result.reason == EndReason::TimeUp => {
            back.game.result() == played || back.other_ending.is_some()
        }
        _ => back.game.result() == played,
    }
}

fn ending_name(result: Option<&GameResult>) -> &'static str {
    match result.map(|r| r.reason) {
        Some(EndReason::Checkmate) => "checkmate",
        Some(EndReason::NoLegalMoves) => "no legal move",
        Some(EndReason::Resignation) => "resignation",
        Some(EndReason::TimeUp) => "time",
        Some(EndReason::Sennichite) => "sennichite",
        Some(EndReason::PerpetualCheck) => "perpetual check",
        Some(EndReason::Impasse { .. }) => "impasse declaration",
        Some(EndReason::MaxPlies { .. }) => "move limit",
        None => "none",
    }
}

fn soak(options: &Options) -> bool {
    let began = Instant::now();
    let mut endings: BTreeMap<&str, usize> = BTreeMap::new();
    let (mut moves, mut failed) = (0, 0);
    for index in options.first..options.first + options.games {
        let played = play(index, options);
        moves += played.game.moves().len();
        *endings
            .entry(ending_name(played.game.result()))
            .or_default() += 1;
        let failures = played
            .failures
            .iter()
            .cloned()
            .chain(round_trip_problem(&played));
        for failure in failures {
            failed += 1;
            eprintln!("game {index}: {failure}");
        }
        let done = index + 1 - options.first;
        if done.is_multiple_of(100) || done == options.games {
            println!(
                "{done} games, {moves} moves, {failed} failures, {:.0} s",
                began.elapsed().as_secs_f64()
            );
        }
    }
    println!("endings: {endings:?}");
    failed == 0
}

fn main() -> ExitCode {
    let options = match options() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("soak: {message}");
            return ExitCode::from(2);
        }
    };
    // The search recurses deeply: it runs on a thread with the stack it needs.
    let worker = std::thread::Builder::new()
        .stack_size(THREAD_STACK)
        .spawn(move || soak(&options));
    match worker.map(|w| w.join()) {
        Ok(Ok(true)) => ExitCode::SUCCESS,
        _ => ExitCode::FAILURE,
    }
}
