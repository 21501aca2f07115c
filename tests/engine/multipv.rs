//! MultiPV: the search's best few root moves, each with its own score,
//! depth and line, and the same search as ever when one line is asked for.

use komadai::engine::search::{
    Engine, Info, Limits, Outcome, RootLine, THREAD_STACK, mate_distance,
};
use komadai::engine::{
    EngineMove, ImpasseRule, LevelParams, MoveLimits, MoveRequest, TimeLimit, decide,
};
use komadai::rules::{Move, Position};
use std::sync::atomic::AtomicBool;

/// Gote's king on 5a, a Sente pawn on 5c and a gold in hand: G*5b is the
/// one mate in one; every other move is quiet.
const MATE_IN_ONE: &str = "4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1";

/// Sente's bare king in the corner: three legal moves.
const THREE_MOVES: &str = "8k/9/9/9/9/9/9/9/K8 b - 1";

fn position(sfen: &str) -> Position {
    Position::from_sfen(sfen).expect("test SFEN is valid")
}

/// Runs `f` on a thread with the deep stack a search needs.
fn deep<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(THREAD_STACK)
            .spawn_scoped(scope, f)
            .expect("a search thread starts")
            .join()
            .expect("the search does not panic")
    })
}

/// A fixed-depth search of `sfen` asking for `lines` lines.
fn search(sfen: &str, depth: u32, lines: usize) -> Outcome {
    let pos = position(sfen);
    let limits = Limits {
        depth,
        lines,
        ..Limits::default()
    };
    deep(|| {
        let stop = AtomicBool::new(false);
        Engine::new(16).search(&pos, &[], &limits, &stop, 0, &mut |_| {})
    })
}

fn moves_of(lines: &[RootLine]) -> Vec<Move> {
    lines.iter().map(|line| line.mv).collect()
}

fn assert_distinct(lines: &[RootLine]) {
    let moves = moves_of(lines);
    for (i, mv) in moves.iter().enumerate() {
        assert!(!moves[..i].contains(mv), "{mv} twice in {moves:?}");
    }
}

#[test]
fn the_mate_in_one_is_the_first_line_and_the_others_score_below_it() {
    let outcome = search(MATE_IN_ONE, 3, 3);
    let lines = &outcome.lines;
    assert_eq!(lines.len(), 3);
    let mate = Move::from_usi("G*5b").expect("move");
    assert_eq!(lines[0].mv, mate);
    assert_eq!(mate_distance(lines[0].score), Some(1));
    assert_eq!(outcome.best, Some(mate));
    assert_distinct(lines);
    assert!(lines[1].score < lines[0].score, "{lines:?}");
    assert!(
        lines.windows(2).all(|w| w[0].score >= w[1].score),
        "{lines:?}"
    );
    let pos = position(MATE_IN_ONE);
    for line in lines {
        assert_eq!(line.depth, 3);
        assert_eq!(line.pv.first(), Some(&line.mv));
        assert!(pos.is_legal(line.mv));
    }
}

#[test]
fn more_lines_than_legal_moves_gives_one_line_per_move() {
    let pos = position(THREE_MOVES);
    let outcome = search(THREE_MOVES, 4, 10);
    assert_eq!(outcome.lines.len(), 3);
    assert_distinct(&outcome.lines);
    let mut found = moves_of(&outcome.lines);
    let mut legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
    found.sort_by_key(Move::to_string);
    legal.sort_by_key(Move::to_string);
    assert_eq!(found, legal);
}

#[test]
fn one_line_is_the_search_as_without_multipv() {
    let sfen = "ln1g1gsnl/1r1s2k2/p1pp1p1pp/4p1p2/1p5P1/2P1P4/PPSP1PP1P/2G1K2R1/LN3GSNL b Bb 19";
    let default = search(sfen, 5, 0);
    let one = search(sfen, 5, 1);
    assert_eq!(default.nodes, one.nodes);
    assert_eq!(default.pv, one.pv);
    assert_eq!(one.lines.len(), 1);
    let line = &one.lines[0];
    assert_eq!(Some(line.mv), one.best);
    assert_eq!((line.score, line.depth), (one.score, one.depth));
    assert_eq!(line.pv, one.pv);
}

#[test]
fn the_decision_reports_every_line_at_every_depth_and_plays_the_first() {
    let pos = position(MATE_IN_ONE);
    let request = MoveRequest {
        position: &pos,
        path: &[],
        params: LevelParams::max(),
        limits: MoveLimits {
            time: TimeLimit::Unlimited,
            depth: Some(3),
            ..MoveLimits::level_pace()
        },
        impasse_rule: ImpasseRule::CsaRule27,
        seed: 1,
        lines: 3,
    };
    let (decision, reports) = deep(|| {
        let stop = AtomicBool::new(false);
        let mut reports: Vec<Info> = Vec::new();
        let decision = decide(&request, &mut Engine::new(16), &stop, &mut |info| {
            reports.push(info.clone())
        });
        (decision, reports)
    });
    let numbered: Vec<(u32, usize)> = reports.iter().map(|i| (i.depth, i.multipv)).collect();
    let expected: Vec<(u32, usize)> = (1..=3)
        .flat_map(|depth| (1..=3).map(move |multipv| (depth, multipv)))
        .collect();
    assert_eq!(numbered, expected);
    let first = reports
        .iter()
        .rev()
        .find(|i| i.multipv == 1)
        .expect("line 1");
    assert_eq!(decision.action, EngineMove::Move(first.pv[0]));
}

/// After 7g7f 3c3d: Sente's bishop may take its opposite number with or without promoting,
/// and Gote's bishop on 2b may come back the same way.
const BISHOPS_FACING: &str = "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1";

#[test]
fn no_line_declines_a_promotion_a_rook_bishop_or_pawn_may_take() {
    let outcome = search(BISHOPS_FACING, 3, 600);
    let root = position(BISHOPS_FACING);
    let legal = root.legal_moves().len();
    assert!(
        outcome.lines.len() < legal,
        "{} lines of {legal} legal moves: the declined ones are left out",
        outcome.lines.len()
    );
    let taking: Vec<Move> = moves_of(&outcome.lines)
        .into_iter()
        .filter(|mv| mv.to_string().starts_with("8h2b"))
        .collect();
    assert_eq!(
        taking,
        [Move::from_usi("8h2b+").expect("a USI move")],
        "the bishop takes promoting only"
    );
    for line in &outcome.lines {
        let mut pos = root;
        for &mv in &line.pv {
            assert!(
                !komadai::rules::dominance::declines_promotion(&pos, mv),
                "{mv} in the line {:?}",
                line.pv
            );
            pos.try_play(mv).expect("a line's moves are legal");
        }
    }
}
