//! Scrambled USI input never panics the front: thousands of lines built from
//! the protocol's own words, in random order, run through a session.

use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};

#[derive(Clone, Default)]
struct SharedBuffer(Arc<Mutex<Vec<u8>>>);

impl Write for SharedBuffer {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        let mut buffer = self
            .0
            .lock()
            .map_err(|_| std::io::Error::other("poisoned"))?;
        buffer.extend_from_slice(data);
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

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
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut input = String::new();
    for _ in 0..3000 {
        let words = 1 + next() % 8;
        let line: Vec<&str> = (0..words)
            .map(|_| WORDS[(next() % WORDS.len() as u64) as usize])
            .collect();
        input.push_str(&line.join(" "));
        input.push('\n');
    }
    input.push_str("isready\nquit\n");
    let output = SharedBuffer::default();
    let result = komadai::usi::run(Cursor::new(input), output.clone());
    assert!(result.is_ok());
    let text = String::from_utf8(output.0.lock().map(|b| b.clone()).unwrap_or_default())
        .unwrap_or_default();
    assert!(text.lines().any(|line| line == "readyok"));
}
