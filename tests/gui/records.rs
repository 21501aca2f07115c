//! A record as players keep it, in the window: the comment on the position shown under the
//! move list (read, typed, a variation's own, saved with the record), the game's
//! information, the player's own name instead of "You"; a move number to go to (Ctrl+G);
//! the mate search on the board and in the editor (Ctrl+M); an analysis line copied as text.

use crate::gui_support;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_support::{app_in, apply, click, harness, open, save_record, settings_dir, settle};
use komadai::clock::TimeControl;
use komadai::gui::KomadaiApp;
use komadai::gui::dialogs::Dialog;
use komadai::gui::dialogs::dialog::GameInfo;
use komadai::gui::dialogs::game_setup::GameSetup;
use komadai::gui::intent::Intent;
use komadai::gui::ladder::odds::Odds;
use komadai::gui::storage::settings::SideChoice;
use komadai::i18n::Language;
use komadai::record::{LineId, Record};
use komadai::rules::Color;
use std::path::PathBuf;
use std::time::Duration;

/// ShogiHome's way of writing a study: a comment on move 4 (本譜), a variation replacing
/// move 4 with a comment of its own (振り飛車含み).
fn study_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/records/study_with_variations.kif")
}

fn opened_study(test: &str) -> Harness<'static, KomadaiApp> {
    let mut app = app_in(&settings_dir(test));
    open(&mut app, &study_file()).expect("the study opens");
    harness(app)
}

/// The record saved as the Game menu saves it, read back.
fn saved_and_read(h: &Harness<'_, KomadaiApp>, test: &str, name: &str) -> Record {
    let dir = settings_dir(&format!("{test}-saved"));
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = save_record(h.state(), &dir.join(name)).expect("saved");
    let text = std::fs::read_to_string(&path).expect("written");
    Record::read(&text).unwrap_or_else(|err| panic!("{err}\n{text}"))
}

#[test]
fn a_records_comment_shows_under_the_moves_and_typing_there_edits_it() {
    let mut h = opened_study("records-comment");
    apply(&mut h, Intent::View(Some(4)));
    let field = h.get_by_label("Comment on move 4");
    assert_eq!(field.value().as_deref(), Some("本譜"));
    // Typed into the field: the letters go to the comment, not to the keys (F would flip).
    field.focus();
    settle(&mut h);
    h.get_by_label("Comment on move 4").type_text("f");
    settle(&mut h);
    assert!(
        !h.state().is_flipped(),
        "F typed into a comment flips nothing"
    );
    let record = h.state().record();
    let comment = record.comment(4).expect("the comment");
    assert!(
        comment.starts_with("本譜") || comment.ends_with("本譜"),
        "{comment}"
    );
    assert!(comment.contains('f'), "{comment}");

    // Another move, an empty comment: a new one written there.
    h.get_by_label("Comment on move 4").focus();
    h.key_press(Key::Escape);
    settle(&mut h);
    apply(&mut h, Intent::View(Some(2)));
    h.get_by_label("Comment on move 2");
    apply(&mut h, Intent::SetComment("横歩は取らない".to_owned()));
    let again = saved_and_read(&h, "records-comment", "study.kifu");
    assert_eq!(again.comment(2), Some("横歩は取らない"));
    assert!(again.comment(4).is_some_and(|c| c.contains('f')));
    // The variation's comment stayed its own.
    let branch = again.alternatives(&LineId::main(), 3)[1].line.clone();
    assert_eq!(again.comment_on(&branch, 4), Some("振り飛車含み"));
}

#[test]
fn a_variations_move_keeps_its_own_comment() {
    let mut h = opened_study("records-variation-comment");
    let record = h.state().record();
    let branch = record.alternatives(&LineId::main(), 3)[1].line.clone();
    apply(
        &mut h,
        Intent::ShowLine {
            line: branch.clone(),
            ply: 4,
        },
    );
    let field = h.get_by_label("Comment on move 4");
    assert_eq!(field.value().as_deref(), Some("振り飛車含み"));
    apply(&mut h, Intent::SetComment("四間飛車へ".to_owned()));
    let again = saved_and_read(&h, "records-variation-comment", "study.kifu");
    assert_eq!(again.comment_on(&branch, 4), Some("四間飛車へ"));
    assert_eq!(
        again.comment(4),
        Some("本譜"),
        "the game's own move 4 kept its comment"
    );
}

