//! The position: board, hands, side to move, and what follows from them
//! (hash, checkers, pinned pieces), kept up to date move by move.

use super::attacks::{
    between, bishop_attacks, bishop_pseudo_attacks, gold_attacks, king_attacks, knight_attacks,
    lance_attacks, lance_pseudo_attacks, line, pawn_attacks, piece_attacks, rook_attacks,
    rook_pseudo_attacks, silver_attacks,
};
use super::bitboard::BitBoard;
use super::hand::Hand;
use super::moves::Move;
use super::types::{ByColor, Color, Piece, PieceKind, Square};
use super::zobrist;

/// A legal shogi position. Build one with [`Position::startpos`], from
/// SFEN ([`Position::from_sfen`]) or from a checked [`Setup`](super::Setup)
/// (`Position::try_from`); both kings are on the board, except in a mate
/// problem ([`Setup::into_mate_problem`](super::Setup::into_mate_problem)),
/// where the attacking side may have none: it is then never in check and
/// none of its pieces is pinned.
///
/// Positions are small and `Copy`: the search and the game keep earlier
/// positions by copying rather than by undoing moves.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    board: [Option<Piece>; 81],
    by_kind: [BitBoard; PieceKind::COUNT],
    by_color: ByColor<BitBoard>,
    /// Both colours' pieces, kept rather than OR-ed from `by_color` on
    /// every read (that vector OR stalls on the bitboards just written).
    occupied: BitBoard,
    hands: ByColor<Hand>,
    side_to_move: Color,
    move_number: u32,
    hash: u64,
    kings: ByColor<Option<Square>>,
    checkers: BitBoard,
}

/// What [`Position::undo`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: Option<Piece>,
    checkers: BitBoard,
    hash: u64,
}

pub const START_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

impl Position {
    /// The standard starting position.
    pub fn startpos() -> Position {
        match Position::from_sfen(START_SFEN) {
            Ok(pos) => pos,
            Err(err) => unreachable!("the start SFEN is valid: {err}"),
        }
    }

    /// Builds a position from parts already validated (only the checked
    /// conversion from a [`Setup`](super::Setup) calls this); derives hash and checkers.
    pub(crate) fn from_parts(
        board: [Option<Piece>; 81],
        hands: ByColor<Hand>,
        side_to_move: Color,
        move_number: u32,
        kings: ByColor<Option<Square>>,
    ) -> Position {
        let mut pos = Position {
            board: [None; 81],
            by_kind: [BitBoard::EMPTY; PieceKind::COUNT],
            by_color: ByColor::default(),
            occupied: BitBoard::EMPTY,
            hands,
            side_to_move,
            move_number,
            hash: 0,
            kings,
            checkers: BitBoard::EMPTY,
        };
        for sq in Square::all() {
            if let Some(piece) = board[sq.index()] {
                pos.put(piece, sq);
            }
        }
        pos.hash = pos.hash_from_scratch();
        pos.update_check_info();
        pos
    }

