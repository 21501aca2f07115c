//! The buttons and switches above the board, in groups: the game, the board's turn, the
//! pieces' labels, the notation. A narrow window wraps whole groups onto the next row,
//! never a lone button.

use crate::gui::intent::Intent;
use crate::gui::storage::settings::{Labels, NotationStyle, Settings};
use crate::i18n::Language;
use egui::{Button, Id, TextStyle, Ui, WidgetText};

/// What the toolbar may offer right now.
pub struct ToolbarState {
    pub settings: Settings,
    pub can_undo: bool,
    pub can_resign: bool,
    pub can_declare: bool,
    pub can_hint: bool,
    pub lang: Language,
}

type Group = fn(&mut Ui, &ToolbarState) -> Option<Intent>;

const GROUPS: [(&str, Group); 6] = [
    ("game", game),
    ("flip", flip),
    ("labels", labels),
    ("notation", notation),
    ("language", language),
    ("sound", sound),
];

/// The gap a separator takes between two groups on a row.
const GAP: f32 = 14.0;

pub fn show(ui: &mut Ui, state: &ToolbarState) -> Option<Intent> {
    let widths = GROUPS.map(|(name, _)| reserved_width(ui, name, state));
    let mut intent = None;
    for row in pack(&widths, ui.available_width(), GAP) {
        let chosen = ui.horizontal(|ui| {
            let mut chosen = None;
            for (i, &group) in row.iter().enumerate() {
                if i > 0 {
                    ui.separator();
                }
                let (name, draw) = GROUPS[group];
                let drawn = ui.horizontal(|ui| draw(ui, state));
                let width = drawn.response.rect.width();
                ui.data_mut(|d| d.insert_temp(width_id(name), width));
                chosen = chosen.or(drawn.inner);
            }
            chosen
        });
        intent = intent.or(chosen.inner);
    }
    intent
}

/// Splits groups of these widths into rows no wider than `available`, in order; a group
/// wider than a row gets a row of its own.
pub fn pack(widths: &[f32], available: f32, gap: f32) -> Vec<Vec<usize>> {
    let mut rows: Vec<Vec<usize>> = Vec::new();
    let mut used = 0.0;
    for (i, &width) in widths.iter().enumerate() {
        match rows.last_mut() {
            Some(row) if used + gap + width <= available => {
                row.push(i);
                used += gap + width;
            }
            _ => {
                rows.push(vec![i]);
                used = width;
            }
        }
    }
    rows
}

/// A group's width as last drawn; the game group's also keeps room for "Declare impasse",
/// so the rows stay the same when that button comes and goes.
fn reserved_width(ui: &Ui, name: &str, state: &ToolbarState) -> f32 {
    let drawn = ui
        .data(|d| d.get_temp::<f32>(width_id(name)))
        .unwrap_or(0.0);
    if name == "game" && !state.can_declare {
        drawn + button_width(ui, state.lang.strings().declare)
    } else {
        drawn
    }
}

fn button_width(ui: &Ui, text: &str) -> f32 {
    let galley = WidgetText::from(text).into_galley(ui, None, f32::INFINITY, TextStyle::Button);
    galley.size().x + 2.0 * ui.spacing().button_padding.x + ui.spacing().item_spacing.x
}

fn width_id(name: &str) -> Id {
    Id::unique(("toolbar group width", name))
}

