//! Scrambled USI input never panics the front: thousands of lines built from
//! the protocol's own words, in random order, run through a session.

use crate::common;
use crate::usi_support;

use common::{Below, seeded};
use std::io::Cursor;
use usi_support::Transcript;

const WORDS: [&str; 34] = [
    "position",
    "startpos",
    "sfen",
    "moves",
    "7g7f",
    "3c3d",
    "P*5e",
    "8h2b+",
    "9z9z",
    "go",
    "depth",
    "1",
    "2",
    "-3",
    "nodes",
    "500",
    "btime",
    "wtime",
    "byoyomi",
    "0",
    "movetime",
    "mate",
    "perft",
    "setoption",
    "name",
    "value",
    "USI_Hash",
    "Level",
    "Easy",
    "stop",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
    "b",
    "-",
    "isready",
];

#[test]
fn scrambled_protocol_words_never_panic_the_session() {
    let mut rng = seeded(0x9e37_79b9_7f4a_7c15);
    let mut input = String::new();
    for _ in 0..3000 {
        let words = 1 + rng.below(8);
        let line: Vec<&str> = (0..words).map(|_| WORDS[rng.below(WORDS.len())]).collect();
        input.push_str(&line.join(" "));
        input.push('\n');
    }
    input.push_str("isready\nquit\n");
    let output = Transcript::default();
    let result = komadai::usi::run(Cursor::new(input), output.clone());
    assert!(result.is_ok());
    assert!(output.text().lines().any(|line| line == "readyok"));
}
