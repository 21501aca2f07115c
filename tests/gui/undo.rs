//! Undo takes back the player's move and the AI's reply, also after the game ended; after
//! the player's own resignation or declaration, only that.

use crate::gui_support;

use egui_kittest::kittest::Queryable;
use gui_support::{
    app_in, click, harness, harness_from, new_game, paste, settings_dir, wait_for_ai,
};
use komadai::rules::{Color, Position};

#[test]
fn undo_restores_the_position_before_the_players_move() {
    let mut h = harness(app_in(&settings_dir("undo")));
    click(&mut h, "square 7g");
    click(&mut h, "square 7f");
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().ply(), 2);
    click(&mut h, "Undo");
    assert_eq!(h.state().game().ply(), 0);
    assert_eq!(
        h.state().game().position().to_sfen(),
        Position::startpos().to_sfen()
    );
    assert!(h.state().move_lines().is_empty());
}

#[test]
fn ctrl_z_undoes_too() {
    let mut h = harness(app_in(&settings_dir("undo-key")));
    click(&mut h, "square 2g");
    click(&mut h, "square 2f");
    wait_for_ai(&mut h);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    gui_support::settle(&mut h);
    assert_eq!(h.state().game().ply(), 0);
}

#[test]
fn undo_after_resigning_takes_back_the_resignation_only() {
    let mut h = harness_from("undo-resign", "4k4/9/9/9/9/9/4P4/9/4K4 b - 1");
    click(&mut h, "square 5g");
    click(&mut h, "square 5f");
    wait_for_ai(&mut h);
    click(&mut h, "Resign");
    click(&mut h, "Yes, resign");
    assert_eq!(
        h.state().game().result().map(|r| r.winner),
        Some(Some(Color::Gote))
    );
    click(&mut h, "Undo");
    assert!(!h.state().game().is_over());
    assert_eq!(h.state().game().ply(), 2, "both moves stay");
    assert_eq!(h.state().game().side_to_move(), Color::Sente);
    click(&mut h, "Undo");
    assert_eq!(h.state().game().ply(), 0, "the next undo takes moves back");
}

#[test]
fn a_resignation_before_any_move_can_be_undone_as_the_dialog_promises() {
    let mut h = harness_from("undo-resign-no-moves", "4k4/9/9/9/9/9/4P4/9/4K4 b - 1");
    click(&mut h, "Resign");
    assert!(
        h.query_by_label_contains("Undo takes the resignation back")
            .is_some()
    );
    click(&mut h, "Yes, resign");
    assert!(h.state().game().is_over());
    assert!(!gui_support::is_disabled(&h, "Undo"));
    click(&mut h, "Undo");
    assert!(!h.state().game().is_over());
}

#[test]
fn undo_after_declaring_takes_back_the_declaration_only() {
    // Both kings in their zones after a drop each; Sente (the player) to move and may declare.
    let kings_in_zones = "9/4K4/9/9/9/9/9/4k4/9 b RBGSNLPrb3g3s3n3l17p 1";
    let mut app = gui_support::app_in(&gui_support::settings_dir("undo-declare"));
    paste(
        &mut app,
        &format!("position sfen {kings_in_zones} moves P*1e P*9e"),
    )
    .expect("legal drops");
    app.apply(komadai::gui::intent::Intent::PlayOn(Color::Sente));
    let mut h = harness(app);
    click(&mut h, "Declare impasse");
    click(&mut h, "Declare");
    assert!(h.state().game().is_over());
    click(&mut h, "Undo");
    assert!(!h.state().game().is_over());
    assert_eq!(h.state().game().ply(), 2);
}

#[test]
fn undo_while_the_ai_thinks_stops_it_and_takes_back_the_move() {
    let options = komadai::gui::AppOptions {
        seed: Some(7),
        movetime: Some(std::time::Duration::from_secs(30)),
        ..Default::default()
    };
    let dir = settings_dir("undo-thinking");
    let mut app = komadai::gui::KomadaiApp::new(komadai::gui::SettingsStore::in_dir(&dir), options);
    new_game(
        &mut app,
        Position::startpos(),
        Color::Sente,
        komadai::gui::Level::Hard,
    );
    let mut h = harness(app);
    // An edge pawn: out of the opening book, so the AI has to think.
    click(&mut h, "square 1g");
    click(&mut h, "square 1f");
    assert!(h.state().is_thinking());
    assert!(h.query_by_label_contains("AI thinking").is_some());
    click(&mut h, "Flip");
    assert!(
        h.state().is_flipped(),
        "the window answers while the AI thinks"
    );
    click(&mut h, "Undo");
    assert!(!h.state().is_thinking());
    assert_eq!(h.state().game().ply(), 0);
}
