//! komadai as a USI GUI (`komadai::usi::client`): `komadai-usi` and the
//! built-in engine driven through it, what engines declare and report read
//! back, and engines that misbehave each stopped with the error that says how.

use komadai::rules::{Move, Position, PositionCommand};
use komadai::usi::client::{
    BestMove, EngineOption, EngineScore, Launch, OptionKind, SearchInfo, Timeouts, UsiEngine,
    UsiErrorKind, check_bestmove,
};
use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

const ENGINE: &str = env!("CARGO_BIN_EXE_komadai-usi");

fn komadai_usi() -> Launch {
    Launch::Program(vec![ENGINE.to_string()])
}

/// A fake engine: a shell script reading the client's lines.
fn script(text: &str) -> Launch {
    Launch::Program(vec!["sh".into(), "-c".into(), text.into()])
}

fn quick() -> Timeouts {
    Timeouts {
        init: Duration::from_millis(500),
        stop: Duration::from_millis(500),
    }
}

fn startpos() -> PositionCommand {
    PositionCommand::parse("startpos").expect("startpos")
}

fn start(launch: &Launch) -> UsiEngine {
    UsiEngine::start(launch, Timeouts::default(), None).expect("the engine starts")
}

#[test]
fn komadai_usi_declares_its_name_and_every_kind_of_option_it_has() {
    let engine = start(&komadai_usi());
    let id = engine.id();
    assert!(id.name.as_deref().is_some_and(|n| n.starts_with("komadai")));
    assert!(id.author.is_some());
    assert!(matches!(
        id.option("USI_Hash").map(|o| &o.kind),
        Some(OptionKind::Spin { min: 1, .. })
    ));
    assert_eq!(
        id.option("USI_Ponder").map(|o| &o.kind),
        Some(&OptionKind::Check { default: false })
    );
    match id.option("Level").map(|o| &o.kind) {
        Some(OptionKind::Combo { default, choices }) => {
            assert_eq!(default, "Max");
            assert_eq!(choices, &["Easy", "Normal", "Hard", "Max"]);
        }
        other => panic!("Level is a combo, got {other:?}"),
    }
    assert_eq!(
        id.option("EvalFile").map(|o| &o.kind),
        Some(&OptionKind::Filename {
            default: "builtin".to_string()
        })
    );
    engine.quit();
}

#[test]
fn option_lines_of_each_type_read_and_broken_ones_are_left_out() {
    let string = EngineOption::parse("option name Book File type string default user book.db")
        .expect("a string option");
    assert_eq!(string.name, "Book File");
    assert_eq!(
        string.kind,
        OptionKind::String {
            default: "user book.db".into()
        }
    );
    let button = EngineOption::parse("option name Clear Hash type button").expect("a button");
    assert_eq!(button.kind, OptionKind::Button);
    assert_eq!(button.setoption(""), "setoption name Clear Hash");
    let combo = EngineOption::parse(
        "option name Style type combo default Solid Play var Solid Play var Wild",
    )
    .expect("a combo");
    assert_eq!(
        combo.kind,
        OptionKind::Combo {
            default: "Solid Play".into(),
            choices: vec!["Solid Play".into(), "Wild".into()]
        }
    );
    for broken in [
        "option type spin default 1 min 0 max 2",
        "option name X type spin default one min 0 max 2",
        "option name X type colour default red",
        "option name X",
        "optional name X type check",
    ] {
        assert_eq!(EngineOption::parse(broken), None, "{broken}");
    }
}

#[test]
fn option_values_outside_what_the_engine_offers_are_refused_before_sending() {
    let mut engine = start(&komadai_usi());
    let refused = [
        ("Threads", Some("0")),
        ("Threads", Some("many")),
        ("Level", Some("Grandmaster")),
        ("USI_Ponder", Some("yes")),
        ("NoSuchOption", Some("1")),
    ];
    for (name, value) in refused {
        let error = engine
            .set_option(name, value)
            .expect_err("a value it does not take");
        assert_eq!(error.kind, UsiErrorKind::BadOption, "{name}={value:?}");
    }
    engine
        .set_option("Level", Some("Easy"))
        .expect("a value it takes");
    engine.is_ready().expect("still ready");
    engine.quit();
}

