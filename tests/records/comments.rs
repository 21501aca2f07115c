//! KIF comments: `*` lines after a move belong to it, are written back after it, and a review
//! kept in them comes back whole when the record is read again.

use komadai::record::Record;
use komadai::review::cli::review_game;
use komadai::review::deep::deepen;
use komadai::review::kif_comments::{
    analysis_text, deep_text, parse_analysis, parse_deep, read_review, write_review,
};
use komadai::review::{
    AnalysisOptions, DeepLines, DeepOptions, DeepScores, GameReview, MateEvent, Score, Verdict,
};
use komadai::rules::game::Game;
use komadai::rules::{Move, Position};

const WITH_COMMENTS: &str = "\
手合割：平手
先手：A
後手：B
手数----指手---------消費時間--
*対局開始
   1 ７六歩(77)   ( 0:01/00:00:01)
*角道を開ける
*よくある手
   2 ３四歩(33)   ( 0:01/00:00:01)
   3 ２二角成(88)   ( 0:01/00:00:02)
*角交換
";

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|mv| Move::from_usi(mv).expect("a USI move"))
        .collect()
}

fn read(text: &str) -> Record {
    match Record::from_kif(text) {
        Ok(record) => record,
        Err(err) => panic!("{err}\n{text}"),
    }
}

#[test]
fn a_comment_belongs_to_the_move_above_it_and_the_start_to_the_lines_before_the_first() {
    let record = read(WITH_COMMENTS);
    assert_eq!(record.game.ply(), 3);
    assert_eq!(record.comment(0), Some("対局開始"));
    assert_eq!(record.comment(1), Some("角道を開ける\nよくある手"));
    assert_eq!(record.comment(2), None);
    assert_eq!(record.comment(3), Some("角交換"));
}

#[test]
fn comments_are_written_after_their_moves_and_read_back_the_same() {
    let record = read(WITH_COMMENTS);
    let kif = record.to_kif();
    assert!(kif.contains("   1 ７六歩(77)"), "{kif}");
    let after_first = kif.split("７六歩(77)").nth(1).expect("the first move");
    assert!(
        after_first.starts_with_line_then("*角道を開ける\n*よくある手\n"),
        "{kif}"
    );
    let again = read(&kif);
    assert_eq!(again.comments, record.comments);
    assert_eq!(again.game.moves(), record.game.moves());
}

#[test]
fn a_record_without_comments_writes_no_comment_lines() {
    let mut game = Game::new();
    for mv in moves("7g7f 3c3d") {
        game.play(mv).expect("legal");
    }
    let kif = Record::new(game).to_kif();
    assert!(!kif.lines().any(|l| l.starts_with('*')), "{kif}");
}

#[test]
fn comments_before_the_move_table_are_not_the_games() {
    let text = "*棋譜の説明\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n";
    let record = read(text);
    assert_eq!(record.comment(0), None);
    assert_eq!(record.game.ply(), 1);
}

trait StartsWithLine {
    fn starts_with_line_then(&self, lines: &str) -> bool;
}

impl StartsWithLine for str {
    /// After the rest of the current line, the next lines are `lines`.
    fn starts_with_line_then(&self, lines: &str) -> bool {
        self.split_once('\n')
            .is_some_and(|(_, rest)| rest.starts_with(lines))
    }
}

fn small_review(usi: &str) -> (Record, komadai::review::GameReview) {
    let mut game = Game::new();
    for mv in moves(usi) {
        game.play(mv).expect("legal");
    }
    let options = AnalysisOptions {
        nodes: 3_000,
        threads: 2,
        ..AnalysisOptions::default()
    };
    let review = review_game(&Position::startpos(), game.moves(), &options);
    (Record::new(game), review)
}

