//! KI2: the same header as KIF, then the moves as players write them
//! (`▲７六歩 △３四歩 ▲同　歩`), without origins or numbers, and a `まで`
//! summary that carries the ending.

mod read;
mod resolve;
mod write;

pub use read::{MARKS, read, read_up_to};
pub use write::write;
