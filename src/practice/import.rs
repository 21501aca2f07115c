//! A player's own tsume collection opened as a problem set: one SFEN a line, or KIF (KI2,
//! CSA) files whose start position is the problem. As published, a problem may leave out
//! the attacker's king, and the defender then holds the pieces left over unless its hand
//! is given ([`Setup::into_mate_problem`](crate::rules::Setup::into_mate_problem)); KIF and KI2 diagrams may too. Each problem is put to the solvers
//! before it is offered ([`super::mate::soundness`]); one that is not a sound mate problem
//! is listed with the reason, and the sound ones keep the length the solvers found. A
//! problem the player has already (built in, in another collection, or earlier in the same
//! one) is listed as such instead of being added again.

use super::mate::{Soundness, soundness};
use super::problem::MateProblem;
use super::queue::Collection;
use crate::record::{Record, RecordError, sfen_core};
use crate::rules::{Position, SfenError};
use std::collections::HashMap;
use std::fmt;
use std::io;
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// A problem as read, before the solvers see it.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadProblem {
    /// Where it was read: a line number, a file's name.
    pub place: Place,
    pub position: Result<Position, Unreadable>,
}

/// Why a problem could not be read, kept as the readers' own values so that the window
/// can say it in the player's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// A line that is not an SFEN (or not a mate problem's position).
    Sfen(SfenError),
    /// A record file that does not read (or whose start is no mate problem).
    Record(RecordError),
    /// A file that could not be read at all: the system's error kind and words.
    File(io::ErrorKind, String),
}

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unreadable::Sfen(err) => write!(f, "{err}"),
            Unreadable::Record(err) => write!(f, "{err}"),
            Unreadable::File(_, text) => f.write_str(text),
        }
    }
}

/// Where a problem was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    Line(usize),
    File(String),
}

/// Why a problem of a collection is not offered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Broken {
    /// Not a position.
    Unreadable(Unreadable),
    /// A position, but not a sound mate problem.
    Unsound(Soundness),
    /// A problem the player has already, and where.
    Duplicate(AlreadyIn),
}

/// Where a problem offered again is already.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AlreadyIn {
    /// komadai's own set.
    BuiltIn,
    /// A collection of the player's, by its name.
    Collection(String),
    /// An earlier problem of the same import.
    Earlier(Place),
}

/// The problems the player has already, by position (whatever move number a set gives it):
/// those an import is checked against.
#[derive(Clone, Debug, Default)]
pub struct Known {
    problems: HashMap<String, AlreadyIn>,
}

impl Known {
    /// The built-in set's problems and those of the player's collections, except the
    /// collection named `replaced`, which an import of that name takes the place of.
    pub fn new(built_in: &[MateProblem], collections: &[Collection], replaced: &str) -> Known {
        let mut known = Known::default();
        for problem in built_in {
            known.add(&problem.position, AlreadyIn::BuiltIn);
        }
        for collection in collections.iter().filter(|c| c.name != replaced) {
            let (problems, _) = super::problem::read_set(&collection.problems.join("\n"));
            for problem in problems {
                known.add(
                    &problem.position,
                    AlreadyIn::Collection(collection.name.clone()),
                );
            }
        }
        known
    }

    /// Notes `position` as a problem found in `place`, unless it is known already.
    fn add(&mut self, position: &Position, place: AlreadyIn) {
        self.problems.entry(sfen_core(position)).or_insert(place);
    }

    /// Where `position` is a problem already, if it is.
    fn find(&self, position: &Position) -> Option<&AlreadyIn> {
        self.problems.get(&sfen_core(position))
    }
}

/// A collection once verified.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    pub collection: Collection,
    pub broken: Vec<(Place, Broken)>,
}

/// The problems of a text of SFEN lines (`position sfen`, `sfen` and a trailing
/// `| plies` allowed; `#` starts a comment).
pub fn from_sfen_lines(text: &str) -> Vec<ReadProblem> {
    let mut candidates = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        let line = line.split('|').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let sfen = line.strip_prefix("position").map(str::trim).unwrap_or(line);
        let sfen = sfen.strip_prefix("sfen").map(str::trim).unwrap_or(sfen);
        candidates.push(ReadProblem {
            place: Place::Line(i + 1),
            position: Position::mate_problem_from_sfen(sfen).map_err(Unreadable::Sfen),
        });
    }
    candidates
}

/// The problems of files: a record file (KIF, KI2, CSA) is one problem, its start
/// position; any other file is read as SFEN lines.
pub fn from_files(paths: &[impl AsRef<Path>]) -> Vec<ReadProblem> {
    let mut candidates = Vec::new();
    for path in paths {
        let path = path.as_ref();
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into(),
        );
        let text = std::fs::read(path)
            .map_err(|e| Unreadable::File(e.kind(), e.to_string()))
            .and_then(|bytes| crate::record::decode(&bytes).map_err(Unreadable::Record));
        let text = match text {
            Ok(text) => text,
            Err(why) => {
                candidates.push(ReadProblem {
                    place: Place::File(name),
                    position: Err(why),
                });
                continue;
            }
        };
        let record_file = path.extension().is_some_and(|ext| {
            let ext = ext.to_string_lossy().to_lowercase();
            matches!(ext.as_str(), "kif" | "kifu" | "ki2" | "ki2u" | "csa")
        });
        if record_file {
            candidates.push(ReadProblem {
                place: Place::File(name),
                position: Record::read_mate_problem(&text).map_err(Unreadable::Record),
            });
        } else {
            for mut candidate in from_sfen_lines(&text) {
                if let Place::Line(n) = candidate.place {
                    candidate.place = Place::File(format!("{name}:{n}"));
                }
                candidates.push(candidate);
            }
        }
    }
    candidates
}