#[test]
fn a_review_kept_in_kif_comments_comes_back_with_the_same_verdicts() {
    let (mut record, review) = small_review("7g7f 8c8d 8h3c+ 2b3c");
    record.set_comment(2, "the players' own note".to_owned());
    write_review(&review, &mut record);
    let kif = record.to_kif();
    assert!(
        kif.contains("*大悪手 最善手 "),
        "a reader sees the blunder named:\n{kif}"
    );
    assert!(kif.contains("*#評価値="), "ShogiHome's score line:\n{kif}");
    let read_back = read(&kif);
    assert!(
        read_back
            .comment(2)
            .is_some_and(|c| c.starts_with("the players' own note"))
    );
    let again = read_review(&read_back).expect("the review is in the comments");
    assert!(again.is_complete());
    for ply in 1..=4 {
        assert_eq!(
            again.move_review(ply),
            review.move_review(ply),
            "move {ply}"
        );
    }
    assert_eq!(
        again.move_review(3).map(|m| m.verdict()),
        Some(Verdict::Blunder)
    );
}

#[test]
fn writing_a_review_twice_keeps_one_copy_of_its_lines() {
    let (mut record, review) = small_review("7g7f 8c8d 8h3c+ 2b3c");
    write_review(&review, &mut record);
    let once = record.comments.clone();
    write_review(&review, &mut record);
    assert_eq!(record.comments, once);
}

#[test]
fn an_analysis_line_reads_back_as_written() {
    let (_, review) = small_review("7g7f 8c8d 8h3c+ 2b3c");
    // The blunder's position holds a second look at its best move, with its line.
    assert!(review.analysis(2).is_some_and(|a| a.best_checked.is_some()));
    assert!(
        review
            .analysis(2)
            .and_then(|a| a.best_checked.as_ref())
            .is_some_and(|look| !look.line.is_empty())
    );
    for index in 0..=4 {
        let analysis = review.analysis(index).expect("analysed");
        assert_eq!(
            parse_analysis(&analysis_text(analysis), index).as_ref(),
            Some(analysis)
        );
    }
    assert_eq!(
        parse_analysis("score=cp:12 best=7g7f depth=1 nodes=1 line=nonsense", 0),
        None
    );
    assert_eq!(parse_analysis("nothing here", 0), None);
}

#[test]
fn the_best_moves_read_back_and_a_review_from_before_them_reads_without() {
    let text = "score=cp:12 best=7g7f depth=1 nodes=1 moves=7g7f:cp:12,2g2f:mated:3 line=7g7f";
    let analysis = parse_analysis(text, 0).expect("reads");
    let moves: Vec<(String, Score)> = analysis
        .best_moves
        .iter()
        .map(|c| (c.mv.to_string(), c.score))
        .collect();
    assert_eq!(
        moves,
        [
            ("7g7f".to_owned(), Score::Cp(12)),
            ("2g2f".to_owned(), Score::Mated(3))
        ]
    );
    let older = parse_analysis("score=cp:12 best=7g7f depth=1 nodes=1 line=7g7f", 0);
    assert_eq!(older.map(|a| a.best_moves.len()), Some(0));
    let broken = "score=cp:12 best=7g7f depth=1 nodes=1 moves=7g7f:cp line=7g7f";
    assert_eq!(parse_analysis(broken, 0), None);
}

/// [`small_review`] with its deep pass run at a small budget.
fn deepened_review(usi: &str) -> (Record, GameReview) {
    let (record, mut review) = small_review(usi);
    let options = DeepOptions {
        nodes: 20_000,
        threads: 2,
        ..DeepOptions::default()
    };
    deepen(&mut review, &options);
    (record, review)
}

