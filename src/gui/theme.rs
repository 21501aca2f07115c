//! Colours and proportions of the board, in one place so the look can be tuned.

use crate::gui::storage::settings::{BoardStyle, PieceSet};
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

/// The game-over banner of a game lost; a win has its own green, a draw a neutral slate,
/// so that good news never reads as an error.
pub const BANNER: Color32 = Color32::from_rgb(120, 20, 20);
pub const BANNER_WON: Color32 = Color32::from_rgb(25, 100, 50);
pub const BANNER_DRAWN: Color32 = Color32::from_rgb(65, 75, 95);
pub const BANNER_TEXT: Color32 = Color32::WHITE;

/// The review's best move, drawn as an arrow.
pub const BEST_ARROW: Color32 = Color32::from_rgba_unmultiplied_const(30, 150, 60, 200);
/// Other moves the review's reasons point at (the reply that wins material...).
pub const REASON_ARROW: Color32 = Color32::from_rgba_unmultiplied_const(200, 40, 40, 170);
/// Squares of the review's best move, outlined as its arrow is drawn.
pub const BEST_MARK: Color32 = Color32::from_rgba_unmultiplied_const(30, 150, 60, 220);
/// Squares the review's explanation is about.
pub const REVIEW_MARK: Color32 = Color32::from_rgba_unmultiplied_const(200, 40, 40, 200);

/// What a board style paints: the table, the board, its lines and coordinates, the stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardPalette {
    pub table: Color32,
    pub board: Color32,
    pub stand: Color32,
    pub grid: Color32,
    pub coordinate: Color32,
    /// Words written on the stands (the side's name, a count).
    pub stand_ink: Color32,
}

const WOOD_BOARD: BoardPalette = BoardPalette {
    table: TABLE,
    board: BOARD_WOOD,
    stand: STAND_WOOD,
    grid: GRID_LINE,
    coordinate: COORDINATE,
    stand_ink: TILE_INK,
};

/// A plain board in a soft green, dark lines, on a dark green table.
const GREEN_BOARD: BoardPalette = BoardPalette {
    table: Color32::from_rgb(28, 48, 36),
    board: Color32::from_rgb(150, 196, 150),
    stand: Color32::from_rgb(116, 164, 120),
    grid: Color32::from_rgb(18, 44, 24),
    coordinate: Color32::from_rgb(222, 240, 222),
    stand_ink: Color32::from_rgb(10, 24, 12),
};

pub fn board(style: BoardStyle) -> &'static BoardPalette {
    match style {
        BoardStyle::Wood => &WOOD_BOARD,
        BoardStyle::Green => &GREEN_BOARD,
    }
}

/// What a piece set paints: the tile and its outline, the ink, and how large and heavy the
/// label is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PieceLook {
    pub face: Color32,
    pub edge: Color32,
    pub ink: Color32,
    pub promoted_ink: Color32,
    /// The outline's width, as a share of the cell.
    pub edge_width: f32,
    /// The tile's size against the classic set's.
    pub tile_scale: f32,
    /// The label's size against the classic set's, on a tile of the same size.
    pub label_scale: f32,
    /// How far apart letters are struck to make them heavier, as a share of their size, beyond
    /// the classic set's (the kanji's font is bold already).
    pub weight: f32,
}

const CLASSIC_PIECES: PieceLook = PieceLook {
    face: TILE_FACE,
    edge: TILE_EDGE,
    ink: TILE_INK,
    promoted_ink: PROMOTED_INK,
    edge_width: 0.025,
    tile_scale: 1.0,
    label_scale: 1.0,
    weight: 0.0,
};

/// White tiles a little larger, a black outline twice as strong, labels a fifth larger and
/// letters struck heavier: readable from further away and on a small window.
const BOLD_PIECES: PieceLook = PieceLook {
    face: Color32::WHITE,
    edge: Color32::BLACK,
    ink: Color32::BLACK,
    promoted_ink: Color32::from_rgb(190, 0, 0),
    edge_width: 0.05,
    tile_scale: 1.05,
    label_scale: 1.15,
    weight: 0.025,
};

pub fn pieces(set: PieceSet) -> &'static PieceLook {
    match set {
        PieceSet::Classic => &CLASSIC_PIECES,
        PieceSet::Bold => &BOLD_PIECES,
    }
}
