//! SFEN reading and writing: round trips, and every class of bad SFEN
//! refused with the right error.

use komadai::rules::{
    Color, Move, PieceKind, Position, PositionCommand, PositionError, START_SFEN, SetupError,
    SfenError, SfenField, Square,
};

fn err(sfen: &str) -> SfenError {
    match Position::from_sfen(sfen) {
        Ok(pos) => panic!("'{sfen}' was accepted as {}", pos.to_sfen()),
        Err(err) => err,
    }
}

#[test]
fn start_position_round_trips() {
    let pos = Position::from_sfen(START_SFEN).expect("valid");
    assert_eq!(pos.to_sfen(), START_SFEN);
    assert_eq!(pos, Position::startpos());
}

#[test]
fn positions_with_hands_and_promotions_round_trip() {
    for sfen in [
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        "8k/9/9/9/9/9/9/9/K8 b 2R2B4G4S4N4L18P 7",
        "+R+B6k/9/9/9/9/9/9/9/K8 w - 120",
    ] {
        let pos = Position::from_sfen(sfen).expect("valid");
        assert_eq!(pos.to_sfen(), sfen);
    }
}

#[test]
fn hand_is_written_in_the_usual_order_whatever_the_input_order() {
    let pos = Position::from_sfen("8k/9/9/9/9/9/9/9/K8 b p2PGrR 1").expect("valid");
    assert_eq!(pos.to_sfen(), "8k/9/9/9/9/9/9/9/K8 b RG2Prp 1");
}

#[test]
fn sfen_prefix_and_missing_move_number_are_accepted() {
    let pos = Position::from_sfen(&format!("sfen {}", START_SFEN)).expect("valid");
    assert_eq!(pos, Position::startpos());
    let pos = Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -")
        .expect("valid");
    assert_eq!(pos.move_number(), 1);
}

#[test]
fn missing_fields_are_named() {
    assert_eq!(err(""), SfenError::MissingField(SfenField::Board));
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/4K4"),
        SfenError::MissingField(SfenField::SideToMove)
    );
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/4K4 b"),
        SfenError::MissingField(SfenField::Hands)
    );
}

#[test]
fn words_that_start_with_no_board_are_not_an_sfen() {
    assert_eq!(
        err("this is not a problem"),
        SfenError::NotSfen("this is not a problem".into())
    );
    assert_eq!(err("sfen hello"), SfenError::NotSfen("hello".into()));
    let long = "word ".repeat(20);
    let SfenError::NotSfen(quoted) = err(&long) else {
        panic!("not said to be no SFEN");
    };
    assert!(
        quoted.ends_with('…') && quoted.chars().count() == 41,
        "{quoted}"
    );
}

#[test]
fn fields_are_read_in_order_so_the_first_wrong_one_is_named() {
    // A bad board is named before a bad move number after it.
    assert_eq!(err("4k4/9/9/9/9/9/9/4K4 b - x"), SfenError::RankCount(8));
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/4K4 x - y"),
        SfenError::SideToMove("x".into())
    );
}

#[test]
fn wrong_rank_count_is_refused() {
    assert_eq!(err("4k4/9/9/9/9/9/9/4K4 b - 1"), SfenError::RankCount(8));
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/9/4K4 b - 1"),
        SfenError::RankCount(10)
    );
}

#[test]
fn wrong_square_count_in_a_rank_is_refused() {
    assert_eq!(
        err("4k4/8/9/9/9/9/9/9/4K4 b - 1"),
        SfenError::RankLength {
            rank: 2,
            squares: 8
        }
    );
    assert_eq!(
        err("4k5/9/9/9/9/9/9/9/4K4 b - 1"),
        SfenError::RankLength {
            rank: 1,
            squares: 10
        }
    );
}

#[test]
fn unknown_letters_are_refused() {
    assert_eq!(
        err("4k4/9/9/4X4/9/9/9/9/4K4 b - 1"),
        SfenError::UnknownPiece {
            rank: 4,
            found: 'X'
        }
    );
    assert_eq!(
        err("4k4/9/9/4\u{6b69}4/9/9/9/9/4K4 b - 1"),
        SfenError::UnknownPiece {
            rank: 4,
            found: '\u{6b69}'
        }
    );
}

#[test]
fn promotion_mark_on_gold_or_king_is_refused() {
    assert!(matches!(
        err("4k4/9/9/4+G4/9/9/9/9/4K4 b - 1"),
        SfenError::BadPromotion { .. }
    ));
    assert!(matches!(
        err("4+k4/9/9/9/9/9/9/9/4K4 b - 1"),
        SfenError::BadPromotion { .. }
    ));
    assert!(matches!(
        err("4k3+/9/9/9/9/9/9/9/4K4 b - 1"),
        SfenError::BadPromotion { .. }
    ));
}

#[test]
fn bad_side_to_move_is_refused() {
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/4K4 x - 1"),
        SfenError::SideToMove("x".into())
    );
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/4K4 B - 1"),
        SfenError::SideToMove("B".into())
    );
}

#[test]
fn bad_hands_are_refused() {
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/4K4 b 2 1"),
        SfenError::HandSyntax(_)
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/4K4 b 0P 1"),
        SfenError::HandSyntax(_)
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/4K4 b X 1"),
        SfenError::HandSyntax(_)
    ));
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/4K4 b K 1"),
        SfenError::HandPiece("K".into())
    );
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/4K4 b +P 1"),
        SfenError::HandPiece("+".into())
    );
}