#[test]
fn info_lines_read_into_their_fields() {
    let info = SearchInfo::parse(
        "info depth 5 seldepth 7 multipv 2 score cp -34 nodes 1234 nps 100 time 12 hashfull 3 pv 7g7f 3c3d",
    )
    .expect("an info line");
    assert_eq!(info.depth, Some(5));
    assert_eq!(info.seldepth, Some(7));
    assert_eq!(info.multipv, Some(2));
    assert_eq!(info.score, Some(EngineScore::Cp(-34)));
    assert_eq!(info.nodes, Some(1234));
    assert_eq!(info.pv, ["7g7f", "3c3d"]);
    let mated = SearchInfo::parse("info score mate -3 pv 5a4a").expect("an info line");
    assert_eq!(
        mated.score,
        Some(EngineScore::Mate {
            plies: Some(-3),
            winning: false
        })
    );
    let mate_unknown = SearchInfo::parse("info score mate + depth 9").expect("an info line");
    assert_eq!(
        mate_unknown.score,
        Some(EngineScore::Mate {
            plies: None,
            winning: true
        })
    );
    assert_eq!(mate_unknown.depth, Some(9));
    let bound = SearchInfo::parse("info depth 3 score cp 20 lowerbound").expect("an info line");
    assert!(bound.bound);
    let garbage = SearchInfo::parse("info depth x nodes -5 score cp").expect("an info line");
    assert_eq!(
        (garbage.depth, garbage.nodes, garbage.score),
        (None, None, None)
    );
    assert_eq!(SearchInfo::parse("bestmove 7g7f"), None);
    let text = SearchInfo::parse("info string book move").expect("an info line");
    assert_eq!(text.string.as_deref(), Some("book move"));
}

#[test]
fn a_move_asked_of_komadai_usi_is_legal_in_the_position() {
    let mut engine = start(&komadai_usi());
    engine.new_game().expect("a new game");
    let command = PositionCommand::parse("startpos moves 7g7f 3c3d").expect("a position");
    let answer = engine
        .go(&command, "go nodes 2000", Duration::from_secs(60))
        .expect("an answer");
    let best = check_bestmove(&command.current(), &answer.bestmove).expect("a legal move");
    assert!(matches!(best, BestMove::Move(_)));
    assert!(answer.depth.is_some());
    engine.quit();
}

/// Runs an endless search with three lines until each has been reported,
/// then stops it; the lines' first moves, all distinct and legal.
fn three_lines_until_stopped(launch: &Launch) -> BTreeSet<String> {
    let mut engine = start(launch);
    engine
        .set_option("MultiPV", Some("3"))
        .expect("MultiPV is declared");
    engine.new_game().expect("a new game");
    let command = PositionCommand::parse("startpos").expect("startpos");
    engine.go_infinite(&command).expect("the search starts");
    // The three lines of one depth, reported together: ranks taken from
    // different depths may name the same move twice when the order changes.
    let mut by_depth: BTreeMap<u32, [Option<String>; 3]> = BTreeMap::new();
    let complete = |by_depth: &BTreeMap<u32, [Option<String>; 3]>| {
        by_depth
            .values()
            .find(|lines| lines.iter().all(Option::is_some))
            .cloned()
    };
    let give_up = Instant::now() + Duration::from_secs(120);
    while complete(&by_depth).is_none() && Instant::now() < give_up {
        for info in engine
            .poll(Instant::now() + Duration::from_millis(100))
            .expect("lines while it thinks")
        {
            if let (Some(rank @ 1..=3), Some(depth), Some(first), false) =
                (info.multipv, info.depth, info.pv.first(), info.bound)
            {
                by_depth.entry(depth).or_default()[rank - 1] = Some(first.clone());
            }
        }
        assert!(
            engine.searching(),
            "an endless search goes on until stopped"
        );
    }
    let best = engine.stop().expect("it stops").expect("a bestmove");
    assert!(check_bestmove(&Position::startpos(), &best).is_ok());
    assert!(!engine.searching());
    engine.quit();
    let first_moves = complete(&by_depth).unwrap_or_default();
    let moves: BTreeSet<String> = first_moves.into_iter().flatten().collect();
    for text in &moves {
        let mv = Move::from_usi(text).expect("a USI move");
        assert!(Position::startpos().is_legal(mv), "{text}");
    }
    moves
}

