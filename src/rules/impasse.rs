//! The 24-point impasse rule (jishogi): when both kings have entered the
//! enemy camp, the side to move may declare, and the points decide.

use super::position::Position;
use super::types::{ByColor, Color, PieceKind};

/// The fewest points a side needs not to lose an impasse.
pub const IMPASSE_POINTS_NEEDED: u32 = 24;

/// Rook and bishop, promoted or not, count 5; the king 0; the rest 1.
const fn piece_points(kind: PieceKind) -> u32 {
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
    board + hand_points(pos, color)
}

/// The points of `color`'s pieces in hand.
fn hand_points(pos: &Position, color: Color) -> u32 {
    PieceKind::HAND
        .into_iter()
        .map(|kind| pos.hand(color).count(kind) as u32 * piece_points(kind))
        .sum()
}

/// Both sides' points.
pub fn both_points(pos: &Position) -> ByColor<u32> {
    ByColor::new(points(pos, Color::Sente), points(pos, Color::Gote))
}

/// Whether both kings stand in their promotion zones (Sente's on ranks
/// a-c, Gote's on g-i).
pub fn kings_in_zones(pos: &Position) -> bool {
    Color::ALL.into_iter().all(|color| {
        pos.king_square(color)
            .is_some_and(|king| king.in_zone(color))
    })
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

/// The CSA 27-point declaration rule (the one USI's `bestmove win` and most
/// shogi GUIs use): the declarer, on its own turn and not in check, has its
/// king in the enemy camp with at least ten other pieces there, and counts at
/// least 28 points (Sente) or 27 (Gote) from its pieces in the enemy camp and
/// in hand. A valid declaration wins; the opponent's position does not count.
pub fn csa27_declaration_valid(pos: &Position) -> bool {
    let us = pos.side_to_move();
    if pos.in_check() || !pos.king_square(us).is_some_and(|king| king.in_zone(us)) {
        return false;
    }
    let mut in_camp = 0;
    let mut camp_points = 0;
    for sq in pos.pieces(us) {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        if piece.kind != PieceKind::King && sq.in_zone(us) {
            in_camp += 1;
            camp_points += piece_points(piece.kind);
        }
    }
    let needed = match us {
        Color::Sente => 28,
        Color::Gote => 27,
    };
    in_camp >= 10 && camp_points + hand_points(pos, us) >= needed
}