#[test]
fn more_pieces_of_a_kind_than_a_set_holds_are_refused() {
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/4K4 b 19P 1"),
        SfenError::HandSyntax("19P".into())
    );
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/4K4 b 3R 1"),
        SfenError::Illegal(SetupError::TooMany {
            kind: PieceKind::Rook,
            count: 3
        })
    );
    assert_eq!(
        err("4k4/9/9/9/4+R4/9/9/9/4K4 b Rr 1"),
        SfenError::Illegal(SetupError::TooMany {
            kind: PieceKind::Rook,
            count: 3
        })
    );
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/4K4 b 3G2g 1"),
        SfenError::Illegal(SetupError::TooMany {
            kind: PieceKind::Gold,
            count: 5
        })
    );
}

#[test]
fn a_side_needs_exactly_one_king() {
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/9 b - 1"),
        SfenError::Illegal(SetupError::KingCount {
            color: Color::Sente,
            count: 0
        })
    );
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/3KK4 b - 1"),
        SfenError::Illegal(SetupError::KingCount {
            color: Color::Sente,
            count: 2
        })
    );
    assert_eq!(
        err("k3k4/9/9/9/9/9/9/9/4K4 b - 1"),
        SfenError::Illegal(SetupError::KingCount {
            color: Color::Gote,
            count: 2
        })
    );
}

#[test]
fn a_piece_that_could_never_move_is_refused() {
    assert_eq!(
        err("P3k4/9/9/9/9/9/9/9/4K4 b - 1"),
        SfenError::Illegal(SetupError::DeadPiece {
            square: Square::parse("9a").expect("square"),
            piece: komadai::rules::Piece::new(Color::Sente, PieceKind::Pawn)
        })
    );
    assert!(matches!(
        err("4k4/N8/9/9/9/9/9/9/4K4 b - 1"),
        SfenError::Illegal(SetupError::DeadPiece { .. })
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/9/l3K4 b - 1"),
        SfenError::Illegal(SetupError::DeadPiece { .. })
    ));
    assert!(matches!(
        err("4k4/9/9/9/9/9/9/n8/4K4 b - 1"),
        SfenError::Illegal(SetupError::DeadPiece { .. })
    ));
}

#[test]
fn nifu_on_the_board_is_refused() {
    assert_eq!(
        err("4k4/9/9/4P4/9/9/4P4/9/4K4 b - 1"),
        SfenError::Illegal(SetupError::Nifu {
            color: Color::Sente,
            file: 5
        })
    );
    // A tokin and a pawn share a file legally.
    assert!(Position::from_sfen("4k4/9/9/4+P4/9/9/4P4/9/4K4 b - 1").is_ok());
}

#[test]
fn side_not_to_move_in_check_is_refused() {
    assert_eq!(
        err("4k4/9/9/9/4R4/9/9/9/4K4 b - 1"),
        SfenError::Illegal(SetupError::OpponentInCheck { color: Color::Gote })
    );
    // The side to move may be in check.
    assert!(Position::from_sfen("4k4/9/9/9/4R4/9/9/9/4K4 w - 1").is_ok());
}

#[test]
fn bad_move_numbers_and_trailing_text_are_refused() {
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/4K4 b - 0"),
        SfenError::MoveNumber("0".into())
    );
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/4K4 b - x"),
        SfenError::MoveNumber("x".into())
    );
    assert_eq!(
        err("4k4/9/9/9/9/9/9/9/4K4 b - 1 extra"),
        SfenError::TrailingText("extra".into())
    );
}

#[test]
fn error_messages_tell_a_person_what_to_fix() {
    let message = err("4k4/9/9/9/9/9/9/9/4K4 x - 1").to_string();
    assert!(
        message.contains("'b'") && message.contains("'w'"),
        "{message}"
    );
    let message = err("4k4/9/9/9/4P4/4P4/9/9/4K4 b - 1").to_string();
    assert!(message.contains("nifu"), "{message}");
}

#[test]
fn usi_position_command_with_moves() {
    let cmd = PositionCommand::parse("position startpos moves 7g7f 3c3d 8h2b+").expect("valid");
    assert_eq!(cmd.moves.len(), 3);
    let pos = cmd.current();
    assert_eq!(pos.hand(Color::Sente).count(PieceKind::Bishop), 1);
    assert_eq!(cmd.to_usi(), "startpos moves 7g7f 3c3d 8h2b+");

    let cmd = PositionCommand::parse(&format!("sfen {START_SFEN} moves 2g2f")).expect("valid");
    assert_eq!(cmd.moves, vec![Move::from_usi("2g2f").expect("move")]);
}

#[test]
fn usi_position_command_reports_the_bad_move_by_number() {
    assert!(matches!(
        PositionCommand::parse("startpos moves 7g7f 3c3d 7f7d"),
        Err(PositionError::IllegalMove { number: 3, .. })
    ));
    assert!(matches!(
        PositionCommand::parse("startpos moves 7g7f zz"),
        Err(PositionError::BadMove { number: 2, .. })
    ));
    assert!(matches!(
        PositionCommand::parse("startpos 7g7f"),
        Err(PositionError::UnexpectedToken(_))
    ));
    assert!(matches!(
        PositionCommand::parse("nonsense"),
        Err(PositionError::MissingStart)
    ));
}

#[test]
fn usi_move_text_round_trips() {
    for text in ["7g7f", "8h2b+", "P*5e", "R*1a", "1a9i"] {
        let mv = Move::from_usi(text).expect("valid");
        assert_eq!(mv.to_string(), text);
        assert_eq!(Move::from_u16(mv.to_u16()), Some(mv));
    }
    for bad in [
        "", "7g", "7g7g", "0a1a", "7j7f", "K*5e", "p*5e", "P*5", "7g7f++", "P*5e+", "７g7f",
    ] {
        assert!(Move::from_usi(bad).is_err(), "{bad}");
    }
}
