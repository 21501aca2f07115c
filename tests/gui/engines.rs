//! Any USI engine in the window: added in the Engines dialog by its program file (its name
//! and options read, an option set, kept in the settings, removed), chosen in the new-game
//! dialog as the opponent and played against, used for the review; and engines that
//! misbehave (crash, hang, never answer `usiok`, answer garbage or an illegal move), each
//! stopped with a message in the player's language while komadai's own engine takes over.

use crate::gui_support;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_support::{app_after, app_in, apply, click, harness, settings_dir, settle, wait_for_ai};
use komadai::clock::TimeControl;
use komadai::gui::dialogs::game_setup::GameSetup;
use komadai::gui::intent::Intent;
use komadai::gui::storage::engine_list::EngineRole;
use komadai::gui::storage::settings::SideChoice;
use komadai::gui::{KomadaiApp, Level, SettingsStore};
use komadai::i18n::Language;
use komadai::review::Verdict;
use komadai::rules::game::EndReason;
use komadai::rules::{Color, Move};
use komadai::usi::client::OptionKind;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The most frames a test waits for an engine (each frame sleeps a little, so the engine's
/// threads get the cores): far more than any engine here needs.
const FRAMES: usize = 6000;

fn komadai_usi() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_komadai-usi"))
}

/// Steps frames until `done` holds; panics with `what` when it never does.
fn step_until(h: &mut Harness<'_, KomadaiApp>, what: &str, done: impl Fn(&KomadaiApp) -> bool) {
    for _ in 0..FRAMES {
        h.step();
        if done(h.state()) {
            settle(h);
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("{what} never happened; note: {:?}", h.state().message());
}

/// Adds `program` as the Engines dialog does (typed, then Add) and waits for it; its id.
fn add_engine(h: &mut Harness<'_, KomadaiApp>, program: &Path) -> u32 {
    let before = h.state().settings().engines.engines.len();
    apply(h, Intent::OpenEngines);
    apply(h, Intent::AddEngine(program.to_path_buf()));
    step_until(h, "the engine's answer", |app| !app.is_adding_engine());
    let engines = &h.state().settings().engines.engines;
    assert_eq!(
        engines.len(),
        before + 1,
        "added: {:?}",
        h.state().message()
    );
    engines[before].id
}

/// A fake engine program: a shell script answering the handshake, then `go` as told.
#[cfg(unix)]
fn fake_engine(test: &str, name: &str, on_usi: &str, on_go: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let dir = settings_dir(&format!("{test}-engine"));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(format!("{name}.sh"));
    let script = format!(
        "#!/bin/sh\nwhile read l; do case \"$l\" in usi) {on_usi};; isready) echo readyok;; \
         go*) {on_go};; quit) exit 0;; esac; done\n"
    );
    std::fs::write(&path, script).expect("write the script");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    path
}

/// An app whose settings already list `program` as engine 1, playing the AI's side, and a
/// game started against it with the player on Sente.
fn app_against(test: &str, program: &Path, name: &str, language: Language) -> KomadaiApp {
    app_against_in(&settings_dir(test), program, name, language)
}

/// As [`app_against`], in `dir`.
fn app_against_in(dir: &Path, program: &Path, name: &str, language: Language) -> KomadaiApp {
    std::fs::create_dir_all(dir).expect("temp dir");
    let settings = serde_json::json!({
        "language": language,
        "engines": {
            "engines": [{"id": 1, "program": program, "name": name}],
            "roles": {"opponent": 1}
        }
    });
    std::fs::write(dir.join("settings.json"), settings.to_string()).expect("settings");
    let mut app = app_in(&dir.to_path_buf());
    gui_support::new_game(
        &mut app,
        komadai::rules::Position::startpos(),
        Color::Sente,
        Level::Easy,
    );
    app
}

fn mv(text: &str) -> Move {
    Move::from_usi(text).expect("a USI move")
}

#[test]
fn komadai_usi_is_added_with_its_options_which_are_set_kept_and_removed() {
    let dir = settings_dir("engines-add");
    let mut h = harness(app_in(&dir));
    click(&mut h, "AI");
    click(&mut h, "Engines…");
    h.get_by_label("No engine added yet: komadai's own engine plays every role.");
    let id = add_engine(&mut h, &komadai_usi());
    let entry = h.state().settings().engines.get(id).expect("added").clone();
    assert!(entry.name.starts_with("komadai"), "{}", entry.name);
    assert!(!entry.author.is_empty());
    assert_eq!(entry.program, komadai_usi());
    h.get_by_label(&format!("Added {}.", entry.name));
    // Its options are open, one widget of each kind it declares.
    h.get_by_label(&format!("Options of {}", entry.name));
    let level = entry
        .options
        .iter()
        .find(|o| o.name == "Level")
        .expect("a combo");
    assert!(matches!(level.kind, OptionKind::Combo { .. }));
    h.get_by_label("USI_Hash");

    // A value the option takes is kept; one it does not is refused.
    apply(
        &mut h,
        Intent::SetEngineOption {
            engine: id,
            name: "Level".into(),
            value: Some("Easy".into()),
        },
    );
    apply(
        &mut h,
        Intent::SetEngineOption {
            engine: id,
            name: "USI_Hash".into(),
            value: Some("lots".into()),
        },
    );
    let values = &h.state().settings().engines.get(id).expect("there").values;
    assert_eq!(values.get("Level").map(String::as_str), Some("Easy"));
    assert!(!values.contains_key("USI_Hash"));
    apply(&mut h, Intent::SetEngineRole(EngineRole::Hints, Some(id)));

    // Kept in the settings: a new start has it, its value and its role.
    let again = KomadaiApp::new(SettingsStore::in_dir(&dir), gui_support::options());
    assert_eq!(again.settings().engines, h.state().settings().engines);

    // Removed: gone, and the hints are the built-in engine's again.
    click(&mut h, "Remove");
    assert!(h.state().settings().engines.engines.is_empty());
    assert_eq!(h.state().settings().engines.roles.hints, None);
}

#[test]
fn a_program_that_is_no_engine_is_not_added_and_the_dialog_says_why() {
    let mut h = harness(app_in(&settings_dir("engines-not-added")));
    apply(&mut h, Intent::OpenEngines);
    apply(&mut h, Intent::AddEngine(PathBuf::from("/no/such/engine")));
    step_until(&mut h, "the failure", |app| !app.is_adding_engine());
    assert!(h.state().settings().engines.engines.is_empty());
    h.get_by_label_contains("engine could not be added: it could not be started");
}

#[test]
fn komadai_usi_chosen_in_the_new_game_dialog_plays_the_ai_side() {
    let mut h = harness(app_in(&settings_dir("engines-opponent")));
    let id = add_engine(&mut h, &komadai_usi());
    let name = h
        .state()
        .settings()
        .engines
        .get(id)
        .expect("added")
        .name
        .clone();
    apply(&mut h, Intent::Cancel);
    apply(&mut h, Intent::OpenNewGame);
    click(&mut h, &name);
    click(&mut h, "Start");
    assert_eq!(h.state().opponent_engine(), Some(name.as_str()));
    assert_eq!(h.state().settings().engines.roles.opponent, Some(id));
    for (ply, text) in ["7g7f", "2g2f", "6i7h"].into_iter().enumerate() {
        apply(&mut h, Intent::Move(mv(text)));
        wait_for_ai(&mut h);
        assert_eq!(h.state().game().ply(), 2 * ply + 2, "the engine answered");
    }
    assert_eq!(h.state().message(), None, "no failure");
    assert_eq!(h.state().opponent_engine(), Some(name.as_str()));
    // Named so by its clock, over the move list and in the status line.
    let named = format!("AI ({name})");
    assert!(h.query_all_by_label_contains(&named).count() >= 2);
    assert_eq!(h.state().record().info.gote.as_deref(), Some(name.as_str()));
    // Played on from an earlier move: the same engine answers.
    gui_support::play_on_from(h.state_mut(), 2, Color::Sente);
    assert_eq!(h.state().opponent_engine(), Some(name.as_str()));
    apply(&mut h, Intent::Move(mv("2g2f")));
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().ply(), 4);
    assert_eq!(h.state().opponent_engine(), Some(name.as_str()));
}

#[test]
fn komadai_usi_reviews_a_game() {
    // The third move gives the bishop away for a pawn (and joins the player's practice).
    let mut h = harness(app_after("engines-review", "7g7f 8c8d 8h3c+ 2b3c 2g2f"));
    let id = add_engine(&mut h, &komadai_usi());
    apply(&mut h, Intent::Cancel);
    apply(&mut h, Intent::SetEngineRole(EngineRole::Review, Some(id)));
    let name = h
        .state()
        .settings()
        .engines
        .get(id)
        .expect("added")
        .name
        .clone();
    gui_support::start_review(&mut h);
    assert_eq!(h.state().review_engine(), Some(name.as_str()));
    step_until(&mut h, "the review", |app| {
        app.game_review().is_some_and(|r| r.is_complete())
    });
    // The blunder joins the practice; whether 2g2f, played a bishop down, is judged a mistake
    // of the side already behind too depends on the engine's timed search.
    let message = h.state().message().unwrap_or_default();
    assert!(
        message.ends_with(" of your mistakes joined your practice.") && !message.starts_with('0'),
        "no failure: {message}"
    );
    assert_eq!(h.state().review_verdict(3), Some(Verdict::Blunder));
    assert!((1..=5).all(|ply| h.state().review_verdict(ply).is_some()));
    let review = h.state().game_review().expect("open");
    let first = review.analysis(0).expect("the start analysed");
    assert!(
        first
            .best
            .is_some_and(|mv| review.game().position(0).is_some_and(|p| p.is_legal(mv)))
    );
    // The blunder's better move had its second look, asked of the same engine; the quiet
    // moves had none.
    assert!(
        review
            .move_review(3)
            .is_some_and(|m| m.verdict().is_serious())
    );
    assert!(review.analysis(2).is_some_and(|a| a.best_checked.is_some()));
    assert!(review.analysis(0).is_some_and(|a| a.best_checked.is_none()));
}

/// Each misbehaviour as the opponent: the engine is stopped, the player told why in a line,
/// and the built-in AI answers the move instead; the game goes on.
#[cfg(unix)]
fn misbehaves(test: &str, on_usi: &str, on_go: &str, why: &str) {
    let program = fake_engine(test, "fake", on_usi, on_go);
    let mut h = harness(app_against(test, &program, "Fake", Language::English));
    assert_eq!(h.state().opponent_engine(), Some("Fake"));
    apply(&mut h, Intent::Move(mv("7g7f")));
    step_until(&mut h, "the built-in AI's move", |app| {
        app.game().ply() == 2
    });
    let message = h.state().message().expect("a message").to_owned();
    assert!(
        message.starts_with(&format!("Fake stopped: {why}"))
            && message.ends_with("The built-in AI (Easy) plays on in its place."),
        "{message}"
    );
    h.get_by_label(&message);
    assert_eq!(h.state().opponent_engine(), None);
    assert!(!h.state().game().is_over());
    // The game goes on, against the built-in AI.
    apply(&mut h, Intent::Move(mv("2g2f")));
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().ply(), 4);
}

