//! The last word of a record: how KIF and CSA name endings, and applying
//! one to a replayed game.

use super::model::Record;
use crate::rules::Color;
use crate::rules::game::{EndReason, GameResult};

/// What a record says happened after its last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The side to move resigned (KIF 投了, CSA %TORYO).
    Resign,
    /// KIF 詰み, CSA %TSUMI: the side to move is mated.
    Checkmate,
    /// KIF 千日手, CSA %SENNICHITE.
    Sennichite,
    /// KIF 入玉宣言 / 入玉勝ち, CSA %KACHI: the side to move declares.
    Declare,
    /// KIF 持将棋, CSA %JISHOGI: an impasse draw.
    Jishogi,
    /// KIF 切れ負け, CSA %TIME_UP: the side to move ran out of time.
    TimeUp,
    /// Anything else (中断, 切れ負け, %TIME_UP...), as written.
    Other(String),
}

impl Ending {
    /// The ending a KIF move-column word names.
    pub fn from_kif(word: &str) -> Option<Ending> {
        Some(match word {
            "投了" => Ending::Resign,
            "詰み" => Ending::Checkmate,
            "千日手" => Ending::Sennichite,
            "入玉宣言" | "入玉勝ち" | "宣言勝ち" => Ending::Declare,
            "持将棋" => Ending::Jishogi,
            "切れ負け" | "時間切れ" => Ending::TimeUp,
            "中断" | "反則勝ち" | "反則負け" | "不詰" | "不戦勝" | "不戦敗" | "封じ手" => {
                Ending::Other(word.to_string())
            }
            _ => return None,
        })
    }

    /// The ending a CSA `%` line names.
    pub fn from_csa(word: &str) -> Ending {
        match word {
            "%TORYO" => Ending::Resign,
            "%TSUMI" => Ending::Checkmate,
            "%SENNICHITE" => Ending::Sennichite,
            "%KACHI" => Ending::Declare,
            "%JISHOGI" | "%MAX_MOVES" => Ending::Jishogi,
            "%TIME_UP" => Ending::TimeUp,
            other => Ending::Other(other.to_string()),
        }
    }

    fn text(&self, kif: bool) -> String {
        let (k, c) = match self {
            Ending::Resign => ("投了", "%TORYO"),
            Ending::Checkmate => ("詰み", "%TSUMI"),
            Ending::Sennichite => ("千日手", "%SENNICHITE"),
            Ending::Declare => ("入玉宣言", "%KACHI"),
            Ending::Jishogi => ("持将棋", "%JISHOGI"),
            Ending::TimeUp => ("切れ負け", "%TIME_UP"),
            Ending::Other(text) => return text.clone(),
        };
        if kif { k } else { c }.to_string()
    }
}

/// How a record writes a result.
pub fn ending_of(result: &GameResult) -> Ending {
    match result.reason {
        EndReason::Checkmate | EndReason::NoLegalMoves => Ending::Checkmate,
        EndReason::Resignation => Ending::Resign,
        EndReason::TimeUp => Ending::TimeUp,
        EndReason::Sennichite | EndReason::PerpetualCheck => Ending::Sennichite,
        EndReason::Impasse { .. } => Ending::Declare,
        EndReason::MaxPlies { .. } => Ending::Jishogi,
    }
}

pub fn kif_word(ending: &Ending) -> String {
    ending.text(true)
}

pub fn csa_word(ending: &Ending) -> String {
    ending.text(false)
}

/// Applies the record's ending to its replayed game. `resigner` names the
/// side that resigned when the file says so (otherwise the side to move).
/// Endings the moves do not bear out are kept in `other_ending`.
pub fn apply(record: &mut Record, ending: Ending, resigner: Option<Color>) {
    let game = &mut record.game;
    if game.is_over() {
        return;
    }
    match ending {
        Ending::Resign => {
            let loser = resigner.unwrap_or(game.side_to_move());
            game.resign(loser);
        }
        Ending::Declare if game.declare().is_ok() => {}
        Ending::TimeUp => game.lose_on_time(),
        other => record.other_ending = Some(kif_word(&other)),
    }
}

/// Endings without a komadai rule, as each format spells them.
const OTHER_WORDS: [(&str, &str); 9] = [
    ("中断", "%CHUDAN"),
    ("切れ負け", "%TIME_UP"),
    ("反則負け", "%ILLEGAL_MOVE"),
    ("千日手", "%SENNICHITE"),
    ("持将棋", "%JISHOGI"),
    ("詰み", "%TSUMI"),
    ("入玉宣言", "%KACHI"),
    ("不詰", "%FUZUMI"),
    ("投了", "%TORYO"),
];

/// An unexplained ending in KIF words (a CSA `%` word is translated).
pub fn other_in_kif(text: &str) -> String {
    OTHER_WORDS
        .iter()
        .find(|(_, csa)| *csa == text)
        .map_or_else(|| text.to_string(), |(kif, _)| kif.to_string())
}

/// An unexplained ending as a CSA `%` word, if CSA has one.
pub fn other_in_csa(text: &str) -> Option<String> {
    if text.starts_with('%') {
        return Some(text.to_string());
    }
    OTHER_WORDS
        .iter()
        .find(|(kif, _)| *kif == text)
        .map(|(_, csa)| csa.to_string())
}
