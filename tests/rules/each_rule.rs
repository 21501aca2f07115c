//! One test per rule of docs/RULES.md, each from a SFEN a player could
//! paste into any shogi GUI.

use komadai::rules::{Color, IllegalMove, Move, PieceKind, Position, Square};

fn pos(sfen: &str) -> Position {
    match Position::from_sfen(sfen) {
        Ok(pos) => pos,
        Err(err) => panic!("test SFEN '{sfen}' refused: {err}"),
    }
}

fn mv(usi: &str) -> Move {
    match Move::from_usi(usi) {
        Ok(mv) => mv,
        Err(err) => panic!("{err}"),
    }
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("bad square {name}"))
}

fn legal(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

/// Moves of the piece on `from`, as target squares (with `+` for promotions).
fn moves_from(pos: &Position, from: &str) -> Vec<String> {
    let from = sq(from);
    let mut moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from() == Some(from))
        .map(|m| m.to_string()[2..].to_string())
        .collect();
    moves.sort();
    moves
}

fn drops_of(pos: &Position, letter: char) -> Vec<String> {
    let mut drops: Vec<String> = legal(pos)
        .into_iter()
        .filter(|m| m.starts_with(letter) && m.as_bytes()[1] == b'*')
        .map(|m| m[2..].to_string())
        .collect();
    drops.sort();
    drops
}

