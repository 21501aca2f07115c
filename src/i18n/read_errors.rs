//! Why a record, an SFEN, a USI position line or a file could not be read, in the
//! interface's language: written from the readers' error values and the system error's
//! kind, never from their English text.

use super::board_problems::{board_problem, board_samples};
use super::language::Language;
use super::reasons::{illegal_move, setup_problem};
use super::strings::fill;
use crate::record::{BoardProblem, Found, Problem};
use crate::rules::{MoveParseError, PositionError, SfenError, SfenField};
use std::io;

/// A system error kept as a value: its kind, to translate, and the system's own words, for
/// English and for the kinds without a translation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SystemError {
    pub kind: io::ErrorKind,
    pub text: String,
}

impl From<&io::Error> for SystemError {
    fn from(err: &io::Error) -> Self {
        SystemError {
            kind: err.kind(),
            text: err.to_string(),
        }
    }
}

/// Why the system refused to read or write a file: the kinds a read or a write of
/// komadai's files meets are translated; any other keeps the system's words.
pub fn system_error(lang: Language, err: &SystemError) -> String {
    let t = lang.strings();
    let template = match err.kind {
        io::ErrorKind::NotFound => t.io_not_found,
        io::ErrorKind::PermissionDenied => t.io_permission_denied,
        io::ErrorKind::AlreadyExists => t.io_already_exists,
        io::ErrorKind::InvalidData => t.io_invalid_data,
        io::ErrorKind::IsADirectory => t.io_is_a_directory,
        io::ErrorKind::NotADirectory => t.io_not_a_directory,
        io::ErrorKind::ReadOnlyFilesystem => t.io_read_only,
        io::ErrorKind::StorageFull => t.io_storage_full,
        _ => "{os}",
    };
    fill(template, &[("os", &err.text)])
}

/// What is wrong with a KIF, KI2, CSA or USI record (the line is given by the caller).
pub fn record_problem(lang: Language, problem: &Problem) -> String {
    let t = lang.strings();
    match problem {
        Problem::NotText => t.record_not_text.to_owned(),
        Problem::Empty => t.record_empty.to_owned(),
        Problem::UnexpectedLine(text) => fill(t.record_unexpected_line, &[("text", text)]),
        Problem::BadMoveText { number, text } => fill(
            t.record_bad_move_text,
            &[("number", number), ("text", text)],
        ),
        Problem::WrongPiece {
            number,
            text,
            found,
        } => wrong_piece(lang, *number, text, found),
        Problem::WrongSide {
            number,
            text,
            to_move,
        } => fill(
            t.record_wrong_side,
            &[
                ("number", number),
                ("text", text),
                ("marked", &lang.side(!*to_move)),
                ("to_move", &lang.side(*to_move)),
            ],
        ),
        Problem::NoMatchingMove { number, text } => fill(
            t.record_no_matching_move,
            &[("number", number), ("text", text)],
        ),
        Problem::AmbiguousMove { number, text } => fill(
            t.record_ambiguous_move,
            &[("number", number), ("text", text)],
        ),
        Problem::IllegalMove {
            number,
            text,
            reason,
        } => fill(
            t.record_illegal_move,
            &[
                ("number", number),
                ("text", text),
                ("why", &illegal_move(lang, reason)),
            ],
        ),
        Problem::MoveNumber { expected, found } => fill(
            t.record_move_number,
            &[("expected", expected), ("found", found)],
        ),
        Problem::MoveAfterEnd { number } => fill(t.record_move_after_end, &[("number", number)]),
        Problem::BadBoard(why) => fill(t.record_bad_board, &[("why", &board_problem(lang, why))]),
        Problem::BadPositionLine { text, why } => fill(
            t.record_bad_position_line,
            &[("text", text), ("why", &board_problem(lang, why))],
        ),
        Problem::UnknownHandicap(name) => fill(t.record_unknown_handicap, &[("name", name)]),
        Problem::BadPosition(err) => {
            fill(t.record_bad_position, &[("why", &setup_problem(lang, err))])
        }
        Problem::BadUsi(err) => position_error(lang, err),
        Problem::BadVariation(text) => fill(t.record_bad_variation, &[("text", text)]),
        Problem::BadJkf(why) => fill(t.record_bad_jkf, &[("why", why)]),
        Problem::VariationStart { number } => fill(t.record_variation_start, &[("number", number)]),
    }
}