const HANDSHAKE: &str = "echo 'id name Fake'; echo usiok";

#[cfg(unix)]
#[test]
fn an_engine_that_crashes_is_replaced_by_the_built_in_ai() {
    misbehaves(
        "engines-crash",
        HANDSHAKE,
        "exit 7",
        "it stopped running (exit status: 7)",
    );
}

#[cfg(unix)]
#[test]
fn an_engine_that_hangs_is_stopped_and_replaced() {
    misbehaves("engines-hang", HANDSHAKE, ":", "it gave no move in time");
}

#[cfg(unix)]
#[test]
fn an_engine_that_never_answers_usiok_is_stopped_and_replaced() {
    misbehaves(
        "engines-no-usiok",
        "echo 'id name Fake'",
        "echo 'bestmove 3c3d'",
        "it did not answer 'usi' with 'usiok' in time",
    );
}

#[cfg(unix)]
#[test]
fn an_engine_that_answers_garbage_is_stopped_and_replaced() {
    misbehaves(
        "engines-garbage",
        HANDSHAKE,
        "echo 'bestmove hello'",
        "it answered something that is not a move ('hello')",
    );
}

#[cfg(unix)]
#[test]
fn an_engine_that_plays_an_illegal_move_is_stopped_and_replaced() {
    misbehaves(
        "engines-illegal",
        HANDSHAKE,
        "echo 'bestmove 5a5c'",
        "it played an illegal move ('5a5c' in",
    );
}

