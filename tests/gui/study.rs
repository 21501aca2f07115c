//! Live analysis in the window: started from the Game menu, its lines in the move list's
//! notation, following the board as it steps back, more lines on request, the evaluation bar
//! fed from it, and stopped by its key; the frame time while it runs, measured.

use crate::gui_support;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_support::{app_after, apply, click, harness};
use komadai::gui::KomadaiApp;
use komadai::gui::intent::Intent;
use komadai::i18n::Language;
use komadai::rules::{Color, PositionCommand, notation};
use komadai::usi::client::AnalysisReport;
use std::time::{Duration, Instant};

/// The most frames a test waits for the engine's lines.
const FRAMES: usize = 8000;

/// Steps frames until the analysis reports what `test` wants (bounded by frames, not time).
fn wait_for(
    h: &mut Harness<'_, KomadaiApp>,
    test: impl Fn(&AnalysisReport) -> bool,
) -> AnalysisReport {
    for _ in 0..FRAMES {
        h.step();
        if let Some(report) = h.state().analysis_report()
            && test(&report)
        {
            return report;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!(
        "the analysis never reported that: {:?}",
        h.state().analysis_report()
    );
}

fn about(report: &AnalysisReport, moves: &str, lines: usize) -> bool {
    let position = PositionCommand::parse(&format!("startpos moves {moves}"))
        .or_else(|_| PositionCommand::parse("startpos"))
        .ok();
    report.position == position
        && report.lines.len() == lines
        && report.lines.iter().all(|l| l.depth >= Some(2))
}

#[test]
fn analysis_shows_lines_follows_the_board_and_stops() {
    let mut h = harness(app_after("study-lines", "7g7f 3c3d"));
    click(&mut h, "Game");
    click(&mut h, "Analyse position A");
    gui_support::agree_to_analyse(&mut h);
    assert!(h.state().is_analysing());
    let report = wait_for(&mut h, |r| about(r, "7g7f 3c3d", 3));
    h.step();

    // The best line as the move list writes it: Sente's mark, then the move in Western notation.
    let position = report.position.as_ref().expect("a position").current();
    let first = report.lines[0].moves[0];
    let written = h.state().analysis_lines_written();
    assert!(
        written[0].starts_with(&format!("☗{}", notation::western(&position, first))),
        "{written:?}"
    );
    // Shown move by move, so that a line breaks only between moves.
    for mv in written[0].split(' ') {
        assert!(h.query_all_by_label(mv).next().is_some(), "{mv} shown");
    }
    h.get_by_label("Analysis");

    // The board steps back one move: the engine thinks on that position now.
    h.key_press(egui::Key::ArrowLeft);
    let report = wait_for(&mut h, |r| about(r, "7g7f", 3));
    let gote_to_move = report.position.as_ref().expect("a position").current();
    assert_eq!(gote_to_move.side_to_move(), Color::Gote);
    assert!(gote_to_move.is_legal(report.lines[0].moves[0]));
    let written = h.state().analysis_lines_written();
    assert!(
        written[0].starts_with('☖'),
        "Gote's move first: {written:?}"
    );

    // The bar follows the analysis: Sente's chance from the best line, Gote to move.
    let chance = h
        .state()
        .analysis_chance()
        .expect("the bar reads the analysis");
    assert!((0.0..=1.0).contains(&chance));

    // One line only.
    apply(&mut h, Intent::SetAnalysisLines(1));
    wait_for(&mut h, |r| about(r, "7g7f", 1));

    // A stops it; its lines stay on the panel.
    h.key_press(egui::Key::A);
    h.step();
    assert!(!h.state().is_analysing());
    let report = wait_for(&mut h, |r| !r.running);
    assert_eq!(report.lines.len(), 1);
    h.get_by_label("Analyse");

    // Closed, the engine is gone and the bar goes back to the AI's estimate.
    apply(&mut h, Intent::CloseAnalysis);
    assert!(h.state().analysis_report().is_none());
    assert!(h.state().analysis_chance().is_none());
}

#[test]
fn the_japanese_panel_writes_lines_in_japanese_notation() {
    let mut app = app_after("study-ja", "7g7f 3c3d");
    app.apply(Intent::SetLanguage(komadai::i18n::Language::Japanese));
    app.apply(Intent::SetNotation(
        komadai::gui::storage::settings::NotationStyle::Japanese,
    ));
    let mut h = harness(app);
    click(&mut h, "対局");
    click(&mut h, "検討モード A");
    gui_support::agree_to_analyse(&mut h);
    let report = wait_for(&mut h, |r| about(r, "7g7f 3c3d", 3));
    h.step();
    let position = report.position.as_ref().expect("a position").current();
    let written = h.state().analysis_lines_written();
    let previous_to = report
        .position
        .as_ref()
        .and_then(|p| p.moves.last())
        .map(|m| m.to());
    let first = notation::japanese(&position, report.lines[0].moves[0], previous_to);
    assert!(written[0].starts_with(&first), "{written:?} / {first}");
    assert!(written[0].starts_with('▲'), "Sente to move: {written:?}");
    h.get_by_label("検討");
    h.get_by_label("停止");
}

/// Not a check but a measure (run with `--ignored --nocapture`): how long the UI thread takes
/// per frame stepping through a game, without and then with the analysis following the board
/// (the engine on the Hard threads setting). Prints the median and the slowest of each;
/// asserts nothing about time.
#[test]
#[ignore]
fn measure_frame_time_while_analysing() {
    let moves = "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d 8e8f 8g8f 8b8f";
    let mut h = harness(app_after("study-frames", moves));
    let frames = |h: &mut Harness<'_, KomadaiApp>| {
        let mut times: Vec<f64> = (0..150)
            .map(|i| {
                // A new position every ten frames: the analysis restarts on it.
                if i % 10 == 0 {
                    h.state_mut().apply(Intent::View(Some(i / 10)));
                }
                let start = Instant::now();
                h.step();
                let took = start.elapsed().as_secs_f64() * 1000.0;
                std::thread::sleep(Duration::from_millis(16));
                took
            })
            .collect();
        times.sort_by(f64::total_cmp);
        (times[times.len() / 2], times[times.len() - 1])
    };
    let (idle_median, idle_max) = frames(&mut h);
    gui_support::start_analysis(h.state_mut());
    wait_for(&mut h, |r| r.running && !r.lines.is_empty());
    let (busy_median, busy_max) = frames(&mut h);
    assert!(h.state().is_analysing());
    eprintln!(
        "frame time, stepping through a game: median {idle_median:.2} ms, slowest {idle_max:.2} ms; \
         while analysing: median {busy_median:.2} ms, slowest {busy_max:.2} ms"
    );
}

#[test]
fn in_the_editor_the_analysis_follows_the_setup_and_waits_while_it_is_unplayable() {
    use komadai::gui::editor::Edit;
    let mut h = harness(app_after("study-editor", "7g7f 3c3d"));
    apply(&mut h, Intent::OpenEditor);
    apply(&mut h, Intent::StartAnalysis);
    let setup = PositionCommand::parse(
        "sfen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1",
    )
    .expect("the position after 7g7f 3c3d");
    let report = wait_for(&mut h, |r| {
        r.position.as_ref() == Some(&setup) && r.lines.len() == 3
    });
    assert!(setup.current().is_legal(report.lines[0].moves[0]));

    // An empty board cannot be played: the engine stops and no line is shown.
    apply(&mut h, Intent::Edit(Edit::Clear));
    wait_for(&mut h, |r| !r.running);
    assert!(h.state().is_analysing(), "it waits, still on");
    assert!(h.state().analysis_lines_written().is_empty());
    h.get_by_label("Waiting for a position that can be played.");

    // The start position again: it thinks on that.
    apply(&mut h, Intent::Edit(Edit::Reset));
    let start = PositionCommand::parse("startpos").expect("startpos");
    wait_for(&mut h, |r| {
        r.running && r.position.as_ref() == Some(&start) && !r.lines.is_empty()
    });
}

/// A fake engine program in a fresh folder: a shell script reading the GUI's lines.
#[cfg(unix)]
fn fake_engine(test: &str, script: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let dir = gui_support::settings_dir(test);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("fake-engine.sh");
    std::fs::write(&path, format!("#!/bin/sh\n{script}\n")).expect("write the script");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    path
}

#[cfg(unix)]
#[test]
fn another_usi_engine_analyses_and_one_that_crashes_is_reported_and_replaced() {
    let mut h = harness(app_after("study-engines", "7g7f 3c3d"));
    // komadai-usi as an outside program: its lines as the built-in engine's.
    let program = std::path::PathBuf::from(env!("CARGO_BIN_EXE_komadai-usi"));
    apply(&mut h, Intent::SetAnalysisEngine(Some(program)));
    gui_support::start_analysis(h.state_mut());
    let report = wait_for(&mut h, |r| about(r, "7g7f 3c3d", 3));
    // Named as the engine names itself, as everywhere else, not by its file.
    let name = report.engine_name.expect("the engine's id name");
    h.get_by_label(&name);
    assert!(h.query_by_label("komadai-usi").is_none());

    // One that answers the handshake and dies when asked to think.
    let crashing = fake_engine(
        "study-engines-crash",
        r#"while read l; do case "$l" in usi) echo 'id name Crasher'; echo usiok;; isready) echo readyok;; go*) exit 7;; esac; done"#,
    );
    apply(&mut h, Intent::SetAnalysisEngine(Some(crashing)));
    let report = wait_for(&mut h, |r| r.error.is_some());
    assert!(!report.running);
    assert_eq!(report.engine_name.as_deref(), Some("Crasher"));
    h.step();
    // Told in the words of the engines' other failures, in the player's language.
    let error = report.error.expect("an error");
    let shown = format!(
        "Crasher stopped: {}",
        komadai::i18n::usi_error(Language::English, &error)
    );
    assert!(
        shown.starts_with("Crasher stopped: it stopped running"),
        "{shown}"
    );
    h.get_by_label(&shown);
    apply(&mut h, Intent::SetLanguage(Language::Japanese));
    let shown = format!(
        "Crasherを停止しました：{}",
        komadai::i18n::usi_error(Language::Japanese, &error)
    );
    assert!(shown.contains("プロセスが終了しました"), "{shown}");
    h.get_by_label(&shown);
    apply(&mut h, Intent::SetLanguage(Language::English));
    assert!(h.state().analysis_lines_written().is_empty());

    // Back to the built-in engine: the window goes on, with lines again.
    apply(&mut h, Intent::SetAnalysisEngine(None));
    let report = wait_for(&mut h, |r| r.error.is_none() && about(r, "7g7f 3c3d", 3));
    assert_eq!(
        report
            .engine_name
            .as_deref()
            .map(|n| n.starts_with("komadai")),
        Some(true)
    );
}

#[cfg(unix)]
#[test]
fn the_lines_hold_still_under_the_pointer_and_play_takes_the_line_read() {
    let mut h = harness(app_after("study-lines-hold", "7g7f 3c3d"));
    // Two lines, then after a second the same two the other way round.
    let engine = fake_engine(
        "study-lines-hold-engine",
        r#"while read l; do case "$l" in
usi) echo 'id name Turner'; echo usiok;;
isready) echo readyok;;
go*) echo 'info depth 1 multipv 1 score cp 50 pv 2g2f'; echo 'info depth 1 multipv 2 score cp 20 pv 6i7h'; sleep 1; echo 'info depth 2 multipv 1 score cp 60 pv 6i7h'; echo 'info depth 2 multipv 2 score cp 30 pv 2g2f';;
stop) echo 'bestmove 6i7h';;
quit) exit 0;;
esac; done"#,
    );
    apply(&mut h, Intent::SetAnalysisEngine(Some(engine)));
    apply(&mut h, Intent::SetAnalysisLines(2));
    gui_support::start_analysis(h.state_mut());
    wait_for(&mut h, |r| {
        r.lines.len() == 2 && r.lines[0].depth == Some(1)
    });
    h.step();
    // The player reads the first line, the pointer on it.
    let read = h.get_by_label_contains("P-2f").rect().center();
    h.hover_at(read);
    h.step();
    wait_for(&mut h, |r| {
        r.lines.first().is_some_and(|l| l.depth == Some(2))
    });
    h.step();
    h.step();
    h.get_all_by_label("Play")
        .next()
        .expect("a Play button")
        .click();
    h.step();
    h.step();
    let read = PositionCommand::parse("startpos moves 7g7f 3c3d 2g2f").expect("legal moves");
    assert_eq!(
        h.state().shown_sfen(),
        read.current().to_sfen(),
        "Play took the line that was read"
    );
}

