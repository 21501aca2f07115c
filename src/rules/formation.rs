//! Formations: the castle a side has built around its king (美濃囲い,
//! 矢倉, 穴熊, 舟囲い…) and the plan its rook shows (居飛車 or 振り飛車,
//! and the rook pawn's push), named as a shogi player names them on sight.
//!
//! Every pattern is written from Sente's side of the board, with the king
//! on the right wing where a ranging-rook player castles; Gote's pieces are
//! read through the board turned round, and the castles both kinds of
//! player build (Mino, Anaguma: 左美濃, 居飛車穴熊) through the board seen
//! in a mirror too. A castle is recognised by the pieces that make it (its
//! king, golds and silvers, and the anaguma's lance): pawns and knights
//! move on and off in every game and are left out, so a castle is named
//! from the moment its pieces stand where the books draw them.

use super::{BitBoard, Color, PieceKind, Position, Square};

/// A castle, the king's shelter of golds and silvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Castle {
    /// 穴熊: the king in the corner behind its lance, a gold or silver
    /// beside it.
    Anaguma,
    /// 銀冠: the Mino's silver raised in front of the king, a gold beside it.
    SilverCrown,
    /// 高美濃: the Mino with its outer gold raised a rank.
    HighMino,
    /// 美濃囲い: king on the knight's file, the silver beside it, a gold below.
    Mino,
    /// 矢倉 (金矢倉): silver and gold stacked on the bishop's file, the other
    /// gold beside the silver, the king behind them or on its way in.
    Yagura,
    /// 舟囲い: the static-rook player's quick castle, the king one file off
    /// with its two golds at its side.
    Funagakoi,
}

/// What the rook shows of a side's plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// 居飛車: the rook on its own side of the board.
    StaticRook,
    /// 中飛車: ranged to the central file.
    CentralRook,
    /// 四間飛車: ranged to the fourth file.
    FourthFile,
    /// 三間飛車: ranged to the third file.
    ThirdFile,
    /// 向かい飛車: ranged to the bishop's file, facing the opponent's rook.
    OpposingRook,
}

impl Strategy {
    /// A ranging-rook plan (振り飛車).
    pub fn is_ranging(self) -> bool {
        self != Strategy::StaticRook
    }
}

/// The pieces one square of a pattern may hold.
#[derive(Clone, Copy)]
enum Holds {
    Gold,
    Silver,
    GoldOrSilver,
    Lance,
}

impl Holds {
    fn takes(self, kind: PieceKind) -> bool {
        match self {
            Holds::Gold => kind == PieceKind::Gold,
            Holds::Silver => kind == PieceKind::Silver,
            Holds::GoldOrSilver => matches!(kind, PieceKind::Gold | PieceKind::Silver),
            Holds::Lance => kind == PieceKind::Lance,
        }
    }
}

/// One castle's pieces: (file, rank, what stands there) from Sente's side
/// with the king on the right wing; `kings` lists the squares the king
/// may stand on, `both_wings` whether the castle is built on the left wing
/// as well (the mirror image).
struct Pattern {
    castle: Castle,
    kings: &'static [(u8, u8)],
    pieces: &'static [(u8, u8, Holds)],
    both_wings: bool,
}

/// The castles in the order they are named: a castle built up from another
/// (the silver crown from the high Mino, the high Mino from the Mino) is
/// named by what it has become.
const PATTERNS: &[Pattern] = &[
    Pattern {
        castle: Castle::Anaguma,
        kings: &[(1, 9)],
        pieces: &[(1, 8, Holds::Lance), (2, 8, Holds::GoldOrSilver)],
        both_wings: true,
    },
    Pattern {
        castle: Castle::SilverCrown,
        kings: &[(2, 8)],
        pieces: &[(2, 7, Holds::Silver), (3, 7, Holds::Gold)],
        both_wings: true,
    },
    Pattern {
        castle: Castle::HighMino,
        kings: &[(2, 8)],
        pieces: &[
            (3, 8, Holds::Silver),
            (4, 7, Holds::Gold),
            (4, 9, Holds::Gold),
        ],
        both_wings: true,
    },
    Pattern {
        castle: Castle::Mino,
        kings: &[(2, 8)],
        pieces: &[(3, 8, Holds::Silver), (4, 9, Holds::Gold)],
        both_wings: true,
    },
    // The Yagura and the Funagakoi are the static-rook player's, built on
    // the left wing (written here in the mirror, as the pattern's king side
    // is the right): their mirror images are other castles on the way up.
    Pattern {
        castle: Castle::Yagura,
        kings: &[(2, 8), (2, 9), (3, 9), (4, 9)],
        pieces: &[
            (3, 7, Holds::Silver),
            (3, 8, Holds::Gold),
            (4, 7, Holds::Gold),
        ],
        both_wings: false,
    },
    Pattern {
        castle: Castle::Funagakoi,
        kings: &[(3, 8)],
        pieces: &[(4, 9, Holds::Gold), (5, 8, Holds::Gold)],
        both_wings: false,
    },
];

