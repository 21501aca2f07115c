//! Practice from the review: komadai's own mate problems re-solved, a reviewed blunder
//! turned into an exercise judged as *Try again* judges it, and a missed exercise coming
//! back on the schedule.

use komadai::engine::search::{Engine, THREAD_STACK};
use komadai::practice::exercise::Task;
use komadai::practice::mate::{self, Judged, Soundness};
use komadai::practice::problem::{BUILT_IN, read_set};
use komadai::practice::schedule::AFTER_MISS;
use komadai::practice::{Mistake, Next, Practice};
use komadai::review::analysis::DEFAULT_LINES;
use komadai::review::{AnalysisOptions, GamePositions, GameReview, Verdict, analyse};
use komadai::rules::{Move, Position};
use std::sync::atomic::AtomicBool;

/// Every problem of the built-in set is re-solved: a sound problem of the stated length,
/// with one first move that mates (df-pn shows every other check fails), and its lengths
/// cover 1, 3, 5, 7 and 9 or more plies.
#[test]
fn every_built_in_problem_is_a_sound_mate_of_its_stated_length() {
    let (problems, errors) = read_set(BUILT_IN);
    assert!(errors.is_empty(), "unreadable lines: {errors:?}");
    assert!(problems.len() >= 100, "{} problems", problems.len());
    let stop = AtomicBool::new(false);
    // The solvers recurse deeply: on a thread with the engine's stack.
    let failures = std::thread::Builder::new()
        .stack_size(THREAD_STACK)
        .spawn(move || {
            let mut failures = Vec::new();
            for problem in &problems {
                match mate::soundness(&problem.position, &stop) {
                    Soundness::Sound { plies, line } if plies == problem.plies => {
                        assert!(komadai::engine::mate::dfpn::verify_mate(
                            &problem.position,
                            &line
                        ));
                    }
                    other => failures.push((problem.to_line(), other)),
                }
            }
            let mut lengths: Vec<u32> = problems.iter().map(|p| p.plies.min(9)).collect();
            lengths.sort_unstable();
            lengths.dedup();
            assert_eq!(lengths, [1, 3, 5, 7, 9], "every length class is there");
            failures
        })
        .expect("a thread")
        .join()
        .expect("no panic");
    assert!(failures.is_empty(), "{failures:?}");
}

/// Sente plays 8h3c+?? and gives the bishop for a pawn.
const BISHOP_BLUNDER: &str = "7g7f 8c8d 8h3c+ 2b3c";

fn reviewed_blunder() -> GameReview {
    let moves: Vec<Move> = BISHOP_BLUNDER
        .split_whitespace()
        .map(|m| Move::from_usi(m).expect("a move"))
        .collect();
    let game = GamePositions::new(&Position::startpos(), &moves);
    let mut review = GameReview::new(game.clone());
    let options = AnalysisOptions {
        nodes: 3_000,
        threads: 2,
        hash_mb: 4,
        lines: DEFAULT_LINES,
    };
    analyse(&game, &options, &AtomicBool::new(false), &mut |result| {
        review.add(result);
    });
    review
}

#[test]
fn a_reviewed_blunder_becomes_an_exercise_judged_as_try_again_judges() {
    let review = reviewed_blunder();
    let blunder = review.move_review(3).expect("judged");
    assert!(blunder.verdict().is_serious());
    let mistake = Mistake::from_review(blunder).expect("an exercise");
    assert_eq!(mistake.ply, 3);
    assert!(
        Mistake::from_review(review.move_review(1).expect("judged")).is_none(),
        "a good move is no exercise"
    );
    let exercise = mistake.review().expect("its one-move review");
    let judge = |tried: Move| {
        let exercise = exercise.clone();
        std::thread::Builder::new()
            .stack_size(THREAD_STACK)
            .spawn(move || {
                let mut engine = Engine::new(4);
                let budget = AnalysisOptions {
                    nodes: 3_000,
                    lines: DEFAULT_LINES,
                    ..AnalysisOptions::default()
                }
                .budget();
                exercise.judge_try(1, tried, &mut engine, budget, &AtomicBool::new(false))
            })
            .expect("a thread")
            .join()
            .expect("no panic")
            .expect("judged")
    };
    // The same blunder again is judged as the review judged it; the engine's move is good.
    let again = judge(blunder.played);
    assert_eq!(again.verdict(), blunder.verdict());
    let best = mistake.best().expect("a best move");
    assert!(judge(best).is_as_good_as_best());
    assert!(again.verdict() >= Verdict::Mistake);

    // In the practice: due at once, missed, back after the wait, then learnt.
    let now = 1_800_000_000;
    let mut practice = Practice::default();
    practice.add_mistakes(vec![mistake], now);
    let Some(Next::Due(i)) = practice.next(now, &[]) else {
        panic!("the exercise is due");
    };
    let task: Task = practice.exercises[i].task.clone();
    practice.record(&task, false, now);
    assert_eq!(practice.next(now + 60, &[]), None);
    assert_eq!(practice.next(now + AFTER_MISS, &[]), Some(Next::Due(i)));
}

