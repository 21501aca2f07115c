//! The Help menu: how to play, the rules in brief and the keyboard shortcuts, in both
//! languages; and the shortcuts written beside the Game menu's entries.

use crate::gui_support;

use egui_kittest::kittest::Queryable;
use gui_support::{app_in, click, harness, settings_dir};
use komadai::i18n::Language;

#[test]
fn each_help_page_opens_from_the_menu_and_closes() {
    let mut h = harness(app_in(&settings_dir("help-pages")));
    let pages = [
        ("How to play…", "Undo (Ctrl+Z)"),
        ("Rules in brief…", "nifu"),
        ("Keyboard shortcuts…", "Flip the board"),
    ];
    for (entry, words) in pages {
        click(&mut h, "Help");
        click(&mut h, entry);
        assert!(
            h.query_by_label_contains(words).is_some(),
            "{entry} says {words}"
        );
        h.get_by_label("Close").hover();
        gui_support::settle(&mut h);
        click(&mut h, "Close");
        let left: Vec<String> = h
            .query_all_by_label_contains(words)
            .map(|n| format!("{:?}", n.rect()))
            .collect();
        assert!(left.is_empty(), "{entry} closed: {left:?}");
    }
}

#[test]
fn the_help_is_in_japanese_too() {
    let mut h = harness(app_in(&settings_dir("help-japanese")));
    click(&mut h, "日本語");
    assert_eq!(h.state().language(), Language::Japanese);
    click(&mut h, "ヘルプ");
    click(&mut h, "ルールの要点…");
    assert!(h.query_by_label_contains("二歩").is_some());
    assert!(h.query_by_label_contains("打ち歩詰め").is_some());
    click(&mut h, "閉じる");
    click(&mut h, "ヘルプ");
    click(&mut h, "キーボード操作…");
    assert!(h.query_by_label("盤の反転").is_some());
}

#[test]
fn the_game_menu_writes_each_shortcut_beside_its_entry() {
    let mut h = harness(app_in(&settings_dir("help-shortcuts")));
    click(&mut h, "Game");
    let texts: Vec<String> = gui_support::painted_texts(&h)
        .into_iter()
        .map(|(t, _)| t)
        .collect();
    for (entry, keys) in [
        ("New game…", "Ctrl+N"),
        ("Paste position or game…", "Ctrl+V"),
        ("Search for mate", "Ctrl+M"),
        ("Go to move…", "Ctrl+G"),
        ("Quit", "Ctrl+Q"),
    ] {
        assert!(texts.iter().any(|t| t == keys), "{keys} is written");
        let label = format!("{entry} {keys}");
        assert!(h.query_by_label(&label).is_some(), "{label}: one entry");
    }
}
