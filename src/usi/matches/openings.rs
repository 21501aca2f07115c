//! Where games start: random quiet openings from a seed, or a file of positions.

use super::referee::{DeclarationRule, Referee};
use crate::rules::game::MAX_PLIES;
use crate::rules::{Move, Position, PositionCommand};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::collections::HashSet;

/// A start position and the moves played from it before the engines take
/// over.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    pub start: Position,
    pub moves: Vec<Move>,
}

/// Every opening of a file's `text` (`path` names it in an error), in the forms
/// [`parse_opening`] reads; `#` starts a comment line.
pub fn parse_openings(text: &str, path: &str) -> Result<Vec<Opening>, String> {
    let mut list = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let opening = parse_opening(line).map_err(|e| format!("{path}:{}: {e}", number + 1))?;
        list.push(opening);
    }
    if list.is_empty() {
        return Err(format!("{path}: no opening in it"));
    }
    Ok(list)
}

/// One line of an openings file: `startpos`, `sfen ...`, a bare SFEN, or USI moves from the
/// start, optionally after `moves`; a `position ` before any of them is read past.
pub fn parse_opening(line: &str) -> Result<Opening, String> {
    let line = line.strip_prefix("position ").unwrap_or(line).trim();
    let first = line.split_whitespace().next().unwrap_or("");
    let command = if first == "startpos" || first == "sfen" {
        line.to_string()
    } else if first.contains('/') {
        format!("sfen {line}")
    } else {
        let moves = line.strip_prefix("moves").unwrap_or(line);
        format!("startpos moves {moves}")
    };
    let parsed = PositionCommand::parse(&command).map_err(|e| e.to_string())?;
    let opening = Opening {
        start: parsed.start,
        moves: parsed.moves,
    };
    let referee = Referee::new(
        opening.start,
        &opening.moves,
        MAX_PLIES,
        DeclarationRule::Csa27,
    );
    if referee.verdict.is_some() {
        return Err("the game is already over there".to_string());
    }
    Ok(opening)
}

/// Shuffles `list` in an order set by `seed`.
pub fn shuffle<T>(list: &mut [T], seed: u64) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    for i in (1..list.len()).rev() {
        list.swap(i, rng.random_range(0..=i));
    }
}

/// `count` distinct openings of `plies` quiet random moves from the start:
/// no capture, drop or promotion, and not ending in check, so neither side
/// starts with an edge the moves handed it.
pub fn random_openings(count: usize, plies: usize, seed: u64) -> Vec<Opening> {
    let start = Position::startpos();
    if plies == 0 {
        return vec![Opening {
            start,
            moves: Vec::new(),
        }];
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut seen = HashSet::new();
    let mut list = Vec::new();
    for _ in 0..1000 * count.max(1) {
        if list.len() == count {
            break;
        }
        if let Some(moves) = quiet_random_moves(&start, plies, &mut rng) {
            let end = moves.iter().fold(start, |pos, &mv| pos.after(mv));
            if !end.in_check() && end.has_legal_move() && seen.insert(end.hash()) {
                list.push(Opening { start, moves });
            }
        }
    }
    if list.is_empty() {
        list.push(Opening {
            start,
            moves: Vec::new(),
        });
    }
    list
}

/// `plies` random moves from `start` without a capture, drop or promotion; `None` where the
/// walk found none.
pub fn quiet_random_moves(
    start: &Position,
    plies: usize,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<Vec<Move>> {
    let mut pos = *start;
    let mut moves = Vec::with_capacity(plies);
    for _ in 0..plies {
        let quiet: Vec<Move> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|&mv| !mv.is_drop() && !mv.is_promotion() && pos.piece_at(mv.to()).is_none())
            .collect();
        if quiet.is_empty() {
            return None;
        }
        let mv = quiet[rng.random_range(0..quiet.len())];
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    Some(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::START_SFEN;

    #[test]
    fn openings_read_every_form_of_a_line() {
        let from = |line: &str| parse_opening(line).expect(line);
        let seventy_six = from("startpos moves 7g7f");
        assert_eq!(seventy_six, from("7g7f"));
        assert_eq!(seventy_six, from("position startpos moves 7g7f"));
        assert_eq!(seventy_six, from(&format!("sfen {START_SFEN} moves 7g7f")));
        assert_eq!(seventy_six, from(&format!("{START_SFEN} moves 7g7f")));
        assert!(parse_opening("startpos moves 7g7e").is_err());
    }

    #[test]
    fn random_openings_are_distinct_quiet_and_repeatable() {
        let list = random_openings(10, 8, 1);
        assert_eq!(list.len(), 10);
        assert_eq!(list, random_openings(10, 8, 1));
        let ends: HashSet<u64> = list
            .iter()
            .map(|o| o.moves.iter().fold(o.start, |p, &m| p.after(m)).hash())
            .collect();
        assert_eq!(ends.len(), 10);
        assert!(list.iter().all(|o| o.moves.len() == 8));
    }
}
