//! Words for a screen reader to say as things happen (a move played, check, the result, the
//! review's verdict on the move shown): a node of the accessibility tree in a live region,
//! drawn nowhere. AccessKit announces a live node when it appears, so the node's id is made
//! of its words: new words are a new node, read out once.

use egui::{Id, Rect, Sense, Ui, Vec2, WidgetInfo};

/// How soon a screen reader says it: at once, breaking off what it says now (the result),
/// or when it is done (a move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Urgency {
    Polite,
    Assertive,
}

/// Puts `text` in the accessibility tree as a live region; nothing when it is empty.
pub fn live(ui: &mut Ui, text: &str, urgency: Urgency) {
    if text.is_empty() {
        return;
    }
    let id = Id::unique(("komadai announcement", text));
    let rect = Rect::from_min_size(ui.max_rect().min, Vec2::splat(1.0));
    let response = ui.interact(rect, id, Sense::hover());
    response.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, text));
    let live = match urgency {
        Urgency::Polite => egui::accesskit::Live::Polite,
        Urgency::Assertive => egui::accesskit::Live::Assertive,
    };
    // egui gives a label's words as its value; the name is what a screen reader announces.
    ui.ctx().accesskit_node_builder(id, |node| {
        node.set_label(text);
        node.set_live(live);
    });
}
