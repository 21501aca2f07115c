//! Shared set-up for the GUI tests: an app with its settings in a temporary directory
//! (never the user's), a fast repeatable AI, and helpers to click by accessible label.

#![allow(dead_code)]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use komadai::gui::dialogs::game_setup::GameSetup;
use komadai::gui::intent::Intent;
use komadai::gui::panels::message::MessageKind;
use komadai::gui::storage::records_io;
use komadai::gui::storage::settings::SideChoice;
use komadai::gui::{AppOptions, KomadaiApp, Level, SettingsStore};
use komadai::rules::{Color, Move, Position};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A fresh, empty settings directory for one test.
pub fn settings_dir(test: &str) -> PathBuf {
    // Under the build's own scratch folder, one per test, emptied at the
    // start: runs do not pile folders up in the system's temporary one.
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("gui-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Nodes per position in the tests' reviews: small, so a review takes a moment.
pub const REVIEW_NODES: u64 = 3_000;

/// Nodes of each of the deep pass's searches in the tests' reviews: more than a position's,
/// as in the app, and still a moment.
pub const REVIEW_DEEP_NODES: u64 = 20_000;

pub fn options() -> AppOptions {
    AppOptions {
        seed: Some(20_260_101),
        movetime: Some(Duration::from_millis(50)),
        review_nodes: Some(REVIEW_NODES),
        review_threads: Some(2),
        review_deep_nodes: Some(REVIEW_DEEP_NODES),
    }
}

pub fn app_in(dir: &PathBuf) -> KomadaiApp {
    KomadaiApp::new(SettingsStore::in_dir(dir), options())
}

pub fn harness(app: KomadaiApp) -> Harness<'static, KomadaiApp> {
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1180.0, 820.0))
        .with_max_steps(50)
        .build_ui_state(|ui, app: &mut KomadaiApp| app.show(ui), app);
    settle(&mut harness);
    harness
}

/// A harness on a game from `sfen` with the player as Sente against Easy.
pub fn harness_from(test: &str, sfen: &str) -> Harness<'static, KomadaiApp> {
    let mut app = app_in(&settings_dir(test));
    let start = Position::from_sfen(sfen).expect("test positions are valid SFEN");
    new_game(&mut app, start, Color::Sente, Level::Easy);
    harness(app)
}

/// Starts a game from `start` with the player on `player`'s side, as the new-game dialog
/// does with that position typed in.
pub fn new_game(app: &mut KomadaiApp, start: Position, player: Color, level: Level) {
    let side = match player {
        Color::Sente => SideChoice::Sente,
        Color::Gote => SideChoice::Gote,
    };
    app.apply(Intent::NewGame {
        side,
        level,
        sfen: Some(start.to_sfen()),
        setup: GameSetup::default(),
    });
    assert_eq!(
        (app.game().ply(), app.player()),
        (0, player),
        "the game starts"
    );
}

/// The note an intent left when it failed (`Err`), or `Ok` when it left none or only
/// information.
fn outcome(app: &KomadaiApp) -> Result<(), String> {
    match (app.message_kind(), app.message()) {
        (Some(MessageKind::Error), Some(text)) => Err(text.to_owned()),
        _ => Ok(()),
    }
}

/// Pastes `text` as Ctrl+V on the board does; `Err` with the note when it cannot be used.
pub fn paste(app: &mut KomadaiApp, text: &str) -> Result<(), String> {
    app.apply(Intent::Paste(text.to_owned()));
    outcome(app)
}

/// Opens the record at `path` as the Game menu does; `Err` with the note when it cannot.
pub fn open(app: &mut KomadaiApp, path: &Path) -> Result<(), String> {
    app.apply(Intent::OpenFile(path.to_owned()));
    outcome(app)
}

/// Saves the app's game to `path` (the format by its extension); returns the path written.
pub fn save_record(app: &KomadaiApp, path: &Path) -> Result<PathBuf, String> {
    records_io::save(path, &app.record()).map_err(|problem| problem.text(app.language()))
}

