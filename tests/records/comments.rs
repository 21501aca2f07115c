//! KIF comments: `*` lines after a move belong to it, are written back after it, and a review
//! kept in them comes back whole when the record is read again.

use komadai::record::Record;
use komadai::review::cli::review_game;
use komadai::review::kif_comments::{analysis_text, parse_analysis, read_review, write_review};
use komadai::review::{AnalysisOptions, Score, Verdict};
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

#[test]
fn a_record_without_a_review_has_none_to_read() {
    let record = read(WITH_COMMENTS);
    assert!(read_review(&record).is_none());
}
