//! A match between two USI engines, every game judged by komadai's own rules
//! core (`komadai::rules::game::Game`): the engines only propose moves.
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

use komadai::record::Record;
use komadai::rules::game::{EndReason, Game, GameResult, MAX_PLIES};
use komadai::rules::impasse::csa27_declaration_valid;
use komadai::rules::{ByColor, Color, Move, Position, PositionCommand};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use serde_json::json;
use std::collections::{HashSet, VecDeque};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "-h" || a == "--help") {
        println!("usage: usi_match -a ENGINE_A -b ENGINE_B [options]; see examples/usi_match.rs");
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

// ---------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------

/// How long each move may take, as the match asks for it.
#[derive(Clone, Debug, PartialEq)]
enum TimeControl {
    Byoyomi(u64),
    Movetime(u64),
    Nodes(u64),
    Depth(u32),
    /// Main time each, then byoyomi or a Fischer increment (milliseconds).
    Clock {
        main: u64,
        byoyomi: u64,
        inc: u64,
    },
}

/// Which rule `bestmove win` is judged by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DeclarationRule {
    Csa27,
    Point24,
}

/// One engine as the command line gives it.
#[derive(Clone, Debug, Default)]
struct EngineSpec {
    argv: Vec<String>,
    name: Option<String>,
    /// `(name, value)`; no value for a button.
    options: Vec<(String, Option<String>)>,
    /// Its own `go` line, instead of the match's time control.
    go: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Settings {
    a: EngineSpec,
    b: EngineSpec,
    games: usize,
    time: TimeControl,
    timeout_margin: Duration,
    move_timeout: Duration,
    init_timeout: Duration,
    openings: Option<String>,
    random_plies: usize,
    shuffle: bool,
    seed: u64,
    max_plies: usize,
    declaration: DeclarationRule,
    concurrency: usize,
    log: Option<String>,
    csa: Option<String>,
    traffic_log: Option<String>,
    quiet: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            a: EngineSpec::default(),
            b: EngineSpec::default(),
            games: 10,
            time: TimeControl::Byoyomi(100),
            timeout_margin: Duration::from_millis(1000),
            move_timeout: Duration::from_millis(60_000),
            init_timeout: Duration::from_secs(60),
            openings: None,
            random_plies: 8,
            shuffle: false,
            seed: 1,
            max_plies: MAX_PLIES,
            declaration: DeclarationRule::Csa27,
            concurrency: 1,
            log: None,
            csa: None,
            traffic_log: None,
            quiet: false,
        }
    }
}

impl Settings {
    pub fn parse(args: &[String]) -> Result<Settings, String> {
        let mut s = Settings::default();
        let (mut byoyomi, mut movetime, mut nodes, mut depth) = (None, None, None, None);
        let (mut main_time, mut inc) = (None, None);
        let mut words = args.iter();
        while let Some(flag) = words.next() {
            let mut value = || {
                words
                    .next()
                    .cloned()
                    .ok_or_else(|| format!("{flag} needs a value"))
            };
            match flag.as_str() {
                "-a" | "--engine-a" => s.a.argv = split_command(&value()?)?,
                "-b" | "--engine-b" => s.b.argv = split_command(&value()?)?,
                "--name-a" => s.a.name = Some(value()?),
                "--name-b" => s.b.name = Some(value()?),
                "--opt-a" => s.a.options.push(parse_option(&value()?)),
                "--opt-b" => s.b.options.push(parse_option(&value()?)),
                "--go-a" => s.a.go = Some(go_line(&value()?)),
                "--go-b" => s.b.go = Some(go_line(&value()?)),
                "-n" | "--games" => s.games = number(flag, &value()?)?,
                "--byoyomi" => byoyomi = Some(number(flag, &value()?)?),
                "--movetime" => movetime = Some(number(flag, &value()?)?),
                "--nodes" => nodes = Some(number(flag, &value()?)?),
                "--depth" => depth = Some(number(flag, &value()?)?),
                "--time" => main_time = Some(number(flag, &value()?)?),
                "--inc" => inc = Some(number(flag, &value()?)?),
                "--timeout-margin" => s.timeout_margin = millis(flag, &value()?)?,
                "--move-timeout" => s.move_timeout = millis(flag, &value()?)?,
                "--init-timeout" => {
                    let secs: f64 = number(flag, &value()?)?;
                    s.init_timeout = Duration::try_from_secs_f64(secs)
                        .map_err(|_| format!("{flag}: {secs} is not a duration"))?;
                }
                "--openings" => s.openings = Some(value()?),
                "--random-plies" => s.random_plies = number(flag, &value()?)?,
                "--shuffle" => s.shuffle = true,
                "--seed" => s.seed = number(flag, &value()?)?,
                "--max-plies" => s.max_plies = number(flag, &value()?)?,
                "--declaration" => {
                    s.declaration = match value()?.as_str() {
                        "csa27" => DeclarationRule::Csa27,
                        "point24" => DeclarationRule::Point24,
                        other => {
                            return Err(format!(
                                "--declaration: '{other}' is not csa27 or point24"
                            ));
                        }
                    }
                }
                "-c" | "--concurrency" => s.concurrency = number(flag, &value()?)?,
                "--log" => s.log = Some(value()?),
                "--csa" => s.csa = Some(value()?),
                "--traffic-log" => s.traffic_log = Some(value()?),
                "-q" | "--quiet" => s.quiet = true,
                other => {
                    return Err(format!(
                        "unknown option '{other}' (see examples/usi_match.rs)"
                    ));
                }
            }
        }
        if s.a.argv.is_empty() || s.b.argv.is_empty() {
            return Err("both engines are needed: -a COMMAND -b COMMAND".to_string());
        }
        s.time = time_control(byoyomi, movetime, nodes, depth, main_time, inc)?;
        s.concurrency = s.concurrency.clamp(1, s.games.max(1));
        Ok(s)
    }
}