/// Plays on from the position after `ply` plies, on `player`'s side.
pub fn play_on_from(app: &mut KomadaiApp, ply: usize, player: Color) {
    app.apply(Intent::View(Some(ply)));
    app.apply(Intent::PlayOn(player));
}

/// Runs frames until egui asks for no more (the AI thread may keep waking it).
pub fn settle(harness: &mut Harness<'_, KomadaiApp>) {
    let _ = harness.try_run();
}

/// Clicks the widget of this test name (a square or stand piece: "square 7g", "hand Sente P")
/// or, failing that, of this accessible label.
pub fn click(harness: &mut Harness<'_, KomadaiApp>, label: &str) {
    match by_test_name(harness, label) {
        Some(node) => node.click(),
        None => harness.get_by_label(label).click(),
    }
    settle(harness);
}

/// A square or stand piece by its test name ("square 7g", "hand Sente P"), the same in
/// every language, while its accessible name ("7g, Sente pawn") says what stands there.
pub fn by_test_name<'h>(
    harness: &'h Harness<'_, KomadaiApp>,
    name: &str,
) -> Option<egui_kittest::Node<'h>> {
    let name = name.to_owned();
    harness.query_by(move |node| node.author_id() == Some(name.as_str()))
}

/// The most frames a test waits for a search to answer.
pub const SEARCH_FRAMES: usize = 4000;

/// Between two frames of a wait, the test thread sleeps this long so the search threads get
/// the cores: with [`SEARCH_FRAMES`], a wait gives up after 4000 frames, at least 20 s.
const FRAME_PAUSE: Duration = Duration::from_millis(5);

/// Steps frames until `answer` finds what it waits for in the app, at most [`SEARCH_FRAMES`]
/// frames (see [`FRAME_PAUSE`]); `None` when it never came.
fn step_until<T>(
    harness: &mut Harness<'_, KomadaiApp>,
    answer: impl Fn(&KomadaiApp) -> Option<T>,
) -> Option<T> {
    for _ in 0..SEARCH_FRAMES {
        harness.step();
        if let Some(found) = answer(harness.state()) {
            return Some(found);
        }
        std::thread::sleep(FRAME_PAUSE);
    }
    None
}

/// Steps frames until the AI has answered (at most [`SEARCH_FRAMES`] frames), then lets the
/// window settle.
pub fn wait_for_ai(harness: &mut Harness<'_, KomadaiApp>) {
    let answered = step_until(harness, |app| (!app.is_thinking()).then_some(()));
    assert!(answered.is_some(), "the AI never answered");
    settle(harness);
}

/// Steps frames until the analysis engine has answered a stop (at most [`SEARCH_FRAMES`]
/// frames): no line comes after it, so the panel's lines are its report's. Then lets the
/// window settle.
pub fn wait_for_analysis_to_stop(harness: &mut Harness<'_, KomadaiApp>) {
    let stopped = step_until(harness, |app| {
        app.analysis_report()
            .is_some_and(|report| !report.running)
            .then_some(())
    });
    assert!(stopped.is_some(), "the analysis never stopped");
    settle(harness);
}

/// Steps frames until the hint search has answered (at most [`SEARCH_FRAMES`] frames), and
/// returns its move.
pub fn wait_for_hint(harness: &mut Harness<'_, KomadaiApp>) -> Move {
    step_until(harness, KomadaiApp::hint).expect("no hint came")
}

/// A harness whose window is `size` points large.
pub fn harness_sized(app: KomadaiApp, size: egui::Vec2) -> Harness<'static, KomadaiApp> {
    let mut harness = Harness::builder()
        .with_size(size)
        .with_max_steps(50)
        .build_ui_state(|ui, app: &mut KomadaiApp| app.show(ui), app);
    settle(&mut harness);
    harness
}

