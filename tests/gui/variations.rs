//! Variations in the window: a move in an opened record starts a branch (the list marks it
//! and offers the alternatives, the keys and a click switch between them), a branch made the
//! main line and one deleted, saved and read back by the record reader; a game against the
//! AI studied on a copy and left as it was; an analysis line played as a variation; a mated
//! position not analysed; the review called 解析 beside live analysis's 検討.

use crate::gui_support;

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use gui_support::{
    app_after, app_in, apply, click, harness, open, rect_of, save_record, settings_dir,
};
use komadai::gui::KomadaiApp;
use komadai::gui::intent::Intent;
use komadai::i18n::Language;
use komadai::record::{LineId, Record};
use komadai::rules::{Move, PositionCommand};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// ShogiHome's way of writing a study: the game 7g7f 3c3d 2g2f 8c8d (Sente resigns), two
/// alternatives to move 2 (one with a branch of its own), one to move 4.
fn study_file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/records/study_with_variations.kif")
}

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|mv| Move::from_usi(mv).expect("a USI move"))
        .collect()
}

/// The study opened, the board at its start.
fn opened_study(test: &str) -> Harness<'static, KomadaiApp> {
    let mut app = app_in(&settings_dir(test));
    open(&mut app, &study_file()).expect("the study opens");
    harness(app)
}

fn play(h: &mut Harness<'_, KomadaiApp>, from: &str, to: &str) {
    click(h, &format!("square {from}"));
    click(h, &format!("square {to}"));
}

fn press(h: &mut Harness<'_, KomadaiApp>, key: Key) {
    h.key_press(key);
    gui_support::settle(h);
}

#[test]
fn a_move_in_an_opened_record_branches_and_the_list_switches_between_lines() {
    let mut h = opened_study("variations-branch");
    press(&mut h, Key::ArrowRight);
    press(&mut h, Key::ArrowRight);
    // Sente plays 6g6f instead of the game's 2g2f: a branch, the game untouched.
    play(&mut h, "6g", "6f");
    let game = moves("7g7f 3c3d 2g2f 8c8d");
    assert_eq!(h.state().game().moves(), game.as_slice());
    assert!(!h.state().shown_line().is_main());
    assert_eq!(h.state().shown_line_moves(), moves("7g7f 3c3d 6g6f"));
    assert_eq!(
        h.state().viewing(),
        None,
        "the board shows the branch's last move"
    );
    // The list marks the move that has alternatives and lists them under it.
    h.get_by_label("Variations at move 3");
    h.get_by_label_contains("P-6f ◆");
    h.get_by_label("☗ P-2f (main line)");

    // Gote answers in the branch: it grows.
    play(&mut h, "8c", "8d");
    assert_eq!(h.state().shown_line_moves(), moves("7g7f 3c3d 6g6f 8c8d"));

    // Up and Down step through the alternatives to the move shown.
    press(&mut h, Key::ArrowLeft);
    press(&mut h, Key::ArrowUp);
    assert!(h.state().shown_line().is_main());
    assert_eq!(h.state().viewing(), Some(3));
    press(&mut h, Key::ArrowDown);
    assert_eq!(h.state().shown_line_moves(), moves("7g7f 3c3d 6g6f 8c8d"));
    // A click on an alternative follows it.
    click(&mut h, "☗ P-2f (main line)");
    assert!(h.state().shown_line().is_main());
    // At move 2 the record's own three alternatives, its own variation's branch inside.
    press(&mut h, Key::ArrowLeft);
    h.get_by_label("Variations at move 2");
    click(&mut h, "☖ P-8d");
    assert_eq!(h.state().shown_line_moves(), moves("7g7f 8c8d 2g2f 8d8e"));
    press(&mut h, Key::ArrowRight);
    press(&mut h, Key::ArrowDown);
    assert_eq!(h.state().shown_line_moves(), moves("7g7f 8c8d 7i6h"));
    // Playing a move a line already makes follows it instead of adding another.
    press(&mut h, Key::ArrowLeft);
    play(&mut h, "2g", "2f");
    assert_eq!(h.state().shown_line_moves(), moves("7g7f 8c8d 2g2f 8d8e"));
    assert_eq!(h.state().record().variations.len(), 4);
}