/// Which way `side`'s pieces are read into a pattern's frame.
#[derive(Clone, Copy)]
struct Frame {
    side: Color,
    /// The left wing: files read through a mirror.
    left: bool,
}

impl Frame {
    /// The board's square for the pattern's (file, rank).
    fn square(self, file: u8, rank: u8) -> Option<Square> {
        let file = if self.left { 10 - file } else { file };
        match self.side {
            Color::Sente => Square::new(file, rank),
            Color::Gote => Square::new(10 - file, 10 - rank),
        }
    }
}

/// The castle `side` has built, if any.
pub fn castle(pos: &Position, side: Color) -> Option<Castle> {
    castle_squares(pos, side).map(|(castle, _)| castle)
}

/// The castle `side` has built and the squares of the pieces that make it
/// (the king among them).
pub fn castle_squares(pos: &Position, side: Color) -> Option<(Castle, BitBoard)> {
    let king = pos.king_square(side)?;
    PATTERNS.iter().find_map(|pattern| {
        let wings: &[bool] = if pattern.both_wings {
            &[false, true]
        } else {
            &[true]
        };
        wings.iter().find_map(|&left| {
            let frame = Frame { side, left };
            let king_in = pattern
                .kings
                .iter()
                .any(|&(file, rank)| frame.square(file, rank) == Some(king));
            let mut squares = BitBoard::from_square(king);
            for &(file, rank, holds) in pattern.pieces {
                let square = frame.square(file, rank)?;
                let piece = pos.piece_at(square)?;
                if piece.color != side || !holds.takes(piece.kind) {
                    return None;
                }
                squares = squares.with(square);
            }
            king_in.then_some((pattern.castle, squares))
        })
    })
}

/// The plan `side`'s rook shows: its file, counted from `side`'s right,
/// while it stands unpromoted on its own half of the board (a rook on the
/// far half, promoted or in hand, shows no opening plan). Files 1 to 4 are
/// static rook (the rook's own file, and the right-fourth-file and side
/// rook's attacks); 5 to 8 are the ranging rooks.
pub fn strategy(pos: &Position, side: Color) -> Option<Strategy> {
    pos.pieces_of(side, PieceKind::Rook).find_map(|square| {
        let file = match side {
            Color::Sente => square.file(),
            Color::Gote => 10 - square.file(),
        };
        if square.relative_rank(side) < 5 && file != 2 {
            return None;
        }
        match file {
            1..=4 => Some(Strategy::StaticRook),
            5 => Some(Strategy::CentralRook),
            6 => Some(Strategy::FourthFile),
            7 => Some(Strategy::ThirdFile),
            8 => Some(Strategy::OpposingRook),
            _ => None,
        }
    })
}