#[cfg(unix)]
#[test]
fn an_engine_that_declares_a_win_it_does_not_have_is_let_go() {
    let program = fake_engine("engines-win", "fake", HANDSHAKE, "echo 'bestmove win'");
    let mut h = harness(app_against(
        "engines-win",
        &program,
        "Fake",
        Language::English,
    ));
    apply(&mut h, Intent::Move(mv("7g7f")));
    step_until(&mut h, "the built-in AI's move", |app| {
        app.game().ply() == 2
    });
    let message = h.state().message().expect("a message");
    assert!(
        message.starts_with("Fake stopped: its move was refused (")
            && message.ends_with("The built-in AI (Easy) plays on in its place."),
        "{message}"
    );
    assert!(!h.state().game().is_over());
    assert_eq!(h.state().opponent_engine(), None);
}

#[cfg(unix)]
#[test]
fn in_japanese_the_failure_is_told_in_japanese() {
    let program = fake_engine("engines-ja", "fake", HANDSHAKE, "exit 3");
    let mut h = harness(app_against(
        "engines-ja",
        &program,
        "Fake",
        Language::Japanese,
    ));
    apply(&mut h, Intent::Move(mv("7g7f")));
    step_until(&mut h, "the built-in AI's move", |app| {
        app.game().ply() == 2
    });
    let message = h.state().message().expect("a message").to_owned();
    assert!(
        message.starts_with("Fakeを停止しました：プロセスが終了しました")
            && message.ends_with("代わりに内蔵AI（弱い）が指し続けます。"),
        "{message}"
    );
}

