//! Moves no player would choose: a rook, bishop or pawn that may promote and does not. A
//! promoted rook or bishop keeps every move it had and gains the king's steps; a tokin keeps
//! the pawn's step and gains the gold's. Declining the promotion only gives something up.

use super::{Move, PieceKind, Position};

/// Whether `mv` is a rook, bishop or pawn move that may promote and does not. Its promoting
/// twin is legal whenever it is (the same squares, the same king), so a search may leave it
/// out; a cheap test, for every move of a search.
pub fn declines_promotion(pos: &Position, mv: Move) -> bool {
    let Move::Board {
        from,
        to,
        promote: false,
    } = mv
    else {
        return false;
    };
    pos.piece_at(from).is_some_and(|p| {
        matches!(
            p.kind,
            PieceKind::Rook | PieceKind::Bishop | PieceKind::Pawn
        ) && (from.in_zone(p.color) || to.in_zone(p.color))
    })
}

/// `mv`, promoting when it is a rook, bishop or pawn move that may promote and does not;
/// any other move unchanged.
pub fn promoted_if_dominated(pos: &Position, mv: Move) -> Move {
    let Move::Board {
        from,
        to,
        promote: false,
    } = mv
    else {
        return mv;
    };
    let dominated = pos.piece_at(from).is_some_and(|p| {
        matches!(
            p.kind,
            PieceKind::Rook | PieceKind::Bishop | PieceKind::Pawn
        )
    });
    let promoting = Move::Board {
        from,
        to,
        promote: true,
    };
    if dominated && pos.is_legal(promoting) {
        promoting
    } else {
        mv
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(usi: &str) -> Move {
        Move::from_usi(usi).expect("a USI move")
    }

    #[test]
    fn a_bishop_taking_in_the_zone_without_promoting_is_promoted() {
        // After 7g7f 3c3d: the bishop takes its opposite number.
        let pos = Position::from_sfen(
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1",
        )
        .expect("valid SFEN");
        assert_eq!(promoted_if_dominated(&pos, mv("8h2b")), mv("8h2b+"));
    }

    #[test]
    fn a_silver_may_decline_and_a_promoted_move_stays() {
        let pos = Position::from_sfen("4k4/9/9/3S5/9/9/9/9/4K4 b - 1").expect("valid SFEN");
        assert_eq!(promoted_if_dominated(&pos, mv("6d6c")), mv("6d6c"));
        let pawn = Position::from_sfen("4k4/9/9/P8/9/9/9/9/4K4 b - 1").expect("valid SFEN");
        assert_eq!(promoted_if_dominated(&pawn, mv("9d9c")), mv("9d9c+"));
        assert_eq!(promoted_if_dominated(&pawn, mv("9d9c+")), mv("9d9c+"));
    }

    #[test]
    fn declining_is_seen_exactly_where_the_promoting_twin_is_legal() {
        let positions = [
            "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1",
            "4k4/9/9/P8/9/9/9/9/4K4 b - 1",
            "4k4/9/9/3S5/9/9/9/9/4K4 b - 1",
            "4k4/1R7/9/9/4b4/9/p8/9/4K4 w - 1",
        ];
        let mut seen = 0;
        for sfen in positions {
            let pos = Position::from_sfen(sfen).expect("valid SFEN");
            for &mv in pos.legal_moves().iter() {
                let twin = promoted_if_dominated(&pos, mv);
                assert_eq!(declines_promotion(&pos, mv), twin != mv, "{sfen} {mv}");
                seen += usize::from(twin != mv);
            }
        }
        assert!(seen >= 4, "the positions have declined promotions: {seen}");
    }

    #[test]
    fn a_move_outside_the_zone_is_unchanged() {
        let pos = Position::from_sfen(crate::rules::START_SFEN).expect("valid SFEN");
        assert_eq!(promoted_if_dominated(&pos, mv("7g7f")), mv("7g7f"));
    }
}
