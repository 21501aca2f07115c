//! komadai: shogi against a built-in AI.
//!
//! `rules` is the rules core (it knows nothing of the rest); `usi` is the
//! engine's protocol front.

pub mod rules;
pub mod usi;