fn time_control(
    byoyomi: Option<u64>,
    movetime: Option<u64>,
    nodes: Option<u64>,
    depth: Option<u32>,
    main: Option<u64>,
    inc: Option<u64>,
) -> Result<TimeControl, String> {
    if main.is_some() || inc.is_some() {
        if movetime.is_some() || nodes.is_some() || depth.is_some() {
            return Err(
                "--time/--inc keep a clock: not with --movetime, --nodes or --depth".into(),
            );
        }
        if byoyomi.is_some() && inc.is_some() {
            return Err("a clock has byoyomi or an increment, not both".into());
        }
        return Ok(TimeControl::Clock {
            main: main.unwrap_or(0),
            byoyomi: byoyomi.unwrap_or(0),
            inc: inc.unwrap_or(0),
        });
    }
    let limits = [
        byoyomi.map(TimeControl::Byoyomi),
        movetime.map(TimeControl::Movetime),
        nodes.map(TimeControl::Nodes),
        depth.map(TimeControl::Depth),
    ];
    let mut given = limits.into_iter().flatten();
    let time = given.next().unwrap_or(TimeControl::Byoyomi(100));
    if given.next().is_some() {
        return Err("give one of --byoyomi, --movetime, --nodes, --depth".into());
    }
    Ok(time)
}

fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag}: '{text}' is not a number"))
}

fn millis(flag: &str, text: &str) -> Result<Duration, String> {
    number(flag, text).map(Duration::from_millis)
}

/// `NAME=VALUE`, `NAME` (a button) or a whole `setoption name N value V`.
fn parse_option(text: &str) -> (String, Option<String>) {
    let text = text.trim();
    if let Some(rest) = text.strip_prefix("setoption name ") {
        return match rest.split_once(" value ") {
            Some((name, value)) => (name.trim().to_string(), Some(value.trim().to_string())),
            None => (rest.trim().to_string(), None),
        };
    }
    match text.split_once('=') {
        Some((name, value)) => (name.trim().to_string(), Some(value.trim().to_string())),
        None => (text.to_string(), None),
    }
}

fn go_line(text: &str) -> String {
    let text = text.trim();
    if text.starts_with("go") {
        text.to_string()
    } else {
        format!("go {text}")
    }
}

/// Splits a command line into words: spaces separate, single or double
/// quotes group, a backslash outside single quotes takes the next character.
fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('\''), c) => word.get_or_insert_default().push(c),
            (_, '\\') => {
                let next = chars.next().ok_or("a command ends in a backslash")?;
                word.get_or_insert_default().push(next);
            }
            (Some(_), c) => word.get_or_insert_default().push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_default();
            }
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_default().push(c),
        }
    }
    if quote.is_some() {
        return Err(format!("unclosed quote in '{text}'"));
    }
    words.extend(word);
    Ok(words)
}

// ---------------------------------------------------------------------------
// Openings
// ---------------------------------------------------------------------------

/// A start position and the moves played from it before the engines take
/// over.
#[derive(Clone, Debug, PartialEq)]
struct Opening {
    start: Position,
    moves: Vec<Move>,
}

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

fn parse_openings(text: &str, path: &str) -> Result<Vec<Opening>, String> {
    let mut list = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let opening = parse_opening(line).map_err(|e| format!("{path}:{}: {e}", number + 1))?;
        list.push(opening);
    }
    if list.is_empty() {
        return Err(format!("{path}: no opening in it"));
    }
    Ok(list)
}

/// One line of an openings file, in any of the forms the module's doc names.
fn parse_opening(line: &str) -> Result<Opening, String> {
    let line = line.strip_prefix("position ").unwrap_or(line).trim();
    let first = line.split_whitespace().next().unwrap_or("");
    let command = if first == "startpos" || first == "sfen" {
        line.to_string()
    } else if first.contains('/') {
        format!("sfen {line}")
    } else {
        let moves = line.strip_prefix("moves").unwrap_or(line);
        format!("startpos moves {moves}")
    };
    let parsed = PositionCommand::parse(&command).map_err(|e| e.to_string())?;
    let opening = Opening {
        start: parsed.start,
        moves: parsed.moves,
    };
    if Referee::new(&opening, MAX_PLIES, DeclarationRule::Csa27)
        .verdict
        .is_some()
    {
        return Err("the game is already over there".to_string());
    }
    Ok(opening)
}

fn shuffle<T>(list: &mut [T], seed: u64) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    for i in (1..list.len()).rev() {
        list.swap(i, rng.random_range(0..=i));
    }
}

