//! The egui desktop app (issue 5): draws state, turns input into intents.
