//! Handicap games (駒落ち): the stronger player, 上手 (uwate), takes some
//! of their own pieces off before the game, plays Gote's pieces and moves
//! first; the weaker player, 下手 (shitate), keeps a full set as Sente.

use super::position::Position;
use super::types::Color;
use std::fmt;

/// The side that gives a handicap (上手): Gote's pieces, moving first.
pub const GIVER: Color = Color::Gote;

/// The standard handicaps, from the smallest to the largest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Handicap {
    /// 香落ち: the left lance (1a).
    Lance,
    /// 右香落ち: the right lance (9a).
    RightLance,
    /// 角落ち: the bishop.
    Bishop,
    /// 飛車落ち: the rook.
    Rook,
    /// 飛香落ち: the rook and the left lance.
    RookLance,
    /// 二枚落ち: rook and bishop.
    TwoPieces,
    /// 三枚落ち: rook, bishop and the left lance (1a).
    ThreePieces,
    /// 四枚落ち: rook, bishop and both lances.
    FourPieces,
    /// 五枚落ち: rook, bishop, both lances and the knight on 8a (上手's right).
    FivePieces,
    /// 左五枚落ち: rook, bishop, both lances and the knight on 2a (上手's left).
    LeftFivePieces,
    /// 六枚落ち: rook, bishop, lances and knights.
    SixPieces,
    /// 左七枚落ち: rook, bishop, lances, knights and the silver on 3a (上手's left).
    LeftSevenPieces,
    /// 右七枚落ち: rook, bishop, lances, knights and the silver on 7a (上手's right).
    RightSevenPieces,
    /// 八枚落ち: rook, bishop, lances, knights and silvers.
    EightPieces,
    /// 十枚落ち: everything but the king and the pawns.
    TenPieces,
    /// 歩三兵: the king alone on the board, three pawns in hand.
    ThreePawns,
    /// 裸玉: the king alone.
    NakedKing,
}

impl Handicap {
    /// Every handicap a record may name, in the order Kifu for Windows lists them (歩三兵
    /// and 裸玉, which it has no name for, last).
    pub const ALL: [Handicap; 17] = [
        Handicap::Lance,
        Handicap::RightLance,
        Handicap::Bishop,
        Handicap::Rook,
        Handicap::RookLance,
        Handicap::TwoPieces,
        Handicap::ThreePieces,
        Handicap::FourPieces,
        Handicap::FivePieces,
        Handicap::LeftFivePieces,
        Handicap::SixPieces,
        Handicap::LeftSevenPieces,
        Handicap::RightSevenPieces,
        Handicap::EightPieces,
        Handicap::TenPieces,
        Handicap::ThreePawns,
        Handicap::NakedKing,
    ];

    /// The handicaps the ladder steps through, each a step larger than the one before (the
    /// right lance is the left lance's size, offered in the New game dialog beside it; the
    /// odd-numbered ones and the two beyond ten pieces are offered there, not stepped
    /// through).
    pub const STANDARD: [Handicap; 10] = [
        Handicap::Lance,
        Handicap::Bishop,
        Handicap::Rook,
        Handicap::RookLance,
        Handicap::TwoPieces,
        Handicap::ThreePieces,
        Handicap::FourPieces,
        Handicap::SixPieces,
        Handicap::EightPieces,
        Handicap::TenPieces,
    ];

