//! The interface in Japanese: switched in the toolbar, every visible string changes — the
//! menus, the dialogs, the reasons a move is illegal, the results — and the choice is kept.

use crate::gui_support;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_support::{app_in, click, harness, painted_texts, settings_dir};
use komadai::gui::KomadaiApp;
use komadai::i18n::Language;

fn texts(h: &Harness<'_, KomadaiApp>) -> Vec<String> {
    painted_texts(h).into_iter().map(|(text, _)| text).collect()
}

/// Texts the same in both languages: names, numbers, coordinates, keys, notation.
fn same_in_both(text: &str) -> bool {
    let has_latin_word = text
        .split(|c: char| !c.is_ascii_alphabetic())
        .any(|word| word.len() >= 2);
    let universal = ["English", "日本語", "Ctrl"];
    !has_latin_word || universal.iter().any(|u| text.contains(u))
}

#[test]
fn switching_to_japanese_changes_every_string_on_the_screen() {
    let dir = settings_dir("language-switch");
    let mut h = harness(app_in(&dir));
    assert_eq!(h.state().language(), Language::English);
    let english = texts(&h);
    assert!(english.iter().any(|t| t == "New game"), "{english:?}");
    click(&mut h, "日本語");
    assert_eq!(h.state().language(), Language::Japanese);
    let japanese = texts(&h);
    for expected in [
        "新規対局",
        "待った",
        "ヒント",
        "投了",
        "盤面反転",
        "棋譜",
        "あなたの手番",
    ] {
        assert!(
            japanese.iter().any(|t| t.contains(expected)),
            "{expected}: {japanese:?}"
        );
    }
    let left: Vec<&String> = japanese
        .iter()
        .filter(|t| english.contains(t) && !same_in_both(t))
        .collect();
    assert!(left.is_empty(), "still in English: {left:?}");
    // The notation is a choice of its own: switching the language leaves it.
    assert_eq!(
        h.state().settings().notation,
        komadai::gui::storage::settings::NotationStyle::Western
    );
    // Kept for the next start.
    let h = harness(app_in(&dir));
    assert_eq!(h.state().language(), Language::Japanese);
}

#[test]
fn the_menu_and_the_new_game_dialog_speak_japanese() {
    let mut h = harness(app_in(&settings_dir("language-menu")));
    click(&mut h, "日本語");
    click(&mut h, "対局");
    for entry in [
        "新規対局…",
        "局面編集…",
        "棋譜を開く…",
        "局面をコピー（SFEN）",
        "終了",
    ] {
        assert!(h.query_by_label(entry).is_some(), "{entry}");
    }
    click(&mut h, "新規対局…");
    for label in [
        "☗先手（先に指す）",
        "☖後手（後に指す）",
        "AIの強さ",
        "開始",
        "キャンセル",
        "手合割",
    ] {
        assert!(h.query_by_label(label).is_some(), "{label}");
    }
    click(&mut h, "キャンセル");
}

#[test]
fn an_illegal_move_is_explained_in_japanese() {
    let mut h = harness(app_in(&settings_dir("language-illegal")));
    click(&mut h, "日本語");
    click(&mut h, "square 7g");
    click(&mut h, "square 7e");
    assert_eq!(h.state().message(), Some("歩はそのように動けません。"));
    assert!(h.query_by_label("歩はそのように動けません。").is_some());
    click(&mut h, "square 7g");
    click(&mut h, "square 3c");
    assert_eq!(
        h.state().message(),
        Some("３三の駒は相手の駒です。自分の駒を選んでください。")
    );
}

#[test]
fn the_result_is_given_in_japanese() {
    let mut h = harness(app_in(&settings_dir("language-result")));
    click(&mut h, "日本語");
    click(&mut h, "投了");
    assert!(h.query_by_label("投了しますか？").is_some());
    click(&mut h, "投了する");
    let shown = texts(&h);
    assert!(
        shown
            .iter()
            .any(|t| t.contains("あなたの負けです。") && t.contains("先手の投了で後手の勝ち")),
        "{shown:?}"
    );
    assert!(shown.iter().any(|t| t.contains("☗投了")), "{shown:?}");
}

#[test]
fn the_editor_speaks_japanese_with_its_reasons() {
    let mut h = harness(app_in(&settings_dir("language-editor")));
    click(&mut h, "日本語");
    click(&mut h, "対局");
    click(&mut h, "局面編集…");
    click(&mut h, "盤面クリア");
    assert!(h.query_by_label("まだ対局できません：").is_some());
    assert!(
        h.query_by_label("• 先手の玉が0枚です（玉はちょうど1枚必要です）")
            .is_some()
    );
    click(&mut h, "☗先手で対局");
    assert_eq!(
        h.state().message(),
        Some(Language::Japanese.strings().editor_refused)
    );
}

#[test]
fn a_text_that_is_no_record_is_refused_in_japanese() {
    let mut h = harness(app_in(&settings_dir("language-paste")));
    click(&mut h, "日本語");
    h.state_mut()
        .apply(komadai::gui::intent::Intent::Paste("こんにちは".to_owned()));
    gui_support::settle(&mut h);
    assert_eq!(
        h.state().message(),
        Some(Language::Japanese.strings().not_a_position_or_game)
    );
    // An SFEN whose position breaks a rule is refused with the rule, in Japanese too.
    h.state_mut().apply(komadai::gui::intent::Intent::Paste(
        "4k4/9/9/9/9/9/9/9/4K3K b - 1".to_owned(),
    ));
    gui_support::settle(&mut h);
    let message = h.state().message().unwrap_or_default().to_owned();
    assert!(message.contains("先手の玉が2枚です"), "{message}");
}
