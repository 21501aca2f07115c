//! The ladder's two boxes: the step it offers after a run, and the results page (the record
//! per level and odds, and the rule the ladder follows).

use crate::gui::intent::Intent;
use crate::gui::ladder::{Ladder, LadderOutcome, Offer, RUN};
use crate::i18n::Language;
use egui::{Grid, RichText, Ui};

/// "Three wins in a row…: try …?" with Play it / Not now.
pub fn offer(ui: &mut Ui, offer: &Offer, lang: Language) -> Vec<Intent> {
    let t = lang.strings();
    ui.heading(if offer.up {
        t.harder_heading
    } else {
        t.easier_heading
    });
    ui.label(offer.sentence(lang));
    ui.add_space(10.0);
    ui.horizontal(|ui| {
        if ui.button(t.play_it).clicked() {
            vec![Intent::TakeOffer(*offer)]
        } else if ui.button(t.not_now).clicked() {
            vec![Intent::Cancel]
        } else {
            Vec::new()
        }
    })
    .inner
}

/// The record per level and odds, from the easiest odds, with the latest results.
pub fn results(ui: &mut Ui, ladder: &Ladder, lang: Language) -> Vec<Intent> {
    let t = lang.strings();
    ui.heading(t.results_heading);
    ui.label(t.ladder_rule);
    ui.add_space(8.0);
    let rows = ladder.table();
    if rows.is_empty() {
        ui.label(t.no_games_yet);
    } else {
        Grid::new("results")
            .striped(true)
            .num_columns(6)
            .show(ui, |ui| {
                let titles = [
                    t.col_level,
                    t.col_handicap,
                    t.col_won,
                    t.col_lost,
                    t.col_drawn,
                    t.col_latest,
                ];
                for title in titles {
                    ui.label(RichText::new(title).strong());
                }
                ui.end_row();
                for entry in rows {
                    ui.label(lang.level(entry.level));
                    ui.label(entry.odds.label(lang));
                    ui.label(entry.wins.to_string());
                    ui.label(entry.losses.to_string());
                    ui.label(entry.draws.to_string());
                    ui.label(latest(&entry.recent, lang));
                    ui.end_row();
                }
            });
    }
    ui.add_space(10.0);
    if ui.button(t.close).clicked() {
        vec![Intent::Cancel]
    } else {
        Vec::new()
    }
}

/// The last few results, newest last: `W W L`; a run long enough for an offer is marked.
fn latest(recent: &[LadderOutcome], lang: Language) -> String {
    let mut names = lang.strings().outcome_letters.split(' ');
    let mut name = || names.next().unwrap_or("?");
    let (win, loss, draw) = (name(), name(), name());
    let letters: Vec<&str> = recent
        .iter()
        .rev()
        .take(RUN + 2)
        .rev()
        .map(|o| match o {
            LadderOutcome::Win => win,
            LadderOutcome::Loss => loss,
            LadderOutcome::Draw => draw,
        })
        .collect();
    letters.join(" ")
}
