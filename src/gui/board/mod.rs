//! The board and what lies on it: the squares and pieces, the hands, the promotion
//! prompt, what the player has picked up, and the board's measures.

pub mod board_view;
pub mod cursor;
pub mod geometry;
pub mod hand_view;
pub mod piece_tile;
pub mod promotion;
pub mod selection;