/// `count` distinct openings of `plies` quiet random moves from the start:
/// no capture, drop or promotion, and not ending in check, so neither side
/// starts with an edge the moves handed it.
fn random_openings(count: usize, plies: usize, seed: u64) -> Vec<Opening> {
    let start = Position::startpos();
    if plies == 0 {
        return vec![Opening {
            start,
            moves: Vec::new(),
        }];
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut seen = HashSet::new();
    let mut list = Vec::new();
    for _ in 0..1000 * count.max(1) {
        if list.len() == count {
            break;
        }
        if let Some(moves) = quiet_random_moves(&start, plies, &mut rng) {
            let end = moves.iter().fold(start, |pos, &mv| pos.after(mv));
            if !end.in_check() && end.has_legal_move() && seen.insert(end.hash()) {
                list.push(Opening { start, moves });
            }
        }
    }
    if list.is_empty() {
        list.push(Opening {
            start,
            moves: Vec::new(),
        });
    }
    list
}

fn quiet_random_moves(
    start: &Position,
    plies: usize,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<Vec<Move>> {
    let mut pos = *start;
    let mut moves = Vec::with_capacity(plies);
    for _ in 0..plies {
        let quiet: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|&mv| !mv.is_drop() && !mv.is_promotion() && pos.piece_at(mv.to()).is_none())
            .collect();
        if quiet.is_empty() {
            return None;
        }
        let mv = quiet[rng.random_range(0..quiet.len())];
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    Some(moves)
}

// ---------------------------------------------------------------------------
// Judging
// ---------------------------------------------------------------------------

/// How a game ended: the winner (`None`, a draw), the reason as the log
/// names it, and a few words more.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Verdict {
    winner: Option<Color>,
    reason: &'static str,
    detail: String,
}

impl Verdict {
    fn new(winner: Option<Color>, reason: &'static str, detail: impl Into<String>) -> Verdict {
        Verdict {
            winner,
            reason,
            detail: detail.into(),
        }
    }

    /// The verdict a rule of the game gave.
    fn of_result(result: &GameResult) -> Verdict {
        let (reason, detail) = match result.reason {
            EndReason::Checkmate => ("checkmate", String::new()),
            EndReason::NoLegalMoves => ("no-legal-move", String::new()),
            EndReason::Resignation => ("resign", String::new()),
            EndReason::TimeUp => ("timeout", String::new()),
            EndReason::Sennichite => ("sennichite", String::new()),
            EndReason::PerpetualCheck => ("perpetual-check", result.to_string()),
            EndReason::Impasse {
                sente_points,
                gote_points,
            } => (
                "declaration",
                format!("Sente {sente_points} points, Gote {gote_points} points"),
            ),
            EndReason::MaxPlies { points: None } => ("max-plies", String::new()),
            EndReason::MaxPlies {
                points: Some((sente, gote)),
            } => (
                "max-plies",
                format!("both kings in their zones: Sente {sente} points, Gote {gote} points"),
            ),
        };
        Verdict::new(result.winner, reason, detail)
    }
}

/// One game as the referee sees it: the rules core's game, every move the
/// engines sent (an illegal one last), and the verdict once there is one.
struct Referee {
    game: Game,
    /// Every move as sent, the opening's included; an illegal one last.
    moves: Vec<String>,
    max_plies: usize,
    declaration: DeclarationRule,
    verdict: Option<Verdict>,
}

impl Referee {
    fn new(opening: &Opening, max_plies: usize, declaration: DeclarationRule) -> Referee {
        let mut referee = Referee {
            game: Game::from_position(opening.start),
            moves: Vec::new(),
            max_plies,
            declaration,
            verdict: None,
        };
        for &mv in &opening.moves {
            referee.judge(&mv.to_string());
        }
        if referee.verdict.is_none() {
            referee.verdict = referee.limit_verdict();
        }
        referee
    }

    fn side_to_move(&self) -> Color {
        self.game.side_to_move()
    }

    /// The `position` command for the engine to move.
    fn position_command(&self) -> String {
        let command = PositionCommand {
            start: *self.game.start(),
            moves: self.game.moves().to_vec(),
        };
        format!("position {}", command.to_usi())
    }

    /// Judges the side to move's answer (a `bestmove` word); the verdict if
    /// it ended the game.
    fn judge(&mut self, answer: &str) -> Option<&Verdict> {
        let mover = self.side_to_move();
        self.verdict = match answer {
            "resign" => {
                self.game.resign(mover);
                self.game.result().map(Verdict::of_result)
            }
            "win" => Some(self.declaration_verdict(mover)),
            text => self.play(mover, text),
        };
        self.verdict.as_ref()
    }

    fn play(&mut self, mover: Color, text: &str) -> Option<Verdict> {
        self.moves.push(text.to_string());
        let illegal = |why: String| Verdict::new(Some(!mover), "illegal-move", why);
        let mv = match Move::from_usi(text) {
            Ok(mv) => mv,
            Err(_) => return Some(illegal(format!("{mover} sent '{text}', not a USI move"))),
        };
        if let Err(why) = self.game.play(mv) {
            return Some(illegal(format!("{mover} played {text}: {why}")));
        }
        self.game
            .result()
            .map(Verdict::of_result)
            .or_else(|| self.limit_verdict())
    }

    /// A plain draw at the match's ply limit when it is below the rule
    /// book's, which the game applies itself.
    fn limit_verdict(&self) -> Option<Verdict> {
        let cut = self.max_plies < MAX_PLIES && self.game.total_plies() >= self.max_plies;
        cut.then(|| Verdict::new(None, "max-plies", format!("{} plies", self.max_plies)))
    }

    fn declaration_verdict(&mut self, declarer: Color) -> Verdict {
        let false_declaration = || {
            Verdict::new(
                Some(!declarer),
                "false-declaration",
                format!("{declarer} declared without the right"),
            )
        };
        match self.declaration {
            DeclarationRule::Csa27 if csa27_declaration_valid(self.game.position()) => {
                Verdict::new(
                    Some(declarer),
                    "declaration",
                    format!("{declarer} declared (27-point rule)"),
                )
            }
            DeclarationRule::Csa27 => false_declaration(),
            DeclarationRule::Point24 => match self.game.declare() {
                Ok(result) => Verdict::of_result(&result),
                Err(_) => false_declaration(),
            },
        }
    }

    /// The side to move did not answer in time, or its engine failed.
    fn lose_by(&mut self, failure: &Failure) {
        let loser = self.side_to_move();
        if matches!(failure, Failure::Timeout(_)) {
            self.game.lose_on_time();
        }
        self.verdict = Some(Verdict::new(
            Some(!loser),
            failure.reason(),
            format!("{loser}: {}", failure.message()),
        ));
    }

    /// Moves played on the board (an illegal last move was not).
    fn plies(&self) -> usize {
        self.game.ply()
    }
}

// ---------------------------------------------------------------------------
// Clocks
// ---------------------------------------------------------------------------

/// What each side has left and what the next `go` says.
#[derive(Clone, Debug)]
struct Clocks {
    time: TimeControl,
    /// Main time left, in milliseconds.
    remaining: ByColor<u64>,
}

impl Clocks {
    fn new(time: &TimeControl) -> Clocks {
        let main = match time {
            TimeControl::Clock { main, .. } => *main,
            _ => 0,
        };
        Clocks {
            time: time.clone(),
            remaining: ByColor::new(main, main),
        }
    }

    fn go_line(&self) -> String {
        let ByColor([btime, wtime]) = self.remaining;
        match self.time {
            TimeControl::Byoyomi(ms) => format!("go btime 0 wtime 0 byoyomi {ms}"),
            TimeControl::Movetime(ms) => format!("go movetime {ms}"),
            TimeControl::Nodes(n) => format!("go nodes {n}"),
            TimeControl::Depth(d) => format!("go depth {d}"),
            TimeControl::Clock {
                inc: 0, byoyomi, ..
            } => {
                format!("go btime {btime} wtime {wtime} byoyomi {byoyomi}")
            }
            TimeControl::Clock { inc, .. } => {
                format!("go btime {btime} wtime {wtime} binc {inc} winc {inc}")
            }
        }
    }

    /// The time `side` may use before a time loss, without the margin;
    /// `None` for a search bounded by nodes or depth.
    fn allowed(&self, side: Color) -> Option<Duration> {
        let ms = match self.time {
            TimeControl::Byoyomi(ms) | TimeControl::Movetime(ms) => ms,
            TimeControl::Nodes(_) | TimeControl::Depth(_) => return None,
            TimeControl::Clock { byoyomi, inc, .. } => self.remaining[side] + byoyomi + inc,
        };
        Some(Duration::from_millis(ms))
    }

    /// Charges `side` for a move that took `elapsed`: main time first, then
    /// byoyomi, which does not carry over; an increment comes after the move.
    fn charge(&mut self, side: Color, elapsed: Duration) {
        if let TimeControl::Clock { inc, .. } = self.time {
            let left = &mut self.remaining[side];
            let used = u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX);
            *left = left.saturating_sub(used) + inc;
        }
    }
}