/// Every text the last frame painted, with its smallest font size in points.
pub fn painted_texts(harness: &Harness<'_, KomadaiApp>) -> Vec<(String, f32)> {
    fn collect(shape: &egui::Shape, out: &mut Vec<(String, f32)>) {
        match shape {
            egui::Shape::Text(text) => {
                let sizes = text.galley.job.sections.iter();
                let smallest = sizes
                    .map(|s| s.format.font_id.size)
                    .fold(f32::MAX, f32::min);
                if !text.galley.text().trim().is_empty() {
                    out.push((text.galley.text().to_owned(), smallest));
                }
            }
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| collect(s, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &harness.output().shapes {
        collect(&clipped.shape, &mut out);
    }
    out
}

/// The screen rectangle of the widget of this test name (a square or stand piece) or,
/// failing that, labelled `label`.
pub fn rect_of(harness: &Harness<'_, KomadaiApp>, label: &str) -> egui::Rect {
    match by_test_name(harness, label) {
        Some(node) => node.rect(),
        None => harness.get_by_label(label).rect(),
    }
}

/// Whether the widget labelled `label` is greyed out.
pub fn is_disabled(harness: &Harness<'_, KomadaiApp>, label: &str) -> bool {
    use egui_kittest::kittest::NodeT;
    harness.get_by_label(label).accesskit_node().is_disabled()
}

/// An app with `moves` (USI) played from the start and the player as Sente to move.
pub fn app_after(test: &str, moves: &str) -> KomadaiApp {
    let mut app = app_in(&settings_dir(test));
    paste(&mut app, &format!("position startpos moves {moves}")).expect("a legal USI line");
    app.apply(Intent::PlayOn(Color::Sente));
    app
}

/// A record file of `moves` (USI) from the start, in a fresh directory.
pub fn record_file(test: &str, moves: &str) -> PathBuf {
    let dir = settings_dir(&format!("{test}-record"));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("game.usi");
    std::fs::write(&path, format!("position startpos moves {moves}\n")).expect("write");
    path
}

/// Applies an intent as a view would send it, then lets the window settle.
pub fn apply(harness: &mut Harness<'_, KomadaiApp>, intent: Intent) {
    harness.state_mut().apply(intent);
    settle(harness);
}

/// The player took Gote: the board is turned, and the AI, Sente, has made the first move.
pub fn assert_the_ai_moved_first_for_gote(harness: &mut Harness<'_, KomadaiApp>) {
    assert_eq!(harness.state().player(), Color::Gote);
    assert!(harness.state().is_flipped());
    wait_for_ai(harness);
    assert_eq!(harness.state().game().ply(), 1);
    assert_eq!(
        harness.state().game().position().side_to_move(),
        Color::Gote
    );
}

/// Starts the review as the Game menu does, agreeing at once (no frame between, where the AI
/// could move), when the window asks, to take a game that counts in the results out of them.
pub fn start_review(harness: &mut Harness<'_, KomadaiApp>) {
    let app = harness.state_mut();
    app.apply(Intent::StartReview);
    if !app.is_review_open() {
        app.apply(Intent::ReviewOffLadder);
    }
    settle(harness);
}

/// Starts the analysis as the Game menu does, agreeing, when the window asks, to take a game
/// that counts in the results out of them.
pub fn start_analysis(app: &mut KomadaiApp) {
    app.apply(Intent::StartAnalysis);
    if !app.is_analysing() {
        app.apply(Intent::AnalyseOffLadder);
    }
}

/// Answers the window's question before analysing or reviewing a game that counts in the
/// results: yes.
pub fn agree_to_analyse(harness: &mut Harness<'_, KomadaiApp>) {
    for yes in [
        "Analyse, not counted",
        "成績に数えずに検討する",
        "Review, not counted",
        "成績に数えずに解析する",
    ] {
        if harness.query_by_label(yes).is_some() {
            click(harness, yes);
        }
    }
}
