//! Western (Hodges) notation against hand-checked examples.

use komadai::rules::notation::western;
use komadai::rules::{Move, Position};

fn sfen(text: &str) -> Position {
    match Position::from_sfen(text) {
        Ok(pos) => pos,
        Err(err) => panic!("test SFEN {text} is invalid: {err}"),
    }
}

fn usi(text: &str) -> Move {
    match Move::from_usi(text) {
        Ok(mv) => mv,
        Err(err) => panic!("test move {text} is not USI: {err}"),
    }
}

/// The position after playing `moves` (USI) from the start.
fn after(moves: &str) -> Position {
    let mut pos = Position::startpos();
    for text in moves.split_whitespace() {
        if let Err(err) = pos.try_play(usi(text)) {
            panic!("{text}: {err}");
        }
    }
    pos
}

fn w(before: &Position, mv: &str) -> String {
    let mv = usi(mv);
    assert!(
        before.is_legal(mv),
        "{mv} must be legal in {}",
        before.to_sfen()
    );
    western(before, mv)
}

#[test]
fn pawn_push_is_letter_dash_square() {
    assert_eq!(w(&Position::startpos(), "7g7f"), "P-7f");
    assert_eq!(w(&after("7g7f"), "3c3d"), "P-3d");
}

#[test]
fn bishop_capture_with_and_without_promotion() {
    let pos = after("7g7f 3c3d");
    assert_eq!(w(&pos, "8h2b+"), "Bx2b+");
    assert_eq!(w(&pos, "8h2b"), "Bx2b=");
    assert_eq!(w(&pos, "8h3c+"), "B-3c+");
}

#[test]
fn recapture_names_the_capturing_piece() {
    assert_eq!(w(&after("7g7f 3c3d 8h2b+"), "3a2b"), "Sx2b");
}

#[test]
fn drops_use_an_asterisk() {
    let pos = after("7g7f 3c3d 8h2b+ 3a2b");
    assert_eq!(w(&pos, "B*4e"), "B*4e");
    let bare = sfen("4k4/9/9/9/9/9/9/9/4K4 b S 1");
    assert_eq!(w(&bare, "S*5b"), "S*5b");
}

#[test]
fn knight_that_declines_promotion_gets_an_equals_sign() {
    let pos = sfen("4k4/9/9/9/1N7/9/9/9/4K4 b - 1");
    assert_eq!(w(&pos, "8e7c"), "N-7c=");
    assert_eq!(w(&pos, "8e7c+"), "N-7c+");
}

#[test]
fn forced_promotion_is_still_written_with_plus() {
    let pos = sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(w(&pos, "9b9a+"), "P-9a+");
}

#[test]
fn promoted_pieces_carry_a_plus() {
    let pos = sfen("4k4/1p5+R1/9/9/9/9/9/9/4K4 b - 1");
    assert_eq!(w(&pos, "2b8b"), "+Rx8b");
    let tokin = sfen("4k4/9/4+P4/9/9/9/9/9/4K4 b - 1");
    assert_eq!(w(&tokin, "5c5b"), "+P-5b");
}

#[test]
fn origin_is_written_only_when_an_identical_piece_could_go_there() {
    let start = Position::startpos();
    assert_eq!(w(&start, "6i5h"), "G6i-5h");
    assert_eq!(w(&start, "4i5h"), "G4i-5h");
    // The king could also go to 5h, but it is not a gold.
    assert_eq!(w(&start, "5i5h"), "K-5h");
    assert_eq!(w(&start, "7i6h"), "S-6h");
}

#[test]
fn a_pinned_twin_does_not_count_as_a_rival() {
    // The gold on 6h is pinned against the king on 7h by the rook on 5h,
    // so only the gold on 4h can go to 5g.
    let pos = sfen("4k4/9/9/9/9/9/9/2KGrG3/9 b - 1");
    assert!(!pos.is_legal(usi("6h5g")));
    assert_eq!(w(&pos, "4h5g"), "G-5g");
}

#[test]
fn rivals_that_could_capture_too_show_the_origin_with_x() {
    let pos = sfen("4k4/9/9/9/9/4p4/3S1S3/9/4K4 b - 1");
    assert_eq!(w(&pos, "6g5f"), "S6gx5f");
    assert_eq!(w(&pos, "4g5f"), "S4gx5f");
}

#[test]
fn twin_knights_and_promoted_pieces_show_their_origin() {
    let knights = sfen("4k4/9/9/9/9/9/9/9/2N1N3K b - 1");
    assert_eq!(w(&knights, "7i6g"), "N7i-6g");
    assert_eq!(w(&knights, "5i6g"), "N5i-6g");
    let silvers = sfen("4k4/9/9/9/9/3+S1+S3/9/9/4K4 b - 1");
    assert_eq!(w(&silvers, "6f5e"), "+S6f-5e");
    let dragons = sfen("k7K/9/6+R2/9/9/9/9/9/4+R4 b - 1");
    assert_eq!(w(&dragons, "3c5c"), "+R3c-5c");
    assert_eq!(w(&dragons, "3c3a"), "+R-3a");
}

#[test]
fn gote_moves_read_the_same_way() {
    let pos = sfen("4k4/9/9/9/9/9/3ggg3/9/K8 w - 1");
    assert_eq!(w(&pos, "5g5h"), "G5g-5h");
    assert_eq!(w(&pos, "5g5f"), "G-5f");
    let line = after("7g7f 3c3d 8h2b+");
    assert_eq!(w(&line, "3a2b"), "Sx2b");
}