#[test]
fn the_deep_passs_lines_are_kept_in_the_comments_and_its_words_come_back_with_them() {
    let (mut record, review) = deepened_review("7g7f 8c8d 8h3c+ 2b3c");
    let blunder = review.move_review(3).expect("move 3 reviewed");
    assert!(blunder.deepened(), "the deep pass looked at the blunder");
    write_review(&review, &mut record);
    let kif = record.to_kif();
    let deep_lines: Vec<&str> = kif
        .lines()
        .filter(|l| l.starts_with("*#komadai deep "))
        .collect();
    assert_eq!(deep_lines.len(), 1, "one deep look, after move 3:\n{kif}");
    let after_blunder = kif.split("３三角成(88)").nth(1).expect("move 3");
    let comment: Vec<&str> = after_blunder
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with('*'))
        .collect();
    assert!(
        comment
            .last()
            .is_some_and(|l| l.starts_with("*#komadai deep ")),
        "the deep line comes after the analysis, where a komadai without it looks first:\n{kif}"
    );
    let again = read_review(&read(&kif)).expect("the review is in the comments");
    for ply in 1..=4 {
        assert_eq!(
            again.move_review(ply),
            review.move_review(ply),
            "move {ply}: its words and deep lines as written"
        );
    }
}

#[test]
fn a_record_without_deep_lines_keeps_the_fast_words_awaiting_the_deep_pass() {
    let (mut record, review) = small_review("7g7f 8c8d 8h3c+ 2b3c");
    write_review(&review, &mut record);
    let again = read_review(&read(&record.to_kif())).expect("the review is in the comments");
    let blunder = again.move_review(3).expect("move 3 reviewed");
    assert!(!blunder.deepened());
    assert!(blunder.awaits_deep_look(), "the window sends the deep pass");
    assert_eq!(Some(blunder), review.move_review(3));
}

#[test]
fn a_deep_line_that_does_not_read_or_does_not_fit_its_move_is_left_out() {
    let (mut record, review) = deepened_review("7g7f 8c8d 8h3c+ 2b3c");
    write_review(&review, &mut record);
    let comment = |index| record.comment(index).unwrap_or_default().to_owned();
    let written = comment(3)
        .lines()
        .find(|l| l.starts_with("#komadai deep "))
        .expect("the blunder's deep line")
        .to_owned();
    // Read back from a KIF with move 3's comment, and move 2's, as given.
    let read_with = |third: &str, second: &str| {
        let mut changed = record.clone();
        changed.set_comment(3, third.to_owned());
        changed.set_comment(2, second.to_owned());
        read_review(&read(&changed.to_kif())).expect("still a review")
    };
    let broken = [
        "#komadai deep reply=2b3c,zz better=",
        "#komadai deep reply=2b3c",
        "#komadai deep nonsense",
        "#komadai deep ",
        // USI moves, but not legal where they stand: no king can go there.
        "#komadai deep reply=5a5c better=5i5g",
    ];
    for line in broken {
        let again = read_with(&comment(3).replace(&written, line), &comment(2));
        let blunder = again.move_review(3).expect("move 3 reviewed");
        assert!(!blunder.deepened(), "{line}");
        assert!(blunder.awaits_deep_look(), "{line}");
        assert_eq!(again.move_review(2), review.move_review(2), "{line}");
        assert_eq!(again.move_review(4), review.move_review(4), "{line}");
    }
    // The blunder's lines put after move 2, a good move the deep pass does not look at.
    let moved = read_with(
        &comment(3).replace(&written, ""),
        &format!("{}\n{written}", comment(2)),
    );
    let second = moved.move_review(2).expect("move 2 reviewed");
    assert!(!second.deepened());
    assert_eq!(Some(second), review.move_review(2));
    assert!(moved.move_review(3).is_some_and(|m| m.awaits_deep_look()));
}

