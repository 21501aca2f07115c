//! The `komadai-usi` binary as a GUI or a script drives it: position set-up,
//! `d`, `go perft N`, and one error line for anything it cannot parse.

use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::io::Write;
use std::process::{Command, Stdio};

fn run(input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_komadai-usi"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the USI binary starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write input");
    let output = child.wait_with_output().expect("the USI binary ends");
    assert!(output.status.success(), "exit status {:?}", output.status);
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

#[test]
fn usi_handshake_and_readyok() {
    let out = run("usi\nisready\nquit\n");
    assert!(out.contains("id name komadai"));
    assert!(out.contains("usiok"));
    assert!(out.contains("readyok"));
}

#[test]
fn go_perft_prints_each_root_move_and_the_total() {
    let out = run("position startpos\ngo perft 3\nquit\n");
    let per_move: Vec<&str> = out
        .lines()
        .filter(|l| l.contains(": ") && !l.starts_with("Nodes"))
        .collect();
    assert_eq!(per_move.len(), 30);
    assert!(out.lines().any(|l| l.starts_with("7g7f: ")));
    assert!(out.lines().any(|l| l == "Nodes searched: 25470"));
}

#[test]
fn go_perft_from_sfen_with_moves() {
    let out = run(
        "position sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1\ngo perft 2\nquit\n",
    );
    assert!(out.lines().any(|l| l == "Nodes searched: 28684"), "{out}");
    let out = run("position startpos moves 7g7f 3c3d\ngo perft 1\nquit\n");
    assert!(out.lines().any(|l| l == "Nodes searched: 39"), "{out}");
}

#[test]
fn d_prints_the_board_and_sfen() {
    let out = run("position startpos moves 7g7f\nd\nquit\n");
    assert!(
        out.contains("SFEN: lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"),
        "{out}"
    );
}

#[test]
fn bad_input_gets_one_error_line_and_the_session_goes_on() {
    let out = run(concat!(
        "position sfen garbage\n",
        "position startpos moves 7g7f 7g7f\n",
        "go perft banana\n",
        "frobnicate\n",
        "position startpos moves 2g2f\n",
        "go perft 1\n",
        "quit\n"
    ));
    let errors = out
        .lines()
        .filter(|l| l.starts_with("info string error: "))
        .count();
    assert_eq!(errors, 4, "{out}");
    assert!(out.lines().any(|l| l == "Nodes searched: 30"), "{out}");
}

#[test]
fn invalid_utf8_and_mutated_commands_never_crash_the_tool() {
    let mut input = String::new();
    let pieces = [
        "position", "startpos", "sfen", "moves", "go", "perft", "7g7f", "P*5e", "+", "/", "9",
        "\u{6b69}",
    ];
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x1234_5678);
    for _ in 0..300 {
        for _ in 0..4 {
            input.push_str(pieces[rng.random_range(0..pieces.len())]);
            input.push(' ');
        }
        input.push('\n');
    }
    input.push_str("quit\n");
    run(&input);

    let mut child = Command::new(env!("CARGO_BIN_EXE_komadai-usi"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(b"\xff\xfe bad bytes\nisready\nquit\n")
        .expect("write");
    drop(stdin);
    let output = child.wait_with_output().expect("ends");
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).contains("readyok"));
}
