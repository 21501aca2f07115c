//! The opening book in the review: a move the book holds is never called a
//! mistake, its lines having been searched far deeper than a review searches,
//! even where the review's own search would judge it one.

use komadai::engine::book::{Book, BookMove};
use komadai::review::analysis::DEFAULT_LINES;
use komadai::review::verdict::{is_book_move, judge};
use komadai::review::{AnalysisOptions, GamePositions, GameReview, Verdict, analyse};
use komadai::rules::{Move, Position};
use std::sync::atomic::AtomicBool;

/// A short search, whose scores swing more than a long one's: a book move
/// may well look like a mistake to it.
const NODES: u64 = 2_000;

/// The book's line from the start position, taking at each position the
/// move `pick` chooses among the book's, until the book ends.
fn book_line(pick: fn(&[BookMove]) -> Option<&BookMove>) -> Vec<Move> {
    let book = Book::built_in();
    let mut pos = Position::startpos();
    let mut moves = Vec::new();
    while let Some(entry) = pick(book.moves(&pos)) {
        moves.push(entry.mv);
        pos = pos.after(entry.mv);
    }
    moves
}

fn highest(moves: &[BookMove]) -> Option<&BookMove> {
    moves.iter().max_by_key(|entry| entry.score)
}

fn lowest(moves: &[BookMove]) -> Option<&BookMove> {
    moves.iter().min_by_key(|entry| entry.score)
}

#[test]
fn no_move_of_the_opening_book_is_called_a_mistake() {
    let options = AnalysisOptions {
        nodes: NODES,
        threads: 1,
        hash_mb: 4,
        lines: DEFAULT_LINES,
    };
    for line in [book_line(highest), book_line(lowest)] {
        assert!(line.len() >= 4, "the book runs {} plies deep", line.len());
        let start = Position::startpos();
        let game = GamePositions::new(&start, &line);
        let mut review = GameReview::new(game.clone());
        analyse(&game, &options, &AtomicBool::new(false), &mut |result| {
            review.add(result);
        });
        for ply in 1..=line.len() {
            let judged = review.move_review(ply).expect("every move judged");
            assert!(is_book_move(&judged.before, judged.played));
            assert!(
                judged.verdict() <= Verdict::Good && judged.reasons.is_empty(),
                "book move {ply} of {line:?} called {:?} (the scores alone: {:?})",
                judged.verdict(),
                judge(judged.score_before, judged.score_after, false).verdict
            );
        }
    }
}
