//! Glue to the system: where files live, the log, the fonts, the sounds, and the X11
//! keyboard focus.

pub mod data_dir;
pub mod fonts;
pub mod logging;
pub mod sound;
#[cfg(all(unix, not(target_os = "macos")))]
pub(crate) mod x11_focus;
