//! Seeded mutation fuzzing: the SFEN, position-command and move parsers
//! return errors for anything they cannot read, and never panic.

use komadai::rules::{Move, Position, PositionCommand};

use crate::common;
use common::{Below, TestRng, seeded};

const SEEDS: [&str; 5] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e",
    "sfen 7nk/9/7G1/9/9/9/9/9/4K4 b P 1 moves P*1c 1a2b",
];

/// Characters a mutation may insert: SFEN's own alphabet and some that
/// commonly break parsers (multi-byte, control, digits past 9).
const ALPHABET: [char; 24] = [
    'k',
    'K',
    'p',
    'P',
    '+',
    '/',
    ' ',
    '1',
    '9',
    '0',
    '*',
    '-',
    'b',
    'w',
    'x',
    '\u{6b69}',
    '\u{ff17}',
    '\0',
    '\n',
    '\u{1f600}',
    'r',
    'G',
    'n',
    'L',
];

fn mutate(rng: &mut TestRng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=rng.below(4) {
        let at = rng.below(chars.len() + 1);
        match rng.below(4) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 if at < chars.len() => chars[at] = ALPHABET[rng.below(ALPHABET.len())],
            2 => chars.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
            _ => chars.truncate(at),
        }
    }
    chars.into_iter().collect()
}

#[test]
fn sfen_parser_never_panics_on_mutated_input() {
    let mut rng = seeded(0xf022_0001);
    let mut accepted = 0;
    for i in 0..50_000 {
        let text = mutate(&mut rng, SEEDS[i % 3]);
        if let Ok(pos) = Position::from_sfen(&text) {
            accepted += 1;
            // Whatever is accepted is a real position: its SFEN reads back.
            assert_eq!(Position::from_sfen(&pos.to_sfen()), Ok(pos), "{text}");
        }
    }
    assert!(accepted > 0 && accepted < 50_000, "accepted {accepted}");
}

#[test]
fn position_command_parser_never_panics_on_mutated_input() {
    let mut rng = seeded(0xf022_0002);
    for i in 0..20_000 {
        let text = mutate(&mut rng, SEEDS[3 + i % 2]);
        if let Ok(command) = PositionCommand::parse(&text) {
            let pos = command.current();
            assert!(pos.hash() == pos.hash_from_scratch());
        }
    }
}

#[test]
fn move_parser_never_panics_on_mutated_input() {
    let mut rng = seeded(0xf022_0003);
    for _ in 0..20_000 {
        let base = ["7g7f", "8h2b+", "P*5e"][rng.below(3)];
        let text = mutate(&mut rng, base);
        if let Ok(mv) = Move::from_usi(&text) {
            assert_eq!(mv.to_string(), text);
        }
    }
}