    /// The name in English, as the interface shows it.
    pub const fn english(self) -> &'static str {
        match self {
            Handicap::Lance => "Lance",
            Handicap::RightLance => "Right lance",
            Handicap::Bishop => "Bishop",
            Handicap::Rook => "Rook",
            Handicap::RookLance => "Rook and lance",
            Handicap::TwoPieces => "Two pieces",
            Handicap::ThreePieces => "Three pieces",
            Handicap::FourPieces => "Four pieces",
            Handicap::FivePieces => "Five pieces",
            Handicap::LeftFivePieces => "Left five pieces",
            Handicap::SixPieces => "Six pieces",
            Handicap::LeftSevenPieces => "Left seven pieces",
            Handicap::RightSevenPieces => "Right seven pieces",
            Handicap::EightPieces => "Eight pieces",
            Handicap::TenPieces => "Ten pieces",
            Handicap::ThreePawns => "Three pawns",
            Handicap::NakedKing => "Naked king",
        }
    }

    /// The name in Japanese, as KIF's `手合割` writes it.
    pub const fn japanese(self) -> &'static str {
        match self {
            Handicap::Lance => "香落ち",
            Handicap::RightLance => "右香落ち",
            Handicap::Bishop => "角落ち",
            Handicap::Rook => "飛車落ち",
            Handicap::RookLance => "飛香落ち",
            Handicap::TwoPieces => "二枚落ち",
            Handicap::ThreePieces => "三枚落ち",
            Handicap::FourPieces => "四枚落ち",
            Handicap::FivePieces => "五枚落ち",
            Handicap::LeftFivePieces => "左五枚落ち",
            Handicap::SixPieces => "六枚落ち",
            Handicap::LeftSevenPieces => "左七枚落ち",
            Handicap::RightSevenPieces => "右七枚落ち",
            Handicap::EightPieces => "八枚落ち",
            Handicap::TenPieces => "十枚落ち",
            Handicap::ThreePawns => "歩三兵",
            Handicap::NakedKing => "裸玉",
        }
    }

    /// The handicap a Japanese name (`香落ち`, also `香落`) names.
    pub fn from_japanese(name: &str) -> Option<Handicap> {
        let name = name.trim();
        Handicap::ALL
            .into_iter()
            .find(|h| h.japanese() == name || h.japanese().strip_suffix('ち') == Some(name))
    }

    /// The start position as SFEN: Gote (上手) without the pieces, to move.
    pub const fn sfen(self) -> &'static str {
        match self {
            Handicap::Lance => "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::RightLance => {
                "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
            }
            Handicap::Bishop => "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::Rook => "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::RookLance => "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::TwoPieces => "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::ThreePieces => "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::FourPieces => "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::FivePieces => "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::LeftFivePieces => {
                "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
            }
            Handicap::SixPieces => "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::LeftSevenPieces => "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::RightSevenPieces => {
                "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
            }
            Handicap::EightPieces => "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::TenPieces => "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::ThreePawns => "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 3p 1",
            Handicap::NakedKing => "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        }
    }

    /// The start position.
    pub fn position(self) -> Position {
        // The table's SFENs are fixed and tested; the start position is the
        // fallback no test would let through.
        Position::from_sfen(self.sfen()).unwrap_or_default()
    }

    /// The handicap `pos` is the start of, if any (the move number aside).
    pub fn of_start(pos: &Position) -> Option<Handicap> {
        let sfen = pos.to_sfen();
        let core = without_move_number(&sfen);
        Handicap::ALL
            .into_iter()
            .find(|h| without_move_number(h.sfen()) == core)
    }

    /// The step of [`Handicap::STANDARD`] a game at this handicap stands on: itself for a
    /// standard one; the right lance the left lance's (the same size); five and seven pieces
    /// the smaller step below them; 歩三兵 and 裸玉 ten pieces, the largest step.
    pub const fn step(self) -> Handicap {
        match self {
            Handicap::RightLance => Handicap::Lance,
            Handicap::FivePieces | Handicap::LeftFivePieces => Handicap::FourPieces,
            Handicap::LeftSevenPieces | Handicap::RightSevenPieces => Handicap::SixPieces,
            Handicap::ThreePawns | Handicap::NakedKing => Handicap::TenPieces,
            standard => standard,
        }
    }

    /// The next larger handicap players choose from.
    pub fn larger(self) -> Option<Handicap> {
        let at = Handicap::STANDARD.iter().position(|&h| h == self)?;
        Handicap::STANDARD.get(at + 1).copied()
    }

    /// The next smaller one (`None` from the smallest: an even game).
    pub fn smaller(self) -> Option<Handicap> {
        let at = Handicap::STANDARD.iter().position(|&h| h == self)?;
        at.checked_sub(1).map(|i| Handicap::STANDARD[i])
    }
}

impl fmt::Display for Handicap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.english(), self.japanese())
    }
}

