//! The first layer kept from one evaluation to the next.
//!
//! Summing a view's accumulator afresh adds one row per piece, some forty; a
//! search evaluates positions a move or two apart one after another, which
//! differ in a handful of inputs. So each thread keeps its last evaluation's
//! accumulators and the pieces they were summed for, and brings them up to
//! date by subtracting the rows of inputs gone and adding those of inputs
//! come. Any two positions can be bridged this way, related or not: the
//! difference is read from the boards, not from a move, so there is nothing
//! the search must tell the network. Integer arithmetic wraps the same way in
//! both directions, so the result is the fresh sum's, bit for bit.
//!
//! A view that changed (its king crossed to the other half, or, with the king
//! zones, either king moved) gives every piece other inputs, so that view's
//! accumulator is summed afresh.

use super::features::{self, View};
use super::net::{MAX_WIDTH, Net};
use super::simd::Kernels;
use crate::rules::{BitBoard, Color, PieceKind, Position};
use std::cell::RefCell;

/// More changed inputs than this and a fresh sum is no dearer.
const MOST_CHANGES: u32 = 24;

/// What a view's accumulator was last summed for.
struct Kept {
    net: u64,
    boards: [[BitBoard; PieceKind::COUNT]; 2],
    hands: [[usize; 7]; 2],
    views: [View; 2],
    /// Indexed by the viewing side.
    accumulators: [[i16; MAX_WIDTH]; 2],
}

thread_local! {
    static KEPT: RefCell<Option<Box<Kept>>> = const { RefCell::new(None) };
}

impl Net {
    /// The network's output for `pos`, for the side to move, in centipawns
    /// (a correction to the linear evaluation when [`Net::adds_linear`]).
    /// The first layer is brought up to date from the thread's last
    /// evaluation rather than summed afresh: the same result, bit for bit.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        evaluate(self, pos, Kernels::detect())
    }
}

/// `net`'s evaluation of `pos`, from the thread's kept accumulators.
fn evaluate(net: &Net, pos: &Position, kernels: Kernels) -> i32 {
    KEPT.with(|kept| {
        let Ok(mut kept) = kept.try_borrow_mut() else {
            // Never nested in practice; if it were, a fresh sum is still right.
            return net.evaluate_with(pos, kernels);
        };
        let kept = kept.get_or_insert_with(|| Box::new(Kept::empty()));
        kept.bring_up_to_date(net, pos, kernels);
        let [sente, gote] = &kept.accumulators;
        net.output(pos.side_to_move(), sente, gote, kernels)
    })
}

impl Kept {
    fn empty() -> Kept {
        Kept {
            net: 0,
            boards: [[BitBoard::EMPTY; PieceKind::COUNT]; 2],
            hands: [[0; 7]; 2],
            views: [
                View::of_nothing(Color::Sente),
                View::of_nothing(Color::Gote),
            ],
            accumulators: [[0; MAX_WIDTH]; 2],
        }
    }

    fn bring_up_to_date(&mut self, net: &Net, pos: &Position, kernels: Kernels) {
        let width = net.width();
        let set = net.inputs();
        let views = [
            View::of(pos, Color::Sente, set),
            View::of(pos, Color::Gote, set),
        ];
        let fresh = self.net != net.id() || self.changes(pos) > MOST_CHANGES;
        for side in Color::ALL {
            let s = side.index();
            let acc = &mut self.accumulators[s][..width];
            if fresh || self.views[s] != views[s] {
                net.accumulate(pos, side, acc, kernels);
            } else {
                update(net, pos, &self.boards, &self.hands, views[s], acc, kernels);
            }
        }
        self.net = net.id();
        self.views = views;
        for color in Color::ALL {
            let c = color.index();
            for kind in PieceKind::ALL {
                self.boards[c][kind.index()] = pos.pieces_of(color, kind);
            }
            for slot in 0..PieceKind::HAND.len() {
                self.hands[c][slot] = features::hand_lit(pos, color, slot);
            }
        }
    }

