//! Self-play games for training the evaluation network, in process: one game
//! per thread, each move searched to a fixed node count, every position kept
//! with the search's score and best move, and each game's result.
//!
//! ```text
//! cargo run --release --example selfplay -- [--seed S] [--threads N] [--nodes N]
//!     [--games N] [--chunk N] [--out DIR] [--eval builtin|linear|FILE]
//! ```
//!
//! `--eval` chooses the evaluation the games are played with (the built-in
//! network by default; seed 1's games were played with `linear`).
//!
//! Games are numbered from 0 and game `i` is always played from the same seed,
//! so a run can be stopped at any moment and resumed with the same command: it
//! reads what its chunk files already hold (cutting off a game half-written by
//! a kill) and plays only the games still missing. Chunk `c` holds games
//! `c * chunk .. (c + 1) * chunk` in `DIR/selfplay-s<seed>-c<c>.kpk2`; a
//! finished chunk may be compressed to `.kpk2.xz` (`xz -9`), after which it is
//! taken as complete. The format is [`komadai::engine::eval::data`]'s.

use komadai::engine::eval::data::{self, GameOutcome, GameRecord, PositionRecord};
use komadai::engine::repetition::Visit;
use komadai::engine::search::{Engine, Limits, MATE_BOUND, THREAD_STACK};
use komadai::rules::game::Game;
use komadai::rules::{Color, Handicap, Position};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::collections::BTreeSet;
use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// A game is given to the side ahead once both sides' searches have agreed on
/// a lead this large for this many plies in a row.
const ADJUDICATE_SCORE: i32 = 3_000;
const ADJUDICATE_PLIES: usize = 4;
/// Plies after the opening before a game is called a draw.
const MAX_PLIES: usize = 300;
/// One game in this many starts from a handicap.
const HANDICAP_ONE_IN: u64 = 10;
const HANDICAPS: [Handicap; 4] = [
    Handicap::Lance,
    Handicap::Bishop,
    Handicap::Rook,
    Handicap::TwoPieces,
];
const HASH_MB: usize = 16;

struct Options {
    seed: u64,
    threads: usize,
    nodes: u64,
    games: u64,
    chunk: u64,
    out: PathBuf,
}

fn main() {
    let options = match parse_args(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("selfplay: {message}");
            std::process::exit(2);
        }
    };
    if let Err(message) = run(&options) {
        eprintln!("selfplay: {message}");
        std::process::exit(1);
    }
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        seed: 1,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        nodes: 5_000,
        games: u64::MAX,
        chunk: 1_000,
        out: PathBuf::from("tools/data/nnue"),
    };
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag}: not a whole number: {value}"))
        };
        match flag.as_str() {
            "--seed" => options.seed = number()?,
            "--threads" => options.threads = number()?.max(1) as usize,
            "--nodes" => options.nodes = number()?.max(1),
            "--games" => options.games = number()?,
            "--chunk" => options.chunk = number()?.max(1),
            "--out" => options.out = PathBuf::from(&value),
            "--eval" => komadai::engine::nnue::install(
                komadai::engine::nnue::Choice::named(&value).map_err(|e| format!("--eval: {e}"))?,
            ),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(options)
}

/// Which games are already stored, and where the next ones go.
struct Store {
    options_seed: u64,
    chunk: u64,
    dir: PathBuf,
    done: Mutex<BTreeSet<u64>>,
    complete_chunks: BTreeSet<u64>,
}

impl Store {
    fn open(options: &Options) -> Result<Store, String> {
        fs::create_dir_all(&options.out)
            .map_err(|e| format!("cannot make {}: {e}", options.out.display()))?;
        let mut store = Store {
            options_seed: options.seed,
            chunk: options.chunk,
            dir: options.out.clone(),
            done: Mutex::new(BTreeSet::new()),
            complete_chunks: BTreeSet::new(),
        };
        let entries = fs::read_dir(&options.out)
            .map_err(|e| format!("cannot read {}: {e}", options.out.display()))?;
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if let Some(chunk) = store.chunk_of(&name, ".kpk2.xz") {
                store.complete_chunks.insert(chunk);
            } else if store.chunk_of(&name, ".kpk2").is_some() {
                store.read_raw(&entry.path())?;
            }
        }
        Ok(store)
    }

    /// The chunk number of a file of this seed with this suffix.
    fn chunk_of(&self, name: &str, suffix: &str) -> Option<u64> {
        let prefix = format!("selfplay-s{}-c", self.options_seed);
        name.strip_prefix(&prefix)?
            .strip_suffix(suffix)?
            .parse()
            .ok()
    }

    /// Notes the games of a raw chunk, cutting off a game a kill left half-written.
    fn read_raw(&mut self, path: &Path) -> Result<(), String> {
        let bytes = fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let (games, whole) = data::read_games(&bytes);
        if whole < bytes.len() {
            eprintln!(
                "selfplay: {}: {} bytes of a half-written game cut off",
                path.display(),
                bytes.len() - whole
            );
            let file = OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
            file.set_len(whole as u64)
                .map_err(|e| format!("cannot cut {}: {e}", path.display()))?;
        }
        let done = self.done.get_mut().unwrap_or_else(|e| e.into_inner());
        done.extend(games.iter().map(|game| game.index));
        Ok(())
    }

    fn is_done(&self, index: u64) -> bool {
        self.complete_chunks.contains(&(index / self.chunk))
            || self
                .done
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .contains(&index)
    }

    /// Appends a finished game to its chunk in one write.
    fn append(&self, game: &GameRecord) -> Result<(), String> {
        let path = self.dir.join(format!(
            "selfplay-s{}-c{}.kpk2",
            self.options_seed,
            game.index / self.chunk
        ));
        let mut bytes = Vec::new();
        data::write_game(game, &mut bytes);
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        file.write_all(&bytes)
            .and_then(|()| file.flush())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        done.insert(game.index);
        Ok(())
    }
}

