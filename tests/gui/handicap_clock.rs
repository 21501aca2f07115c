//! Handicap games, the ladder and the clock in the window: each handicap chosen in the New game
//! dialog, handicap records saved and opened again, the ladder's offer after a run, and the
//! clock running down, counting byoyomi, losing on time, pausing for a dialog and coming back
//! from the autosave. Time is a clock the test moves by hand: nothing sleeps for real seconds.

use crate::gui_support;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_support::{
    app_in, apply, click, harness, painted_texts, save_record, settings_dir, settle, wait_for_ai,
};
use komadai::clock::TimeControl;
use komadai::gui::dialogs::game_setup::GameSetup;
use komadai::gui::intent::Intent;
use komadai::gui::ladder::LadderOutcome;
use komadai::gui::ladder::odds::Odds;
use komadai::gui::storage::settings::SideChoice;
use komadai::gui::{KomadaiApp, Level, TimeSource};
use komadai::rules::game::EndReason;
use komadai::rules::{Color, Handicap, Move};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A clock the test moves forward by hand.
#[derive(Clone)]
struct TestTime(Arc<Mutex<Instant>>);

impl TestTime {
    fn new() -> TestTime {
        TestTime(Arc::new(Mutex::new(Instant::now())))
    }

    fn source(&self) -> TimeSource {
        let now = self.0.clone();
        Arc::new(move || *now.lock().expect("the test clock"))
    }

    fn advance(&self, seconds: u64) {
        *self.0.lock().expect("the test clock") += Duration::from_secs(seconds);
    }
}

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

/// An app in `dir` reading `time`, with a game at `setup` started as from the dialog.
fn timed_app(dir: &PathBuf, time: &TestTime, setup: GameSetup) -> Harness<'static, KomadaiApp> {
    let app = app_in(dir).with_time_source(time.source());
    let mut h = harness(app);
    apply(
        &mut h,
        Intent::NewGame {
            side: SideChoice::Sente,
            level: Level::Easy,
            sfen: None,
            setup,
        },
    );
    h
}

fn byoyomi(main: u64, period: u64) -> TimeControl {
    TimeControl::Byoyomi {
        main: secs(main),
        period: secs(period),
    }
}

/// The player (Sente) on `player`, the AI unlimited.
fn player_clock(player: TimeControl) -> GameSetup {
    GameSetup {
        player_time: player,
        ..GameSetup::default()
    }
}

fn play(h: &mut Harness<'_, KomadaiApp>, usi: &str) {
    let mv = Move::from_usi(usi).expect("test moves are USI");
    apply(h, Intent::Move(mv));
}

#[test]
fn each_handicap_from_the_dialog_takes_its_pieces_off_and_the_giver_moves_first() {
    for (i, handicap) in Handicap::ALL.into_iter().enumerate() {
        let dir = settings_dir(&format!("handicap-choice-{i}"));
        let mut h = harness(app_in(&dir));
        click(&mut h, "New game");
        click(&mut h, "You receive a handicap");
        if handicap != Handicap::Lance {
            click(&mut h, "off the giver's board");
            click(&mut h, handicap.english());
        }
        click(&mut h, "Start");
        let state = h.state();
        assert_eq!(state.player(), Color::Sente, "{handicap}");
        let start = state.game().start();
        assert_eq!(Handicap::of_start(start), Some(handicap));
        assert_eq!(start.side_to_move(), Color::Gote, "the giver moves first");
        assert_eq!(start.pieces(Color::Sente).count(), 20);
        let expected = handicap.position().pieces(Color::Gote).count();
        assert_eq!(start.pieces(Color::Gote).count(), expected, "{handicap}");
        assert!(h.query_by_label_contains("上手 Uwate: AI").is_some());
        let texts: Vec<String> = painted_texts(&h).into_iter().map(|(t, _)| t).collect();
        for caption in ["☖ 上手", "☗ 下手"] {
            assert!(
                texts.iter().any(|t| t == caption),
                "stand {caption}: {texts:?}"
            );
        }
        assert!(
            h.query_by_label_contains("You: ☗ 下手 Shitate").is_some(),
            "the status line names the player's seat"
        );
        // The AI, 上手, makes the first move.
        wait_for_ai(&mut h);
        assert_eq!(h.state().game().ply(), 1, "{handicap}");
    }
}

