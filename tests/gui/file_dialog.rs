//! Saving, opening and importing where the system's file dialog cannot be shown (a desktop
//! without the file-chooser portal or zenity): the app's own dialog opens in the games
//! folder, in the player's language, and does the work, asking before it saves over a file; and a file dropped on the window is
//! opened, or imported on the Practice page.

use crate::gui_support;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_support::{app_after, app_in, click, harness, settings_dir, settle};
use komadai::gui::KomadaiApp;
use komadai::gui::intent::Intent;
use komadai::gui::storage::records_io::{self, Loaded};
use komadai::i18n::Language;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// A window on `app` as `gui_support::harness` makes it, but without the accessibility check:
/// the file dialog's two text fields (the folder's path, the file name) come unnamed from the
/// `egui_file` crate, which gives no way to name them.
fn own_harness(app: KomadaiApp) -> Harness<'static, KomadaiApp> {
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1180.0, 820.0))
        .with_max_steps(50)
        .with_accessibility_check(false)
        .build_ui_state(|ui, app: &mut KomadaiApp| app.show(ui), app);
    settle(&mut harness);
    harness
}

/// The games folder of the app whose settings are in `dir`.
fn games(dir: &Path) -> PathBuf {
    dir.join("games")
}

/// The files in `dir` whose names end in `ext`.
fn files_ending(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    (entries.filter_map(Result::ok))
        .map(|entry| entry.path())
        .filter(|path| path.to_string_lossy().ends_with(ext))
        .collect()
}

/// Steps until `done` holds (at most ten seconds).
fn wait_until(h: &mut Harness<'_, KomadaiApp>, what: &str, done: impl Fn(&KomadaiApp) -> bool) {
    for _ in 0..2000 {
        h.step();
        if done(h.state()) {
            settle(h);
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("{what} never happened; note: {:?}", h.state().message());
}

#[test]
fn without_a_system_dialog_save_opens_the_apps_own_which_writes_the_game() {
    let dir = settings_dir("own-dialog-save");
    let app = app_after("own-dialog-save", "7g7f 3c3d").without_system_dialogs();
    let mut h = own_harness(app);
    click(&mut h, "Game");
    click(&mut h, "Save as KIF…");
    let note = h.state().message().unwrap_or_default().to_owned();
    assert!(note.contains("komadai's own"), "the note says why: {note}");
    assert!(note.contains(&games(&dir).display().to_string()), "{note}");
    // The window's own title, the games folder listed, the name offered.
    h.get_by_label_contains("Save game");
    click(&mut h, "Save");
    let saved = files_ending(&games(&dir), ".kifu");
    assert_eq!(saved.len(), 1, "one record in the games folder: {saved:?}");
    match records_io::open(&saved[0]) {
        Ok((Loaded::Record(record), None)) => assert_eq!(record.game.ply(), 2),
        other => panic!("not the game saved: {other:?}"),
    }
    let note = h.state().message().unwrap_or_default();
    assert!(note.starts_with("Saved to "), "{note}");
    assert!(
        h.query_by_label_contains("Save game").is_none(),
        "the dialog is closed"
    );
}

#[test]
fn the_own_dialog_asks_before_saving_over_a_file_and_writes_only_when_agreed() {
    let dir = settings_dir("own-dialog-replace");
    let app = app_after("own-dialog-replace", "7g7f 3c3d").without_system_dialogs();
    std::fs::create_dir_all(games(&dir)).expect("the games folder");
    let kept = games(&dir).join("kept.kifu");
    std::fs::write(&kept, "kept as it was\n").expect("written");
    let unchanged = |why: &str| {
        let text = std::fs::read_to_string(&kept).expect("still there");
        assert_eq!(text, "kept as it was\n", "{why}: nothing written");
    };
    let mut h = own_harness(app);
    let save_over_kept = |h: &mut Harness<'_, KomadaiApp>| {
        click(h, "Game");
        click(h, "Save as KIF…");
        click(h, "🗋 kept.kifu");
        click(h, "Save");
    };
    save_over_kept(&mut h);
    h.get_by_label("Replace kept.kifu?");
    unchanged("asked");
    h.key_press(egui::Key::Escape);
    settle(&mut h);
    assert!(h.query_by_label("Replace kept.kifu?").is_none(), "closed");
    unchanged("Esc");

    save_over_kept(&mut h);
    click(&mut h, "Cancel");
    unchanged("Cancel");

    save_over_kept(&mut h);
    click(&mut h, "Replace");
    match records_io::open(&kept) {
        Ok((Loaded::Record(record), None)) => assert_eq!(record.game.ply(), 2),
        other => panic!("not the game saved: {other:?}"),
    }
    let note = h.state().message().unwrap_or_default();
    assert!(note.starts_with("Saved to "), "{note}");
}

#[test]
fn without_a_system_dialog_open_lists_the_games_folder_and_opens_the_file_picked() {
    let dir = settings_dir("own-dialog-open");
    std::fs::create_dir_all(games(&dir)).expect("the games folder");
    let path = games(&dir).join("kept.usi");
    std::fs::write(&path, "position startpos moves 7g7f 3c3d 2g2f\n").expect("written");
    std::fs::write(games(&dir).join("notes.png"), "not a record").expect("written");
    let mut h = own_harness(app_in(&dir).without_system_dialogs());
    click(&mut h, "Game");
    click(&mut h, "Open game…");
    h.get_by_label_contains("Open game");
    assert!(
        h.query_by_label_contains("notes.png").is_none(),
        "only records are listed"
    );
    click(&mut h, "🗋 kept.usi");
    click(&mut h, "Open");
    assert_eq!(h.state().game().ply(), 3, "note: {:?}", h.state().message());
    assert!(h.state().view().is_replaying());
}

#[test]
fn the_own_dialog_cancelled_with_escape_leaves_everything_as_it_was() {
    let dir = settings_dir("own-dialog-cancel");
    let mut h = own_harness(app_in(&dir).without_system_dialogs());
    click(&mut h, "Game");
    click(&mut h, "Open game…");
    h.get_by_label_contains("Open game");
    h.key_press(egui::Key::Escape);
    settle(&mut h);
    assert!(h.query_by_label_contains("Open game").is_none(), "closed");
    assert_eq!(h.state().game().ply(), 0);
}

#[test]
fn in_japanese_the_own_dialog_speaks_japanese() {
    let dir = settings_dir("own-dialog-ja");
    std::fs::create_dir_all(&dir).expect("a folder");
    let settings = serde_json::json!({ "language": Language::Japanese });
    std::fs::write(dir.join("settings.json"), settings.to_string()).expect("settings");
    std::fs::create_dir_all(games(&dir)).expect("the games folder");
    std::fs::write(games(&dir).join("kept.kifu"), "kept\n").expect("written");
    let mut app = app_in(&dir).without_system_dialogs();
    gui_support::paste(&mut app, "position startpos moves 7g7f").expect("a game");
    let mut h = own_harness(app);
    h.state_mut()
        .apply(Intent::SaveAs(komadai::record::Format::Kif));
    settle(&mut h);
    h.get_by_label_contains("棋譜を保存");
    h.get_by_label("保存");
    h.get_by_label("キャンセル");
    let note = h.state().message().unwrap_or_default();
    assert!(note.contains("komadai のファイルダイアログ"), "{note}");
    assert_eq!(h.state().language(), Language::Japanese);
    click(&mut h, "🗋 kept.kifu");
    click(&mut h, "保存");
    h.get_by_label("kept.kifu を置き換えますか？");
    h.get_by_label("置き換える");
}

#[test]
fn without_a_system_dialog_practice_imports_through_the_own_dialog() {
    let dir = settings_dir("own-dialog-import");
    std::fs::create_dir_all(games(&dir)).expect("the games folder");
    std::fs::write(
        games(&dir).join("mine.txt"),
        "4k4/9/4P4/9/9/9/9/9/4K4 b G 1\n",
    )
    .expect("written");
    let mut h = own_harness(app_in(&dir).without_system_dialogs());
    h.state_mut().apply(Intent::OpenPractice);
    settle(&mut h);
    click(&mut h, "Import a collection…");
    h.get_by_label_contains("📂  Import a collection…");
    click(&mut h, "🗋 mine.txt");
    click(&mut h, "Open");
    wait_until(&mut h, "the import", |app| !app.is_importing());
    assert_eq!(h.state().practice().collections.len(), 1);
}

/// A file dropped on the window, as the window system hands it over.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|err| err.to_string())
    }
}

