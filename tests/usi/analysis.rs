//! Live analysis (`komadai::usi::client::Analysis`): an engine on its own
//! thread thinking until stopped, its lines following each new position.

use komadai::rules::PositionCommand;
use komadai::usi::client::{Analysis, AnalysisReport, EngineSetup, Launch, Timeouts, UsiErrorKind};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const ENGINE: &str = env!("CARGO_BIN_EXE_komadai-usi");

fn setup(launch: Launch) -> EngineSetup {
    EngineSetup {
        launch,
        options: vec![
            ("Threads".into(), Some("1".into())),
            ("USI_OwnBook".into(), Some("false".into())),
        ],
        timeouts: Timeouts::default(),
    }
}

/// Waits for a report that passes `test` (the test fails if none comes in
/// two minutes: a hang, not a slow machine).
fn wait_for(analysis: &Analysis, test: impl Fn(&AnalysisReport) -> bool) -> AnalysisReport {
    let give_up = Instant::now() + Duration::from_secs(120);
    loop {
        let report = analysis.report();
        if test(&report) {
            return report;
        }
        assert!(Instant::now() < give_up, "no such report came: {report:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn position(text: &str) -> PositionCommand {
    PositionCommand::parse(text).expect("the test's position reads")
}

fn lines_shown(report: &AnalysisReport, n: usize) -> bool {
    report.lines.len() == n && report.lines.iter().all(|l| l.depth >= Some(2))
}

fn follows_position_and_stops(launch: Launch) {
    let notified = Arc::new(AtomicUsize::new(0));
    let counter = Arc::clone(&notified);
    let analysis = Analysis::new(
        setup(launch),
        Box::new(move || {
            counter.fetch_add(1, Ordering::Relaxed);
        }),
    );
    let first = position("startpos moves 7g7f 3c3d");
    analysis.analyse(first.clone(), 3);
    let report = wait_for(&analysis, |r| lines_shown(r, 3));
    assert!(report.running);
    assert_eq!(report.position.as_ref(), Some(&first));
    assert!(report.engine_name.is_some());
    let ranks: Vec<usize> = report.lines.iter().map(|l| l.rank).collect();
    assert_eq!(ranks, [1, 2, 3]);
    let current = first.current();
    for line in &report.lines {
        assert!(current.is_legal(line.moves[0]), "{line:?}");
    }
    let firsts: std::collections::BTreeSet<_> = report.lines.iter().map(|l| l.moves[0]).collect();
    assert_eq!(firsts.len(), 3, "three different moves");
    assert!(notified.load(Ordering::Relaxed) > 0, "the window was told");

    // A new position: the lines are its own, one of them.
    let second = position("startpos moves 2g2f");
    analysis.analyse(second.clone(), 1);
    let report = wait_for(&analysis, |r| {
        r.position.as_ref() == Some(&second) && lines_shown(r, 1)
    });
    assert!(second.current().is_legal(report.lines[0].moves[0]));
    assert!(report.sente_score().is_some());

    analysis.stop();
    let report = wait_for(&analysis, |r| !r.running);
    assert_eq!(report.error, None);
    let serial = report.serial;
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(analysis.report().serial, serial, "nothing new once stopped");
}

#[test]
fn the_built_in_engine_analyses_until_stopped_and_follows_the_position() {
    follows_position_and_stops(Launch::BuiltIn);
}

#[test]
fn komadai_usi_analyses_until_stopped_and_follows_the_position() {
    follows_position_and_stops(Launch::Program(vec![ENGINE.to_string()]));
}

#[cfg(unix)]
#[test]
fn an_engine_that_crashes_while_analysing_is_reported_and_started_again() {
    // It answers the handshake, then exits as soon as it is asked to think.
    let crashing = Launch::Program(vec![
        "sh".into(),
        "-c".into(),
        r#"while read l; do case "$l" in usi) echo usiok;; isready) echo readyok;; go*) exit 1;; esac; done"#.into(),
    ]);
    let analysis = Analysis::new(setup(crashing), Box::new(|| {}));
    analysis.analyse(position("startpos"), 2);
    let report = wait_for(&analysis, |r| r.error.is_some());
    assert!(!report.running);
    assert_eq!(report.error.map(|e| e.kind), Some(UsiErrorKind::Crash));
    // Asked again, it is started afresh (and fails the same way, reported again).
    let serial = report.serial;
    analysis.analyse(position("startpos moves 7g7f"), 2);
    let again = wait_for(&analysis, |r| r.serial > serial && r.error.is_some());
    assert_eq!(again.position, Some(position("startpos moves 7g7f")));
}