fn game(ui: &mut Ui, state: &ToolbarState) -> Option<Intent> {
    let t = state.lang.strings();
    let mut intent = None;
    let mut offer = |clicked: bool, what: Intent| {
        if clicked && intent.is_none() {
            intent = Some(what);
        }
    };
    offer(
        ui.button(t.new_game)
            .on_hover_text(t.new_game_tip)
            .clicked(),
        Intent::OpenNewGame,
    );
    offer(
        ui.add_enabled(state.can_undo, Button::new(t.undo))
            .on_hover_text(t.undo_tip)
            .clicked(),
        Intent::Undo,
    );
    // An added engine that gives the hints is named in the tip.
    let hint_engine = (state.settings.engines)
        .for_role(crate::gui::storage::engine_list::EngineRole::Hints)
        .map(|e| crate::i18n::fill(state.lang.engines().hint_tip, &[("name", &e.name)]));
    offer(
        ui.add_enabled(state.can_hint, Button::new(t.hint))
            .on_hover_text(hint_engine.as_deref().unwrap_or(t.hint_tip))
            .clicked(),
        Intent::Hint,
    );
    offer(
        ui.add_enabled(state.can_resign, Button::new(t.resign))
            .clicked(),
        Intent::AskResign,
    );
    if state.can_declare {
        offer(ui.button(t.declare).clicked(), Intent::AskDeclare);
    }
    intent
}

fn flip(ui: &mut Ui, state: &ToolbarState) -> Option<Intent> {
    let t = state.lang.strings();
    ui.button(t.flip)
        .on_hover_text(t.flip_tip)
        .clicked()
        .then_some(Intent::Flip)
}

fn labels(ui: &mut Ui, state: &ToolbarState) -> Option<Intent> {
    let t = state.lang.strings();
    let s = &state.settings;
    let mut intent = None;
    if ui
        .selectable_label(s.labels == Labels::Kanji, t.kanji)
        .on_hover_text(t.kanji_tip)
        .clicked()
    {
        intent = Some(Intent::SetLabels(Labels::Kanji));
    }
    if ui
        .selectable_label(s.labels == Labels::Letters, t.letters)
        .on_hover_text(t.letters_tip)
        .clicked()
    {
        intent = Some(Intent::SetLabels(Labels::Letters));
    }
    let mut dots = s.move_dots;
    if ui.checkbox(&mut dots, t.move_dots).changed() {
        intent = Some(Intent::SetMoveDots(dots));
    }
    intent
}

fn notation(ui: &mut Ui, state: &ToolbarState) -> Option<Intent> {
    let t = state.lang.strings();
    let s = &state.settings;
    let mut intent = None;
    if ui
        .selectable_label(s.notation == NotationStyle::Western, t.western)
        .on_hover_text(t.western_tip)
        .clicked()
    {
        intent = Some(Intent::SetNotation(NotationStyle::Western));
    }
    if ui
        .selectable_label(s.notation == NotationStyle::Japanese, t.japanese)
        .on_hover_text(t.japanese_tip)
        .clicked()
    {
        intent = Some(Intent::SetNotation(NotationStyle::Japanese));
    }
    intent
}

/// The interface's language, each named in itself so a player who cannot read the other
/// still finds their own.
fn language(ui: &mut Ui, state: &ToolbarState) -> Option<Intent> {
    let mut intent = None;
    for lang in Language::ALL {
        if ui
            .selectable_label(state.lang == lang, lang.own_name())
            .on_hover_text(state.lang.strings().language_tip)
            .clicked()
        {
            intent = Some(Intent::SetLanguage(lang));
        }
    }
    intent
}

fn sound(ui: &mut Ui, state: &ToolbarState) -> Option<Intent> {
    let t = state.lang.strings();
    let mut on = state.settings.sound;
    ui.checkbox(&mut on, t.sound)
        .on_hover_text(t.sound_tip)
        .changed()
        .then_some(Intent::SetSound(on))
}

#[cfg(test)]
mod tests {
    use super::pack;

    #[test]
    fn groups_fill_rows_in_order_and_wrap_whole() {
        assert_eq!(
            pack(&[300.0, 50.0, 200.0, 150.0], 1000.0, 10.0),
            [vec![0, 1, 2, 3]]
        );
        assert_eq!(
            pack(&[300.0, 50.0, 200.0, 150.0], 600.0, 10.0),
            [vec![0, 1, 2], vec![3]]
        );
        assert_eq!(pack(&[700.0, 50.0], 600.0, 10.0), [vec![0], vec![1]]);
    }
}