/// Puts every candidate the player has not already (`known`, and the sound problems before
/// it in `candidates`) to the solvers; `progress` hears how many are done.
pub fn verify(
    name: &str,
    candidates: Vec<ReadProblem>,
    mut known: Known,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize),
) -> Imported {
    let mut problems = Vec::new();
    let mut broken = Vec::new();
    for (done, candidate) in candidates.into_iter().enumerate() {
        match candidate.position {
            Err(why) => broken.push((candidate.place, Broken::Unreadable(why))),
            Ok(position) => match known.find(&position) {
                Some(already) => {
                    let already = Broken::Duplicate(already.clone());
                    broken.push((candidate.place, already));
                }
                None => match soundness(&position, stop) {
                    Soundness::Sound { plies, .. } => {
                        known.add(&position, AlreadyIn::Earlier(candidate.place));
                        problems.push(MateProblem { position, plies }.to_line());
                    }
                    other => broken.push((candidate.place, Broken::Unsound(other))),
                },
            },
        }
        progress(done + 1);
    }
    Imported {
        collection: Collection {
            name: name.to_owned(),
            problems,
        },
        broken,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_collection_keeps_its_sound_problems_and_lists_the_broken_ones() {
        let text = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1\n\
                    position sfen 8k/R8/8P/9/9/9/9/9/4K4 b G 1\n\
                    nonsense\n\
                    sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 | 3\n";
        let stop = AtomicBool::new(false);
        let mut heard = 0;
        let imported = verify(
            "mine",
            from_sfen_lines(text),
            Known::default(),
            &stop,
            &mut |n| heard = n,
        );
        assert_eq!(heard, 4);
        assert_eq!(
            imported.collection.problems,
            vec!["4k4/9/4P4/9/9/9/9/9/4K4 b G 1 | 1".to_owned()]
        );
        let places: Vec<&Place> = imported.broken.iter().map(|(p, _)| p).collect();
        assert_eq!(places, [&Place::Line(2), &Place::Line(3), &Place::Line(4)]);
        assert!(matches!(
            imported.broken[0].1,
            Broken::Unsound(Soundness::TwoFirstMoves { .. })
        ));
        assert!(matches!(imported.broken[1].1, Broken::Unreadable(_)));
        assert_eq!(imported.broken[2].1, Broken::Unsound(Soundness::NoMate));
    }

    #[test]
    fn a_line_that_is_no_position_is_said_not_to_be_an_sfen() {
        let candidates = from_sfen_lines("this is not a problem\n");
        let [candidate] = candidates.as_slice() else {
            panic!("{candidates:?}");
        };
        assert_eq!(
            candidate.position,
            Err(Unreadable::Sfen(SfenError::NotSfen(
                "this is not a problem".to_owned()
            )))
        );
    }

    #[test]
    fn a_problem_the_player_has_already_is_listed_as_such_not_added_again() {
        let built_in = super::super::problem::built_in();
        let first = built_in.first().expect("the built-in set has problems");
        let mate = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
        let other = "8k/9/8P/9/9/9/9/9/4K4 b G 1";
        let collections = [
            Collection {
                name: "mine".to_owned(),
                problems: vec![format!("{mate} | 1")],
            },
            Collection {
                name: "again".to_owned(),
                problems: vec![format!("{other} | 1")],
            },
        ];
        // The built-in problem at another move number is the same problem.
        let moved = first.to_line().replacen(" 1 |", " 31 |", 1);
        let text = format!("{moved}\n{mate}\n{other}\n{other}\n");
        let known = Known::new(&built_in, &collections, "again");
        let stop = AtomicBool::new(false);
        let imported = verify("again", from_sfen_lines(&text), known, &stop, &mut |_| {});
        assert_eq!(
            imported.collection.problems,
            vec![format!("{other} | 1")],
            "the collection being replaced does not count"
        );
        assert_eq!(
            imported.broken,
            vec![
                (Place::Line(1), Broken::Duplicate(AlreadyIn::BuiltIn)),
                (
                    Place::Line(2),
                    Broken::Duplicate(AlreadyIn::Collection("mine".to_owned()))
                ),
                (
                    Place::Line(4),
                    Broken::Duplicate(AlreadyIn::Earlier(Place::Line(3)))
                ),
            ]
        );
    }

    #[test]
    fn a_problem_without_the_attackers_king_is_verified_with_the_pieces_left_to_the_defender() {
        let text = "8k/9/8P/9/9/9/9/9/9 b G 1\n\
                    9/9/8P/9/9/9/9/9/9 b G 1\n";
        let stop = AtomicBool::new(false);
        let imported = verify(
            "tsume",
            from_sfen_lines(text),
            Known::default(),
            &stop,
            &mut |_| {},
        );
        assert_eq!(
            imported.collection.problems,
            vec!["8k/9/8P/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1 | 1".to_owned()]
        );
        let [(place, Broken::Unreadable(why))] = imported.broken.as_slice() else {
            panic!("{:?}", imported.broken);
        };
        assert_eq!(place, &Place::Line(2));
        assert!(why.to_string().contains("Gote has 0 king"), "{why}");
    }
}
