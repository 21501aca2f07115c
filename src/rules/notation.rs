//! Move notation: Western (Hodges) and Japanese (issue 3); USI is in `moves.rs`.