#[test]
fn a_built_in_problem_refuses_a_quiet_move_and_accepts_its_first_move() {
    let (problems, _) = read_set(BUILT_IN);
    let problem = problems
        .iter()
        .find(|p| p.plies == 3)
        .expect("a mate in three");
    let stop = AtomicBool::new(false);
    let Soundness::Sound { line, .. } = mate::soundness(&problem.position, &stop) else {
        panic!("sound");
    };
    let first = line[0];
    assert!(matches!(
        mate::judge_attack(&problem.position, first, 3, &stop),
        Judged::Continues { .. }
    ));
    let quiet = problem
        .position
        .legal_moves()
        .iter()
        .copied()
        .find(|&mv| !problem.position.after(mv).in_check())
        .expect("a move that gives no check");
    assert_eq!(
        mate::judge_attack(&problem.position, quiet, 3, &stop),
        Judged::NotCheck
    );
}

/// The mate search on any position, run as the window runs it (on the engine's stack).
fn searched(position: Position, stop: bool) -> mate::MateFound {
    std::thread::Builder::new()
        .stack_size(THREAD_STACK)
        .spawn(move || mate::search_mate(&position, &AtomicBool::new(stop)))
        .expect("a thread")
        .join()
        .expect("no panic")
}

/// The first problems of each length up to eleven plies in the built-in set: the search finds
/// a mate of the stated length (the shortest, as the set's problems are stated), shown to be
/// the shortest, and the line mates.
#[test]
fn the_mate_search_finds_each_problems_mate_at_its_stated_length() {
    let (problems, _) = read_set(BUILT_IN);
    for plies in [1, 3, 5, 7, 9, 11] {
        let tried: Vec<_> = problems
            .iter()
            .filter(|p| p.plies == plies)
            .take(2)
            .collect();
        assert!(!tried.is_empty(), "a problem of {plies} plies");
        for problem in tried {
            match searched(problem.position, false) {
                mate::MateFound::Mate { line, shortest } => {
                    assert_eq!(line.len() as u32, plies, "{}", problem.to_line());
                    assert!(shortest, "{}", problem.to_line());
                    let mated = komadai::engine::mate::dfpn::verify_mate(&problem.position, &line);
                    assert!(mated, "{}", problem.to_line());
                }
                other => panic!("{}: {other:?}", problem.to_line()),
            }
        }
    }
}

/// Proved no mate and ran out are told apart: the start position has no check at all, and
/// a search stopped before it starts has no answer.
#[test]
fn the_mate_search_tells_no_mate_from_running_out() {
    let start = Position::startpos();
    assert_eq!(searched(start, false), mate::MateFound::NoMate);
    let (problems, _) = read_set(BUILT_IN);
    let long = problems
        .iter()
        .find(|p| p.plies >= 9)
        .expect("a long problem");
    assert!(matches!(
        searched(long.position, true),
        mate::MateFound::OutOfBudget { .. }
    ));
}

/// A king alone against checks it can always escape: no mate, proved.
#[test]
fn a_king_with_room_to_run_has_no_mate() {
    let sfen = "9/9/9/9/4k4/9/9/9/4K4 b G 1";
    let position = Position::from_sfen(sfen).expect("a position");
    assert_eq!(searched(position, false), mate::MateFound::NoMate);
}
