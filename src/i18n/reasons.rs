//! The rules core's reasons in the interface's language: why a move is illegal and why a
//! setup is not playable, written from the error values (never from their English text).

use super::language::Language;
use super::strings::fill;
use crate::rules::game::{EndReason, GameError, GameResult, MAX_PLIES};
use crate::rules::{IllegalMove, SetupError};

/// Why a move is illegal, as a sentence.
pub fn illegal_move(lang: Language, why: &IllegalMove) -> String {
    let t = lang.strings();
    let sq = |s| lang.square(s);
    let piece = |k| lang.piece(k);
    match *why {
        IllegalMove::NoPiece { square } => fill(t.illegal_no_piece, &[("square", &sq(square))]),
        IllegalMove::NotYourPiece { square } => {
            fill(t.illegal_not_your_piece, &[("square", &sq(square))])
        }
        IllegalMove::OwnPieceThere { square } => {
            fill(t.illegal_own_piece_there, &[("square", &sq(square))])
        }
        IllegalMove::WrongWay { kind } => fill(t.illegal_wrong_way, &[("piece", &piece(kind))]),
        IllegalMove::PathBlocked { kind, blocker } => fill(
            t.illegal_path_blocked,
            &[("piece", &piece(kind)), ("square", &sq(blocker))],
        ),
        IllegalMove::CannotPromote { kind } => {
            fill(t.illegal_cannot_promote, &[("piece", &piece(kind))])
        }
        IllegalMove::OutsideZone => t.illegal_outside_zone.to_owned(),
        IllegalMove::MustPromote { kind } => {
            fill(t.illegal_must_promote, &[("piece", &piece(kind))])
        }
        IllegalMove::NotInHand { kind } => fill(t.illegal_not_in_hand, &[("piece", &piece(kind))]),
        IllegalMove::SquareOccupied { square } => {
            fill(t.illegal_square_occupied, &[("square", &sq(square))])
        }
        IllegalMove::DeadDrop { kind } => fill(t.illegal_dead_drop, &[("piece", &piece(kind))]),
        IllegalMove::Nifu { file } => fill(t.illegal_nifu, &[("file", &file)]),
        IllegalMove::Uchifuzume => t.illegal_uchifuzume.to_owned(),
        IllegalMove::KingAttacked {
            square,
            attacker,
            kind,
        } => fill(
            t.illegal_king_attacked,
            &[
                ("square", &sq(square)),
                ("attacker", &sq(attacker)),
                ("piece", &piece(kind)),
            ],
        ),
        IllegalMove::InCheck => t.illegal_in_check.to_owned(),
        IllegalMove::ExposesKing { attacker, kind } => fill(
            t.illegal_exposes_king,
            &[("attacker", &sq(attacker)), ("piece", &piece(kind))],
        ),
    }
}

/// Why the game refused a move or a declaration.
pub fn game_error(lang: Language, err: &GameError) -> String {
    let t = lang.strings();
    match err {
        GameError::Illegal(why) => fill(t.illegal_move, &[("why", &illegal_move(lang, why))]),
        GameError::Finished => t.game_finished.to_owned(),
        GameError::CannotDeclare => t.cannot_declare.to_owned(),
    }
}

/// How a game ended, as a sentence: "Sente wins by checkmate", 詰みで先手の勝ち.
pub fn game_result(lang: Language, result: &GameResult) -> String {
    let t = lang.strings();
    let verdict = match result.winner {
        Some(color) => fill(t.wins, &[("winner", &lang.side(color))]),
        None => t.result_draw.to_owned(),
    };
    let sides: [(&str, &dyn std::fmt::Display); 2] = [
        ("winner", &result.winner.map_or("", |c| lang.side(c))),
        ("loser", &result.loser().map_or("", |c| lang.side(c))),
    ];
    match result.reason {
        EndReason::Checkmate => fill(t.result_checkmate, &sides),
        EndReason::NoLegalMoves => fill(t.result_no_legal_move, &sides),
        EndReason::Resignation => fill(t.result_resignation, &sides),
        EndReason::TimeUp => fill(t.result_time_up, &sides),
        EndReason::PerpetualCheck => fill(t.result_perpetual_check, &sides),
        EndReason::Sennichite => t.result_sennichite.to_owned(),
        EndReason::Impasse {
            sente_points,
            gote_points,
        } => fill(
            t.result_impasse,
            &[
                ("sente", &sente_points),
                ("gote", &gote_points),
                ("verdict", &verdict),
            ],
        ),
        EndReason::MaxPlies { points: None } => fill(t.result_move_limit, &[("limit", &MAX_PLIES)]),
        EndReason::MaxPlies {
            points: Some((sente, gote)),
        } => fill(
            t.result_move_limit_points,
            &[
                ("limit", &MAX_PLIES),
                ("sente", &sente),
                ("gote", &gote),
                ("verdict", &verdict),
            ],
        ),
    }
}

