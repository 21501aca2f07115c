//! Colours and proportions of the board, in one place so the look can be tuned.

use egui::Color32;

/// Kaya wood of the board.
pub const BOARD_WOOD: Color32 = Color32::from_rgb(222, 184, 118);
/// The darker wood of the hand stands.
pub const STAND_WOOD: Color32 = Color32::from_rgb(196, 150, 90);
/// The table the board stands on.
pub const TABLE: Color32 = Color32::from_rgb(58, 46, 38);
pub const GRID_LINE: Color32 = Color32::from_rgb(60, 40, 20);
pub const COORDINATE: Color32 = Color32::from_rgb(236, 222, 196);

pub const TILE_FACE: Color32 = Color32::from_rgb(250, 226, 170);
pub const TILE_EDGE: Color32 = Color32::from_rgb(120, 84, 40);
pub const TILE_INK: Color32 = Color32::from_rgb(20, 16, 12);
/// Promoted pieces are written in red, as on real pieces.
pub const PROMOTED_INK: Color32 = Color32::from_rgb(200, 24, 24);
pub const MOVE_DOT: Color32 = Color32::from_rgb(110, 80, 50);

/// The keyboard's cursor on the board: a ring bright enough to find at a glance.
pub const CURSOR: Color32 = Color32::from_rgb(0, 110, 255);
pub const SELECTED: Color32 = Color32::from_rgba_unmultiplied_const(60, 160, 60, 120);
pub const DESTINATION: Color32 = Color32::from_rgba_unmultiplied_const(30, 110, 30, 170);
pub const CAPTURE: Color32 = Color32::from_rgba_unmultiplied_const(190, 30, 20, 200);
pub const DROP_TARGET: Color32 = Color32::from_rgba_unmultiplied_const(30, 80, 190, 170);
pub const LAST_MOVE: Color32 = Color32::from_rgba_unmultiplied_const(230, 170, 40, 110);
pub const CHECK: Color32 = Color32::from_rgba_unmultiplied_const(220, 30, 30, 140);
pub const HINT: Color32 = Color32::from_rgba_unmultiplied_const(40, 80, 200, 150);
/// The hint in words, in the arrow's blue, light enough to read on the dark panel.
pub const HINT_TEXT: Color32 = Color32::from_rgb(120, 165, 255);

pub const BANNER: Color32 = Color32::from_rgb(120, 20, 20);
pub const BANNER_TEXT: Color32 = Color32::WHITE;

/// The review's best move, drawn as an arrow.
pub const BEST_ARROW: Color32 = Color32::from_rgba_unmultiplied_const(30, 150, 60, 200);
/// Other moves the review's reasons point at (the reply that wins material...).
pub const REASON_ARROW: Color32 = Color32::from_rgba_unmultiplied_const(200, 40, 40, 170);
/// Squares of the review's best move, outlined as its arrow is drawn.
pub const BEST_MARK: Color32 = Color32::from_rgba_unmultiplied_const(30, 150, 60, 220);
/// Squares the review's explanation is about.
pub const REVIEW_MARK: Color32 = Color32::from_rgba_unmultiplied_const(200, 40, 40, 200);