// ---------------------------------------------------------------------------
// Engines
// ---------------------------------------------------------------------------

/// Why an engine gave no move: it is then stopped and started afresh for
/// the next game.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Failure {
    Timeout(String),
    Crash(String),
    Start(String),
}

impl Failure {
    fn reason(&self) -> &'static str {
        match self {
            Failure::Timeout(_) => "timeout",
            Failure::Crash(_) => "crash",
            Failure::Start(_) => "start-failure",
        }
    }

    fn message(&self) -> &str {
        match self {
            Failure::Timeout(m) | Failure::Crash(m) | Failure::Start(m) => m,
        }
    }
}

type Traffic = Option<Arc<Mutex<File>>>;

/// A running engine process: its input, and its output lines read on a
/// thread of their own so that every read can have a deadline.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
}

/// What an engine answered to `go`.
#[derive(Clone, Debug, Default)]
struct Answer {
    bestmove: String,
    elapsed: Duration,
    nodes: Option<u64>,
    depth: Option<u32>,
}

struct Engine {
    label: String,
    spec: EngineSpec,
    init_timeout: Duration,
    traffic: Traffic,
    process: Option<Process>,
    id_name: Option<String>,
}

impl Engine {
    fn new(label: String, spec: &EngineSpec, init_timeout: Duration, traffic: Traffic) -> Engine {
        Engine {
            label,
            spec: spec.clone(),
            init_timeout,
            traffic,
            process: None,
            id_name: None,
        }
    }

    fn start(&mut self) -> Result<(), Failure> {
        self.stop();
        let (program, args) = self
            .spec
            .argv
            .split_first()
            .ok_or_else(|| Failure::Start("no command".into()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| Failure::Start(format!("cannot start '{program}': {e}")))?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            return Err(Failure::Start("no pipes to the engine".into()));
        };
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail = Arc::clone(&stderr_tail);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Ok(mut tail) = tail.lock() {
                    if tail.len() == 5 {
                        tail.pop_front();
                    }
                    tail.push_back(line);
                }
            }
        });
        self.process = Some(Process {
            child,
            stdin,
            lines,
            stderr_tail,
        });
        self.handshake()
            .map_err(|f| Failure::Start(f.message().to_string()))
    }

    fn handshake(&mut self) -> Result<(), Failure> {
        self.send("usi")?;
        let deadline = Instant::now() + self.init_timeout;
        let mut ponder_offered = false;
        loop {
            let line = self.read(deadline)?;
            let line = line.trim();
            if line == "usiok" {
                break;
            }
            if let Some(name) = line.strip_prefix("id name ") {
                self.id_name = Some(name.trim().to_string());
            }
            ponder_offered |= line.starts_with("option name USI_Ponder ");
        }
        let user_sets_ponder = self.spec.options.iter().any(|(n, _)| n == "USI_Ponder");
        if ponder_offered && !user_sets_ponder {
            self.send("setoption name USI_Ponder value false")?;
        }
        for (name, value) in self.spec.options.clone() {
            match value {
                Some(value) => self.send(&format!("setoption name {name} value {value}"))?,
                None => self.send(&format!("setoption name {name}"))?,
            }
        }
        self.is_ready()
    }

    fn is_ready(&mut self) -> Result<(), Failure> {
        self.drain();
        self.send("isready")?;
        let deadline = Instant::now() + self.init_timeout;
        while self.read(deadline)?.trim() != "readyok" {}
        Ok(())
    }

    fn new_game(&mut self) -> Result<(), Failure> {
        if self.process.is_none() {
            self.start()?;
        }
        self.is_ready()?;
        self.send("usinewgame")
    }

    /// Sends the position and the `go` line; waits for `bestmove` until
    /// `limit` after the `go`.
    fn go(&mut self, position: &str, go: &str, limit: Duration) -> Result<Answer, Failure> {
        self.drain();
        self.send(position)?;
        let started = Instant::now();
        self.send(go)?;
        let mut answer = Answer::default();
        loop {
            let line = self.read(started + limit)?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    answer.bestmove = words.next().unwrap_or("").to_string();
                    answer.elapsed = started.elapsed();
                    return Ok(answer);
                }
                Some("info") => read_info(words, &mut answer),
                _ => {}
            }
        }
    }

    fn game_over(&mut self, outcome: &str) {
        if self.process.is_some() {
            let _ = self.send(&format!("gameover {outcome}"));
        }
    }

    fn quit(&mut self) {
        if let Some(mut process) = self.process.take() {
            let _ = writeln!(process.stdin, "quit");
            let _ = process.stdin.flush();
            let deadline = Instant::now() + Duration::from_secs(2);
            while Instant::now() < deadline {
                if matches!(process.child.try_wait(), Ok(Some(_))) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            let _ = process.child.kill();
            let _ = process.child.wait();
        }
    }

    /// Kills the process: after a failure its state is unknown.
    fn stop(&mut self) {
        if let Some(mut process) = self.process.take() {
            let _ = process.child.kill();
            let _ = process.child.wait();
        }
    }

    fn send(&mut self, line: &str) -> Result<(), Failure> {
        self.record('>', line);
        let process = self
            .process
            .as_mut()
            .ok_or_else(|| Failure::Crash("not running".into()))?;
        writeln!(process.stdin, "{line}")
            .and_then(|()| process.stdin.flush())
            .map_err(|e| Failure::Crash(format!("cannot write to it: {e}")))
    }

    fn read(&mut self, deadline: Instant) -> Result<String, Failure> {
        let process = self
            .process
            .as_mut()
            .ok_or_else(|| Failure::Crash("not running".into()))?;
        let wait = deadline.saturating_duration_since(Instant::now());
        match process.lines.recv_timeout(wait) {
            Ok(line) => {
                self.record('<', &line);
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout("no answer in time".into())),
            Err(RecvTimeoutError::Disconnected) => {
                let status = process
                    .child
                    .wait()
                    .map(|s| s.to_string())
                    .unwrap_or_default();
                let tail: Vec<String> = process
                    .stderr_tail
                    .lock()
                    .map(|t| t.iter().cloned().collect())
                    .unwrap_or_default();
                Err(Failure::Crash(format!(
                    "the engine exited ({status}) {}",
                    tail.join(" | ")
                )))
            }
        }
    }

    /// Drops lines left from an earlier command (a late `bestmove`).
    fn drain(&mut self) {
        let stale: Vec<String> = match &self.process {
            Some(process) => process.lines.try_iter().collect(),
            None => return,
        };
        for line in stale {
            self.record('-', &line);
        }
    }

    fn record(&self, direction: char, line: &str) {
        if let Some(file) = &self.traffic
            && let Ok(mut file) = file.lock()
        {
            let _ = writeln!(file, "{} {direction} {line}", self.label);
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.quit();
    }
}

fn read_info<'a>(mut words: impl Iterator<Item = &'a str>, answer: &mut Answer) {
    while let Some(word) = words.next() {
        match word {
            "nodes" => answer.nodes = words.next().and_then(|w| w.parse().ok()),
            "depth" => answer.depth = words.next().and_then(|w| w.parse().ok()),
            "pv" | "string" => return,
            _ => {}
        }
    }
}

