//! The threat claims checked on both futures: a threat that the piece simply steps away from
//! is not upheld, one that wins the piece is.

use super::super::claims::{Failure, Reason};
use super::super::verify::{Evidence, check};
use super::super::win_threat::*;
use super::super::*;
use super::facts_of;

fn position(sfen: &str) -> Position {
    Position::from_sfen(sfen).expect("test SFEN")
}

fn mv(usi: &str) -> Move {
    Move::from_usi(usi).expect("test move")
}

#[test]
fn a_rook_attacked_by_a_pawn_is_a_threat_a_pawn_is_not() {
    // Black's pawn on 5e attacks nothing; pushed to 5d it attacks the
    // rook on 5c: were White to pass, Px5c+ wins a rook for a pawn.
    let before = position("4k4/9/4r4/9/4P4/9/9/9/4K4 b - 1");
    let after = before.after(mv("5e5d"));
    let prize = threatened(&after).expect("a rook to win");
    assert_eq!(prize.piece.kind, PieceKind::Rook);
    assert_eq!(prize.square, Square::parse("5c").expect("square"));
    assert_eq!(prize.capture, mv("5d5c+"));
    // A pawn attacked is no threat named.
    let pawn = position("4k4/9/4p4/9/4P4/9/9/9/4K4 b - 1").after(mv("5e5d"));
    assert_eq!(threatened(&pawn), None);
}

#[test]
fn a_pawn_push_that_attacks_an_unguarded_rook_threatens_to_win_it() {
    // P-5d, guarded by the silver, attacks the rook on 5c: were White to
    // pass, Px5c+ wins it. The king's move threatens nothing.
    let before = position("4k4/9/4r4/9/3SP4/9/9/9/K8 b - 1");
    let best = [mv("5e5d")];
    let facts = facts_of(&before, "9i8h", &best, &[]);
    let line = Line::legal(&before, None, &best);
    let better = line.first().expect("a better move");
    assert_eq!(
        better_threatens(&facts, &better),
        Some(Gain::Threatens {
            piece: Piece::new(Color::Gote, PieceKind::Rook),
            square: Square::parse("5c").expect("square"),
            capture: mv("5d5c+"),
        })
    );
    // Played, the same push is no gain over itself.
    let same = facts_of(&before, "5e5d", &best, &[]);
    assert_eq!(better_threatens(&same, &better), None);
}

#[test]
fn a_reply_that_attacks_the_rook_threatens_to_win_it_where_the_better_move_does_not() {
    // After the king's move, White's P-5d (guarded by the silver)
    // attacks the rook on 5e; after R-2e no piece of Black's can be won.
    let before = position("4k4/9/4ps3/9/4R4/9/9/9/K8 b - 1");
    let best = [mv("5e2e"), mv("5a4a")];
    let reply = [mv("5c5d")];
    let facts = facts_of(&before, "9i8h", &best, &reply);
    let best_line = Line::legal(&before, None, &best);
    let after = before.after(facts.played);
    let reply_line = Line::legal(&after, Some(facts.played.to()), &reply);
    let why = reply_threatens(&facts, &best_line, &reply_line).expect("a threat");
    let Positional::Threatened { piece, square, .. } = &why else {
        panic!("not a reply's threat: {why:?}");
    };
    assert_eq!(piece.kind, PieceKind::Rook);
    assert_eq!(*square, Square::parse("5e").expect("square"));
    let claim = Reason::Positional {
        better: best_line.first().expect("a better move"),
        why,
    };
    assert_eq!(
        crate::review::words::sentence(
            crate::i18n::Language::English,
            &claim,
            &crate::review::voice::Voice::to_mover(crate::review::voice::Notation::Western),
        ),
        "The best reply P-5d threatens Px5e, winning your rook on 5e; after R-2e and the best reply there is no such threat."
    );
    // Where the better move leaves the rook attacked too, it is no reason.
    let stays = [mv("9i9h"), mv("5c5d")];
    let stays_line = Line::legal(&before, None, &stays);
    assert_eq!(reply_threatens(&facts, &stays_line, &reply_line), None);
}