/// A move whose origin square holds another piece, or none.
fn wrong_piece(lang: Language, number: usize, text: &str, found: &Found) -> String {
    let t = lang.strings();
    match found {
        Found::Piece { kind, square } => fill(
            t.record_wrong_piece,
            &[
                ("number", &number),
                ("text", &text),
                ("piece", &lang.piece(*kind)),
                ("square", &lang.square(*square)),
            ],
        ),
        Found::Empty { square } => fill(
            t.record_origin_empty,
            &[
                ("number", &number),
                ("text", &text),
                ("square", &lang.square(*square)),
            ],
        ),
    }
}

/// What is wrong with an SFEN.
pub fn sfen_error(lang: Language, err: &SfenError) -> String {
    let t = lang.strings();
    // English names a rank by its letter (`e`), Japanese by its number (五段目).
    let with_rank = |template: &str, rank: u8, found: &dyn std::fmt::Display| {
        fill(
            template,
            &[
                ("rank_letter", &char::from(b'a' + rank - 1)),
                ("rank", &rank),
                ("found", found),
            ],
        )
    };
    match err {
        SfenError::NotSfen(found) => fill(t.sfen_not_sfen, &[("found", found)]),
        SfenError::MissingField(field) => fill(
            t.sfen_missing_field,
            &[
                ("field", &sfen_field(lang, *field)),
                ("example", &crate::rules::START_SFEN),
            ],
        ),
        SfenError::RankCount(n) => fill(t.sfen_rank_count, &[("count", n)]),
        SfenError::RankLength { rank: r, squares } => with_rank(t.sfen_rank_length, *r, squares),
        SfenError::UnknownPiece { rank: r, found } => with_rank(t.sfen_unknown_piece, *r, found),
        SfenError::BadPromotion { rank: r, found } => with_rank(t.sfen_bad_promotion, *r, found),
        SfenError::SideToMove(found) => fill(t.sfen_side_to_move, &[("found", found)]),
        SfenError::HandSyntax(found) => fill(t.sfen_hand_syntax, &[("found", found)]),
        SfenError::HandPiece(found) => fill(t.sfen_hand_piece, &[("found", found)]),
        SfenError::Illegal(problem) => setup_problem(lang, problem),
        SfenError::MoveNumber(found) => fill(t.sfen_move_number, &[("found", found)]),
        SfenError::TrailingText(found) => fill(t.sfen_trailing_text, &[("found", found)]),
    }
}

/// An SFEN field's name.
fn sfen_field(lang: Language, field: SfenField) -> &'static str {
    let t = lang.strings();
    match field {
        SfenField::Board => t.sfen_field_board,
        SfenField::SideToMove => t.sfen_field_side,
        SfenField::Hands => t.sfen_field_hands,
    }
}

/// What is wrong with a USI `position` line.
pub fn position_error(lang: Language, err: &PositionError) -> String {
    let t = lang.strings();
    match err {
        PositionError::MissingStart => t.usi_missing_start.to_owned(),
        PositionError::Sfen(err) => fill(t.usi_bad_sfen, &[("why", &sfen_error(lang, err))]),
        PositionError::UnexpectedToken(token) => fill(t.usi_unexpected_token, &[("token", token)]),
        PositionError::BadMove { number, error } => fill(
            t.usi_bad_move,
            &[("number", number), ("why", &move_parse_error(lang, error))],
        ),
        PositionError::IllegalMove { number, mv, reason } => fill(
            t.usi_illegal_move,
            &[
                ("number", number),
                ("move", mv),
                ("why", &illegal_move(lang, reason)),
            ],
        ),
    }
}

/// Why text is not a move in USI notation.
pub fn move_parse_error(lang: Language, err: &MoveParseError) -> String {
    fill(lang.strings().usi_not_a_move, &[("text", &err.0)])
}

/// Every reader's problem written out for sample values, one of each kind.
pub(super) fn samples(lang: Language) -> Vec<String> {
    sample_values()
        .iter()
        .map(|sample| sample.text(lang))
        .collect()
}

/// One value of each kind the writers above take.
pub(crate) enum Sample {
    Record(Problem),
    Sfen(SfenError),
    Usi(PositionError),
    System(SystemError),
}

impl Sample {
    pub(crate) fn text(&self, lang: Language) -> String {
        match self {
            Sample::Record(problem) => record_problem(lang, problem),
            Sample::Sfen(err) => sfen_error(lang, err),
            Sample::Usi(err) => position_error(lang, err),
            Sample::System(err) => system_error(lang, err),
        }
    }
}