/// Why a setup is not playable, as a sentence.
pub fn setup_problem(lang: Language, problem: &SetupError) -> String {
    let t = lang.strings();
    match *problem {
        SetupError::TooMany { kind, count } => fill(
            t.setup_too_many,
            &[
                ("count", &count),
                ("piece", &lang.piece(kind)),
                ("max", &kind.total_count()),
            ],
        ),
        SetupError::KingCount { color, count } => fill(
            t.setup_king_count,
            &[("side", &lang.side(color)), ("count", &count)],
        ),
        SetupError::DeadPiece { square, piece } => fill(
            t.setup_dead_piece,
            &[
                ("side", &lang.side(piece.color)),
                ("piece", &lang.piece(piece.kind)),
                ("square", &lang.square(square)),
            ],
        ),
        SetupError::Nifu { color, file } => fill(
            t.setup_nifu,
            &[("side", &lang.side(color)), ("file", &file)],
        ),
        SetupError::OpponentInCheck { color } => {
            fill(t.setup_opponent_in_check, &[("side", &lang.side(color))])
        }
    }
}

/// The reasons and results written out for sample values, one of each kind.
pub(super) fn samples(lang: Language) -> Vec<String> {
    use crate::rules::{Color, Piece, PieceKind, Square};
    let sq = Square::from_index(40).unwrap_or(Square::from_index_unchecked(0));
    let kind = PieceKind::Silver;
    let illegal = [
        IllegalMove::NoPiece { square: sq },
        IllegalMove::NotYourPiece { square: sq },
        IllegalMove::OwnPieceThere { square: sq },
        IllegalMove::WrongWay { kind },
        IllegalMove::PathBlocked { kind, blocker: sq },
        IllegalMove::CannotPromote { kind },
        IllegalMove::OutsideZone,
        IllegalMove::MustPromote { kind },
        IllegalMove::NotInHand { kind },
        IllegalMove::SquareOccupied { square: sq },
        IllegalMove::DeadDrop { kind },
        IllegalMove::Nifu { file: 5 },
        IllegalMove::Uchifuzume,
        IllegalMove::KingAttacked {
            square: sq,
            attacker: sq,
            kind,
        },
        IllegalMove::InCheck,
        IllegalMove::ExposesKing { attacker: sq, kind },
    ];
    let problems = [
        SetupError::TooMany { kind, count: 5 },
        SetupError::KingCount {
            color: Color::Gote,
            count: 2,
        },
        SetupError::DeadPiece {
            square: sq,
            piece: Piece::new(Color::Sente, PieceKind::Knight),
        },
        SetupError::Nifu {
            color: Color::Sente,
            file: 7,
        },
        SetupError::OpponentInCheck { color: Color::Gote },
    ];
    let reasons = [
        EndReason::Checkmate,
        EndReason::NoLegalMoves,
        EndReason::Resignation,
        EndReason::TimeUp,
        EndReason::Sennichite,
        EndReason::PerpetualCheck,
        EndReason::Impasse {
            sente_points: 28,
            gote_points: 26,
        },
        EndReason::MaxPlies { points: None },
        EndReason::MaxPlies {
            points: Some((30, 24)),
        },
    ];
    let mut texts: Vec<String> = illegal.iter().map(|why| illegal_move(lang, why)).collect();
    texts.extend(problems.iter().map(|p| setup_problem(lang, p)));
    for winner in [Some(Color::Sente), Some(Color::Gote), None] {
        texts.extend(
            reasons
                .iter()
                .map(|&reason| game_result(lang, &GameResult::new(winner, reason))),
        );
    }
    texts.extend(
        [GameError::Finished, GameError::CannotDeclare]
            .iter()
            .map(|err| game_error(lang, err)),
    );
    texts
}
