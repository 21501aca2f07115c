//! The reasons on the deep pass's lines of held-out games (sets 17 and 18,
//! `tests/data/review/held_out/`), where the plain "Better was" used to be
//! all the review said, and Fairy-Stockfish's lines bear out the reason.

use super::*;

/// The reasons for one line as `review_audit --lines --deep` prints it:
/// `sfen | played | best | reply | scores`, the scores as the fast pass's.
fn reasons_on(text: &str, deep_lines: bool) -> Vec<Reason> {
    let fields: Vec<&str> = text.split(" | ").collect();
    let field = |name: &str| {
        fields
            .iter()
            .find_map(|f| f.strip_prefix(name))
            .map_or(Vec::new(), |line| {
                line.split_whitespace()
                    .filter_map(|m| Move::from_usi(m).ok())
                    .collect()
            })
    };
    let before = Position::from_sfen(fields[0]).expect("test SFEN");
    let (best, reply) = (field("best "), field("reply "));
    let scores: Vec<i32> = fields
        .iter()
        .find_map(|f| f.strip_prefix("scores "))
        .map_or(Vec::new(), |s| {
            s.split_whitespace()
                .filter_map(|cp| {
                    cp.trim_start_matches("Cp(")
                        .trim_end_matches(')')
                        .parse()
                        .ok()
                })
                .collect()
        });
    reasons(&MoveFacts {
        before: &before,
        previous_to: None,
        played: field("played ")[0],
        best_line: &best,
        reply_line: &reply,
        checked_line: &best[1..],
        score_before: Score::Cp(scores[0]),
        score_after: Score::Cp(scores[1]),
        deep_lines,
    })
}

fn english(found: &[Reason]) -> String {
    words::explanation(
        Language::English,
        &found[..1],
        &Voice::to_mover(Notation::Western),
    )
}

/// `hard_vs_normal_186` ply 50: P*5h checks, G5gx5h takes the pawn, and the
/// lance on 5e takes the rook on 5b. The deep search's answer, P-9f, leaves
/// the rook where it stands (Fairy-Stockfish answers P-9f too); P*5d would
/// have blocked the file.
const ROOK_LEFT_TO_THE_LANCE: &str = "1nsgkgs2/4r3+L/lppp1p3/6pp1/p3Ln3/1PPP5/P1BSG1PPR/5S3/LN1GK2N1 w B4Pp 50 | played P*5h | best P*5d 5g4f 5d5e 4f4e 9e9f 1g1c+ 9f9g+ 8i9g 4a3b 5i6h 5e5f N*5e L*4d 5e6c 5a6b 6c7a+ 6b7a | reply 5g5h 9e9f 5e5b+ 6a5b 1g1c+ 9f9g+ 9i9g 9c9g+ 8i9g L*5c L*5f L*5d P*5e 5d5e 5f5e 5c5e B*3c 5a6a 3c5e+ P*5g 4h5g | scores Cp(-2148) Cp(-3105)";

#[test]
fn a_piece_the_deep_lines_first_answer_leaves_is_lost_by_the_move() {
    let found = reasons_on(ROOK_LEFT_TO_THE_LANCE, true);
    let Some(Reason::LosesMajor { piece, square, .. }) = found.first() else {
        panic!("no rook lost: {found:?}");
    };
    assert_eq!(piece.kind, PieceKind::Rook);
    assert_eq!(*square, Square::parse("5b").expect("sq"));
    assert_eq!(
        english(&found),
        "Your rook on 5b is lost: G5gx5h P-9f Lx5b+ G6ax5b."
    );
}

#[test]
fn on_the_fast_pass_lines_a_piece_the_first_answer_leaves_is_a_defence_declined() {
    // The fast pass's shorter searches answer weakly more often: there a
    // piece that could have stepped aside is not the move's loss.
    let found = reasons_on(ROOK_LEFT_TO_THE_LANCE, false);
    assert!(!says!(found, Reason::LosesMajor { .. }), "{found:?}");
}

