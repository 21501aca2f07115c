//! Perft: counting the leaves of the legal move tree, the standard check
//! of a move generator against published numbers.

use super::moves::{Move, MoveList};
use super::position::Position;

/// Leaves at `depth`, counting the last ply's moves without playing them.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    pos.generate_moves(&mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter()
        .map(|&mv| perft(&pos.after(mv), depth - 1))
        .sum()
}

/// Leaves at `depth`, making and unmaking every move down to the leaves
/// (slower; it also exercises `play_undoable` and `undo` on every leaf).
pub fn perft_playing_leaves(pos: &Position, depth: u32) -> u64 {
    let mut pos = *pos;
    make_unmake(&mut pos, depth)
}

fn make_unmake(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    pos.generate_moves(&mut list);
    let mut nodes = 0;
    for &mv in list.iter() {
        let undo = pos.play_undoable(mv);
        nodes += make_unmake(pos, depth - 1);
        pos.undo(mv, undo);
    }
    nodes
}

/// The leaf count under each root move, in generation order.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&mv| (mv, perft(&pos.after(mv), depth - 1)))
        .collect()
}