#[cfg(unix)]
#[test]
fn a_hint_engine_that_answers_garbage_is_replaced_by_the_built_in_hint() {
    let program = fake_engine("engines-hint", "fake", HANDSHAKE, "echo 'bestmove 9z9z'");
    let mut h = harness(app_in(&settings_dir("engines-hint")));
    let id = add_engine(&mut h, &program);
    apply(&mut h, Intent::Cancel);
    apply(&mut h, Intent::SetEngineRole(EngineRole::Hints, Some(id)));
    apply(&mut h, Intent::Hint);
    let hint = gui_support::wait_for_hint(&mut h);
    assert!(h.state().game().position().is_legal(hint));
    let message = h.state().message().expect("a message");
    assert!(
        message.starts_with("Fake stopped: it answered something that is not a move")
            && message.ends_with("The built-in engine gives the hint instead."),
        "{message}"
    );
}

#[cfg(unix)]
#[test]
fn a_review_engine_that_crashes_hands_the_review_to_the_built_in_engine() {
    let program = fake_engine("engines-review-crash", "fake", HANDSHAKE, "exit 9");
    let mut h = harness(app_after("engines-review-crash", "7g7f 3c3d 2g2f"));
    let id = add_engine(&mut h, &program);
    apply(&mut h, Intent::Cancel);
    apply(&mut h, Intent::SetEngineRole(EngineRole::Review, Some(id)));
    gui_support::start_review(&mut h);
    step_until(&mut h, "the built-in review", |app| {
        app.game_review().is_some_and(|r| r.is_complete())
    });
    assert!((1..=3).all(|ply| h.state().review_verdict(ply).is_some()));
    let message = h.state().message().expect("a message");
    assert!(
        message.starts_with("Fake stopped: it stopped running")
            && message.ends_with("The built-in engine reviews the game instead."),
        "{message}"
    );
}

#[test]
fn the_analysis_role_engine_thinks_in_the_analysis_panel() {
    let mut h = harness(app_after("engines-analysis", "7g7f 3c3d"));
    let id = add_engine(&mut h, &komadai_usi());
    apply(&mut h, Intent::Cancel);
    apply(
        &mut h,
        Intent::SetEngineRole(EngineRole::Analysis, Some(id)),
    );
    gui_support::start_analysis(h.state_mut());
    step_until(&mut h, "the engine's lines", |app| {
        app.analysis_report()
            .is_some_and(|r| r.running && !r.lines.is_empty())
    });
    // The panel names the program it runs as the program names itself, not the built-in
    // engine.
    let name = (h.state().analysis_report())
        .and_then(|r| r.engine_name)
        .expect("the engine's id name");
    assert_eq!(h.get_all_by_label(&name).count(), 1, "named once");
    assert!(h.query_by_label("komadai-usi").is_none(), "not by its file");
    // Back to the built-in engine: the panel runs it at once.
    apply(&mut h, Intent::SetEngineRole(EngineRole::Analysis, None));
    assert_eq!(h.state().analysis_program(), None);
}

