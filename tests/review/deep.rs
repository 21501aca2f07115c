//! The review's deep second pass: each mistake's futures searched far deeper
//! and its reasons found and checked again on them, the verdicts left alone but
//! for a flag the deeper scores do not bear out and a mistake whose move played
//! they find no worse than the better move.

use komadai::i18n::Language;
use komadai::record::Record;
use komadai::review::analysis::GamePositions;
use komadai::review::cli::review_game;
use komadai::review::deep::{DEFAULT_DEEP_HASH_MB, DEFAULT_DEEP_NODES, deepen, look_again};
use komadai::review::explain::verify::Searcher;
use komadai::review::kif_comments::{read_review, write_review};
use komadai::review::verdict::judge_move;
use komadai::review::{
    AnalysisOptions, DeepLook, DeepOptions, GameReview, Kind, MoveReview, Notation, Score, Verdict,
    Voice,
};
use komadai::rules::Move;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The `review` bench's 120-ply game with its fast pass kept in the record's comments
/// (`komadai::review::kif_comments`), so a test reads the fast pass back instead of
/// searching every position again.
const REVIEWED: &str = include_str!("../data/review/normal_vs_normal_120_reviewed.kif");

fn fast_review() -> GameReview {
    let record = Record::read(REVIEWED).expect("the fixture reads");
    read_review(&record).expect("the fixture holds a review")
}

fn kinds(reasons: &[komadai::review::Reason]) -> Vec<Kind> {
    reasons.iter().map(komadai::review::Reason::kind).collect()
}

/// The deep pass's look at move `ply`, at its default budget for one search.
fn deep_look(review: &GameReview, ply: usize) -> DeepLook {
    let m = review.move_review(ply).expect("judged");
    assert!(
        m.wants_deep_look(),
        "move {ply} is a mistake the deep pass looks at"
    );
    let mut searcher = Searcher::with(DEFAULT_DEEP_NODES, DEFAULT_DEEP_HASH_MB);
    let look = look_again(&mut searcher, review.game(), m, &AtomicBool::new(false));
    let look = look.expect("the move and the better one are legal");
    assert_eq!(look.ply, ply);
    look
}

fn deep_kinds(review: &GameReview, ply: usize) -> Vec<Kind> {
    kinds(&deep_look(review, ply).reasons)
}

#[test]
fn a_deep_look_kept_in_the_records_comments_gives_its_own_words_when_read_back() {
    // Move 40: the deep pass's words (the better move alone: what its line wins is a
    // kind the gate keeps off) differ from the fast pass's (what it promotes), so words
    // read back from the record can only have come from its deep lines.
    let mut review = fast_review();
    let fast = review.move_review(40).expect("judged");
    assert_eq!(kinds(&fast.reasons), [Kind::BetterPromotion]);
    let look = deep_look(&review, 40);
    assert_eq!(kinds(&look.reasons), [Kind::BetterPlain]);
    assert!(review.deepen(40, look.lines, look.reasons));
    let mut record = Record::read(REVIEWED).expect("the fixture reads");
    write_review(&review, &mut record);
    let read_back = Record::read(&record.to_kif()).expect("the record written reads");
    let again = read_review(&read_back).expect("with its review");
    let m = again.move_review(40).expect("judged");
    assert!(m.deepened() && !m.awaits_deep_look());
    assert_eq!(kinds(&m.reasons), [Kind::BetterPlain]);
    assert_eq!(Some(m), review.move_review(40));
    // The other mistakes were not looked at again: they still await the deep pass.
    let awaiting = again
        .moves()
        .iter()
        .flatten()
        .filter(|m| m.awaits_deep_look());
    assert!(awaiting.count() > 0);
}