// ---------------------------------------------------------------------------
// One game
// ---------------------------------------------------------------------------

/// A judged game, with each side's answers for the summary.
struct Played {
    referee: Referee,
    answers: ByColor<Vec<Answer>>,
}

/// Plays one game, `engines[Sente]` against `engines[Gote]`, and judges it.
fn play_game(mut engines: ByColor<&mut Engine>, opening: &Opening, settings: &Settings) -> Played {
    let mut referee = Referee::new(opening, settings.max_plies, settings.declaration);
    let mut clocks = Clocks::new(&settings.time);
    let mut answers = ByColor::new(Vec::new(), Vec::new());
    for color in Color::ALL {
        if referee.verdict.is_some() {
            break;
        }
        if let Err(failure) = engines[color].new_game() {
            engines[color].stop();
            let detail = format!("{color}: {}", failure.message());
            referee.verdict = Some(Verdict::new(Some(!color), failure.reason(), detail));
        }
    }
    while referee.verdict.is_none() {
        let side = referee.side_to_move();
        let engine = &mut *engines[side];
        let go = engine.spec.go.clone().unwrap_or_else(|| clocks.go_line());
        let limit = match (&engine.spec.go, clocks.allowed(side)) {
            (None, Some(allowed)) => allowed + settings.timeout_margin,
            _ => settings.move_timeout,
        };
        match engine.go(&referee.position_command(), &go, limit) {
            Ok(answer) => {
                clocks.charge(side, answer.elapsed);
                referee.judge(&answer.bestmove);
                answers[side].push(answer);
            }
            Err(failure) => {
                engine.stop();
                referee.lose_by(&failure);
            }
        }
    }
    if let Some(verdict) = &referee.verdict {
        for color in Color::ALL {
            let outcome = match verdict.winner {
                None => "draw",
                Some(w) if w == color => "win",
                Some(_) => "lose",
            };
            engines[color].game_over(outcome);
        }
    }
    Played { referee, answers }
}

// ---------------------------------------------------------------------------
// The match
// ---------------------------------------------------------------------------

/// Each engine's moves, time and search, over the match.
#[derive(Clone, Debug, Default)]
struct Totals {
    moves: u64,
    time: Duration,
    max_time: Duration,
    nodes: u64,
    node_time: Duration,
    depth: u64,
    depths: u64,
}

impl Totals {
    fn add(&mut self, answer: &Answer) {
        self.moves += 1;
        self.time += answer.elapsed;
        self.max_time = self.max_time.max(answer.elapsed);
        if let Some(nodes) = answer.nodes {
            self.nodes += nodes;
            self.node_time += answer.elapsed;
        }
        if let Some(depth) = answer.depth {
            self.depth += u64::from(depth);
            self.depths += 1;
        }
    }

    fn line(&self, who: &str, name: &str) -> String {
        let per_move = self.time.as_secs_f64() * 1000.0 / self.moves.max(1) as f64;
        let secs = self.node_time.as_secs_f64();
        let nps = if secs > 0.0 {
            self.nodes as f64 / secs
        } else {
            0.0
        };
        let depth = self.depth as f64 / self.depths.max(1) as f64;
        format!(
            "# {who} {name}: {} moves, avg {per_move:.0} ms/move (max {}), ~{nps:.0} nps, avg depth {depth:.1}",
            self.moves,
            self.max_time.as_millis()
        )
    }
}

/// A's and B's (not Sente's and Gote's).
type ByEngine<T> = [T; 2];
const A: usize = 0;
const B: usize = 1;

/// What the match has so far.
#[derive(Default)]
pub struct Scoreboard {
    next_game: usize,
    /// A's score (1, 0.5 or 0) and the reason, a game each in the order
    /// they finished.
    pub scores: Vec<(f64, &'static str)>,
    totals: ByEngine<Totals>,
    start_failures: ByEngine<usize>,
    stopped: bool,
}

impl Scoreboard {
    /// Wins, losses and draws from A's side.
    pub fn wld(&self) -> (usize, usize, usize) {
        let wins = self.scores.iter().filter(|(s, _)| *s == 1.0).count();
        let losses = self.scores.iter().filter(|(s, _)| *s == 0.0).count();
        (wins, losses, self.scores.len() - wins - losses)
    }
}

/// A finished game and where it came from.
struct Finished<'a> {
    /// From 0.
    game: usize,
    a_is_black: bool,
    /// From 0.
    opening_number: usize,
    opening: &'a Opening,
    played: Played,
}

impl Finished<'_> {
    fn a_color(&self) -> Color {
        if self.a_is_black {
            Color::Sente
        } else {
            Color::Gote
        }
    }

    /// The names of Sente's and Gote's engines.
    fn players<'n>(&self, names: &'n ByEngine<String>) -> (&'n str, &'n str) {
        if self.a_is_black {
            (&names[A], &names[B])
        } else {
            (&names[B], &names[A])
        }
    }
}

