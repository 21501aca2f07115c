//! The review in the window: started from the Game menu, its progress and Cancel, a verdict
//! for every move in the list, the graph that steps the board, and a retry of a blunder.
//! Small node budgets and two threads keep it quick and the same run after run.

use crate::gui_support;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_support::{app_after, apply, click, harness, paste, rect_of, settings_dir, settle};
use komadai::gui::intent::Intent;
use komadai::gui::{AppOptions, KomadaiApp, SettingsStore};
use komadai::i18n::Language;
use komadai::review::{MateEvent, Notation, Verdict, Voice, Who};
use komadai::rules::{Color, Move};
use std::time::Duration;

/// Sente plays 8h3c+?? and gives the bishop for a pawn: Gote's bishop takes back.
const BISHOP_BLUNDER: &str = "7g7f 8c8d 8h3c+ 2b3c";

/// Steps frames until the review's analysis and its deep pass have finished (bounded by
/// steps, not by time).
fn wait_for_review(h: &mut Harness<'_, KomadaiApp>) {
    for _ in 0..4000 {
        h.step();
        if h.state().review_progress().is_none() && h.state().deep_progress().is_none() {
            settle(h);
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the review never finished");
}

/// Steps frames until the retried move is judged.
fn wait_for_judgement(h: &mut Harness<'_, KomadaiApp>) {
    for _ in 0..4000 {
        h.step();
        if !h.state().is_judging_try() {
            settle(h);
            return;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the retried move was never judged");
}

fn reviewed_blunder(test: &str) -> Harness<'static, KomadaiApp> {
    let mut h = harness(app_after(test, BISHOP_BLUNDER));
    click(&mut h, "Game");
    click(&mut h, "Review this game");
    gui_support::agree_to_analyse(&mut h);
    assert!(h.state().is_review_open());
    wait_for_review(&mut h);
    h
}

fn usi(text: &str) -> Move {
    Move::from_usi(text).expect("a USI move")
}

#[test]
fn the_game_menu_reviews_the_game_and_judges_every_move() {
    let h = reviewed_blunder("review-menu");
    let review = h.state().game_review().expect("a review");
    assert!(review.is_complete());
    for ply in 1..=4 {
        assert!(h.state().review_verdict(ply).is_some(), "move {ply} judged");
    }
    assert!(
        h.state().review_verdict(3).is_some_and(Verdict::is_serious),
        "giving the bishop for a pawn is a mistake at least: {:?}",
        h.state().review_verdict(3)
    );
    assert_eq!(
        h.state().review_verdict(3),
        Some(Verdict::Blunder),
        "it loses about 45 points of win chance"
    );
    assert!(
        h.query_by_label_contains("3. ☗ Bx3c+??").is_some(),
        "the move list marks it"
    );
    assert!(
        h.query_by_label("☗ You").is_some(),
        "the summary names the sides"
    );
    assert!(
        h.query_by_label("Accuracy").is_some(),
        "with their accuracy"
    );
    assert!(
        h.query_by_label("Cancel review").is_none(),
        "no Cancel once done"
    );
}

#[test]
fn a_long_analysis_shows_its_progress_and_cancel_stops_it() {
    let options = AppOptions {
        review_nodes: Some(5_000_000),
        review_threads: Some(1),
        ..gui_support::options()
    };
    let dir = settings_dir("review-cancel");
    let app = KomadaiApp::new(SettingsStore::in_dir(&dir), options);
    let mut h = harness(app);
    apply(
        &mut h,
        Intent::Paste(format!("position startpos moves {BISHOP_BLUNDER}")),
    );
    h.state_mut().apply(Intent::StartReview);
    h.step();
    let progress = h.state().review_progress().expect("the analysis runs");
    assert_eq!(progress.total, 5);
    assert!(h.query_by_label_contains("Analysing 0 / 5").is_some());
    h.get_by_label("Cancel review").click();
    settle(&mut h);
    assert!(h.state().review_progress().is_none(), "stopped");
    assert!(h.state().is_review_open(), "what was found stays");
    assert!(h.query_by_label("Cancel review").is_none());
}

/// Starts the review with no frame stepped, agreeing to take the game out of the results
/// when asked: the tests that watch the fast pass hand over to the deep pass see each frame.
fn review_at_once(app: &mut KomadaiApp) {
    app.apply(Intent::StartReview);
    if !app.is_review_open() {
        app.apply(Intent::ReviewOffLadder);
    }
}

/// Starts the review of the bishop blunder with the board on move 3 and steps frames until
/// the fast pass is done. The deep pass starts in that frame, and no look of its can have
/// been taken by then: the window shows what the fast pass found, marked as being checked.
fn fast_pass_on_the_blunder(test: &str, lang: Language) -> Harness<'static, KomadaiApp> {
    let mut h = harness(app_after(test, BISHOP_BLUNDER));
    apply(&mut h, Intent::SetLanguage(lang));
    h.state_mut().apply(Intent::View(Some(3)));
    review_at_once(h.state_mut());
    for _ in 0..4000 {
        h.step();
        if h.state().review_progress().is_none() {
            return h;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the review never finished");
}

/// The explanation of move 3 as the review now has it, in `lang`.
fn blunder_explanation(h: &Harness<'_, KomadaiApp>, lang: Language) -> (String, bool) {
    let m = (h.state().game_review())
        .and_then(|r| r.move_review(3))
        .expect("move 3 judged");
    let voice = Voice::for_player(Notation::Western, Color::Sente, Who::Ai, m.mover);
    (m.explanation(lang, &voice), m.deepened())
}

#[test]
fn an_explanation_is_marked_while_the_deep_pass_checks_it_then_replaced() {
    let mut h = fast_pass_on_the_blunder("review-deep-pending", Language::English);
    assert!(h.state().deep_progress().is_some(), "the deep pass runs");
    let (fast, deepened) = blunder_explanation(&h, Language::English);
    assert!(!deepened && !fast.is_empty(), "{fast}");
    assert!(
        h.query_all_by_label_contains(&fast).next().is_some(),
        "the fast pass's words: {fast}"
    );
    assert!(
        h.query_all_by_label("checking…").next().is_some(),
        "marked as being checked"
    );
    assert!(
        h.query_all_by_label_contains("Checking ").next().is_some(),
        "the deep pass's progress"
    );
    wait_for_review(&mut h);
    let (deep, deepened) = blunder_explanation(&h, Language::English);
    assert!(deepened, "the deep pass looked at the blunder again");
    assert!(
        h.query_all_by_label_contains(&deep).next().is_some(),
        "the deep pass's words: {deep}"
    );
    assert!(
        h.query_all_by_label("checking…").next().is_none(),
        "no mark once checked"
    );
    assert!(h.query_all_by_label_contains("Checking ").next().is_none());
    assert!(
        h.query_all_by_label("Cancel review").next().is_none(),
        "no Cancel once done"
    );
}

#[test]
fn a_mate_allowed_is_marked_while_the_deep_pass_checks_it() {
    // Gote's king walks into G*5b, mate in one, where K-4b was safe: the fast pass's
    // "allowed mate" is provisional until the deep pass has searched both futures (whether
    // the pass bears it out is `tests/review/deep.rs`'s to check). The position is full
    // enough that the deep searches run for a while (a bare one is searched out at once).
    let options = AppOptions {
        review_deep_nodes: Some(50_000_000),
        ..gui_support::options()
    };
    let dir = settings_dir("review-deep-mate");
    let mut app = KomadaiApp::new(SettingsStore::in_dir(&dir), options);
    let game =
        "position sfen ln3k1nl/9/ppppPpppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL w Grbg2s 1 moves 4a5a";
    gui_support::paste(&mut app, game).expect("a legal USI line");
    app.apply(Intent::PlayOn(Color::Sente));
    let mut h = harness(app);
    h.state_mut().apply(Intent::View(Some(1)));
    review_at_once(h.state_mut());
    for _ in 0..4000 {
        h.step();
        if h.state().review_progress().is_none() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let m = (h.state().game_review())
        .and_then(|r| r.move_review(1))
        .expect("move 1 judged");
    assert_eq!(m.judgement.mate, Some(MateEvent::Allowed { plies: 1 }));
    assert!(!m.deepened());
    assert!(h.state().deep_progress().is_some(), "the deep pass runs");
    h.step();
    assert!(
        h.query_all_by_label("checking…").next().is_some(),
        "the mate is marked as being checked"
    );
    assert!(
        h.query_all_by_label_contains("Checking 0 / 1")
            .next()
            .is_some()
    );
    assert!(
        h.query_all_by_label_contains("allowed mate in 1")
            .next()
            .is_some()
    );
    click(&mut h, "Cancel review");
    assert!(h.state().deep_progress().is_none(), "stopped");
    assert!(
        h.query_all_by_label("checking…").next().is_none(),
        "nothing is being checked now"
    );
}

#[test]
fn in_japanese_an_explanation_being_checked_is_marked_in_japanese() {
    let mut h = fast_pass_on_the_blunder("review-deep-pending-ja", Language::Japanese);
    assert!(
        h.query_all_by_label("確認中…").next().is_some(),
        "marked as being checked"
    );
    assert!(h.query_all_by_label_contains("確認中 ").next().is_some());
    assert!(h.query_all_by_label("checking…").next().is_none());
    wait_for_review(&mut h);
    let (deep, deepened) = blunder_explanation(&h, Language::Japanese);
    assert!(deepened);
    assert!(
        h.query_all_by_label_contains(&deep).next().is_some(),
        "{deep}"
    );
    assert!(
        h.query_all_by_label("確認中…").next().is_none(),
        "no mark once checked"
    );
}

#[test]
fn cancel_during_the_deep_pass_keeps_the_fast_words_unmarked() {
    let options = AppOptions {
        review_deep_nodes: Some(50_000_000),
        ..gui_support::options()
    };
    let dir = settings_dir("review-deep-cancel");
    let mut app = KomadaiApp::new(SettingsStore::in_dir(&dir), options);
    let game = format!("position startpos moves {BISHOP_BLUNDER}");
    gui_support::paste(&mut app, &game).expect("a legal USI line");
    app.apply(Intent::PlayOn(Color::Sente));
    let mut h = harness(app);
    h.state_mut().apply(Intent::View(Some(3)));
    review_at_once(h.state_mut());
    for _ in 0..4000 {
        h.step();
        if h.state().review_progress().is_none() {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(h.state().deep_progress().is_some(), "the deep pass runs");
    assert!(h.query_all_by_label("checking…").next().is_some());
    click(&mut h, "Cancel review");
    assert!(h.state().deep_progress().is_none(), "stopped");
    let (fast, deepened) = blunder_explanation(&h, Language::English);
    assert!(!deepened);
    assert!(
        h.query_all_by_label_contains(&fast).next().is_some(),
        "{fast}"
    );
    assert!(
        h.query_all_by_label("checking…").next().is_none(),
        "nothing is being checked now"
    );
}

#[test]
fn the_verdict_says_why_and_draws_the_best_move() {
    let mut h = reviewed_blunder("review-why");
    apply(&mut h, Intent::View(Some(3)));
    assert!(
        h.query_all_by_label_contains("3. Bx3c+ — Blunder")
            .next()
            .is_some(),
        "the heading names the move and its verdict"
    );
    let (best, named) = h
        .state()
        .game_review()
        .and_then(|r| r.move_review(3))
        .map(|m| (m.best, m.best_to_name()))
        .expect("judged");
    let best = best.expect("the engine's move");
    assert_ne!(best, usi("8h3c+"));
    // The best move is named once: as "Best was", or by the explanation's "Better was".
    let best_was = h.query_all_by_label_contains("Best was").next().is_some();
    let better_was = h.query_all_by_label_contains("Better was").next().is_some();
    match named {
        Some(_) => assert!(best_was, "Best was names it"),
        None => assert!(better_was && !best_was, "the explanation alone names it"),
    }
    // A screen reader is told the verdict with its move and why, as the move is shown.
    let read_out: Vec<String> = h
        .query_all_by(|node| node.live() != egui::accesskit::Live::Off)
        .filter_map(|node| egui_kittest::kittest::NodeT::accesskit_node(&node).label())
        .collect();
    assert!(
        read_out
            .iter()
            .any(|words| words.starts_with("3. Bx3c+ — Blunder")
                && (words.contains("Best was") || words.contains("Better was"))),
        "{read_out:?}"
    );
}

#[test]
fn a_click_on_the_graph_shows_that_position() {
    let mut h = reviewed_blunder("review-graph");
    apply(&mut h, Intent::View(Some(0)));
    let graph = rect_of(&h, "Evaluation graph");
    // The right end is the last position: the game itself.
    click_at(&mut h, egui::pos2(graph.right() - 5.0, graph.center().y));
    assert_eq!(h.state().viewing(), None);
    click_at(&mut h, egui::pos2(graph.left() + 5.0, graph.center().y));
    assert_eq!(h.state().viewing(), Some(0));
    let x = graph.left() + 4.0 + (graph.width() - 8.0) * 2.0 / 4.0;
    click_at(&mut h, egui::pos2(x, graph.center().y));
    assert_eq!(h.state().viewing(), Some(2));
}

#[test]
fn a_retry_says_why_a_try_falls_short_shows_the_answer_after_two_and_takes_the_best() {
    let mut h = reviewed_blunder("review-retry");
    apply(&mut h, Intent::View(Some(3)));
    click(&mut h, "Try again");
    assert_eq!(
        h.state().viewing(),
        Some(2),
        "the position before the blunder"
    );
    assert!(h.query_by_label_contains("Find a better move").is_some());

    // The same blunder again, by clicks on the board.
    click(&mut h, "square 8h");
    click(&mut h, "square 3c");
    apply(&mut h, Intent::ChoosePromotion(true));
    wait_for_judgement(&mut h);
    let note = h
        .state()
        .retry_note()
        .expect("a verdict on the try")
        .to_owned();
    assert!(note.contains("is not as good"), "{note}");
    assert!(note.contains("After it comes"), "what goes wrong: {note}");
    assert!(!note.contains("  "), "{note}");
    assert!(h.query_by_label_contains("The answer").is_none(), "not yet");

    // The bishop where the 4c pawn takes it.
    apply(&mut h, Intent::Move(usi("8h4d")));
    wait_for_judgement(&mut h);
    let note = h.state().retry_note().expect("a verdict").to_owned();
    assert!(note.contains("is not as good"), "{note}");
    assert!(note.contains("After it comes"), "what goes wrong: {note}");
    assert!(!note.contains("  "), "{note}");
    assert!(
        h.query_by_label_contains("The answer").is_some(),
        "shown after two tries"
    );

    let best = h
        .state()
        .game_review()
        .and_then(|r| r.move_review(3))
        .and_then(|m| m.best)
        .expect("the engine's move");
    apply(&mut h, Intent::Move(best));
    wait_for_judgement(&mut h);
    let note = h.state().retry_note().expect("a verdict").to_owned();
    assert!(note.contains("as good as the best"), "{note}");
    assert_eq!(h.state().game().ply(), 4, "the game itself is untouched");
}

#[test]
fn a_review_in_the_middle_of_a_game_pauses_the_clock_and_the_ai_waits() {
    let mut h = harness(app_after("review-mid-game", "7g7f 3c3d"));
    gui_support::start_review(&mut h);
    wait_for_review(&mut h);
    assert!(!h.state().clock().is_running());
    assert!(!h.state().is_thinking());
    apply(&mut h, Intent::CloseReview);
    assert!(!h.state().is_review_open());
}

#[test]
fn the_game_over_banner_offers_a_review() {
    let mut h = harness(app_after("review-banner", BISHOP_BLUNDER));
    apply(&mut h, Intent::Resign);
    click(&mut h, "Review this game");
    assert!(h.state().is_review_open());
    wait_for_review(&mut h);
    assert!(
        h.query_by_label("Review this game").is_none(),
        "offered once"
    );
}

#[test]
fn next_mistake_steps_to_the_players_blunder() {
    let mut h = reviewed_blunder("review-next");
    apply(&mut h, Intent::View(Some(0)));
    apply(&mut h, Intent::NextMistake);
    assert_eq!(h.state().viewing(), Some(3));
}

#[test]
fn next_mistake_goes_round_to_the_first_and_previous_mistake_steps_back() {
    let mut h = reviewed_blunder("review-next-wraps");
    // After the last move there is no mistake further on: round to the first one.
    assert_eq!(h.state().viewing(), None);
    apply(&mut h, Intent::NextMistake);
    assert_eq!(h.state().viewing(), Some(3), "Next mistake went round");
    apply(&mut h, Intent::View(Some(0)));
    click(&mut h, "Previous mistake");
    assert_eq!(
        h.state().viewing(),
        Some(3),
        "back from the start: the last one"
    );
    apply(&mut h, Intent::CloseReview);
    apply(&mut h, Intent::View(Some(0)));
    apply(&mut h, Intent::PreviousMistake);
    assert_eq!(h.state().viewing(), Some(0), "no review, no step");
}

#[test]
fn an_undo_drops_a_review_of_moves_no_longer_played() {
    let mut h = reviewed_blunder("review-undo");
    apply(&mut h, Intent::CloseReview);
    gui_support::start_review(&mut h);
    wait_for_review(&mut h);
    apply(&mut h, Intent::Undo);
    assert!(!h.state().is_review_open());
}

fn click_at(h: &mut Harness<'_, KomadaiApp>, pos: egui::Pos2) {
    h.event(egui::Event::PointerMoved(pos));
    h.event(egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    h.step();
    h.event(egui::Event::PointerButton {
        pos,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    settle(h);
}

/// A game with the bishop blunder played on against the AI and reviewed, both passes, with
/// its autosave in `dir`; returns the blunder's explanation as the deep pass left it.
fn reviewed_and_autosaved(dir: &std::path::Path) -> String {
    let mut app = gui_support::app_in(&dir.to_path_buf());
    paste(
        &mut app,
        &format!("position startpos moves {BISHOP_BLUNDER}"),
    )
    .expect("a legal USI line");
    app.apply(Intent::PlayOn(komadai::rules::Color::Sente));
    let mut h = harness(app);
    gui_support::start_review(&mut h);
    wait_for_review(&mut h);
    let (deep, deepened) = blunder_explanation(&h, Language::English);
    assert!(deepened && !deep.is_empty(), "{deep}");
    deep
}

/// The autosave in `dir` as JSON.
/// Views the blunder (move 3) and checks it shows `deep`, the deep pass's
/// words (`why` says where they come from), unmarked.
fn shows_the_checked_words(h: &mut Harness<'_, KomadaiApp>, deep: &str, why: &str) {
    apply(h, Intent::View(Some(3)));
    assert_eq!(
        blunder_explanation(h, Language::English),
        (deep.to_owned(), true),
        "{why}"
    );
    assert!(
        h.query_all_by_label_contains(deep).next().is_some(),
        "{deep}"
    );
    assert!(h.query_all_by_label("checking…").next().is_none());
}

fn autosaved(dir: &std::path::Path) -> serde_json::Value {
    let saved = std::fs::read_to_string(dir.join("autosave.json")).expect("autosaved");
    serde_json::from_str(&saved).expect("JSON")
}

#[test]
fn the_autosave_keeps_the_review_and_brings_it_back() {
    let dir = settings_dir("review-autosave");
    let deep = reviewed_and_autosaved(&dir);
    let saved = autosaved(&dir);
    assert!(saved["review"].is_array(), "{saved}");
    let lines = saved["deep"][3].as_str().unwrap_or_default();
    assert!(
        lines.starts_with("reply="),
        "the blunder's deep lines: {saved}"
    );

    let mut h = harness(gui_support::app_in(&dir));
    assert!(h.state().is_review_open(), "the review is back");
    assert!(h.state().game_review().is_some_and(|r| r.is_complete()));
    assert_eq!(h.state().review_verdict(3), Some(Verdict::Blunder));
    assert!(
        h.state().review_progress().is_none() && h.state().deep_progress().is_none(),
        "nothing analysed again"
    );
    shows_the_checked_words(
        &mut h,
        &deep,
        "the deep pass's words, found again on its lines",
    );
}

#[test]
fn a_review_autosaved_without_the_deep_passs_lines_gets_them_again_marked_meanwhile() {
    let dir = settings_dir("review-autosave-no-deep");
    let deep = reviewed_and_autosaved(&dir);
    let mut saved = autosaved(&dir);
    // As a komadai from before the deep pass was kept wrote it.
    saved.as_object_mut().map(|fields| fields.remove("deep"));
    std::fs::write(dir.join("autosave.json"), saved.to_string()).expect("write");

    // The deep pass starts with the first frame, on a budget that keeps it running while
    // the window is looked at: the fast words, marked.
    let slow = AppOptions {
        review_deep_nodes: Some(50_000_000),
        ..gui_support::options()
    };
    let mut h = harness(KomadaiApp::new(SettingsStore::in_dir(&dir), slow));
    assert!(h.state().is_review_open());
    assert!(h.state().deep_progress().is_some(), "the deep pass runs");
    assert!(
        h.state().review_progress().is_none(),
        "the fast pass is not run again"
    );
    apply(&mut h, Intent::View(Some(3)));
    let (fast, deepened) = blunder_explanation(&h, Language::English);
    assert!(!deepened);
    assert!(
        h.query_all_by_label_contains(&fast).next().is_some(),
        "{fast}"
    );
    assert!(
        h.query_all_by_label("checking…").next().is_some(),
        "marked as being checked"
    );
    drop(h);

    // A deep entry that does not read is left out: that move gets the deep pass too.
    let mut saved = autosaved(&dir);
    saved["deep"] = serde_json::json!([null, null, null, "reply=8h3c+,zz better=", 7]);
    std::fs::write(dir.join("autosave.json"), saved.to_string()).expect("write");
    let mut h = harness(gui_support::app_in(&dir));
    assert!(
        h.state().is_review_open(),
        "a bad deep entry does not cost the review"
    );
    wait_for_review(&mut h);
    shows_the_checked_words(
        &mut h,
        &deep,
        "the deep pass's words, as the first review had them",
    );
    let lines = autosaved(&dir)["deep"][3]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(lines.starts_with("reply="), "saved again: {lines}");
}

#[test]
fn an_autosave_from_before_reviews_loads_without_one() {
    let dir = settings_dir("review-old-autosave");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let old = format!(
        r#"{{"version": 1, "start": "{}", "moves": ["7g7f", "3c3d"], "player": "Sente", "level": "Easy"}}"#,
        komadai::rules::START_SFEN
    );
    std::fs::write(dir.join("autosave.json"), old).expect("write");
    let h = harness(gui_support::app_in(&dir));
    assert_eq!(h.state().game().ply(), 2);
    assert!(!h.state().is_review_open());
}

#[test]
fn a_saved_kif_keeps_the_review_in_comments_and_opening_it_brings_the_review_back() {
    let mut h = reviewed_blunder("review-kif");
    let kif = h.state().record().to_kif();
    assert!(kif.contains("*大悪手 最善手 "), "{kif}");
    assert!(
        kif.contains("*#komadai deep reply="),
        "the deep pass's lines: {kif}"
    );
    let reviewed = h
        .state()
        .game_review()
        .and_then(|r| r.move_review(3))
        .cloned();
    assert!(reviewed.as_ref().is_some_and(|m| m.deepened()));
    let dir = settings_dir("review-kif-file");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("reviewed.kifu");
    std::fs::write(&path, &kif).expect("write");

    let mut app = gui_support::app_in(&settings_dir("review-kif-open"));
    app.apply(Intent::OpenFile(path.to_owned()));
    h = harness(app);
    assert!(h.state().is_reviewing(), "a replay");
    assert!(h.state().is_review_open(), "with its review");
    assert_eq!(h.state().review_verdict(3), Some(Verdict::Blunder));
    assert!(h.query_by_label_contains("3. ☗ Bx3c+??").is_some());
    assert!(
        h.state().review_progress().is_none() && h.state().deep_progress().is_none(),
        "nothing analysed again"
    );
    let opened = h
        .state()
        .game_review()
        .and_then(|r| r.move_review(3))
        .cloned();
    assert_eq!(
        opened, reviewed,
        "the deep pass's words, found again on its lines"
    );
}

#[test]
fn a_kif_reviewed_before_the_deep_pass_was_kept_gets_it_when_opened() {
    let h = reviewed_blunder("review-kif-old");
    let reviewed = h
        .state()
        .game_review()
        .and_then(|r| r.move_review(3))
        .cloned();
    let kif = h.state().record().to_kif();
    let old: Vec<&str> = (kif.lines())
        .filter(|l| !l.starts_with("*#komadai deep "))
        .collect();
    assert_ne!(old.len(), kif.lines().count(), "{kif}");
    let dir = settings_dir("review-kif-old-file");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("reviewed.kifu");
    std::fs::write(&path, old.join("\n")).expect("write");

    let mut app = gui_support::app_in(&settings_dir("review-kif-old-open"));
    app.apply(Intent::OpenFile(path.to_owned()));
    let mut h = harness(app);
    assert!(h.state().is_review_open());
    wait_for_review(&mut h);
    assert!(
        h.state().review_progress().is_none(),
        "the fast pass is not run again"
    );
    let opened = h
        .state()
        .game_review()
        .and_then(|r| r.move_review(3))
        .cloned();
    assert!(
        opened.as_ref().is_some_and(|m| m.deepened()),
        "looked at again"
    );
    assert_eq!(
        opened, reviewed,
        "the same look as the review that wrote the file"
    );
}

#[test]
fn beside_a_review_the_comment_box_gives_way_where_there_is_no_comment() {
    // A record without a comment: reviewed, its column needs the room an empty box would take.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/review/easy_vs_normal.kifu");
    let mut app = gui_support::app_in(&settings_dir("review-comment-room"));
    app.apply(Intent::OpenFile(path));
    let mut h = harness(app);
    assert!(h.query_by_label_contains("Comment on the start").is_some());
    apply(&mut h, Intent::StartReview);
    wait_for_review(&mut h);
    assert!(h.state().is_review_open());
    apply(&mut h, Intent::View(Some(23)));
    assert!(
        h.query_by_label_contains("Comment on move").is_none(),
        "no empty comment box beside the review"
    );
    click(&mut h, "Close review");
    assert!(
        h.query_by_label_contains("Comment on move").is_some(),
        "the comment box is back once the review is closed"
    );
}

#[test]
fn the_comment_box_edits_the_players_words_and_keeps_the_reviews_lines() {
    let h = reviewed_blunder("review-comment-own");
    let kif = h.state().record().to_kif();
    let dir = settings_dir("review-comment-own-file");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("reviewed.kifu");
    std::fs::write(&path, &kif).expect("write");
    let mut app = gui_support::app_in(&settings_dir("review-comment-own-open"));
    app.apply(Intent::OpenFile(path.to_owned()));
    let mut h = harness(app);
    click(&mut h, "Close review");
    apply(&mut h, Intent::View(Some(3)));
    let field = h.get_by_label_contains("Comment on move");
    let shown = field.value().unwrap_or_default();
    assert!(
        !shown.contains("#komadai") && !shown.contains("#評価値"),
        "the review's own lines are not the player's to edit: {shown}"
    );
    field.focus();
    settle(&mut h);
    h.get_by_label_contains("Comment on move").type_text("x");
    settle(&mut h);
    let dir = settings_dir("review-comment-own-saved");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let saved = gui_support::save_record(h.state(), &dir.join("again.kifu")).expect("saved");
    let text = std::fs::read_to_string(&saved).expect("written");
    let mut app = gui_support::app_in(&settings_dir("review-comment-own-again"));
    app.apply(Intent::OpenFile(saved));
    let h = harness(app);
    assert!(text.contains("\n*x"), "the typed words saved: {text}");
    assert_eq!(
        h.state().review_verdict(3),
        Some(Verdict::Blunder),
        "the review still comes back from the comments"
    );
}

/// Not a check but a measure (run with `--ignored --nocapture`): how long the UI thread takes
/// per frame in a replay, then while the review analyses the game on every core at the
/// default budget, then while its deep pass checks the mistakes' explanations. Prints the
/// median and the slowest of each; asserts nothing about time.
#[test]
#[ignore]
fn measure_frame_time_while_a_review_runs() {
    let dir = settings_dir("review-frame-time");
    let mut app = KomadaiApp::new(
        SettingsStore::in_dir(&dir),
        komadai::gui::AppOptions::default(),
    );
    let record = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/review/easy_vs_normal.kifu");
    app.apply(Intent::OpenFile(record.to_owned()));
    let mut h = harness(app);
    let frames = |h: &mut Harness<'_, KomadaiApp>| {
        let mut times: Vec<f64> = (0..150)
            .map(|i| {
                // Step through the game so each frame has something new to draw.
                h.state_mut().apply(Intent::View(Some(i % 60)));
                let start = std::time::Instant::now();
                h.step();
                let took = start.elapsed().as_secs_f64() * 1000.0;
                // At about 60 frames a second, so the analysis moves on meanwhile.
                std::thread::sleep(Duration::from_millis(16));
                took
            })
            .collect();
        times.sort_by(f64::total_cmp);
        (times[times.len() / 2], times[times.len() - 1])
    };
    let (idle_median, idle_max) = frames(&mut h);
    h.state_mut().apply(Intent::StartReview);
    let (busy_median, busy_max) = frames(&mut h);
    let progress = h.state().review_progress();
    for _ in 0..100_000 {
        if h.state().review_progress().is_none() {
            break;
        }
        h.step();
        std::thread::sleep(Duration::from_millis(16));
    }
    let (mut deep_times, mut deep_frames) = (Vec::new(), 0);
    let started = std::time::Instant::now();
    while h.state().deep_progress().is_some() && deep_frames < 100_000 {
        h.state_mut().apply(Intent::View(Some(deep_frames % 60)));
        let start = std::time::Instant::now();
        h.step();
        deep_times.push(start.elapsed().as_secs_f64() * 1000.0);
        deep_frames += 1;
        std::thread::sleep(Duration::from_millis(16));
    }
    deep_times.sort_by(f64::total_cmp);
    let deep_median = deep_times.get(deep_times.len() / 2).copied().unwrap_or(0.0);
    let deep_max = deep_times.last().copied().unwrap_or(0.0);
    eprintln!(
        "frame time, replay: median {idle_median:.2} ms, slowest {idle_max:.2} ms; \
         while reviewing ({progress:?} at the end): median {busy_median:.2} ms, slowest {busy_max:.2} ms; \
         during the deep pass ({} frames, {:.1} s): median {deep_median:.2} ms, slowest {deep_max:.2} ms",
        deep_times.len(),
        started.elapsed().as_secs_f64()
    );
}

#[test]
fn in_japanese_the_review_names_the_verdict_and_says_why_in_japanese() {
    let mut h = reviewed_blunder("review-japanese");
    apply(
        &mut h,
        Intent::SetLanguage(komadai::i18n::Language::Japanese),
    );
    apply(&mut h, Intent::View(Some(3)));
    assert!(
        h.query_all_by_label_contains("3手目 Bx3c+ — 大悪手")
            .next()
            .is_some(),
        "the heading in Japanese"
    );
    assert!(h.query_all_by_label_contains("大悪手").next().is_some());
    assert!(h.query_by_label("もう一度").is_some(), "Try again");
    assert!(h.query_by_label("形勢グラフ").is_some());
}

#[test]
fn in_japanese_an_illegal_try_is_refused_in_japanese() {
    let mut h = reviewed_blunder("review-japanese-illegal-try");
    apply(
        &mut h,
        Intent::SetLanguage(komadai::i18n::Language::Japanese),
    );
    apply(&mut h, Intent::View(Some(3)));
    click(&mut h, "もう一度");
    // The rook through its own pawn on 2g.
    apply(&mut h, Intent::Move(usi("2h2e")));
    let message = h.state().message().unwrap_or_default().to_owned();
    assert!(message.contains("２七"), "{message}");
    assert!(
        !message.chars().any(|c| c.is_ascii_alphabetic()),
        "{message}"
    );
}

/// The engine's best moves before move `ply`, as the panel writes them: the move in the
/// notation chosen, then its score (the review's positions here are far from any mate).
fn best_moves_written(h: &Harness<'_, KomadaiApp>, ply: usize, japanese: bool) -> Vec<String> {
    let m = h
        .state()
        .game_review()
        .and_then(|r| r.move_review(ply))
        .expect("judged");
    m.best_moves
        .iter()
        .map(|c| {
            let written = if japanese {
                komadai::rules::notation::japanese(&m.before, c.mv, m.previous_to)
            } else {
                komadai::rules::notation::western(&m.before, c.mv)
            };
            match c.score {
                komadai::review::Score::Cp(cp) => format!("{written} {cp:+}"),
                other => panic!("a mate in the bishop blunder game: {other:?}"),
            }
        })
        .collect()
}

#[test]
fn the_panel_lists_the_best_moves_with_their_scores_in_the_notation_chosen() {
    let mut h = reviewed_blunder("review-best-moves");
    apply(&mut h, Intent::View(Some(3)));
    let written = best_moves_written(&h, 3, false);
    // Lines of one search depth only: a search stopped mid-iteration may leave fewer.
    assert!((1..=3).contains(&written.len()), "{written:?}");
    let m = h
        .state()
        .game_review()
        .and_then(|r| r.move_review(3))
        .expect("judged");
    let scores: Vec<f64> = m.best_moves.iter().map(|c| c.score.win_chance()).collect();
    assert!(
        scores.windows(2).all(|w| w[0] >= w[1]),
        "best first: {written:?}"
    );
    assert_eq!(
        m.best,
        m.best_moves.first().map(|c| c.mv),
        "agrees with Best was"
    );
    let expected = format!("Best moves here: {}", written.join(", "));
    assert!(h.query_by_label(&expected).is_some(), "{expected} is shown");
    apply(
        &mut h,
        Intent::SetLanguage(komadai::i18n::Language::Japanese),
    );
    apply(
        &mut h,
        Intent::SetNotation(komadai::gui::storage::settings::NotationStyle::Japanese),
    );
    let written = best_moves_written(&h, 3, true);
    assert!(
        written[0].starts_with('☗') || written[0].starts_with('▲'),
        "{written:?}"
    );
    let expected = format!("この局面の候補手：{}", written.join(", "));
    assert!(h.query_by_label(&expected).is_some(), "{expected} is shown");
}

#[test]
fn after_the_review_of_a_finished_game_the_status_line_does_not_say_it_goes_on() {
    let mut h = harness(app_after("review-closed-over", BISHOP_BLUNDER));
    apply(&mut h, Intent::Resign);
    apply(&mut h, Intent::StartReview);
    wait_for_review(&mut h);
    apply(&mut h, Intent::View(Some(2)));
    apply(&mut h, Intent::CloseReview);
    assert!(
        h.query_by_label_contains("the game goes on").is_none(),
        "the game is over"
    );
    assert!(h.query_by_label_contains("the game is over").is_some());
}

#[test]
fn studying_the_game_leaves_the_retry_to_the_game() {
    let mut h = reviewed_blunder("review-study-retry");
    apply(&mut h, Intent::View(Some(3)));
    click(&mut h, "Try again");
    assert!(h.query_by_label("Stop trying").is_some());
    apply(&mut h, Intent::StudyGame);
    assert!(h.state().is_review_open(), "the review stays");
    for label in ["Stop trying", "Show the answer"] {
        assert!(h.query_by_label(label).is_none(), "{label} in the study");
    }
}

#[test]
fn a_variations_move_says_the_review_does_not_judge_it() {
    let mut h = reviewed_blunder("review-variation-move");
    apply(&mut h, Intent::View(Some(2)));
    apply(&mut h, Intent::StudyGame);
    // Another third move than the game's: a variation.
    apply(&mut h, Intent::Move(usi("2g2f")));
    assert_eq!(h.state().viewing(), None, "the variation's last move");
    assert!(h.query_by_label_contains("Not judged yet").is_none());
    assert!(
        h.query_by_label_contains("Not in the reviewed game")
            .is_some(),
        "the variation's move is not the game's"
    );
    // The game's own move at the same ply is judged as before.
    apply(
        &mut h,
        Intent::ShowLine {
            line: komadai::record::LineId::main(),
            ply: 3,
        },
    );
    assert!(
        h.query_by_label_contains("Not in the reviewed game")
            .is_none()
    );
}

#[test]
fn a_retry_found_or_being_judged_is_never_called_read_only() {
    let mut h = reviewed_blunder("review-retry-status");
    apply(&mut h, Intent::View(Some(3)));
    click(&mut h, "Try again");
    let best = h
        .state()
        .game_review()
        .and_then(|r| r.move_review(3))
        .and_then(|m| m.best)
        .expect("the engine's move");
    apply(&mut h, Intent::Move(best));
    wait_for_judgement(&mut h);
    assert!(
        h.state()
            .retry_note()
            .is_some_and(|n| n.contains("as good as the best"))
    );
    assert!(
        h.query_by_label_contains("read-only").is_none(),
        "the status during a retry"
    );
    assert!(
        h.query_by_label_contains("Try again: a better move 3")
            .is_some()
    );
}

#[test]
fn a_study_of_the_game_names_the_ai_as_the_game_does() {
    let mut h = harness(app_after("study-names-ai", "7g7f 3c3d"));
    apply(&mut h, Intent::View(Some(1)));
    apply(&mut h, Intent::StudyGame);
    assert!(h.query_all_by_label_contains("komadai (").next().is_none());
    assert!(h.query_all_by_label_contains("AI (").next().is_some());
}