/// Not a check but a measure (run with `--ignored --nocapture`): how long the UI thread takes
/// per frame stepping through a game while `komadai-usi`, added as an engine, analyses the
/// position shown (restarted on each new one), against the same frames with no analysis.
/// Prints the median and the slowest of each; asserts nothing about time.
#[test]
#[ignore]
fn measure_frame_time_while_an_added_engine_analyses() {
    let moves = "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d 8e8f 8g8f 8b8f";
    let mut h = harness(app_after("engines-frames", moves));
    let id = add_engine(&mut h, &komadai_usi());
    apply(&mut h, Intent::Cancel);
    apply(
        &mut h,
        Intent::SetEngineRole(EngineRole::Analysis, Some(id)),
    );
    let frames = |h: &mut Harness<'_, KomadaiApp>| {
        let mut times: Vec<f64> = (0..150)
            .map(|i| {
                // A new position every ten frames: the analysis restarts on it.
                if i % 10 == 0 {
                    h.state_mut().apply(Intent::View(Some(i / 10)));
                }
                let start = std::time::Instant::now();
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
    step_until(&mut h, "the engine's lines", |app| {
        app.analysis_report()
            .is_some_and(|r| r.running && !r.lines.is_empty())
    });
    let (busy_median, busy_max) = frames(&mut h);
    assert!(h.state().is_analysing());
    h.get_by_label("komadai-usi");
    eprintln!(
        "frame time, stepping through a game: median {idle_median:.2} ms, slowest {idle_max:.2} ms; \
         while komadai-usi analyses as an added engine: median {busy_median:.2} ms, slowest {busy_max:.2} ms"
    );
}

/// A check with an engine of your own (run with `--ignored --nocapture` and
/// `KOMADAI_TEST_ENGINE=/path/to/engine`): added, played against for three moves, reviewing a
/// short game and analysing; prints what it said of itself and what each role came to.
#[test]
#[ignore]
fn with_an_engine_of_your_own() {
    let Some(program) = std::env::var_os("KOMADAI_TEST_ENGINE").map(PathBuf::from) else {
        eprintln!("KOMADAI_TEST_ENGINE is not set: nothing to check");
        return;
    };
    let mut h = harness(app_after("engines-own", "7g7f 3c3d 2g2f 8c8d"));
    let id = add_engine(&mut h, &program);
    let entry = h.state().settings().engines.get(id).expect("added").clone();
    eprintln!(
        "added '{}' by '{}' with {} options: {}",
        entry.name,
        entry.author,
        entry.options.len(),
        entry
            .options
            .iter()
            .map(|o| o.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    apply(&mut h, Intent::Cancel);
    for role in [
        EngineRole::Review,
        EngineRole::Analysis,
        EngineRole::Opponent,
    ] {
        apply(&mut h, Intent::SetEngineRole(role, Some(id)));
    }
    gui_support::start_review(&mut h);
    step_until(&mut h, "the review", |app| {
        app.game_review().is_some_and(|r| r.is_complete()) || app.message().is_some()
    });
    let review = h.state().game_review().expect("open");
    let scores: Vec<String> = (0..=4)
        .filter_map(|i| review.analysis(i).map(|a| format!("{:?}", a.score)))
        .collect();
    eprintln!("review: {scores:?}; note: {:?}", h.state().message());
    apply(&mut h, Intent::CloseReview);
    gui_support::start_analysis(h.state_mut());
    step_until(&mut h, "the analysis", |app| {
        app.analysis_report().is_some_and(|r| {
            r.position.is_some() && (!r.running || !r.lines.is_empty() || r.error.is_some())
        })
    });
    eprintln!(
        "analysis: {:?}, error {:?}",
        h.state().analysis_lines_written(),
        h.state().analysis_report().and_then(|r| r.error)
    );
    apply(&mut h, Intent::CloseAnalysis);
    apply(&mut h, Intent::OpenNewGame);
    click(&mut h, "Start");
    // The reviewed game was in progress: it is dropped for the new one.
    click(&mut h, "Drop the game");
    for text in ["7g7f", "2g2f", "6i7h"] {
        if h.state().game().is_over() || h.state().opponent_engine().is_none() {
            break;
        }
        apply(&mut h, Intent::Move(mv(text)));
        wait_for_ai(&mut h);
    }
    eprintln!(
        "game: {:?} by {:?}; note: {:?}",
        h.state().move_lines(),
        h.state().opponent_engine(),
        h.state().message()
    );
    assert!(
        h.state().opponent_engine().is_some(),
        "{:?}",
        h.state().message()
    );
}

/// A game played against komadai-usi as an added engine, one move each, then the window
/// closed; the settings' directory, where the autosave is.
fn game_against_an_engine_then_closed(test: &str, language: Language) -> PathBuf {
    let dir = settings_dir(test);
    let mut h = harness(app_against_in(&dir, &komadai_usi(), "Usi", language));
    apply(&mut h, Intent::Move(mv("7g7f")));
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().ply(), 2, "{:?}", h.state().message());
    assert_eq!(h.state().opponent_engine(), Some("Usi"));
    drop(h);
    dir
}

#[test]
fn a_game_against_an_added_engine_resumes_against_it_after_a_restart() {
    let dir = game_against_an_engine_then_closed("engines-resume", Language::English);
    let mut h = harness(app_in(&dir));
    assert_eq!(h.state().game().ply(), 2);
    assert_eq!(h.state().opponent_engine(), Some("Usi"));
    assert_eq!(h.state().message(), None);
    // Named by its clock and in the status line, as before the restart.
    assert!(h.query_all_by_label_contains("AI (Usi)").count() >= 2);
    apply(&mut h, Intent::Move(mv("2g2f")));
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().ply(), 4, "{:?}", h.state().message());
    assert_eq!(h.state().opponent_engine(), Some("Usi"));
    // Still an engine's game: its end stays off the ladder.
    apply(&mut h, Intent::Resign);
    assert!(h.state().game().is_over());
    assert!(h.state().ladder().table().is_empty());
}

/// The engine of the saved game was removed from the list before the restart.
fn resumed_without_its_engine(test: &str, language: Language) -> Harness<'static, KomadaiApp> {
    let dir = game_against_an_engine_then_closed(test, language);
    let settings = serde_json::json!({ "language": language });
    std::fs::write(dir.join("settings.json"), settings.to_string()).expect("settings");
    let h = harness(app_in(&dir));
    assert_eq!(h.state().game().ply(), 2);
    assert_eq!(h.state().opponent_engine(), None);
    assert!(h.state().engine_played());
    h
}

#[test]
fn a_game_whose_engine_was_removed_resumes_against_the_built_in_ai_off_the_ladder() {
    let mut h = resumed_without_its_engine("engines-resume-gone", Language::English);
    let note = "The saved game was played against Usi, which is no longer in the engine list: \
                the built-in AI (Easy) plays on in its place, and the game does not count in \
                your results.";
    assert_eq!(h.state().message(), Some(note));
    h.get_by_label(note);
    apply(&mut h, Intent::Move(mv("2g2f")));
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().ply(), 4);
    apply(&mut h, Intent::Resign);
    assert!(h.state().game().is_over());
    assert!(h.state().ladder().table().is_empty(), "not counted");
}

