//! The review in Japanese: the words a shogi player reads in a kifu's comments
//! (最善手, 好手, 疑問手, 悪手, 大悪手) and the mates a move changed. The
//! sentences of the explanations are still English only (`super::english`);
//! this module is where their Japanese goes.

use super::verdict::{MateEvent, Verdict};

/// The verdict's name: 最善手, 好手, 疑問手, 悪手, 大悪手.
pub fn verdict_name(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Best => "最善手",
        Verdict::Good => "好手",
        Verdict::Inaccuracy => "疑問手",
        Verdict::Mistake => "悪手",
        Verdict::Blunder => "大悪手",
    }
}

/// A missed or allowed mate: 「7手詰を逃した」, 「5手詰を許した」.
pub fn mate_event_text(event: MateEvent) -> String {
    match event {
        MateEvent::Missed { plies } => format!("{plies}手詰を逃した"),
        MateEvent::Allowed { plies } => format!("{plies}手詰を許した"),
    }
}

/// The engine's move, named: 「最善手 ▲２六歩」.
pub fn best_move(written: &str) -> String {
    format!("最善手 {written}")
}
