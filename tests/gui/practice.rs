//! The Practice page as a player uses it: a reviewed game's blunder becomes an exercise and
//! comes back after a miss, a mate problem refuses a wrong move with its reason and is
//! solved, the rating moves, and an imported collection lists its broken problem.

use crate::gui_support;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_support::{app_after, app_in, click, harness, paste, settings_dir, settle};
use komadai::engine::mate::{CheckInfo, gives_check};
use komadai::gui::KomadaiApp;
use komadai::gui::intent::Intent;
use komadai::practice::mate::{self, Judged};
use komadai::practice::problem::{BUILT_IN, read_set};
use komadai::practice::schedule::AFTER_MISS;
use komadai::practice::{MateProblem, Origin, Task};
use komadai::rules::{Color, Move};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Sente plays 8h3c+?? and gives the bishop for a pawn: Gote's bishop takes back.
const BISHOP_BLUNDER: &str = "7g7f 8c8d 8h3c+ 2b3c";

/// Steps frames until `done` holds (bounded by steps, not by time).
fn wait_until(h: &mut Harness<'_, KomadaiApp>, what: &str, done: impl Fn(&KomadaiApp) -> bool) {
    for _ in 0..6000 {
        h.step();
        if done(h.state()) {
            settle(h);
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("{what} never came");
}

fn play(h: &mut Harness<'_, KomadaiApp>, mv: Move) {
    h.state_mut().apply(Intent::Move(mv));
    settle(h);
    wait_until(h, "the judgement", |app| !app.is_judging_practice());
}

fn usi(text: &str) -> Move {
    Move::from_usi(text).expect("a USI move")
}

fn note(h: &Harness<'_, KomadaiApp>) -> String {
    h.state().practice_note().unwrap_or_default().to_owned()
}

#[test]
fn a_reviewed_blunder_becomes_an_exercise_that_comes_back_after_a_miss() {
    let mut h = harness(app_after("practice-blunder", BISHOP_BLUNDER));
    click(&mut h, "Game");
    click(&mut h, "Review this game");
    gui_support::agree_to_analyse(&mut h);
    wait_until(&mut h, "the review", |app| app.review_progress().is_none());
    wait_until(&mut h, "the harvest", |app| {
        !app.practice().exercises.is_empty()
    });
    let exercises = &h.state().practice().exercises;
    assert_eq!(exercises.len(), 1, "one blunder of the player's");
    assert!(matches!(&exercises[0].task, Task::Mistake(m) if m.ply == 3));
    assert!(
        h.query_by_label_contains("1 of your mistakes joined your practice")
            .is_some(),
        "the note says so"
    );
    click(&mut h, "Game");
    click(&mut h, "Practice… P");
    assert!(h.state().is_practising());
    assert!(
        h.query_by_label_contains("You played Bx3c+ at move 3")
            .is_some(),
        "the task names the move"
    );
    // The same blunder again: a miss, with the review's reason, and back in ten minutes.
    play(&mut h, usi("8h3c+"));
    let text = note(&h);
    assert!(text.contains("is not as good: Blunder."), "{text}");
    assert!(text.contains("comes back in 10 min"), "{text}");
    assert!(h.state().practice().player.value < 1500.0);
    // Not due yet: the next exercise is a mate problem of komadai's own.
    click(&mut h, "Next exercise");
    assert!(matches!(h.state().practice_task(), Some(Task::Mate { .. })));
    h.state_mut().pass_practice_time(AFTER_MISS);
    click(&mut h, "Next exercise");
    assert!(
        matches!(h.state().practice_task(), Some(Task::Mistake(_))),
        "the missed exercise is back"
    );
    // The hint shows the piece, then the move; the engine's move solves it.
    click(&mut h, "Get a hint");
    assert!(h.query_by_label_contains("Hint: move the").is_some());
    let best = match h.state().practice_task() {
        Some(Task::Mistake(m)) => m.best().expect("a best move"),
        _ => unreachable!(),
    };
    play(&mut h, best);
    let text = note(&h);
    assert!(text.contains("as good as the best move"), "{text}");
}

#[test]
fn a_finished_autosaved_game_is_reviewed_in_the_background_and_its_blunder_comes_back() {
    let dir = settings_dir("practice-kept");
    {
        let mut app = app_in(&dir);
        paste(
            &mut app,
            &format!("position startpos moves {BISHOP_BLUNDER}"),
        )
        .expect("legal");
        app.apply(Intent::PlayOn(Color::Sente));
        app.apply(Intent::Resign);
        let h = harness(app);
        assert!(
            dir.join("autosave.json").exists(),
            "the finished game is autosaved"
        );
        drop(h);
    }
    // Only the autosave remembers the game now.
    let _ = std::fs::remove_file(dir.join("practice.json"));
    let mut app = app_in(&dir);
    // The analysis in the window wants the engine: the background review waits for it.
    gui_support::start_analysis(&mut app);
    let mut h = harness(app);
    for _ in 0..20 {
        h.step();
    }
    assert!(h.state().is_analysing());
    assert!(!h.state().is_reviewing_kept_games(), "it waits");
    assert_eq!(h.state().practice().unreviewed.len(), 1, "the game is kept");
    assert!(h.state().practice().exercises.is_empty());
    h.state_mut().apply(Intent::OpenPractice);
    settle(&mut h);
    assert!(
        h.query_by_label_contains("1 finished game of yours waits for its review")
            .is_some(),
        "the page says so"
    );
    h.state_mut().apply(Intent::ClosePractice);
    h.state_mut().apply(Intent::CloseAnalysis);
    wait_until(&mut h, "the background review", |app| {
        app.practice().unreviewed.is_empty() && !app.is_reviewing_kept_games()
    });
    let practice = h.state().practice();
    assert_eq!(practice.reviewed.len(), 1, "reviewed once");
    assert_eq!(practice.exercises.len(), 1, "one blunder of the player's");
    assert!(matches!(&practice.exercises[0].task, Task::Mistake(m) if m.ply == 3));
    assert!(
        h.query_by_label_contains("1 of your mistakes joined your practice")
            .is_some(),
        "the note says so"
    );
    click(&mut h, "Game");
    click(&mut h, "Practice… P");
    // The page still holds the problem it opened on; the blunder is due before any other.
    click(&mut h, "Next exercise");
    assert!(matches!(h.state().practice_task(), Some(Task::Mistake(_))));
    play(&mut h, usi("8h3c+"));
    let text = note(&h);
    assert!(text.contains("comes back in 10 min"), "{text}");
    click(&mut h, "Next exercise");
    assert!(matches!(h.state().practice_task(), Some(Task::Mate { .. })));
    h.state_mut().pass_practice_time(AFTER_MISS);
    click(&mut h, "Next exercise");
    assert!(
        matches!(h.state().practice_task(), Some(Task::Mistake(m)) if m.ply == 3),
        "the missed exercise is back"
    );
    // The game does not come back for a second review when the app starts again.
    drop(h);
    let h = harness(app_in(&dir));
    assert!(h.state().practice().unreviewed.is_empty());
    assert_eq!(h.state().practice().exercises.len(), 1);
}

#[test]
fn a_mate_missed_in_a_finished_game_joins_the_players_own_problems() {
    // Sente had mate in one (a gold dropped on the king's head) and walked the king instead.
    let mut app = app_in(&settings_dir("practice-kept-mate"));
    let line = "position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves 5i4h 5a4a";
    paste(&mut app, line).expect("legal");
    app.apply(Intent::PlayOn(Color::Sente));
    app.apply(Intent::Resign);
    let mut h = harness(app);
    wait_until(&mut h, "the missed mate", |app| {
        app.practice().exercises.iter().any(|e| {
            matches!(
                e.task,
                Task::Mate {
                    origin: Origin::OwnGame,
                    ..
                }
            )
        })
    });
    let practice = h.state().practice();
    let own: Vec<_> = practice
        .exercises
        .iter()
        .filter_map(|e| match &e.task {
            Task::Mate {
                sfen,
                plies,
                origin: Origin::OwnGame,
            } => Some((sfen.clone(), *plies)),
            _ => None,
        })
        .collect();
    assert_eq!(
        own,
        vec![("4k4/9/4P4/9/9/9/9/9/4K4 b G 1".to_owned(), 1)],
        "the position before the move, a mate in one"
    );
    assert!(
        practice
            .exercises
            .iter()
            .any(|e| matches!(&e.task, Task::Mistake(m) if m.ply == 1 && m.missed_mate)),
        "and the move itself as a mistake to put right"
    );
}

/// A mate in three of the built-in set, and a check other than its first move.
fn mate_in_three() -> (MateProblem, Move, Move) {
    let (problems, _) = read_set(BUILT_IN);
    let problem = *problems
        .iter()
        .find(|p| p.plies == 3)
        .expect("a mate in three");
    let stop = AtomicBool::new(false);
    let first = match mate::soundness(&problem.position, &stop) {
        mate::Soundness::Sound { line, .. } => line[0],
        other => panic!("{other:?}"),
    };
    let pos = problem.position;
    let info = CheckInfo::new(&pos);
    let other_check = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|&mv| mv != first && gives_check(&pos, &info, mv))
        .expect("another check");
    (problem, first, other_check)
}

fn open_problem(test: &str, problem: &MateProblem) -> Harness<'static, KomadaiApp> {
    let mut h = harness(app_in(&settings_dir(test)));
    h.state_mut().practise(Task::Mate {
        sfen: problem.position.to_sfen(),
        plies: problem.plies,
        origin: Origin::BuiltIn,
    });
    settle(&mut h);
    wait_until(&mut h, "the solver's line", |app| {
        !app.is_judging_practice()
    });
    h
}

