//! The app while the Practice page is open: the page drawn, an exercise played and judged,
//! a collection imported.

mod import;
mod practicing;
mod window;
