//! The opening book: the strongest level opens from it when it plays by the
//! clock, the weaker levels and every fixed-budget search never do, and a
//! position out of the book is searched.

use komadai::engine::book::{Book, PLAY_MARGIN_CP};
use komadai::engine::{EngineMove, Level, ThinkRequest};
use komadai::rules::{Move, Position};
use std::sync::atomic::AtomicBool;

use crate::think_support;

fn request(moves: &[&str], level: Level, seed: u64) -> ThinkRequest {
    think_support::request(Position::startpos(), moves, level, seed)
}

/// The move `think` plays, and the nodes of its last report.
fn play(req: &ThinkRequest) -> (Move, u64) {
    let (answer, nodes) = think_support::think_deep(req, &AtomicBool::new(false));
    let EngineMove::Move(mv) = answer else {
        panic!("{answer:?} at the start of a game");
    };
    (mv, nodes)
}

/// The built-in book's moves at the start that Hard may play.
fn near_best_at_start() -> Vec<Move> {
    let moves = Book::built_in().moves(&Position::startpos());
    let best = moves
        .iter()
        .map(|entry| entry.score)
        .max()
        .expect("the start is in the book");
    moves
        .iter()
        .filter(|entry| entry.score >= best - PLAY_MARGIN_CP)
        .map(|entry| entry.mv)
        .collect()
}

#[test]
fn hard_opens_from_the_book_without_searching() {
    let book_moves = near_best_at_start();
    for seed in 0..8 {
        let (mv, nodes) = play(&request(&[], Level::Hard, seed));
        assert!(
            book_moves.contains(&mv),
            "seed {seed}: {mv} is not a book move"
        );
        assert_eq!(nodes, 0, "seed {seed}: a book move needs no search");
    }
}

#[test]
fn the_same_seed_opens_the_same_way() {
    let first = play(&request(&[], Level::Hard, 11)).0;
    assert_eq!(play(&request(&[], Level::Hard, 11)).0, first);
}

#[test]
fn normal_searches_its_opening() {
    let (_, nodes) = play(&request(&[], Level::Normal, 3));
    assert!(nodes > 0);
}

#[test]
fn a_fixed_node_count_is_searched_even_in_the_book() {
    let req = ThinkRequest {
        nodes: Some(5_000),
        movetime: None,
        ..request(&[], Level::Hard, 3)
    };
    assert!(play(&req).1 > 0);
}

#[test]
fn out_of_the_book_hard_searches() {
    // Edge pawns, then a rook's lift: no book goes here.
    let moves = ["1g1f", "9c9d", "1f1e", "9d9e", "1i1h"];
    let pos = komadai::engine::replay(
        &Position::startpos(),
        &moves.map(|m| Move::from_usi(m).expect("a move")),
    )
    .0;
    assert!(Book::built_in().moves(&pos).is_empty());
    let (mv, nodes) = play(&request(&moves, Level::Hard, 3));
    assert!(nodes > 0);
    assert!(pos.is_legal(mv));
}