/// Not yet so with the one network: its deep line after G-7h plays L*5e and wins the gold
/// for the lance (L*5e G-6g Lx5f and the lance taken back, -469 for Sente), but its line after N*7d gives up
/// material further on too (-51), so the loss beside the better move falls under the
/// claim's threshold and only the better move is named. Kept to show when it is found again.
#[test]
#[ignore = "the one network's deep lines lose material on both futures here"]
fn the_deep_pass_finds_the_gold_lost_where_the_fast_pass_had_only_a_better_move() {
    // Move 49, Sente's G-7h?: the fast pass's short lines show no loss, so it names only the
    // better move, N*7d; the deeper line after G-7h (L*5e G-6g Lx5f Gx5f) shows what it
    // allowed: the lance dropped on 5e wins the gold on 5f, whatever Sente plays
    // (Fairy-Stockfish at 2,000,000 nodes: L*5e its first choice, +578 for Gote, and every
    // reply to it loses the gold; after N*7d, +31).
    let review = fast_review();
    let fast = review.move_review(49).expect("judged");
    assert_eq!(kinds(&fast.reasons), [Kind::BetterPlain]);
    assert_eq!(
        deep_kinds(&review, 49),
        [Kind::OpponentWins, Kind::BetterPlain]
    );
}

#[test]
fn the_deep_pass_keeps_a_plain_better_move_its_deeper_lines_agree_with() {
    // Move 30, a blunder that loses no piece on either pass's lines: "Better was G-7a".
    let review = fast_review();
    let fast = review.move_review(30).expect("judged");
    assert_eq!(kinds(&fast.reasons), [Kind::BetterPlain]);
    assert_eq!(deep_kinds(&review, 30), kinds(&fast.reasons));
}

#[test]
fn the_deep_pass_changes_words_and_unborne_flags_only_of_the_mistakes_it_looks_at() {
    let text = include_str!("../data/review/easy_vs_normal.kifu");
    let record = Record::read(text).expect("fixture reads");
    let options = AnalysisOptions {
        nodes: 3_000,
        threads: 2,
        ..AnalysisOptions::default()
    };
    let fast = review_game(record.game.start(), record.game.moves(), &options);
    let deep_options = |threads| DeepOptions {
        nodes: 20_000,
        threads,
        ..DeepOptions::default()
    };
    let mut deep = fast.clone();
    deepen(&mut deep, &deep_options(2));
    let mut looked = 0;
    for (fast, deep) in fast.moves().iter().zip(deep.moves()) {
        let (Some(fast), Some(deep)) = (fast, deep) else {
            panic!("every move judged");
        };
        assert_eq!(
            (fast.score_before, fast.score_after, fast.best),
            (deep.score_before, deep.score_after, deep.best),
            "move {}: the scores stay the fast pass's",
            fast.ply
        );
        // The verdict too, but for a flag the deeper scores do not bear out, or a mistake
        // they find no worse than the better move.
        let judgement = deep
            .deep
            .as_ref()
            .map_or(fast.judgement, |lines| fast.judgement_on(lines));
        assert_eq!(deep.judgement, judgement, "move {}", fast.ply);
        assert_eq!(deep.deepened(), fast.wants_deep_look(), "move {}", fast.ply);
        if !deep.deepened() {
            assert_eq!(deep.reasons, fast.reasons, "move {}", fast.ply);
        } else {
            looked += 1;
            // A move the deeper scores leave unflagged has no words, as a good move has none.
            let flagged = deep.verdict() >= Verdict::Inaccuracy || deep.judgement.mate.is_some();
            assert_eq!(!deep.reasons.is_empty(), flagged, "move {}", fast.ply);
        }
    }
    assert!(looked > 0, "the game has mistakes to look at again");
    // The same looks on one thread as on two.
    let mut alone = fast.clone();
    deepen(&mut alone, &deep_options(1));
    let reasons = |review: &GameReview| -> Vec<_> {
        review
            .moves()
            .iter()
            .flatten()
            .map(|m| m.reasons.clone())
            .collect()
    };
    assert_eq!(reasons(&alone), reasons(&deep));
}

