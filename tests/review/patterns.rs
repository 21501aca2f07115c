//! Each explanation pattern on a hand-made position: the engine analyses
//! the position before and after the move (fixed nodes, so the lines are
//! the same every run), the review judges the move and says why.

use komadai::engine::search::Engine;
use komadai::i18n::Language;
use komadai::review::analysis::{Budget, DEFAULT_LINES, analyse_position};
use komadai::review::explain::{MoveFacts, verified_reasons};
use komadai::review::game_review::review_move;
use komadai::review::{
    GamePositions, MateEvent, MoveReview, Notation, Reason, Verdict, Voice, Who, words,
};
use komadai::rules::{Color, Move, PieceKind, Position, Square};
use std::sync::atomic::AtomicBool;

const BUDGET: Budget = Budget {
    nodes: 40_000,
    lines: DEFAULT_LINES,
};

fn review(sfen: &str, played: &str) -> MoveReview {
    let start = Position::from_sfen(sfen).expect("test SFEN");
    let mv = Move::from_usi(played).expect("test move");
    assert!(start.is_legal(mv), "{played} is legal in {sfen}");
    let game = GamePositions::new(&start, &[mv]);
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(16);
    let before = analyse_position(&mut engine, &game, 0, BUDGET, &stop).expect("analysed");
    let after = analyse_position(&mut engine, &game, 1, BUDGET, &stop).expect("analysed");
    review_move(1, &start, None, mv, &before, &after)
}

/// What every kind the verifier upholds would say of the review's move, on
/// the review's own lines: the words of kinds the gate keeps off
/// (`komadai::review::explain::verify::kind_shown`).
fn upheld(r: &MoveReview) -> Vec<Reason> {
    verified_reasons(&MoveFacts {
        before: &r.before,
        previous_to: r.previous_to,
        played: r.played,
        best_line: &r.best_line,
        reply_line: &r.reply_line,
        checked_line: r.best_checked.as_ref().map_or(&[], |look| &look.line),
        score_before: r.score_before,
        score_after: r.score_after,
    })
}

fn square(name: &str) -> Square {
    Square::parse(name).expect("square")
}

fn english(review: &MoveReview) -> String {
    review.explanation(Language::English, &Voice::to_mover(Notation::Western))
}

#[test]
fn a_rook_left_to_a_bishop_is_named_with_the_capture() {
    // P-4e opens the bishop's diagonal from 8b to the undefended rook on 2h.
    let r = review("3gkg3/1b7/9/9/9/5P3/9/7R1/3GK4 b - 1", "4f4e");
    assert_eq!(r.verdict(), Verdict::Blunder);
    let upheld = upheld(&r);
    let Some(Reason::LeftHanging {
        piece,
        square: on,
        defended,
        moved_there,
        ..
    }) = upheld.first()
    else {
        panic!("no hanging piece: {upheld:?}");
    };
    assert_eq!(piece.kind, PieceKind::Rook);
    assert_eq!((*on, *defended, *moved_there), (square("2h"), false, false));
    assert!(r.highlights().contains(&square("2h")));
    // The bishop takes, promoting or not: at this budget, shared by the best three
    // moves, the two score within a pawn of each other and either may come first.
    let captures = ["8b2h+", "8b2h"].map(|usi| Move::from_usi(usi).expect("move"));
    assert!(
        r.arrows().iter().any(|mv| captures.contains(mv)),
        "{:?}",
        r.arrows()
    );
    // A piece left hanging is off by the gate: the review names the rook
    // as lost down the line instead.
    let text = english(&r);
    assert!(
        text.starts_with("Your rook on 2h is lost: Bx2h") && text.contains(". Better was "),
        "{text}"
    );
}

#[test]
fn a_move_that_allows_mate_in_one_says_so_with_the_mate() {
    // The gold leaves 6h, and G*5h (guarded by the pawn on 5g) mates.
    let r = review("4k4/9/9/9/9/9/4p4/3G5/4K4 b Rg 1", "6h7h");
    assert_eq!(r.judgement.mate, Some(MateEvent::Allowed { plies: 1 }));
    assert_eq!(r.verdict(), Verdict::Blunder);
    assert_eq!(english(&r), "This allowed mate in 1: G*5h.");
}

