//! The board and what lies on it: the squares and pieces, the hands, the promotion
//! prompt, what the player has picked up, the board's measures, and the box a move is
//! typed in.

pub mod board_view;
pub mod cursor;
pub mod geometry;
pub mod hand_view;
pub mod move_box;
pub mod piece_tile;
pub mod promotion;
pub mod selection;
pub mod wheel;