#[test]
fn a_mate_problem_refuses_wrong_moves_with_their_reason_and_is_solved() {
    let (problem, first, other_check) = mate_in_three();
    let mut h = open_problem("practice-mate", &problem);
    assert!(
        h.query_by_label_contains("mate in 3 (2 of your moves)")
            .is_some(),
        "the task"
    );
    let pos = problem.position;
    let quiet = pos
        .legal_moves()
        .iter()
        .copied()
        .find(|&mv| !pos.after(mv).in_check())
        .expect("a quiet move");
    play(&mut h, quiet);
    let text = note(&h);
    assert!(text.contains("gives no check"), "{text}");
    assert!(text.contains("Rating -"), "the miss counts: {text}");
    assert_eq!(h.state().practice_position(), Some(pos), "the board stays");
    play(&mut h, other_check);
    let text = note(&h);
    assert!(
        text.contains("does not mate in time: after")
            && text.contains("no mate within the stated length"),
        "{text}"
    );
    play(&mut h, first);
    let text = note(&h);
    assert!(
        text.contains("right. The defence holds out longest with"),
        "{text}"
    );
    // The second move: whatever mates now.
    let now = h.state().practice_position().expect("a position");
    let stop = AtomicBool::new(false);
    let mating = now
        .legal_moves()
        .iter()
        .copied()
        .find(|&mv| mate::judge_attack(&now, mv, 1, &stop) == Judged::Mates)
        .expect("a mate in one");
    play(&mut h, mating);
    let text = note(&h);
    assert!(text.contains("checkmate. Solved!"), "{text}");
    assert!(
        h.state()
            .practice_position()
            .is_some_and(|p| p.is_checkmate())
    );
}