#[test]
fn an_endless_search_of_komadai_usi_reports_three_distinct_lines_and_stops() {
    assert_eq!(three_lines_until_stopped(&komadai_usi()).len(), 3);
}

#[test]
fn the_built_in_engine_speaks_the_same_protocol_in_process() {
    let engine = start(&Launch::BuiltIn);
    assert!(
        engine
            .id()
            .name
            .as_deref()
            .is_some_and(|n| n.starts_with("komadai"))
    );
    engine.quit();
    assert_eq!(three_lines_until_stopped(&Launch::BuiltIn).len(), 3);
}

#[test]
fn a_program_that_does_not_exist_cannot_be_started() {
    let launch = Launch::Program(vec!["/nonexistent/komadai-test-engine".into()]);
    let error = UsiEngine::start(&launch, quick(), None).expect_err("no such program");
    assert_eq!(error.kind, UsiErrorKind::Start);
    assert!(
        error
            .to_string()
            .contains("/nonexistent/komadai-test-engine")
    );
}

#[cfg(unix)]
#[test]
fn an_engine_that_never_says_usiok_is_refused() {
    let silent = script("while read l; do :; done");
    let error = UsiEngine::start(&silent, quick(), None).expect_err("no usiok");
    assert_eq!(error.kind, UsiErrorKind::NoUsiOk);
}

#[cfg(unix)]
#[test]
fn an_engine_that_writes_garbage_without_end_is_refused_at_the_deadline() {
    let chatter = script("while true; do echo 'garbage ]]] \\xff'; done");
    let error = UsiEngine::start(&chatter, quick(), None).expect_err("no usiok");
    assert_eq!(error.kind, UsiErrorKind::NoUsiOk);
}

#[cfg(unix)]
#[test]
fn an_engine_name_that_is_not_utf8_is_read_not_taken_for_a_crash() {
    let odd = script(
        r#"while read l; do case "$l" in usi) printf 'id name Eng\377ine\nusiok\n';; isready) echo readyok;; esac; done"#,
    );
    let mut engine = UsiEngine::start(&odd, quick(), None).expect("it starts");
    assert_eq!(engine.id().name.as_deref(), Some("Eng\u{FFFD}ine"));
    engine.is_ready().expect("ready");
    engine.quit();
}

#[cfg(unix)]
#[test]
fn an_engine_that_exits_when_asked_to_move_is_a_crash() {
    let crashing = script(
        r#"while read l; do case "$l" in usi) echo usiok;; isready) echo readyok;; go*) echo 'dying' >&2; exit 3;; esac; done"#,
    );
    let mut engine = UsiEngine::start(&crashing, quick(), None).expect("it starts");
    let error = engine
        .go(&startpos(), "go byoyomi 100", Duration::from_secs(30))
        .expect_err("it exits");
    assert_eq!(error.kind, UsiErrorKind::Crash);
    assert!(error.detail.contains('3'), "the exit status: {error}");
}