#[test]
fn a_game_with_many_mistakes_shares_the_deep_pass_budget() {
    let options = DeepOptions {
        nodes: 1_000_000,
        game_nodes: 30_000_000,
        ..DeepOptions::default()
    };
    assert_eq!(
        options.search_nodes(7),
        1_000_000,
        "seven mistakes: the full budget each"
    );
    assert_eq!(options.search_nodes(30), 500_000, "thirty: a share each");
    assert_eq!(options.search_nodes(0), 1_000_000);
}

/// Not a check but a measure (run with `--ignored --nocapture`): both passes on the `review`
/// bench's game at their default budgets on every core, with what the deep pass changes.
/// Prints the times; asserts nothing about time.
#[test]
#[ignore]
fn measure_both_passes_on_the_bench_game() {
    let text = include_str!("../data/review/normal_vs_normal_120.usi");
    let record = Record::from_usi(text.trim()).expect("reads");
    let options = AnalysisOptions::default();
    let (started, cpu_start) = (Instant::now(), cpu_seconds());
    let mut review = review_game(record.game.start(), record.game.moves(), &options);
    let (fast, fast_cpu) = (started.elapsed().as_secs_f64(), cpu_seconds() - cpu_start);
    let voice = Voice::to_mover(Notation::Western);
    let words = |review: &GameReview| -> Vec<String> {
        (review.moves().iter().flatten())
            .map(|m| m.explanation(Language::English, &voice))
            .collect()
    };
    let before = words(&review);
    let deep_options = DeepOptions::default();
    let (started, cpu_start) = (Instant::now(), cpu_seconds());
    deepen(&mut review, &deep_options);
    let (deep, deep_cpu) = (started.elapsed().as_secs_f64(), cpu_seconds() - cpu_start);
    let looked = review
        .moves()
        .iter()
        .flatten()
        .filter(|m| m.deepened())
        .count();
    for (m, (fast, deep)) in review
        .moves()
        .iter()
        .flatten()
        .zip(before.iter().zip(words(&review)))
    {
        if m.deepened() {
            let same = if *fast == deep { "kept" } else { "changed" };
            eprintln!("move {} ({same}):\n  fast: {fast}\n  deep: {deep}", m.ply);
        }
    }
    eprintln!(
        "fast pass {fast:.1} s ({fast_cpu:.1} s of CPU) on {} threads; deep pass {deep:.1} s \
         ({deep_cpu:.1} s of CPU) for {looked} mistakes ({} nodes a search); both {:.1} s",
        options.threads,
        deep_options.search_nodes(looked),
        fast + deep
    );
}

/// The CPU time this process has used, every thread's, in seconds (from `/proc/self/stat`
/// at 100 ticks a second; 0 where there is none): on a busy machine it says what the
/// passes cost better than the clock does.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the program's name, which is in parentheses: utime and stime are
    // the 12th and 13th of them.
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let ticks: Vec<f64> = after_name
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|field| field.parse().ok())
        .collect();
    ticks.iter().sum::<f64>() / 100.0
}

/// Rows of held-out set 14 (`judged.jsonl`): the game, the ply, the fast pass's better move
/// and its scores of the move.
fn judged(game: &str, ply: usize, best: &str, before: Score, after: Score) -> Judged {
    Judged {
        game: game.to_owned(),
        ply,
        best: best.to_owned(),
        before,
        after,
    }
}

