//! Where each square is on the screen, for a board seen from either side.

use crate::rules::Square;
use egui::{Pos2, Rect, Vec2, pos2, vec2};

/// The smallest text size, in points, that stays readable on a small board.
pub const MIN_TEXT: f32 = 12.0;

/// A text size scaled with the board, never below [`MIN_TEXT`].
pub fn readable(size: f32) -> f32 {
    size.max(MIN_TEXT)
}

/// The 9×9 grid laid on the screen: `flipped` puts Gote's side at the bottom.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardGeometry {
    pub grid: Rect,
    pub flipped: bool,
}

impl BoardGeometry {
    pub fn new(grid: Rect, flipped: bool) -> BoardGeometry {
        BoardGeometry { grid, flipped }
    }

    pub fn cell(&self) -> Vec2 {
        self.grid.size() / 9.0
    }

    /// Column and row (0..9 from the top left of the screen) of a square.
    fn column_row(&self, sq: Square) -> (u8, u8) {
        let (file, rank) = (sq.file(), sq.rank());
        if self.flipped {
            (file - 1, 9 - rank)
        } else {
            (9 - file, rank - 1)
        }
    }

    pub fn square_rect(&self, sq: Square) -> Rect {
        let (column, row) = self.column_row(sq);
        let cell = self.cell();
        let min = self.grid.min + vec2(f32::from(column) * cell.x, f32::from(row) * cell.y);
        Rect::from_min_size(min, cell)
    }

    /// The square under a screen point, if the point is on the board.
    pub fn square_at(&self, pos: Pos2) -> Option<Square> {
        if !self.grid.contains(pos) {
            return None;
        }
        let cell = self.cell();
        let column = (((pos.x - self.grid.min.x) / cell.x) as u8).min(8);
        let row = (((pos.y - self.grid.min.y) / cell.y) as u8).min(8);
        if self.flipped {
            Square::new(column + 1, 9 - row)
        } else {
            Square::new(9 - column, row + 1)
        }
    }

    /// Screen x of the centre of a file's column, for the file numbers.
    pub fn file_label_pos(&self, file: u8) -> Pos2 {
        let column = if self.flipped { file - 1 } else { 9 - file };
        let cell = self.cell();
        pos2(
            self.grid.min.x + (f32::from(column) + 0.5) * cell.x,
            self.grid.min.y,
        )
    }

    /// Screen y of the centre of a rank's row, for the rank letters.
    pub fn rank_label_pos(&self, rank: u8) -> Pos2 {
        let row = if self.flipped { 9 - rank } else { rank - 1 };
        let cell = self.cell();
        pos2(
            self.grid.max.x,
            self.grid.min.y + (f32::from(row) + 0.5) * cell.y,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geometry(flipped: bool) -> BoardGeometry {
        BoardGeometry::new(
            Rect::from_min_size(pos2(10.0, 20.0), vec2(90.0, 90.0)),
            flipped,
        )
    }

    #[test]
    fn every_square_is_found_at_its_own_centre_both_ways_up() {
        for flipped in [false, true] {
            let g = geometry(flipped);
            for sq in Square::all() {
                assert_eq!(g.square_at(g.square_rect(sq).center()), Some(sq));
            }
        }
    }

    #[test]
    fn sente_view_has_9a_top_left_and_gote_view_has_1i_there() {
        let top_left = pos2(12.0, 22.0);
        assert_eq!(geometry(false).square_at(top_left), Square::parse("9a"));
        assert_eq!(geometry(true).square_at(top_left), Square::parse("1i"));
    }
}
