//! The unfinished game survives the app: saved after every move, resumed at start-up, and a
//! file that cannot be used is kept aside while the app starts fresh.

use crate::gui_support;

use egui_kittest::kittest::Queryable;
use gui_support::{app_in, click, harness, settings_dir, wait_for_ai};
use komadai::gui::Level;
use komadai::gui::storage::autosave::{
    AutosaveStore, FORMAT_VERSION, SavedGame, SavedSide, Unusable, parse,
};
use komadai::rules::game::{EndReason, Game};
use komadai::rules::{Color, Move, Position, START_SFEN};
use std::fs;
use std::path::Path;

fn game_of(start: &str, moves: &[&str]) -> Game {
    let mut game = Game::from_position(Position::from_sfen(start).expect("valid SFEN"));
    for text in moves {
        game.play(Move::from_usi(text).expect("valid USI"))
            .expect("legal move");
    }
    game
}

/// Files the app moved aside in `dir`, with their contents.
fn set_aside_files(dir: &Path) -> Vec<Vec<u8>> {
    fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|e| e.file_name().to_string_lossy().contains("unusable"))
                .filter_map(|e| fs::read(e.path()).ok())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn saved_game_loads_back_with_moves_side_level_and_resignation() {
    let dir = settings_dir("autosave-roundtrip");
    let store = AutosaveStore::in_dir(&dir);
    let mut game = game_of(START_SFEN, &["7g7f", "3c3d", "8h2b+"]);
    game.resign(Color::Gote);
    store
        .save(&SavedGame::of(&game, Color::Gote, Level::Hard, false))
        .expect("save");

    let loaded = store.load();
    assert_eq!(loaded.note, None);
    let resumed = loaded.resumed.expect("a game");
    assert_eq!(resumed.game.moves(), game.moves());
    assert_eq!(resumed.player, Color::Gote);
    assert_eq!(resumed.level, Level::Hard);
    let result = resumed.game.result().expect("finished");
    assert_eq!(result.reason, EndReason::Resignation);
    assert_eq!(result.winner, Some(Color::Sente));
}

#[test]
fn saved_game_from_a_set_up_position_keeps_its_start() {
    let sfen = "4k4/9/4K4/9/9/9/9/9/9 b G2r2b3g4s4n4l18p 1";
    let game = game_of(sfen, &["G*5b"]);
    let saved = SavedGame::of(&game, Color::Sente, Level::Easy, false);
    let resumed = saved.resume().expect("resumes");
    assert_eq!(resumed.game.start().to_sfen(), sfen);
    assert!(
        resumed.game.is_over(),
        "G*5b with the king's support is mate"
    );
}

#[test]
fn moves_played_in_the_app_are_there_after_a_restart() {
    let dir = settings_dir("autosave-restart");
    let mut h = harness(app_in(&dir));
    click(&mut h, "square 7g");
    click(&mut h, "square 7f");
    wait_for_ai(&mut h);
    let moves = h.state().game().moves().to_vec();
    assert_eq!(moves.len(), 2, "the player's move and the AI's reply");
    drop(h);

    let again = app_in(&dir);
    assert_eq!(again.game().moves(), moves.as_slice());
    assert_eq!(again.player(), Color::Sente);
    assert_eq!(again.message(), None);
}

#[test]
fn resumed_game_with_the_ai_to_move_has_the_ai_think() {
    let dir = settings_dir("autosave-ai-to-move");
    let game = game_of(START_SFEN, &["7g7f"]);
    AutosaveStore::in_dir(&dir)
        .save(&SavedGame::of(&game, Color::Sente, Level::Easy, false))
        .expect("save");
    let app = app_in(&dir);
    assert_eq!(app.game().ply(), 1);
    assert_eq!(app.player(), Color::Sente);
    // The player is Sente and Sente has moved: the AI (Gote) answers without being asked.
    let mut h = harness(app);
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().ply(), 2);
}

#[test]
fn finished_game_is_kept_until_a_new_one_starts() {
    let dir = settings_dir("autosave-finished");
    let mut h = harness(app_in(&dir));
    click(&mut h, "Resign");
    click(&mut h, "Yes, resign");
    assert!(h.state().game().is_over());
    drop(h);

    let mut h = harness(app_in(&dir));
    assert!(
        h.state().game().is_over(),
        "the finished game is still shown"
    );
    gui_support::new_game(
        h.state_mut(),
        Position::startpos(),
        Color::Sente,
        Level::Easy,
    );
    gui_support::settle(&mut h);
    drop(h);
    let again = app_in(&dir);
    assert!(!again.game().is_over());
    assert_eq!(again.game().ply(), 0);
}