struct Outputs {
    log: Option<File>,
    csa: Option<File>,
}

fn open_append(path: &Option<String>) -> Result<Option<File>, String> {
    path.as_ref()
        .map(|p| {
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| format!("{p}: {e}"))
        })
        .transpose()
}

/// Plays the match and prints its summary; the scoreboard at the end.
pub fn run(settings: &Settings) -> Result<Scoreboard, String> {
    let openings = openings(settings)?;
    let traffic = open_append(&settings.traffic_log)?.map(|f| Arc::new(Mutex::new(f)));
    let outputs = Mutex::new(Outputs {
        log: open_append(&settings.log)?,
        csa: open_append(&settings.csa)?,
    });
    let mut pairs: Vec<ByEngine<Engine>> = (0..settings.concurrency)
        .map(|w| {
            [
                Engine::new(
                    format!("A#{w}"),
                    &settings.a,
                    settings.init_timeout,
                    traffic.clone(),
                ),
                Engine::new(
                    format!("B#{w}"),
                    &settings.b,
                    settings.init_timeout,
                    traffic.clone(),
                ),
            ]
        })
        .collect();
    // The first pair starts before any game, so that a wrong command stops
    // the match at once.
    for engine in pairs[0].iter_mut() {
        engine.start().map_err(|f| {
            format!(
                "engine {} ({}): {}",
                engine.label,
                engine.spec.argv.join(" "),
                f.message()
            )
        })?;
    }
    let names = names(&pairs[0]);
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

/// The engines' names: as given, else their `id name`; told apart when equal.
fn names(pair: &ByEngine<Engine>) -> ByEngine<String> {
    let [a, b] = pair.each_ref().map(|e| {
        e.spec
            .name
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
    pair: &mut ByEngine<Engine>,
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
            played: play_game(engines, opening, settings),
        };
        let Ok(mut board) = board.lock() else { return };
        score(&mut board, &finished, names, settings);
        if let Ok(mut outputs) = outputs.lock() {
            write_out(&mut outputs, &finished, names);
        }
    }
}

/// Scores a finished game and prints its line.
fn score(
    board: &mut Scoreboard,
    finished: &Finished,
    names: &ByEngine<String>,
    settings: &Settings,
) {
    let referee = &finished.played.referee;
    let Some(verdict) = &referee.verdict else {
        return;
    };
    let a_color = finished.a_color();
    board
        .scores
        .push((score_of(verdict, a_color), verdict.reason));
    for (who, color) in [(A, a_color), (B, !a_color)] {
        for answer in &finished.played.answers[color] {
            board.totals[who].add(answer);
        }
        let failed_to_start = verdict.reason == "start-failure" && verdict.winner != Some(color);
        board.start_failures[who] = if failed_to_start {
            board.start_failures[who] + 1
        } else {
            0
        };
        if board.start_failures[who] >= 3 {
            eprintln!(
                "usi_match: engine {} failed to start 3 times in a row; stopping",
                ["A", "B"][who]
            );
            board.stopped = true;
        }
    }
    if settings.quiet {
        return;
    }
    let (w, l, d) = board.wld();
    let (black, white) = finished.players(names);
    let result = match verdict.winner {
        None => "1/2-1/2",
        Some(Color::Sente) => "1-0",
        Some(Color::Gote) => "0-1",
    };
    let detail = if verdict.detail.is_empty() {
        String::new()
    } else {
        format!(" ({})", verdict.detail)
    };
    println!(
        "Game {}/{} opening {}: {black} (black) vs {white} (white): {result} {}{detail}, {} plies  [A: +{w} -{l} ={d}]",
        finished.game + 1,
        settings.games,
        finished.opening_number + 1,
        verdict.reason,
        referee.plies()
    );
}

/// A's score: 1 for a win, 0.5 for a draw, 0 for a loss.
fn score_of(verdict: &Verdict, a_color: Color) -> f64 {
    match verdict.winner {
        None => 0.5,
        Some(w) if w == a_color => 1.0,
        Some(_) => 0.0,
    }
}

/// Appends the game to the log and the CSA file.
fn write_out(outputs: &mut Outputs, finished: &Finished, names: &ByEngine<String>) {
    if let Some(log) = outputs.log.as_mut()
        && let Some(line) = log_line(finished, names)
        && let Err(e) = writeln!(log, "{line}").and_then(|()| log.flush())
    {
        eprintln!("usi_match: cannot write the log: {e}");
    }
    if let Some(csa) = outputs.csa.as_mut()
        && let Err(e) = writeln!(csa, "{}/", csa_record(finished, names).to_csa())
    {
        eprintln!("usi_match: cannot write the CSA file: {e}");
    }
}

/// The game's JSON line, in the format `tools/eval_data.py` and
/// `tools/loss_trace.py` read.
fn log_line(finished: &Finished, names: &ByEngine<String>) -> Option<String> {
    let referee = &finished.played.referee;
    let verdict = referee.verdict.as_ref()?;
    let (black, white) = finished.players(names);
    let winner = verdict.winner.map(|c| match c {
        Color::Sente => "black",
        Color::Gote => "white",
    });
    let opening_moves: Vec<String> = finished.opening.moves.iter().map(Move::to_string).collect();
    let line = json!({
        "game": finished.game + 1,
        "black": black,
        "white": white,
        "a_is_black": finished.a_is_black,
        "start_sfen": finished.opening.start.to_sfen(),
        "opening_moves": opening_moves,
        "moves": referee.moves,
        "winner": winner,
        "reason": verdict.reason,
        "detail": verdict.detail,
        "plies": referee.plies(),
        "score_a": score_of(verdict, finished.a_color()),
    });
    Some(line.to_string())
}

/// The game as a record; an ending the game itself does not hold (an
/// illegal move, a crash, a 27-point declaration) in the record's words.
fn csa_record(finished: &Finished, names: &ByEngine<String>) -> Record {
    let referee = &finished.played.referee;
    let (black, white) = finished.players(names);
    let mut record = Record::new(referee.game.clone());
    record.info.sente = Some(black.to_string());
    record.info.gote = Some(white.to_string());
    if !referee.game.is_over() {
        let reason = referee.verdict.as_ref().map_or("", |v| v.reason);
        let word = match reason {
            "illegal-move" | "false-declaration" => "反則負け",
            "declaration" => "入玉宣言",
            "max-plies" => "持将棋",
            _ => "中断",
        };
        record.other_ending = Some(word.to_string());
    }
    record
}

fn print_summary(board: &Scoreboard, names: &ByEngine<String>, settings: &Settings) {
    for (who, label) in [(A, "A"), (B, "B")] {
        if board.totals[who].moves > 0 {
            println!("{}", board.totals[who].line(label, &names[who]));
        }
    }
    let mut reasons: Vec<(&str, usize)> = Vec::new();
    for (_, reason) in &board.scores {
        match reasons.iter_mut().find(|(r, _)| r == reason) {
            Some((_, n)) => *n += 1,
            None => reasons.push((reason, 1)),
        }
    }
    let reasons: Vec<String> = reasons.iter().map(|(r, n)| format!("{r}: {n}")).collect();
    println!("# results by reason: {}", reasons.join(", "));
    if board.scores.len() < settings.games {
        println!(
            "# only {} of {} games finished",
            board.scores.len(),
            settings.games
        );
    }
    let (w, l, d) = board.wld();
    println!("{} vs {}: {}", names[A], names[B], result_line(w, l, d));
}

// ---------------------------------------------------------------------------
// Elo
// ---------------------------------------------------------------------------

/// `W-L-D = w-l-d, score s%, Elo d ± e (95%)`.
fn result_line(wins: usize, losses: usize, draws: usize) -> String {
    let (score, elo, error) = elo(wins, losses, draws);
    let shown = |x: f64, sign: bool| match (x.is_infinite(), sign) {
        (true, true) if x > 0.0 => "+inf".to_string(),
        (true, true) => "-inf".to_string(),
        (true, false) => "inf".to_string(),
        (false, true) => format!("{x:+.1}"),
        (false, false) => format!("{x:.1}"),
    };
    format!(
        "W-L-D = {wins}-{losses}-{draws}, score {:.1}%, Elo {} ± {} (95%)",
        100.0 * score,
        shown(elo, true),
        shown(error, false)
    )
}

fn elo_of_score(score: f64) -> f64 {
    match score {
        s if s <= 0.0 => f64::NEG_INFINITY,
        s if s >= 1.0 => f64::INFINITY,
        s => -400.0 * (1.0 / s - 1.0).log10(),
    }
}

/// The score, the Elo difference it means, and half the width of its 95%
/// interval (from the games' spread around the score, a normal
/// approximation: wide for a few dozen games).
fn elo(wins: usize, losses: usize, draws: usize) -> (f64, f64, f64) {
    let n = (wins + losses + draws) as f64;
    if n == 0.0 {
        return (0.5, 0.0, f64::INFINITY);
    }
    let score = (wins as f64 + 0.5 * draws as f64) / n;
    let variance = (wins as f64 * (1.0 - score).powi(2)
        + losses as f64 * score.powi(2)
        + draws as f64 * (0.5 - score).powi(2))
        / n;
    let margin = 1.959964 * (variance / n).sqrt();
    let elo = elo_of_score(score);
    if elo.is_infinite() {
        return (score, elo, f64::INFINITY);
    }
    let error = (elo_of_score(score + margin) - elo_of_score(score - margin)) / 2.0;
    (score, if elo.abs() < 0.05 { 0.0 } else { elo }, error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use komadai::rules::START_SFEN;

    fn startpos() -> Opening {
        Opening {
            start: Position::startpos(),
            moves: Vec::new(),
        }
    }

    fn referee_at(sfen: &str) -> Referee {
        let opening = Opening {
            start: Position::from_sfen(sfen).expect("test SFEN is valid"),
            moves: Vec::new(),
        };
        Referee::new(&opening, MAX_PLIES, DeclarationRule::Csa27)
    }

    #[test]
    fn an_illegal_move_loses_for_the_mover() {
        let mut referee = Referee::new(&startpos(), MAX_PLIES, DeclarationRule::Csa27);
        assert_eq!(referee.judge("7g7f"), None);
        let verdict = referee.judge("3c3d").cloned();
        assert_eq!(verdict, None);
        let verdict = referee
            .judge("7f7d")
            .cloned()
            .expect("an illegal move ends the game");
        assert_eq!(verdict.winner, Some(Color::Gote));
        assert_eq!(verdict.reason, "illegal-move");
        assert!(verdict.detail.contains("7f7d"), "{}", verdict.detail);
        assert_eq!(
            referee.moves,
            ["7g7f", "3c3d", "7f7d"],
            "kept, unplayed, last"
        );
        assert_eq!(referee.plies(), 2);
    }

    #[test]
    fn a_move_that_is_no_usi_move_loses() {
        let mut referee = Referee::new(&startpos(), MAX_PLIES, DeclarationRule::Csa27);
        let verdict = referee.judge("7g7f?").cloned().expect("judged");
        assert_eq!(
            (verdict.winner, verdict.reason),
            (Some(Color::Gote), "illegal-move")
        );
    }

    #[test]
    fn nifu_is_an_illegal_move() {
        let mut referee = referee_at("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
        let verdict = referee.judge("P*5e").cloned().expect("judged");
        assert_eq!(verdict.reason, "illegal-move");
        assert!(verdict.detail.contains("nifu"), "{}", verdict.detail);
    }

    #[test]
    fn resigning_loses() {
        let mut referee = Referee::new(&startpos(), MAX_PLIES, DeclarationRule::Csa27);
        referee.judge("7g7f");
        let verdict = referee.judge("resign").cloned().expect("judged");
        assert_eq!(
            (verdict.winner, verdict.reason),
            (Some(Color::Sente), "resign")
        );
    }

    #[test]
    fn checkmate_ends_the_game_for_the_mover() {
        // Gold drop on 5b, guarded by the pawn on 5c: mate.
        let mut referee = referee_at("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
        let verdict = referee.judge("G*5b").cloned().expect("mate");
        assert_eq!(
            (verdict.winner, verdict.reason),
            (Some(Color::Sente), "checkmate")
        );
    }

    #[test]
    fn fourfold_repetition_is_sennichite() {
        let mut referee = Referee::new(&startpos(), MAX_PLIES, DeclarationRule::Csa27);
        let shuffle = ["5i5h", "5a5b", "5h5i", "5b5a"];
        for (i, mv) in shuffle.iter().cycle().take(12).enumerate() {
            let verdict = referee.judge(mv).cloned();
            assert_eq!(verdict.is_some(), i == 11, "ply {i}");
        }
        let verdict = referee.verdict.clone().expect("sennichite");
        assert_eq!((verdict.winner, verdict.reason), (None, "sennichite"));
    }

    #[test]
    fn a_valid_27_point_declaration_wins_and_a_false_one_loses() {
        let camp = "1+P1+PK+P1+P1/1RGSGSB2/9/9/9/9/9/9/4k4";
        let mut valid = referee_at(&format!("{camp} b 2G2S2N2L2P 1"));
        let verdict = valid.judge("win").cloned().expect("judged");
        assert_eq!(
            (verdict.winner, verdict.reason),
            (Some(Color::Sente), "declaration")
        );
        let mut short = referee_at(&format!("{camp} b 2G2S2N2LP 1"));
        let verdict = short.judge("win").cloned().expect("judged");
        assert_eq!(
            (verdict.winner, verdict.reason),
            (Some(Color::Gote), "false-declaration")
        );
    }

    #[test]
    fn a_24_point_declaration_is_decided_by_the_count() {
        // Both kings in their zones, every other piece in hand: 27 points each.
        let sfen = "4K4/9/9/9/9/9/9/9/4k4 b RB2G2S2N2L9Prb2g2s2n2l9p 1";
        let opening = Opening {
            start: Position::from_sfen(sfen).expect("test SFEN is valid"),
            moves: Vec::new(),
        };
        let mut referee = Referee::new(&opening, MAX_PLIES, DeclarationRule::Point24);
        let verdict = referee.judge("win").cloned().expect("judged");
        assert_eq!(verdict.reason, "declaration");
        assert_eq!(verdict.winner, None, "{}", verdict.detail);
    }

    #[test]
    fn a_smaller_ply_limit_cuts_the_game_as_a_draw() {
        let mut referee = Referee::new(&startpos(), 2, DeclarationRule::Csa27);
        assert_eq!(referee.judge("7g7f"), None);
        let verdict = referee.judge("3c3d").cloned().expect("the limit");
        assert_eq!((verdict.winner, verdict.reason), (None, "max-plies"));
    }

    #[test]
    fn a_late_answer_loses_on_time() {
        let mut referee = Referee::new(&startpos(), MAX_PLIES, DeclarationRule::Csa27);
        referee.judge("7g7f");
        referee.lose_by(&Failure::Timeout("no answer in time".into()));
        let verdict = referee.verdict.clone().expect("judged");
        assert_eq!(
            (verdict.winner, verdict.reason),
            (Some(Color::Sente), "timeout")
        );
        let result = referee.game.result().expect("the game records it");
        assert_eq!(result.reason, EndReason::TimeUp);
    }

    #[test]
    fn the_clock_allows_main_time_and_byoyomi_then_charges_main_time() {
        let time = TimeControl::Clock {
            main: 1000,
            byoyomi: 500,
            inc: 0,
        };
        let mut clocks = Clocks::new(&time);
        assert_eq!(clocks.go_line(), "go btime 1000 wtime 1000 byoyomi 500");
        assert_eq!(
            clocks.allowed(Color::Sente),
            Some(Duration::from_millis(1500))
        );
        clocks.charge(Color::Sente, Duration::from_millis(1200));
        assert_eq!(clocks.go_line(), "go btime 0 wtime 1000 byoyomi 500");
        assert_eq!(
            clocks.allowed(Color::Sente),
            Some(Duration::from_millis(500))
        );
        let fischer = TimeControl::Clock {
            main: 1000,
            byoyomi: 0,
            inc: 100,
        };
        let mut clocks = Clocks::new(&fischer);
        clocks.charge(Color::Gote, Duration::from_millis(300));
        assert_eq!(
            clocks.go_line(),
            "go btime 1000 wtime 800 binc 100 winc 100"
        );
        assert_eq!(
            Clocks::new(&TimeControl::Nodes(5)).allowed(Color::Sente),
            None
        );
    }

    #[test]
    fn elo_and_its_error_bar_match_the_readme_figures() {
        // Two matches the README reports: 20-10 (+120 ± 142) and 78-39-3 (+117 ± 66).
        let twenty_ten = "W-L-D = 20-10-0, score 66.7%, Elo +120.4 ± 141.8 (95%)";
        assert_eq!(result_line(20, 10, 0), twenty_ten);
        let round_two = "W-L-D = 78-39-3, score 66.2%, Elo +117.2 ± 65.8 (95%)";
        assert_eq!(result_line(78, 39, 3), round_two);
        assert!(result_line(3, 3, 0).contains("Elo +0.0 ± 381.8"));
        assert!(result_line(2, 0, 0).contains("Elo +inf ± inf"));
    }

    #[test]
    fn openings_read_every_form_of_a_line() {
        let from = |line: &str| parse_opening(line).expect(line);
        let seventy_six = from("startpos moves 7g7f");
        assert_eq!(seventy_six, from("7g7f"));
        assert_eq!(seventy_six, from("position startpos moves 7g7f"));
        assert_eq!(seventy_six, from(&format!("sfen {START_SFEN} moves 7g7f")));
        assert_eq!(seventy_six, from(&format!("{START_SFEN} moves 7g7f")));
        assert!(parse_opening("startpos moves 7g7e").is_err());
    }

    #[test]
    fn random_openings_are_distinct_quiet_and_repeatable() {
        let list = random_openings(10, 8, 1);
        assert_eq!(list.len(), 10);
        assert_eq!(list, random_openings(10, 8, 1));
        let ends: HashSet<u64> = list
            .iter()
            .map(|o| o.moves.iter().fold(o.start, |p, &m| p.after(m)).hash())
            .collect();
        assert_eq!(ends.len(), 10);
        assert!(list.iter().all(|o| o.moves.len() == 8));
    }

    #[test]
    fn commands_split_like_a_shell() {
        let words = split_command(r#"python3 "my tools/usi.py" --x 'a b' c\ d"#).expect("splits");
        assert_eq!(words, ["python3", "my tools/usi.py", "--x", "a b", "c d"]);
        assert!(split_command("engine 'open").is_err());
    }
}
