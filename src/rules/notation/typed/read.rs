//! Reading what a player typed into a pattern of a move: the parts the text says (the
//! target, the piece, where it came from, a drop, promotion, the words that tell two pieces
//! apart) and nothing it leaves out. Which legal moves fit the pattern is `fit`'s question.

use crate::rules::notation::{digit_value, read_piece_name};
use crate::rules::types::{PieceKind, Square};

/// The notations a move can be typed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `7g7f`, `8h2b+`.
    Usi,
    /// `P-7f`, `S*5e`, `Bx3c+` (USI's drops, `P*5e`, are spelt alike).
    Western,
    /// `７六歩`, `同　歩`, `５八金右`.
    Japanese,
}

/// Where a typed move goes: a square, or `同`, the square of the move before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Target {
    Square(Square),
    Same,
}

/// What a typed move says about itself; `None` where the text leaves a part open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Pattern {
    pub(super) notation: Notation,
    pub(super) to: Target,
    /// The piece as it stands before moving (`+P` and `と` name a tokin).
    pub(super) kind: Option<PieceKind>,
    pub(super) from: Option<Square>,
    pub(super) drop: Option<bool>,
    pub(super) promote: Option<bool>,
    /// 上, 寄 or 引.
    pub(super) movement: Option<char>,
    /// 左, 右 or 直.
    pub(super) side: Option<char>,
}

/// The marks a Japanese move may start with (whose move it is): the parser leaves them out.
const MARKS: [char; 6] = ['▲', '△', '☗', '☖', '▼', '▽'];

/// The text in one spelling: without spaces or marks, full-width letters and digits as
/// ASCII, kanji numerals as digits, and each piece's other names (龍, 王, 全, 圭, 杏, 生 for
/// 不成) as the ones notation writes. What the user typed and what the notations write are
/// compared in this form.
pub(super) fn normalize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_whitespace() || MARKS.contains(&c) {
            continue;
        }
        let c = match u32::from(c) {
            // The full-width forms of ASCII: `７`, `Ｐ`, `＊`, `－`.
            code @ 0xFF01..=0xFF5E => char::from_u32(code - 0xFEE0).unwrap_or(c),
            _ => c,
        };
        if let Some(d) = digit_value(c).filter(|_| !c.is_ascii_digit()) {
            out.push(char::from(b'0' + d));
            continue;
        }
        match c {
            '龍' => out.push('竜'),
            '王' => out.push('玉'),
            '全' => out.push_str("成銀"),
            '圭' => out.push_str("成桂"),
            '杏' => out.push_str("成香"),
            '生' => out.push_str("不成"),
            '行' => out.push('上'),
            _ => out.push(c),
        }
    }
    out
}

/// Which notation normalized text is written in, judged from its first characters: a
/// digit and a letter start USI, a letter (or `+` and a letter) Western, anything else
/// Japanese.
pub(super) fn notation_of(text: &str) -> Notation {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(d), Some(l)) if d.is_ascii_digit() && l.is_ascii_alphabetic() => Notation::Usi,
        (Some('+'), _) => Notation::Western,
        (Some(l), _) if l.is_ascii_alphabetic() => Notation::Western,
        _ => Notation::Japanese,
    }
}

/// The pattern of a whole typed move, or `None` when the text is not one (yet).
pub(super) fn read(text: &str) -> Option<Pattern> {
    let text = normalize(text);
    let chars: Vec<char> = text.chars().collect();
    match notation_of(&text) {
        Notation::Usi => read_usi(&chars),
        Notation::Western => read_western(&chars),
        Notation::Japanese => read_japanese(&chars),
    }
}

fn pattern(notation: Notation, to: Target) -> Pattern {
    Pattern {
        notation,
        to,
        kind: None,
        from: None,
        drop: None,
        promote: None,
        movement: None,
        side: None,
    }
}

/// A square as USI and Western write it (`7f`), or with a digit for the rank (`76`).
fn square_at(chars: &[char], at: usize) -> Option<Square> {
    let file = chars.get(at)?.to_digit(10)?;
    let rank_char = *chars.get(at + 1)?;
    let rank = match rank_char {
        'a'..='i' => u32::from(rank_char) - u32::from('a') + 1,
        'A'..='I' => u32::from(rank_char) - u32::from('A') + 1,
        _ => rank_char.to_digit(10)?,
    };
    Square::new(u8::try_from(file).ok()?, u8::try_from(rank).ok()?)
}

/// `+` promotes, `=` declines; nothing leaves it open.
fn promotion_mark(chars: &[char], at: usize) -> Option<Option<bool>> {
    match chars.get(at..)? {
        [] => Some(None),
        ['+'] => Some(Some(true)),
        ['='] => Some(Some(false)),
        _ => None,
    }
}

/// `7g7f`, `8h2b+`, `2d2c=` (and `P*5e`, read as Western: the two spell drops alike).
fn read_usi(chars: &[char]) -> Option<Pattern> {
    let from = square_at(chars, 0)?;
    let to = square_at(chars, 2)?;
    if from == to {
        return None;
    }
    Some(Pattern {
        from: Some(from),
        drop: Some(false),
        promote: promotion_mark(chars, 4)?,
        ..pattern(Notation::Usi, Target::Square(to))
    })
}