#[test]
fn a_game_against_the_ai_has_no_comment_box() {
    let mut h = gui_support::harness(gui_support::app_after("records-no-comment", "7g7f 3c3d"));
    settle(&mut h);
    assert!(h.query_by_label_contains("Comment on").is_none());
}

#[test]
fn the_game_information_of_a_record_is_shown_and_edited() {
    let mut h = opened_study("records-info");
    apply(&mut h, Intent::OpenGameInfo);
    let Some(Dialog::GameInfo { info, editable }) = h.state().dialog().cloned() else {
        panic!("the game information dialog");
    };
    assert!(editable);
    assert_eq!(
        (info.sente.as_str(), info.gote.as_str()),
        ("先手さん", "後手さん")
    );
    h.get_by_label("Event");
    h.get_by_label("Time control");
    let edited = GameInfo {
        event: "第1期 研究会".to_owned(),
        start_time: "2026/12/06 10:00:00".to_owned(),
        time_control: "各10分".to_owned(),
        sente: "羽生".to_owned(),
        gote: String::new(),
        handicap: false,
    };
    apply(&mut h, Intent::SetGameInfo(edited));
    assert!(h.state().dialog().is_none());
    let again = saved_and_read(&h, "records-info", "study.kifu");
    assert_eq!(again.info.event.as_deref(), Some("第1期 研究会"));
    assert_eq!(
        again.info.start_time.as_deref(),
        Some("2026/12/06 10:00:00")
    );
    assert_eq!(again.info.time_control(), Some("各10分"));
    assert_eq!(again.info.sente.as_deref(), Some("羽生"));
    assert_eq!(again.info.gote, None, "an emptied field is no header");
}

#[test]
fn a_game_in_progress_shows_its_information_to_read() {
    let mut h = gui_support::harness(gui_support::app_after("records-info-live", "7g7f"));
    apply(&mut h, Intent::OpenGameInfo);
    let Some(Dialog::GameInfo { info, editable }) = h.state().dialog().cloned() else {
        panic!("the game information dialog");
    };
    assert!(!editable);
    assert_eq!(info.sente, "You");
    assert!(!info.start_time.is_empty(), "the game's start");
    h.get_by_label_contains("named when it is saved");
    click(&mut h, "Close");
    assert!(h.state().dialog().is_none());
}

#[test]
fn the_players_own_name_replaces_you_in_the_seats_and_the_saved_record() {
    let dir = settings_dir("records-name");
    let mut h = harness(app_in(&dir));
    apply(&mut h, Intent::OpenPlayerName);
    assert!(matches!(h.state().dialog(), Some(Dialog::PlayerName(_))));
    apply(&mut h, Intent::SetPlayerName("  Taro\n".to_owned()));
    assert_eq!(h.state().settings().player_name.get(), Some("Taro"));
    h.get_by_label_contains("☗ Sente: Taro");
    apply(
        &mut h,
        Intent::Move(komadai::rules::Move::from_usi("7g7f").expect("a move")),
    );
    let record = saved_and_read(&h, "records-name", "game.kifu");
    assert_eq!(record.info.sente.as_deref(), Some("Taro"));
    // Kept with the settings.
    let again = app_in(&dir);
    assert_eq!(again.settings().player_name.get(), Some("Taro"));
    // Emptied: "You" again.
    apply(&mut h, Intent::SetPlayerName(String::new()));
    h.get_by_label_contains("☗ Sente: You");
}

#[test]
fn ctrl_g_goes_to_the_move_typed() {
    let mut h = gui_support::harness(gui_support::app_after(
        "records-jump",
        "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e",
    ));
    h.key_press_modifiers(Modifiers::COMMAND, Key::G);
    settle(&mut h);
    assert!(matches!(
        h.state().dialog(),
        Some(Dialog::Jump { last: 6, .. })
    ));
    h.get_by_label("Move number (0 to 6):").type_text("9");
    settle(&mut h);
    h.get_by_label("Type a move number from 0 to 6.");
    let field = h.get_by_label("Move number (0 to 6):");
    field.focus();
    settle(&mut h);
    h.key_press(Key::Backspace);
    settle(&mut h);
    h.get_by_label("Move number (0 to 6):").type_text("3");
    settle(&mut h);
    click(&mut h, "Go");
    assert!(h.state().dialog().is_none());
    assert_eq!(h.state().viewing(), Some(3));
}

