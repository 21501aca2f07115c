//! The sounds the game calls for (tests never play them: only a real window does): a click
//! for a move, a sound of its own for check, a chime at the end, and a switch to mute them.

use crate::gui_support;

use gui_support::{app_in, click, harness, harness_from, settings_dir};
use komadai::gui::platform::sound::Cue;

#[test]
fn a_move_clicks_a_check_sounds_and_the_end_chimes() {
    let mut h = harness(app_in(&settings_dir("sound-move")));
    assert_eq!(h.state_mut().take_cues(), []);
    click(&mut h, "square 7g");
    click(&mut h, "square 7f");
    gui_support::wait_for_ai(&mut h);
    assert_eq!(h.state_mut().take_cues(), [Cue::Place, Cue::Place]);
    click(&mut h, "Resign");
    click(&mut h, "Yes, resign");
    assert_eq!(h.state_mut().take_cues(), [Cue::GameEnd]);
    // Taking back is silent.
    click(&mut h, "Undo");
    assert_eq!(h.state_mut().take_cues(), []);
}

#[test]
fn a_checking_move_has_its_own_sound() {
    let mut h = harness_from("sound-check", "4k4/9/9/9/9/9/9/R8/4K4 b - 1");
    click(&mut h, "square 9h");
    click(&mut h, "square 9a");
    click(&mut h, "Promote");
    // The AI may have answered already: its reply clicks after the check.
    let cues = h.state_mut().take_cues();
    assert_eq!(cues.first(), Some(&Cue::Check), "{cues:?}");
}

#[test]
fn the_sound_switch_is_remembered() {
    let dir = settings_dir("sound-switch");
    let mut h = harness(app_in(&dir));
    assert!(h.state().settings().sound);
    click(&mut h, "Sound");
    assert!(!h.state().settings().sound);
    let h = harness(app_in(&dir));
    assert!(!h.state().settings().sound);
}

/// Run as its own process by the test below: a click played where the machine may have no
/// sound card, the sound thread given time to try.
#[test]
#[ignore = "run in a child process by playing_a_sound_prints_nothing_on_standard_error"]
fn play_a_click_in_a_child_process() {
    let player = komadai::gui::platform::sound::Player::start();
    player.play(Cue::Place);
    std::thread::sleep(std::time::Duration::from_millis(800));
}

/// The app prints nothing while it runs: a sound that cannot be played (no card) is silent
/// on standard error too, ALSA's complaint going to the log.
#[cfg(target_os = "linux")]
#[test]
fn playing_a_sound_prints_nothing_on_standard_error() {
    let test = "sound::play_a_click_in_a_child_process";
    let out = std::process::Command::new(std::env::current_exe().expect("the test binary"))
        .args(["--ignored", "--exact", test, "--test-threads=1"])
        .output()
        .expect("the test binary runs");
    assert!(out.status.success(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("ALSA"), "standard error: {stderr}");
}
