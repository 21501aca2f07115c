//! Every ending of the table in `docs/RULES.md`, reached by playing
//! moves.

use komadai::rules::game::{EndReason, Game, GameError, GameResult, MAX_PLIES};
use komadai::rules::{Color, Move, Position};

fn game_from(sfen: &str) -> Game {
    match Position::from_sfen(sfen) {
        Ok(pos) => Game::from_position(pos),
        Err(err) => panic!("test SFEN {sfen} is invalid: {err}"),
    }
}

fn usi(text: &str) -> Move {
    match Move::from_usi(text) {
        Ok(mv) => mv,
        Err(err) => panic!("test move {text} is not USI: {err}"),
    }
}

fn play_all(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        if let Err(err) = game.play(usi(text)) {
            panic!("{text} refused at ply {}: {err}", game.ply() + 1);
        }
    }
}

fn result(game: &Game) -> GameResult {
    match game.result() {
        Some(result) => *result,
        None => panic!("the game should be over: {game:?}"),
    }
}

#[test]
fn head_gold_drop_mates_and_sente_wins_by_checkmate() {
    let mut game = game_from("4k4/9/p8/4P4/9/9/9/9/4K4 b G 1");
    play_all(&mut game, "5d5c 9c9d");
    assert!(!game.is_over());
    play_all(&mut game, "G*5b");
    let result = result(&game);
    assert_eq!(
        result,
        GameResult::new(Some(Color::Sente), EndReason::Checkmate)
    );
    assert_eq!(result.to_string(), "Sente wins by checkmate");
}

#[test]
fn gote_mates_sente_with_a_dropped_gold() {
    // The same mate seen from the other side of the board.
    let mut game = game_from("4k4/9/9/9/9/4p4/8P/9/4K4 w g 1");
    play_all(&mut game, "5f5g 1g1f G*5h");
    assert_eq!(
        result(&game),
        GameResult::new(Some(Color::Gote), EndReason::Checkmate)
    );
    assert_eq!(result(&game).to_string(), "Gote wins by checkmate");
}

#[test]
fn a_king_boxed_in_without_check_loses_for_lack_of_a_move() {
    // The dragon covers 8a, 8b and 9b but not 9a, and Gote has nothing else.
    let mut game = game_from("k8/9/9/9/1+R7/9/9/9/4K4 b - 1");
    play_all(&mut game, "8e8c");
    assert!(!game.position().in_check());
    let result = result(&game);
    assert_eq!(
        result,
        GameResult::new(Some(Color::Sente), EndReason::NoLegalMoves)
    );
    assert_eq!(result.to_string(), "Sente wins: Gote has no legal move");
}

#[test]
fn a_start_position_without_moves_is_over_at_once() {
    let game = game_from("k8/9/1+R7/9/9/9/9/9/4K4 w - 1");
    assert_eq!(
        game.result().map(|r| r.reason),
        Some(EndReason::NoLegalMoves)
    );
}

#[test]
fn resignation_ends_the_game_and_blocks_further_moves() {
    let mut game = Game::new();
    play_all(&mut game, "7g7f 3c3d");
    game.resign(Color::Sente);
    let result = result(&game);
    assert_eq!(
        result,
        GameResult::new(Some(Color::Gote), EndReason::Resignation)
    );
    assert_eq!(result.to_string(), "Gote wins: Sente resigned");
    assert_eq!(game.play(usi("2g2f")), Err(GameError::Finished));
    game.resign(Color::Gote);
    assert_eq!(
        game.result(),
        Some(&result),
        "a second resignation changes nothing"
    );
    assert_eq!(game.declare(), Err(GameError::Finished));
    assert!(game.legal_moves().is_empty());
}

#[test]
fn undo_takes_back_the_last_move_and_the_result() {
    let mut game = Game::new();
    play_all(&mut game, "7g7f 3c3d");
    game.resign(Color::Sente);
    assert_eq!(game.undo(), Some(usi("3c3d")));
    assert!(!game.is_over());
    assert_eq!(game.ply(), 1);
    assert_eq!(game.position(), &Position::startpos().after(usi("7g7f")));
    play_all(&mut game, "3c3d 2g2f");
    assert_eq!(game.ply(), 3);
}

#[test]
fn resigning_before_any_move_is_undone_by_undo() {
    let mut game = Game::new();
    game.resign(Color::Sente);
    assert!(game.is_over());
    assert_eq!(game.undo(), None);
    assert!(!game.is_over());
}

#[test]
fn illegal_moves_are_refused_with_the_reason() {
    let mut game = Game::new();
    let err = game.play(usi("7g7e"));
    assert!(matches!(err, Err(GameError::Illegal(_))), "{err:?}");
    assert_eq!(game.ply(), 0);
    let text = err.map_err(|e| e.to_string()).err().unwrap_or_default();
    assert!(text.contains("pawn does not move that way"), "{text}");
}

