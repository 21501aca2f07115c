//! The material claims on positions from real games: each where a sentence
//! judged misleading against Fairy-Stockfish's lines is now silent or right,
//! or where a kind that names material falling later finds it. Each position
//! is given as `review_audit --lines [--deep]` prints it, the review's (or
//! the deep pass's) lines and scores.

use super::super::verify::{self, Evidence};

use super::super::*;
use super::{english, japanese};

/// A finder of claims, as the explainer calls it: the move's facts, the
/// opponent's line after it, the better move's line, both futures.
type Finder = fn(&MoveFacts, &Line, &Line, &Futures) -> Option<Reason>;

/// A move as `review_audit --lines` prints it.
pub(super) struct Printed {
    before: Position,
    played: Move,
    best: Vec<Move>,
    reply: Vec<Move>,
    checked: Vec<Move>,
    scores: (Score, Score),
}

impl Printed {
    /// Reads `position sfen S | played M | best L | reply L | checked L | scores A B`.
    pub(super) fn parse(text: &str) -> Printed {
        let field = |name: &str| -> &str {
            text.split(" | ")
                .find_map(|part| part.trim().strip_prefix(name))
                .unwrap_or_else(|| panic!("no {name} in {text}"))
        };
        let moves = |usi: &str| -> Vec<Move> {
            usi.split_whitespace()
                .map(|m| Move::from_usi(m).expect("test move"))
                .collect()
        };
        let score = |text: &str| -> Score {
            let (name, value) = text
                .strip_suffix(')')
                .and_then(|t| t.split_once('('))
                .expect("test score");
            let value = value.parse().expect("test score");
            match name {
                "Cp" => Score::Cp(value),
                "Mates" => Score::Mates(value as u32),
                _ => Score::Mated(value as u32),
            }
        };
        let scores: Vec<Score> = field("scores ").split_whitespace().map(score).collect();
        Printed {
            before: Position::from_sfen(field("position sfen ")).expect("test SFEN"),
            played: Move::from_usi(field("played ")).expect("test move"),
            best: moves(field("best ")),
            reply: moves(field("reply ")),
            checked: moves(field("checked ").trim()),
            scores: (scores[0], scores[1]),
        }
    }

    pub(super) fn facts(&self) -> MoveFacts<'_> {
        MoveFacts {
            before: &self.before,
            previous_to: None,
            played: self.played,
            best_line: &self.best,
            reply_line: &self.reply,
            checked_line: &self.checked,
            score_before: self.scores.0,
            score_after: self.scores.1,
        }
    }

    /// The reasons shown.
    pub(super) fn shown(&self) -> Vec<Reason> {
        reasons(&self.facts())
    }

    /// The reasons every kind the verifier upholds would give, those the
    /// gate keeps off included.
    pub(super) fn verified(&self) -> Vec<Reason> {
        verified_reasons(&self.facts())
    }

    /// What `finder` claims on the review's lines.
    fn found(&self, finder: Finder) -> Vec<Reason> {
        let facts = self.facts();
        let after = facts.before.after(facts.played);
        let best = Line::legal(facts.before, facts.previous_to, facts.best_line);
        let reply = Line::legal(&after, Some(facts.played.to()), facts.reply_line);
        let futures = Futures::of(&facts, &best, &reply);
        finder(&facts, &reply, &best, &futures)
            .into_iter()
            .collect()
    }

    /// The same, kept only where the verifier upholds it on the review's
    /// own futures, whatever the gate says of its kind.
    fn upheld(&self, finder: Finder) -> Vec<Reason> {
        let facts = self.facts();
        let Some(evidence) = Evidence::review(&facts) else {
            return Vec::new();
        };
        self.found(finder)
            .into_iter()
            .filter(|claim| verify::check(claim, &facts, &evidence).is_ok())
            .collect()
    }
}

#[test]
fn a_gold_taken_with_check_and_taken_back_is_not_a_gold_won() {
    // hard_vs_normal_143 (held out, set 14), ply 84, the deep pass's lines:
    // "This let the opponent win your gold on 5b: P*3h +B-4c Sx5b+" stopped
    // at the check, and the horse takes the silver back (a gold for a
    // silver, as Fairy-Stockfish's line has it).
    let printed = Printed::parse(
        "position sfen 1n2kSSnl/+L3g1G2/2gsp1pp1/1ppp1p3/8P/2+b1P1BP1/4+nPSK1/7R1/6rNL w LPg6p 84 | played 5a6b | best 7f4i 2g1h 1a1e P*1g 1e1g+ 2i1g 3i3g+ L*3i 4i3i 4a5b+ 5a5b G*2i 3g3f 3b4b 5b6a 9b8a G*3g L*6b 6a6b | reply P*3h 7f4c 4a5b+ 4c5b 3a4b+ 5b3d 9b8b 1a1e 1i1e G*1f 2g1h P*1g 2i1g 5g5f G*2i | checked 2g1h 1a1e P*1g 1e1g+ 2i1g 3i3g+ L*3i 4i3i 4a5b+ 5a5b G*2i 3g3f 3b4b 5b6a 9b8a G*3g L*6b 6a6b | scores Cp(2038) Cp(1055)",
    );
    let shown = printed.shown();
    assert!(
        !says!(shown, Reason::OpponentWins { piece, .. } if piece.kind == PieceKind::Gold),
        "{}",
        english(&shown)
    );
}

