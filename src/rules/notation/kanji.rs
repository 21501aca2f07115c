//! The Japanese script of shogi: each piece's names in kanji and the digits
//! squares and counts are written with. Notation, the record readers and
//! writers and the board's piece tiles all read these two tables.

use crate::rules::types::{Color, Piece, PieceKind};

/// Each kind's names, indexed by [`PieceKind::index`]: the name KI2
/// records and the Japan Shogi Association write (成香, 竜), and the one
/// character a board diagram or a piece tile shows (杏, 龍).
const PIECE_NAMES: [(&str, &str); PieceKind::COUNT] = [
    ("歩", "歩"),
    ("香", "香"),
    ("桂", "桂"),
    ("銀", "銀"),
    ("角", "角"),
    ("飛", "飛"),
    ("金", "金"),
    ("玉", "玉"),
    ("と", "と"),
    ("成香", "杏"),
    ("成桂", "圭"),
    ("成銀", "全"),
    ("馬", "馬"),
    ("竜", "龍"),
];

/// The other king: a set of pieces gives one player 玉 and the other 王.
const OTHER_KING: &str = "王";

/// The name KI2 records and the JSA use: 歩 香 桂 銀 金 角 飛 玉 and
/// と 成香 成桂 成銀 馬 竜.
pub fn japanese_piece_name(kind: PieceKind) -> &'static str {
    PIECE_NAMES[kind.index()].0
}

/// The one character a board diagram shows: 歩 … 玉, と 杏 圭 全 馬 龍.
pub fn piece_kanji(kind: PieceKind) -> &'static str {
    PIECE_NAMES[kind.index()].1
}

/// The character carved on a piece of a set: [`piece_kanji`], except that
/// the two kings differ (玉 for Sente, 王 for Gote).
pub fn tile_kanji(piece: Piece) -> &'static str {
    match (piece.kind, piece.color) {
        (PieceKind::King, Color::Gote) => OTHER_KING,
        (kind, _) => piece_kanji(kind),
    }
}

/// The kind a single character names, in any spelling of the table
/// (竜 or 龍, 玉 or 王, と 杏 圭 全 for the promoted minors).
pub fn kanji_kind(c: char) -> Option<PieceKind> {
    let mut buf = [0u8; 4];
    let name: &str = c.encode_utf8(&mut buf);
    if name == OTHER_KING {
        return Some(PieceKind::King);
    }
    PieceKind::ALL.into_iter().find(|&kind| {
        let (long, short) = PIECE_NAMES[kind.index()];
        long == name || short == name
    })
}

/// Reads a piece name at the start of `text` in any spelling the table
/// knows (`成銀` as well as `全`): the kind and the rest of the text.
pub fn read_piece_name(text: &str) -> Option<(PieceKind, &str)> {
    let long = PieceKind::ALL.into_iter().find_map(|kind| {
        let (name, _) = PIECE_NAMES[kind.index()];
        text.strip_prefix(name).map(|rest| (kind, rest))
    });
    long.or_else(|| {
        let mut chars = text.chars();
        let kind = kanji_kind(chars.next()?)?;
        Some((kind, chars.as_str()))
    })
}

const WIDE_DIGITS: [char; 10] = ['０', '１', '２', '３', '４', '５', '６', '７', '８', '９'];
const KANJI_DIGITS: [char; 10] = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The full-width digit of `n` (0-9; a larger `n` gives its last digit),
/// as files are written: `７`.
pub fn wide_digit(n: u8) -> char {
    WIDE_DIGITS[usize::from(n % 10)]
}

/// The kanji numeral of `n` (0-9; a larger `n` gives its last digit), as
/// ranks are written: `六`.
pub fn kanji_digit(n: u8) -> char {
    KANJI_DIGITS[usize::from(n % 10)]
}

/// The value of a digit written as ASCII, full-width or kanji.
pub fn digit_value(c: char) -> Option<u8> {
    if let Some(d) = c.to_digit(10) {
        return u8::try_from(d).ok();
    }
    let position = |table: &[char; 10]| table.iter().position(|&x| x == c);
    position(&WIDE_DIGITS)
        .or_else(|| position(&KANJI_DIGITS))
        .and_then(|i| u8::try_from(i).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_reads_back_as_its_kind() {
        for kind in PieceKind::ALL {
            let long = japanese_piece_name(kind);
            let short = piece_kanji(kind);
            assert_eq!(read_piece_name(long), Some((kind, "")), "{long}");
            assert_eq!(read_piece_name(short), Some((kind, "")), "{short}");
            assert_eq!(short.chars().count(), 1, "{short}");
        }
        assert_eq!(read_piece_name("王"), Some((PieceKind::King, "")));
        assert_eq!(read_piece_name("成"), None);
    }

    #[test]
    fn a_name_is_read_off_the_front_of_a_move() {
        assert_eq!(
            read_piece_name("成銀左上"),
            Some((PieceKind::ProSilver, "左上"))
        );
        assert_eq!(read_piece_name("龍引"), Some((PieceKind::Dragon, "引")));
    }

    #[test]
    fn the_kings_of_a_set_differ() {
        assert_eq!(tile_kanji(Piece::new(Color::Sente, PieceKind::King)), "玉");
        assert_eq!(tile_kanji(Piece::new(Color::Gote, PieceKind::King)), "王");
        assert_eq!(tile_kanji(Piece::new(Color::Gote, PieceKind::Dragon)), "龍");
    }

    #[test]
    fn digits_read_in_every_script() {
        for n in 0..10 {
            assert_eq!(digit_value(wide_digit(n)), Some(n));
            assert_eq!(digit_value(kanji_digit(n)), Some(n));
        }
        assert_eq!(digit_value('7'), Some(7));
        assert_eq!(digit_value('歩'), None);
    }
}
