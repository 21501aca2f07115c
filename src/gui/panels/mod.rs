//! The panels around the board: the toolbar and the game menu, the status line and its
//! message, the move list and the comment under it, the replay bar, the clocks, the evaluation bar, and the keys.

pub mod announce;
pub mod clock_view;
pub mod comment_box;
pub mod eval_bar;
pub mod game_menu;
pub mod keys;
pub mod message;
pub mod move_list;
pub mod replay_bar;
pub mod status;
pub mod toolbar;
