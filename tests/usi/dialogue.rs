//! The USI dialogue with the real `komadai-usi` binary, as a GUI holds it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_komadai-usi"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the engine binary starts");
        let input = child.stdin.take().expect("stdin is piped");
        let output = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the engine reads its input");
        self.input.flush().expect("the engine reads its input");
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(120))
                .unwrap_or_else(|_| panic!("no '{prefix}' line; saw {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().expect("the engine exits");
        assert!(status.success());
    }
}

fn bestmove(lines: &[String]) -> String {
    let last = lines.last().cloned().unwrap_or_default();
    last.split_whitespace()
        .nth(1)
        .unwrap_or_default()
        .to_string()
}

#[test]
fn usi_handshake_names_the_engine_and_its_options() {
    let mut engine = Engine::start();
    engine.send("usi");
    let lines = engine.until("usiok");
    assert!(lines.iter().any(|l| l.starts_with("id name komadai")));
    assert!(lines.iter().any(|l| l.starts_with("id author")));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name USI_Hash type spin"))
    );
    assert!(lines.iter().any(|l| l.contains("name Level type combo")));
    engine.send("isready");
    engine.until("readyok");
    engine.quit();
}

#[test]
fn go_depth_answers_a_legal_bestmove_with_info_lines() {
    let mut engine = Engine::start();
    engine.send("usinewgame");
    engine.send("position startpos moves 7g7f 3c3d");
    engine.send("go depth 3");
    let lines = engine.until("bestmove");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info depth 3 ") && l.contains(" pv "))
    );
    let pos = komadai::rules::PositionCommand::parse("startpos moves 7g7f 3c3d")
        .expect("valid")
        .current();
    let mv = komadai::rules::Move::from_usi(&bestmove(&lines)).expect("a USI move");
    assert!(pos.is_legal(mv));
    engine.quit();
}

/// An engine past the handshake, which declared `option` among its options.
fn engine_declaring(option: &str) -> Engine {
    let mut engine = Engine::start();
    engine.send("usi");
    let handshake = engine.until("usiok");
    assert!(handshake.iter().any(|l| l == option), "{handshake:?}");
    engine
}

#[test]
fn multipv_prints_each_line_numbered_and_bestmove_is_the_first() {
    let mut engine = engine_declaring("option name MultiPV type spin default 1 min 1 max 16");
    engine.send("setoption name MultiPV value 3");
    engine.send("position startpos moves 7g7f 3c3d");
    engine.send("go depth 3");
    let lines = engine.until("bestmove");
    let deepest: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 3 "))
        .collect();
    let numbers: Vec<&str> = deepest
        .iter()
        .filter_map(|l| l.split(" multipv ").nth(1)?.split_whitespace().next())
        .collect();
    assert_eq!(numbers, ["1", "2", "3"], "{lines:?}");
    let first_moves: Vec<&str> = deepest
        .iter()
        .filter_map(|l| l.split(" pv ").nth(1)?.split_whitespace().next())
        .collect();
    assert_eq!(first_moves.len(), 3);
    assert!(
        !first_moves[1..].contains(&first_moves[0]) && first_moves[1] != first_moves[2],
        "{first_moves:?}"
    );
    assert_eq!(bestmove(&lines), first_moves[0]);
    engine.quit();
}

#[test]
fn stop_ends_an_infinite_search_with_a_bestmove() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.until("info depth 2");
    engine.send("stop");
    let lines = engine.until("bestmove");
    let mv = komadai::rules::Move::from_usi(&bestmove(&lines)).expect("a USI move");
    assert!(komadai::rules::Position::startpos().is_legal(mv));
    engine.quit();
}

#[test]
fn ponderhit_turns_pondering_into_a_timed_search() {
    let mut engine = Engine::start();
    // Edge pawns: out of the opening book, so the engine searches.
    engine.send("position startpos moves 1g1f 9c9d 1f1e");
    engine.send("go ponder btime 0 wtime 0 byoyomi 200");
    engine.until("info depth 2");
    engine.send("ponderhit");
    let lines = engine.until("bestmove");
    assert_ne!(bestmove(&lines), "");
    engine.quit();
}

