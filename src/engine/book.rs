//! The opening book: for the positions of the first moves, the moves komadai's
//! own long searches found best (`tools/make_book.py`, kept in
//! `assets/book.txt`), so the strongest level opens with the judgement of a
//! search far deeper than a move in play allows, and varies its openings
//! among moves of equal worth.
//!
//! The book is a tree of moves from the start position, one a line, indented
//! one space a ply, each with its score (centipawns, for the side that plays
//! it): the lines one deeper below a move are the replies to it. Positions are
//! found by their hash, so a book move is found whatever order of moves led
//! to the position.

use super::choice::ChoiceRng;
use crate::rules::{Move, Position};
use rand::RngExt;
use std::collections::HashMap;
use std::fmt;
use std::sync::OnceLock;

/// The book the engine plays from, compiled into the program.
const BUILT_IN: &str = include_str!("../../assets/book.txt");

/// How far below the book's best a move may score and still be played: the
/// book keeps a wider choice than this, and the searches that scored the
/// moves do not tell apart moves this close.
pub const PLAY_MARGIN_CP: i32 = 15;

/// One book move at a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub mv: Move,
    /// For the side that plays it, in centipawns.
    pub score: i32,
}

/// The book's moves at each position it holds.
#[derive(Debug, Default)]
pub struct Book {
    moves: HashMap<u64, Vec<BookMove>>,
}

/// Why a line of a book could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// Counted from 1.
    pub line: usize,
    pub why: String,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "book line {}: {}", self.line, self.why)
    }
}

impl std::error::Error for BookError {}

impl Book {
    /// The book compiled into the program.
    pub fn built_in() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        // The built-in book is read by a test, so a bad one never ships; were
        // it bad all the same, the engine would simply play without a book.
        BOOK.get_or_init(|| Book::parse(BUILT_IN).unwrap_or_default())
    }

    /// Reads a book in its tree form (see the module's documentation).
    /// Lines starting with `#`, and empty lines, are comments.
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut book = Book::default();
        // The position before the move at each depth of the current line.
        let mut line_positions = vec![Position::startpos()];
        for (index, line) in text.lines().enumerate() {
            let bad = |why: String| BookError {
                line: index + 1,
                why,
            };
            let body = line.trim_start_matches(' ');
            if body.is_empty() || body.starts_with('#') {
                continue;
            }
            let ply = line.len() - body.len();
            if ply >= line_positions.len() {
                return Err(bad(format!(
                    "indented {ply} spaces below a line of {}",
                    line_positions.len() - 1
                )));
            }
            line_positions.truncate(ply + 1);
            let (mv, score) = parse_entry(body).map_err(bad)?;
            let before = line_positions[ply];
            if !before.is_legal(mv) {
                return Err(bad(format!("{mv} is not legal here")));
            }
            book.add(&before, BookMove { mv, score });
            let mut after = before;
            after.play_unchecked(mv);
            line_positions.push(after);
        }
        Ok(book)
    }

    fn add(&mut self, pos: &Position, entry: BookMove) {
        let moves = self.moves.entry(pos.hash()).or_default();
        if !moves.iter().any(|known| known.mv == entry.mv) {
            moves.push(entry);
        }
    }

    /// The book's moves at `pos` (empty when it is not in the book).
    pub fn moves(&self, pos: &Position) -> &[BookMove] {
        self.moves.get(&pos.hash()).map_or(&[], Vec::as_slice)
    }

    /// How many positions the book holds.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// A move to play at `pos`: one of the book's moves within
    /// [`PLAY_MARGIN_CP`] of its best, drawn by `rng`; `None` out of book.
    pub fn choose(&self, pos: &Position, rng: &mut ChoiceRng) -> Option<BookMove> {
        let moves = self.moves(pos);
        let best = moves.iter().map(|entry| entry.score).max()?;
        let near_best: Vec<BookMove> = moves
            .iter()
            .copied()
            .filter(|entry| entry.score >= best - PLAY_MARGIN_CP && pos.is_legal(entry.mv))
            .collect();
        if near_best.is_empty() {
            return None;
        }
        Some(near_best[rng.random_range(0..near_best.len())])
    }
}

/// `7g7f 38`: a move and its score.
fn parse_entry(body: &str) -> Result<(Move, i32), String> {
    let mut words = body.split_whitespace();
    let (Some(mv), Some(score), None) = (words.next(), words.next(), words.next()) else {
        return Err(format!("expected a move and a score, found '{body}'"));
    };
    let mv = Move::from_usi(mv).map_err(|_| format!("'{mv}' is not a move"))?;
    let score = score
        .parse()
        .map_err(|_| format!("'{score}' is not a score"))?;
    Ok((mv, score))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn after(moves: &[&str]) -> Position {
        let mut pos = Position::startpos();
        for text in moves {
            let mv = Move::from_usi(text).expect("a move");
            assert!(pos.is_legal(mv), "{text}");
            pos.play_unchecked(mv);
        }
        pos
    }

    const SMALL: &str =
        "# a comment\n7g7f 40\n 3c3d -20\n  2g2f 35\n 8c8d -45\n2g2f 38\n 3c3d -25\n  7g7f 30\n";

    #[test]
    fn replies_are_found_under_their_move() {
        let book = Book::parse(SMALL).expect("a good book");
        let moves: Vec<String> = book
            .moves(&after(&["7g7f"]))
            .iter()
            .map(|e| e.mv.to_string())
            .collect();
        assert_eq!(moves, ["3c3d", "8c8d"]);
        assert_eq!(book.moves(&after(&["7g7f", "3c3d"]))[0].score, 35);
    }

    #[test]
    fn a_position_is_found_by_any_order_of_moves() {
        let book = Book::parse(SMALL).expect("a good book");
        let one_way = book.moves(&after(&["7g7f", "3c3d", "2g2f"]));
        let other_way = book.moves(&after(&["2g2f", "3c3d", "7g7f"]));
        assert_eq!(one_way, other_way);
        assert_eq!(book.len(), 5);
        assert!(book.moves(&after(&["5g5f"])).is_empty());
    }

    #[test]
    fn the_choice_stays_within_the_margin_of_the_best() {
        let book = Book::parse(SMALL).expect("a good book");
        let start = Position::startpos();
        let mut seen = std::collections::HashSet::new();
        for seed in 0..64 {
            let mut rng = ChoiceRng::seed_from_u64(seed);
            seen.insert(
                book.choose(&start, &mut rng)
                    .expect("in book")
                    .mv
                    .to_string(),
            );
        }
        assert_eq!(seen, ["7g7f".to_string(), "2g2f".to_string()].into());
        let mut rng = ChoiceRng::seed_from_u64(1);
        let reply = book.choose(&after(&["7g7f"]), &mut rng).expect("in book");
        assert_eq!(reply.mv.to_string(), "3c3d", "8c8d is 25 cp worse");
    }

    #[test]
    fn bad_books_are_refused_with_their_line() {
        for (text, line) in [
            ("7g7f 40\n  3c3d -20\n", 2),
            ("7g7f forty\n", 1),
            ("7g7f\n", 1),
            ("7g7f 40\n 7g7f 10\n", 2),
            ("7g7x 40\n", 1),
        ] {
            let error = Book::parse(text).expect_err(text);
            assert_eq!(error.line, line, "{text}: {error}");
        }
    }

    #[test]
    fn the_built_in_book_reads_and_opens_the_game() {
        let book = Book::parse(BUILT_IN).expect("the built-in book reads");
        assert!(book.len() >= 50, "{} positions", book.len());
        assert!(!book.moves(&Position::startpos()).is_empty());
    }
}