#[test]
fn a_gold_taken_for_the_silver_that_took_it_was_not_to_be_won() {
    // hard_vs_normal_143, ply 85: "You could have won the gold on 5b with
    // Sx5b+", and the silver on 6c takes back: a gold for a silver.
    let printed = Printed::parse(
        "position sfen 1n3SSnl/+L2kg1G2/2gsp1pp1/1ppp1p3/8P/2+b1P1BP1/4+nPSK1/7R1/6rNL b LPg6p 85 | played 9b8a | best 4a5b+ 6c5b 3f8a+ 7f3b G*4b 3b3a 4b3a S*3h 2h3h 3i2i+ 3g2h 2i3h 2g3h R*4h 3h2g N*3e 2g1f 1a1e 1f1e S*2d 1e1f | reply 7f4i 2g1h 1a1e P*1g 1e1g 2i1g 3i3g+ 4a5b+ 6c5b G*2g G*3h L*6c 7c6c 3f6c+ 6b6c N*5e 6c5d G*4e 4d4e 2g3g 3h2h 1h2h | checked 6c5b 3f8a+ 7f3b G*4b 3b3a 4b3a S*3h 2h3h 3i2i+ 3g2h 2i3h 2g3h R*4h 3h2g N*3e 2g1f 1a1e 1f1e S*2d 1e1f | scores Cp(-1098) Cp(-2159)",
    );
    let shown = printed.shown();
    assert!(
        !says!(shown, Reason::MissedCapture { .. }),
        "{}",
        english(&shown)
    );
}

#[test]
fn material_a_race_of_captures_grabs_at_the_end_is_not_claimed() {
    // normal_vs_easy_144 (set 14), ply 34, the deep pass's lines: "B*8g
    // wins a gold's worth of material" on an eleven-ply line, four of its
    // plies captures the settling added on four squares; Fairy-Stockfish
    // answers B*8g with N*7e and wins nothing.
    let printed = Printed::parse(
        "position sfen l+R+S2gsnl/9/1ppgkp1p1/p5p1p/9/1PP6/P2PPPPPP/6GR1/LNS2KSNL w N2P2bg 34 | played 5c4d | best B*8g 8a9a 8g6i+ 3h4h 6i7i L*5f 5c4b 7a7b 4b3b 9a6a 6c7d 7f7e 7d7e 5f5c+ B*6e N*5e G*4d 6a6b P*5b 8i7g | reply 7a7b 3a3b 8a9a B*8g 3h4h 8g6i+ 9a6a B*5b 6a5b 4a5b B*7g 4d5c L*5f 5c4b 4i3h 5b5c 5f5c+ 6c5c 7g1a+ | checked 8a9a 8g6i+ 3h4h 6i7i L*5f 5c4b 7a7b 4b3b 9a6a 6c7d 7f7e 7d7e 5f5c+ B*6e N*5e G*4d 6a6b P*5b 8i7g | scores Cp(-905) Cp(-1361)",
    );
    let shown = printed.shown();
    assert!(!gains!(shown, Gain::Material(_)), "{}", english(&shown));
}

#[test]
fn a_piece_won_at_once_is_named_though_the_line_races_later() {
    // normal_vs_easy_144, ply 28: B*8g wins the silver on 7i on its fifth
    // ply (Fairy-Stockfish's line too); the line's settling past its seventh
    // ply is an exchange on 3e and one capture more, no race.
    let printed = Printed::parse(
        "position sfen lnB2g1nl/1Sr1k2s1/1ppg1p1p1/p5p1p/9/1PP6/P2PPPPPP/6GR1/LNS2KSNL w 2Pbg 28 | played 7b7a | best B*8g 8b8a+ 8g6i+ 3h4h 6i7i 7a2f+ G*3e 2f3e 3d3e 8a9a 7i8i L*6e S*5d 6e6c+ 5b6c N*4f 8i6g 4i3h 7b7a G*8b 7a5a 4f5d 5a5d | reply 8b7a+ G*8b 8i7g B*8g 3h4h 8g7f+ 7i6h P*6f 4h5h B*8h 6g6f 8h9i+ 2h4h 6c6b 4i3h 5b4b 5h6g 7f6g 6h6g | checked 8b8a+ 8g6i+ 3h4h 6i7i 7a2f+ G*3e 2f3e 3d3e 8a9a 7i8i L*6e S*5d 6e6c+ 5b6c N*4f 8i6g 4i3h 7b7a G*8b 7a5a 4f5d 5a5d | scores Cp(345) Cp(-25)",
    );
    let shown = printed.shown();
    assert!(
        gains!(shown, Gain::Wins { piece, .. } if piece.kind == PieceKind::Silver),
        "{}",
        english(&shown)
    );
}