/// The label of the widget holding the keyboard focus.
fn focused(h: &Harness<'_, KomadaiApp>) -> Option<String> {
    h.query_by(|node| node.is_focused())
        .and_then(|node| node.accesskit_node().label())
}

#[test]
fn tab_reaches_an_alternative_in_sight_and_enter_follows_it() {
    let mut h = opened_study("variations-keyboard");
    press(&mut h, Key::ArrowRight);
    press(&mut h, Key::ArrowRight);
    h.get_by_label("Variations at move 2");
    let mut presses = 0;
    while focused(&h).as_deref() != Some("☖ P-8d") {
        assert!(presses < 300, "Tab never reached the alternative ☖ P-8d");
        press(&mut h, Key::Tab);
        presses += 1;
    }
    // In sight, under its heading, not scrolled away in the box.
    let entry = rect_of(&h, "☖ P-8d");
    let heading = rect_of(&h, "Variations at move 2");
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1180.0, 820.0));
    assert!(window.contains_rect(entry), "{entry:?}");
    assert!(entry.top() > heading.top(), "{entry:?} under {heading:?}");
    assert!(
        h.state().shown_line().is_main(),
        "the focus alone changes nothing"
    );

    press(&mut h, Key::Enter);
    assert_eq!(h.state().shown_line_moves(), moves("7g7f 8c8d 2g2f 8d8e"));
    assert_eq!(h.state().viewing(), Some(2));
    // The board shows the alternative's move, not the game's.
    h.get_by_label("8d, Gote pawn");
    h.get_by_label("3c, Gote pawn");
    h.get_by_label("8c, empty");
}

#[test]
fn a_branch_made_the_main_line_and_one_deleted_are_saved_and_read_back() {
    let mut h = opened_study("variations-edit");
    apply(&mut h, Intent::View(Some(2)));
    play(&mut h, "6g", "6f");
    play(&mut h, "8c", "8d");
    click(&mut h, "Make main line");
    assert_eq!(
        h.state().game().moves(),
        moves("7g7f 3c3d 6g6f 8c8d").as_slice()
    );
    assert!(h.state().shown_line().is_main());
    // The resignation went with the old game's moves.
    assert!(!h.state().game().is_over());

    // The old game, now a branch at move 3, is deleted with its own branch at move 4.
    apply(&mut h, Intent::View(Some(3)));
    click(&mut h, "☗ P-2f");
    assert_eq!(h.state().shown_line_moves(), moves("7g7f 3c3d 2g2f 8c8d"));
    click(&mut h, "Delete variation");
    assert!(h.state().shown_line().is_main());
    assert_eq!(h.state().viewing(), Some(2));
    assert!(h.query_by_label("Variations at move 3").is_none());

    let dir = settings_dir("variations-edit-saved");
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = save_record(h.state(), &dir.join("study.kif")).expect("saved");
    // Written as Kifu for Windows reads it (Shift_JIS), read as any file is.
    let bytes = std::fs::read(&path).expect("read back");
    let text = komadai::record::decode(&bytes).expect("KIF text");
    let again = match Record::from_kif(&text) {
        Ok(record) => record,
        Err(err) => panic!("{err}\n{text}"),
    };
    assert_eq!(
        again.game.moves(),
        moves("7g7f 3c3d 6g6f 8c8d").as_slice(),
        "{text}"
    );
    assert!(!again.game.is_over(), "{text}");
    let at_two: Vec<Move> = again
        .alternatives(&LineId::main(), 1)
        .iter()
        .map(|a| a.mv)
        .collect();
    assert_eq!(at_two, moves("3c3d 8c8d 4c4d"), "{text}");
    for ply in 2..4 {
        assert_eq!(again.alternatives(&LineId::main(), ply).len(), 1, "{text}");
    }
    assert_eq!(again.variations, h.state().record().variations);
    // The branch kept its own branch and its ending.
    let first = &again.alternatives(&LineId::main(), 1)[1].line;
    assert_eq!(
        again.line_moves(first).expect("the line"),
        moves("7g7f 8c8d 2g2f 8d8e")
    );
    let inner: Vec<Move> = again.alternatives(first, 2).iter().map(|a| a.mv).collect();
    assert_eq!(inner, moves("2g2f 7i6h"));
}

