//! The Engine match page: two players play a series of games in the background, sides
//! changed every game, the score and a line a game shown, and every game's record saved.

use crate::gui_support;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_support::{app_in, apply, click, harness, settings_dir};
use komadai::gui::engine_match::form::{Contestant, MatchForm, OpeningChoice};
use komadai::gui::intent::Intent;
use komadai::gui::storage::records_io::{self, Loaded};
use komadai::gui::{KomadaiApp, Level};
use komadai::usi::matches::TimeControl;
use std::time::{Duration, Instant};

/// Steps frames while the match runs, at most `limit`; whether it ended.
fn wait_for_the_match(h: &mut Harness<'_, KomadaiApp>, limit: Duration) -> bool {
    let began = Instant::now();
    while h.state().engine_match().is_running() {
        if began.elapsed() > limit {
            return false;
        }
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    gui_support::settle(h);
    true
}

fn tiny_match(games: usize) -> MatchForm {
    MatchForm {
        players: [
            Contestant::BuiltIn(Level::Easy),
            Contestant::BuiltIn(Level::Normal),
        ],
        games,
        time: TimeControl::Nodes(300),
        opening: OpeningChoice::Random,
    }
}

#[test]
fn a_short_match_between_two_levels_alternates_sides_and_saves_every_game() {
    let dir = settings_dir("engine-match");
    let mut h = harness(app_in(&dir));
    click(&mut h, "AI");
    click(&mut h, "Engine match…");
    assert!(h.state().engine_match().open);
    apply(&mut h, Intent::EditMatch(tiny_match(4)));
    click(&mut h, "Start the match");
    assert!(h.state().engine_match().is_running());
    assert!(
        wait_for_the_match(&mut h, Duration::from_secs(240)),
        "the match never ended"
    );

    let m = h.state().engine_match();
    assert_eq!(m.names, ["komadai (Easy)", "komadai (Normal)"]);
    assert_eq!(m.lines.len(), 4, "{:?}", m.note);
    let (won, lost, drawn) = m.score();
    assert_eq!(won + lost + drawn, 4);
    for (i, line) in m.lines.iter().enumerate() {
        assert_eq!(line.number, i + 1);
        assert_eq!(
            line.a_is_sente,
            i % 2 == 0,
            "A is Sente in odd-numbered games"
        );
        // Games played out by the engines, not ended by an engine that failed.
        let failures = ["crash", "start-failure", "timeout", "illegal-move"];
        assert!(
            line.plies > 8 && !failures.contains(&line.verdict.reason),
            "{line:?}"
        );
        let path = line.file.as_ref().expect("every game is saved");
        assert!(path.starts_with(dir.join("games")), "{}", path.display());
        let (loaded, problem) = records_io::open(path).expect("the record reads back");
        assert_eq!(problem, None);
        let Loaded::Record(record) = loaded else {
            panic!("a whole game, not a position");
        };
        assert_eq!(record.game.ply(), line.plies);
        let (sente, gote) = match line.a_is_sente {
            true => ("komadai (Easy)", "komadai (Normal)"),
            false => ("komadai (Normal)", "komadai (Easy)"),
        };
        assert_eq!(record.info.sente.as_deref(), Some(sente));
        assert_eq!(record.info.gote.as_deref(), Some(gote));
        match line.verdict.winner {
            Some(winner) if record.game.is_over() => {
                assert_eq!(record.game.result().map(|r| r.winner), Some(Some(winner)));
            }
            _ => {}
        }
    }
    // The page says the match is over and shows the score of each side.
    h.get_by_label("All 4 games played.");
    let live = m.live.as_ref().expect("the board followed the games");
    assert_eq!(live.number, 4);

    // A game opens from its line onto the board.
    let path = m.lines[1].file.clone().expect("saved");
    let plies = m.lines[1].plies;
    apply(&mut h, Intent::CloseEngineMatch);
    apply(&mut h, Intent::OpenFile(path));
    assert!(!h.state().engine_match().open);
    assert_eq!(h.state().game().ply(), plies);
}

#[test]
fn a_stopped_match_keeps_the_games_it_finished_and_starts_again() {
    let mut h = harness(app_in(&settings_dir("engine-match-stop")));
    apply(&mut h, Intent::OpenEngineMatch);
    apply(&mut h, Intent::EditMatch(tiny_match(50)));
    apply(&mut h, Intent::StartEngineMatch);
    // The board follows the first game's moves.
    let began = Instant::now();
    while h.state().engine_match().live.is_none() && began.elapsed() < Duration::from_secs(60) {
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(h.state().engine_match().live.is_some(), "no move shown");
    click(&mut h, "Stop");
    assert!(
        wait_for_the_match(&mut h, Duration::from_secs(60)),
        "Stop did not stop it"
    );
    let m = h.state().engine_match();
    assert!(m.lines.len() < 50);
    h.get_by_label("Stopped.");
    // The form is back, and a new match begins with an empty table.
    apply(&mut h, Intent::EditMatch(tiny_match(2)));
    assert_eq!(h.state().engine_match().form.games, 2);
    apply(&mut h, Intent::StartEngineMatch);
    assert!(h.state().engine_match().lines.is_empty());
    assert!(wait_for_the_match(&mut h, Duration::from_secs(240)));
    assert_eq!(h.state().engine_match().lines.len(), 2);
}