#[test]
fn a_mate_the_better_move_does_not_escape_either_flags_nothing_once_looked_at_deeper() {
    // The three moves of set 14 that "allowed mate" where Fairy-Stockfish has the mover
    // mated before the move whatever it plays: the deep searches find the review's better
    // move mated too (sooner at ply 54, as soon at ply 58, later at ply 84).
    let rows = [
        judged(
            "normal_vs_easy_140",
            54,
            "2b3a",
            Score::Cp(-8063),
            Score::Mated(13),
        ),
        judged(
            "normal_vs_easy_144",
            58,
            "6d6e",
            Score::Cp(-8711),
            Score::Mated(11),
        ),
        judged(
            "hard_vs_normal_148",
            84,
            "L*7g",
            Score::Cp(-5236),
            Score::Mated(9),
        ),
    ];
    for row in &rows {
        let (m, look) = judged_look(row);
        assert!(
            m.wants_deep_look(),
            "{} {}: a mate is looked at",
            row.game,
            row.ply
        );
        let scores = look.lines.scores.expect("the look keeps its scores");
        assert!(matches!(scores.played, Score::Mated(_)), "{scores:?}");
        assert_the_mate_flag_goes(row, &m, &look);
    }
}

/// A move flagged for a mate allowed, once looked at again with the better move found mated
/// too: no mate, no flag, no words.
fn assert_the_mate_flag_goes(row: &Judged, m: &MoveReview, look: &DeepLook) {
    assert!(m.judgement.mate.is_some() && m.verdict().is_serious());
    let scores = look.lines.scores.expect("the look keeps its scores");
    assert!(
        matches!(scores.better, Score::Mated(_)),
        "{} {}: {scores:?}",
        row.game,
        row.ply
    );
    let judgement = m.judgement_on(&look.lines);
    assert_eq!((judgement.verdict, judgement.mate), (Verdict::Good, None));
    assert!(look.reasons.is_empty(), "{:?}", look.reasons);
}

#[test]
fn a_mate_the_better_move_does_not_escape_either_flags_nothing_once_the_solver_finds_it() {
    // Set 16, judged misleading: "Already behind, but this allowed mate in 5" where the
    // review's better move is mated too (in 11 by Fairy-Stockfish), a mate the deep searches
    // do not see. The mate solver finds it: the move is no worse by mate, and has no words.
    let rows = [
        // B*2d: S*3b and checks.
        judged(
            "hard_vs_normal_164",
            72,
            "B*2d",
            Score::Cp(-3621),
            Score::Mated(5),
        ),
        // B*1a: Kx1a first, then the mate.
        judged(
            "hard_vs_normal_161",
            77,
            "B*1a",
            Score::Cp(-5258),
            Score::Mated(5),
        ),
    ];
    for row in &rows {
        let (m, look) = judged_look(row);
        assert_the_mate_flag_goes(row, &m, &look);
    }
}

#[test]
fn a_mate_against_the_better_move_is_asked_for_once_where_the_fast_pass_asked() {
    // The fast pass's second look asks the mate solver whenever the move played is mated and
    // neither the position before nor the better move is: where it did, the deep look does
    // not ask again, and where it did not, the deep look does.
    let row = judged(
        "hard_vs_normal_164",
        72,
        "B*2d",
        Score::Cp(-3621),
        Score::Mated(5),
    );
    let (mut m, _) = judged_look(&row);
    assert!(!m.better_mate_looked_for(), "no second look was made");
    let look = |score| {
        Some(komadai::review::analysis::SecondLook {
            score,
            line: Vec::new(),
        })
    };
    m.best_checked = look(Score::Cp(-3500));
    assert!(m.better_mate_looked_for());
    m.best_checked = look(Score::Mated(11));
    assert!(
        !m.better_mate_looked_for(),
        "the second look found the mate"
    );
    m.best_checked = look(Score::Cp(-3500));
    m.score_after = Score::Cp(-4000);
    assert!(!m.better_mate_looked_for(), "the move played is not mated");
}