pub(crate) fn sample_values() -> Vec<Sample> {
    let boards = board_samples().into_iter().map(Problem::BadBoard);
    let mut values: Vec<Sample> = record_samples()
        .into_iter()
        .chain(boards)
        .map(Sample::Record)
        .collect();
    values.extend(sfen_samples().into_iter().map(Sample::Sfen));
    values.extend(usi_samples().into_iter().map(Sample::Usi));
    values.extend(system_samples().into_iter().map(Sample::System));
    values
}

/// A move, its square and its text, for the samples that name one.
fn sample_move() -> (crate::rules::Move, String) {
    let mv =
        crate::rules::Move::from_usi("7g7f").unwrap_or_else(|_| unreachable!("a valid USI move"));
    (mv, "７六歩".to_owned())
}

fn sample_setup() -> crate::rules::SetupError {
    crate::rules::SetupError::OpponentInCheck {
        color: crate::rules::Color::Gote,
    }
}

fn record_samples() -> Vec<Problem> {
    use crate::rules::{Color, IllegalMove, PieceKind};
    let (mv, move_text) = sample_move();
    let text = || move_text.clone();
    let reason = IllegalMove::Uchifuzume;
    let setup = sample_setup();
    let sq = mv.to();
    vec![
        Problem::NotText,
        Problem::Empty,
        Problem::UnexpectedLine("???".to_owned()),
        Problem::BadMoveText {
            number: 3,
            text: text(),
        },
        Problem::WrongPiece {
            number: 3,
            text: text(),
            found: Found::Piece {
                kind: PieceKind::Silver,
                square: sq,
            },
        },
        Problem::WrongPiece {
            number: 3,
            text: text(),
            found: Found::Empty { square: sq },
        },
        Problem::WrongSide {
            number: 3,
            text: text(),
            to_move: Color::Sente,
        },
        Problem::NoMatchingMove {
            number: 3,
            text: text(),
        },
        Problem::AmbiguousMove {
            number: 3,
            text: text(),
        },
        Problem::IllegalMove {
            number: 3,
            text: text(),
            reason,
        },
        Problem::MoveNumber {
            expected: 3,
            found: "5".to_owned(),
        },
        Problem::MoveAfterEnd { number: 3 },
        Problem::BadPositionLine {
            text: "P1-KY".to_owned(),
            why: BoardProblem::RankLength { squares: 10 },
        },
        Problem::UnknownHandicap("九枚落ち".to_owned()),
        Problem::BadPosition(setup.clone()),
        Problem::BadUsi(PositionError::MissingStart),
        Problem::BadVariation("変化：手".to_owned()),
        Problem::VariationStart { number: 9 },
        Problem::BadJkf("expected value at line 1 column 1".to_owned()),
    ]
}

fn sfen_samples() -> Vec<SfenError> {
    let setup = sample_setup();
    vec![
        SfenError::NotSfen("this is not a problem".to_owned()),
        SfenError::MissingField(SfenField::Board),
        SfenError::MissingField(SfenField::SideToMove),
        SfenError::MissingField(SfenField::Hands),
        SfenError::RankCount(8),
        SfenError::RankLength {
            rank: 5,
            squares: 8,
        },
        SfenError::UnknownPiece {
            rank: 5,
            found: 'x',
        },
        SfenError::BadPromotion {
            rank: 5,
            found: "+G".to_owned(),
        },
        SfenError::SideToMove("x".to_owned()),
        SfenError::HandSyntax("2".to_owned()),
        SfenError::HandPiece("K".to_owned()),
        SfenError::Illegal(setup),
        SfenError::MoveNumber("0".to_owned()),
        SfenError::TrailingText("x".to_owned()),
    ]
}

fn usi_samples() -> Vec<PositionError> {
    let (mv, _) = sample_move();
    let reason = crate::rules::IllegalMove::Uchifuzume;
    vec![
        PositionError::MissingStart,
        PositionError::Sfen(SfenError::RankCount(8)),
        PositionError::UnexpectedToken("x".to_owned()),
        PositionError::BadMove {
            number: 2,
            error: MoveParseError("x".to_owned()),
        },
        PositionError::IllegalMove {
            number: 2,
            mv,
            reason,
        },
    ]
}