#[test]
fn a_gold_left_where_it_could_step_aside_is_not_lost_to_the_move() {
    // hard_vs_normal_147 (set 14), ply 61: "This let the opponent win your
    // gold on 3h: P-2g+ P-4e +Px3h Sx3h +Rx1h": the line's P-4e leaves the
    // gold the tokin attacks, and Fairy-Stockfish's line takes it after the
    // better P-3e too.
    let printed = Printed::parse(
        "position sfen ln5nl/2gs2k1s/ppppp1n2/6pGp/P8/2PB1PPp1/1P1PP3P/1KS1G1G1L/LN4S1+r b Prbp 61 | played 2d3d | best 3f3e 1b2c 2d3d B*1c 8h7g 1i1h 3h2h 1h1i 2h3h 1i1g P*2b 3b2b P*1b 2c1b 3h2h 1g1f 3d3c | reply 2f2g+ 4f4e 2g3h 4e4d 1i3i 4d4c+ 3b4a 3d3c B*7i 8h9h 4a5a 3c4b 5a6a 4c5b 6a7a 6f1a+ 3i4i 5b6b 7b6b S*5a P*2b 5a6b+ 7a6b | checked 1b2c 2d3d B*1c 8h7g 1i1h 3h2h 1h1i 2h3h 1i1g P*2b 3b2b P*1b 2c1b 3h2h 1g1f 3d3c | scores Cp(-1416) Cp(-2108)",
    );
    let shown = printed.shown();
    assert!(
        !says!(shown, Reason::OpponentWins { piece, .. } if piece.kind == PieceKind::Gold),
        "{}",
        english(&shown)
    );
}

#[test]
fn a_piece_shut_in_that_a_pawn_push_would_free_is_not_trapped() {
    // normal_vs_easy_138 (set 14), ply 14: "Rx2e traps your bishop on 2b:
    // Rx2e G-3b P*2c P-1d Px2b+ Gx2b": after Rx2e the bishop is shut in
    // but not yet to be won, and P-1d (Fairy-Stockfish's defence) opens 1c
    // for it; the trap holds only after the line's G-3b. Nor is the bishop
    // said to be lost down the line.
    let printed = Printed::parse(
        "position sfen 1ns1kgsnl/l1r1g2b1/ppp1ppp1p/3p5/7p1/2P6/PP1PPPP1P/LB1S1KGR1/1N1G2SNL w p 14 | played 7b6b | best 3c3d 6h7g 2b3c 3g3f 3a3b 2i3g 5a4b 3g2e 3c5e 3h3g P*2d 3g4f 5e2b 2e1c+ 2b1c 7g8f 2a3c 4h5i | reply 2h2e 4a3b P*2c 1c1d 2c2b+ 3a2b 1g1f P*2c 4g4f 3c3d 4h4g 5a4b 2e2h 2b3c 3g3f 4c4d 2i3g 7a7b B*7a 7c7d 7a6b+ | checked 6h7g 2b3c 3g3f 3a3b 2i3g 5a4b 3g2e 3c5e 3h3g P*2d 3g4f 5e2b 2e1c+ 2b1c 7g8f 2a3c 4h5i | scores Cp(-73) Cp(-691)",
    );
    let shown = printed.shown();
    assert!(
        !says!(
            shown,
            Reason::Trap { .. } | Reason::LosesMajor { .. } | Reason::OpponentWins { .. }
        ),
        "{}",
        english(&shown)
    );
}

#[test]
fn material_counted_over_a_race_of_captures_is_not_claimed() {
    // hard_vs_normal_140 (set 14), ply 99: "G-4h wins a bishop's worth of
    // material" on an eleven-ply line whose settling grabs on 4f, 5d and
    // 8c; Fairy-Stockfish has S*2h, the move played, as its first choice.
    let printed = Printed::parse(
        "position sfen lnRl1k3/3ggs1p1/1sppp4/p3+b2PS/7N1/1P1P1LP2/P3GP+r2/4B3p/LN2K1G2 b S5Pnp 99 | played S*2h | best 3i4h 3g3i 4h4i 3i2i 7a8a+ P*4e P*5e 5d5e P*5f 5e5d 5f5e 5d4d S*3e 4d3e | reply 3g3f P*5e 5d8g 7a8a+ P*4e 8a8c 4a5a P*3c 4e4f 4g4f 3f1f 8c8a P*8h 5e5d 8g7h 3c3b+ 8h8i+ | checked 3g3i 4h4i 3i2i 7a8a+ P*4e P*5e 5d5e P*5f 5e5d 5f5e 5d4d S*3e 4d3e | scores Cp(359) Cp(-66)",
    );
    let shown = printed.shown();
    assert!(!gains!(shown, Gain::Material(_)), "{}", english(&shown));
}

