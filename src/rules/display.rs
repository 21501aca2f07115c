//! A plain-text board, as the USI tool's `d` command prints it.

use super::position::Position;
use super::types::{Color, PieceKind, Square};
use std::fmt;

/// Seen from Sente: file 9 on the left, rank a on top; Gote's pieces in
/// lower case, promoted pieces with `+`.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Gote hand: {}", hand_text(self, Color::Gote))?;
        writeln!(f, "  9  8  7  6  5  4  3  2  1")?;
        writeln!(f, "+---------------------------+")?;
        for rank in 1..=9u8 {
            f.write_str("|")?;
            for file in (1..=9).rev() {
                let cell = Square::new(file, rank)
                    .and_then(|sq| self.piece_at(sq))
                    .map(|piece| piece.sfen())
                    .unwrap_or_else(|| " .".into());
                write!(f, "{cell:>3}")?;
            }
            writeln!(f, " | {}", (b'a' + rank - 1) as char)?;
        }
        writeln!(f, "+---------------------------+")?;
        writeln!(f, "Sente hand: {}", hand_text(self, Color::Sente))?;
        writeln!(f, "Side to move: {}", self.side_to_move())?;
        write!(f, "SFEN: {}", self.to_sfen())
    }
}

fn hand_text(pos: &Position, color: Color) -> String {
    let hand = pos.hand(color);
    if hand.is_empty() {
        return "-".into();
    }
    PieceKind::HAND_DISPLAY_ORDER
        .into_iter()
        .filter(|&kind| hand.count(kind) > 0)
        .map(|kind| format!("{}x{}", kind.letter(), hand.count(kind)))
        .collect::<Vec<_>>()
        .join(" ")
}
