//! The CSA 27-point declaration rule, which the USI engine uses for
//! `bestmove win` (other GUIs judge a declaration by it).

use komadai::rules::Position;
use komadai::rules::impasse::csa27_declaration_valid;

fn valid(sfen: &str) -> bool {
    csa27_declaration_valid(&Position::from_sfen(sfen).expect("test SFEN is valid"))
}

// Sente's king on 5a with rook, bishop, 2 golds, 2 silvers, 4 tokins (10
// pieces, 5 + 5 + 8 = 18 points) in the camp; the hand makes up the rest.
const CAMP: &str = "1+P1+PK+P1+P1/1RGSGSB2/9/9/9/9/9/9/4k4";

#[test]
fn twenty_eight_points_and_ten_pieces_in_camp_win_for_sente() {
    assert!(valid(&format!("{CAMP} b 2G2S2N2L2P 1")));
}

#[test]
fn twenty_seven_points_are_one_short_for_sente() {
    assert!(!valid(&format!("{CAMP} b 2G2S2N2LP 1")));
}

#[test]
fn gote_needs_twenty_seven() {
    // The same camp turned round, for Gote.
    let gote_camp = "4K4/9/9/9/9/9/9/2bsgsgr1/1+p1+pk+p1+p1";
    assert!(valid(&format!("{gote_camp} w 2g2s2n2lp 1")));
    assert!(!valid(&format!("{gote_camp} w 2g2s2n2l 1")));
}

#[test]
fn fewer_than_ten_pieces_in_camp_do_not_declare() {
    // Nine pieces in the camp, but points to spare in hand.
    let sfen = "1+P1+PK4/1RGSGSB2/9/9/9/9/9/9/4k4 b 2G2S2N2L4P 1";
    assert!(!valid(sfen));
}

#[test]
fn the_king_must_be_in_the_camp() {
    let sfen = "1+P1+P1+P1+P1/1RGSGSB2/9/4K4/9/9/9/9/4k4 b 2G2S2N2L2P 1";
    assert!(!valid(sfen));
}

#[test]
fn no_declaration_in_check() {
    // Gote's tokin on 4a checks the king on 5a; ten pieces and 28 points
    // otherwise.
    let sfen = "1+P1+PK+p1+P1/1RGSGSB2/8+P/9/9/9/9/9/4k4 b 2G2S2N2L2P 1";
    assert!(!valid(sfen));
}