#[test]
fn a_knight_uncovered_and_taken_is_still_named() {
    // hard_vs_normal_140 (set 14), ply 73, judged true and to the point:
    // P*8g drives the rook off and the horse takes the knight on 8i.
    let printed = Printed::parse(
        "position sfen ln3k3/2sggs1p1/1rppp1n2/p4p1PS/6S2/1PPP+b1P2/P4PN2/1R2GKG1p/LN7 b B2L3Pp 73 | played 5h5g | best L*6g 5b4c P*5g 5f5e 1d1c 4a5b 1c2b+ 5e5d 2b3b 5d3f 2d2c+ 3f3e 3b4b 4c4b 2c3c 4b3c | reply P*8g 8h5h 5f8i L*8e 8c9c 8e8a+ N*4e 8a7a 4e5g+ 5h5g 3c4e 3g4e 8i4e N*3d G*6g 5g5i 4e3f 7a7b 6b7b 3d2b+ | checked 5b4c P*5g 5f5e 1d1c 4a5b 1c2b+ 5e5d 2b3b 5d3f 2d2c+ 3f3e 3b4b 4c4b 2c3c 4b3c | scores Cp(644) Cp(152)",
    );
    let upheld = printed.verified();
    assert!(
        says!(upheld, Reason::OpponentWins { piece, .. } if piece.kind == PieceKind::Knight),
        "{}",
        english(&upheld)
    );
}

#[test]
fn material_that_falls_past_the_shown_plies_is_named_with_the_line_to_its_capture() {
    // hard_vs_normal_149 (set 14), ply 51, the deep pass's lines: the
    // opponent's line takes the gold on 7e on its ninth ply, past the seven
    // a line is shown, the gold chased there with nowhere to go; the better
    // move's line loses no gold.
    let printed = Printed::parse(
        "position sfen lnkg3nl/2r3s2/5pbpp/1pspp4/P5R2/p1G1PP2P/1PPP1G1P1/2S4SL/LN2K2N1 b G2Pbp 51 | played G*3d | best 5i6h 8d8e 6h5h P*7e 7f6f 3c4d 3e4e 2a3c 4e4d 4c4d B*5c 6a6b 5c6d+ R*3h G*4h 3h2h+ 6d9a 2h2i | reply 3c5a 3e3h B*8h 9i9f P*7e 7f8f 8d8e 8f7e 7d7e 9e9d 7a6b 9d9c+ 8a9c P*9d 6b6c 9d9c+ 7b7a P*9d 8h7i+ | checked 8d8e 6h5h P*7e 7f6f 3c4d 3e4e 2a3c 4e4d 4c4d B*5c 6a6b 5c6d+ R*3h G*4h 3h2h+ 6d9a 2h2i | scores Cp(-225) Cp(-584)",
    );
    let later = printed.found(super::super::loss::opponent_wins_later);
    assert!(
        says!(later, Reason::OpponentWins { piece, line, .. }
            if piece.kind == PieceKind::Gold && line.moves.len() > SHOWN_PLIES),
        "{}",
        english(&later)
    );
    assert!(
        english(&later).starts_with("This let the opponent win your gold on 7e: B-5a R-3h"),
        "{}",
        english(&later)
    );
    assert!(
        japanese(&later).starts_with("相手に７五のあなたの金を取られます"),
        "{}",
        japanese(&later)
    );
    // Off by the gate: too few such sentences have been judged on held-out games.
    assert!(!verify::kind_shown(Kind::OpponentWinsLater));
    assert!(
        !printed
            .shown()
            .iter()
            .any(|r| r.kind() == Kind::OpponentWinsLater)
    );
}

#[test]
fn material_that_falls_after_the_first_plies_is_named_with_its_line() {
    // normal_vs_easy_185 (held out, set 18), ply 15, the deep pass's lines:
    // G6i-6h leaves the bishops' diagonal open; after the trade B*2h takes
    // the lance on 1i on the fifth ply, which no finder of the first three
    // plies sees. P-6f would have closed it.
    let printed = Printed::parse(
        "position sfen 1nsgk1gnl/l4r1b1/ppppsp1pp/4p1p2/9/2P2P3/PP1PP1PPP/1BR1G1S2/LNSGK2NL b - 15 \
     | played 6i6h \
     | best 6g6f 5a6b 7i6h 7a7b 6h6g 6c6d 8h7g 2b3c 9g9f 4c4d 5i6h 7c7d 6h7i 7b6c 3g3f 8c8d 5g5f \
     | reply 2b8h+ 7h8h B*2h 8g8f 2h1i+ B*5f 7a8b 8f8e 5d5e 5f4g L*7d 5i6i 4b6b 6h7g 1i2h 4g6e 5c6d 6e4g 2h3i \
     | checked 5a6b 7i6h 7a7b 6h6g 6c6d 8h7g 2b3c 9g9f 4c4d 5i6h 7c7d 6h7i 7b6c 3g3f 8c8d 5g5f \
     | scores Cp(30) Cp(-435)",
    );
    let later = printed.found(super::super::loss::opponent_wins_later);
    assert!(
        says!(later, Reason::OpponentWins { later: true, piece, .. } if piece.kind == PieceKind::Lance),
        "{}",
        english(&later)
    );
    assert_eq!(
        english(&later),
        "This let the opponent win your lance on 1i: Bx8h+ Rx8h B*2h P-8f Bx1i+."
    );
}

