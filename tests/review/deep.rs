//! The review's deep second pass: each mistake's futures searched far deeper
//! and its reasons found and checked again on them, the verdicts left alone.

use komadai::i18n::Language;
use komadai::record::Record;
use komadai::review::cli::review_game;
use komadai::review::deep::{
    DEEP_NET, DEFAULT_DEEP_HASH_MB, DEFAULT_DEEP_NODES, deepen, look_again,
};
use komadai::review::explain::verify::Searcher;
use komadai::review::kif_comments::{read_review, write_review};
use komadai::review::{AnalysisOptions, DeepLook, DeepOptions, GameReview, Kind, Notation, Voice};
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
    let mut searcher = Searcher::with(DEFAULT_DEEP_NODES, DEFAULT_DEEP_HASH_MB, DEEP_NET);
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
    // Move 49 again: the deep pass's words (the gold lost) differ from the fast pass's,
    // so words read back from the record can only have come from its deep lines.
    let mut review = fast_review();
    let look = deep_look(&review, 49);
    assert_eq!(
        kinds(&look.reasons),
        [Kind::OpponentWins, Kind::BetterPlain]
    );
    assert!(review.deepen(49, look.lines, look.reasons));
    let mut record = Record::read(REVIEWED).expect("the fixture reads");
    write_review(&review, &mut record);
    let read_back = Record::read(&record.to_kif()).expect("the record written reads");
    let again = read_review(&read_back).expect("with its review");
    let m = again.move_review(49).expect("judged");
    assert!(m.deepened() && !m.awaits_deep_look());
    assert_eq!(kinds(&m.reasons), [Kind::OpponentWins, Kind::BetterPlain]);
    assert_eq!(Some(m), review.move_review(49));
    // The other mistakes were not looked at again: they still await the deep pass.
    let awaiting = again
        .moves()
        .iter()
        .flatten()
        .filter(|m| m.awaits_deep_look());
    assert!(awaiting.count() > 0);
}

#[test]
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
fn the_deep_pass_changes_words_alone_and_only_of_the_mistakes_it_looks_at() {
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
            (
                fast.judgement,
                fast.score_before,
                fast.score_after,
                fast.best
            ),
            (
                deep.judgement,
                deep.score_before,
                deep.score_after,
                deep.best
            ),
            "move {}: the verdict stays the fast pass's",
            fast.ply
        );
        assert_eq!(deep.deepened(), fast.wants_deep_look(), "move {}", fast.ply);
        if !deep.deepened() {
            assert_eq!(deep.reasons, fast.reasons, "move {}", fast.ply);
        } else {
            looked += 1;
            assert!(!deep.reasons.is_empty(), "move {}", fast.ply);
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
