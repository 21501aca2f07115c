//! The fixed-depth bench: a set of positions searched to a fixed depth. The
//! total node count is the search's signature (it changes only when the
//! search's behaviour does); nodes per second is the speed figure.

use super::search::{Engine, Limits};
use crate::rules::Position;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Positions from the opening, middle game and endgame.
pub const POSITIONS: [&str; 8] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "lnsgk1snl/1r4gb1/p1pppp1pp/6p2/1p5P1/2P6/PP1PPPP1P/1BG4R1/LNS1KGSNL b - 9",
    "ln1g1gsnl/1r1s2k2/p1pp1p1pp/4p1p2/1p5P1/2P1P4/PPSP1PP1P/2G1K2R1/LN3GSNL b Bb 19",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn2p 1",
    "lr6l/4g1k1p/1s1p1pgp1/p3P1N1P/2Pl5/PPbBSP3/6PP1/4S1SK1/1+r3G1NL b N3Pg 1",
    "4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1",
    "ln5nl/2r2gk2/1p2sgbpp/p1spppp2/2P6/P1SPPPP1P/1PG1S1G2/3K3R1/LN5NL w Pp 1",
];

pub const DEFAULT_DEPTH: u32 = 6;

/// The bench's totals.
#[derive(Clone, Copy, Debug)]
pub struct BenchResult {
    pub nodes: u64,
    pub elapsed: Duration,
}

impl BenchResult {
    pub fn nodes_per_second(&self) -> u64 {
        let micros = self.elapsed.as_micros().max(1);
        (self.nodes as u128 * 1_000_000 / micros) as u64
    }
}

/// Searches every bench position to `depth` with a fresh 16 MB table.
pub fn run(depth: u32, mut each: impl FnMut(&str, u64)) -> BenchResult {
    let stop = AtomicBool::new(false);
    let mut nodes = 0;
    let start = Instant::now();
    for sfen in POSITIONS {
        let Ok(pos) = Position::from_sfen(sfen) else {
            continue;
        };
        let mut engine = Engine::new(16);
        let limits = Limits {
            depth,
            ..Limits::default()
        };
        let outcome = engine.search(&pos, &[], &limits, &stop, 0, &mut |_| {});
        nodes += outcome.nodes;
        each(sfen, outcome.nodes);
    }
    BenchResult {
        nodes,
        elapsed: start.elapsed(),
    }
}