#[test]
fn every_malformed_line_gets_one_error_and_the_session_goes_on() {
    let mut engine = Engine::start();
    for bad in [
        "frobnicate",
        "position startpos moves 7g7f 9z9z",
        "position sfen nonsense",
        "go depth",
        "go btime ten",
        "go sideways",
        "go perft 99",
        "setoption name Level value Godlike",
        "setoption name NoSuchOption value 1",
        "setoption name MultiPV value 0",
        "setoption name MultiPV value many",
        "setoption",
        "bench x",
    ] {
        engine.send(bad);
        engine.send("isready");
        let lines = engine.until("readyok");
        let errors = lines
            .iter()
            .filter(|l| l.starts_with("info string error: "))
            .count();
        assert_eq!(errors, 1, "{bad}: {lines:?}");
    }
    engine.quit();
}

#[test]
fn go_mate_answers_a_checkmate_line_or_nomate() {
    let mut engine = Engine::start();
    // A gold drop on 5b mates; a lone pawn in hand cannot.
    engine.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    engine.send("go mate 5000");
    let lines = engine.until("checkmate");
    assert_eq!(lines.last().map(String::as_str), Some("checkmate G*5b"));
    engine.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1");
    engine.send("go mate 2000");
    let lines = engine.until("checkmate");
    assert_eq!(lines.last().map(String::as_str), Some("checkmate nomate"));
    engine.quit();
}

#[test]
fn a_problem_without_the_attackers_king_is_taken_as_written_and_searched() {
    let mut engine = Engine::start();
    // As GUIs send tsume: no Sente king; Gote's hand empty as written.
    engine.send("position sfen 8k/9/8P/9/9/9/9/9/9 b G 1");
    engine.send("go mate 5000");
    let lines = engine.until("checkmate");
    assert_eq!(lines.last().map(String::as_str), Some("checkmate G*1b"));
    engine.send("go depth 6");
    assert_eq!(bestmove(&engine.until("bestmove")), "G*1b");
    // The defender still needs its king.
    engine.send("position sfen 9/9/8P/9/9/9/9/9/4K4 b G 1");
    engine.send("isready");
    let lines = engine.until("readyok");
    assert!(
        lines.iter().any(|l| l.starts_with("info string error: ")),
        "{lines:?}"
    );
    engine.quit();
}

#[test]
fn go_mate_solves_a_long_problem() {
    let mut engine = Engine::start();
    // A mate of at most 15 plies (tests/data/engine/tsume.txt).
    engine.send("position sfen 2g6/2g6/k8/9/9/2R6/9/9/8K b RGN2bg4s3n4l18p 1");
    engine.send("go mate 60000");
    let lines = engine.until("checkmate");
    let answer = lines.last().map(String::as_str).unwrap_or_default();
    let moves = answer.strip_prefix("checkmate ").unwrap_or_default();
    let plies = moves.split_whitespace().count();
    assert!(plies % 2 == 1 && plies <= 15, "{answer}");
    engine.quit();
}

/// Both kings in their camps; Sente holds every piece but Gote's king and
/// four lances, yet has no piece in the camp beside its king.
const POINT24_WIN_ONLY: &str = "K8/9/9/9/9/9/9/9/8k b 2R2B4G4S4N4l18p 1";

#[test]
fn by_default_bestmove_win_follows_the_csa_27_point_rule() {
    let mut engine = Engine::start();
    // King on 5a, ten pieces in the camp, 28 points with the hand.
    engine.send("position sfen 1+P1+PK+P1+P1/1RGSGSB2/9/9/9/9/9/9/4k4 b 2G2S2N2L2P 1");
    engine.send("go btime 0 wtime 0 byoyomi 100");
    assert_eq!(bestmove(&engine.until("bestmove")), "win");
    // A 24-point win with no pieces in the camp is no CSA declaration.
    engine.send(&format!("position sfen {POINT24_WIN_ONLY}"));
    engine.send("go btime 0 wtime 0 byoyomi 100");
    let answer = bestmove(&engine.until("bestmove"));
    assert_ne!(answer, "win");
    engine.quit();
}

