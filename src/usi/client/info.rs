//! What an engine reports while it thinks (`info …`), read into lines.

/// A score from the side to move's point of view, as USI gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineScore {
    /// Centipawns (a pawn is about 100).
    Cp(i32),
    /// Mate in this many plies: positive when the side to move mates,
    /// negative when it is mated; `None` when the engine gave only the sign
    /// (`mate +` / `mate -`), with `winning` saying which.
    Mate { plies: Option<i32>, winning: bool },
}

impl EngineScore {
    /// Whether the side to move is ahead (a mate for it, or cp > 0).
    pub fn winning(self) -> bool {
        match self {
            EngineScore::Cp(cp) => cp > 0,
            EngineScore::Mate { winning, .. } => winning,
        }
    }

    /// The same score for the other side.
    pub fn negated(self) -> EngineScore {
        match self {
            EngineScore::Cp(cp) => EngineScore::Cp(-cp),
            EngineScore::Mate { plies, winning } => EngineScore::Mate {
                plies: plies.map(|p| -p),
                winning: !winning,
            },
        }
    }
}

/// One `info` line; a field the engine left out is `None` (or empty).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchInfo {
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    /// 1 for the best line; engines that do not say are giving line 1.
    pub multipv: Option<usize>,
    pub score: Option<EngineScore>,
    /// The score is a bound, not exact (`lowerbound` / `upperbound`).
    pub bound: bool,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    pub time_ms: Option<u64>,
    pub hashfull: Option<u32>,
    /// The moves, in USI notation, as sent (not yet checked).
    pub pv: Vec<String>,
    /// `info string …`: free text.
    pub string: Option<String>,
}

impl SearchInfo {
    /// Reads an `info` line; `None` when it is not one. A field whose value
    /// does not read is left out, never a panic.
    pub fn parse(line: &str) -> Option<SearchInfo> {
        let mut words = line.split_whitespace();
        if words.next()? != "info" {
            return None;
        }
        let mut info = SearchInfo::default();
        while let Some(word) = words.next() {
            match word {
                "depth" => info.depth = number(words.next()),
                "seldepth" => info.seldepth = number(words.next()),
                "multipv" => info.multipv = number(words.next()),
                "nodes" => info.nodes = number(words.next()),
                "nps" => info.nps = number(words.next()),
                "time" => info.time_ms = number(words.next()),
                "hashfull" => info.hashfull = number(words.next()),
                "lowerbound" | "upperbound" => info.bound = true,
                "score" => info.score = score(words.next(), words.next()),
                "pv" => {
                    info.pv = words.by_ref().map(str::to_string).collect();
                }
                "string" => {
                    info.string = Some(words.by_ref().collect::<Vec<_>>().join(" "));
                }
                _ => {}
            }
        }
        Some(info)
    }
}

fn number<T: std::str::FromStr>(word: Option<&str>) -> Option<T> {
    word?.parse().ok()
}

fn score(kind: Option<&str>, value: Option<&str>) -> Option<EngineScore> {
    let value = value?;
    match kind? {
        "cp" => value.parse().ok().map(EngineScore::Cp),
        "mate" => {
            let plies: Option<i32> = value.parse().ok();
            let winning = match plies {
                Some(p) => p > 0 || (p == 0 && !value.starts_with('-')),
                None if value == "+" => true,
                None if value == "-" => false,
                None => return None,
            };
            Some(EngineScore::Mate { plies, winning })
        }
        _ => None,
    }
}
