//! Resolving one KI2 move (`７六歩`, `同　銀右`, `５五角打`) to the legal
//! move it names. KI2 gives no origin square, so the text is matched
//! against the JSA spelling of every legal move; text from other software
//! that says a little more or less than the JSA rules ask is still read
//! when exactly one legal move fits it.

use crate::record::error::Problem;
use crate::rules::notation::{
    digit_value, japanese, japanese_piece_name, kanji_kind, read_piece_name, relative_classes,
};
use crate::rules::{Move, Position, Square};

/// One spelling for the variants writers use: every piece by its KI2 name
/// (竜 for 龍, 玉 for 王, 成銀 for 全...), 仝 for 同, 生 for 不成, with
/// spaces and marks dropped.
fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '▲' | '△' | '☗' | '☖' | '▽' | '　' | ' ' => {}
            '仝' => out.push('同'),
            '生' => out.push_str("不成"),
            other => match kanji_kind(other) {
                Some(kind) => out.push_str(japanese_piece_name(kind)),
                None => out.push(other),
            },
        }
    }
    out
}

pub fn resolve(
    pos: &Position,
    text: &str,
    previous_to: Option<Square>,
    number: usize,
) -> Result<Move, Problem> {
    let wanted = normalise(text);
    let spec = Spec::parse(&wanted, previous_to).ok_or_else(|| Problem::BadMoveText {
        number,
        text: text.to_string(),
    })?;
    let legal: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|mv| mv.to() == spec.to)
        .collect();
    let exact: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&mv| normalise(&japanese(pos, mv, previous_to)) == wanted)
        .collect();
    if let [mv] = exact.as_slice() {
        return Ok(*mv);
    }
    let fits: Vec<Move> = spec.filter(pos, &legal);
    match fits.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(Problem::NoMatchingMove {
            number,
            text: text.to_string(),
        }),
        _ => Err(Problem::AmbiguousMove {
            number,
            text: text.to_string(),
        }),
    }
}

/// What a KI2 move says: target, piece, promotion, drop and relative words.
struct Spec {
    to: Square,
    kind: crate::rules::PieceKind,
    promote: bool,
    drop: bool,
    words: Vec<char>,
}

impl Spec {
    fn parse(text: &str, previous_to: Option<Square>) -> Option<Spec> {
        let (to, rest) = match text.strip_prefix('同') {
            Some(rest) => (previous_to?, rest),
            None => {
                let mut chars = text.chars();
                let file = digit_value(chars.next()?)?;
                let rank = digit_value(chars.next()?)?;
                (Square::new(file, rank)?, chars.as_str())
            }
        };
        let (kind, mut rest) = read_piece_name(rest)?;
        let (mut promote, mut drop, mut words) = (false, false, Vec::new());
        while !rest.is_empty() {
            if let Some(r) = rest.strip_prefix("不成") {
                rest = r;
            } else if let Some(r) = rest.strip_prefix('成') {
                promote = true;
                rest = r;
            } else if let Some(r) = rest.strip_prefix('打') {
                drop = true;
                rest = r;
            } else {
                let mut chars = rest.chars();
                let c = chars.next()?;
                if !"右左直上引寄".contains(c) {
                    return None;
                }
                words.push(c);
                rest = chars.as_str();
            }
        }
        Some(Spec {
            to,
            kind,
            promote,
            drop,
            words,
        })
    }

    /// The legal moves this text can mean.
    fn filter(&self, pos: &Position, legal: &[Move]) -> Vec<Move> {
        let board: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&mv| match mv {
                Move::Board { from, to, promote } => {
                    to == self.to
                        && promote == self.promote
                        && pos.piece_at(from).map(|p| p.kind) == Some(self.kind)
                }
                Move::Drop { .. } => false,
            })
            .collect();
        let drops: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&mv| {
                mv == Move::Drop {
                    kind: self.kind,
                    to: self.to,
                }
            })
            .filter(|_| !self.promote)
            .collect();
        if self.drop || board.is_empty() {
            return drops;
        }
        if board.len() < 2 || self.words.is_empty() {
            return board;
        }
        let origins: Vec<Square> = board.iter().filter_map(|mv| mv.from()).collect();
        board
            .into_iter()
            .filter(|mv| {
                let Some(from) = mv.from() else {
                    return false;
                };
                let (movement, side) =
                    relative_classes(self.kind, pos.side_to_move(), from, self.to, &origins);
                self.words.iter().all(|&w| w == movement || Some(w) == side)
            })
            .collect()
    }
}