#[test]
fn with_the_24_point_rule_a_winning_count_answers_bestmove_win() {
    let mut engine = Engine::start();
    engine.send("setoption name EnteringKingRule value Point24");
    engine.send(&format!("position sfen {POINT24_WIN_ONLY}"));
    engine.send("go btime 0 wtime 0 byoyomi 100");
    let lines = engine.until("bestmove");
    assert_eq!(bestmove(&lines), "win");
    engine.quit();
}

#[test]
fn a_mated_side_answers_bestmove_resign() {
    let mut engine = Engine::start();
    engine.send("position sfen 4k4/9/9/9/9/9/4p4/4g4/4K4 b - 1");
    engine.send("go btime 0 wtime 0 byoyomi 100");
    let lines = engine.until("bestmove");
    assert_eq!(bestmove(&lines), "resign");
    engine.quit();
}

#[test]
fn go_perft_still_counts_moves() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go perft 2");
    let lines = engine.until("Nodes searched");
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Nodes searched: 900")
    );
    engine.quit();
}

#[test]
fn bench_prints_nodes_and_speed() {
    let mut engine = Engine::start();
    engine.send("bench 2");
    let lines = engine.until("Nodes/second");
    assert!(lines.iter().any(|l| l.starts_with("Nodes searched: ")));
    engine.quit();
}

#[test]
fn threads_are_declared_taken_and_a_bad_count_is_reported() {
    let mut engine = engine_declaring("option name Threads type spin default 1 min 1 max 256");
    for bad in ["0", "257", "many", ""] {
        engine.send(&format!("setoption name Threads value {bad}"));
        engine.send("isready");
        let lines = engine.until("readyok");
        let errors: Vec<_> = lines
            .iter()
            .filter(|l| l.starts_with("info string error: setoption Threads"))
            .collect();
        assert_eq!(errors.len(), 1, "'{bad}': {lines:?}");
    }
    engine.send("setoption name Threads value 2");
    engine.send("isready");
    let lines = engine.until("readyok");
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    engine.send("position startpos moves 7g7f 3c3d");
    engine.send("go depth 6");
    let lines = engine.until("bestmove");
    assert!(lines.iter().any(|l| l.starts_with("info depth 6 ")));
    let pos = komadai::rules::PositionCommand::parse("startpos moves 7g7f 3c3d")
        .expect("valid")
        .current();
    let mv = komadai::rules::Move::from_usi(&bestmove(&lines)).expect("a USI move");
    assert!(pos.is_legal(mv));
    engine.quit();
}

#[test]
fn own_book_opens_from_the_book_until_turned_off() {
    let mut engine = engine_declaring("option name USI_OwnBook type check default true");
    engine.send("position startpos");
    engine.send("go btime 0 wtime 0 byoyomi 1000");
    let lines = engine.until("bestmove");
    let book = komadai::engine::book::Book::built_in();
    let start = komadai::rules::Position::startpos();
    let mv = komadai::rules::Move::from_usi(&bestmove(&lines)).expect("a USI move");
    assert!(
        book.moves(&start).iter().any(|entry| entry.mv == mv),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 0 ")),
        "{lines:?}"
    );
    engine.send("setoption name USI_OwnBook value false");
    engine.send("go btime 0 wtime 0 byoyomi 300");
    let lines = engine.until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3 ")),
        "{lines:?}"
    );
    engine.send("setoption name USI_OwnBook value maybe");
    assert!(
        engine
            .until("info string")
            .iter()
            .any(|l| l.contains("true or false"))
    );
    engine.quit();
}