#[test]
fn a_mate_flag_the_deep_pass_withdrew_stays_withdrawn_when_read_back() {
    // K-5a walks into G*5b, mate in one: the fast pass flags it. Deep scores that have the
    // better move mated too withdraw the flag, and the record keeps them, so that the
    // review read back withdraws it again; scores that bear the mate out keep it.
    let usi = "position sfen ln3k1nl/9/ppppPpppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL w Grbg2s 1 \
               moves 4a5a";
    let record = Record::from_usi(usi).expect("reads");
    let options = AnalysisOptions {
        nodes: 3_000,
        threads: 2,
        ..AnalysisOptions::default()
    };
    let fast = review_game(record.game.start(), record.game.moves(), &options);
    let flagged = fast.move_review(1).expect("judged");
    assert_eq!(
        flagged.judgement.mate,
        Some(MateEvent::Allowed { plies: 1 })
    );
    for (better, withdrawn) in [(Score::Mated(3), true), (Score::Cp(-400), false)] {
        let lines = DeepLines {
            reply: Vec::new(),
            better: Vec::new(),
            scores: Some(DeepScores {
                played: Score::Mated(1),
                better,
            }),
        };
        let mut review = fast.clone();
        let reasons = flagged.reasons_on(&lines);
        assert!(review.deepen(1, lines, reasons));
        let mut written = record.clone();
        write_review(&review, &mut written);
        let read_back = Record::read(&written.to_kif()).expect("the record written reads");
        let again = read_review(&read_back).expect("with its review");
        let m = again.move_review(1).expect("judged");
        assert!(m.deepened(), "{better:?}");
        assert_eq!(Some(m), review.move_review(1), "{better:?}");
        match withdrawn {
            true => {
                assert_eq!((m.verdict(), m.judgement.mate), (Verdict::Good, None));
                assert!(m.reasons.is_empty());
            }
            false => assert_eq!(m.judgement, flagged.judgement),
        }
    }
}

#[test]
fn a_deep_text_reads_back_as_written_and_a_broken_one_not_at_all() {
    let (_, review) = deepened_review("7g7f 8c8d 8h3c+ 2b3c");
    let lines = review
        .move_review(3)
        .and_then(|m| m.deep.clone())
        .expect("the blunder's deep lines");
    assert!(!lines.reply.is_empty() && !lines.better.is_empty());
    assert!(lines.scores.is_some(), "the look keeps its scores");
    assert_eq!(parse_deep(&deep_text(&lines)), Some(lines));
    let none = DeepLines {
        reply: Vec::new(),
        better: Vec::new(),
        scores: None,
    };
    assert_eq!(deep_text(&none), "reply= better=");
    assert_eq!(parse_deep("reply= better="), Some(none));
    let scored = parse_deep("reply=2b3c better=7g7f scores=mated:9,cp:-5200");
    assert_eq!(
        scored.and_then(|l| l.scores),
        Some(DeepScores {
            played: Score::Mated(9),
            better: Score::Cp(-5200),
        })
    );
    let later = parse_deep("reply=2b3c better=7g7f depth=30").map(|l| l.reply);
    assert_eq!(
        later,
        Some(moves("2b3c")),
        "a field it does not know is skipped"
    );
    for broken in [
        "",
        "reply=2b3c",
        "better=",
        "reply=2b3c better=7g7x",
        "reply",
        "reply=2b3c better=7g7f scores=cp:12",
        "reply=2b3c better=7g7f scores=mated:x,cp:3",
    ] {
        assert_eq!(parse_deep(broken), None, "{broken}");
    }
}

#[test]
fn a_record_without_a_review_has_none_to_read() {
    let record = read(WITH_COMMENTS);
    assert!(read_review(&record).is_none());
}

fn real_record(name: &str) -> Record {
    let path = format!("{}/tests/data/records/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the test record");
    read(&text)
}

/// Every comment of a real record, with one added on the start, written in `write` and
/// read back by `read_again`: the same comments on the same moves.
fn assert_comments_round_trip(write: fn(&Record) -> String, read_again: fn(&str) -> Record) {
    let mut record = real_record("oyama_masuda_1959.kif");
    assert_eq!(record.comment(32), Some("銀で取り返す。"));
    record.set_comment(0, "大山・升田戦\n第一局".to_owned());
    record.set_comment(7, "ここで長考".to_owned());
    let text = write(&record);
    let again = read_again(&text);
    assert_eq!(again.game.moves(), record.game.moves());
    for ply in 0..=record.game.ply() {
        assert_eq!(again.comment(ply), record.comment(ply), "ply {ply}\n{text}");
    }
}