#[cfg(unix)]
#[test]
fn an_engine_that_never_answers_readyok_is_refused() {
    let slow = script(r#"while read l; do case "$l" in usi) echo usiok;; esac; done"#);
    let mut engine = UsiEngine::start(&slow, quick(), None).expect("it starts");
    let error = engine.is_ready().expect_err("no readyok");
    assert_eq!(error.kind, UsiErrorKind::NotReady);
}

#[cfg(target_os = "linux")]
#[test]
fn an_engine_that_does_not_stop_is_timed_out_and_its_process_ended() {
    let pid_file = std::env::temp_dir().join(format!("komadai-hang-{}.pid", std::process::id()));
    let hanging = script(&format!(
        r#"echo $$ > '{}'; while read l; do case "$l" in usi) echo usiok;; isready) echo readyok;; esac; done"#,
        pid_file.display()
    ));
    let mut engine = UsiEngine::start(&hanging, quick(), None).expect("it starts");
    let pid = std::fs::read_to_string(&pid_file).expect("the fake engine wrote its pid");
    let _ = std::fs::remove_file(&pid_file);
    let proc_entry = std::path::PathBuf::from(format!("/proc/{}", pid.trim()));
    assert!(proc_entry.exists(), "it runs");
    engine.go_infinite(&startpos()).expect("the search starts");
    let error = engine.stop().expect_err("no bestmove after stop");
    assert_eq!(error.kind, UsiErrorKind::Timeout);
    assert!(!proc_entry.exists(), "the process was ended");
}

#[test]
fn a_bestmove_that_is_not_a_move_or_not_legal_is_an_error() {
    let start = Position::startpos();
    assert_eq!(
        check_bestmove(&start, "7g7f").ok(),
        Some(BestMove::Move(Move::from_usi("7g7f").expect("a move")))
    );
    assert_eq!(
        check_bestmove(&start, "resign").ok(),
        Some(BestMove::Resign)
    );
    assert_eq!(check_bestmove(&start, "win").ok(), Some(BestMove::Win));
    let unreadable = check_bestmove(&start, "hello").expect_err("not a move");
    assert_eq!(unreadable.kind, UsiErrorKind::Unreadable);
    // Gote's lance, on Sente's turn.
    let illegal = check_bestmove(&start, "1a1b").expect_err("not legal");
    assert_eq!(illegal.kind, UsiErrorKind::IllegalMove);
    assert!(illegal.to_string().contains("1a1b"));
}

#[cfg(unix)]
#[test]
fn an_illegal_bestmove_from_an_engine_is_caught() {
    let cheat = script(
        r#"while read l; do case "$l" in usi) echo usiok;; isready) echo readyok;; go*) echo 'bestmove 5i5g';; esac; done"#,
    );
    let mut engine = UsiEngine::start(&cheat, quick(), None).expect("it starts");
    let answer = engine
        .go(&startpos(), "go byoyomi 100", Duration::from_secs(30))
        .expect("it answers");
    let error = check_bestmove(&Position::startpos(), &answer.bestmove).expect_err("illegal");
    assert_eq!(error.kind, UsiErrorKind::IllegalMove);
    engine.kill();
}

#[test]
fn a_timed_move_cancelled_midway_is_stopped_and_the_engine_answers_the_next() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let mut engine = start(&komadai_usi());
    let cancel = AtomicBool::new(false);
    let position = startpos();
    // Cancelled before the first look: `stop`, its bestmove read and dropped.
    cancel.store(true, Ordering::Relaxed);
    let answer = engine
        .go_unless(
            &position,
            "go btime 0 wtime 0 byoyomi 60000",
            Duration::from_secs(70),
            &cancel,
        )
        .expect("no failure");
    assert!(answer.is_none());
    // The engine is still in order: the next move comes, legal, with its lines.
    cancel.store(false, Ordering::Relaxed);
    let answer = engine
        .go_unless(&position, "go depth 3", Duration::from_secs(30), &cancel)
        .expect("no failure")
        .expect("not cancelled");
    let checked = check_bestmove(&position.current(), &answer.bestmove).expect("a legal move");
    assert!(matches!(checked, BestMove::Move(_)));
    assert!(!answer.lines.is_empty() && answer.lines[0].score.is_some());
    engine.quit();
}
