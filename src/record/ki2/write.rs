//! Writing KI2: KIF's header, the moves as players write them eight to a
//! line, their comments as KIF's `*` lines, and the `まで` summary.

use crate::record::ending::Ending;
use crate::record::kif::{header_lines, push_comment};
use crate::record::model::Record;
use crate::rules::Color;
use crate::rules::game::EndReason;
use crate::rules::notation::japanese_moves;

/// KI2 text: KIF's header, the moves eight to a line, and the summary.
pub fn write(record: &Record) -> String {
    let game = &record.game;
    let mut lines = header_lines(record, "KI2");
    push_comment(&mut lines, record.comment(0));
    let spelt = japanese_moves(game.start(), game.moves());
    // Eight moves a line; a move with a comment ends its line, the comment under it.
    let mut row = String::new();
    let mut in_row = 0;
    for (i, written) in spelt.iter().enumerate() {
        row.push_str(&pad(written, 12));
        in_row += 1;
        let comment = record.comment(i + 1);
        if in_row == 8 || comment.is_some() || i + 1 == spelt.len() {
            lines.push(std::mem::take(&mut row).trim_end().to_string());
            in_row = 0;
            push_comment(&mut lines, comment);
        }
    }
    let last = game.start().move_number() as usize + game.ply() - 1;
    if let Some(result) = game.result() {
        let how = match (result.reason, result.winner) {
            (EndReason::Impasse { .. }, Some(Color::Sente)) => "入玉宣言により先手の勝ち",
            (EndReason::Impasse { .. }, Some(Color::Gote)) => "入玉宣言により後手の勝ち",
            (EndReason::Impasse { .. }, None) => "入玉宣言により持将棋",
            (EndReason::Sennichite, _) => "千日手",
            (EndReason::MaxPlies { .. }, None) => "持将棋",
            (_, Some(Color::Sente)) => "先手の勝ち",
            (_, Some(Color::Gote)) => "後手の勝ち",
            (_, None) => "持将棋",
        };
        lines.push(format!("まで{last}手で{how}"));
    } else if let Some(text) = &record.other_ending
        && matches!(Ending::from_kif(text), Some(Ending::Other(_)))
    {
        lines.push(format!("まで{last}手で{text}"));
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

fn pad(text: &str, width: usize) -> String {
    let used: usize = text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum();
    format!("{text}{}", " ".repeat(width.saturating_sub(used).max(1)))
}