#[test]
fn a_mate_missed_is_counted_with_the_better_move_and_shown_to_the_mate() {
    // Set 16: Rx1i+ at normal_vs_easy_162 ply 82 missed R-3h+, mate in 9 (Fairy-Stockfish and
    // cshogi agree). The deep search after R-3h+ sees mate in 8 from there: the mate is one
    // ply longer, and its line ends on the mating move.
    let row = judged(
        "normal_vs_easy_162",
        82,
        "3i3h+",
        Score::Mates(9),
        Score::Mated(9),
    );
    let (m, look) = judged_look(&row);
    let scores = look.lines.scores.expect("the look keeps its scores");
    assert_eq!(scores.better, Score::Mates(8), "{scores:?}");
    let judgement = m.judgement_on(&look.lines);
    assert_eq!(
        judgement.mate,
        Some(komadai::review::MateEvent::Missed { plies: 9 })
    );
    let Some(komadai::review::Reason::MissedMate { plies, line }) = look.reasons.first() else {
        panic!("no missed mate: {:?}", look.reasons);
    };
    assert_eq!((*plies, line.moves.len()), (9, 9), "{line:?}");
    let mut end = line.start;
    for &mv in &line.moves {
        end.play_unchecked(mv);
    }
    assert!(end.in_check() && !end.has_legal_move(), "{line:?}");
    let words = komadai::review::words::explanation(
        Language::English,
        &look.reasons,
        &Voice::to_mover(Notation::Western),
    );
    assert!(
        words.starts_with("You had mate in 9: R-3h+ P*4h +Rx4h"),
        "{words}"
    );
}

#[test]
fn a_mate_the_deeper_searches_bear_out_is_still_told() {
    // Set 14, judged true: G-3i allows +Sx5i K-4h +R-6h, and P-4f holds (-4147 by
    // Fairy-Stockfish, no mate).
    let row = judged(
        "normal_vs_easy_145",
        35,
        "4g4f",
        Score::Cp(-4344),
        Score::Mated(3),
    );
    let (m, look) = judged_look(&row);
    let judgement = m.judgement_on(&look.lines);
    assert_eq!(judgement, m.judgement);
    assert!(
        matches!(
            look.reasons.as_slice(),
            [komadai::review::Reason::AllowsMate {
                plies: 3,
                behind: true,
                ..
            }]
        ),
        "{:?}",
        look.reasons
    );
    let words = komadai::review::words::explanation(
        Language::English,
        &look.reasons,
        &Voice::to_mover(Notation::Western),
    );
    assert_eq!(
        words,
        "Already behind, but this allowed mate in 3: +Sx5i K-4h +R-6h."
    );
}

#[test]
fn the_side_behind_flag_is_withdrawn_where_the_deeper_scores_show_no_silver_lost() {
    // Set 14, judged misleading: "Already behind, but this made it worse" from -13.65 to
    // -18.02, where Fairy-Stockfish has the better G-5h 54 cp better than P-4f. The deep
    // searches put P-4f ahead: the flag goes, and with it the words.
    let row = judged(
        "normal_vs_easy_141",
        45,
        "6i5h",
        Score::Cp(-1365),
        Score::Cp(-1802),
    );
    let (m, look) = judged_look(&row);
    assert_eq!(m.verdict(), Verdict::Mistake);
    let scores = look.lines.scores.expect("the look keeps its scores");
    let (Score::Cp(better), Score::Cp(played)) = (scores.better, scores.played) else {
        panic!("no mate either way: {scores:?}");
    };
    assert!(better - played < 420, "{scores:?}");
    assert_eq!(m.judgement_on(&look.lines).verdict, Verdict::Good);
    assert!(look.reasons.is_empty(), "{:?}", look.reasons);
}

#[test]
fn a_mistake_the_deep_searches_find_no_worse_than_the_better_move_loses_its_flag_and_words() {
    // Set 15, judged misleading: S-6d at hard_vs_normal_153 ply 32, "Better was S-7d",
    // where Fairy-Stockfish has S-6d 106 cp the better. The deep searches find it better too:
    // not flagged, and no words.
    let row = judged(
        "hard_vs_normal_153",
        32,
        "7c7d",
        Score::Cp(-223),
        Score::Cp(-566),
    );
    let (m, look) = judged_look(&row);
    assert_eq!(m.verdict(), Verdict::Mistake);
    let scores = look.lines.scores.expect("the look keeps its scores");
    assert!(
        scores.played.win_chance() >= scores.better.win_chance(),
        "{scores:?}"
    );
    assert_eq!(m.judgement_on(&look.lines).verdict, Verdict::Good);
    assert!(look.reasons.is_empty(), "{:?}", look.reasons);
}