struct Totals {
    games: AtomicU64,
    positions: AtomicU64,
    started: Instant,
}

fn run(options: &Options) -> Result<(), String> {
    let store = Store::open(options)?;
    let next = AtomicU64::new(0);
    let failed = AtomicBool::new(false);
    let totals = Totals {
        games: AtomicU64::new(0),
        positions: AtomicU64::new(0),
        started: Instant::now(),
    };
    std::thread::scope(|scope| {
        for _ in 0..options.threads {
            let (store, next, failed, totals) = (&store, &next, &failed, &totals);
            std::thread::Builder::new()
                .stack_size(THREAD_STACK)
                .spawn_scoped(scope, move || {
                    let mut engine = Engine::new(HASH_MB);
                    while !failed.load(Ordering::Relaxed) {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= options.games {
                            break;
                        }
                        if store.is_done(index) {
                            continue;
                        }
                        let game = play_game(&mut engine, options, index);
                        if let Err(message) = store.append(&game) {
                            eprintln!("selfplay: {message}");
                            failed.store(true, Ordering::Relaxed);
                        }
                        report(totals, &game);
                    }
                })
                .map_err(|e| format!("cannot start a thread: {e}"))?;
        }
        Ok::<(), String>(())
    })?;
    if failed.load(Ordering::Relaxed) {
        return Err("stopped after a write failed".into());
    }
    Ok(())
}

fn report(totals: &Totals, game: &GameRecord) {
    let games = totals.games.fetch_add(1, Ordering::Relaxed) + 1;
    let positions = totals
        .positions
        .fetch_add(game.positions.len() as u64, Ordering::Relaxed)
        + game.positions.len() as u64;
    if games.is_multiple_of(20) {
        let hours = totals.started.elapsed().as_secs_f64() / 3600.0;
        eprintln!(
            "selfplay: {games} games, {positions} positions this run ({:.0} positions an hour); last game {} ({} plies, {:?})",
            positions as f64 / hours.max(1e-9),
            game.index,
            game.positions.len(),
            game.outcome,
        );
    }
}

/// The game's own random number generator: the same index, the same game.
fn game_rng(seed: u64, index: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ index)
}

/// A start after a few random moves (fewer from a handicap, whose start is
/// already unbalanced) that is not already over.
fn random_start(rng: &mut Xoshiro256PlusPlus) -> (u8, Position) {
    loop {
        let (kind, start, plies) = if rng.random_range(0..HANDICAP_ONE_IN) == 0 {
            let which = rng.random_range(0..HANDICAPS.len());
            (
                which as u8 + 1,
                HANDICAPS[which].position(),
                rng.random_range(2..=4),
            )
        } else {
            (0, Position::startpos(), rng.random_range(6..=10))
        };
        let mut game = Game::from_position(start);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() || game.is_over() {
                break;
            }
            let mv = moves.as_slice()[rng.random_range(0..moves.len())];
            if game.play(mv).is_err() {
                break;
            }
        }
        if !game.is_over() && game.position().has_legal_move() {
            return (kind, *game.position());
        }
    }
}

fn play_game(engine: &mut Engine, options: &Options, index: u64) -> GameRecord {
    let mut rng = game_rng(options.seed, index);
    let (start_kind, start) = random_start(&mut rng);
    engine.clear();
    let mut game = Game::from_position(start);
    let mut path: Vec<Visit> = Vec::new();
    let mut positions: Vec<PositionRecord> = Vec::new();
    let limits = Limits {
        threads: 1,
        nodes: Some(options.nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut lead: Option<(Color, usize)> = None;
    let mut outcome = GameOutcome::Draw(data::End::PlyLimit);
    for _ in 0..MAX_PLIES {
        if let Some(result) = game.result() {
            outcome = data::GameOutcome::of_result(result);
            break;
        }
        let pos = *game.position();
        let found = engine.search(&pos, &path, &limits, &stop, 0, &mut |_| {});
        let Some(best) = found.best else {
            break;
        };
        positions.push(PositionRecord {
            best,
            score: found.score,
            played: None,
        });
        let ahead = if found.score > 0 {
            pos.side_to_move()
        } else {
            !pos.side_to_move()
        };
        lead = match lead {
            _ if found.score.abs() < ADJUDICATE_SCORE => None,
            Some((side, plies)) if side == ahead => Some((side, plies + 1)),
            _ => Some((ahead, 1)),
        };
        let agreed = lead.is_some_and(|(_, plies)| plies >= ADJUDICATE_PLIES);
        if agreed || found.score.abs() >= MATE_BOUND {
            outcome = GameOutcome::Win(ahead, data::End::Adjudicated);
            break;
        }
        path.push(Visit {
            key: pos.hash(),
            in_check: pos.in_check(),
        });
        if game.play(best).is_err() {
            break;
        }
        if let Some(last) = positions.last_mut() {
            last.played = Some(best);
        }
    }
    GameRecord {
        index,
        start_kind,
        start,
        outcome,
        positions,
    }
}