#[test]
fn the_rating_rises_with_a_solved_problem_and_falls_with_a_miss() {
    let (problems, _) = read_set(BUILT_IN);
    let one = *problems
        .iter()
        .find(|p| p.plies == 1)
        .expect("a mate in one");
    let mut h = open_problem("practice-rating", &one);
    assert!(h.query_by_label_contains("Puzzle rating: 1500").is_some());
    let stop = AtomicBool::new(false);
    let mate = match mate::soundness(&one.position, &stop) {
        mate::Soundness::Sound { line, .. } => line[0],
        other => panic!("{other:?}"),
    };
    play(&mut h, mate);
    let up = h.state().practice().player.value;
    assert!(up > 1500.0, "{up}");
    assert!(
        h.query_by_label_contains(&format!("Puzzle rating: {up:.0}"))
            .is_some(),
        "the page shows it"
    );
    assert_eq!(h.state().practice().streak, 1);
    let (three, _, other_check) = mate_in_three();
    h.state_mut().practise(Task::Mate {
        sfen: three.position.to_sfen(),
        plies: 3,
        origin: Origin::BuiltIn,
    });
    wait_until(&mut h, "the solver's line", |app| {
        !app.is_judging_practice()
    });
    play(&mut h, other_check);
    assert!(h.state().practice().player.value < up);
    assert_eq!(h.state().practice().streak, 0);
    assert_eq!(
        h.state().practice().history.len(),
        2,
        "two points on the graph"
    );
}

#[test]
fn an_imported_collection_adds_its_sound_problems_and_lists_the_broken_ones() {
    let dir = settings_dir("practice-import");
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("mine.txt");
    std::fs::write(
        &path,
        "4k4/9/4P4/9/9/9/9/9/4K4 b G 1\n\
         8k/R8/8P/9/9/9/9/9/4K4 b G 1\n\
         not a position at all\n",
    )
    .expect("written");
    let mut h = harness(app_in(&settings_dir("practice-import-app")));
    h.state_mut().apply(Intent::OpenPractice);
    h.state_mut().apply(Intent::ImportFiles(vec![path]));
    wait_until(&mut h, "the import", |app| !app.is_importing());
    let text = note(&h);
    assert!(text.contains("“mine”: 1 verified and added"), "{text}");
    assert!(h.query_by_label_contains("Not added (2):").is_some());
    assert!(
        h.query_by_label_contains("mine.txt:2: two first moves mate")
            .is_some(),
        "the ambiguous problem and its reason"
    );
    assert!(
        h.query_by_label_contains("mine.txt:3: not a position")
            .is_some(),
        "the unreadable line"
    );
    assert!(
        h.query_by_label_contains("mine: 1 problem, 1 not met yet")
            .is_some()
    );
    assert_eq!(h.state().practice().collections.len(), 1);
}