#[test]
fn a_mistake_whose_futures_the_deep_searches_keep_apart_keeps_its_verdict_and_words() {
    // Set 15, judged true: S-7i at hard_vs_normal_153 ply 47 lets R*9i fork the knight and
    // the lance; Fairy-Stockfish has +Rx3d far better.
    let row = judged(
        "hard_vs_normal_153",
        47,
        "2c3d",
        Score::Cp(636),
        Score::Cp(-840),
    );
    let (m, look) = judged_look(&row);
    assert_eq!(m.judgement_on(&look.lines), m.judgement);
    assert!(m.verdict().is_serious());
    assert!(!look.reasons.is_empty());
}

#[test]
fn a_silver_thrown_away_far_behind_is_flagged_where_the_deep_searches_bear_it_out() {
    // Set 15, left unflagged before: G-7h at normal_vs_easy_151 ply 57, from -20 to -31 pawns
    // by the review (under 3 points of win chance), -14.14 to -24.03 by Fairy-Stockfish. The
    // deep searches put the better move's future 571 cp above it: a mistake, and its words
    // say the mover was behind or name what the move lost.
    let row = judged(
        "normal_vs_easy_151",
        57,
        "8a8b",
        Score::Cp(-2024),
        Score::Cp(-3064),
    );
    let (m, look) = judged_look(&row);
    assert_eq!(m.verdict(), Verdict::Mistake);
    assert_eq!(m.judgement_on(&look.lines), m.judgement);
    assert!(!look.reasons.is_empty());
    // Set 15, P-9d at normal_vs_easy_150 ply 24, from -23 to -28 pawns by the review, where
    // Fairy-Stockfish has it 221 cp worse at most: the deep searches put the move played ahead,
    // and the flag goes with its words.
    let row = judged(
        "normal_vs_easy_150",
        24,
        "7a7b",
        Score::Cp(-2333),
        Score::Cp(-2782),
    );
    let (m, look) = judged_look(&row);
    assert_eq!(m.verdict(), Verdict::Mistake);
    assert!(!m.judgement_on(&look.lines).verdict.is_serious());
    assert!(look.reasons.is_empty(), "{:?}", look.reasons);
}

/// A move of a held-out game as the review judged it: the game, the move's ply and the
/// fast pass's scores of it, from a row of `judged.jsonl`.
struct Judged {
    game: String,
    ply: usize,
    best: String,
    before: Score,
    after: Score,
}

/// The review of the move `judged` names, with the fast pass's scores and better move as
/// the row gives them, and the deep pass's look at it (at the default budget for one
/// search): what the deep pass makes of the fast pass's flag.
fn judged_look(judged: &Judged) -> (MoveReview, DeepLook) {
    let path = format!(
        "{}/tests/data/review/held_out/{}.usi",
        env!("CARGO_MANIFEST_DIR"),
        judged.game
    );
    let text = std::fs::read_to_string(&path).expect("the held-out game is there");
    let record = Record::from_usi(text.trim()).expect("reads");
    let game = GamePositions::new(record.game.start(), record.game.moves());
    let ply = judged.ply;
    let before = *game.position(ply - 1).expect("the move's position");
    let played = record.game.moves()[ply - 1];
    let best = Move::from_usi(&judged.best).expect("the better move");
    let m = MoveReview {
        ply,
        mover: before.side_to_move(),
        before,
        previous_to: ply.checked_sub(2).map(|i| record.game.moves()[i].to()),
        played,
        best: Some(best),
        best_line: vec![best],
        best_moves: Vec::new(),
        reply_line: Vec::new(),
        score_before: judged.before,
        best_checked: None,
        score_after: judged.after,
        judgement: judge_move(
            &before,
            played,
            (judged.before, judged.before),
            judged.after,
            false,
        ),
        reasons: Vec::new(),
        deep: None,
    };
    let mut searcher = Searcher::with(DEFAULT_DEEP_NODES, DEFAULT_DEEP_HASH_MB);
    let look = look_again(&mut searcher, &game, &m, &AtomicBool::new(false));
    (m, look.expect("the move and the better one are legal"))
}

