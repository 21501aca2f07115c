//! Saving and opening games (KIF, CSA, USI), copying and pasting positions and games, and
//! replaying an opened game with the choice to play on from any move.

use crate::gui_support;

use egui_kittest::kittest::Queryable;
use gui_support::{
    app_in, click, harness, open, paste, play_on_from, save_record, settings_dir, settle,
    wait_for_ai,
};
use komadai::gui::ViewMode;
use komadai::gui::panels::message::MessageKind;
use komadai::gui::storage::records_io::{self, Loaded};
use komadai::record::Format;
use komadai::rules::{Color, Move, START_SFEN};
use std::path::PathBuf;

const MOVES: [&str; 5] = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"];

/// An app whose game is MOVES played from the start (the player is Sente).
fn app_with_game(test: &str) -> (komadai::gui::KomadaiApp, PathBuf) {
    let dir = settings_dir(test);
    let line = format!("position startpos moves {}", MOVES.join(" "));
    let mut app = app_in(&dir);
    paste(&mut app, &line).expect("a legal USI line");
    play_on_from(&mut app, MOVES.len(), Color::Gote);
    (app, dir)
}

fn usi(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

#[test]
fn game_saved_in_each_format_opens_for_replay_at_the_start() {
    for format in Format::ALL {
        let (app, dir) = app_with_game(&format!("records-{}", format.extension()));
        let path = dir.join(format!("game.{}", format.extension()));
        let written = save_record(&app, &path).expect("saved");
        assert_eq!(written, path);

        let mut other = app_in(&settings_dir(&format!(
            "records-open-{}",
            format.extension()
        )));
        open(&mut other, &path).expect("opens");
        assert_eq!(usi(other.game().moves()), MOVES, "{format:?}");
        assert!(other.is_reviewing());
        assert_eq!(
            other.viewing(),
            Some(0),
            "replay starts at the first position"
        );
        assert_eq!(other.view(), ViewMode::Replaying(0));
        assert!(!other.is_thinking());
    }
}

#[test]
fn saving_without_a_known_extension_writes_kif() {
    let (app, dir) = app_with_game("records-no-ext");
    let written = save_record(&app, &dir.join("my game")).expect("saved");
    assert_eq!(written, dir.join("my game.kifu"));
    let text = std::fs::read_to_string(&written).expect("UTF-8");
    assert!(text.contains("７六歩"), "{text}");
    assert!(text.contains("You"), "the player is named: {text}");
}

#[test]
fn dot_kif_is_saved_in_shift_jis_and_opens_again() {
    let (app, dir) = app_with_game("records-shift-jis");
    let written = save_record(&app, &dir.join("game.kif")).expect("saved");
    let bytes = std::fs::read(&written).expect("written");
    assert!(std::str::from_utf8(&bytes).is_err(), "Shift_JIS, not UTF-8");
    let mut other = app_in(&settings_dir("records-shift-jis-open"));
    open(&mut other, &written).expect("opens");
    assert_eq!(usi(other.game().moves()), MOVES);
}

#[test]
fn one_line_sfen_file_starts_a_game_there() {
    let dir = settings_dir("records-sfen-file");
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("problem.txt");
    let sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
    std::fs::write(&path, format!("{sfen}\n")).expect("write");
    let mut app = app_in(&dir);
    open(&mut app, &path).expect("opens");
    assert_eq!(app.game().start().to_sfen(), sfen);
    assert!(!app.is_reviewing());
}

#[test]
fn opening_a_record_with_a_bad_move_keeps_its_good_moves_and_says_where_it_stops() {
    let (mut app, dir) = app_with_game("records-broken");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("broken.csa");
    std::fs::write(&path, "V2.2\nPI\n+\n+7776FU\n-7776FU\n").expect("write");
    open(&mut app, &path).expect("opens up to the good move");
    assert_eq!(usi(app.game().moves()), ["7g7f"]);
    assert!(app.is_reviewing());
    assert_eq!(app.message_kind(), Some(MessageKind::Warning));
    let note = app.message().unwrap_or_default();
    assert!(
        note.starts_with("Opened broken.csa up to move 1; the moves after it cannot be read. Line 5 of this CSA record: "),
        "{note}"
    );
}

#[test]
fn opening_a_record_whose_start_cannot_be_read_says_where_and_keeps_the_game() {
    let (mut app, dir) = app_with_game("records-broken-start");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("broken.csa");
    std::fs::write(&path, "V2.2\nPI82KA\n+\n+7776FU\n").expect("write");
    let err = open(&mut app, &path).expect_err("no start position");
    assert!(
        err.starts_with("Cannot open broken.csa: line 2 of this CSA record: "),
        "{err}"
    );
    assert_eq!(usi(app.game().moves()), MOVES, "the game is unchanged");
}

#[test]
fn a_game_played_here_is_saved_with_its_start_time() {
    let (app, _) = app_with_game("records-start-time");
    let kif = app.record().to_kif();
    let line = kif
        .lines()
        .find(|line| line.starts_with("開始日時："))
        .unwrap_or_else(|| panic!("no start time:\n{kif}"));
    assert!(line.ends_with(" UTC"), "{line}");
    assert!(app.record().to_csa().contains("$START_TIME:"));
}

#[test]
fn pasted_sfen_starts_a_game_with_the_player_to_move() {
    let mut app = app_in(&settings_dir("paste-sfen"));
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
    paste(&mut app, sfen).expect("valid SFEN");
    assert_eq!(app.game().start().to_sfen(), sfen);
    assert_eq!(
        app.player(),
        Color::Gote,
        "Gote is to move in the pasted position"
    );
    assert!(!app.is_reviewing());
}

#[test]
fn pasted_kif_opens_at_its_end_for_playing_on() {
    let (app, _) = app_with_game("paste-kif-source");
    let kif = app.record().to_kif();
    let mut other = app_in(&settings_dir("paste-kif"));
    paste(&mut other, &kif).expect("our own KIF reads back");
    assert_eq!(usi(other.game().moves()), MOVES);
    assert!(other.is_reviewing());
    assert_eq!(other.viewing(), None, "shown at its end, ready to play on");
    assert_eq!(other.view(), ViewMode::Replaying(MOVES.len()));
}

#[test]
fn pasted_nonsense_is_refused_with_a_reason() {
    let mut app = app_in(&settings_dir("paste-nonsense"));
    let err = paste(&mut app, "hello there").expect_err("not a position");
    assert!(err.contains("position"), "{err}");
    assert!(paste(&mut app, "   ").is_err());
    assert_eq!(app.game().ply(), 0);
}

#[test]
fn text_kinds_are_told_apart() {
    assert!(matches!(
        records_io::parse_text(START_SFEN),
        Ok(Loaded::Position(_))
    ));
    assert!(matches!(
        records_io::parse_text(&format!("sfen {START_SFEN}")),
        Ok(Loaded::Position(_))
    ));
    assert!(matches!(
        records_io::parse_text("position startpos moves 7g7f"),
        Ok(Loaded::Record(_))
    ));
    assert!(matches!(
        records_io::parse_text("V2.2\nPI\n+\n+7776FU\n"),
        Ok(Loaded::Record(_))
    ));
    assert!(matches!(
        records_io::parse_text("▲７六歩 △３四歩"),
        Ok(Loaded::Record(_))
    ));
}

#[test]
fn ctrl_v_on_the_board_pastes_a_position() {
    let mut h = harness(app_in(&settings_dir("paste-event")));
    let sfen = "4k4/9/9/9/9/9/9/9/4K4 b R 1";
    h.event(egui::Event::Paste(sfen.to_owned()));
    settle(&mut h);
    assert_eq!(h.state().game().start().to_sfen(), sfen);
}

#[test]
fn replay_steps_through_moves_and_plays_on_from_the_one_shown() {
    let dir = settings_dir("replay-play-on");
    let path = {
        let (app, dir) = app_with_game("replay-source");
        save_record(&app, &dir.join("game.kif")).expect("saved")
    };
    let mut app = app_in(&dir);
    open(&mut app, &path).expect("opens");
    let mut h = harness(app);
    click(&mut h, "Next");
    click(&mut h, "Next");
    assert_eq!(h.state().viewing(), Some(2));
    click(&mut h, "Back");
    assert_eq!(h.state().viewing(), Some(1));
    h.key_press(egui::Key::ArrowRight);
    settle(&mut h);
    assert_eq!(h.state().viewing(), Some(2));
    assert!(!h.state().is_thinking(), "the AI waits during a replay");

    // After 7g7f 3c3d it is Sente's move; the player takes Gote, so the AI plays Sente.
    click(&mut h, "☖ Gote");
    assert!(!h.state().is_reviewing());
    assert_eq!(h.state().player(), Color::Gote);
    wait_for_ai(&mut h);
    assert_eq!(usi(&h.state().game().moves()[..2]), MOVES[..2]);
    assert_eq!(h.state().game().ply(), 3, "the AI played on as Sente");
}

#[test]
fn a_replay_survives_a_restart() {
    let dir = settings_dir("replay-restart");
    let line = format!("position startpos moves {}", MOVES.join(" "));
    let mut h = harness(app_in(&dir));
    paste(h.state_mut(), &line).expect("legal");
    settle(&mut h);
    drop(h);
    let again = app_in(&dir);
    assert!(again.is_reviewing());
    assert_eq!(usi(again.game().moves()), MOVES);
}

#[test]
fn copy_position_sfen_is_the_position_shown() {
    let (mut app, _) = app_with_game("copy-sfen");
    assert_eq!(app.shown_sfen(), app.game().position().to_sfen());
    play_on_from(&mut app, 0, Color::Sente);
    assert_eq!(app.shown_sfen(), START_SFEN);
}

/// The texts the last frame put on the clipboard.
fn copied(h: &egui_kittest::Harness<'_, komadai::gui::KomadaiApp>) -> Vec<String> {
    h.output()
        .platform_output
        .commands
        .iter()
        .filter_map(|command| match command {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn game_menu_copies_the_position_as_sfen() {
    let mut h = harness(app_in(&settings_dir("menu-copy-sfen")));
    click(&mut h, "Game");
    h.get_by_label("Copy position (SFEN)").click();
    h.step();
    assert_eq!(copied(&h), vec![START_SFEN.to_owned()]);
    assert_eq!(h.state().message(), Some("Position copied as SFEN."));
}

#[test]
fn game_menu_copies_the_game_as_kif_that_reads_back() {
    let (app, _) = app_with_game("menu-copy-kif");
    let mut h = harness(app);
    click(&mut h, "Game");
    h.get_by_label("Copy game (KIF)").click();
    h.step();
    let texts = copied(&h);
    assert_eq!(texts.len(), 1);
    let record = komadai::record::Record::from_kif(&texts[0]).expect("our KIF reads back");
    assert_eq!(usi(record.game.moves()), MOVES);
}

#[test]
fn default_file_name_is_dated_and_has_the_format_extension() {
    let name = records_io::default_name(Format::Csa);
    // komadai-2026-11-29-123456.csa
    assert_eq!(name.len(), "komadai-2026-11-29-123456.csa".len(), "{name}");
    assert!(
        name.starts_with("komadai-2") && name.ends_with(".csa"),
        "{name}"
    );
    assert!(!name.contains(' ') && !name.contains(':'), "{name}");
}

#[test]
fn paste_dialog_starts_from_the_text_typed_into_it() {
    let mut h = harness(app_in(&settings_dir("paste-dialog")));
    click(&mut h, "Game");
    click(&mut h, "Paste position or game… Ctrl+V");
    h.get_by_role(egui::accesskit::Role::MultilineTextInput)
        .type_text("not a position");
    settle(&mut h);
    click(&mut h, "Start");
    assert!(
        h.query_by_label("Paste a position or a game").is_some(),
        "stays open"
    );
    assert_eq!(h.state().game().ply(), 0);

    let sfen = "4k4/9/9/9/9/9/9/9/4K4 w r 1";
    h.get_by_role(egui::accesskit::Role::MultilineTextInput)
        .focus();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_role(egui::accesskit::Role::MultilineTextInput)
        .type_text(sfen);
    settle(&mut h);
    click(&mut h, "Start");
    assert_eq!(h.state().game().start().to_sfen(), sfen);
    assert_eq!(h.state().player(), Color::Gote);
    assert!(
        h.query_by_label("Paste a position or a game").is_none(),
        "closed"
    );
}

#[test]
fn recent_games_lists_record_files_newest_first() {
    let dir = settings_dir("recent-games");
    std::fs::create_dir_all(&dir).expect("dir");
    let base = std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_700_000_000);
    for (i, name) in ["old.kif", "notes.txt", "middle.csa", "new.usi"]
        .iter()
        .enumerate()
    {
        let path = dir.join(name);
        std::fs::write(&path, "x").expect("write");
        let file = std::fs::File::options()
            .write(true)
            .open(&path)
            .expect("open");
        file.set_modified(base + std::time::Duration::from_secs(i as u64 * 60))
            .expect("set time");
    }
    let names: Vec<String> = records_io::recent(&dir, 10)
        .iter()
        .map(|p| {
            p.file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(names, ["new.usi", "middle.csa", "old.kif"]);
    assert_eq!(records_io::recent(&dir, 1).len(), 1);
}

#[test]
fn left_arrow_looks_back_from_the_game_in_play_even_after_a_button_click() {
    let (app, _) = app_with_game("left-arrow");
    let mut h = harness(app);
    click(&mut h, "Letters");
    h.key_press(egui::Key::ArrowLeft);
    settle(&mut h);
    assert_eq!(h.state().viewing(), Some(MOVES.len() - 1));
    h.key_press(egui::Key::ArrowRight);
    settle(&mut h);
    assert_eq!(h.state().viewing(), None, "back at the game");
    assert!(!h.state().is_reviewing());
}

#[test]
fn an_opened_game_saved_again_keeps_its_players() {
    let dir = settings_dir("records-keep-header");
    std::fs::create_dir_all(&dir).expect("dir");
    let source = dir.join("pro.csa");
    std::fs::write(
        &source,
        "V2.2\nN+Habu\nN-Moriuchi\nPI\n+\n+7776FU\n-3334FU\n",
    )
    .expect("write");
    let mut app = app_in(&dir);
    open(&mut app, &source).expect("opens");
    let copy = save_record(&app, &dir.join("copy.csa")).expect("saved");
    let text = std::fs::read_to_string(copy).expect("written");
    assert!(
        text.contains("N+Habu") && text.contains("N-Moriuchi"),
        "{text}"
    );

    play_on_from(&mut app, 2, Color::Sente);
    let record = app.record();
    assert_eq!(
        record.info.sente.as_deref(),
        Some("You"),
        "played on here: you and the AI"
    );
}

#[test]
fn an_opened_kif_saved_again_keeps_its_variations() {
    let dir = settings_dir("records-keep-variations");
    std::fs::create_dir_all(&dir).expect("dir");
    let source = dir.join("study.kifu");
    let study = include_str!("../data/records/study_with_variations.kif");
    std::fs::write(&source, study).expect("write");
    let mut app = app_in(&dir);
    open(&mut app, &source).expect("opens");
    let copy = save_record(&app, &dir.join("copy.kifu")).expect("saved");
    let text = std::fs::read_to_string(copy).expect("written");
    let saved = komadai::record::Record::from_kif(&text).expect("reads back");
    let opened = komadai::record::Record::from_kif(study).expect("reads");
    let shape = |r: &komadai::record::Record| {
        r.variations
            .iter()
            .map(|v| (v.ply, usi(&v.moves), v.variations.len()))
            .collect::<Vec<_>>()
    };
    assert_eq!(shape(&saved), shape(&opened), "{text}");
    assert_eq!(saved.variations.len(), 3);
}