    /// How many inputs differ between the kept pieces and `pos`'s.
    fn changes(&self, pos: &Position) -> u32 {
        let mut changes = 0;
        for color in Color::ALL {
            let c = color.index();
            for kind in PieceKind::ALL {
                changes += (self.boards[c][kind.index()] ^ pos.pieces_of(color, kind)).count();
            }
            for slot in 0..PieceKind::HAND.len() {
                changes +=
                    self.hands[c][slot].abs_diff(features::hand_lit(pos, color, slot)) as u32;
            }
        }
        changes
    }
}

/// Brings one view's accumulator from the kept pieces to `pos`'s.
fn update(
    net: &Net,
    pos: &Position,
    boards: &[[BitBoard; PieceKind::COUNT]; 2],
    hands: &[[usize; 7]; 2],
    view: View,
    acc: &mut [i16],
    kernels: Kernels,
) {
    for color in Color::ALL {
        let c = color.index();
        for kind in PieceKind::ALL {
            let before = boards[c][kind.index()];
            let now = pos.pieces_of(color, kind);
            for sq in before & !now {
                view.board_inputs(color, kind, sq, &mut |i| kernels.sub(acc, net.row(i)));
            }
            for sq in now & !before {
                view.board_inputs(color, kind, sq, &mut |i| kernels.add(acc, net.row(i)));
            }
        }
        for (slot, &before) in hands[c].iter().enumerate() {
            let now = features::hand_lit(pos, color, slot);
            for nth in now..before {
                kernels.sub(acc, net.row(view.hand_input(color, slot, nth)));
            }
            for nth in before..now {
                kernels.add(acc, net.row(view.hand_input(color, slot, nth)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::nnue::features::InputSet;
    use crate::engine::nnue::net::NetParts;
    use crate::rules::random_game::random_game;

    fn random_net(inputs: InputSet, width: usize, seed: u32) -> Net {
        let mut state = seed;
        let mut next = |scale: i32| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (((state >> 16) as i32 % (2 * scale + 1)) - scale) as i16
        };
        Net::from_parts(NetParts {
            inputs,
            width,
            input_weights: (0..inputs.count() * width).map(|_| next(40)).collect(),
            input_biases: (0..width).map(|_| next(60)).collect(),
            output_weights: (0..2 * width).map(|_| next(60)).collect(),
            output_bias: 17,
            adds_linear: false,
        })
        .expect("the shape is right")
    }

    /// Along random games (a move apart), from one game to another (unrelated
    /// positions), and with networks of either input set taking turns, the
    /// kept accumulators give the fresh sum's evaluation exactly.
    #[test]
    fn the_kept_accumulators_give_the_fresh_sum_exactly() {
        let nets = [
            random_net(InputSet::Pieces, 32, 7),
            random_net(InputSet::KingZones, 32, 8),
            random_net(InputSet::KingZones, 48, 9),
        ];
        let kernels = Kernels::detect();
        let mut checked = 0;
        for seed in 0..12u64 {
            let game = random_game(seed, 160);
            for (i, pos) in game.iter().enumerate() {
                let net = &nets[(i / 7 + seed as usize) % nets.len()];
                assert_eq!(
                    evaluate(net, pos, kernels),
                    net.evaluate_with(pos, kernels),
                    "game {seed}, ply {i}: {}",
                    pos.to_sfen()
                );
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked} positions");
    }

    /// With one king-zones network throughout, every move is met by an
    /// update (or a refresh when a king moved), never by a change of network.
    #[test]
    fn the_kept_king_zones_accumulators_follow_every_move_exactly() {
        let net = random_net(InputSet::KingZones, 64, 11);
        for kernels in [Kernels::Portable, Kernels::detect()] {
            for seed in 20..32u64 {
                for pos in random_game(seed, 200).iter() {
                    assert_eq!(
                        evaluate(&net, pos, kernels),
                        net.evaluate_with(pos, Kernels::Portable),
                        "game {seed}: {}",
                        pos.to_sfen()
                    );
                }
            }
        }
    }
}