fn system_samples() -> Vec<SystemError> {
    [
        io::ErrorKind::NotFound,
        io::ErrorKind::PermissionDenied,
        io::ErrorKind::AlreadyExists,
        io::ErrorKind::InvalidData,
        io::ErrorKind::IsADirectory,
        io::ErrorKind::NotADirectory,
        io::ErrorKind::ReadOnlyFilesystem,
        io::ErrorKind::StorageFull,
        io::ErrorKind::Other,
    ]
    .map(|kind| SystemError {
        kind,
        text: io::Error::from(kind).to_string(),
    })
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// Each variant's name; a new variant breaks this match, and the test below then asks
    /// for a sample of it.
    fn variant(sample: &Sample) -> &'static str {
        match sample {
            Sample::Record(problem) => match problem {
                Problem::NotText => "NotText",
                Problem::Empty => "Empty",
                Problem::UnexpectedLine(_) => "UnexpectedLine",
                Problem::BadMoveText { .. } => "BadMoveText",
                Problem::WrongPiece { found, .. } => match found {
                    Found::Piece { .. } => "WrongPiece::Piece",
                    Found::Empty { .. } => "WrongPiece::Empty",
                },
                Problem::WrongSide { .. } => "WrongSide",
                Problem::NoMatchingMove { .. } => "NoMatchingMove",
                Problem::AmbiguousMove { .. } => "AmbiguousMove",
                Problem::IllegalMove { .. } => "IllegalMove",
                Problem::MoveNumber { .. } => "MoveNumber",
                Problem::MoveAfterEnd { .. } => "MoveAfterEnd",
                Problem::BadBoard(why) => board_variant(why),
                Problem::BadPositionLine { .. } => "BadPositionLine",
                Problem::UnknownHandicap(_) => "UnknownHandicap",
                Problem::BadPosition(_) => "BadPosition",
                Problem::BadUsi(_) => "BadUsi",
                Problem::BadVariation(_) => "BadVariation",
                Problem::VariationStart { .. } => "VariationStart",
                Problem::BadJkf(_) => "BadJkf",
            },
            Sample::Sfen(err) => match err {
                SfenError::NotSfen(_) => "Sfen::NotSfen",
                SfenError::MissingField(_) => "Sfen::MissingField",
                SfenError::RankCount(_) => "Sfen::RankCount",
                SfenError::RankLength { .. } => "Sfen::RankLength",
                SfenError::UnknownPiece { .. } => "Sfen::UnknownPiece",
                SfenError::BadPromotion { .. } => "Sfen::BadPromotion",
                SfenError::SideToMove(_) => "Sfen::SideToMove",
                SfenError::HandSyntax(_) => "Sfen::HandSyntax",
                SfenError::HandPiece(_) => "Sfen::HandPiece",
                SfenError::Illegal(_) => "Sfen::Illegal",
                SfenError::MoveNumber(_) => "Sfen::MoveNumber",
                SfenError::TrailingText(_) => "Sfen::TrailingText",
            },
            Sample::Usi(err) => match err {
                PositionError::MissingStart => "Usi::MissingStart",
                PositionError::Sfen(_) => "Usi::Sfen",
                PositionError::UnexpectedToken(_) => "Usi::UnexpectedToken",
                PositionError::BadMove { .. } => "Usi::BadMove",
                PositionError::IllegalMove { .. } => "Usi::IllegalMove",
            },
            Sample::System(err) => match err.kind {
                io::ErrorKind::NotFound => "Io::NotFound",
                io::ErrorKind::PermissionDenied => "Io::PermissionDenied",
                io::ErrorKind::AlreadyExists => "Io::AlreadyExists",
                io::ErrorKind::InvalidData => "Io::InvalidData",
                io::ErrorKind::IsADirectory => "Io::IsADirectory",
                io::ErrorKind::NotADirectory => "Io::NotADirectory",
                io::ErrorKind::ReadOnlyFilesystem => "Io::ReadOnlyFilesystem",
                io::ErrorKind::StorageFull => "Io::StorageFull",
                _ => "Io::Other",
            },
        }
    }

    fn board_variant(why: &BoardProblem) -> &'static str {
        match why {
            BoardProblem::NotAscii => "Board::NotAscii",
            BoardProblem::UnknownLine => "Board::UnknownLine",
            BoardProblem::ItemLength { .. } => "Board::ItemLength",
            BoardProblem::NoSquare { .. } => "Board::NoSquare",
            BoardProblem::NoPiece { .. } => "Board::NoPiece",
            BoardProblem::NothingToRemove { .. } => "Board::NothingToRemove",
            BoardProblem::RankLength { .. } => "Board::RankLength",
            BoardProblem::NoColor { .. } => "Board::NoColor",
            BoardProblem::NotInHand { .. } => "Board::NotInHand",
            BoardProblem::HandItem { .. } => "Board::HandItem",
            BoardProblem::HandCount { .. } => "Board::HandCount",
            BoardProblem::TooManyRanks => "Board::TooManyRanks",
            BoardProblem::RowWidth { .. } => "Board::RowWidth",
            BoardProblem::UnknownKanji { .. } => "Board::UnknownKanji",
            BoardProblem::MissingRanks => "Board::MissingRanks",
        }
    }

    #[test]
    fn every_variant_has_a_sample() {
        let names: BTreeSet<_> = sample_values().iter().map(variant).collect();
        // Records (two kinds of wrong piece, fifteen bad boards), SFEN, USI, system.
        assert_eq!(names.len(), (19 + 15) + 12 + 5 + 9, "{names:?}");
    }

    #[test]
    fn english_says_what_the_readers_say() {
        for sample in sample_values() {
            let expected = match &sample {
                Sample::Record(problem) => problem.to_string(),
                Sample::Sfen(err) => err.to_string(),
                Sample::Usi(err) => err.to_string(),
                Sample::System(err) => err.text.clone(),
            };
            assert_eq!(sample.text(Language::English), expected);
        }
    }

    #[test]
    fn japanese_translates_every_variant() {
        for sample in sample_values() {
            let text = sample.text(Language::Japanese);
            assert!(!text.contains('{'), "unfilled: {text}");
            let translated = !matches!(
                &sample,
                Sample::System(err) if err.kind == io::ErrorKind::Other
            );
            if translated {
                assert_ne!(text, sample.text(Language::English));
                assert!(!text.is_ascii(), "not Japanese: {text}");
            }
        }
    }

    /// `message` without `quoted`: what the interface wrote around the user's text.
    fn has_no_english_word(message: &str, quoted: &str) -> bool {
        !message
            .replace(quoted, "")
            .chars()
            .any(|c| c.is_ascii_alphabetic())
    }

    fn japanese_problem(
        result: Result<crate::record::Record, crate::record::RecordError>,
    ) -> String {
        let err = result
            .err()
            .unwrap_or_else(|| unreachable!("the record is refused"));
        record_problem(Language::Japanese, &err.problem)
    }

    #[test]
    fn a_bad_csa_position_line_is_explained_in_japanese() {
        use crate::record::Record;
        let removed = japanese_problem(Record::from_csa("PI82KA\n+\n"));
        assert_eq!(
            removed,
            "局面の行「PI82KA」が読めません：８二に取り除く角がありません"
        );
        assert!(has_no_english_word(&removed, "PI82KA"), "{removed}");
        let line = "P1*KY-KE-GI-KI-OU-KI-GI-KE-KY";
        let uncoloured = japanese_problem(Record::from_csa(&format!("{line}\n")));
        assert!(uncoloured.contains("９一の「*KY」"), "{uncoloured}");
        let rest = uncoloured.replace(line, "");
        assert!(has_no_english_word(&rest, "*KY"), "{uncoloured}");
    }

    #[test]
    fn a_kif_move_from_the_wrong_piece_is_explained_in_japanese() {
        use crate::record::Record;
        let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六銀(77)\n";
        let wrong = japanese_problem(Record::from_kif(kif));
        assert_eq!(wrong, "1手目（７六銀(77)）：移動元の７七にあるのは歩です");
        let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(76)\n";
        let empty = japanese_problem(Record::from_kif(kif));
        assert_eq!(empty, "1手目（７六歩(76)）：移動元の７六に駒がありません");
        assert!(has_no_english_word(&empty, ""), "{empty}");
    }

    #[test]
    fn japanese_names_ranks_by_number_and_sides_in_japanese() {
        let rank = sfen_error(
            Language::Japanese,
            &SfenError::RankLength {
                rank: 5,
                squares: 8,
            },
        );
        assert_eq!(rank, "5段目が8マスです。どの段もちょうど9マスです");
        let side = record_problem(
            Language::Japanese,
            &Problem::WrongSide {
                number: 2,
                text: "+7776FU".to_owned(),
                to_move: crate::rules::Color::Gote,
            },
        );
        assert_eq!(side, "2手目（+7776FU）は先手の手ですが、手番は後手です");
    }
}
