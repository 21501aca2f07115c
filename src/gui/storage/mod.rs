//! What the app keeps on disk: the settings, the autosaved game, the ladder's results and
//! game records, each written whole (`atomic_file`), and the note when one cannot be read.

pub mod atomic_file;
pub mod autosave;
pub mod engine_list;
pub mod file_note;
pub mod ladder_file;
pub mod practice_file;
pub mod records_io;
pub mod settings;
pub mod versioned_file;
