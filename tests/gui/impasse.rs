//! The impasse button: offered only when a declaration is allowed, with a preview of both
//! counts and the result before the player confirms.

use crate::gui_support;

use egui_kittest::kittest::Queryable;
use gui_support::{app_in, click, harness, harness_from, settings_dir};
use komadai::rules::Color;
use komadai::rules::game::EndReason;

/// Both kings in their zones, Sente to move and not in check; Sente holds 15 points, Gote 39.
const KINGS_IN_ZONES: &str = "9/4K4/9/9/9/9/9/4k4/9 b RBGSNLPrb3g3s3n3l17p 1";

#[test]
fn no_impasse_button_at_the_start() {
    let h = harness(app_in(&settings_dir("impasse-start")));
    assert!(h.query_by_label("Declare impasse").is_none());
}

#[test]
fn impasse_button_appears_with_both_kings_in_their_zones_and_previews_the_counts() {
    let mut h = harness_from("impasse-preview", KINGS_IN_ZONES);
    click(&mut h, "Declare impasse");
    assert!(h.query_by_label_contains("Sente: 15 points").is_some());
    assert!(h.query_by_label_contains("Gote: 39 points").is_some());
    assert!(h.query_by_label_contains("You would lose").is_some());
    assert!(
        !h.state().game().is_over(),
        "nothing happens before confirming"
    );
    click(&mut h, "Declare");
    let result = h.state().game().result().copied();
    assert_eq!(result.map(|r| r.winner), Some(Some(Color::Gote)));
    assert!(matches!(
        result.map(|r| r.reason),
        Some(EndReason::Impasse {
            sente_points: 15,
            gote_points: 39
        })
    ));
    assert!(h.query_by_label_contains("Game over").is_some());
}

#[test]
fn cancelling_the_impasse_preview_keeps_playing() {
    let mut h = harness_from("impasse-cancel", KINGS_IN_ZONES);
    click(&mut h, "Declare impasse");
    click(&mut h, "Cancel");
    assert!(!h.state().game().is_over());
    assert!(h.query_by_label("Declare").is_none());
}

#[test]
fn no_impasse_button_while_in_check_even_with_both_kings_in_their_zones() {
    let h = harness_from(
        "impasse-in-check",
        "9/4K4/9/9/4r4/9/9/4k4/9 b RBGSNLPb3g3s3n3l17p 1",
    );
    assert!(h.state().game().position().in_check());
    assert!(h.query_by_label("Declare impasse").is_none());
}

#[test]
fn in_a_handicap_game_the_preview_names_the_players_shitate_and_uwate() {
    use komadai::gui::dialogs::{self, Dialog};
    use komadai::gui::storage::engine_list::EngineList;
    use komadai::i18n::Language;
    use komadai::rules::Position;
    use komadai::rules::game::Game;
    let start = Position::from_sfen(KINGS_IN_ZONES).expect("a valid SFEN");
    let preview = Game::from_position(start).impasse_preview();
    for (lang, shitate, uwate, sente) in [
        (
            Language::English,
            "☗ 下手 Shitate: 15",
            "☖ 上手 Uwate: 39",
            "Sente:",
        ),
        (Language::Japanese, "☗下手：15", "☖上手：39", "先手"),
    ] {
        let dialog = Dialog::Declare(preview);
        let engines = EngineList::default();
        // The app's fonts first (they have the marks and the kanji), then the dialog.
        let mut first = true;
        let mut h = egui_kittest::Harness::new_ui(|ui| {
            if std::mem::take(&mut first) {
                komadai::gui::platform::fonts::install(ui.ctx());
            } else {
                dialogs::show(ui.ctx(), &dialog, (Color::Sente, true), lang, &engines);
            }
        });
        h.run();
        assert!(h.query_by_label_contains(shitate).is_some(), "{lang:?}");
        assert!(h.query_by_label_contains(uwate).is_some(), "{lang:?}");
        assert!(h.query_by_label_contains(sente).is_none(), "{lang:?}");
    }
}