#[test]
fn csa_keeps_each_moves_comment_on_star_lines() {
    assert_comments_round_trip(Record::to_csa, |text| {
        Record::from_csa(text).expect("the CSA written reads back")
    });
    let csa = real_record("oyama_masuda_1959.kif").to_csa();
    let after = csa.split("'*銀で取り返す。").next().expect("the comment");
    assert!(after.trim_end().ends_with("T0"), "{csa}");
}

#[test]
fn csa_remarks_without_a_star_are_not_comments() {
    let text = "V2.2\n'a remark on the file\nPI\n+\n+7776FU\n'another remark\n'*a comment\n";
    let record = Record::from_csa(text).expect("a CSA record");
    assert_eq!(record.comment(0), None);
    assert_eq!(record.comment(1), Some("a comment"));
}

#[test]
fn ki2_keeps_each_moves_comment_and_ends_its_line_there() {
    assert_comments_round_trip(Record::to_ki2, |text| {
        Record::from_ki2(text).expect("the KI2 written reads back")
    });
    let ki2 = real_record("oyama_masuda_1959.kif").to_ki2();
    let before = ki2.split("\n*銀で取り返す。").next().expect("the comment");
    let last_line = before.lines().last().unwrap_or_default();
    assert!(last_line.trim_end().ends_with("△同　銀"), "{ki2}");
}

#[test]
fn jkf_keeps_each_moves_comment() {
    assert_comments_round_trip(Record::to_jkf, |text| {
        Record::from_jkf(text).expect("the JKF written reads back")
    });
}

#[test]
fn a_variations_moves_have_their_own_comments_and_share_the_ones_before_it() {
    use komadai::record::LineId;
    let mut record = real_record("study_with_variations.kif");
    let main = LineId::main();
    assert_eq!(record.comment_on(&main, 4), Some("本譜"));
    let branch = record.alternatives(&main, 3)[1].line.clone();
    // The variation replaces move 4: its move 4 has its own comment, move 3 is the game's.
    assert_eq!(record.comment_on(&branch, 4), Some("振り飛車含み"));
    assert_eq!(record.comment_on(&branch, 3), None);
    assert!(record.set_comment_on(&branch, 5, "銀を上がる".to_owned()));
    assert!(record.set_comment_on(&branch, 2, "本譜と同じ".to_owned()));
    assert!(!record.set_comment_on(&branch, 9, "past its end".to_owned()));
    assert_eq!(record.comment_on(&main, 2), Some("本譜と同じ"));
    assert_eq!(record.comment_on(&main, 4), Some("本譜"));
    let again = read(&record.to_kif());
    assert_eq!(again.comment_on(&branch, 5), Some("銀を上がる"));
    assert_eq!(again.comment_on(&branch, 4), Some("振り飛車含み"));
    assert_eq!(again.comment_on(&main, 2), Some("本譜と同じ"));
}

#[test]
fn the_reviews_reasons_are_written_beside_its_verdict_in_japanese() {
    use komadai::i18n::Language;
    use komadai::review::voice::{Notation, Voice};
    use komadai::rules::Color;
    let (mut record, review) = small_review("7g7f 8c8d 8h3c+ 2b3c");
    write_review(&review, &mut record);
    let blunder = review.move_review(3).expect("move 3 reviewed");
    let voice = Voice::by_sides(Notation::Japanese, Color::Sente, false);
    let why = blunder.explanation(Language::Japanese, &voice);
    assert!(!why.trim().is_empty(), "the blunder has its reasons");
    let comment = record.comment(3).expect("the review's comment on move 3");
    let expected = format!("{}（komadai検討）", why.trim());
    assert!(
        comment.lines().any(|l| l == expected),
        "{comment}\nwanted: {expected}"
    );
    // Read back and written again: still one copy.
    let mut again = read(&record.to_kif());
    write_review(&review, &mut again);
    let count = again
        .comment(3)
        .map_or(0, |c| c.lines().filter(|l| *l == expected).count());
    assert_eq!(count, 1);
}