#[test]
fn material_that_falls_only_at_the_end_of_a_long_line_is_not_named() {
    // normal_vs_easy_171 (held out, set 17), ply 15, the deep pass's lines:
    // the knight jumped to 8e is taken fourteen plies later, at the end of a
    // line of rook manoeuvres: the search's guess, not the move's lesson.
    let printed = Printed::parse(
        "position sfen 1nsg1gsnl/l2k1r3/ppppppb1p/6pp1/9/P4P1PP/NPPPPSP2/1B5R1/L1SGKG1NL b - 15 \
     | played 9g8e \
     | best 4g3f 4a3b 2f2e 3b2c 2e2d 3c2d 7g7f 3a2b 3f4g 7a7b 6i7h 9c9d 8h7g 2d3c 7i8h 3d3e 7f7e 9b9c \
     | reply 7a8b 7g7f 4c4d 2f2e 2d2e 2h2e P*2d 2e7e 8c8d 3g3f 4b2b 3f3e 3d3e 7e3e 8d8e 3e8e \
     | checked 4a3b 2f2e 3b2c 2e2d 3c2d 7g7f 3a2b 3f4g 7a7b 6i7h 9c9d 8h7g 2d3c 7i8h 3d3e 7f7e 9b9c \
     | scores Cp(80) Cp(-276)",
    );
    let later = printed.found(super::super::loss::opponent_wins_later);
    assert!(later.is_empty(), "{}", english(&later));
}

#[test]
fn a_piece_already_attacked_and_taken_later_was_a_move_too_slow() {
    // The rook on 3a attacked the silver on 3g already; P-9f does nothing
    // for it. The reply attacks the rook on 7e first, the rook steps
    // aside, and the silver falls: G-4h would have held it. A new kind,
    // off until the gate has measured it.
    let printed = Printed::parse(
        "position sfen 4k1r2/9/9/9/2R6/9/P5S2/9/4KG3 b p 1 | played 9g9f | best 4i4h 5a4b | reply P*7d 7e7f 3a3g+ 5i6h | checked 5a4b | scores Cp(0) Cp(-600)",
    );
    let slow = printed
        .upheld(|facts, reply, best, _| super::super::loss::too_slow_later(facts, reply, best));
    assert!(
        says!(slow, Reason::TooSlow { piece, line: Some(_), .. } if piece.kind == PieceKind::Silver),
        "{slow:?}"
    );
    assert_eq!(
        english(&slow),
        "Too slow: your silver on 3g was already attacked, and this move left it there to be taken: P*7d R-7f Rx3g+. G-4h saves it first."
    );
    assert!(
        japanese(&slow).starts_with(
            "一手遅れました。３七のあなたの銀はすでに狙われていて、この手では取られます"
        ),
        "{}",
        japanese(&slow)
    );
    assert!(!verify::kind_shown(Kind::TooSlowLater));
}