/// The reply's threat for `facts`, as the finder makes it, and the
/// verifier's verdict on it on the review's own futures.
fn reply_threat_checked(facts: &MoveFacts) -> (Positional, Result<(), Failure>) {
    let best = Line::legal(facts.before, None, facts.best_line);
    let after = facts.before.after(facts.played);
    let reply = Line::legal(&after, Some(facts.played.to()), facts.reply_line);
    let why = reply_threatens(facts, &best, &reply).expect("a threat");
    let claim = Reason::Positional {
        better: best.first().expect("a better move"),
        why: why.clone(),
    };
    let evidence = Evidence::review(facts).expect("legal move");
    (why, check(&claim, facts, &evidence))
}

#[test]
fn a_reply_threat_that_the_mover_parries_is_no_reason() {
    // P-5d attacks the rook on 5e, which steps aside to 2e: nothing is
    // lost, so "threatens to win your rook" is no lesson.
    let before = position("4k4/9/4ps3/9/4R4/9/9/9/K8 b - 1");
    let best = [mv("5e2e"), mv("5a4a")];
    let reply = [mv("5c5d"), mv("5e2e"), mv("5a4a")];
    let facts = facts_of(&before, "9i8h", &best, &reply);
    let (_, verdict) = reply_threat_checked(&facts);
    assert_eq!(verdict, Err(Failure::NotLost));
}

#[test]
fn a_reply_threat_that_wins_the_piece_is_upheld() {
    // The rook on 5e is hemmed in by its own pawns: after the king's
    // move, P-5d (guarded by the silver) attacks it and it cannot get
    // out; Px5e wins it for a pawn. Rx5c+ first takes the pawn instead.
    let before = position("4k4/9/4ps3/9/3PRP3/4P4/9/9/K8 b - 1");
    let best = [mv("5e5c+"), mv("5a4a")];
    let reply = [mv("5c5d"), mv("8h9i"), mv("5d5e"), mv("5f5e")];
    let facts = facts_of(&before, "9i8h", &best, &reply);
    let (why, verdict) = reply_threat_checked(&facts);
    let Positional::Threatened { piece, square, .. } = why else {
        panic!("not a reply's threat: {why:?}");
    };
    assert_eq!(piece.kind, PieceKind::Rook);
    assert_eq!(square, Square::parse("5e").expect("square"));
    assert_eq!(verdict, Ok(()));
}

/// The better move's threat for `facts`, as the finder makes it, and
/// the verifier's verdict on it on the review's own futures.
fn better_threat_checked(facts: &MoveFacts) -> Result<(), Failure> {
    let best = Line::legal(facts.before, None, facts.best_line);
    let first = best.first().expect("a better move");
    let gain = better_threatens(facts, &first).expect("a threat");
    let claim = Reason::BetterMove {
        line: best.clone(),
        gain,
        chance_best: 0.6,
        chance_played: 0.4,
    };
    let evidence = Evidence::review(facts).expect("legal move");
    check(&claim, facts, &evidence)
}

#[test]
fn a_better_threat_the_opponent_parries_with_nothing_lost_is_no_gain() {
    // P-5d attacks the rook on 5c, and the rook simply goes to 2c: the
    // threat wins nothing. (After the king's move the rook goes there
    // anyway, so the push is lost by the move played.)
    let before = position("4k4/9/4r4/9/3SP4/9/9/9/K8 b - 1");
    let best = [mv("5e5d"), mv("5c2c")];
    let reply = [mv("5c2c")];
    let facts = facts_of(&before, "9i8h", &best, &reply);
    assert_eq!(better_threat_checked(&facts), Err(Failure::NotWon));
    // Where the rook cannot get away and is won, the threat holds.
    let won = [mv("5e5d"), mv("5a4a"), mv("5d5c+")];
    let facts = facts_of(&before, "9i8h", &won, &reply);
    assert_eq!(better_threat_checked(&facts), Ok(()));
}

#[test]
fn a_guarded_piece_attacked_by_a_bigger_one_is_no_threat() {
    // The rook attacks a gold the king guards: taking it loses the rook.
    let pos = position("4k4/4g4/9/9/9/9/9/9/R3K4 b - 1").after(mv("9i9b"));
    assert_eq!(threatened(&pos), None);
}
