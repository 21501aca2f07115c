//! The ladder's two boxes: the step it offers after a run, and the results page (the record
//! per level and odds, and the rule the ladder follows).

use super::intent::Intent;
use super::ladder::{Ladder, Offer, Outcome, RUN};
use egui::{Grid, RichText, Ui};

/// The ladder's rule as the results page says it.
pub const RULE: &str = "After three wins in a row at one level and handicap, komadai offers a step harder (a smaller handicap received, or a larger one given); after three losses in a row, a step easier. A draw breaks a run.";

/// "Three wins in a row…: try …?" with Play it / Not now.
pub fn offer(ui: &mut Ui, offer: &Offer) -> Vec<Intent> {
    ui.heading(if offer.up {
        "Ready for a harder game?"
    } else {
        "Try an easier game?"
    });
    ui.label(offer.sentence());
    ui.add_space(10.0);
    ui.horizontal(|ui| {
        if ui.button("Play it").clicked() {
            vec![Intent::TakeOffer(*offer)]
        } else if ui.button("Not now").clicked() {
            vec![Intent::Cancel]
        } else {
            Vec::new()
        }
    })
    .inner
}

/// The record per level and odds, from the easiest odds, with the latest results.
pub fn results(ui: &mut Ui, ladder: &Ladder) -> Vec<Intent> {
    ui.heading("Your results");
    ui.label(RULE);
    ui.add_space(8.0);
    let rows = ladder.table();
    if rows.is_empty() {
        ui.label("No games finished yet.");
    } else {
        Grid::new("results")
            .striped(true)
            .num_columns(6)
            .show(ui, |ui| {
                for title in ["Level", "Handicap", "Won", "Lost", "Drawn", "Latest"] {
                    ui.label(RichText::new(title).strong());
                }
                ui.end_row();
                for entry in rows {
                    ui.label(entry.level.name());
                    ui.label(entry.odds.label());
                    ui.label(entry.wins.to_string());
                    ui.label(entry.losses.to_string());
                    ui.label(entry.draws.to_string());
                    ui.label(latest(&entry.recent));
                    ui.end_row();
                }
            });
    }
    ui.add_space(10.0);
    if ui.button("Close").clicked() {
        vec![Intent::Cancel]
    } else {
        Vec::new()
    }
}

/// The last few results, newest last: `W W L`; a run long enough for an offer is marked.
fn latest(recent: &[Outcome]) -> String {
    let letters: Vec<&str> = recent
        .iter()
        .rev()
        .take(RUN + 2)
        .rev()
        .map(|o| match o {
            Outcome::Win => "W",
            Outcome::Loss => "L",
            Outcome::Draw => "D",
        })
        .collect();
    letters.join(" ")
}