    // ----- what is where -------------------------------------------------

    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    #[inline]
    pub fn hand(&self, color: Color) -> &Hand {
        &self.hands[color]
    }

    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side_to_move
    }

    /// The SFEN move number: 1 in the start position, one more per ply.
    #[inline]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// A hash of board, hands and side to move (not the move number), so two
    /// positions that repeat for sennichite hash alike.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Where `color`'s king stands; `None` only for the attacker of a mate
    /// problem set up without one.
    #[inline]
    pub fn king_square(&self, color: Color) -> Option<Square> {
        self.kings[color]
    }

    #[inline]
    pub fn occupied(&self) -> BitBoard {
        self.occupied
    }

    #[inline]
    pub fn pieces(&self, color: Color) -> BitBoard {
        self.by_color[color]
    }

    /// Squares holding `kind` of either side.
    #[inline]
    pub fn pieces_of_kind(&self, kind: PieceKind) -> BitBoard {
        self.by_kind[kind.index()]
    }

    #[inline]
    pub fn pieces_of(&self, color: Color, kind: PieceKind) -> BitBoard {
        self.by_kind[kind.index()] & self.by_color[color]
    }

    /// Golds and the promoted minor pieces, which all move like a gold.
    #[inline]
    pub fn gold_movers(&self) -> BitBoard {
        self.by_kind[PieceKind::Gold.index()]
            | self.by_kind[PieceKind::Tokin.index()]
            | self.by_kind[PieceKind::ProLance.index()]
            | self.by_kind[PieceKind::ProKnight.index()]
            | self.by_kind[PieceKind::ProSilver.index()]
    }

    /// The opponent's pieces that attack the king of the side to move.
    #[inline]
    pub fn checkers(&self) -> BitBoard {
        self.checkers
    }

    #[inline]
    pub fn in_check(&self) -> bool {
        self.checkers.is_nonempty()
    }

    /// Pieces of the side to move that may only move along the line between
    /// their king and the enemy slider behind them. Computed on demand: most
    /// positions a search plays into are never asked.
    #[inline]
    pub fn pinned(&self) -> BitBoard {
        let us = self.side_to_move;
        self.blockers_for_king(us) & self.by_color[us]
    }

    // ----- attacks -------------------------------------------------------

    /// Pieces of `by` that attack `sq`, with `occupied` as the blockers.
    #[inline]
    pub fn attackers_to(&self, sq: Square, by: Color, occupied: BitBoard) -> BitBoard {
        let them = !by;
        let k = &self.by_kind;
        let ours = self.by_color[by];
        let king_like =
            k[PieceKind::King.index()] | k[PieceKind::Horse.index()] | k[PieceKind::Dragon.index()];
        let steppers = (pawn_attacks(them, sq) & k[PieceKind::Pawn.index()])
            | (knight_attacks(them, sq) & k[PieceKind::Knight.index()])
            | (silver_attacks(them, sq) & k[PieceKind::Silver.index()])
            | (gold_attacks(them, sq) & self.gold_movers())
            | (king_attacks(sq) & king_like);
        steppers & ours | self.slider_attackers_to(sq, by, occupied)
    }

    /// The lances, rooks, bishops, dragons and horses of `by` that reach
    /// `sq`. A slider's attack set is only computed when one of them stands
    /// on a line through `sq` at all, which is rarely.
    #[inline]
    fn slider_attackers_to(&self, sq: Square, by: Color, occupied: BitBoard) -> BitBoard {
        let k = &self.by_kind;
        let ours = self.by_color[by];
        let mut attackers = BitBoard::EMPTY;
        let rooks = (k[PieceKind::Rook.index()] | k[PieceKind::Dragon.index()]) & ours;
        if (rook_pseudo_attacks(sq) & rooks).is_nonempty() {
            attackers |= rook_attacks(sq, occupied) & rooks;
        }
        let bishops = (k[PieceKind::Bishop.index()] | k[PieceKind::Horse.index()]) & ours;
        if (bishop_pseudo_attacks(sq) & bishops).is_nonempty() {
            attackers |= bishop_attacks(sq, occupied) & bishops;
        }
        let lances = k[PieceKind::Lance.index()] & ours;
        if (lance_pseudo_attacks(!by, sq) & lances).is_nonempty() {
            attackers |= lance_attacks(!by, sq, occupied) & lances;
        }
        attackers
    }

    /// Whether any piece of `by` attacks `sq`, with `occupied` as blockers.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: BitBoard) -> bool {
        self.attackers_to(sq, by, occupied).is_nonempty()
    }

    // ----- making moves --------------------------------------------------

    /// Plays a move known to be legal (from the move generator, or checked
    /// with [`Position::try_play`]). An illegal move leaves a position that
    /// breaks the rules; it never causes undefined behaviour.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        let us = self.side_to_move;
        let (moved, to, from) = match mv {
            Move::Board { from, to, promote } => {
                let Some(piece) = self.board[from.index()] else {
                    debug_assert!(false, "no piece on {from} for {mv}");
                    return;
                };
                if let Some(captured) = self.board[to.index()] {
                    self.remove(captured, to);
                    let kind = captured.kind.unpromoted();
                    let before = self.hands[us].count(kind);
                    self.hash ^= zobrist::hand_key(us, kind, before)
                        ^ zobrist::hand_key(us, kind, before + 1);
                    self.hands[us].add(kind);
                }
                self.remove(piece, from);
                let kind = if promote {
                    piece.kind.promoted().unwrap_or(piece.kind)
                } else {
                    piece.kind
                };
                let moved = Piece::new(us, kind);
                self.put(moved, to);
                if kind == PieceKind::King {
                    self.kings[us] = Some(to);
                }
                (moved, to, Some(from))
            }
            Move::Drop { kind, to } => {
                let before = self.hands[us].count(kind);
                debug_assert!(before > 0, "no {kind} in hand for {mv}");
                if before == 0 {
                    return;
                }
                self.hash ^=
                    zobrist::hand_key(us, kind, before) ^ zobrist::hand_key(us, kind, before - 1);
                self.hands[us].remove(kind);
                let dropped = Piece::new(us, kind);
                self.put(dropped, to);
                (dropped, to, None)
            }
        };
        self.side_to_move = !us;
        self.hash ^= zobrist::side_key();
        self.move_number += 1;
        self.checkers = self.checks_given_by(moved, to, from);
    }

    /// The checkers after `moved` went to `to` (from `from`, unless dropped).
    /// In a legal position the opponent's king was not attacked before the
    /// move, so only the moved piece and sliders uncovered through `from`
    /// can attack it now: no full scan needed.
    #[inline]
    fn checks_given_by(&self, moved: Piece, to: Square, from: Option<Square>) -> BitBoard {
        let Some(king) = self.kings[!moved.color] else {
            return BitBoard::EMPTY;
        };
        let occupied = self.occupied;
        let mut checkers = BitBoard::EMPTY;
        if piece_attacks(moved, to, occupied).has(king) {
            checkers = BitBoard::from_square(to);
        }
        if let Some(from) = from
            && line(king, from).is_nonempty()
        {
            checkers |= self.slider_attackers_to(king, moved.color, occupied);
        }
        checkers
    }

    /// Plays a legal move and returns what [`Position::undo`] needs to take
    /// it back. Cheaper than copying the position where only a few fields
    /// change (the copy's stores stall the loads that follow them).
    #[inline]
    pub fn play_undoable(&mut self, mv: Move) -> Undo {
        let captured = match mv {
            Move::Board { to, .. } => self.board[to.index()],
            Move::Drop { .. } => None,
        };
        let undo = Undo {
            captured,
            checkers: self.checkers,
            hash: self.hash,
        };
        self.play_unchecked(mv);
        undo
    }

    /// Takes back `mv`, which must be the last move played with
    /// [`Position::play_undoable`], restoring the position exactly.
    #[inline]
    pub fn undo(&mut self, mv: Move, undo: Undo) {
        let mover = !self.side_to_move;
        match mv {
            Move::Board { from, to, promote } => {
                let Some(moved) = self.board[to.index()] else {
                    debug_assert!(false, "nothing on {to} to take back");
                    return;
                };
                self.remove(moved, to);
                let kind = if promote {
                    moved.kind.unpromoted()
                } else {
                    moved.kind
                };
                self.put(Piece::new(mover, kind), from);
                if kind == PieceKind::King {
                    self.kings[mover] = Some(from);
                }
                if let Some(captured) = undo.captured {
                    self.put(captured, to);
                    self.hands[mover].remove(captured.kind.unpromoted());
                }
            }
            Move::Drop { kind, to } => {
                if let Some(dropped) = self.board[to.index()] {
                    self.remove(dropped, to);
                }
                self.hands[mover].add(kind);
            }
        }
        self.side_to_move = mover;
        self.move_number -= 1;
        self.hash = undo.hash;
        self.checkers = undo.checkers;
    }

    /// The position after `mv` (which must be legal), leaving `self` as it is.
    #[inline]
    pub fn after(&self, mv: Move) -> Position {
        let mut next = *self;
        next.play_unchecked(mv);
        next
    }

    /// Passes the turn without moving (for null-move search). Only valid when
    /// the side to move is not in check.
    pub fn play_null(&mut self) {
        self.side_to_move = !self.side_to_move;
        self.hash ^= zobrist::side_key();
        self.move_number += 1;
        // Before a pass it was our turn, so the opponent was not in check.
        self.checkers = BitBoard::EMPTY;
    }

    #[inline]
    fn put(&mut self, piece: Piece, sq: Square) {
        self.board[sq.index()] = Some(piece);
        let bit = BitBoard::from_square(sq);
        self.by_kind[piece.kind.index()] |= bit;
        self.by_color[piece.color] |= bit;
        self.occupied |= bit;
        self.hash ^= zobrist::piece_key(piece, sq);
    }

    #[inline]
    fn remove(&mut self, piece: Piece, sq: Square) {
        self.board[sq.index()] = None;
        let bit = BitBoard::from_square(sq);
        self.by_kind[piece.kind.index()] ^= bit;
        self.by_color[piece.color] ^= bit;
        self.occupied ^= bit;
        self.hash ^= zobrist::piece_key(piece, sq);
    }

    /// Recomputes the checkers of the side to move's king.
    #[inline]
    fn update_check_info(&mut self) {
        let us = self.side_to_move;
        self.checkers = match self.kings[us] {
            Some(king) => self.attackers_to(king, !us, self.occupied()),
            None => BitBoard::EMPTY,
        };
    }

    /// Pieces of either side that stand alone between `color`'s king and an
    /// enemy slider aimed at it: moving one of them uncovers the king.
    pub fn blockers_for_king(&self, color: Color) -> BitBoard {
        let them = !color;
        let Some(king) = self.kings[color] else {
            return BitBoard::EMPTY;
        };
        let k = &self.by_kind;
        let snipers = ((rook_pseudo_attacks(king)
            & (k[PieceKind::Rook.index()] | k[PieceKind::Dragon.index()]))
            | (bishop_pseudo_attacks(king)
                & (k[PieceKind::Bishop.index()] | k[PieceKind::Horse.index()]))
            | (lance_pseudo_attacks(color, king) & k[PieceKind::Lance.index()]))
            & self.by_color[them];
        let occupied = self.occupied();
        let mut blockers = BitBoard::EMPTY;
        for sniper in snipers {
            let between = between(king, sniper) & occupied;
            if between.is_nonempty() && !between.has_many() {
                blockers |= between;
            }
        }
        blockers
    }

    /// The hash computed from nothing (the incremental one must equal it).
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for sq in Square::all() {
            if let Some(piece) = self.board[sq.index()] {
                hash ^= zobrist::piece_key(piece, sq);
            }
        }
        for color in Color::ALL {
            for kind in PieceKind::HAND {
                hash ^= zobrist::hand_key(color, kind, self.hands[color].count(kind));
            }
        }
        if self.side_to_move == Color::Gote {
            hash ^= zobrist::side_key();
        }
        hash
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_sfen())
    }
}
