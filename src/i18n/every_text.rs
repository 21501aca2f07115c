//! Every text the app can show in a language, for the test that the embedded
//! fonts have each glyph.

use super::language::{Language, handicap_name};
use super::{read_errors, reasons, spoken};
use crate::rules::{Color, Handicap, PieceKind, Square};

/// Every text the interface can show in `lang`, for the test that the embedded fonts have
/// each glyph: every string of the table, the names filled into its templates (pieces,
/// squares, sides, levels, handicaps, the languages' own names), and the rules' reasons and
/// results written out for sample values.
pub fn every_text(lang: Language) -> Vec<String> {
    let mut texts: Vec<String> = serde_json::to_value(lang.strings())
        .ok()
        .and_then(|value| value.as_object().cloned())
        .map(|fields| {
            fields
                .values()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default();
    texts.extend(table_texts(lang.practice()));
    texts.extend(table_texts(lang.engines()));
    texts.extend(table_texts(lang.records()));
    texts.extend(PieceKind::ALL.iter().map(|&k| lang.piece(k).to_owned()));
    texts.extend(Square::all().map(|sq| lang.square(sq)));
    texts.extend(
        Handicap::ALL
            .iter()
            .map(|&h| handicap_name(lang, h).to_owned()),
    );
    texts.extend(Language::ALL.iter().map(|l| l.own_name().to_owned()));
    for level in crate::engine::Level::ALL {
        texts.push(lang.level(level).to_owned());
    }
    for handicap in [false, true] {
        texts.extend(
            Color::ALL
                .iter()
                .map(|&c| lang.seat(c, handicap).to_owned()),
        );
    }
    texts.extend(reasons::samples(lang));
    texts.extend(read_errors::samples(lang));
    texts.extend(spoken::samples(lang));
    texts.push(MARKS.to_owned());
    texts
}

/// The strings of a table of `&'static str` fields.
fn table_texts(table: &impl serde::Serialize) -> Vec<String> {
    serde_json::to_value(table)
        .ok()
        .and_then(|value| value.as_object().cloned())
        .map(|fields| {
            fields
                .values()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// The marks the views draw beside the tables' strings: the sides' marks of the Western and
/// Japanese move lists, the running clock's », a hand's ×2, the editor's bullets and steps.
pub const MARKS: &str = "☗☖▲△»×•−+0123456789:.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_includes_the_table_and_the_reasons() {
        let texts = every_text(Language::Japanese);
        assert!(texts.iter().any(|t| t == "待った"));
        assert!(texts.iter().any(|t| t.contains("二歩")));
        assert!(texts.iter().any(|t| t.contains("詰みで先手の勝ち")));
        assert!(texts.len() > 300, "{}", texts.len());
    }
}
