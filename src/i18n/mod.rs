//! The app's languages: every string the window and the review show, one table per language.
//!
//! [`Strings`] has one field per string; `en.rs` and `ja.rs` each fill it in, so a third
//! language is one more file and the compiler names any string it forgets. Strings that
//! carry a number or a name are templates with `{name}` placeholders, filled by [`fill`].
//! Piece and square names follow the language too ([`Language::piece`],
//! [`Language::square`]).
//!
//! The review's sentences are templates of the same table (the `review_*` fields), put
//! together by the review's words for every language alike. A new part of the
//! interface adds its strings as a section of fields in [`Strings`] and the same fields in
//! `en.rs` and `ja.rs`; reasons built from a value of another layer get a function like
//! those of `reasons.rs`, and a sample in `reasons::samples`, so the glyph test
//! (`tests/gui/glyphs.rs`) sees them.

mod board_problems;
mod en;
mod engines;
mod every_text;
mod ja;
mod language;
mod practice;
mod read_errors;
mod reasons;
mod records;
mod spoken;
mod strings;

pub use engines::{EngineStrings, usi_error};
pub use every_text::{MARKS, every_text};
pub use language::{Language, handicap_name};
pub use practice::{PracticeStrings, by_count};
pub use read_errors::{
    SystemError, move_parse_error, position_error, record_problem, sfen_error, system_error,
};
pub use reasons::{game_error, game_result, illegal_move, setup_problem};
pub use records::RecordStrings;
pub use spoken::{hand_piece_name, move_name, played, square_name, stand_name};
pub use strings::{Strings, fill};