#[test]
fn an_import_says_a_garbage_line_is_no_sfen_and_adds_no_problem_the_player_has() {
    let dir = settings_dir("practice-import-again");
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("again.txt");
    let built_in = komadai::practice::problem::built_in();
    let first = built_in.first().expect("the built-in set has problems");
    let mate = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
    let text = format!(
        "{}\nthis is not a problem\n{mate}\n{mate}\n",
        first.to_line()
    );
    std::fs::write(&path, text).expect("written");
    let mut h = harness(app_in(&settings_dir("practice-import-again-app")));
    h.state_mut().apply(Intent::OpenPractice);
    h.state_mut().apply(Intent::ImportFiles(vec![path]));
    wait_until(&mut h, "the import", |app| !app.is_importing());
    let listed = |text: &str| h.query_by_label_contains(text).is_some();
    assert!(
        listed("again.txt:1: komadai's own problems have it already"),
        "the built-in problem"
    );
    assert!(
        listed("again.txt:2: not a position: 'this is not a problem' is not an SFEN"),
        "the garbage line"
    );
    assert!(
        listed("again.txt:4: the same problem as again.txt:3"),
        "the repeat"
    );
    assert!(!listed("move number"), "no word of a move number");
    let text = note(&h);
    assert!(text.contains("“again”: 1 verified and added"), "{text}");
}

#[test]
fn a_published_tsume_without_the_attackers_king_is_imported_and_solved() {
    let dir = settings_dir("practice-tsume");
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("tsume.sfen");
    // Mate in three as published: no Sente king, Gote's hand not written (it holds the rest).
    std::fs::write(
        &path,
        "l8/1+P2ps3/p1gp1g3/k1s3pp1/1p+B6/2N4P1/PPbPPPP1P/3RGG2L/L1S3SN1 b RP 65\n",
    )
    .expect("written");
    let mut h = harness(app_in(&settings_dir("practice-tsume-app")));
    h.state_mut().apply(Intent::OpenPractice);
    h.state_mut().apply(Intent::ImportFiles(vec![path]));
    wait_until(&mut h, "the import", |app| !app.is_importing());
    let text = note(&h);
    assert!(text.contains("“tsume”: 1 verified and added"), "{text}");
    let line = h.state().practice().collections[0].problems[0].clone();
    let (problems, errors) = read_set(&line);
    assert!(errors.is_empty(), "{errors:?}");
    let problem = problems[0];
    assert_eq!(problem.plies, 3);
    assert_eq!(problem.position.king_square(Color::Sente), None);
    assert_eq!(
        problem
            .position
            .hand(Color::Gote)
            .count(komadai::rules::PieceKind::Knight),
        2,
        "the defender holds the pieces left over"
    );
    h.state_mut().practise(Task::Mate {
        sfen: problem.position.to_sfen(),
        plies: problem.plies,
        origin: Origin::Collection("tsume".to_owned()),
    });
    settle(&mut h);
    wait_until(&mut h, "the solver's line", |app| {
        !app.is_judging_practice()
    });
    assert!(h.query_by_label_contains("mate in 3").is_some(), "the task");
    let stop = AtomicBool::new(false);
    for plies_left in [3, 1] {
        let now = h.state().practice_position().expect("a position");
        let mating = now
            .legal_moves()
            .iter()
            .copied()
            .find(|&mv| {
                matches!(
                    mate::judge_attack(&now, mv, plies_left, &stop),
                    Judged::Mates | Judged::Continues { .. }
                )
            })
            .expect("a move on the way to mate");
        play(&mut h, mating);
    }
    let text = note(&h);
    assert!(text.contains("checkmate. Solved!"), "{text}");
    let end = h.state().practice_position().expect("a position");
    assert!(end.is_checkmate());
    assert_eq!(end.king_square(Color::Sente), None);
}

#[test]
fn an_imported_problem_that_does_not_read_is_said_in_japanese() {
    let dir = settings_dir("practice-import-ja");
    std::fs::create_dir_all(&dir).expect("a folder");
    let path = dir.join("mondai.sfen");
    // The defender has no king; then a line that is no SFEN.
    std::fs::write(&path, "9/9/8P/9/9/9/9/9/9 b G 1\nnonsense\n").expect("written");
    let mut h = harness(app_in(&settings_dir("practice-import-ja-app")));
    click(&mut h, "日本語");
    h.state_mut().apply(Intent::OpenPractice);
    h.state_mut().apply(Intent::ImportFiles(vec![path]));
    wait_until(&mut h, "the import", |app| !app.is_importing());
    let listed = |text: &str| h.query_by_label_contains(text).is_some();
    assert!(
        listed("mondai.sfen:1：局面ではありません：後手の玉が0枚です"),
        "the missing king, in Japanese"
    );
    assert!(
        listed("mondai.sfen:2：局面ではありません：「nonsense」はSFENではありません"),
        "the line that is no SFEN"
    );
    assert!(!listed("king(s)"), "no English reason");
}