#[test]
fn analysing_a_game_that_counts_in_the_results_asks_first_and_takes_it_out() {
    let mut h = harness(gui_support::app_in(&gui_support::settings_dir(
        "study-ladder",
    )));
    gui_support::new_game(
        h.state_mut(),
        komadai::rules::Position::startpos(),
        Color::Sente,
        komadai::gui::Level::Easy,
    );
    gui_support::settle(&mut h);
    apply(&mut h, Intent::StartAnalysis);
    assert!(!h.state().is_analysing(), "not before the player agrees");
    assert!(h.query_by_label("Analyse this game?").is_some());
    // No: the game goes on counting, unanalysed.
    click(&mut h, "Cancel");
    assert!(!h.state().is_analysing());
    assert!(!h.state().engine_played());
    // Yes: analysed, and out of the results.
    apply(&mut h, Intent::StartAnalysis);
    click(&mut h, "Analyse, not counted");
    assert!(h.state().is_analysing());
    assert!(h.state().engine_played(), "the game no longer counts");
}

#[test]
fn reviewing_a_game_that_counts_in_the_results_asks_first_and_takes_it_out() {
    let mut h = harness(app_after("study-ladder-review", "7g7f 3c3d"));
    click(&mut h, "Game");
    click(&mut h, "Review this game");
    assert!(!h.state().is_review_open(), "not before the player agrees");
    assert!(h.query_by_label("Review this game?").is_some());
    // No (Esc): the game goes on counting, unreviewed.
    h.key_press(egui::Key::Escape);
    gui_support::settle(&mut h);
    assert!(h.query_by_label("Review this game?").is_none());
    assert!(!h.state().is_review_open());
    assert!(!h.state().engine_played());
    // Yes, asked in Japanese: reviewed, and out of the results.
    apply(&mut h, Intent::SetLanguage(Language::Japanese));
    apply(&mut h, Intent::StartReview);
    assert!(h.query_by_label("この対局を解析しますか？").is_some());
    click(&mut h, "成績に数えずに解析する");
    assert!(h.state().is_review_open());
    assert!(h.state().engine_played(), "the game no longer counts");
}

