//! Legal move generation.
//!
//! Moves are generated legal, not generated and filtered: the king never
//! steps onto an attacked square, pinned pieces only move along their pin,
//! in check only captures of the checker and blocks are produced, and in
//! double check only king moves. Drops obey the dead-piece, nifu and
//! uchifuzume rules. Nothing here allocates.

use super::attacks::{
    between, bishop_attacks, gold_attacks, king_attacks, knight_attacks, lance_attacks, line,
    rook_attacks, silver_attacks,
};
use super::bitboard::BitBoard;
use super::moves::{Move, MoveList};
use super::position::Position;
use super::types::{Color, PieceKind, Square};

/// Ranks a-c (Sente's zone) and g-i (Gote's).
const ZONE: [BitBoard; 2] = [
    BitBoard::rank(1)
        .or(BitBoard::rank(2))
        .or(BitBoard::rank(3)),
    BitBoard::rank(7)
        .or(BitBoard::rank(8))
        .or(BitBoard::rank(9)),
];

/// Where an unpromoted pawn/lance (last rank) or knight (last two ranks)
/// could never move again, per color.
const LAST_RANK: [BitBoard; 2] = [BitBoard::rank(1), BitBoard::rank(9)];
const LAST_TWO_RANKS: [BitBoard; 2] = [
    BitBoard::rank(1).or(BitBoard::rank(2)),
    BitBoard::rank(9).or(BitBoard::rank(8)),
];

#[inline]
pub(crate) fn promotion_zone(color: Color) -> BitBoard {
    ZONE[color.index()]
}

/// The squares where `kind` of `color` could never move again unpromoted.
#[inline]
pub(crate) fn dead_squares(color: Color, kind: PieceKind) -> BitBoard {
    match kind {
        PieceKind::Pawn | PieceKind::Lance => LAST_RANK[color.index()],
        PieceKind::Knight => LAST_TWO_RANKS[color.index()],
        _ => BitBoard::EMPTY,
    }
}

