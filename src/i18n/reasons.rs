//! The rules core's reasons in the interface's language: why a move is illegal and why a
//! setup is not playable, written from the error values (never from their English text).

use super::language::Language;
use super::strings::fill;
use crate::rules::game::{EndReason, GameError, GameResult, MAX_PLIES};
use crate::rules::{Color, IllegalMove, SetupError};

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

/// How a game ended, as a sentence: "Sente wins by checkmate", 詰みで先手の勝ち; in a
/// `handicap` game the sides are named as its players are, 下手 and 上手.
pub fn game_result(lang: Language, result: &GameResult, handicap: bool) -> String {
    let t = lang.strings();
    let name = |color: Color| lang.seat(color, handicap);
    let verdict = match result.winner {
        Some(color) => fill(t.wins, &[("winner", &name(color))]),
        None => t.result_draw.to_owned(),
    };
    // A count of points that draws is 持将棋, whatever brought it.
    let counted = match result.winner {
        Some(_) => verdict.clone(),
        None => t.result_jishogi.to_owned(),
    };
    let sides: [(&str, &dyn std::fmt::Display); 2] = [
        ("winner", &result.winner.map_or("", name)),
        ("loser", &result.loser().map_or("", name)),
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
                ("sente_side", &name(Color::Sente)),
                ("gote_side", &name(Color::Gote)),
                ("verdict", &counted),
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
                ("sente_side", &name(Color::Sente)),
                ("gote_side", &name(Color::Gote)),
                ("verdict", &counted),
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
        for handicap in [false, true] {
            texts.extend(
                reasons
                    .iter()
                    .map(|&reason| game_result(lang, &GameResult::new(winner, reason), handicap)),
            );
        }
    }
    texts.extend(
        [GameError::Finished, GameError::CannotDeclare]
            .iter()
            .map(|err| game_error(lang, err)),
    );
    texts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ByColor;
    use crate::rules::impasse::{IMPASSE_POINTS_NEEDED, count_winner};

    #[test]
    fn the_impasse_rule_is_told_as_the_game_counts_it() {
        // The count the game plays: under 24 alone loses, anything else draws.
        let needed = IMPASSE_POINTS_NEEDED;
        assert_eq!(
            count_winner(ByColor::new(needed, needed - 1)),
            Some(Color::Sente)
        );
        assert_eq!(count_winner(ByColor::new(needed, needed)), None);
        assert_eq!(count_winner(ByColor::new(needed - 1, needed - 1)), None);
        for lang in [Language::English, Language::Japanese] {
            let t = lang.strings();
            for text in [t.help_rules_text, t.declare_text] {
                let paragraph = text.lines().last().unwrap_or(text);
                assert!(paragraph.contains(&needed.to_string()), "{paragraph}");
                // Rook and bishop 5, the rest 1, on the board and in hand; not the CSA
                // declaration's 27 or 28 points in the camp.
                for number in ["5", "1"] {
                    assert!(paragraph.contains(number), "{number}: {paragraph}");
                }
                for other in ["27", "28", "31", "ten pieces", "10枚"] {
                    assert!(!paragraph.contains(other), "{other}: {paragraph}");
                }
            }
        }
        let ja = Language::Japanese.strings();
        assert!(
            ja.help_rules_text.contains("盤上と持ち駒") && ja.help_rules_text.contains("持将棋")
        );
        // A count that draws is 持将棋, not a declaration's win.
        let drawn = GameResult::new(
            None,
            EndReason::Impasse {
                sente_points: 30,
                gote_points: 26,
            },
        );
        let text = game_result(Language::Japanese, &drawn, false);
        assert_eq!(text, "入玉宣言：先手30点、後手26点 — 持将棋で引き分け");
    }

    #[test]
    fn a_handicap_games_result_names_its_players() {
        let result = GameResult::new(Some(Color::Gote), EndReason::Resignation);
        assert_eq!(
            game_result(Language::Japanese, &result, true),
            "下手の投了で上手の勝ち"
        );
        assert_eq!(
            game_result(Language::Japanese, &result, false),
            "先手の投了で後手の勝ち"
        );
        let counted = GameResult::new(
            Some(Color::Sente),
            EndReason::Impasse {
                sente_points: 40,
                gote_points: 12,
            },
        );
        let text = game_result(Language::Japanese, &counted, true);
        assert_eq!(text, "入玉宣言：下手40点、上手12点 — 下手の勝ち");
        let text = game_result(Language::English, &counted, true);
        assert!(
            text.contains("下手 Shitate 40 points") && text.ends_with("下手 Shitate wins"),
            "{text}"
        );
    }
}