#[test]
fn a_piece_the_better_move_gives_up_too_was_not_a_move_too_slow() {
    // hard_vs_normal_162 (set 16), ply 58, the deep pass's lines: the rook
    // on 5e, attacked by the pawn on 5f, falls on the fourth ply after
    // P-6e (S-5g G-5c Px5e); but R-6e, the better move, is taken at once
    // (Nx6e): it sells the rook for a knight, it does not save it.
    // hard_vs_normal_169, ply 51: the knight on 6e, attacked by the
    // dragon, is not taken after L-9h at all, and Nx5c+ is taken at once.
    // "Saves it first" would be false on both.
    for line in [
        "position sfen l5bnl/2ks1gs2/ppng2pp1/3ppp2p/4r4/PPPSPPG1P/2NP1SN2/1B2GK3/L6RL w 2Pp 58 | played 6d6e | best 5e6e 7g6e 6d6e 6f5g 4b5c 6g6f 6e6f 8h6f N*6d 4f4e P*6e 6f7g 4d4e 3f4e 7b8b P*2d 2c2d R*6a | reply 6f5g 4b5c 5f5e 5d5e 7g8e 7c8e 8f8e N*6d 6g6f P*7e 6f6e 5e5f 6e6d 5f5g+ 5h5g 6c6d P*6e 6d6e 2i2e | checked 7g6e 6d6e 6f5g 4b5c 6g6f 6e6f 8h6f N*6d 4f4e P*6e 6f7g 4d4e 3f4e 7b8b P*2d 2c2d R*6a | scores Cp(-1269) Cp(-1675)",
        "position sfen ln2k2nl/1r1sgs1g1/p1ppp3p/1p3Spp1/3N5/2+r3P1P/P2PPPN1B/1b2K1S1L/L2G1G3 b 4p 51 | played 9i9h | best 6e5c+ 6b5c 4d5c+ 4b5c S*7a 8b7b P*8c 7b7a 8c8b+ 7a6a 3g4e 5c4d 8b7b 4d4e 7b6a 5a4b 1g6b+ 5b6b 6a6b | reply 5a4a 6e5c 4b5c 4d5c+ 6b5c 5h4h 7f3f 6i5h P*4d S*2g 3f8f 4h3i 8h7i+ 6g6f 8f8i 1g2f 8i9h P*2c 2b2c | checked 6b5c 4d5c+ 4b5c S*7a 8b7b P*8c 7b7a 8c8b+ 7a6a 3g4e 5c4d 8b7b 4d4e 7b6a 5a4b 1g6b+ 5b6b 6a6b | scores Cp(-2922) Cp(-3625)",
    ] {
        let printed = Printed::parse(line);
        let slow = printed
            .found(|facts, reply, best, _| super::super::loss::too_slow_later(facts, reply, best));
        assert!(slow.is_empty(), "{slow:?}");
        let hanging = printed.found(|facts, reply, _, futures| {
            let after = facts.before.after(facts.played);
            super::super::loss::left_hanging(facts, &after, reply, futures)
        });
        assert!(hanging.is_empty(), "{hanging:?}");
    }
}

#[test]
fn a_claim_about_the_position_does_not_say_that_no_material_is_lost() {
    // normal_vs_easy_161 (set 16), ply 43, the deep pass's lines: S*7h
    // forks the king and the bishop on 7i. The review's line takes the
    // bishop for the silver (K-5h Sx6g Kx6g Rx7i+), which with the knight
    // Rx2a+ took counts no material lost; Fairy-Stockfish's (K-5i Sx7i)
    // wins it for nothing. The words say what the lines show of the king,
    // and nothing of material.
    let printed = Printed::parse(
        "position sfen ln1g3nl/1k2g4/pprsps+P1p/3p1pp2/8P/1P2P1P2/P2P1PN2/L4S1R1/1NBK1G2L b B2Pgsp 43 | played 2h2a+ | best P*7g P*7f 7i6h 2a3c 2h2a+ 6c7b 2a1a S*8g 4h5g 8g9h+ 6i5h 9h8i 7g7f N*4e 3g4e 3c4e L*7e P*7d N*8e 7d7e | reply S*7h 6i5h 7h6g 5h6g 7c7i+ 4i5i 7i8i 3c4c 8i8g P*7g B*7f 6g5g 8g7g 5g4f N*5d 4f5e 5b4c | checked P*7f 7i6h 2a3c 2h2a+ 6c7b 2a1a S*8g 4h5g 8g9h+ 6i5h 9h8i 7g7f N*4e 3g4e 3c4e L*7e P*7d N*8e 7d7e | scores Cp(-321) Cp(-916)",
    );
    let shown = printed.verified();
    assert!(
        english(&shown).starts_with(
            "Your king is weaker: the best reply S*7h brings the opponent's silver to bear on it, \
             and 2 squares next to it are attacked, against 0 after P*7g."
        ),
        "{}",
        english(&shown)
    );
    assert!(
        japanese(&shown).starts_with("あなたの玉が薄くなりました：最善の応手△７八銀"),
        "{}",
        japanese(&shown)
    );
    // hard_vs_normal_153 (set 15), ply 110: the mate threat stands on its own.
    let printed = Printed::parse(
        "position sfen lnk5l/2g1S4/p4p+Np1/1p1pp4/6S2/P1P5+p/1P1PPP+B2/+r1SGK1G2/1NrB5 w G4Psn2lp 110 | played 1f2f | best L*6c 3c4c S*6b P*3c 7a8b 3c3b+ 8b9b 4c4d L*5e 3e4f 6d6e 4d5d 6e6f 6g6f 6c6f 4f5e | reply 3g6d S*7c 6d5d N*6b 5d7b 7a7b G*6c 7b8c 3e2f P*7a 3c4c L*2d 2f3g B*2i 3h4h 1a1h+ G*9g | checked 3c4c S*6b P*3c 7a8b 3c3b+ 8b9b 4c4d L*5e 3e4f 6d6e 4d5d 6e6f 6g6f 6c6f 4f5e | scores Cp(-229) Cp(-896)",
    );
    let shown = printed.verified();
    assert!(
        english(&shown).starts_with(
            "+Bx6d threatens mate in 1 (G*6a); after L*6c and the best reply there is no such \
             threat."
        ),
        "{}",
        english(&shown)
    );
    assert!(
        japanese(&shown).starts_with("▲６四馬と詰めろ"),
        "{}",
        japanese(&shown)
    );
}