impl Position {
    /// Every legal move and drop.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_moves(&mut list);
        list
    }

    /// Appends every legal move and drop to `list`: king moves, then the
    /// other pieces' board moves (pawns first, see [`MoveSets`]), then drops.
    pub fn generate_moves(&self, list: &mut MoveList) {
        let us = self.side_to_move();
        let king = self.king_square(us);
        let own = self.pieces(us);
        let occupied = self.occupied();

        if let Some(king) = king {
            push_plain(list, king, self.king_steps(!own));
        }
        let checkers = self.checkers();
        if checkers.has_many() {
            return;
        }
        // Only a side with a king can be in check.
        let (targets, drop_targets) = match (checkers.first(), king) {
            (Some(checker), Some(king)) => {
                let block = between(king, checker);
                (block.with(checker), block)
            }
            _ => (!own, !occupied),
        };
        self.generate_board_moves(targets, targets, &mut EveryMove { list, us });
        if drop_targets.is_nonempty() && !self.hand(us).is_empty() {
            self.generate_drops(list, drop_targets);
        }
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        !self.legal_moves().is_empty()
    }

    /// In check with no legal move.
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && !self.has_legal_move()
    }

    /// The squares of `targets` the king of the side to move may step to:
    /// those no enemy piece attacks once the king has left its square (none
    /// for a side without a king).
    #[inline]
    pub(crate) fn king_steps(&self, targets: BitBoard) -> BitBoard {
        let Some(king) = self.king_square(self.side_to_move()) else {
            return BitBoard::EMPTY;
        };
        let them = !self.side_to_move();
        // The king itself must not shield the square behind it from a slider.
        let occupied = self.occupied().without(king);
        let mut steps = BitBoard::EMPTY;
        for to in king_attacks(king) & targets {
            if !self.is_attacked(to, them, occupied) {
                steps = steps.with(to);
            }
        }
        steps
    }

    /// Hands `sets` the legal board moves of every piece of the side to
    /// move but the king, as move sets: pawns onto `pawn_targets`, the others
    /// onto `targets`. Pinned pieces stay on their pin line; the caller
    /// narrows the targets to answer a check. The order is fixed: pawns,
    /// then lances, knights, silvers, gold movers, bishops, rooks, horses,
    /// dragons, each kind by square.
    #[inline]
    pub(crate) fn generate_board_moves(
        &self,
        targets: BitBoard,
        pawn_targets: BitBoard,
        sets: &mut impl MoveSets,
    ) {
        let us = self.side_to_move();
        let king = self.king_square(us);
        let occupied = self.occupied();
        let pinned = self.pinned();
        // A side without a king has nothing pinned.
        let reach = |from: Square, attacks: BitBoard| match king {
            Some(king) if pinned.has(from) => attacks & targets & line(king, from),
            _ => attacks & targets,
        };

        // Pawns all step at once: no pawn stands on its last rank, so the
        // shift never wraps into the next file. A pinned pawn may step only
        // if pinned along its file, which is the king's.
        let pawns = self.pieces_of(us, PieceKind::Pawn);
        let step = |movers: BitBoard| {
            match us {
                Color::Sente => movers.shift_up(),
                Color::Gote => movers.shift_down(),
            }
            .and(pawn_targets)
        };
        let king_file = king.map_or(BitBoard::EMPTY, |king| BitBoard::file(king.file()));
        let pinned_on_file = pawns & pinned & king_file;
        sets.pawns(step(pawns & !pinned), step(pinned_on_file));

        for from in self.pieces_of(us, PieceKind::Lance) {
            let to = reach(from, lance_attacks(us, from, occupied));
            sets.piece(PieceKind::Lance, from, to);
        }
        // A pinned knight can never stay on its pin line.
        for from in self.pieces_of(us, PieceKind::Knight) & !pinned {
            sets.piece(PieceKind::Knight, from, knight_attacks(us, from) & targets);
        }
        for from in self.pieces_of(us, PieceKind::Silver) {
            let to = reach(from, silver_attacks(us, from));
            sets.piece(PieceKind::Silver, from, to);
        }
        for from in self.gold_movers() & self.pieces(us) {
            sets.piece(PieceKind::Gold, from, reach(from, gold_attacks(us, from)));
        }
        for from in self.pieces_of(us, PieceKind::Bishop) {
            let to = reach(from, bishop_attacks(from, occupied));
            sets.piece(PieceKind::Bishop, from, to);
        }
        for from in self.pieces_of(us, PieceKind::Rook) {
            let to = reach(from, rook_attacks(from, occupied));
            sets.piece(PieceKind::Rook, from, to);
        }
        for from in self.pieces_of(us, PieceKind::Horse) {
            let to = reach(from, bishop_attacks(from, occupied) | king_attacks(from));
            sets.piece(PieceKind::Horse, from, to);
        }
        for from in self.pieces_of(us, PieceKind::Dragon) {
            let to = reach(from, rook_attacks(from, occupied) | king_attacks(from));
            sets.piece(PieceKind::Dragon, from, to);
        }
    }

    fn generate_drops(&self, list: &mut MoveList, targets: BitBoard) {
        let us = self.side_to_move();
        let hand = *self.hand(us);
        for kind in hand.kinds() {
            let mut squares = targets & !dead_squares(us, kind);
            if kind == PieceKind::Pawn {
                squares &= !self.files_with_pawn(us);
                if let Some(check_square) = self.pawn_check_square()
                    && squares.has(check_square)
                    && self.is_pawn_drop_mate(check_square)
                {
                    squares = squares.without(check_square);
                }
            }
            for to in squares {
                list.push(Move::Drop { kind, to });
            }
        }
    }

    /// Every square of each file that holds an unpromoted pawn of `color`
    /// (a second pawn there would be nifu).
    pub(crate) fn files_with_pawn(&self, color: Color) -> BitBoard {
        let mut files = BitBoard::EMPTY;
        for sq in self.pieces_of(color, PieceKind::Pawn) {
            files |= BitBoard::file(sq.file());
        }
        files
    }

    /// The one square where a pawn of the side to move would give check.
    pub(crate) fn pawn_check_square(&self) -> Option<Square> {
        let them = !self.side_to_move();
        self.king_square(them)?.forward(them)
    }

    /// Whether dropping a pawn on `to` (which checks the enemy king) leaves
    /// the enemy no answer: uchifuzume, which the rules forbid.
    pub(crate) fn is_pawn_drop_mate(&self, to: Square) -> bool {
        let us = self.side_to_move();
        let them = !us;
        // A pawn cannot mate a side that has no king.
        let Some(enemy_king) = self.king_square(them) else {
            return false;
        };
        let occupied = self.occupied().with(to);

        // Another piece takes the pawn, unless that uncovers its own king.
        let defenders = self.attackers_to(to, them, occupied).without(enemy_king);
        for defender in defenders {
            if !self.is_attacked(enemy_king, us, occupied.without(defender)) {
                return false;
            }
        }
        // The king takes the pawn or steps away.
        let without_king = occupied.without(enemy_king);
        for escape in king_attacks(enemy_king) & !self.pieces(them) {
            if !self.is_attacked(escape, us, without_king) {
                return false;
            }
        }
        true
    }
}