fn strings(items: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = items.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

// ----- how the pieces move -------------------------------------------------

#[test]
fn gold_moves_one_step_orthogonally_or_diagonally_forward() {
    let p = pos("4k4/9/9/9/4G4/9/9/9/K8 b - 1");
    assert_eq!(
        moves_from(&p, "5e"),
        strings(&["6d", "5d", "4d", "6e", "4e", "5f"])
    );
}

#[test]
fn silver_moves_diagonally_or_straight_forward() {
    let p = pos("4k4/9/9/9/4S4/9/9/9/K8 b - 1");
    assert_eq!(
        moves_from(&p, "5e"),
        strings(&["6d", "5d", "4d", "6f", "4f"])
    );
}

#[test]
fn knight_jumps_two_forward_one_sideways_over_pieces() {
    let p = pos("4k4/9/9/9/9/3PPP3/4N4/9/K8 b - 1");
    assert_eq!(moves_from(&p, "5g"), strings(&["6e", "4e"]));
}

#[test]
fn gote_pieces_move_towards_rank_i() {
    let p = pos("K8/9/9/9/4s4/9/9/9/4k4 w - 1");
    assert_eq!(
        moves_from(&p, "5e"),
        strings(&["6f", "5f", "4f", "6d", "4d"])
    );
}

#[test]
fn lance_slides_forward_until_blocked_and_may_capture() {
    let p = pos("4k4/9/4p4/9/9/9/9/9/K3L4 b - 1");
    assert_eq!(
        moves_from(&p, "5i"),
        strings(&["5h", "5g", "5f", "5e", "5d", "5c", "5c+"])
    );
}

#[test]
fn pawn_moves_and_captures_one_step_straight_ahead() {
    let p = pos("4k4/9/9/9/4p4/4P4/9/9/K8 b - 1");
    assert_eq!(moves_from(&p, "5f"), strings(&["5e"]));
}

#[test]
fn dragon_moves_like_rook_plus_one_diagonal_step() {
    let p = pos("k8/9/9/9/4+R4/9/9/9/K8 b - 1");
    let moves = moves_from(&p, "5e");
    assert_eq!(moves.len(), 16 + 4);
    for diagonal in ["6d", "4d", "6f", "4f"] {
        assert!(moves.contains(&diagonal.to_string()), "{diagonal}");
    }
    assert!(!moves.contains(&"3c".to_string()));
}

#[test]
fn horse_moves_like_bishop_plus_one_orthogonal_step() {
    let p = pos("1k7/9/9/9/4+B4/9/9/9/8K b - 1");
    let moves = moves_from(&p, "5e");
    for step in ["5d", "5f", "4e", "6e", "1a", "9i"] {
        assert!(moves.contains(&step.to_string()), "{step}");
    }
    assert!(!moves.contains(&"5c".to_string()));
}

#[test]
fn promoted_minor_pieces_move_like_gold() {
    for piece in ["+P", "+L", "+N", "+S"] {
        let p = pos(&format!("4k4/9/9/9/4{piece}4/9/9/9/K8 b - 1"));
        assert_eq!(
            moves_from(&p, "5e"),
            strings(&["6d", "5d", "4d", "6e", "4e", "5f"]),
            "{piece}"
        );
    }
}

// ----- promotion -----------------------------------------------------------

#[test]
fn promotion_is_optional_when_entering_the_zone() {
    let p = pos("4k4/9/9/4S4/9/9/9/9/K8 b - 1");
    let moves = moves_from(&p, "5d");
    assert!(moves.contains(&"5c".to_string()) && moves.contains(&"5c+".to_string()));
}

#[test]
fn promotion_is_optional_when_leaving_the_zone() {
    let p = pos("4k4/9/4S4/9/9/9/9/9/K8 b - 1");
    let moves = moves_from(&p, "5c");
    assert!(moves.contains(&"4d".to_string()) && moves.contains(&"4d+".to_string()));
}

#[test]
fn promotion_is_optional_within_the_zone() {
    let p = pos("k8/4R4/9/9/9/9/9/9/K8 b - 1");
    let moves = moves_from(&p, "5b");
    assert!(moves.contains(&"2b".to_string()) && moves.contains(&"2b+".to_string()));
}

#[test]
fn no_promotion_outside_the_zone() {
    let p = pos("4k4/9/9/9/4S4/9/9/9/K8 b - 1");
    assert!(moves_from(&p, "5e").iter().all(|m| !m.ends_with('+')));
}

#[test]
fn pawn_must_promote_on_the_last_rank() {
    let p = pos("k8/4P4/9/9/9/9/9/9/K8 b - 1");
    assert_eq!(moves_from(&p, "5b"), strings(&["5a+"]));
}

#[test]
fn lance_must_promote_on_the_last_rank() {
    let p = pos("k8/9/4L4/9/9/9/9/9/K8 b - 1");
    assert_eq!(moves_from(&p, "5c"), strings(&["5b", "5b+", "5a+"]));
}

#[test]
fn knight_must_promote_on_the_last_two_ranks() {
    let p = pos("k8/9/9/4N4/9/9/9/9/K8 b - 1");
    assert_eq!(moves_from(&p, "5d"), strings(&["6b+", "4b+"]));
    let p = pos("k8/9/9/9/4N4/9/9/9/K8 b - 1");
    assert_eq!(moves_from(&p, "5e"), strings(&["6c", "6c+", "4c", "4c+"]));
}

#[test]
fn gote_must_promote_on_its_own_last_ranks() {
    let p = pos("k8/9/9/9/9/9/9/4p4/K8 w - 1");
    assert_eq!(moves_from(&p, "5h"), strings(&["5i+"]));
}

#[test]
fn gold_king_and_promoted_pieces_never_promote() {
    let p = pos("k8/9/9/4G4/9/9/9/4+S4/K8 b - 1");
    assert!(legal(&p).iter().all(|m| !m.ends_with('+')));
    let err = p.explain(mv("5d5c+")).unwrap_err();
    assert_eq!(
        err,
        IllegalMove::CannotPromote {
            kind: PieceKind::Gold
        }
    );
}

// ----- captures and drops --------------------------------------------------

#[test]
fn captured_piece_goes_to_hand_unpromoted() {
    let mut p = pos("k8/9/9/9/4+r4/4G4/9/9/K8 b - 1");
    p.try_play(mv("5f5e")).expect("legal capture");
    assert_eq!(p.hand(Color::Sente).count(PieceKind::Rook), 1);
    assert_eq!(p.hand(Color::Sente).count(PieceKind::Dragon), 1);
    assert_eq!(p.hand(Color::Sente).total(), 1);
}

#[test]
fn drops_go_only_on_empty_squares_and_never_capture() {
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b G 1");
    let drops = drops_of(&p, 'G');
    assert_eq!(drops.len(), 81 - 2);
    assert!(!drops.contains(&"5a".to_string()));
    assert_eq!(
        p.explain(mv("G*5a")).unwrap_err(),
        IllegalMove::SquareOccupied { square: sq("5a") }
    );
}

#[test]
fn pawn_and_lance_cannot_be_dropped_on_the_last_rank() {
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b PL 1");
    assert!(drops_of(&p, 'P').iter().all(|s| !s.ends_with('a')));
    assert!(drops_of(&p, 'L').iter().all(|s| !s.ends_with('a')));
    assert_eq!(
        p.explain(mv("L*1a")).unwrap_err(),
        IllegalMove::DeadDrop {
            kind: PieceKind::Lance
        }
    );
}

#[test]
fn knight_cannot_be_dropped_on_the_last_two_ranks() {
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b N 1");
    assert!(
        drops_of(&p, 'N')
            .iter()
            .all(|s| !s.ends_with('a') && !s.ends_with('b'))
    );
    assert_eq!(drops_of(&p, 'N').len(), 81 - 18 - 1);
    let gote = pos("4k4/9/9/9/9/9/9/9/4K4 w n 1");
    assert!(
        drops_of(&gote, 'N')
            .iter()
            .all(|s| !s.ends_with('h') && !s.ends_with('i'))
    );
    assert!(legal(&gote).iter().any(|m| m == "N*5g"));
    assert!(!legal(&gote).iter().any(|m| m == "N*5h"));
}

#[test]
fn nifu_forbids_second_pawn_on_file() {
    let p = pos("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    assert!(drops_of(&p, 'P').iter().all(|s| !s.starts_with('5')));
    assert_eq!(
        p.explain(mv("P*5e")).unwrap_err(),
        IllegalMove::Nifu { file: 5 }
    );
}

#[test]
fn nifu_ignores_tokin_and_the_opponents_pawn() {
    let p = pos("4k4/9/9/4p4/9/6+P2/9/9/4K4 b P 1");
    let drops = drops_of(&p, 'P');
    assert!(drops.contains(&"3e".to_string()), "a tokin does not count");
    assert!(
        drops.contains(&"5e".to_string()),
        "the opponent's pawn does not count"
    );
}

#[test]
fn uchifuzume_forbids_pawn_drop_mate() {
    let p = pos("7nk/9/7G1/9/9/9/9/9/4K4 b P 1");
    assert!(!legal(&p).contains(&"P*1b".to_string()));
    assert_eq!(p.explain(mv("P*1b")).unwrap_err(), IllegalMove::Uchifuzume);
}

#[test]
fn a_mating_pawn_drop_that_ignores_a_check_is_refused_for_the_check() {
    // Sente's king is in check from the rook on 9i: the drop on 1b would be
    // uchifuzume, but what the player must fix first is the check.
    let p = pos("7nk/9/7G1/9/9/9/9/9/r3K4 b P 1");
    assert!(p.in_check());
    assert_eq!(p.explain(mv("P*1b")).unwrap_err(), IllegalMove::InCheck);
    assert!(legal(&p).contains(&"P*6i".to_string()));
    assert_eq!(p.explain(mv("P*6i")), Ok(()));
}

#[test]
fn pawn_drop_check_is_legal_when_the_king_can_take_the_pawn() {
    let p = pos("7nk/9/6G2/9/9/9/9/9/4K4 b P 1");
    assert!(legal(&p).contains(&"P*1b".to_string()));
    let after = p.after(mv("P*1b"));
    assert!(after.in_check());
}

#[test]
fn pawn_drop_check_is_legal_when_another_piece_can_take_the_pawn() {
    let p = pos("7gk/9/8G/9/9/9/9/9/4K4 b P 1");
    assert!(legal(&p).contains(&"P*1b".to_string()));
}

#[test]
fn uchifuzume_when_the_only_defender_is_pinned() {
    // The silver on 2a could take a pawn on 1b, but the rook on 5a pins it.
    let pinned = pos("4R2sk/9/8G/9/9/9/9/9/4K4 b P 1");
    assert!(!legal(&pinned).contains(&"P*1b".to_string()));
    assert_eq!(
        pinned.explain(mv("P*1b")).unwrap_err(),
        IllegalMove::Uchifuzume
    );
    let free = pos("7sk/9/8G/9/9/9/9/9/4K4 b P 1");
    assert!(legal(&free).contains(&"P*1b".to_string()));
}

#[test]
fn mate_by_a_pawn_move_is_legal() {
    let p = pos("7nk/9/7GP/9/9/9/9/9/4K4 b - 1");
    let after = p.after(mv("1c1b"));
    assert!(legal(&p).contains(&"1c1b".to_string()));
    assert!(after.is_checkmate());
}

#[test]
fn mate_by_dropping_another_piece_is_legal() {
    let p = pos("7nk/9/7G1/9/9/9/9/9/4K4 b L 1");
    assert!(legal(&p).contains(&"L*1b".to_string()));
    assert!(p.after(mv("L*1b")).is_checkmate());
}

#[test]
fn a_drop_may_give_check() {
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b G 1");
    assert!(p.after(mv("G*5b")).in_check());
}

// ----- king safety ---------------------------------------------------------

#[test]
fn king_cannot_move_into_check() {
    let p = pos("3r4k/9/9/9/9/9/9/9/4K4 b - 1");
    assert!(moves_from(&p, "5i").iter().all(|m| !m.starts_with('6')));
    assert!(matches!(
        p.explain(mv("5i6i")).unwrap_err(),
        IllegalMove::KingAttacked { .. }
    ));
}

#[test]
fn king_cannot_step_next_to_the_enemy_king() {
    let p = pos("9/9/9/4k4/9/4K4/9/9/9 b - 1");
    let moves = moves_from(&p, "5f");
    assert!(moves.iter().all(|m| !m.ends_with('e')));
    assert_eq!(moves.len(), 5);
}

#[test]
fn king_cannot_retreat_along_the_checking_line() {
    let p = pos("4r3k/9/9/9/4K4/9/9/9/9 b - 1");
    assert!(!moves_from(&p, "5e").contains(&"5f".to_string()));
}

#[test]
fn pinned_piece_moves_only_along_the_pin() {
    let p = pos("4r3k/9/9/9/9/9/4R4/9/4K4 b - 1");
    assert_eq!(
        moves_from(&p, "5g"),
        strings(&[
            "5h", "5f", "5e", "5d", "5c", "5c+", "5b", "5b+", "5a", "5a+"
        ])
    );
    assert!(matches!(
        p.explain(mv("5g4g")).unwrap_err(),
        IllegalMove::ExposesKing { .. }
    ));
}

#[test]
fn in_check_only_evasions_are_legal() {
    // Rook on 5a checks the king on 5i: king steps aside, the gold blocks or
    // the pieces in hand are dropped in between.
    let p = pos("4r3k/9/9/9/9/9/9/3G5/4K4 b P 1");
    let moves = legal(&p);
    let expected = strings(&[
        "5i4i", "5i4h", "5i6i", "6h5h", "6h5g", "P*5b", "P*5c", "P*5d", "P*5e", "P*5f", "P*5g",
        "P*5h",
    ]);
    assert_eq!(moves, expected);
    assert_eq!(p.explain(mv("6h7h")).unwrap_err(), IllegalMove::InCheck);
}

#[test]
fn double_check_allows_only_king_moves() {
    let p = pos("4k4/9/9/9/9/9/3n5/9/r3K4 b G 1");
    assert!(legal(&p).iter().all(|m| m.starts_with("5i")));
    assert_eq!(legal(&p).len(), 3);
}

#[test]
fn discovered_check_is_seen() {
    let p = pos("4k4/9/9/9/9/9/4S4/9/4R3K b - 1");
    assert!(p.after(mv("5g4f")).in_check());
}

#[test]
fn checkmate_is_detected() {
    let p = pos("4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
    assert!(p.in_check());
    assert!(p.is_checkmate());
}

#[test]
fn no_legal_move_without_check_is_detected() {
    // Gote's king on 1a is not attacked, but every square it could go to
    // is, and it has nothing else to move.
    let p = pos("8k/6G2/7G1/9/9/9/9/9/4K4 w - 1");
    assert!(!p.in_check());
    assert!(!p.has_legal_move());
    assert!(!p.is_checkmate());
}

// ----- explanations --------------------------------------------------------

#[test]
fn explanations_name_what_is_wrong() {
    let p = Position::startpos();
    assert_eq!(
        p.explain(mv("5e5d")).unwrap_err(),
        IllegalMove::NoPiece { square: sq("5e") }
    );
    assert_eq!(
        p.explain(mv("7c7d")).unwrap_err(),
        IllegalMove::NotYourPiece { square: sq("7c") }
    );
    assert_eq!(
        p.explain(mv("7g8f")).unwrap_err(),
        IllegalMove::WrongWay {
            kind: PieceKind::Pawn
        }
    );
    assert_eq!(
        p.explain(mv("8h2b")).unwrap_err(),
        IllegalMove::PathBlocked {
            kind: PieceKind::Bishop,
            blocker: sq("7g")
        }
    );
    assert_eq!(
        p.explain(mv("6i5i")).unwrap_err(),
        IllegalMove::OwnPieceThere { square: sq("5i") }
    );
    assert_eq!(
        p.explain(mv("7g7f+")).unwrap_err(),
        IllegalMove::OutsideZone
    );
    assert_eq!(
        p.explain(mv("P*5e")).unwrap_err(),
        IllegalMove::NotInHand {
            kind: PieceKind::Pawn
        }
    );
    let text = IllegalMove::Nifu { file: 5 }.to_string();
    assert!(text.contains("nifu"), "{text}");
}

#[test]
fn forced_promotion_is_explained() {
    let p = pos("k8/4P4/9/9/9/9/9/9/K8 b - 1");
    assert_eq!(
        p.explain(mv("5b5a")).unwrap_err(),
        IllegalMove::MustPromote {
            kind: PieceKind::Pawn
        }
    );
}

#[test]
fn try_play_leaves_the_position_unchanged_on_an_illegal_move() {
    let mut p = Position::startpos();
    let before = p;
    assert!(p.try_play(mv("7g7e")).is_err());
    assert_eq!(p, before);
}