#[test]
fn positions_after_each_ply_are_kept() {
    let mut game = Game::new();
    play_all(&mut game, "7g7f 3c3d 8h2b+");
    assert_eq!(game.position_after(0), Some(&Position::startpos()));
    assert_eq!(
        game.position_after(2).map(Position::to_sfen),
        Some("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3".to_string())
    );
    assert_eq!(game.position_after(3), Some(game.position()));
    assert_eq!(game.position_after(4), None);
    game.undo_to(1);
    assert_eq!(game.moves(), &[usi("7g7f")]);
}

const ROOK_SHUFFLE: &str = "2h3h 8b7b 3h2h 7b8b";

#[test]
fn sennichite_is_a_draw_on_the_fourth_occurrence() {
    let mut game = Game::new();
    play_all(&mut game, &[ROOK_SHUFFLE; 2].join(" "));
    assert_eq!(game.repetition_count(), 3);
    assert!(
        !game.is_over(),
        "the third occurrence does not end the game"
    );
    play_all(&mut game, ROOK_SHUFFLE);
    assert_eq!(game.ply(), 12);
    let result = result(&game);
    assert_eq!(result, GameResult::new(None, EndReason::Sennichite));
    assert_eq!(
        result.to_string(),
        "Draw by sennichite (fourfold repetition)"
    );
}

#[test]
fn undo_takes_back_a_repetition_and_any_later_return_counts() {
    let mut game = Game::new();
    play_all(&mut game, &[ROOK_SHUFFLE; 3].join(" "));
    assert!(game.is_over());
    game.undo();
    assert!(!game.is_over());
    assert_eq!(game.repetition_count(), 3);
    play_all(&mut game, "4a4b 2h3h");
    assert!(!game.is_over());
    // Back to the position after 2h3h 8b7b, for the fourth time: repetitions
    // need not follow one another.
    play_all(&mut game, "4b4a");
    assert_eq!(result(&game).reason, EndReason::Sennichite);
}

#[test]
fn positions_differing_only_in_hand_are_different_for_sennichite() {
    // The same board with a pawn more in Sente's hand is another position.
    let a = game_from("4k4/9/9/9/9/9/9/9/4K4 b P 1");
    let b = game_from("4k4/9/9/9/9/9/9/9/4K4 b 2P 1");
    assert_ne!(a.position().hash(), b.position().hash());
}

#[test]
fn perpetual_check_by_sente_loses_for_sente() {
    // The rook checks from 5e and 4e while the king steps 5a-4a-5a.
    let mut game = game_from("4k4/9/9/9/5R3/9/9/9/K8 b - 1");
    let cycle = "4e5e 5a4a 5e4e 4a5a";
    play_all(&mut game, &[cycle; 2].join(" "));
    assert!(!game.is_over());
    play_all(&mut game, cycle);
    let result = result(&game);
    assert_eq!(
        result,
        GameResult::new(Some(Color::Gote), EndReason::PerpetualCheck)
    );
    assert_eq!(result.to_string(), "Gote wins: Sente gave perpetual check");
}

#[test]
fn perpetual_check_by_gote_loses_for_gote() {
    let mut game = game_from("k8/9/9/9/4r4/9/8P/9/3K5 b - 1");
    play_all(&mut game, "1g1f");
    // From here the repeated position is the one after 1g1f.
    let cycle = "5e6e 6i5i 6e5e 5i6i";
    play_all(&mut game, &[cycle; 3].join(" "));
    assert_eq!(game.ply(), 13);
    assert_eq!(
        result(&game),
        GameResult::new(Some(Color::Sente), EndReason::PerpetualCheck)
    );
}

#[test]
fn repetition_with_a_quiet_move_in_the_cycle_is_a_plain_draw() {
    // The rook checks from 5e, then steps back to 6e without check.
    let mut game = game_from("4k4/9/9/9/3R5/9/9/9/K8 b - 1");
    let cycle = "6e5e 5a4a 5e6e 4a5a";
    play_all(&mut game, &[cycle; 3].join(" "));
    assert_eq!(result(&game), GameResult::new(None, EndReason::Sennichite));
}

const ALL_IN_HAND_27_EACH: &str = "9/9/9/4K4/9/4k4/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1";

#[test]
fn impasse_with_27_points_each_is_a_draw() {
    let mut game = game_from(ALL_IN_HAND_27_EACH);
    assert!(!game.can_declare(), "the kings are not in their zones yet");
    assert_eq!(game.declare(), Err(GameError::CannotDeclare));
    play_all(&mut game, "5d5c 5f5g");
    assert!(game.can_declare());
    let preview = game.impasse_preview();
    assert_eq!((preview.sente_points, preview.gote_points), (27, 27));
    assert_eq!(preview.result.winner, None);
    assert!(!game.is_over(), "a preview declares nothing");
    let declared = game.declare();
    assert_eq!(declared, Ok(preview.result));
    assert_eq!(game.result(), Some(&preview.result));
    assert_eq!(
        preview.result.to_string(),
        "Impasse declared: Sente 27 points, Gote 27 points — draw"
    );
}

