//! CSA (V2, V2.2), the computer-shogi servers' format: `$` headers, `P`
//! position lines, `+7776FU` moves with `T` times, and `%` endings.

mod read;
mod write;

pub use read::{read, read_mate_problem, read_up_to};
pub use write::write;
pub(super) use write::{code, kind_of_code};