/// Runs frames until the mate search's dialog has its answer.
fn mate_answer(h: &mut Harness<'_, KomadaiApp>) -> (String, String) {
    for _ in 0..2000 {
        h.step();
        if let Some(Dialog::Mate(view)) = h.state().dialog()
            && let Some(answer) = &view.answer
        {
            return answer.clone();
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("no answer from the mate search: {:?}", h.state().dialog());
}

#[test]
fn ctrl_m_finds_the_mate_on_the_board_and_writes_its_line() {
    // Sente drops the gold on 5b, guarded by the silver: mate in one.
    let mut h = gui_support::harness_from("records-mate", "4k4/9/4S4/9/9/9/9/9/4K4 b G 1");
    h.key_press_modifiers(Modifiers::COMMAND, Key::M);
    let (verdict, line) = mate_answer(&mut h);
    assert_eq!(verdict, "Mate in 1:");
    assert_eq!(line, "☗G*5b");
    settle(&mut h);
    h.get_by_label("Mate in 1:");
    h.get_by_label("Copy the line").click();
    h.step();
    assert_eq!(copied(&h), ["☗G*5b"]);
    settle(&mut h);
    click(&mut h, "Close");
    assert!(h.state().dialog().is_none());
}

#[test]
fn the_mate_search_says_so_when_there_is_no_mate() {
    let mut h = gui_support::harness(gui_support::app_in(&settings_dir("records-no-mate")));
    apply(&mut h, Intent::SearchMate);
    let (verdict, line) = mate_answer(&mut h);
    assert_eq!(
        verdict,
        "No mate: no series of checks by Sente forces mate."
    );
    assert!(line.is_empty());
}

#[test]
fn the_editor_searches_its_setup_as_a_mate_problem_and_in_japanese() {
    let mut h = gui_support::harness_from("records-mate-editor", "4k4/9/4S4/9/9/9/9/9/4K4 b G 1");
    apply(&mut h, Intent::SetLanguage(Language::Japanese));
    apply(
        &mut h,
        Intent::SetNotation(komadai::gui::storage::settings::NotationStyle::Japanese),
    );
    apply(&mut h, Intent::OpenEditor);
    // The attacker's king taken off: a mate problem as published ones are set.
    apply(
        &mut h,
        Intent::Edit(komadai::gui::editor::Edit::Remove(
            komadai::rules::Square::new(5, 9).expect("a square"),
        )),
    );
    click(&mut h, "詰み探索 Ctrl+M");
    let (verdict, line) = mate_answer(&mut h);
    assert_eq!(verdict, "1手詰：");
    assert!(line.contains("５二金"), "{line}");
}

#[test]
fn a_japanese_mating_line_writes_each_move_apart() {
    // Mate in five: ▲4一金 △同玉 ▲6一竜 △5一桂 ▲同竜.
    let sfen = "l5knl/4P2r1/3+R1Spp1/pp3pg2/4p3p/P+bP2PPP1/5GN1P/L1S3S2/6K1L b GN2Pgsn2p 90";
    let mut h = gui_support::harness_from("records-mate-japanese", sfen);
    apply(
        &mut h,
        Intent::SetNotation(komadai::gui::storage::settings::NotationStyle::Japanese),
    );
    apply(&mut h, Intent::SearchMate);
    let (verdict, line) = mate_answer(&mut h);
    assert_eq!(verdict, "Mate in 5:");
    assert_eq!(line.split(' ').count(), 5, "{line}");
    assert!(line.starts_with("▲４一金 △同玉 "), "{line}");
    assert!(!line.contains("同　"), "{line}");
}

#[test]
fn closing_the_mate_search_stops_it_and_its_answer_is_dropped() {
    let mut h = gui_support::harness_from("records-mate-stop", "4k4/9/4S4/9/9/9/9/9/4K4 b G 1");
    apply(&mut h, Intent::SearchMate);
    apply(&mut h, Intent::Cancel);
    assert!(h.state().dialog().is_none());
    for _ in 0..20 {
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        h.state().dialog().is_none(),
        "no box comes back with the answer"
    );
    assert_eq!(h.state().player(), Color::Sente);
}

/// What the last frame put on the clipboard.
fn copied(h: &Harness<'_, KomadaiApp>) -> Vec<String> {
    h.output()
        .platform_output
        .commands
        .iter()
        .filter_map(|c| match c {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn an_analysis_line_is_copied_as_the_panel_writes_it() {
    let mut h = gui_support::harness(gui_support::app_after("records-copy-line", "7g7f 3c3d"));
    apply(&mut h, Intent::StartAnalysis);
    for _ in 0..4000 {
        h.step();
        let written = h.state().analysis_lines_written();
        if written
            .first()
            .is_some_and(|l| l.split_whitespace().count() >= 2)
        {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    // Stopped, so the panel's lines stay as read.
    apply(&mut h, Intent::ToggleAnalysis);
    let written = h.state().analysis_lines_written();
    let first = written.first().expect("a line").clone();
    h.get_all_by_label("Copy")
        .next()
        .expect("a Copy button per line")
        .click();
    h.step();
    let copied = copied(&h);
    assert_eq!(copied.len(), 1, "{copied:?}");
    assert!(copied[0].ends_with(&first), "{copied:?} for {first}");
    assert_eq!(
        h.state().message(),
        Some(Language::English.records().line_copied)
    );
}

/// A game of `player` against `ai` clocks from the start, as the new-game dialog starts it.
fn clocked_game(test: &str, player: TimeControl, ai: TimeControl) -> Harness<'static, KomadaiApp> {
    let mut h = harness(app_in(&settings_dir(test)));
    apply(
        &mut h,
        Intent::NewGame {
            side: SideChoice::Sente,
            level: komadai::gui::Level::Easy,
            sfen: None,
            setup: GameSetup {
                odds: Odds::Even,
                player_time: player,
                ai_time: ai,
            },
        },
    );
    h
}

#[test]
fn a_game_played_here_is_saved_with_its_time_control() {
    let byoyomi = TimeControl::Byoyomi {
        main: Duration::from_secs(600),
        period: Duration::from_secs(30),
    };
    let h = clocked_game("records-time-control", byoyomi, byoyomi);
    let record = saved_and_read(&h, "records-time-control", "game.kifu");
    assert_eq!(record.info.time_control(), Some("各10分、秒読み30秒"));

    let sudden = TimeControl::SuddenDeath {
        main: Duration::from_secs(180),
    };
    let h = clocked_game("records-time-control-two", sudden, TimeControl::Unlimited);
    let record = saved_and_read(&h, "records-time-control-two", "game.kifu");
    assert_eq!(
        record.info.time_control(),
        Some("先手3分、切れ負け、後手無制限")
    );

    let h = clocked_game(
        "records-no-clock",
        TimeControl::Unlimited,
        TimeControl::Unlimited,
    );
    let record = saved_and_read(&h, "records-no-clock", "game.kifu");
    assert_eq!(record.info.time_control(), None);
}

#[test]
fn a_comment_typed_and_the_information_edited_survive_a_restart() {
    let dir = settings_dir("records-comment-restart");
    let mut h = harness(app_in(&dir));
    open(h.state_mut(), &study_file()).expect("the study opens");
    apply(&mut h, Intent::View(Some(2)));
    apply(&mut h, Intent::SetComment("角道を止めない".to_owned()));
    apply(&mut h, Intent::OpenGameInfo);
    let Some(Dialog::GameInfo { mut info, .. }) = h.state().dialog().cloned() else {
        panic!("the game information dialog");
    };
    info.event = "朝の研究".to_owned();
    apply(&mut h, Intent::SetGameInfo(info));
    settle(&mut h);
    drop(h);
    let again = app_in(&dir);
    let record = again.record();
    assert_eq!(record.comment(2), Some("角道を止めない"));
    assert_eq!(record.comment(4), Some("本譜"));
    assert_eq!(record.info.event.as_deref(), Some("朝の研究"));
}
