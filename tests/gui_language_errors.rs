//! The reasons a record, an SFEN or a file cannot be used, in Japanese: the reader's detail
//! and the system's error are translated too, so no English is left inside the sentence.

mod gui_support;

use egui_kittest::Harness;
use gui_support::{app_in, click, harness, settings_dir};
use komadai::gui::KomadaiApp;
use komadai::gui::intent::Intent;

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