/// The fast pass's scores as `judged.jsonl`'s `review_scores` gives them
/// (`-8063 -> {"mate": -13}, second look -8846`): the mover's before and after.
fn judged_scores(text: &str) -> Option<(Score, Score)> {
    let (before, rest) = text.split_once(" -> ")?;
    let after = rest.split(", second look").next()?;
    Some((judged_score(before)?, judged_score(after)?))
}

/// One score of `review_scores`: centipawns, or `{"mate": N}` (negative: mated).
fn judged_score(text: &str) -> Option<Score> {
    let text = text.trim();
    let Some(mate) = text.strip_prefix("{\"mate\": ") else {
        return Some(Score::Cp(text.parse().ok()?));
    };
    let plies: i32 = mate.trim_end_matches('}').trim().parse().ok()?;
    Some(match plies < 0 {
        true => Score::Mated(plies.unsigned_abs()),
        false => Score::Mates(plies.unsigned_abs()),
    })
}

/// Not a check but a measure (run with `--ignored --nocapture`): the deep pass's look at
/// every mistake of a judged held-out set (`JUDGED_SET`, 14 unless given) the review flagged
/// for a mate or for the side behind, with the row's judgement and sentence and the deep
/// pass's verdict and words.
#[test]
#[ignore]
fn measure_the_mate_and_behind_flags_of_a_set() {
    let set = std::env::var("JUDGED_SET").unwrap_or_else(|_| "14".to_owned());
    let path = format!(
        "{}/tests/data/review/judged.jsonl",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).expect("judged.jsonl");
    let voice = |notation| Voice::to_mover(notation);
    for row in text.lines() {
        let Ok(row) = serde_json::from_str::<serde_json::Value>(row) else {
            continue;
        };
        let field = |key: &str| row.get(key).and_then(|v| v.as_str()).unwrap_or_default();
        let kinds = row.get("kind").map(|k| k.to_string()).unwrap_or_default();
        if field("set") != set
            || field("role") != "entry"
            || !(kinds.contains("behind") || kinds.contains("mate"))
        {
            continue;
        }
        let Some((before, after)) = judged_scores(field("review_scores")) else {
            eprintln!("{} {}: scores unread", field("game"), row["ply"]);
            continue;
        };
        let judged = Judged {
            game: field("game").to_owned(),
            ply: row["ply"].as_u64().unwrap_or(0) as usize,
            best: field("best_usi").to_owned(),
            before,
            after,
        };
        let (m, look) = judged_look(&judged);
        let judgement = m.judgement_on(&look.lines);
        let words = |lang, notation| {
            komadai::review::words::explanation(lang, &look.reasons, &voice(notation))
        };
        eprintln!(
            "{} {} {kinds} {}\n  fast: {:?} {:?}\n  deep: {:?} {:?}, {:?}\n  was: {}\n  now: {}\n  ja:  {}",
            judged.game,
            judged.ply,
            field("judgement"),
            m.judgement.verdict,
            m.judgement.mate,
            judgement.verdict,
            judgement.mate,
            look.lines.scores,
            field("sentence"),
            words(Language::English, Notation::Western),
            words(Language::Japanese, Notation::Japanese),
        );
    }
}
