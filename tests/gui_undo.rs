//! Undo takes back the player's move and the AI's reply, also after the game ended.

mod gui_support;

use gui_support::{app_in, click, harness, harness_from, settings_dir, wait_for_ai};
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
fn undo_after_resigning_reopens_the_game() {
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
    assert_eq!(h.state().game().ply(), 0);
}

#[test]
fn undo_while_the_ai_thinks_stops_it_and_takes_back_the_move() {
    let options = komadai::gui::AppOptions {
        seed: Some(7),
        movetime: Some(std::time::Duration::from_secs(30)),
    };
    let dir = settings_dir("undo-thinking");
    let mut app = komadai::gui::KomadaiApp::new(komadai::gui::SettingsStore::in_dir(&dir), options);
    app.new_game(
        Position::startpos(),
        Color::Sente,
        komadai::gui::Level::Hard,
    );
    let mut h = harness(app);
    click(&mut h, "square 7g");
    click(&mut h, "square 7f");
    assert!(h.state().is_thinking());
    assert!(egui_kittest::kittest::Queryable::query_by_label_contains(&h, "AI thinking").is_some());
    click(&mut h, "Flip");
    assert!(
        h.state().is_flipped(),
        "the window answers while the AI thinks"
    );
    click(&mut h, "Undo");
    assert!(!h.state().is_thinking());
    assert_eq!(h.state().game().ply(), 0);
}
