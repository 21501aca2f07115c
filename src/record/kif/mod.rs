//! KIF: header lines, a handicap name or a board diagram, then the numbered
//! move table with origins and times, comments on `*` lines. KI2 shares its
//! header, its summary and its way of reading lines.

mod board;
mod header;
mod lines;
mod read;
mod write;

pub use header::{Header, summary_winner};
pub use lines::kif_lines_with_comments;
pub use read::{read, read_mate_problem, read_up_to};
pub use write::{header_lines, push_comment, write, write_shift_jis};