#[test]
fn in_japanese_the_missing_engine_is_told_in_japanese() {
    let h = resumed_without_its_engine("engines-resume-gone-ja", Language::Japanese);
    let note = "保存された対局の相手「Usi」はエンジン一覧にもうありません。代わりに内蔵AI（弱い）が\
                指し続けます。この対局は成績に数えません。";
    assert_eq!(h.state().message(), Some(note));
}

/// While an added engine thinks, the status line names it; the score its `info` lines give
/// moves the evaluation bar as the built-in AI's search does.
#[cfg(unix)]
#[test]
fn the_status_line_names_the_thinking_engine_and_the_bar_follows_its_score() {
    let test = "engines-thinking";
    let on_go = "sleep 1; echo 'info depth 3 score cp 600 pv 3c3d'; echo 'bestmove 3c3d'";
    let program = fake_engine(test, "slow", HANDSHAKE, on_go);
    let mut h = harness(app_against(test, &program, "Fake", Language::English));
    assert_eq!(h.state().ai_sente_chance(), None, "no search yet");
    apply(&mut h, Intent::Move(mv("7g7f")));
    assert!(h.state().is_thinking());
    h.get_by_label("Fake thinking…");
    assert!(h.query_by_label("AI thinking…").is_none());
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().moves().last(), Some(&mv("3c3d")));
    assert_eq!(h.state().message(), None);
    // 600 for Gote, the engine's side: Sente is well behind.
    let chance = h.state().ai_sente_chance().expect("the engine's score");
    let expected = komadai::review::Score::Cp(-600).win_chance();
    assert!(chance < 0.3 && (chance - expected).abs() < 1e-9, "{chance}");
    // Taken back: the score was about another position.
    apply(&mut h, Intent::Undo);
    assert_eq!(h.state().game().ply(), 0);
    assert_eq!(h.state().ai_sente_chance(), None);
}