#[test]
fn a_mate_in_three_let_go_is_named_with_its_line() {
    // G*3b, K-1a, G*2a mates (so does G*3a Kx3a G*3b); the king's step
    // gives Gote time to attack.
    let r = review("7k1/8g/5+P3/8+P/9/9/9/9/K8 b GGrb 1", "9i8h");
    assert_eq!(r.judgement.mate, Some(MateEvent::Missed { plies: 3 }));
    assert!(r.verdict() >= Verdict::Mistake, "{:?}", r.judgement);
    let Some(Reason::MissedMate { plies: 3, line }) = r.reasons.first() else {
        panic!("no missed mate: {:?}", r.reasons);
    };
    assert_eq!(line.moves.len(), 3, "the whole mate is shown");
    let mut end = line.start;
    for &mv in &line.moves {
        assert!(end.is_legal(mv), "{mv:?} is legal on the line");
        end = end.after(mv);
    }
    assert!(end.is_checkmate(), "the line shown ends in mate");
    let text = english(&r);
    assert!(text.starts_with("You had mate in 3: G*"), "{text}");
    // Another voice names the side instead.
    let by_side = r.explanation(
        Language::English,
        &Voice::by_sides(Notation::Western, Color::Sente, false),
    );
    assert!(by_side.starts_with("Sente had mate in 3:"), "{by_side}");
    // In a handicap game the sides are named as its players are: Sente is 下手.
    let by_seat = r.explanation(
        Language::Japanese,
        &Voice::by_sides(Notation::Japanese, Color::Sente, true),
    );
    assert!(
        by_seat.starts_with("下手に3手詰がありました："),
        "{by_seat}"
    );
    let by_seat = r.explanation(
        Language::English,
        &Voice::by_sides(Notation::Western, Color::Sente, true),
    );
    assert!(
        by_seat.starts_with("下手 Shitate had mate in 3:"),
        "{by_seat}"
    );
    // The mate is no better move named in the explanation: "Best was" names it.
    assert_eq!(r.best_to_name(), r.best);
}

#[test]
fn a_rook_stepping_into_a_knight_fork_is_found_as_a_fork() {
    // R-4h puts the rook and the gold on 6h two squares apart, where N*5f
    // attacks both and nothing can take the knight. Forks are off by the
    // gate: the review does not say it, though the verifier upholds it.
    let r = review("3gkg3/9/ppp3ppp/9/9/9/PPP2PPPP/3GS2R1/1K7 b n 1", "2h4h");
    assert!(r.verdict() >= Verdict::Mistake, "{:?}", r.judgement);
    assert!(
        !r.reasons
            .iter()
            .any(|reason| matches!(reason, Reason::Fork { .. })),
        "{:?}",
        r.reasons
    );
    let found = upheld(&r);
    let Some(Reason::Fork {
        forker, targets, ..
    }) = found.first()
    else {
        panic!("no fork: {found:?} after {:?}", r.reply_line);
    };
    assert_eq!(forker.kind, PieceKind::Knight);
    let mut kinds: Vec<PieceKind> = targets.iter().map(|(p, _)| p.kind).collect();
    kinds.sort();
    assert_eq!(kinds, vec![PieceKind::Rook, PieceKind::Gold]);
    let text = words::explanation(
        Language::English,
        &found,
        &Voice::to_mover(Notation::Western),
    );
    assert!(
        text.starts_with("Knight to 5f forks your rook and gold: N*5f")
            && text.contains(". Better was "),
        "{text}"
    );
    // The better move is named once: by the explanation, not again beside it.
    assert!(
        matches!(found.last(), Some(Reason::BetterMove { line, .. }) if line.moves.first() == r.best.as_ref()),
        "{found:?}"
    );
    // Playing against the AI, the player reads "the AI" nowhere here but
    // "your" pieces; the notation can be Japanese.
    let japanese = words::explanation(
        Language::English,
        &found,
        &Voice::for_player(Notation::Japanese, Color::Sente, Who::Ai, Color::Sente),
    );
    assert!(
        japanese.starts_with("Knight to ５六 forks your rook and gold: △５六桂")
            && japanese.contains(". Better was ▲"),
        "{japanese}"
    );
}

#[test]
fn an_undefended_gold_left_on_the_board_is_a_missed_capture() {
    // The bishop on 8f could take the gold on 5c, which nothing guards. A
    // capture missed is off by the gate: the better move's words say it.
    let r = review("7nk/7s1/p3g2pp/9/9/1B7/P6PP/9/K8 b - 1", "1g1f");
    assert!(r.verdict() >= Verdict::Mistake, "{:?}", r.judgement);
    assert_eq!(r.best.map(|mv| mv.to()), Some(square("5c")));
    let found = upheld(&r);
    let missed = found
        .iter()
        .find(|reason| matches!(reason, Reason::MissedCapture { .. }));
    let Some(Reason::MissedCapture {
        piece,
        square: on,
        defended,
        ..
    }) = missed
    else {
        panic!("no missed capture: {found:?}");
    };
    assert_eq!(
        (piece.kind, *on, *defended),
        (PieceKind::Gold, square("5c"), false)
    );
    let text = words::explanation(
        Language::English,
        &found,
        &Voice::to_mover(Notation::Western),
    );
    assert!(
        text.contains("You could have taken the undefended gold on 5c with Bx5c"),
        "{text}"
    );
    let said = english(&r);
    assert!(
        said.contains("Better was Bx5c") && !said.contains("You could have"),
        "{said}"
    );
}

#[test]
fn the_engines_own_move_is_best_and_needs_no_explanation() {
    let sfen = "7nk/7s1/p3g2pp/9/9/1B7/P6PP/9/K8 b - 1";
    let start = Position::from_sfen(sfen).expect("test SFEN");
    let game = GamePositions::new(&start, &[]);
    let mut engine = Engine::new(16);
    let stop = AtomicBool::new(false);
    let best = analyse_position(&mut engine, &game, 0, BUDGET, &stop)
        .and_then(|a| a.best)
        .expect("a move");
    let r = review(sfen, &best.to_string());
    assert_eq!(r.verdict(), Verdict::Best);
    assert!(r.reasons.is_empty());
}