/// Receives board moves as move sets (a piece and every square it may go
/// to), so that each caller expands them into moves as it needs: every
/// legal move, or only those a quiescence search looks at.
pub(crate) trait MoveSets {
    /// Pawn steps, each onto a square of the set from the square behind it:
    /// `free`, those of unpinned pawns; `pinned`, the step of the pawn
    /// pinned along its file (one at most: nifu), apart, so that a caller
    /// may list it after the others or merge the two.
    fn pawns(&mut self, free: BitBoard, pinned: BitBoard);

    /// The moves of the piece of `kind` on `from` to each square of `to`.
    /// Never the king; `Gold` for every piece that moves as a gold (the
    /// promoted pawn, lance, knight and silver too).
    fn piece(&mut self, kind: PieceKind, from: Square, to: BitBoard);
}

/// Expands move sets into every legal move: promoted and unpromoted where
/// both are allowed.
struct EveryMove<'a> {
    list: &'a mut MoveList,
    us: Color,
}

impl MoveSets for EveryMove<'_> {
    #[inline]
    fn pawns(&mut self, free: BitBoard, pinned: BitBoard) {
        for to in free {
            self.pawn_step(to);
        }
        for to in pinned {
            self.pawn_step(to);
        }
    }

    #[inline]
    fn piece(&mut self, kind: PieceKind, from: Square, to: BitBoard) {
        if kind.can_promote() {
            push_promotable(self.list, self.us, kind, from, to);
        } else {
            push_plain(self.list, from, to);
        }
    }
}

impl EveryMove<'_> {
    #[inline]
    fn pawn_step(&mut self, to: Square) {
        let from = pawn_origin(self.us, to);
        push_promotable(
            self.list,
            self.us,
            PieceKind::Pawn,
            from,
            BitBoard::from_square(to),
        );
    }
}

/// The square a pawn of `us` steps to `to` from.
#[inline]
pub(crate) fn pawn_origin(us: Color, to: Square) -> Square {
    match us {
        Color::Sente => Square::from_index_unchecked(to.index() + 1),
        Color::Gote => Square::from_index_unchecked(to.index() - 1),
    }
}

/// Pushes moves of a piece that cannot promote.
#[inline]
fn push_plain(list: &mut MoveList, from: Square, targets: BitBoard) {
    for to in targets {
        list.push(Move::Board {
            from,
            to,
            promote: false,
        });
    }
}

/// Pushes moves of an unpromoted rook, bishop, silver, knight, lance or pawn:
/// the promotion when it may promote, the plain move unless the piece could
/// then never move again.
#[inline]
fn push_promotable(
    list: &mut MoveList,
    us: Color,
    kind: PieceKind,
    from: Square,
    targets: BitBoard,
) {
    let zone = promotion_zone(us);
    let may_promote = if zone.has(from) {
        targets
    } else {
        targets & zone
    };
    let must_promote = may_promote & dead_squares(us, kind);
    for to in may_promote {
        list.push(Move::Board {
            from,
            to,
            promote: true,
        });
    }
    push_plain(list, from, targets & !must_promote);
}