fn assert_fresh_start_keeps_bad_file(test: &str, bad: &[u8], why: &str) {
    let dir = settings_dir(test);
    fs::create_dir_all(&dir).expect("temp dir");
    fs::write(dir.join("autosave.json"), bad).expect("write");
    let mut h = harness(app_in(&dir));
    assert_eq!(h.state().game().ply(), 0, "a fresh game");
    let message = h.state().message().unwrap_or_default().to_owned();
    assert!(message.contains("could not be restored"), "{message}");
    assert!(message.contains(why), "{message}");
    assert_eq!(set_aside_files(&dir), vec![bad.to_vec()]);
    assert!(
        h.query_by_label("Your saved game could not be restored")
            .is_some(),
        "a box says so"
    );
    click(&mut h, "OK");
    assert!(
        h.query_by_label("Your saved game could not be restored")
            .is_none()
    );

    // Playing on saves the new game beside the kept file, never over it.
    click(&mut h, "square 7g");
    click(&mut h, "square 7f");
    assert!(dir.join("autosave.json").exists());
    assert_eq!(set_aside_files(&dir), vec![bad.to_vec()]);
}

#[test]
fn truncated_autosave_gives_a_fresh_start_and_is_kept() {
    let game = game_of(START_SFEN, &["7g7f", "3c3d", "2g2f"]);
    let text =
        serde_json::to_string_pretty(&SavedGame::of(&game, Color::Sente, Level::Normal, false))
            .expect("json");
    let cut = &text.as_bytes()[..text.len() / 2];
    assert_fresh_start_keeps_bad_file("autosave-truncated", cut, "damaged");
}

#[test]
fn garbage_autosave_gives_a_fresh_start_and_is_kept() {
    assert_fresh_start_keeps_bad_file("autosave-garbage", b"\x00\xffnot a game at all", "damaged");
}

#[test]
fn autosave_from_a_newer_version_gives_a_fresh_start_and_is_kept() {
    let future = format!(
        r#"{{"version": {}, "start": "{START_SFEN}", "moves": [], "player": "Sente", "level": "Easy", "clock": "new"}}"#,
        FORMAT_VERSION + 1
    );
    assert_fresh_start_keeps_bad_file("autosave-future", future.as_bytes(), "newer komadai");
}

#[test]
fn autosave_with_an_illegal_move_gives_a_fresh_start_and_is_kept() {
    let bad = format!(
        r#"{{"version": 1, "start": "{START_SFEN}", "moves": ["7g7f", "7c7d", "7f7e", "7d7e", "P*7d"], "player": "Sente", "level": "Easy"}}"#
    );
    assert_eq!(parse(bad.as_bytes()).map(|s| s.resume().is_err()), Ok(true));
    assert_fresh_start_keeps_bad_file("autosave-illegal", bad.as_bytes(), "not playable");
}