#[test]
fn a_fork_that_wins_the_piece_the_move_dropped_is_named() {
    // normal_vs_easy_158 (held out, set 16), ply 82, the deep pass's lines:
    // S*8c drops a silver where G-8b attacks it and the rook on 7a at once,
    // and the line takes the silver (Fairy-Stockfish's reply too, +3561);
    // the review said only "Already behind", the silver having stood
    // nowhere before the move to be followed from.
    let printed = Printed::parse(
        "position sfen 1nrk4l/G2s1+BG2/5p2n/p6pp/1pPP1P3/P1S1PS1P1/1P1G2N1P/1KG3rb1/LN6L w L5Ps 82 | played S*8c | best S*5a 4b4c 5a5b 4c4d 8e8f 8g8f 5b5c 4d3d 6a7b L*8d 6b7c 8d8a+ 7a8a 9b8a 7b8a 3d6a | reply 9b8b 2h1g+ 1i1g P*5a 4b4c 5a5b 4c5b 6a5b 8b7a 6b7a B*1f 5b6c R*2c 6c7b 1f3h | checked 4b4c 5a5b 4c4d 8e8f 8g8f 5b5c 4d3d 6a7b L*8d 6b7c 8d8a+ 7a8a 9b8a 7b8a 3d6a | scores Cp(-2318) Cp(-3575)",
    );
    let upheld = printed.verified();
    assert!(
        says!(upheld, Reason::Fork { targets, .. }
            if targets.iter().any(|(p, _)| p.kind == PieceKind::Silver)
                && targets.iter().any(|(p, _)| p.kind == PieceKind::Rook)),
        "{}",
        english(&upheld)
    );
}

/// normal_vs_easy_163 (set 16), ply 79, as the deep pass saw it.
const TRAPPED_ROOK: &str = "position sfen l6nl/1g4rb1/2nk3p1/1pps1g2p/p2pps1P1/8P/PP1SP1+p2/1BKG1p3/LN2G1RSL b n4p 79 | played 5i6i | best 5i4h P*3f 4h5h P*4g 2e2d 2c2d 3i4i 4g4h+ 5h4h 3g4h 4i4h 3b3e P*2c 2b3c 4h4i P*4h 4i6i 3f3g+ P*3b 3g4g 3b3a+ 3e3g+ | reply N*4g 2e2d 2c2d 2i2h 4g3i+ 2h3i R*2i 8i7g 2i3i+ N*7f 6d7e 7g6e 7c6e P*6f N*7g 6f6e 7g6i+ 6h6i 3g4g 6e6d 7e6d 7f6d | checked P*3f 4h5h P*4g 2e2d 2c2d 3i4i 4g4h+ 5h4h 3g4h 4i4h 3b3e P*2c 2b3c 4h4i P*4h 4i6i 3f3g+ P*3b 3g4g 3b3a+ 3e3g+ | scores Cp(-1919) Cp(-3055)";

#[test]
fn a_trapped_rook_is_lost_though_a_pawn_is_given_up_before_it_falls() {
    // normal_vs_easy_163 (set 16), ply 79, the deep pass's lines: after
    // G5i-6i, N*4g attacks the rook on 3i, which has no safe square
    // (Fairy-Stockfish's line takes it: Rx3g Rx3g+); the deep line delays
    // with P-2d, a pawn given up, before Nx3i+ Sx3i. That pawn is no weak
    // move the rook's loss comes from.
    let printed = Printed::parse(TRAPPED_ROOK);
    let shown = printed.shown();
    assert!(
        says!(shown, Reason::Trap { piece, .. } if piece.kind == PieceKind::Rook),
        "{}",
        english(&shown)
    );
    // A silver given up instead of the pawn (S-5f, Px5f) is a weak move of
    // the mover's own: the same claim does not hold on that line.
    let trap_finder: Finder =
        |facts, reply, best, _| trap(facts, &facts.before.after(facts.played), best, reply);
    let claim = printed.found(trap_finder).pop().expect("the trap is found");
    let silver_given = Printed::parse(
        &TRAPPED_ROOK.replace("reply N*4g 2e2d 2c2d 2i2h", "reply N*4g 6g5f 5e5f 2i2h"),
    );
    let facts = silver_given.facts();
    let evidence = Evidence::review(&facts).expect("legal move");
    assert_eq!(
        verify::check(&claim, &facts, &evidence),
        Err(verify::Failure::WeakMoveInside)
    );
}

