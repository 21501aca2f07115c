//! `komadai review GAME [--json]` on fixture records: a line per move, JSON
//! that parses back, the deep pass waited for unless `--fast`, and a broken
//! record that exits 2 with the line named. Tests of the format alone ask
//! for the fast pass.

use komadai::review::cli::{EXIT_UNREADABLE, run_cli};

const GAME: &str = "tests/data/review/easy_vs_normal.kifu";
const BROKEN: &str = "tests/data/review/broken.kifu";

fn run(args: &[&str]) -> (i32, String, String) {
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = run_cli(&args, &mut out, &mut err);
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("UTF-8 output");
    (status, text(out), text(err))
}

#[test]
fn text_output_has_a_line_per_move_and_each_sides_totals() {
    let (status, out, err) = run(&[GAME, "--fast", "--nodes", "2000", "--threads", "1"]);
    assert_eq!((status, err.as_str()), (0, ""));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1 + 46 + 2, "{out}");
    assert!(lines[0].contains("score (pawns)"), "a header: {}", lines[0]);
    let lines = &lines[1..];
    assert!(lines[0].trim_start().starts_with("1. K-5h"), "{}", lines[0]);
    let verdicts = ["best", "good", "inaccuracy", "mistake", "blunder"];
    for line in &lines[..46] {
        assert!(verdicts.iter().any(|v| line.contains(v)), "{line}");
    }
    assert!(lines[46].starts_with("Sente: "), "{}", lines[46]);
    assert!(lines[47].contains("accuracy"), "{}", lines[47]);
}

#[test]
fn json_output_parses_back_with_every_documented_key() {
    let args = [GAME, "--json", "--nodes", "2000", "--threads", "2"];
    let (status, out, err) = run(&[&args[..], &["--deep-nodes", "20000"]].concat());
    assert_eq!((status, err.as_str()), (0, ""));
    let rows: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    let rows = rows.as_array().expect("an array");
    assert_eq!(rows.len(), 46);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row["ply"], i + 1);
        assert!(row["move"].is_string());
        let verdict = row["verdict"].as_str().expect("verdict");
        assert!(["best", "good", "inaccuracy", "mistake", "blunder"].contains(&verdict));
        for key in ["score_before", "score_after"] {
            let score = &row[key];
            assert!(score.is_i64() || score["mate"].is_i64(), "{key}: {score}");
        }
        assert!(row["best"].is_string() || row["best"].is_null());
        assert!(row["explanation"].is_string());
        assert!(row["deep"].is_boolean());
        let serious = verdict == "mistake" || verdict == "blunder";
        assert!(!serious || !row["explanation"].as_str().unwrap_or("").is_empty());
    }
    assert_eq!(rows[0]["move"], "5i5h");
    // The game ends in mate: the last move mated, its score is a mate.
    assert_eq!(rows[45]["score_after"]["mate"], 0);
}

/// The USI moves of a row's `best_moves`, checking each entry's keys.
fn best_moves(row: &serde_json::Value) -> Vec<String> {
    let entries = row["best_moves"]
        .as_array()
        .expect("best_moves is an array");
    entries
        .iter()
        .map(|entry| {
            assert!(entry["notation"].is_string(), "{entry}");
            let score = &entry["score"];
            assert!(score.is_i64() || score["mate"].is_i64(), "{entry}");
            entry["move"].as_str().expect("a USI move").to_owned()
        })
        .collect()
}

#[test]
fn json_gives_the_best_three_moves_of_each_position_best_first() {
    let (status, out, err) = run(&[
        GAME,
        "--json",
        "--fast",
        "--nodes",
        "3000",
        "--threads",
        "2",
    ]);
    assert_eq!((status, err.as_str()), (0, ""));
    let rows: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    let rows = rows.as_array().expect("an array");
    for row in rows {
        let moves = best_moves(row);
        assert!((1..=3).contains(&moves.len()), "{row}");
        assert_eq!(row["best"], moves[0].as_str(), "{row}");
        let mut distinct = moves.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), moves.len(), "{row}");
        // The mover's score before the move is the best move's, unless a second look at
        // it was lower: then it lies between the two.
        let (best, kept) = (&row["best_moves"][0]["score"], &row["score_before"]);
        match (row["second_look"].as_i64(), best.as_i64()) {
            (Some(second), Some(first)) if second < first => {
                let kept = kept.as_i64().expect("centipawns");
                assert!((second..first).contains(&kept), "{row}");
            }
            _ => assert_eq!(best, kept, "{row}"),
        }
    }
    let full = rows.iter().filter(|row| best_moves(row).len() == 3).count();
    assert!(full > rows.len() / 2, "{full} of {} rows", rows.len());
}

