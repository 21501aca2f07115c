//! `komadai FILE`, what a file manager runs when a record is double-clicked: the record opens
//! in replay mode at its first position, and a file that cannot be read starts the app with
//! the reader's message instead of a crash.

use crate::gui_support;

use egui_kittest::kittest::Queryable;
use gui_support::{app_in, harness, settings_dir};
use komadai::gui::intent::Intent;
use komadai::rules::START_SFEN;
use std::path::{Path, PathBuf};

fn record(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/records")
        .join(name)
}

#[test]
fn a_record_named_on_the_command_line_opens_for_replay_at_its_first_position() {
    for name in [
        "oyama_masuda_1959.kif",
        "oyama_masuda_1959_sjis.kif",
        "oyama_masuda_1959.csa",
    ] {
        let mut app = app_in(&settings_dir(&format!("open-file-{name}")));
        app.apply(Intent::OpenFile(record(name)));
        let h = harness(app);
        let app = h.state();
        assert!(app.is_reviewing(), "{name}");
        assert_eq!(app.game().ply(), 40, "{name}: the whole record is loaded");
        assert_eq!(app.viewing(), Some(0), "{name}: shown from the start");
        assert_eq!(app.shown_sfen(), START_SFEN, "{name}");
        assert!(!app.is_thinking(), "{name}: the AI waits during a replay");
        assert!(
            h.query_by_label("Replaying: move 0 of 40").is_some(),
            "{name}: the replay bar is shown"
        );
    }
}

#[test]
fn a_missing_file_starts_the_app_with_the_readers_message() {
    let dir = settings_dir("open-file-missing");
    let mut app = app_in(&dir);
    app.apply(Intent::OpenFile(dir.join("gone.kif")));
    let h = harness(app);
    let message = h
        .state()
        .message()
        .expect("the reader's message")
        .to_owned();
    assert!(message.starts_with("Cannot open"), "{message}");
    assert!(message.contains("gone.kif"), "{message}");
    assert!(h.query_by_label_contains("gone.kif").is_some(), "shown");
    assert!(!h.state().is_reviewing());
    assert_eq!(h.state().game().ply(), 0, "a new game is on the board");
}

#[test]
fn a_file_that_is_not_a_record_starts_the_app_with_where_it_went_wrong() {
    let dir = settings_dir("open-file-damaged");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let broken = dir.join("broken.csa");
    // Its start cannot be read (no bishop on 8b to take off): a record cut short after a
    // good move would open up to it instead.
    std::fs::write(&broken, "V2.2\nPI82KA\n+\n+7776FU\n").expect("write");
    let picture = dir.join("picture.kif");
    let icon = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/icon.png");
    std::fs::copy(icon, &picture).expect("copy");
    for (path, name) in [(broken, "broken.csa"), (picture, "picture.kif")] {
        let mut app = app_in(&dir);
        app.apply(Intent::OpenFile(path.to_owned()));
        let h = harness(app);
        let message = h
            .state()
            .message()
            .expect("the reader's message")
            .to_owned();
        assert!(
            message.starts_with(&format!("Cannot open {name}")),
            "{message}"
        );
        assert!(
            h.query_by_label_contains(name).is_some(),
            "shown: {message}"
        );
        assert!(!h.state().is_reviewing(), "{name}");
    }
}