/// normal_vs_easy_172 (set 17), ply 34, the deep pass's lines: P-8e lets
/// S*3b come in on the gold (the dragon takes it next), and Px2i+ takes the
/// knight on 2i and promotes; the move played's line takes the knight only
/// on the mover's third move after P-8e, once the gold is lost.
const KNIGHT_PUT_OFF: &str = "position sfen ln1gkg1+Rl/1rs6/4bpp1n/ppp1p3p/9/P1PP5/1P2PPP1P/1BSKG1SpL/LN1G3N1 w SPp 34 | played 8d8e | best 2h2i+ 6f6e N*5e S*3b 4a3a 3b3a+ 2i2h 3a3b 5a6b 2a2h 6b7a 2h2b 5c4d 2b1a 5e6g+ 6h6g 4d8h+ | reply S*3b 4a3a 2a1a 6a5b 3b3a+ 2h2i+ 8h9g P*6d 6f6e 2i2h 9g6d 5c6d 6e6d 5a6a 3a3b N*5a B*3e B*4d L*6c 6a7a | checked 6f6e N*5e S*3b 4a3a 3b3a+ 2i2h 3a3b 5a6b 2a2h 6b7a 2h2b 5c4d 2b1a 5e6g+ 6h6g 4d8h+ | scores Cp(-1704) Cp(-2418)";

#[test]
fn a_piece_the_move_played_puts_off_taking_is_the_better_moves_capture() {
    // The knight can still be taken after P-8e and S*3b, but the judges'
    // point is that Px2i+ wins it at once, where the move played gives the
    // opponent time first. The words were a bare "Better was Px2i+".
    // A better move that takes a piece is off by the gate: the review says
    // a plain "Better was"; what the kind says is checked on its own.
    let plain = Printed::parse(KNIGHT_PUT_OFF).shown();
    assert!(!gains!(plain, Gain::Takes { .. }), "{}", english(&plain));
    let shown = Printed::parse(KNIGHT_PUT_OFF).verified();
    assert!(
        gains!(
            shown,
            Gain::Takes { piece, promotes: true, .. } if piece.kind == PieceKind::Knight
        ),
        "{}",
        english(&shown)
    );
    assert!(
        english(&shown)
            .contains("Better was Px2i+, which takes the opponent's knight on 2i and promotes"),
        "{}",
        english(&shown)
    );
    assert!(
        japanese(&shown).contains("ここは△２九歩成（相手の２九の桂を取って成る手）が有力でした"),
        "{}",
        japanese(&shown)
    );
    // Where the move played's line takes the knight with the mover's first
    // move after the reply, the prize was still there: the plain words.
    let taken_next = KNIGHT_PUT_OFF.replace(
        "reply S*3b 4a3a 2a1a 6a5b 3b3a+ 2h2i+",
        "reply S*3b 2h2i+ 2a1a 6a5b 3b3a+ 4a3a",
    );
    let shown = Printed::parse(&taken_next).verified();
    assert!(!gains!(shown, Gain::Takes { .. }), "{}", english(&shown));
}

#[test]
fn a_capture_that_would_now_only_trade_was_missed() {
    // normal_vs_easy_176 (set 17), ply 48, the deep pass's lines: after
    // S-3d the opponent's P*1d guards the lance on 1c, so Lx1c, which won
    // an undefended lance, would only trade lances a move later. The words
    // were a bare "Better was Lx1c".
    let upheld = Printed::parse(
        "position sfen 1n1g1r2l/lks3g2/1pppp1psL/5p3/p6p1/2P3P1p/PP1PPP3/1BGSKSGR1/LN5N1 w BNPp 48 | played 2c3d | best 1a1c 2h2e 2c3d 2e2g 1f1g+ 2i1g P*2f 2g2f 1c1g+ 2f2d 3b2c 2d2i L*2d P*2g 1g1h 2i3i 8b7a B*3b | reply P*1d 4d4e 3h2g 8b7a 2g1f 4e4f N*4d 3b2c 4d3b+ 4a4c 1c1a+ 4f4g+ 4h4g P*4f 4g5f | checked 2h2e 2c3d 2e2g 1f1g+ 2i1g P*2f 2g2f 1c1g+ 2f2d 3b2c 2d2i L*2d P*2g 1g1h 2i3i 8b7a B*3b | scores Cp(-1070) Cp(-2036)",
    )
    .verified();
    assert!(
        says!(upheld, Reason::MissedCapture { piece, .. } if piece.kind == PieceKind::Lance),
        "{}",
        english(&upheld)
    );
    assert!(
        english(&upheld).contains("You could have taken the undefended lance on 1c with Lx1c."),
        "{}",
        english(&upheld)
    );
    assert!(
        japanese(&upheld).contains("△１三香で１三のタダの香を取れました。"),
        "{}",
        japanese(&upheld)
    );
}
