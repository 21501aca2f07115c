//! The 24-point impasse rule (jishogi): when both kings have entered the
//! enemy camp, the side to move may declare, and the points decide.

use super::position::Position;
use super::types::{ByColor, Color, PieceKind};

/// The fewest points a side needs not to lose an impasse.
pub const IMPASSE_POINTS_NEEDED: u32 = 24;

/// Rook and bishop, promoted or not, count 5; the king 0; the rest 1.
pub const fn piece_points(kind: PieceKind) -> u32 {
    match kind.unpromoted() {
        PieceKind::Rook | PieceKind::Bishop => 5,
        PieceKind::King => 0,
        _ => 1,
    }
}

/// `color`'s points: its pieces on the board and in hand.
pub fn points(pos: &Position, color: Color) -> u32 {
    let board: u32 = PieceKind::ALL
        .into_iter()
        .map(|kind| pos.pieces_of(color, kind).count() * piece_points(kind))
        .sum();
    let hand: u32 = PieceKind::HAND
        .into_iter()
        .map(|kind| pos.hand(color).count(kind) as u32 * piece_points(kind))
        .sum();
    board + hand
}

/// Both sides' points.
pub fn both_points(pos: &Position) -> ByColor<u32> {
    ByColor::new(points(pos, Color::Sente), points(pos, Color::Gote))
}

/// Whether both kings stand in their promotion zones (Sente's on ranks
/// a-c, Gote's on g-i).
pub fn kings_in_zones(pos: &Position) -> bool {
    Color::ALL
        .into_iter()
        .all(|color| pos.king_square(color).in_zone(color))
}

/// Whether the side to move may declare now: both kings in their zones and
/// the declarer not in check.
pub fn can_declare(pos: &Position) -> bool {
    kings_in_zones(pos) && !pos.in_check()
}

/// The winner the count gives (`None`: a draw). A side below 24 points
/// loses; when both have 24 or more (or, with an incomplete set, both have
/// fewer) the game is drawn.
pub fn count_winner(points: ByColor<u32>) -> Option<Color> {
    let enough = |color: Color| points[color] >= IMPASSE_POINTS_NEEDED;
    match (enough(Color::Sente), enough(Color::Gote)) {
        (true, false) => Some(Color::Sente),
        (false, true) => Some(Color::Gote),
        _ => None,
    }
}
