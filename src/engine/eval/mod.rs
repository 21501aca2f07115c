//! The static evaluation: what a position is worth to the side to move, in
//! centipawns (a pawn on the board is about 100).
//!
//! A weighted sum of the features in [`features`]: piece placement (which
//! holds material), pieces by their offset from each king, pieces in hand,
//! king danger, slider mobility, pieces under threat, the king's shelter
//! against drops, and the move itself; the king features count again, with
//! weights of their own, for the king whose enemy has the move. Each
//! feature's weight moves with the game's phase ([`features::phase`]): a
//! plain weight plus one per unit of phase.
//! The weights in [`weights`] are fitted to the scores of a stronger engine's searches over
//! a few hundred thousand positions (`examples/tune_eval.rs`, data from
//! `tools/eval_data.py`), and kept only when they win matches.
//!
//! The fixed piece values of [`piece_values`] are separate: they order
//! captures and judge exchanges (SEE), where a stable, simple scale is what
//! matters.

mod attack_map;
pub mod data;
pub mod features;
mod piece_values;
mod weights;

pub use piece_values::{board_value, capture_value, hand_value};

use crate::rules::Position;
use weights::WEIGHTS;

/// Weights are stored in 1/`SCALE` centipawn.
pub const SCALE: i32 = 64;

/// Scores beyond this are decided games (mate), not material.
pub const KNOWN_WIN: i32 = 15_000;

/// The evaluation from the side to move's point of view: the network's when
/// one is installed ([`crate::engine::nnue::install`]), else the linear one.
pub fn evaluate(pos: &Position) -> i32 {
    match crate::engine::nnue::active() {
        Some(net) if net.adds_linear() => linear(pos) + net.evaluate(pos),
        Some(net) => net.evaluate(pos),
        None => linear(pos),
    }
}

/// The linear evaluation from the side to move's point of view.
pub fn linear(pos: &Position) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the processor was just found to have the instruction.
        return unsafe { evaluate_with_popcnt(pos) };
    }
    weighted_sum(pos)
}

/// The evaluation compiled to count a bitboard's squares with the `popcnt`
/// instruction, which the default x86-64 target may not assume (it counts
/// in software, about 25 instructions a board, and the evaluation counts
/// some fifty boards). Chosen at run time, so the binary still runs on a
/// processor without it.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn evaluate_with_popcnt(pos: &Position) -> i32 {
    weighted_sum(pos)
}

#[inline(always)]
fn weighted_sum(pos: &Position) -> i32 {
    let (mut plain, mut phased) = (0, 0);
    features::features(pos, &mut |i, n| {
        plain += WEIGHTS[i] * n;
        phased += WEIGHTS[features::COUNT + i] * n;
    });
    (plain + features::phase(pos) * phased) / SCALE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_compiled_copies_of_the_evaluation_agree() {
        // A middlegame with pieces in hand and promoted pieces, an endgame
        // with many pieces in hand, and the start: every feature counts.
        let sfens = [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "ln5nl/2r2gk2/1p2sgbpp/p1spppp2/2P6/P1SPPPP1P/1PG1S1G2/3K3R1/LN5NL w Pp 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn2p 124",
        ];
        for sfen in sfens {
            let pos = Position::from_sfen(sfen).expect("valid sfen");
            assert_eq!(linear(&pos), weighted_sum(&pos), "{sfen}");
            assert_ne!(weighted_sum(&pos), 0, "{sfen}: a real evaluation");
        }
    }

    #[test]
    fn the_phased_weights_count_by_the_phase_of_the_game() {
        // Pieces in hand on both sides: well into the game.
        let pos = Position::from_sfen(
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        )
        .expect("valid sfen");
        let phase = features::phase(&pos);
        assert!(phase > 0);
        let (mut plain, mut phased) = (0, 0);
        features::features(&pos, &mut |i, n| {
            plain += WEIGHTS[i] * n;
            phased += WEIGHTS[features::COUNT + i] * n;
        });
        assert_ne!(phased, 0, "the phased half of the table is read");
        assert_eq!(linear(&pos), (plain + phase * phased) / SCALE);
        assert_ne!(linear(&pos), plain / SCALE);
    }
}