#[test]
fn giving_a_handicap_seats_the_player_as_uwate_to_move_first() {
    let mut h = harness(app_in(&settings_dir("handicap-give")));
    click(&mut h, "New game");
    click(&mut h, "You give a handicap");
    assert!(
        h.query_by_label("☗ Sente (first)").is_none(),
        "the greyed seat is the handicap game's"
    );
    assert!(h.query_by_label("☖ 上手 Uwate (first)").is_some());
    click(&mut h, "Start");
    let state = h.state();
    assert_eq!(state.player(), Color::Gote);
    assert_eq!(
        Handicap::of_start(state.game().start()),
        Some(Handicap::Lance)
    );
    assert_eq!(state.game().side_to_move(), Color::Gote);
    assert!(state.is_flipped(), "the player's pieces at the bottom");
    assert!(h.query_by_label_contains("上手 Uwate: You").is_some());
    assert!(h.query_by_label_contains("下手 Shitate: AI").is_some());
}

#[test]
fn a_handicap_game_saved_as_kif_csa_and_sfen_opens_the_same() {
    let dir = settings_dir("handicap-records");
    let time = TestTime::new();
    let setup = GameSetup {
        odds: Odds::Give(Handicap::TwoPieces),
        ..GameSetup::default()
    };
    let mut h = timed_app(&dir, &time, setup);
    time.advance(4);
    play(&mut h, "5a4b");
    wait_for_ai(&mut h);
    let moves = h.state().game().moves().to_vec();
    for name in ["game.kif", "game.csa", "game.sfen"] {
        let path = dir.join(name);
        let written = save_record(h.state(), &path).expect("saved");
        let mut again = harness(app_in(&settings_dir(&format!("handicap-open-{name}"))));
        apply(&mut again, Intent::OpenFile(written.clone()));
        let game = again.state().game();
        if name == "game.sfen" {
            // A position line: the position reached, the handicap's missing pieces with it.
            assert_eq!(game.start().pieces(Color::Gote).count(), 18, "{name}");
            continue;
        }
        assert_eq!(
            Handicap::of_start(game.start()),
            Some(Handicap::TwoPieces),
            "{name}"
        );
        assert_eq!(game.moves(), moves.as_slice(), "{name}");
        let bytes = std::fs::read(&written).expect("readable");
        let text = komadai::record::decode(&bytes).expect("text");
        assert!(
            text.contains("手合割：二枚落ち") || text.contains("PI82HI22KA"),
            "{text}"
        );
    }
}

#[test]
fn three_losses_in_a_row_bring_the_ladders_offer_of_an_easier_game() {
    let dir = settings_dir("ladder-offer");
    let mut h = harness(app_in(&dir));
    for _ in 0..2 {
        apply(
            &mut h,
            Intent::RecordResult {
                level: Level::Easy,
                odds: Odds::Even,
                outcome: LadderOutcome::Loss,
            },
        );
    }
    apply(&mut h, Intent::Resign);
    assert!(h.query_by_label("Try an easier game?").is_some());
    assert!(h.query_by_label_contains("Three losses in a row").is_some());
    click(&mut h, "Play it");
    let state = h.state();
    assert_eq!(
        Handicap::of_start(state.game().start()),
        Some(Handicap::Lance)
    );
    assert_eq!(state.player(), Color::Sente);
    assert_eq!(state.settings().setup.odds, Odds::Receive(Handicap::Lance));
    // The results survive a restart, and the page shows them.
    let mut again = harness(app_in(&dir));
    let entry = again
        .state()
        .ladder()
        .entry(Level::Easy, Odds::Even)
        .cloned();
    assert_eq!(entry.map(|e| e.losses), Some(3));
    apply(&mut again, Intent::OpenResults);
    assert!(again.query_by_label("Your results").is_some());
    assert!(again.query_by_label("L L L").is_some());
}

#[test]
fn a_damaged_ladder_file_is_kept_aside_and_play_goes_on() {
    let dir = settings_dir("ladder-corrupt");
    std::fs::create_dir_all(&dir).expect("a folder");
    std::fs::write(
        dir.join("ladder.json"),
        "{\"version\":1,\"entries\":[{\"lev",
    )
    .expect("written");
    let h = harness(app_in(&dir));
    assert!(h.state().ladder().entries.is_empty());
    assert!(h.state().message().is_some_and(|m| m.contains("damaged")));
    assert!(!dir.join("ladder.json").exists());
}

#[test]
fn the_players_clock_runs_down_and_the_ais_waits() {
    let time = TestTime::new();
    let mut h = timed_app(
        &settings_dir("clock-runs"),
        &time,
        player_clock(byoyomi(600, 30)),
    );
    assert!(h.state().clock().is_running());
    time.advance(75);
    h.run_steps(2);
    let reading = h.state().clock().reading(Color::Sente, (time.source())());
    assert_eq!(reading.main, secs(525));
    assert!(h.query_by_label_contains("8:45").is_some());
}