#[test]
fn lines_1_keeps_the_best_move_alone_and_lines_0_is_refused() {
    let args = [
        GAME,
        "--json",
        "--fast",
        "--nodes",
        "2000",
        "--threads",
        "2",
        "--lines",
        "1",
    ];
    let (status, out, _) = run(&args);
    assert_eq!(status, 0);
    let rows: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    for row in rows.as_array().expect("an array") {
        assert_eq!(best_moves(row), [row["best"].as_str().expect("a move")]);
    }
    let (status, _, err) = run(&[GAME, "--lines", "0"]);
    assert_eq!(status, EXIT_UNREADABLE);
    assert!(err.contains("--lines"), "{err}");
}

#[test]
fn a_broken_record_exits_2_naming_the_file_and_line_and_writes_nothing() {
    let (status, out, err) = run(&[BROKEN, "--json"]);
    assert_eq!(status, EXIT_UNREADABLE);
    assert_eq!(out, "");
    assert!(err.starts_with(BROKEN), "{err}");
    assert!(err.contains("line 11"), "{err}");
}

#[test]
fn a_missing_file_and_bad_arguments_exit_2() {
    let (status, out, err) = run(&["tests/data/review/no-such-game.kifu"]);
    assert_eq!((status, out.as_str()), (EXIT_UNREADABLE, ""));
    assert!(err.contains("no-such-game.kifu"), "{err}");
    let (status, _, err) = run(&[GAME, "--nodes", "many"]);
    assert_eq!(status, EXIT_UNREADABLE);
    assert!(err.contains("--nodes"), "{err}");
    assert_eq!(run(&[]).0, EXIT_UNREADABLE);
}

#[test]
fn a_bare_sfen_with_moves_is_a_game() {
    let path = std::env::temp_dir().join(format!("review-cli-{}.sfen", std::process::id()));
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f 3c3d";
    std::fs::write(&path, sfen).expect("temporary file");
    let path_text = path.display().to_string();
    let (status, out, err) = run(&[&path_text, "--json", "--fast", "--nodes", "1000"]);
    let _ = std::fs::remove_file(&path);
    assert_eq!((status, err.as_str()), (0, ""));
    let rows: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    assert_eq!(rows.as_array().map(Vec::len), Some(2));
}

/// The moves the deep pass looks at again: mistakes, blunders and mates missed or
/// allowed, with a better move than the one played.
fn wants_deep_look(row: &serde_json::Value) -> bool {
    let serious = row["verdict"] == "mistake" || row["verdict"] == "blunder";
    (serious || !row["mate"].is_null()) && row["best"] != row["move"]
}

/// Where a verdict stands among the review's, best first.
fn verdict_rank(row: &serde_json::Value) -> usize {
    let verdicts = ["best", "good", "inaccuracy", "mistake", "blunder"];
    let rank = verdicts.iter().position(|v| row["verdict"] == *v);
    rank.expect("a verdict the review gives")
}

#[test]
fn the_review_waits_for_the_deep_pass_and_fast_gives_the_first_pass_alone() {
    let args = [GAME, "--json", "--nodes", "2000", "--threads", "2"];
    let json = |extra: &[&str]| {
        let (status, out, err) = run(&[&args[..], extra].concat());
        assert_eq!((status, err.as_str()), (0, ""));
        let rows: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
        rows.as_array().expect("an array").clone()
    };
    let fast = json(&["--fast"]);
    let deep = json(&["--deep-nodes", "20000"]);
    assert_eq!(fast.len(), deep.len());
    assert!(
        fast.iter().all(|row| row["deep"] == false),
        "--fast looks again at nothing"
    );
    let looked: Vec<&serde_json::Value> = deep.iter().filter(|row| row["deep"] == true).collect();
    assert!(
        !looked.is_empty(),
        "the game has mistakes for the deep pass"
    );
    for (fast, deep) in fast.iter().zip(&deep) {
        // The scores and lines stay the fast pass's.
        for key in ["score_before", "score_after", "best", "best_line"] {
            assert_eq!(fast[key], deep[key], "move {}: {key}", fast["ply"]);
        }
        assert_eq!(
            deep["deep"] == true,
            wants_deep_look(fast),
            "move {}",
            deep["ply"]
        );
        if deep["deep"] == true {
            // A flag the deeper scores do not bear out is withdrawn, never one added.
            assert!(
                verdict_rank(deep) <= verdict_rank(fast),
                "move {}",
                deep["ply"]
            );
            let flagged = verdict_rank(deep) >= 2 || !deep["mate"].is_null();
            assert_eq!(deep["explanation"] != "", flagged, "move {}", deep["ply"]);
        } else {
            for key in ["verdict", "loss", "mate", "explanation"] {
                assert_eq!(fast[key], deep[key], "move {}: {key}", fast["ply"]);
            }
        }
    }
    let (status, _, err) = run(&[GAME, "--deep-nodes", "0"]);
    assert_eq!(status, EXIT_UNREADABLE);
    assert!(err.contains("--deep-nodes"), "{err}");
}