fn drop_file(h: &mut Harness<'_, KomadaiApp>, path: &Path) {
    let file: egui::DroppedFileHandle = Arc::new(Dropped(path.to_path_buf()));
    h.input_mut().dropped_files.push(file);
    settle(h);
}

#[test]
fn a_record_dropped_on_the_window_is_opened() {
    let path = gui_support::record_file("drop-open", "7g7f 3c3d");
    let mut h = harness(app_in(&settings_dir("drop-open")));
    drop_file(&mut h, &path);
    assert_eq!(h.state().game().ply(), 2, "note: {:?}", h.state().message());
    assert!(h.state().view().is_replaying());
}

#[test]
fn a_record_dropped_during_a_game_asks_before_dropping_the_game() {
    let path = gui_support::record_file("drop-during-game", "2g2f");
    let mut h = harness(app_after("drop-during-game", "7g7f 3c3d"));
    drop_file(&mut h, &path);
    assert_eq!(h.state().game().ply(), 2, "the game is still there");
    click(&mut h, "Drop the game");
    assert_eq!(h.state().game().ply(), 1, "the record is open");
}

#[test]
fn a_collection_dropped_on_the_practice_page_is_imported() {
    let dir = settings_dir("drop-import");
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("dropped.txt");
    std::fs::write(&path, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1\n").expect("written");
    let mut h = harness(app_in(&settings_dir("drop-import-app")));
    h.state_mut().apply(Intent::OpenPractice);
    settle(&mut h);
    drop_file(&mut h, &path);
    wait_until(&mut h, "the import", |app| !app.is_importing());
    assert_eq!(h.state().practice().collections.len(), 1);
    assert_eq!(h.state().game().ply(), 0, "no record was opened");
}
