//! The comment on the position shown, under the move list of a record being replayed or
//! studied: read and edited in place, saved with the record.

use crate::gui::intent::Intent;
use crate::i18n::{Language, fill};
use egui::{RichText, ScrollArea, TextEdit, Ui};

/// The comment on the position after `ply` moves, as it stands.
pub struct CommentView<'a> {
    pub ply: usize,
    pub text: &'a str,
}

/// Shows the comment in a field that edits it; returns the new text when it was changed.
pub fn show(ui: &mut Ui, view: &CommentView, lang: Language) -> Option<Intent> {
    let r = lang.records();
    let heading = match view.ply {
        0 => r.comment_on_start.to_owned(),
        n => fill(r.comment_on_move, &[("n", &n)]),
    };
    let label = ui
        .label(RichText::new(heading).strong())
        .on_hover_text(r.comment_tip);
    let mut text = view.text.to_owned();
    ScrollArea::vertical()
        .id_salt("comment")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.add(
                TextEdit::multiline(&mut text)
                    .hint_text(r.comment_hint)
                    .desired_width(f32::INFINITY)
                    .desired_rows(3),
            )
            .labelled_by(label.id)
        });
    (text != view.text).then_some(Intent::SetComment(text))
}