#[test]
fn byoyomi_is_counted_down_after_the_main_time() {
    let time = TestTime::new();
    let mut h = timed_app(
        &settings_dir("clock-byoyomi"),
        &time,
        player_clock(byoyomi(60, 10)),
    );
    time.advance(63);
    h.run_steps(2);
    assert!(h.query_by_label_contains("byoyomi 7").is_some());
    assert!(!h.state().game().is_over());
    // A move in byoyomi: the next move has the whole period again.
    play(&mut h, "7g7f");
    wait_for_ai(&mut h);
    h.run_steps(2);
    assert!(h.query_by_label_contains("byoyomi 10").is_some());
}

#[test]
fn running_out_of_time_loses_and_says_so() {
    let time = TestTime::new();
    let sudden = TimeControl::SuddenDeath { main: secs(60) };
    let mut h = timed_app(
        &settings_dir("clock-time-loss"),
        &time,
        player_clock(sudden),
    );
    time.advance(61);
    h.run_steps(2);
    let result = h
        .state()
        .game()
        .result()
        .copied()
        .expect("the game is over");
    assert_eq!(result.reason, EndReason::TimeUp);
    assert_eq!(result.winner, Some(Color::Gote));
    assert!(
        h.query_all_by_label_contains("ran out of time").count() >= 1,
        "the result and the move list say so"
    );
    assert!(h.state().record().to_kif().contains("切れ負け"));
}

#[test]
fn a_dialog_pauses_the_clock() {
    let time = TestTime::new();
    let mut h = timed_app(
        &settings_dir("clock-dialog"),
        &time,
        player_clock(byoyomi(600, 30)),
    );
    time.advance(10);
    apply(&mut h, Intent::AskResign);
    assert!(!h.state().clock().is_running());
    time.advance(300);
    apply(&mut h, Intent::Cancel);
    time.advance(5);
    h.run_steps(2);
    let reading = h.state().clock().reading(Color::Sente, (time.source())());
    assert_eq!(
        reading.main,
        secs(585),
        "only the 15 s outside the dialog count"
    );
    assert!(h.query_by_label("Resign?").is_none());
}

#[test]
fn the_autosave_brings_the_clocks_back_as_they_were() {
    let dir = settings_dir("clock-autosave");
    let time = TestTime::new();
    let setup = GameSetup {
        odds: Odds::Receive(Handicap::Bishop),
        player_time: byoyomi(600, 30),
        ai_time: byoyomi(300, 10),
    };
    let mut h = timed_app(&dir, &time, setup);
    wait_for_ai(&mut h);
    time.advance(42);
    h.run_steps(2);
    drop(h);
    let later = TestTime::new();
    later.advance(1000);
    let app = app_in(&dir).with_time_source(later.source());
    let h = harness(app);
    let state = h.state();
    assert_eq!(
        Handicap::of_start(state.game().start()),
        Some(Handicap::Bishop)
    );
    let now = (later.source())();
    assert_eq!(state.clock().reading(Color::Sente, now).main, secs(558));
    assert_eq!(state.clock().reading(Color::Gote, now).main, secs(300));
    assert_eq!(state.clock().control(Color::Gote), byoyomi(300, 10));
}

#[test]
fn move_times_go_into_kif_and_csa_and_read_back() {
    let time = TestTime::new();
    let mut h = timed_app(
        &settings_dir("clock-move-times"),
        &time,
        GameSetup::default(),
    );
    time.advance(5);
    play(&mut h, "7g7f");
    wait_for_ai(&mut h);
    time.advance(83);
    play(&mut h, "2g2f");
    wait_for_ai(&mut h);
    let record = h.state().record();
    assert_eq!(record.move_times[0], secs(5));
    assert_eq!(record.move_times[2], secs(83));
    let kif = record.to_kif();
    assert!(kif.contains("( 0:05/00:00:05)"), "{kif}");
    assert!(kif.contains("( 1:23/00:01:28)"), "{kif}");
    let csa = record.to_csa();
    assert!(csa.contains("\nT83\n"), "{csa}");
    for text in [kif, csa] {
        let back = komadai::record::Record::read(&text).expect("reads back");
        assert_eq!(back.move_times, record.move_times);
    }
}

#[test]
fn the_clock_drop_down_opens_in_front_after_the_results_were_closed() {
    let mut h = harness(app_in(&settings_dir("dropdown-after-results")));
    click(&mut h, "Game");
    click(&mut h, "Results and ladder…");
    click(&mut h, "Close");
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    settle(&mut h);
    click(&mut h, "Your clock");
    click(&mut h, "Sudden death");
    click(&mut h, "Start");
    assert_eq!(
        h.state().settings().setup.player_time.kind(),
        komadai::clock::ControlKind::SuddenDeath,
        "the choice in the drop-down was taken"
    );
}