#[test]
fn impasse_declared_with_too_few_points_loses() {
    // Sente holds both rooks: 32 points against 22; Gote declares anyway.
    let mut game = game_from("9/9/9/4K4/9/4k4/9/9/9 b 2RB2G2S2N2L9Pb2g2s2n2l9p 1");
    play_all(&mut game, "5d5c 5f5g 5c4c");
    let result = game.declare();
    let expected = GameResult::new(
        Some(Color::Sente),
        EndReason::Impasse {
            sente_points: 32,
            gote_points: 22,
        },
    );
    assert_eq!(result, Ok(expected));
    assert_eq!(
        expected.to_string(),
        "Impasse declared: Sente 32 points, Gote 22 points — Sente wins"
    );
}

#[test]
fn impasse_cannot_be_declared_in_check() {
    // Both kings in their zones, but Gote's rook on 5i checks Sente's king.
    let mut game = game_from("4K4/9/9/9/9/9/9/4k4/9 w r 1");
    play_all(&mut game, "R*5e");
    assert!(game.position().in_check());
    assert!(!game.can_declare());
    assert_eq!(game.declare(), Err(GameError::CannotDeclare));
}

/// Plays quiet moves (no capture, no check, kings kept in their zones when
/// `stay_in_zones`) that never make any position occur a fourth time,
/// until the game ends; the first such move in generator order each ply.
fn shuffle_until_over(game: &mut Game, stay_in_zones: bool) {
    while !game.is_over() {
        let pos = *game.position();
        let us = pos.side_to_move();
        let quiet = game.legal_moves().iter().copied().find(|&mv| {
            let after = pos.after(mv);
            let capture = pos.piece_at(mv.to()).is_some();
            let king_leaves_zone =
                mv.from() == pos.king_square(us) && stay_in_zones && !mv.to().in_zone(us);
            let mut trial = game.clone();
            let repeats = trial.play(mv).is_ok() && trial.repetition_count() >= 3;
            !capture && !after.in_check() && !king_leaves_zone && !repeats
        });
        match quiet {
            Some(mv) => play_all(game, &mv.to_string()),
            None => panic!("no quiet move left at ply {}: {game:?}", game.ply()),
        }
    }
}

#[test]
fn four_hundred_plies_from_the_start_are_a_draw() {
    let mut game = Game::new();
    shuffle_until_over(&mut game, false);
    assert_eq!(game.ply(), MAX_PLIES);
    let result = result(&game);
    assert_eq!(
        result,
        GameResult::new(None, EndReason::MaxPlies { points: None })
    );
    assert_eq!(result.to_string(), "Draw: the 400-move limit was reached");
}

#[test]
fn four_hundred_plies_with_kings_in_zones_are_decided_by_count() {
    // Sente: king 5b, two rooks, two bishops and four pawns in hand (24
    // points); Gote: king 5h, a gold and two silvers in hand (3 points).
    let mut game = game_from("9/4K4/9/9/R7R/9/9/4k4/9 b 2B4Pg2s 1");
    shuffle_until_over(&mut game, true);
    assert_eq!(game.ply(), MAX_PLIES);
    let result = result(&game);
    assert_eq!(
        result,
        GameResult::new(
            Some(Color::Sente),
            EndReason::MaxPlies {
                points: Some((24, 3))
            }
        )
    );
    assert_eq!(
        result.to_string(),
        "400-move limit with both kings in their zones: Sente 24 points, Gote 3 points — Sente wins"
    );
}

#[test]
fn the_ply_limit_counts_from_the_sfen_move_number() {
    let mut game = game_from("9/4K4/9/9/9/9/9/4k4/9 b - 399");
    play_all(&mut game, "5b4b");
    assert!(!game.is_over());
    play_all(&mut game, "5h4h");
    assert_eq!(game.total_plies(), MAX_PLIES);
    assert_eq!(
        game.result().map(|r| r.reason),
        Some(EndReason::MaxPlies {
            points: Some((0, 0))
        })
    );
}

#[test]
fn a_mate_on_the_last_ply_is_a_checkmate_not_a_draw() {
    let mut game = game_from("4k4/9/4P4/9/9/9/9/9/4K4 b G 400");
    play_all(&mut game, "G*5b");
    assert_eq!(game.total_plies(), MAX_PLIES);
    assert_eq!(game.result().map(|r| r.reason), Some(EndReason::Checkmate));
}