/// A `filename` option has a Browse… button beside its field, as the engine's program has.
#[cfg(unix)]
#[test]
fn a_filename_option_can_be_browsed_for() {
    let test = "engines-filename";
    let handshake = "echo 'id name Files'; echo 'option name EvalFile type filename default eval.bin'; \
                     echo 'option name Comment type string default none'; echo usiok";
    let program = fake_engine(test, "files", handshake, "echo 'bestmove resign'");
    let mut h = harness(app_in(&settings_dir(test)));
    assert_eq!(h.query_all_by_label("Browse…").count(), 0);
    apply(&mut h, Intent::OpenEngines);
    assert_eq!(h.query_all_by_label("Browse…").count(), 1, "the program's");
    let id = add_engine(&mut h, &program);
    h.get_by_label("Options of Files");
    h.get_by_label("EvalFile");
    // One more, for the file option; none for the string option.
    assert_eq!(h.query_all_by_label("Browse…").count(), 2);
    // The file picked is the option's value, as one typed in.
    apply(
        &mut h,
        Intent::SetEngineOption {
            engine: id,
            name: "EvalFile".into(),
            value: Some("/data/nn.bin".into()),
        },
    );
    let values = &h.state().settings().engines.get(id).expect("there").values;
    assert_eq!(
        values.get("EvalFile").map(String::as_str),
        Some("/data/nn.bin")
    );
}

/// An app whose settings list `program` as engine 1 playing the AI's side, and a game
/// against it started from the dialog, the player on Sente, the AI on `ai_time`.
fn app_against_on_the_clock(test: &str, program: &Path, ai_time: TimeControl) -> KomadaiApp {
    let dir = settings_dir(test);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let settings = serde_json::json!({
        "engines": {
            "engines": [{"id": 1, "program": program, "name": "fake"}],
            "roles": {"opponent": 1}
        }
    });
    std::fs::write(dir.join("settings.json"), settings.to_string()).expect("settings");
    let mut app = app_in(&dir);
    app.apply(Intent::NewGame {
        side: SideChoice::Sente,
        level: Level::Easy,
        sfen: None,
        setup: GameSetup {
            ai_time,
            ..GameSetup::default()
        },
    });
    assert_eq!(app.opponent_engine(), Some("fake"));
    app
}

fn byoyomi_only(ms: u64) -> TimeControl {
    TimeControl::Byoyomi {
        main: Duration::ZERO,
        period: Duration::from_millis(ms),
    }
}

/// The player's first move and the engine's answer, or its loss on time.
fn first_exchange(h: &mut Harness<'_, KomadaiApp>) {
    apply(h, Intent::Move(mv("7g7f")));
    step_until(h, "the engine's answer or its loss", |app| {
        app.game().ply() == 2 || app.game().is_over()
    });
}