/// How far a static-rook side's rook pawn (飛車先の歩, on the rook's file
/// from `side`'s right, the second) has been pushed: the squares it stands
/// ahead of its starting rank, 0 where it has not moved; `None` when the
/// side's rook is not on that file or the pawn is gone from it (exchanged).
pub fn rook_pawn_push(pos: &Position, side: Color) -> Option<u8> {
    let file = match side {
        Color::Sente => 2,
        Color::Gote => 8,
    };
    let on_file = BitBoard::file(file);
    pos.pieces_of(side, PieceKind::Rook).and(on_file).first()?;
    let pawn = pos.pieces_of(side, PieceKind::Pawn).and(on_file).first()?;
    7u8.checked_sub(pawn.relative_rank(side))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(moves: &str) -> Position {
        let mut pos = Position::startpos();
        for text in moves.split_whitespace() {
            let mv = crate::rules::Move::from_usi(text).expect("test move");
            assert!(pos.is_legal(mv), "{text} is legal");
            pos = pos.after(mv);
        }
        pos
    }

    fn sfen(text: &str) -> Position {
        Position::from_sfen(text).expect("test SFEN")
    }

    /// The 2008 Ryūō title match, game 7 (Habu–Watanabe), as in
    /// tests/data/records/habu_watanabe_2008.kif.
    const HABU_WATANABE: &str = "7g7f 8c8d 7i6h 3c3d 6g6f 7a6b 5g5f 5c5d 3i4h 3a4b \
        4i5h 4a3b 6i7h 5a4a 5i6i 7c7d 5h6g 6b5c 2g2f 8d8e 6h7g 5d5e 5f5e 2b5e 2f2e \
        4b3c 6f6e 5e7c 7g6f 7c8d";

    fn plies(record: &str, count: usize) -> String {
        record
            .split_whitespace()
            .take(count)
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn yagura_is_named_once_silver_and_golds_stand_on_the_bishops_file() {
        // Habu's S-7g (ply 21) completes the gold Yagura: silver 7g, golds
        // 7h and 6g, the king on 6i on its way in.
        let built = after(&plies(HABU_WATANABE, 21));
        assert_eq!(castle(&built, Color::Sente), Some(Castle::Yagura));
        let (_, squares) = castle_squares(&built, Color::Sente).expect("a castle");
        assert_eq!(squares.count(), 4);
        // One ply earlier the silver still stood on 6h.
        assert_eq!(
            castle(&after(&plies(HABU_WATANABE, 19)), Color::Sente),
            None
        );
        // Watanabe's side (gold 3b, silver 3c, king 4a) has no second gold
        // beside the silver: not yet a Yagura.
        assert_eq!(castle(&after(&plies(HABU_WATANABE, 28)), Color::Gote), None);
    }

    #[test]
    fn a_silver_leaving_the_yagura_breaks_it() {
        // S-6f (ply 29) takes the silver off 7g.
        assert_eq!(
            castle(&after(&plies(HABU_WATANABE, 28)), Color::Sente),
            Some(Castle::Yagura)
        );
        assert_eq!(
            castle(&after(&plies(HABU_WATANABE, 29)), Color::Sente),
            None
        );
    }

    #[test]
    fn both_sides_of_the_habu_watanabe_yagura_play_static_rook() {
        let pos = after(HABU_WATANABE);
        assert_eq!(strategy(&pos, Color::Sente), Some(Strategy::StaticRook));
        assert_eq!(strategy(&pos, Color::Gote), Some(Strategy::StaticRook));
        // Sente's rook pawn stands on 2e, two squares up; Gote's on 8e, two up.
        assert_eq!(rook_pawn_push(&pos, Color::Sente), Some(2));
        assert_eq!(rook_pawn_push(&pos, Color::Gote), Some(2));
        assert_eq!(rook_pawn_push(&Position::startpos(), Color::Sente), Some(0));
    }

    /// The fourth-file rook against the static rook, both castled: Sente's
    /// Mino (king 2h, silver 3h, golds 4i and 5h, rook 6h), Gote's
    /// Funagakoi (king 3b, golds 4a and 5b, rook pawn pushed to 8e).
    const SHIKEN_VS_FUNAGAKOI: &str =
        "lns2g1nl/1r2gskb1/p1pppp1pp/6p2/1p7/2PP5/PPBSPPPPP/3RG1SK1/LN3G1NL b - 1";

    #[test]
    fn fourth_file_mino_against_funagakoi() {
        let pos = sfen(SHIKEN_VS_FUNAGAKOI);
        assert_eq!(strategy(&pos, Color::Sente), Some(Strategy::FourthFile));
        assert!(Strategy::FourthFile.is_ranging());
        assert_eq!(castle(&pos, Color::Sente), Some(Castle::Mino));
        // A ranging rook has no rook pawn to push.
        assert_eq!(rook_pawn_push(&pos, Color::Sente), None);
        assert_eq!(castle(&pos, Color::Gote), Some(Castle::Funagakoi));
        assert_eq!(strategy(&pos, Color::Gote), Some(Strategy::StaticRook));
        assert_eq!(rook_pawn_push(&pos, Color::Gote), Some(2));
    }

    #[test]
    fn the_mino_raised_is_the_high_mino_and_then_the_silver_crown() {
        // King 2h, silver 3h, golds 4g and 4i: the high Mino.
        let high = sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P2P3/PP1PPGPPP/1B1R2SK1/LNS2G1NL b - 1");
        assert_eq!(castle(&high, Color::Sente), Some(Castle::HighMino));
        // The silver raised to 2g, the gold still on 4g: neither.
        let half = sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P2P1P1/PP1PPGPSP/1B1R3K1/LNS2G1NL b - 1");
        assert_eq!(castle(&half, Color::Sente), None);
        // Silver 2g, gold 3g: the silver crown.
        let crown = sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P3PP1/PP1PPPGSP/1B1R3K1/LNS2G1NL b - 1");
        assert_eq!(castle(&crown, Color::Sente), Some(Castle::SilverCrown));
    }

    #[test]
    fn anaguma_on_either_wing_and_for_either_side() {
        // Sente's ranging-rook anaguma: king 1i, lance 1h, silver 2h.
        let ranging = sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B1RG1SSL/LN4GNK b - 1");
        assert_eq!(castle(&ranging, Color::Sente), Some(Castle::Anaguma));
        // Gote's fourth-file anaguma in its corner, 9a: king 9a, lance 9b,
        // silver 8b, rook 4b.
        let gote = sfen("kng1g1snl/ls3r1b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
        assert_eq!(castle(&gote, Color::Gote), Some(Castle::Anaguma));
        assert_eq!(strategy(&gote, Color::Gote), Some(Strategy::FourthFile));
        assert_eq!(castle(&Position::startpos(), Color::Sente), None);
        assert_eq!(castle(&Position::startpos(), Color::Gote), None);
    }
}