#[test]
fn undo_after_a_loss_on_time_restores_the_turn_holds_the_clock_and_uncounts_the_loss() {
    let time = TestTime::new();
    let odds = Odds::Receive(Handicap::Lance);
    let setup = GameSetup {
        odds,
        player_time: TimeControl::SuddenDeath { main: secs(60) },
        ..GameSetup::default()
    };
    let mut h = timed_app(&settings_dir("clock-undo-time-loss"), &time, setup);
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().ply(), 1, "the giver's opening move");
    let opening = h.state().game().moves().to_vec();
    time.advance(61);
    h.run_steps(2);
    assert!(h.state().game().is_over(), "lost on time");
    let losses = |h: &Harness<'_, KomadaiApp>| {
        h.state()
            .ladder()
            .entry(Level::Easy, odds)
            .map_or(0, |entry| entry.losses)
    };
    assert_eq!(losses(&h), 1);

    apply(&mut h, Intent::Undo);
    assert!(!h.state().game().is_over());
    assert_eq!(
        h.state().game().moves(),
        &opening[..],
        "the position before the loss"
    );
    assert!(!h.state().is_thinking(), "the player's turn, not the AI's");
    assert_eq!(losses(&h), 0, "the loss taken back is off the ladder");
    time.advance(120);
    h.run_steps(2);
    assert!(
        !h.state().game().is_over(),
        "the clock waits for the player"
    );
    assert!(!h.state().clock().is_running());
    click(&mut h, "square 7g");
    assert!(
        h.state().clock().is_running(),
        "a piece picked up starts it"
    );
}

#[test]
fn a_clock_preset_sets_both_clocks() {
    let presets = [
        ("10 min + 30 s byoyomi", byoyomi(600, 30)),
        (
            "3 min, sudden death",
            TimeControl::SuddenDeath { main: secs(180) },
        ),
        ("30 s byoyomi", byoyomi(0, 30)),
        (
            "5 min + 10 s a move",
            TimeControl::Fischer {
                main: secs(300),
                increment: secs(10),
            },
        ),
    ];
    for (i, (preset, control)) in presets.into_iter().enumerate() {
        let mut h = harness(app_in(&settings_dir(&format!("clock-preset-{i}"))));
        click(&mut h, "New game");
        click(&mut h, preset);
        click(&mut h, "Start");
        let clock = h.state().clock();
        assert_eq!(clock.control(Color::Sente), control, "{preset}");
        assert_eq!(clock.control(Color::Gote), control, "{preset}");
    }
}

#[test]
fn a_drop_down_opened_again_after_another_dialog_opens_in_front() {
    let mut h = harness(app_in(&settings_dir("dropdown-again")));
    click(&mut h, "New game");
    click(&mut h, "Your clock");
    click(&mut h, "Sudden death");
    click(&mut h, "Cancel");
    click(&mut h, "Resign");
    click(&mut h, "Cancel");
    click(&mut h, "New game");
    click(&mut h, "Your clock");
    click(&mut h, "Byoyomi");
    click(&mut h, "Start");
    assert_eq!(
        h.state().settings().setup.player_time.kind(),
        komadai::clock::ControlKind::Byoyomi,
        "the choice in the drop-down was taken"
    );
}

#[test]
fn a_resumed_game_keeps_the_players_time_until_they_take_up_a_piece() {
    let dir = settings_dir("clock-resume-start-up");
    let time = TestTime::new();
    let mut h = timed_app(&dir, &time, player_clock(byoyomi(600, 30)));
    time.advance(23);
    play(&mut h, "7g7f");
    wait_for_ai(&mut h);
    drop(h);
    let later = TestTime::new();
    let mut h = harness(app_in(&dir).with_time_source(later.source()));
    // The window takes its time to come up: none of it is the player's.
    later.advance(6);
    h.run_steps(3);
    let reading = |h: &Harness<'_, KomadaiApp>| {
        let now = (later.source())();
        h.state().clock().reading(Color::Sente, now).main
    };
    assert_eq!(reading(&h), secs(577), "as it was saved");
    // Taking up a piece starts it.
    apply(
        &mut h,
        Intent::Select(komadai::rules::Square::parse("2g").expect("a square")),
    );
    later.advance(4);
    h.run_steps(2);
    assert_eq!(reading(&h), secs(573));
}