#[test]
fn version_is_checked_before_the_fields() {
    let err = parse(br#"{"version": 99, "something": "else"}"#).expect_err("newer");
    assert_eq!(err, Unusable::Newer(99));
    let err = parse(br#"{"start": "x"}"#).expect_err("no version");
    assert!(matches!(err, Unusable::Damaged(_)));
}

#[test]
fn side_converts_both_ways() {
    assert_eq!(Color::from(SavedSide::from(Color::Gote)), Color::Gote);
    assert_eq!(Color::from(SavedSide::from(Color::Sente)), Color::Sente);
}

#[test]
fn autosave_that_cannot_be_read_is_left_alone_and_not_overwritten() {
    let dir = settings_dir("autosave-unreadable");
    // A directory where the file should be: reading it fails, and so would moving it aside
    // into place again; the app must start, say so, and leave it there.
    fs::create_dir_all(dir.join("autosave.json").join("inside")).expect("dirs");
    let mut h = harness(app_in(&dir));
    assert_eq!(h.state().game().ply(), 0);
    let message = h.state().message().unwrap_or_default().to_owned();
    assert!(message.contains("could not be read"), "{message}");
    assert!(message.contains("will not be saved"), "{message}");
    click(&mut h, "OK");
    click(&mut h, "square 7g");
    click(&mut h, "square 7f");
    assert!(dir.join("autosave.json").join("inside").is_dir());
}

#[test]
fn a_folder_that_refuses_the_autosave_is_said_once_and_the_game_goes_on() {
    use gui_support::{apply, save_record};
    use komadai::gui::intent::Intent;
    let dir = settings_dir("autosave-refused-once");
    let mut h = harness(app_in(&dir));
    let kept = save_record(h.state(), &dir.join("kept.kifu")).expect("saved before");
    let kept_text = fs::read_to_string(&kept).expect("written");
    // From now on the autosave cannot be written: a folder stands in its place.
    let _ = fs::remove_file(dir.join("autosave.json"));
    fs::create_dir_all(dir.join("autosave.json").join("inside")).expect("a folder in the way");
    let failed = |h: &egui_kittest::Harness<'_, komadai::gui::KomadaiApp>| {
        h.state()
            .message()
            .is_some_and(|m| m.to_lowercase().contains("could not save the game"))
    };

    apply(&mut h, Intent::Move(Move::from_usi("7g7f").expect("USI")));
    assert!(
        failed(&h),
        "the first refusal is said: {:?}",
        h.state().message()
    );
    wait_for_ai(&mut h);
    apply(&mut h, Intent::Move(Move::from_usi("2g2f").expect("USI")));
    wait_for_ai(&mut h);
    assert!(
        !failed(&h),
        "and not again at every move: {:?}",
        h.state().message()
    );
    assert_eq!(h.state().game().ply(), 4, "the game goes on");
    assert_eq!(fs::read_to_string(&kept).expect("still there"), kept_text);
}

/// A data folder on a full disk, for real: the autosave's temporary file is a link to
/// `/dev/full`, where every write fails with "no space left on device". The app says so once,
/// plays on, and the game saved before is untouched.
#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_said_once_and_loses_nothing_saved() {
    use gui_support::apply;
    use komadai::gui::intent::Intent;
    let dir = settings_dir("autosave-disk-full");
    let mut h = harness(app_in(&dir));
    apply(&mut h, Intent::Move(Move::from_usi("7g7f").expect("USI")));
    wait_for_ai(&mut h);
    let saved_before = fs::read(dir.join("autosave.json")).expect("autosaved");
    // Each failed write removes its temporary, so the link is laid again before every frame:
    // the disk stays full.
    let temp = dir.join(format!("autosave.json.{}.tmp", std::process::id()));
    let fill_the_disk = || {
        let _ = fs::remove_file(&temp);
        std::os::unix::fs::symlink("/dev/full", &temp).expect("the disk fills up");
    };
    let said = |h: &egui_kittest::Harness<'_, komadai::gui::KomadaiApp>| {
        h.state()
            .message()
            .is_some_and(|m| m.to_lowercase().contains("could not save the game"))
    };
    // Frame by frame (no settling run of several frames), so that no write meets an empty disk.
    let play_on_a_full_disk = |h: &mut egui_kittest::Harness<'_, komadai::gui::KomadaiApp>,
                               usi: &str| {
        let ply = h.state().game().ply();
        fill_the_disk();
        h.state_mut()
            .apply(Intent::Move(Move::from_usi(usi).expect("USI")));
        let mut was_said = false;
        for _ in 0..gui_support::SEARCH_FRAMES {
            fill_the_disk();
            h.step();
            was_said |= said(h);
            if h.state().game().ply() == ply + 2 && !h.state().is_thinking() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        was_said
    };

    assert!(play_on_a_full_disk(&mut h, "2g2f"), "the full disk is said");
    assert!(!play_on_a_full_disk(&mut h, "6g6f"), "and not again");
    assert_eq!(h.state().game().ply(), 6, "the game goes on");
    assert_eq!(
        fs::read(dir.join("autosave.json")).expect("still there"),
        saved_before,
        "what was saved before the disk filled is whole"
    );
}

#[test]
fn a_resumed_game_keeps_its_start_time() {
    let dir = settings_dir("autosave-start-time");
    let mut h = harness(app_in(&dir));
    click(&mut h, "square 7g");
    click(&mut h, "square 7f");
    wait_for_ai(&mut h);
    let started = h.state().record().info.start_time.clone();
    assert!(started.is_some());
    drop(h);
    // Back a day, as a game begun yesterday: the resumed game's record keeps that time.
    let path = dir.join("autosave.json");
    let text = fs::read_to_string(&path).expect("the autosave");
    let mut saved: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let secs = saved["started"].as_u64().expect("the start time is saved");
    saved["started"] = serde_json::json!(secs - 86_400);
    fs::write(&path, saved.to_string()).expect("written back");

    let again = app_in(&dir);
    let time = komadai::record::UtcTime::from_unix_secs(secs - 86_400);
    assert_eq!(again.game().ply(), 2);
    assert_eq!(again.record().info.start_time, Some(time.record_text()));
}
