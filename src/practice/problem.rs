//! A mate problem: a position whose side to move mates in a stated number of plies, and the
//! sets they come in: komadai's own (`assets/tsume.txt`, made by `tools/make_problems`), and
//! the collections a player imports.
//!
//! A set is text, one problem a line: `SFEN | plies` (`#` starts a comment).

use crate::rules::Position;

/// The set komadai ships, made from its own self-play games.
pub const BUILT_IN: &str = include_str!("../../assets/tsume.txt");

/// One mate problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MateProblem {
    pub position: Position,
    /// The mate's length in plies, the attacker's moves and the defender's (1, 3, 5...).
    pub plies: u32,
}

impl MateProblem {
    /// The attacker's moves to find: 1 for a mate in one, 2 for a mate in three plies...
    pub fn moves(&self) -> u32 {
        self.plies.div_ceil(2)
    }

    /// The line of a set for this problem.
    pub fn to_line(&self) -> String {
        format!("{} | {}", self.position.to_sfen(), self.plies)
    }

    /// A key that names the problem in the player's history: its position.
    pub fn key(&self) -> String {
        self.position.to_sfen()
    }
}

/// Why a line of a set is not a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// The SFEN does not read (the reader's words).
    Sfen(String),
    /// The length is missing, not a number, or even (a mate ends on the attacker's move).
    Plies(String),
}

/// The problems of a set's text, with the lines that could not be read (1-based line
/// numbers). Comments and blank lines are skipped.
pub fn read_set(text: &str) -> (Vec<MateProblem>, Vec<(usize, LineError)>) {
    let mut problems = Vec::new();
    let mut errors = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        match read_line(line) {
            Ok(problem) => problems.push(problem),
            Err(err) => errors.push((i + 1, err)),
        }
    }
    (problems, errors)
}

fn read_line(line: &str) -> Result<MateProblem, LineError> {
    let (sfen, plies) = line.split_once('|').unwrap_or((line, ""));
    let position = Position::mate_problem_from_sfen(sfen.trim())
        .map_err(|e| LineError::Sfen(e.to_string()))?;
    let plies = plies.trim();
    match plies.parse::<u32>() {
        Ok(n) if n % 2 == 1 => Ok(MateProblem { position, plies: n }),
        _ => Err(LineError::Plies(plies.to_owned())),
    }
}

/// The built-in set (its lines were checked when it was made, and again by the tests).
pub fn built_in() -> Vec<MateProblem> {
    read_set(BUILT_IN).0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_reads_its_problems_and_names_its_broken_lines() {
        let text = "# a comment\n\
                    4k4/9/4P4/9/9/9/9/9/4K4 b G 1 | 1\n\
                    \n\
                    not a position | 3\n\
                    4k4/9/4P4/9/9/9/9/9/4K4 b G 1 | 2\n";
        let (problems, errors) = read_set(text);
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].plies, 1);
        assert_eq!(problems[0].moves(), 1);
        assert_eq!(errors.len(), 2);
        assert_eq!(errors[0].0, 4);
        assert!(matches!(errors[0].1, LineError::Sfen(_)));
        assert_eq!(errors[1], (5, LineError::Plies("2".into())));
    }

    #[test]
    fn a_problem_writes_the_line_it_is_read_from() {
        let line = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1 | 1";
        let (problems, _) = read_set(line);
        assert_eq!(problems[0].to_line(), line);
    }
}