/// What a player calls each side: 上手/下手 in a handicap game, Sente/Gote otherwise.
pub fn side_name(color: Color, handicap: bool) -> &'static str {
    match (handicap, color) {
        (true, Color::Gote) => "上手 Uwate",
        (true, Color::Sente) => "下手 Shitate",
        (false, Color::Sente) => "Sente",
        (false, Color::Gote) => "Gote",
    }
}

fn without_move_number(sfen: &str) -> &str {
    sfen.rsplit_once(' ').map_or(sfen, |(core, _)| core)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{PieceKind, Square};

    fn gote_piece(pos: &Position, name: &str) -> Option<PieceKind> {
        let sq = Square::parse(name).expect("a square");
        pos.piece_at(sq)
            .filter(|p| p.color == Color::Gote)
            .map(|p| p.kind)
    }

    fn gote_count(pos: &Position) -> u32 {
        pos.pieces(Color::Gote).count()
    }

    #[test]
    fn every_handicap_is_a_legal_start_with_the_giver_to_move() {
        for handicap in Handicap::ALL {
            let pos = Position::from_sfen(handicap.sfen()).expect("a handicap SFEN");
            assert_eq!(pos.side_to_move(), GIVER, "{handicap}");
            assert_eq!(pos.pieces(Color::Sente).count(), 20, "{handicap}");
            assert_eq!(Handicap::of_start(&pos), Some(handicap));
        }
    }

    #[test]
    fn the_handicaps_take_off_the_standard_pieces() {
        let expected = [
            (Handicap::Lance, 19),
            (Handicap::RightLance, 19),
            (Handicap::Bishop, 19),
            (Handicap::Rook, 19),
            (Handicap::RookLance, 18),
            (Handicap::TwoPieces, 18),
            (Handicap::ThreePieces, 17),
            (Handicap::FourPieces, 16),
            (Handicap::FivePieces, 15),
            (Handicap::LeftFivePieces, 15),
            (Handicap::SixPieces, 14),
            (Handicap::LeftSevenPieces, 13),
            (Handicap::RightSevenPieces, 13),
            (Handicap::EightPieces, 12),
            (Handicap::TenPieces, 10),
            (Handicap::ThreePawns, 1),
            (Handicap::NakedKing, 1),
        ];
        for (handicap, pieces) in expected {
            assert_eq!(gote_count(&handicap.position()), pieces, "{handicap}");
        }
    }

    #[test]
    fn lance_handicap_removes_the_lance_on_1a() {
        let pos = Handicap::Lance.position();
        assert_eq!(gote_piece(&pos, "1a"), None);
        assert_eq!(gote_piece(&pos, "9a"), Some(PieceKind::Lance));
        assert_eq!(gote_piece(&Handicap::RightLance.position(), "9a"), None);
    }

    #[test]
    fn three_pieces_removes_rook_bishop_and_the_lance_on_1a() {
        let three = Handicap::ThreePieces.position();
        for square in ["8b", "2b", "1a"] {
            assert_eq!(gote_piece(&three, square), None, "{square}");
        }
        assert_eq!(gote_piece(&three, "9a"), Some(PieceKind::Lance));
        assert_eq!(
            Handicap::from_japanese("三枚落ち"),
            Some(Handicap::ThreePieces)
        );
    }

    #[test]
    fn rook_and_bishop_handicaps_remove_those_pieces() {
        let bishop = Handicap::Bishop.position();
        assert_eq!(gote_piece(&bishop, "2b"), None);
        assert_eq!(gote_piece(&bishop, "8b"), Some(PieceKind::Rook));
        let rook = Handicap::Rook.position();
        assert_eq!(gote_piece(&rook, "8b"), None);
        assert_eq!(gote_piece(&rook, "2b"), Some(PieceKind::Bishop));
    }

    #[test]
    fn five_pieces_takes_the_knight_on_8a_and_left_five_the_one_on_2a() {
        for handicap in [Handicap::FivePieces, Handicap::LeftFivePieces] {
            let pos = handicap.position();
            for square in ["8b", "2b", "1a", "9a"] {
                assert_eq!(gote_piece(&pos, square), None, "{handicap} {square}");
            }
        }
        let five = Handicap::FivePieces.position();
        assert_eq!(gote_piece(&five, "8a"), None);
        assert_eq!(gote_piece(&five, "2a"), Some(PieceKind::Knight));
        let left = Handicap::LeftFivePieces.position();
        assert_eq!(gote_piece(&left, "2a"), None);
        assert_eq!(gote_piece(&left, "8a"), Some(PieceKind::Knight));
    }

    #[test]
    fn seven_pieces_takes_one_silver_more_than_six_on_the_side_it_names() {
        let left = Handicap::LeftSevenPieces.position();
        assert_eq!(gote_piece(&left, "3a"), None);
        assert_eq!(gote_piece(&left, "7a"), Some(PieceKind::Silver));
        let right = Handicap::RightSevenPieces.position();
        assert_eq!(gote_piece(&right, "7a"), None);
        assert_eq!(gote_piece(&right, "3a"), Some(PieceKind::Silver));
        for pos in [left, right] {
            for square in ["8a", "2a", "9a", "1a"] {
                assert_eq!(gote_piece(&pos, square), None, "{square}");
            }
            assert_eq!(pos.pieces_of(Color::Gote, PieceKind::Gold).count(), 2);
        }
    }

    #[test]
    fn three_pawns_holds_three_pawns_beside_a_lone_king_and_naked_king_nothing() {
        let three = Handicap::ThreePawns.position();
        assert_eq!(gote_piece(&three, "5a"), Some(PieceKind::King));
        assert_eq!(three.pieces_of(Color::Gote, PieceKind::Pawn).count(), 0);
        assert_eq!(three.hand(Color::Gote).count(PieceKind::Pawn), 3);
        let naked = Handicap::NakedKing.position();
        assert_eq!(gote_count(&naked), 1);
        assert_eq!(naked.hand(Color::Gote).count(PieceKind::Pawn), 0);
        assert_eq!(
            Handicap::from_japanese("歩三兵"),
            Some(Handicap::ThreePawns)
        );
        assert_eq!(Handicap::from_japanese("裸玉"), Some(Handicap::NakedKing));
    }

    #[test]
    fn eight_pieces_leaves_the_golds_and_ten_only_king_and_pawns() {
        let eight = Handicap::EightPieces.position();
        assert_eq!(gote_piece(&eight, "4a"), Some(PieceKind::Gold));
        assert_eq!(gote_piece(&eight, "6a"), Some(PieceKind::Gold));
        assert_eq!(gote_piece(&eight, "3a"), None);
        let ten = Handicap::TenPieces.position();
        assert_eq!(gote_piece(&ten, "5a"), Some(PieceKind::King));
        assert_eq!(gote_piece(&ten, "4a"), None);
        assert_eq!(ten.pieces_of(Color::Gote, PieceKind::Pawn).count(), 9);
    }

    #[test]
    fn japanese_names_read_back_with_or_without_the_final_chi() {
        for handicap in Handicap::ALL {
            assert_eq!(Handicap::from_japanese(handicap.japanese()), Some(handicap));
        }
        assert_eq!(Handicap::from_japanese("角落"), Some(Handicap::Bishop));
        assert_eq!(Handicap::from_japanese("平手"), None);
        assert_eq!(Handicap::from_japanese("九枚落ち"), None);
    }

    #[test]
    fn the_steps_run_from_lance_to_ten_pieces() {
        assert_eq!(Handicap::Lance.smaller(), None);
        assert_eq!(Handicap::Lance.larger(), Some(Handicap::Bishop));
        assert_eq!(Handicap::TwoPieces.smaller(), Some(Handicap::RookLance));
        assert_eq!(Handicap::TenPieces.larger(), None);
        assert_eq!(Handicap::RightLance.larger(), None);
    }

    #[test]
    fn every_handicap_stands_on_a_standard_step() {
        for handicap in Handicap::ALL {
            assert!(Handicap::STANDARD.contains(&handicap.step()), "{handicap}");
        }
        for handicap in Handicap::STANDARD {
            assert_eq!(handicap.step(), handicap);
        }
        assert_eq!(Handicap::LeftFivePieces.step(), Handicap::FourPieces);
        assert_eq!(Handicap::NakedKing.step(), Handicap::TenPieces);
    }

    #[test]
    fn the_even_start_is_no_handicap() {
        assert_eq!(Handicap::of_start(&Position::startpos()), None);
    }
}
