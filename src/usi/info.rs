//! The `info` lines the engine prints while it searches.

use crate::engine::search::{Info, mate_distance};
use std::fmt::Write;

/// `score cp N` or `score mate N` (USI: plies, negative when being mated).
fn score_text(score: i32) -> String {
    match mate_distance(score) {
        Some(plies) => format!("score mate {plies}"),
        None => format!("score cp {score}"),
    }
}

pub fn info_line(info: &Info) -> String {
    let millis = info.elapsed.as_millis() as u64;
    let nps = info.nodes * 1000 / millis.max(1);
    let mut line = format!(
        "info depth {} seldepth {} multipv {} {} nodes {} nps {} time {} hashfull {}",
        info.depth,
        info.seldepth.max(info.depth),
        info.multipv,
        score_text(info.score),
        info.nodes,
        nps,
        millis,
        info.hashfull
    );
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for mv in &info.pv {
            let _ = write!(line, " {mv}");
        }
    }
    line
}
