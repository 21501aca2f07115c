//! The one-line note for the player under the toolbar, and how serious it is.
//!
//! A note answers the player's last action ("Saved to …", why a move was refused), so the
//! app drops it as soon as the player does something else; its kind decides its colour, so
//! good news never looks like a failure.

use egui::{Color32, Visuals};

/// How serious a note is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MessageKind {
    /// Something done or worth knowing: a file saved, a replay opened.
    Info,
    /// The player's request could not be done as asked: an illegal move, a read-only board.
    Warning,
    /// Something failed: a file not written or not readable, settings not saved.
    Error,
}

/// A note for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub kind: MessageKind,
    pub text: String,
}

impl Message {
    pub fn info(text: impl Into<String>) -> Message {
        Message::new(MessageKind::Info, text)
    }

    pub fn warning(text: impl Into<String>) -> Message {
        Message::new(MessageKind::Warning, text)
    }

    pub fn error(text: impl Into<String>) -> Message {
        Message::new(MessageKind::Error, text)
    }

    /// A note of `kind`; the text starts with a capital letter whoever wrote it (the rules
    /// and the record readers write their reasons to follow a colon).
    fn new(kind: MessageKind, text: impl Into<String>) -> Message {
        Message {
            kind,
            text: capitalised(&text.into()),
        }
    }

    /// A note of `kind` whose text is a sentence of the app's own that may begin with a
    /// name (a file's, a path): kept as written, since a name is not to be capitalised
    /// ("easy.kif を再生中" stays as it is).
    pub fn as_written(kind: MessageKind, text: impl Into<String>) -> Message {
        Message {
            kind,
            text: text.into(),
        }
    }
}

/// The colour a note of `kind` is written in: the usual text colour for information, the
/// theme's warning and error colours for the others.
pub fn color(kind: MessageKind, visuals: &Visuals) -> Color32 {
    match kind {
        MessageKind::Info => visuals.strong_text_color(),
        MessageKind::Warning => visuals.warn_fg_color,
        MessageKind::Error => visuals.error_fg_color,
    }
}

pub use crate::rules::notation::capitalised;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_starts_with_a_capital_letter() {
        assert_eq!(
            Message::error("line 3: cannot read 'x'").text,
            "Line 3: cannot read 'x'"
        );
        assert_eq!(Message::info("").text, "");
    }

    #[test]
    fn each_kind_has_its_own_colour() {
        let visuals = Visuals::dark();
        let colours = [MessageKind::Info, MessageKind::Warning, MessageKind::Error]
            .map(|kind| color(kind, &visuals));
        assert_ne!(colours[0], colours[1]);
        assert_ne!(colours[1], colours[2]);
        assert_ne!(colours[0], colours[2]);
    }
}