#[test]
fn material_that_falls_after_the_first_plies_is_named_with_its_line() {
    // `normal_vs_easy_185` ply 15: G6i-6h leaves the bishops' diagonal open;
    // after the trade, B*2h takes the lance on 1i. P-6f would have closed it.
    let found = reasons_on(
        "1nsgk1gnl/l4r1b1/ppppsp1pp/4p1p2/9/2P2P3/PP1PP1PPP/1BR1G1S2/LNSGK2NL b - 15 | played 6i6h | best 6g6f 5a6b 7i6h 7a7b 6h6g 6c6d 8h7g 2b3c 9g9f 4c4d 5i6h 7c7d 6h7i 7b6c 3g3f 8c8d 5g5f | reply 2b8h+ 7h8h B*2h 8g8f 2h1i+ B*5f 7a8b 8f8e 5d5e 5f4g L*7d 5i6i 4b6b 6h7g 1i2h 4g6e 5c6d 6e4g 2h3i | scores Cp(30) Cp(-435)",
        true,
    );
    assert!(
        says!(found, Reason::OpponentWins { later: true, piece, .. } if piece.kind == PieceKind::Lance),
        "{found:?}"
    );
    assert_eq!(
        english(&found),
        "This let the opponent win your lance on 1i: Bx8h+ Rx8h B*2h P-8f Bx1i+."
    );
}

#[test]
fn material_that_falls_only_at_the_end_of_a_long_line_is_not_named() {
    // `normal_vs_easy_171` ply 15: the knight jumped to 8e is taken fourteen
    // plies later, at the end of a line of rook manoeuvres: the search's
    // guess, not the move's lesson.
    let found = reasons_on(
        "1nsg1gsnl/l2k1r3/ppppppb1p/6pp1/9/P4P1PP/NPPPPSP2/1B5R1/L1SGKG1NL b - 15 | played 9g8e | best 4g3f 4a3b 2f2e 3b2c 2e2d 3c2d 7g7f 3a2b 3f4g 7a7b 6i7h 9c9d 8h7g 2d3c 7i8h 3d3e 7f7e 9b9c | reply 7a8b 7g7f 4c4d 2f2e 2d2e 2h2e P*2d 2e7e 8c8d 3g3f 4b2b 3f3e 3d3e 7e3e 8d8e 3e8e | scores Cp(80) Cp(-276)",
        true,
    );
    assert!(!says!(found, Reason::OpponentWins { .. }), "{found:?}");
}

#[test]
fn a_rook_let_in_down_a_file_is_named_with_what_stops_it() {
    // `normal_vs_easy_176` ply 18: K-6b does nothing against the 2-file,
    // where P-2d Px2d Rx2d and R-2c+ promote the rook; P-3d stops it.
    let found = reasons_on(
        "1nsgkgs1l/l4r1b1/1pppp1ppn/5p2p/p6P1/9/PPPPPPP1P/1BG1KS1R1/LNS2G1NL w - 18 | played 5a6b | best 3c3d 2e2d 2c2d 2h2d 4a3b 1g1f 3b3c 2d2h P*2e 1f1e 1d1e P*1d 3c2d 1d1c+ 1a1c N*3f 2d3e 4i3h 5a6b | reply 2e2d 2c2d 2h2d 3c3d 2d2c+ 4a3b 2c2h 4b4c 1g1f P*2d 1f1e 1d1e 1i1e 9b9c P*1d 1c2e P*2f P*1c 1d1c+ 1a1c P*1d | scores Cp(-181) Cp(-480)",
        true,
    );
    assert_eq!(
        english(&found),
        "After K-6b, the opponent's rook breaks in on the 2-file: P-2d Px2d Rx2d P-3d R-2c+; after P-3d it does not get in."
    );
}

#[test]
fn a_piece_the_reply_threatens_to_win_is_named() {
    // `normal_vs_easy_191` ply 35: after P*1d, N-2e joins the bishop on 5e
    // against the knight on 3g; S-6f drives the bishop off first.
    let found = reasons_on(
        "1n1g1k2l/l1sr1sg2/2pppp2n/6pp1/p3b4/1PP3P2/P1SPPPNP1/3K1S1R1/LN1G1G2L b 2Pbp 35 | played P*1d | best 7g6f 5e4d P*1b 1a1b 6i7h 1c2e 1i1b+ 2e1g+ 2h2i 1g1h L*4f 1h2i 4f4d 4c4d B*2a P*8h 7h8h 9e9f 2a3b+ | reply 1c2e 4i3h P*8h 2h2i 8h8i+ 6i7h 8i9i 3g2e 4a5b 2i9i 2d2e 7g6f 5e3c 6h5h N*5d 6f7g 3d3e N*4e | scores Cp(-710) Cp(-1227)",
        true,
    );
    assert_eq!(
        english(&found),
        "The best reply N-2e threatens Nx3g+, winning your knight on 3g; after S-6f and the best reply there is no such threat."
    );
}
