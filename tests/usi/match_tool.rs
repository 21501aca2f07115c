//! The match tool (`tools/usi_match/main.rs`): its judging, and two real games
//! of `komadai-usi` against itself whose log is read back and judged again.

#[allow(dead_code)]
#[path = "../../tools/usi_match/main.rs"]
mod usi_match;

use komadai::rules::Position;
use komadai::rules::game::Game;
use komadai::rules::impasse::csa27_declaration_valid;
use komadai::rules::{Color, Move};
use serde_json::Value;
use std::path::PathBuf;
use usi_match::{Settings, run};

const ENGINE: &str = env!("CARGO_BIN_EXE_komadai-usi");

fn settings(args: &[&str]) -> Settings {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    Settings::parse(&args).expect("the test's options parse")
}

/// A fresh log file in the temporary folder.
fn log_path(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("komadai-{name}-{}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

fn read_log(path: &PathBuf) -> Vec<Value> {
    let text = std::fs::read_to_string(path).expect("the match wrote its log");
    let _ = std::fs::remove_file(path);
    text.lines()
        .map(|line| serde_json::from_str(line).expect("a log line is JSON"))
        .collect()
}

fn text_list(value: &Value) -> Vec<String> {
    value
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_str().expect("a string").to_string())
        .collect()
}

/// Replays a logged game in a fresh `Game` and checks that its verdict is
/// the one the rules give: the log can be judged again by anyone.
fn judge_again(game: &Value) {
    let start = Position::from_sfen(game["start_sfen"].as_str().expect("start_sfen"))
        .expect("the start SFEN reads");
    let moves = text_list(&game["moves"]);
    let mut replay = Game::from_position(start);
    for text in &moves {
        let mv = Move::from_usi(text).expect("a USI move");
        replay
            .play(mv)
            .expect("every logged move is legal in komadai's games");
    }
    assert_eq!(game["plies"].as_u64(), Some(moves.len() as u64));
    let winner = match game["winner"].as_str() {
        Some("black") => Some(Color::Sente),
        Some("white") => Some(Color::Gote),
        _ => None,
    };
    let reason = game["reason"].as_str().expect("a reason");
    match reason {
        "checkmate" | "no-legal-move" | "sennichite" | "perpetual-check" | "max-plies" => {
            let result = replay.result().expect("the rules ended this game");
            assert_eq!(result.winner, winner, "{game}");
        }
        "resign" => {
            assert!(!replay.is_over());
            assert_eq!(winner, Some(!replay.side_to_move()), "{game}");
        }
        "declaration" => {
            assert!(csa27_declaration_valid(replay.position()));
            assert_eq!(winner, Some(replay.side_to_move()), "{game}");
        }
        other => panic!("komadai-usi should not end a game by {other}: {game}"),
    }
    let a_color = if game["a_is_black"].as_bool() == Some(true) {
        Color::Sente
    } else {
        Color::Gote
    };
    let score_a = match winner {
        None => 0.5,
        Some(w) if w == a_color => 1.0,
        Some(_) => 0.0,
    };
    assert_eq!(game["score_a"].as_f64(), Some(score_a), "{game}");
}

#[test]
fn two_games_of_komadai_usi_against_itself_are_logged_and_judged() {
    let log = log_path("match");
    let log_text = log.to_string_lossy().to_string();
    let board = run(&settings(&[
        "-a",
        ENGINE,
        "-b",
        ENGINE,
        "--opt-a",
        "USI_Hash=16",
        "--opt-b",
        "USI_Hash=16",
        "--nodes",
        "300",
        "-n",
        "2",
        "--random-plies",
        "6",
        "--seed",
        "7",
        "--log",
        &log_text,
        "-q",
    ]))
    .expect("the match runs");
    assert_eq!(board.scores.len(), 2);
    let games = read_log(&log);
    assert_eq!(games.len(), 2, "a line a game");
    let (first, second) = (&games[0], &games[1]);
    assert_eq!(first["game"].as_u64(), Some(1));
    assert_eq!(first["a_is_black"].as_bool(), Some(true));
    assert_eq!(second["a_is_black"].as_bool(), Some(false), "colours swap");
    assert_eq!(
        first["start_sfen"], second["start_sfen"],
        "the same opening twice"
    );
    assert_eq!(first["opening_moves"], second["opening_moves"]);
    let opening = text_list(&first["opening_moves"]);
    assert_eq!(opening.len(), 6);
    assert_eq!(
        text_list(&first["moves"])[..6],
        opening[..],
        "the moves start with the opening"
    );
    for game in &games {
        judge_again(game);
    }
    let (w, l, d) = board.wld();
    let score: f64 = games.iter().filter_map(|g| g["score_a"].as_f64()).sum();
    assert_eq!(w as f64 + 0.5 * d as f64, score);
    assert_eq!(w + l + d, 2);
}

/// An engine that says `usiok` and `readyok` and never moves.
#[cfg(unix)]
const SILENT: &str =
    r#"sh -c 'while read l; do case "$l" in usi) echo usiok;; isready) echo readyok;; esac; done'"#;

#[cfg(unix)]
#[test]
fn an_engine_that_does_not_move_in_time_loses_on_time() {
    let log = log_path("timeout");
    let log_text = log.to_string_lossy().to_string();
    let started = std::time::Instant::now();
    let board = run(&settings(&[
        "-a",
        ENGINE,
        "-b",
        SILENT,
        "--byoyomi",
        "100",
        // A margin wide enough that komadai moves in time on a loaded
        // machine; the silent engine overruns any margin.
        "--timeout-margin",
        "2000",
        "-n",
        "1",
        "--random-plies",
        "0",
        "--log",
        &log_text,
        "-q",
    ]))
    .expect("the match runs");
    assert_eq!(board.wld(), (1, 0, 0), "A wins on time");
    let games = read_log(&log);
    assert_eq!(games[0]["reason"].as_str(), Some("timeout"));
    assert_eq!(games[0]["winner"].as_str(), Some("black"));
    assert_eq!(
        games[0]["plies"].as_u64(),
        Some(1),
        "Sente moved, Gote never did"
    );
    assert!(
        started.elapsed().as_secs() < 30,
        "the time loss came at its deadline"
    );
}

/// An engine that exits when asked to move.
#[cfg(unix)]
#[test]
fn an_engine_that_crashes_loses() {
    let crashing = r#"sh -c 'while read l; do case "$l" in usi) echo usiok;; isready) echo readyok;; go*) exit 1;; esac; done'"#;
    let log = log_path("crash");
    let log_text = log.to_string_lossy().to_string();
    let board = run(&settings(&[
        "-a",
        crashing,
        "-b",
        ENGINE,
        "--nodes",
        "100",
        "-n",
        "1",
        "--random-plies",
        "0",
        "--log",
        &log_text,
        "-q",
    ]))
    .expect("the match runs");
    assert_eq!(board.wld(), (0, 1, 0));
    let games = read_log(&log);
    assert_eq!(games[0]["reason"].as_str(), Some("crash"));
    assert_eq!(games[0]["winner"].as_str(), Some("white"));
}