#[cfg(unix)]
#[test]
fn an_engine_slow_to_start_is_ready_before_its_clock_runs() {
    // Two seconds to start, a one-second byoyomi: started at its first turn, it lost on time.
    let program = fake_engine(
        "engine-slow-start",
        "slow",
        "sleep 2; echo id name slow; echo usiok",
        "echo bestmove 3c3d",
    );
    let app = app_against_on_the_clock("engine-slow-start", &program, byoyomi_only(1000));
    let mut h = harness(app);
    first_exchange(&mut h);
    assert!(
        !h.state().game().is_over(),
        "{:?}",
        h.state().game().result()
    );
    assert_eq!(h.state().game().ply(), 2, "the engine answered in time");
}

#[cfg(unix)]
#[test]
fn an_engines_move_just_past_its_time_counts_within_the_margin() {
    // Its move comes 0.2 s past its one-second byoyomi: inside the second of margin.
    let program = fake_engine(
        "engine-margin",
        "late",
        "echo id name late; echo usiok",
        "sleep 1.2; echo bestmove 3c3d",
    );
    let app = app_against_on_the_clock("engine-margin", &program, byoyomi_only(1000));
    let mut h = harness(app);
    first_exchange(&mut h);
    assert!(
        !h.state().game().is_over(),
        "{:?}",
        h.state().game().result()
    );
    assert_eq!(h.state().game().ply(), 2);
}

#[cfg(unix)]
#[test]
fn an_engine_past_its_margin_loses_on_time() {
    let program = fake_engine(
        "engine-past-margin",
        "later",
        "echo id name later; echo usiok",
        "sleep 4; echo bestmove 3c3d",
    );
    let app = app_against_on_the_clock("engine-past-margin", &program, byoyomi_only(1000));
    let mut h = harness(app);
    first_exchange(&mut h);
    let result = h.state().game().result().expect("over");
    assert_eq!(result.reason, EndReason::TimeUp);
    assert_eq!(result.winner, Some(Color::Sente));
}

#[test]
fn the_engines_dialog_says_what_margin_engines_get() {
    let mut h = harness(app_in(&settings_dir("engines-margin-note")));
    apply(&mut h, Intent::OpenEngines);
    h.get_by_label_contains("up to 1 s past its time");
}

/// A fake engine with two number options, Depth (0 to 29) and then Hash.
#[cfg(unix)]
fn engine_with_numbers(test: &str) -> PathBuf {
    fake_engine(
        test,
        "numbers",
        "echo id name numbers; \
         echo option name Depth type spin default 2 min 0 max 29; \
         echo option name Hash type spin default 16 min 1 max 64; echo usiok",
        "echo bestmove resign",
    )
}

/// Types `text` over what the number field of `option` holds, then leaves it with Enter.
fn type_number(h: &mut Harness<'_, KomadaiApp>, option: &str, text: &str) {
    h.get_by_role_and_label(Role::TextInput, option).focus();
    settle(h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    settle(h);
    for digit in text.chars() {
        h.get_by_role_and_label(Role::TextInput, option)
            .type_text(&digit.to_string());
        settle(h);
        assert!(
            h.get_by_role_and_label(Role::TextInput, option)
                .is_focused(),
            "the keyboard stays in {option}"
        );
    }
    h.key_press(egui::Key::Enter);
    settle(h);
}

#[cfg(unix)]
#[test]
fn a_number_option_takes_what_is_typed_and_refuses_out_of_range_with_a_word() {
    let program = engine_with_numbers("engine-number-options");
    let mut h = harness(app_in(&settings_dir("engine-number-options")));
    let id = add_engine(&mut h, &program);
    let value = |h: &Harness<'_, KomadaiApp>, name: &str| {
        let entry = h.state().settings().engines.get(id).cloned();
        entry.and_then(|entry| entry.values.get(name).cloned())
    };
    type_number(&mut h, "Depth", "15");
    assert_eq!(value(&h, "Depth").as_deref(), Some("15"));
    assert_eq!(value(&h, "Hash"), None, "nothing went into the next field");

    type_number(&mut h, "Depth", "99");
    assert_eq!(
        value(&h, "Depth").as_deref(),
        Some("15"),
        "refused, not clamped"
    );
    h.get_by_label("Depth takes a whole number from 0 to 29: 99 was not set.");
    type_number(&mut h, "Depth", "7");
    assert_eq!(value(&h, "Depth").as_deref(), Some("7"));
    assert!(h.query_by_label_contains("was not set").is_none());
}