/// `P-7f`, `P7f`, `Px7f`, `P7g-7f`, `Sx6h+`, `N-7c=`, `S*5e`, `+Rx2b`.
fn read_western(chars: &[char]) -> Option<Pattern> {
    let (promoted, at) = match chars.first() {
        Some('+') => (true, 1),
        _ => (false, 0),
    };
    let letter = *chars.get(at)?;
    let base = PieceKind::from_letter(letter)?;
    let kind = if promoted { base.promoted()? } else { base };
    let mut at = at + 1;
    let mut from = None;
    if let (Some(first), Some(_)) = (square_at(chars, at), square_at(chars, at + 2)) {
        from = Some(first);
        at += 2;
    } else if let (Some(first), Some('-' | 'x' | 'X'), Some(_)) = (
        square_at(chars, at),
        chars.get(at + 2),
        square_at(chars, at + 3),
    ) {
        from = Some(first);
        at += 2;
    }
    let drop = match chars.get(at) {
        Some('*') => Some(true),
        Some('-' | 'x' | 'X') => Some(false),
        _ => None,
    };
    if drop.is_some() {
        at += 1;
    }
    let to = square_at(chars, at)?;
    let promote = promotion_mark(chars, at + 2)?;
    if drop == Some(true) && (from.is_some() || promoted) {
        return None;
    }
    Some(Pattern {
        kind: Some(kind),
        from,
        drop: if from.is_some() { Some(false) } else { drop },
        promote,
        ..pattern(Notation::Western, Target::Square(to))
    })
}

/// `76歩`, `同歩`, `58金右`, `24歩不成`, `55角打`, `88と左上`, `76歩(77)`, with the
/// words in any order.
fn read_japanese(chars: &[char]) -> Option<Pattern> {
    let (to, at) = match chars.first() {
        Some('同') => (Target::Same, 1),
        _ => {
            let file = u8::try_from(chars.first()?.to_digit(10)?).ok()?;
            let rank = u8::try_from(chars.get(1)?.to_digit(10)?).ok()?;
            (Target::Square(Square::new(file, rank)?), 2)
        }
    };
    let rest: String = chars.get(at..)?.iter().collect();
    let (kind, words) = read_piece_name(&rest)?;
    let mut found = Pattern {
        kind: Some(kind),
        ..pattern(Notation::Japanese, to)
    };
    read_words(words, &mut found)?;
    Some(found)
}

/// The words after a Japanese piece name, each said at most once.
fn read_words(words: &str, found: &mut Pattern) -> Option<()> {
    fn set<T>(slot: &mut Option<T>, value: T) -> Option<()> {
        match slot {
            Some(_) => None,
            None => {
                *slot = Some(value);
                Some(())
            }
        }
    }
    let chars: Vec<char> = words.chars().collect();
    let mut at = 0;
    while let Some(&c) = chars.get(at) {
        at += 1;
        match c {
            '右' | '左' | '直' => set(&mut found.side, c)?,
            '上' | '引' | '寄' => set(&mut found.movement, c)?,
            '打' => set(&mut found.drop, true)?,
            '成' | '+' => set(&mut found.promote, true)?,
            '=' => set(&mut found.promote, false)?,
            '不' if chars.get(at) == Some(&'成') => {
                at += 1;
                set(&mut found.promote, false)?
            }
            // The origin as KIF writes it: `(77)`.
            '(' => {
                let from = square_at(&chars, at)?;
                if chars.get(at + 2) != Some(&')') {
                    return None;
                }
                at += 3;
                set(&mut found.from, from)?;
                set(&mut found.drop, false)?
            }
            _ => return None,
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_script_comes_to_one_spelling() {
        assert_eq!(normalize("▲７六歩"), "76歩");
        assert_eq!(normalize("七六歩"), "76歩");
        assert_eq!(normalize("同　歩"), "同歩");
        assert_eq!(normalize("☖２二龍"), "22竜");
        assert_eq!(normalize("５八全右"), "58成銀右");
        assert_eq!(normalize("Ｐ－７ｆ"), "P-7f");
        assert_eq!(normalize("２四歩生"), "24歩不成");
    }

    #[test]
    fn the_first_characters_tell_the_notation() {
        assert_eq!(notation_of("7g7f"), Notation::Usi);
        assert_eq!(notation_of("P-7f"), Notation::Western);
        assert_eq!(notation_of("+Rx2b"), Notation::Western);
        assert_eq!(notation_of("76歩"), Notation::Japanese);
        assert_eq!(notation_of("同歩"), Notation::Japanese);
    }

    #[test]
    fn a_pattern_says_only_what_the_text_says() {
        let square = |text| Square::parse(text).map(Target::Square);
        let p = read("58金右").expect("reads");
        assert_eq!(Some(p.to), square("5h"));
        assert_eq!(p.kind, Some(PieceKind::Gold));
        assert_eq!((p.side, p.movement, p.promote), (Some('右'), None, None));
        let p = read("Sx6h+").expect("reads");
        assert_eq!(
            (p.kind, p.drop, p.promote),
            (Some(PieceKind::Silver), Some(false), Some(true))
        );
        let p = read("76歩(77)").expect("reads");
        assert_eq!(p.from, Square::parse("7g"));
        assert_eq!(read("58金右右"), None, "a word said twice");
        assert_eq!(read("P*7g7f"), None, "a drop with an origin");
    }
}
