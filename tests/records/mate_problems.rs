//! Tsume files as published: a diagram without the attacker's king reads as
//! a mate problem (the defender holding the pieces left over unless its hand
//! is written), and still not as a game.

use komadai::record::{Problem, Record};
use komadai::rules::{Color, PieceKind, SetupError, Square};

/// Gote's king on 1a, a Sente pawn on 1c, a gold in Sente's hand; no Sente king.
fn tsume_kif(gote_hand: &str) -> String {
    let mut rows = vec!["| ・ ・ ・ ・ ・ ・ ・ ・v玉|一".to_owned()];
    rows.push("| ・ ・ ・ ・ ・ ・ ・ ・ ・|二".to_owned());
    rows.push("| ・ ・ ・ ・ ・ ・ ・ ・ 歩|三".to_owned());
    for rank in ["四", "五", "六", "七", "八", "九"] {
        rows.push(format!("| ・ ・ ・ ・ ・ ・ ・ ・ ・|{rank}"));
    }
    format!(
        "# ---- 詰将棋 ----\n後手の持駒：{gote_hand}\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n\
         +---------------------------+\n{}\n+---------------------------+\n先手の持駒：金\n",
        rows.join("\n")
    )
}

#[test]
fn a_tsume_diagram_without_the_attackers_king_is_a_mate_problem_not_a_game() {
    let text = tsume_kif("なし");
    let problem = Record::read_mate_problem(&text).expect("a mate problem");
    assert_eq!(problem.king_square(Color::Sente), None);
    assert_eq!(problem.king_square(Color::Gote), Square::parse("1a"));
    assert_eq!(problem.hand(Color::Sente).count(PieceKind::Gold), 1);
    // The defender holds what is left: 17 pawns, 3 golds, and the rest of the set.
    assert_eq!(problem.hand(Color::Gote).count(PieceKind::Pawn), 17);
    assert_eq!(problem.hand(Color::Gote).count(PieceKind::Gold), 3);
    let game = Record::read(&text).expect_err("a game needs both kings");
    assert_eq!(
        game.problem,
        Problem::BadPosition(SetupError::KingCount {
            color: Color::Sente,
            count: 0
        })
    );
}

#[test]
fn a_written_defender_hand_is_kept() {
    let problem = Record::read_mate_problem(&tsume_kif("飛 歩二")).expect("a mate problem");
    let hand = problem.hand(Color::Gote);
    assert_eq!(hand.count(PieceKind::Rook), 1);
    assert_eq!(hand.count(PieceKind::Pawn), 2);
    assert_eq!(hand.count(PieceKind::Gold), 0);
}

#[test]
fn a_diagram_without_the_defenders_king_is_refused_with_the_reason() {
    let text = tsume_kif("なし").replace("v玉", " ・");
    let err = Record::read_mate_problem(&text).expect_err("no defender's king");
    assert_eq!(
        err.problem,
        Problem::BadPosition(SetupError::KingCount {
            color: Color::Gote,
            count: 0
        })
    );
}

/// The same problem in CSA: `P` rows, the gold in Sente's hand, `P-00AL`
/// giving Gote the rest.
fn tsume_csa() -> String {
    let empty = " * ".repeat(9);
    let mut rows = vec![format!("P1{}-OU", " * ".repeat(8))];
    rows.push(format!("P2{empty}"));
    rows.push(format!("P3{}+FU", " * ".repeat(8)));
    for rank in 4..=9 {
        rows.push(format!("P{rank}{empty}"));
    }
    format!("V2.2\n{}\nP+00KI\nP-00AL\n+\n", rows.join("\n"))
}

#[test]
fn a_csa_tsume_without_the_attackers_king_reads_as_a_mate_problem() {
    let text = tsume_csa();
    let problem = Record::read_mate_problem(&text).expect("a mate problem");
    assert_eq!(problem.king_square(Color::Sente), None);
    assert_eq!(problem.hand(Color::Sente).count(PieceKind::Gold), 1);
    assert_eq!(problem.hand(Color::Gote).count(PieceKind::Pawn), 17);
    assert_eq!(problem.hand(Color::Gote).count(PieceKind::Rook), 2);
    let kif = Record::read_mate_problem(&tsume_kif("なし")).expect("the KIF one");
    assert_eq!(problem.to_sfen(), kif.to_sfen());
    assert!(Record::read(&text).is_err(), "a game needs both kings");
}
