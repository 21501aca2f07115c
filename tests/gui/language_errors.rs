//! The reasons a record, an SFEN or a file cannot be used, in Japanese: the reader's detail
//! and the system's error are translated too, so no English is left inside the sentence.

use crate::gui_support;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_support::{app_in, apply, click, harness, settings_dir};
use komadai::gui::intent::Intent;
use komadai::gui::ladder::LadderOutcome;
use komadai::gui::ladder::odds::Odds;
use komadai::gui::storage::settings::SideChoice;
use komadai::gui::{KomadaiApp, Level};
use komadai::rules::Move;
use std::fs;
use std::path::Path;

/// A Japanese app, after pasting or opening what `intent` names; its message.
fn message_after(test: &str, intent: Intent) -> String {
    let mut h: Harness<'_, KomadaiApp> = harness(app_in(&settings_dir(test)));
    click(&mut h, "日本語");
    h.state_mut().apply(intent);
    gui_support::settle(&mut h);
    h.state().message().unwrap_or_default().to_owned()
}

/// Whether `message` has no ASCII letter outside the texts it quotes and the formats' names.
fn no_english_outside(message: &str, quoted: &[&str]) -> bool {
    let rest = quoted
        .iter()
        .chain(&["SFEN", "KIF"])
        .fold(message.to_owned(), |rest, q| rest.replace(q, ""));
    !rest.chars().any(|c| c.is_ascii_alphabetic())
}

#[test]
fn a_broken_kif_names_its_line_and_problem_in_japanese() {
    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ８四歩(83)\n   3 ２二角(88)\n";
    let message = message_after("language-errors-kif", Intent::Paste(kif.to_owned()));
    assert!(message.contains("5行目："), "{message}");
    assert!(message.contains("3手目"), "{message}");
    assert!(message.contains("反則です"), "{message}");
    assert!(no_english_outside(&message, &[]), "{message}");
}

#[test]
fn a_bad_sfen_is_refused_with_a_japanese_reason() {
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    let message = message_after("language-errors-sfen", Intent::Paste(sfen.to_owned()));
    assert!(message.contains("7段目が8マスです"), "{message}");
    assert!(no_english_outside(&message, &[]), "{message}");
}

#[test]
fn a_missing_file_is_refused_with_a_japanese_reason() {
    let path = settings_dir("language-errors-missing").join("nowhere.kif");
    let message = message_after("language-errors-open", Intent::OpenFile(path.clone()));
    assert!(message.contains("ファイルがありません"), "{message}");
    let name = path.display().to_string();
    assert!(no_english_outside(&message, &[&name]), "{message}");
}

#[test]
fn a_bad_csa_position_line_names_square_and_piece_in_japanese() {
    let csa = "PI82KA\n+\n";
    let message = message_after("language-errors-csa", Intent::Paste(csa.to_owned()));
    assert!(message.contains("1行目"), "{message}");
    assert!(
        message.contains("８二に取り除く角がありません"),
        "{message}"
    );
    assert!(
        no_english_outside(&message, &["PI82KA", "CSA"]),
        "{message}"
    );
}

#[test]
fn a_kif_move_from_the_wrong_piece_names_it_in_japanese() {
    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六銀(77)\n";
    let message = message_after("language-errors-wrong-piece", Intent::Paste(kif.to_owned()));
    assert!(
        message.contains("移動元の７七にあるのは歩です"),
        "{message}"
    );
    assert!(no_english_outside(&message, &[]), "{message}");
}

/// A Japanese app in `dir` whose file `name` is then replaced by a directory: writing the
/// file fails with the system's "Is a directory".
fn japanese_app_without(dir: &Path, name: &str) -> Harness<'static, KomadaiApp> {
    let mut h = harness(app_in(&dir.to_path_buf()));
    click(&mut h, "日本語");
    let path = dir.join(name);
    let _ = fs::remove_file(&path);
    fs::create_dir_all(path.join("inside")).expect("a directory in the file's place");
    h
}

fn message(h: &Harness<'_, KomadaiApp>) -> String {
    h.state().message().unwrap_or_default().to_owned()
}

#[test]
fn a_failing_autosave_is_reported_in_japanese() {
    let dir = settings_dir("language-errors-autosave");
    let mut h = japanese_app_without(&dir, "autosave.json");
    let mv = Move::from_usi("7g7f").expect("a move");
    apply(&mut h, Intent::Move(mv));
    let message = message(&h);
    assert_eq!(
        message,
        "対局を保存できませんでした：同じ名前のフォルダがあります"
    );
    assert!(no_english_outside(&message, &[]), "{message}");
}

#[test]
fn a_failing_autosave_keeps_the_systems_words_in_english() {
    let dir = settings_dir("language-errors-autosave-en");
    let mut h = japanese_app_without(&dir, "autosave.json");
    click(&mut h, "English");
    let mv = Move::from_usi("7g7f").expect("a move");
    apply(&mut h, Intent::Move(mv));
    let message = message(&h);
    assert!(
        message.starts_with("Could not save the game: "),
        "{message}"
    );
    assert!(message.contains("directory"), "{message}");
}

#[test]
fn settings_that_cannot_be_written_are_reported_in_japanese() {
    let dir = settings_dir("language-errors-settings");
    let mut h = japanese_app_without(&dir, "settings.json");
    apply(&mut h, Intent::Flip);
    let message = message(&h);
    assert_eq!(
        message,
        "設定を保存できませんでした：同じ名前のフォルダがあります"
    );
}

#[test]
fn results_that_cannot_be_written_are_reported_in_japanese() {
    let dir = settings_dir("language-errors-results");
    let mut h = japanese_app_without(&dir, "ladder.json");
    apply(
        &mut h,
        Intent::RecordResult {
            level: Level::Easy,
            odds: Odds::Even,
            outcome: LadderOutcome::Loss,
        },
    );
    let message = message(&h);
    assert_eq!(
        message,
        "成績を保存できませんでした：同じ名前のフォルダがあります"
    );
}

#[test]
fn a_bad_sfen_in_the_new_game_dialog_is_refused_in_japanese() {
    let mut h: Harness<'_, KomadaiApp> = harness(app_in(&settings_dir("language-errors-new-game")));
    click(&mut h, "日本語");
    apply(&mut h, Intent::OpenNewGame);
    let setup = h.state().settings().setup;
    apply(
        &mut h,
        Intent::NewGame {
            side: SideChoice::Sente,
            level: Level::Easy,
            sfen: Some("9/9/9 b - 1".to_owned()),
            setup,
        },
    );
    let refusal = "そのSFENは使えません：盤面が3段です。「/」で区切った9段が要ります";
    assert!(no_english_outside(refusal, &["SFEN"]));
    assert!(
        h.query_by_label(refusal).is_some(),
        "no Japanese refusal shown"
    );
}