#[test]
fn in_a_handicap_game_the_scores_are_from_shitates_side() {
    let mut app = gui_support::app_in(&gui_support::settings_dir("study-handicap-side"));
    // Two-piece handicap: Uwate (Gote) without rook and bishop moves first.
    let two_pieces =
        "position sfen lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5c5d";
    gui_support::paste(&mut app, two_pieces).expect("a handicap record");
    let mut h = harness(app);
    apply(&mut h, Intent::StartAnalysis);
    assert!(h.state().is_analysing());
    assert!(
        h.query_by_label_contains("Scores from 下手 Shitate's side")
            .is_some()
    );
    apply(&mut h, Intent::SetLanguage(Language::Japanese));
    assert!(
        h.query_by_label_contains("評価値は下手から見た値")
            .is_some()
    );
}

#[test]
fn a_japanese_line_breaks_between_moves_never_inside_one() {
    let mut app = app_after("study-ja-breaks", "7g7f 3c3d");
    app.apply(Intent::SetLanguage(Language::Japanese));
    app.apply(Intent::SetNotation(
        komadai::gui::storage::settings::NotationStyle::Japanese,
    ));
    let mut h = harness(app);
    gui_support::start_analysis(h.state_mut());
    wait_for(&mut h, |r| {
        about(r, "7g7f 3c3d", 3) && r.lines.iter().all(|l| l.moves.len() >= 8)
    });
    h.step();
    let mut broken = Vec::new();
    for clipped in &h.output().shapes {
        if let egui::Shape::Text(text) = &clipped.shape {
            let starts_a_move = text.galley.text().starts_with(['▲', '△']);
            if starts_a_move && text.galley.rows.len() > 1 {
                broken.push(text.galley.text().to_owned());
            }
        }
    }
    assert!(broken.is_empty(), "broken over lines: {broken:?}");
}
