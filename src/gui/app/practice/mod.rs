//! The app while the Practice page is open: the page drawn, an exercise played and judged,
//! a collection imported, and the player's finished games reviewed in the background.

mod backlog;
mod import;
mod practicing;
mod window;