#[test]
fn a_study_saved_as_jkf_opens_with_its_variations_and_a_pasted_one_too() {
    let mut h = opened_study("variations-jkf");
    apply(&mut h, Intent::View(Some(2)));
    play(&mut h, "6g", "6f");
    let dir = settings_dir("variations-jkf-saved");
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = save_record(h.state(), &dir.join("study.jkf")).expect("saved");
    let text = std::fs::read_to_string(&path).expect("JKF is UTF-8");
    assert!(text.trim_start().starts_with('{'), "{text}");
    let saved = h.state().record();

    let mut app = app_in(&settings_dir("variations-jkf-opened"));
    open(&mut app, &path).expect("the JKF opens");
    assert_eq!(app.record().variations, saved.variations);
    assert_eq!(app.game().moves(), saved.game.moves());
    // On one line, as a clipboard may hold it.
    let compact =
        serde_json::to_string(&serde_json::from_str::<serde_json::Value>(&text).expect("JSON"))
            .expect("JSON");
    let mut app = app_in(&settings_dir("variations-jkf-pasted"));
    gui_support::paste(&mut app, &compact).expect("the JKF pastes");
    assert_eq!(app.record().variations, saved.variations);
}

#[test]
fn a_game_against_the_ai_is_studied_on_a_copy_and_left_as_it_was() {
    let mut h = harness(app_after("variations-study", "7g7f 3c3d"));
    // Looking back, the board is read-only; studying makes it take moves for either side.
    press(&mut h, Key::ArrowLeft);
    click(&mut h, "Study this game");
    assert!(h.state().has_kept_game());
    assert_eq!(h.state().viewing(), Some(1));
    play(&mut h, "8c", "8d");
    play(&mut h, "2g", "2f");
    assert_eq!(h.state().shown_line_moves(), moves("7g7f 8c8d 2g2f"));
    // The copy's own end grows too; the AI does not answer in a study.
    apply(
        &mut h,
        Intent::ShowLine {
            line: LineId::main(),
            ply: 2,
        },
    );
    play(&mut h, "2g", "2f");
    for _ in 0..20 {
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(h.state().game().moves(), moves("7g7f 3c3d 2g2f").as_slice());
    // Play on is not offered: it would drop the game that waits.
    assert!(h.query_by_label("☗ Sente").is_none());

    click(&mut h, "Back to the game");
    assert!(!h.state().has_kept_game());
    assert_eq!(h.state().game().moves(), moves("7g7f 3c3d").as_slice());
    assert_eq!(h.state().viewing(), None);
    assert!(h.state().message().is_some_and(|m| m.contains("not kept")));
    // The game goes on: the player's move, and the AI answers.
    play(&mut h, "2g", "2f");
    gui_support::wait_for_ai(&mut h);
    assert_eq!(h.state().game().ply(), 4);
}

#[test]
fn the_game_that_waits_for_a_study_is_the_one_resumed_after_a_restart() {
    let dir = settings_dir("variations-autosave");
    let mut h = harness(gui_support::app_in(&dir));
    play(&mut h, "7g", "7f");
    gui_support::wait_for_ai(&mut h);
    let game = h.state().game().moves().to_vec();
    // Gote's move in the study: a pawn the AI's answer did not already push.
    let gote = if moves("8c8d").as_slice() == &game[1..] {
        "1c1d"
    } else {
        "8c8d"
    };
    click(&mut h, "Game");
    click(&mut h, "Study this game");
    play(&mut h, "2g", "2f");
    play(&mut h, &gote[..2], &gote[2..]);
    assert_eq!(h.state().game().ply(), 4, "the copy grew");
    drop(h);

    // The study is back on the board, the game waiting behind it.
    let mut h = harness(gui_support::app_in(&dir));
    assert_eq!(
        h.state().kept_game().map(|g| g.moves()),
        Some(game.as_slice())
    );
    let mut copy = game.clone();
    copy.extend(moves(&format!("2g2f {gote}")));
    assert_eq!(h.state().game().moves(), copy.as_slice());
    click(&mut h, "Back to the game");
    assert_eq!(h.state().game().moves(), game.as_slice());
    assert!(!h.state().is_reviewing(), "the game itself, not a replay");
}

#[test]
fn an_opened_record_keeps_its_variations_and_header_after_a_restart() {
    let dir = settings_dir("variations-autosave-opened");
    let mut app = app_in(&dir);
    open(&mut app, &study_file()).expect("the study opens");
    let mut h = harness(app);
    press(&mut h, Key::ArrowRight);
    press(&mut h, Key::ArrowRight);
    play(&mut h, "6g", "6f");
    let before = h.state().record();
    assert_eq!(
        before.variations.len(),
        4,
        "three of the record's, one made"
    );
    drop(h);

    let mut h = harness(app_in(&dir));
    assert!(h.state().is_reviewing());
    let after = h.state().record();
    assert_eq!(after.game.moves(), before.game.moves());
    assert_eq!(after.variations, before.variations);
    assert_eq!(after.info, before.info);
    // Still a study: its branches are listed and followed.
    apply(&mut h, Intent::View(Some(3)));
    h.get_by_label("Variations at move 3");
    click(&mut h, "☗ P-6f");
    assert_eq!(h.state().shown_line_moves(), moves("7g7f 3c3d 6g6f"));
}

#[test]
fn study_this_game_is_greyed_out_in_a_replay() {
    let mut h = harness(app_after("variations-study-greyed", "7g7f 3c3d"));
    click(&mut h, "Game");
    assert!(!gui_support::is_disabled(&h, "Study this game"));
    drop(h);
    let mut app = app_in(&settings_dir("variations-study-greyed-2"));
    open(&mut app, &study_file()).expect("the study opens");
    let mut h = harness(app);
    click(&mut h, "Game");
    assert!(gui_support::is_disabled(&h, "Study this game"));
}

#[test]
fn an_analysis_line_is_played_onto_the_board_as_a_variation() {
    let mut h = harness(app_after("variations-analysis", "7g7f 3c3d"));
    click(&mut h, "Game");
    click(&mut h, "Analyse position A");
    gui_support::agree_to_analyse(&mut h);
    let mut report = None;
    for _ in 0..8000 {
        h.step();
        if let Some(r) = h.state().analysis_report()
            && r.position == PositionCommand::parse("startpos moves 7g7f 3c3d").ok()
            && r.lines.len() == 3
            && r.lines
                .iter()
                .all(|l| l.depth >= Some(3) && l.moves.len() >= 2)
        {
            report = Some(r);
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let report = report.expect("the engine's lines");
    // Stopped, and once the engine has answered the stop no line comes after, so the
    // lines on the panel are the report's (on a busy machine the engine may still send
    // one after the key).
    h.key_press(Key::A);
    gui_support::wait_for_analysis_to_stop(&mut h);
    let report = h.state().analysis_report().unwrap_or(report);
    let line = report.lines[0].moves.clone();
    h.get_all_by_label("Play")
        .next()
        .expect("a Play button per line")
        .click();
    gui_support::settle(&mut h);
    // The game waits on the side; the line is on the board after the position it was about.
    assert!(h.state().has_kept_game());
    let mut expected = moves("7g7f 3c3d");
    expected.extend(&line);
    assert_eq!(h.state().shown_line_moves(), expected);
    click(&mut h, "Back to the game");
    assert_eq!(h.state().game().moves(), moves("7g7f 3c3d").as_slice());
}

#[test]
fn a_mated_position_says_the_game_is_over_instead_of_thinking() {
    // Gote's king on 5a, a Sente silver on 5c: the gold dropped on 5b, guarded by the
    // silver, mates.
    let mated = "4k4/4G4/4S4/9/9/9/9/9/4K4 w - 1";
    let mut h = gui_support::harness_from("variations-mated", "4k4/9/4S4/9/9/9/9/9/4K4 b G 1");
    play_drop(&mut h);
    assert_eq!(
        h.state().shown_sfen().split(' ').next(),
        mated.split(' ').next()
    );
    assert!(h.state().game().is_over());
    click(&mut h, "Game");
    click(&mut h, "Analyse position A");
    gui_support::agree_to_analyse(&mut h);
    for _ in 0..20 {
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    h.get_by_label_contains("Checkmate: the game is over in this position");
    assert!(h.query_by_label_contains("Thinking").is_none());
    assert!(
        h.state()
            .analysis_report()
            .is_none_or(|r| r.position.is_none()),
        "the engine was never asked"
    );
}

/// Sente drops the gold on 5b: mate.
fn play_drop(h: &mut Harness<'_, KomadaiApp>) {
    h.state_mut()
        .apply(Intent::Move(Move::from_usi("G*5b").expect("a drop")));
    gui_support::settle(h);
}

#[test]
fn the_review_is_kaiseki_and_live_analysis_kentou_in_japanese() {
    let mut app = app_after("variations-ja", "7g7f 3c3d");
    app.apply(Intent::SetLanguage(Language::Japanese));
    let mut h = harness(app);
    click(&mut h, "対局");
    h.get_by_label("この対局を解析");
    h.get_by_label("検討モード A");
    h.get_by_label("この対局を研究");
    assert!(h.query_by_label_contains("対局を検討").is_none());
    click(&mut h, "この対局を解析");
    gui_support::agree_to_analyse(&mut h);
    h.get_by_label("解析");
    h.get_by_label("解析を閉じる");
}

/// Not a check but a measure (run with `--ignored --nocapture`): how long the UI thread takes
/// per frame stepping through a long game as a study, with no variations and then with a
/// variation at every other move of the game (each with a branch of its own), the move list
/// marking them and listing the alternatives. Prints the median and the slowest of each;
/// asserts nothing about time.
#[test]
#[ignore]
fn measure_frame_time_with_variations() {
    // A long game of legal moves picked by a fixed rule, as long as it lasts up to 160.
    let mut game = komadai::rules::game::Game::new();
    for ply in 0..160 {
        let legal = game.legal_moves();
        let moves = legal.as_slice();
        if game.is_over() || moves.is_empty() {
            break;
        }
        let _ = game.play(moves[(ply * 7919 + 13) % moves.len()]);
    }
    let record = Record::new(game);
    let frames = |record: &Record, test: &str| {
        let dir = settings_dir(test);
        std::fs::create_dir_all(&dir).expect("a folder");
        let file = dir.join("game.kifu");
        std::fs::write(&file, record.to_kif()).expect("written");
        let mut app = app_in(&dir);
        open(&mut app, &file).expect("opens");
        let mut h = harness(app);
        let plies = h.state().game().ply();
        let mut times: Vec<f64> = (0..300)
            .map(|i| {
                if i % 2 == 0 {
                    h.state_mut()
                        .apply(Intent::View(Some((i / 2) % (plies + 1))));
                }
                let start = Instant::now();
                h.step();
                start.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        times.sort_by(f64::total_cmp);
        (times[times.len() / 2], times[times.len() - 1])
    };
    let (plain_median, plain_max) = frames(&record, "variations-frames-none");
    let mut branched = record.clone();
    let game = branched.game.clone();
    let mut made = 0;
    for ply in (0..game.ply()).step_by(2) {
        let Some(before) = game.position_after(ply) else {
            continue;
        };
        let played = game.moves()[ply];
        let Some(&other) = before.legal_moves().iter().find(|&&m| m != played) else {
            continue;
        };
        if let Ok(line) = branched.play_in_line(&LineId::main(), ply, other) {
            made += 1;
            let mut after = *before;
            after.play_unchecked(other);
            if let Some(&reply) = after.legal_moves().first() {
                let _ = branched.play_in_line(&line, ply + 1, reply);
            }
        }
    }
    let (branch_median, branch_max) = frames(&branched, "variations-frames-many");
    eprintln!(
        "frame time, stepping through {} moves: no variations median {plain_median:.2} ms, \
         slowest {plain_max:.2} ms; {made} variations median {branch_median:.2} ms, slowest \
         {branch_max:.2} ms",
        game.ply()
    );
}
