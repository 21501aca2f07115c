//! The window as a newcomer first sees it: the board keeps its place whatever comes and
//! goes around it, text stays readable in a small window, the toolbar wraps whole groups,
//! the coordinates speak the move list's notation, the window takes the keyboard at once,
//! and the Game menu starts and ends.

use crate::gui_support;

use egui::{Rect, ViewportCommand, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use gui_support::{
    app_after, app_in, apply, click, harness, harness_sized, painted_texts, record_file, rect_of,
    settings_dir, settle,
};
use komadai::gui::KomadaiApp;
use komadai::gui::intent::Intent;

const SMALL: egui::Vec2 = vec2(700.0, 500.0);
const LARGE: egui::Vec2 = vec2(1180.0, 820.0);
const HD: egui::Vec2 = vec2(1920.0, 1080.0);

fn board_rect(h: &Harness<'_, KomadaiApp>) -> Rect {
    rect_of(h, "square 9a").union(rect_of(h, "square 1i"))
}

#[test]
fn the_board_stays_put_through_notes_looking_back_game_over_and_replays() {
    for size in [LARGE, SMALL] {
        let mut h = harness_sized(app_after("board-stays-put", "7g7f 3c3d"), size);
        let start = board_rect(&h);
        click(&mut h, "square 7f");
        click(&mut h, "square 7d");
        assert!(h.state().message().is_some());
        assert_eq!(board_rect(&h), start, "a note at {size:?}");
        apply(&mut h, Intent::View(Some(1)));
        assert_eq!(board_rect(&h), start, "looking back at {size:?}");
        apply(&mut h, Intent::View(None));
        apply(&mut h, Intent::Resign);
        assert!(h.query_by_label_contains("Game over").is_some());
        assert_eq!(board_rect(&h), start, "game over at {size:?}");
        apply(
            &mut h,
            Intent::OpenFile(record_file("board-stays-put", "7g7f")),
        );
        assert_eq!(board_rect(&h), start, "a replay at {size:?}");
    }
}

#[test]
fn no_text_is_smaller_than_twelve_points_in_a_small_window() {
    let mut h = harness_sized(app_after("readable", "7g7f 3c3d 8h2b+ 3a2b"), SMALL);
    apply(&mut h, Intent::Resign);
    let texts = painted_texts(&h);
    assert!(texts.iter().any(|(t, _)| t.contains("Game over")));
    let small: Vec<_> = texts.iter().filter(|(_, size)| *size < 12.0).collect();
    assert!(small.is_empty(), "{small:?}");
}

#[test]
fn the_toolbar_wraps_whole_groups_in_a_small_window() {
    let h = harness_sized(app_in(&settings_dir("toolbar-groups")), SMALL);
    let row = |label: &str| rect_of(&h, label).center().y;
    for group in [
        &["New game", "Undo", "Hint", "Resign"][..],
        &["Kanji", "Letters", "Move dots"],
        &["Western", "Japanese"],
    ] {
        for label in group {
            assert_eq!(row(label), row(group[0]), "{label} left its group");
        }
    }
}

#[test]
fn the_move_list_keeps_its_width_after_resizing() {
    let mut h = harness_sized(app_in(&settings_dir("list-width")), LARGE);
    let from_right = |h: &Harness<'_, KomadaiApp>| LARGE.x - rect_of(h, "Moves").min.x;
    let before = from_right(&h);
    h.set_size(SMALL);
    settle(&mut h);
    h.set_size(LARGE);
    settle(&mut h);
    assert_eq!(from_right(&h), before);
}

fn painted(h: &Harness<'_, KomadaiApp>, text: &str) -> bool {
    painted_texts(h).iter().any(|(t, _)| t == text)
}

#[test]
fn coordinates_follow_the_notation_not_the_piece_labels() {
    let mut h = harness(app_in(&settings_dir("coordinates")));
    // Kanji pieces, Western notation: ranks a to i, as the moves read (P-7f).
    assert!(painted(&h, "f") && !painted(&h, "六"));
    click(&mut h, "Letters");
    click(&mut h, "Japanese");
    // Letter pieces, Japanese notation: ranks 一 to 九, as the moves read (▲７六歩).
    assert!(painted(&h, "六") && !painted(&h, "f"));
}

/// The app with every viewport command it sent, frame by frame.
struct Recorded {
    app: KomadaiApp,
    commands: Vec<Vec<ViewportCommand>>,
}

fn recorded(test: &str) -> Harness<'static, Recorded> {
    let state = Recorded {
        app: app_in(&settings_dir(test)),
        commands: Vec::new(),
    };
    Harness::builder()
        .with_size(LARGE)
        .with_max_steps(50)
        .build_ui_state(
            |ui, state: &mut Recorded| {
                state.app.show(ui);
                let sent = ui.ctx().viewport(|v| v.commands.clone());
                state.commands.push(sent);
            },
            state,
        )
}

#[test]
fn the_window_asks_for_the_keyboard_focus_when_it_opens() {
    let h = recorded("focus");
    let first = &h.state().commands[0];
    assert!(first.contains(&ViewportCommand::Focus), "{first:?}");
}

#[test]
fn the_game_menu_starts_a_new_game_and_quits() {
    let mut h = recorded("menu");
    h.get_by_label("Game").click();
    h.run_ok();
    h.get_by_label("New game… Ctrl+N").click();
    h.run_ok();
    assert!(h.query_by_label("Start").is_some(), "the new-game dialog");
    h.get_by_label("Cancel").click();
    h.run_ok();
    h.get_by_label("Game").click();
    h.run_ok();
    h.get_by_label("Quit Ctrl+Q").click();
    h.run_ok();
    let sent: Vec<_> = h.state().commands.iter().flatten().collect();
    assert!(sent.contains(&&ViewportCommand::Close), "{sent:?}");
}

#[test]
fn the_review_leaves_the_board_most_of_its_room_in_small_and_large_windows() {
    for (size, kept) in [(LARGE, 0.9), (SMALL, 0.8)] {
        let mut h = harness_sized(app_after("review-room", "7g7f 3c3d"), size);
        let before = board_rect(&h).width();
        gui_support::start_review(&mut h);
        let during = board_rect(&h).width();
        assert!(
            during >= kept * before,
            "at {size:?} the board went from {before} to {during} points"
        );
        let texts: Vec<String> = painted_texts(&h).into_iter().map(|(t, _)| t).collect();
        assert!(
            texts.iter().any(|t| t.contains("Gote")),
            "Gote's stand is named whole at {size:?}"
        );
    }
}

#[test]
fn a_move_in_the_list_keeps_to_one_line_in_a_small_window() {
    let moves = "7g7f 3c3d 2g2f 6c6d 2f2e 2b8h+";
    let h = harness_sized(app_after("list-one-line", moves), SMALL);
    let first = h.get_by_label_contains("P-7f").rect();
    let sixth = h.get_by_label_contains("Bx8h+").rect();
    assert!(
        sixth.height() < first.height() * 1.5,
        "6. Bx8h+ wraps: {} points high against {}",
        sixth.height(),
        first.height()
    );
}

#[test]
fn the_name_boxes_keep_each_name_on_one_line_in_a_small_window_in_japanese() {
    let mut h = harness_sized(app_in(&settings_dir("names-small-ja")), SMALL);
    click(&mut h, "日本語");
    let line = h.get_by_label("対局").rect().height();
    for name in ["☗ 先手\n", "☖ 後手\n"] {
        let height = h.get_by_label_contains(name).rect().height();
        assert!(
            height < 2.6 * line,
            "{name:?} takes {height} points, more than two lines of {line}"
        );
    }
}

/// The record of a game between two levels, with mistakes on both sides for the review.
fn reviewed_record() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/review/easy_vs_normal.kifu")
}

/// Steps frames until the review's analysis has finished (bounded by frames, not time).
fn wait_for_review(h: &mut Harness<'_, KomadaiApp>) {
    for _ in 0..4000 {
        h.step();
        if h.state().review_progress().is_none() {
            settle(h);
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the review never finished");
}

/// The record reviewed, the board on `ply`.
fn reviewed_at(test: &str, size: egui::Vec2, ply: usize) -> Harness<'static, KomadaiApp> {
    let mut h = harness_sized(app_in(&settings_dir(test)), size);
    apply(&mut h, Intent::OpenFile(reviewed_record()));
    apply(&mut h, Intent::StartReview);
    wait_for_review(&mut h);
    apply(&mut h, Intent::View(Some(ply)));
    h
}

#[test]
fn the_reviews_buttons_stay_inside_its_column_at_every_width() {
    for width in [1180.0, 1400.0, 700.0] {
        let size = vec2(width, 820.0);
        let h = reviewed_at("review-buttons-inside", size, 23);
        // The graph spans the column's inside: what reaches past its right edge is cut at
        // the column's margin (a check against the window's edge let a cut button pass).
        let inside = rect_of(&h, "Evaluation graph").max.x;
        for label in ["Try again", "Previous mistake", "Next mistake"] {
            let rect = rect_of(&h, label);
            assert!(
                rect.max.x <= inside + 0.5,
                "{label} runs to {} past the column's edge at {inside}, {width} points wide",
                rect.max.x
            );
        }
    }
}

/// Every text the last frame painted that its clip cuts short across: the text with how
/// many points of it are hidden.
fn cut_texts(h: &Harness<'_, KomadaiApp>) -> Vec<(String, f32)> {
    fn collect(shape: &egui::Shape, clip: Rect, out: &mut Vec<(String, f32)>) {
        match shape {
            egui::Shape::Text(text) => {
                let rect = text.visual_bounding_rect();
                let hidden = (clip.min.x - rect.min.x).max(rect.max.x - clip.max.x);
                // Half a point is rounding; a glyph cut shows more.
                if hidden > 1.0 && !text.galley.text().trim().is_empty() {
                    out.push((
                        format!("{} at {rect:?} in {clip:?}", text.galley.text()),
                        hidden,
                    ));
                }
            }
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| collect(s, clip, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        collect(&clipped.shape, clipped.clip_rect, &mut out);
    }
    out
}

/// Nothing cut across, no name down the box a character a line, and the board keeps a
/// good share of the window.
fn assert_nothing_cut(h: &Harness<'_, KomadaiApp>, what: &str, board: bool) {
    let cut = cut_texts(h);
    assert!(cut.is_empty(), "{what}: cut short {cut:?}");
    if board {
        let width = board_rect(h).width();
        let window = h.ctx.content_rect().width();
        assert!(
            width >= 0.25 * window,
            "{what}: the board is {width} points wide in a window of {window}"
        );
    }
}

#[test]
fn nothing_is_cut_short_in_small_and_large_windows_in_either_language() {
    let sizes = [SMALL, LARGE, HD];
    for (size, japanese) in sizes.into_iter().flat_map(|s| [(s, false), (s, true)]) {
        let mut h = reviewed_at("nothing-cut", size, 23);
        if japanese {
            apply(
                &mut h,
                Intent::SetLanguage(komadai::i18n::Language::Japanese),
            );
        }
        let lang = if japanese { "Japanese" } else { "English" };
        let lang = format!("{lang} at {size:?}");
        assert_nothing_cut(&h, &format!("the review in {lang}"), true);
        apply(&mut h, Intent::StartAnalysis);
        assert_nothing_cut(&h, &format!("the review and the analysis in {lang}"), true);
        apply(&mut h, Intent::CloseReview);
        apply(&mut h, Intent::PlayOn(komadai::rules::Color::Sente));
        assert_nothing_cut(&h, &format!("a game with the analysis in {lang}"), true);
        apply(&mut h, Intent::CloseAnalysis);
        assert_nothing_cut(&h, &format!("a game in {lang}"), true);
        apply(&mut h, Intent::OpenNewGame);
        assert_nothing_cut(&h, &format!("the new-game dialog in {lang}"), false);
        apply(&mut h, Intent::Cancel);
        apply(&mut h, Intent::OpenEditor);
        assert_nothing_cut(&h, &format!("the editor in {lang}"), false);
        // The analysis follows the editor's setup beside it.
        apply(&mut h, Intent::StartAnalysis);
        assert!(
            h.state().is_analysing(),
            "the editor's setup counts for nothing"
        );
        assert_nothing_cut(
            &h,
            &format!("the editor with the analysis in {lang}"),
            false,
        );
        let grid = rect_of(&h, "editor square 9a").union(rect_of(&h, "editor square 1i"));
        let window = h.ctx.content_rect();
        assert!(
            grid.height() >= 0.3 * window.height(),
            "the editor's board in {lang} is {} points high in a window of {}",
            grid.height(),
            window.height()
        );
        apply(&mut h, Intent::CloseAnalysis);
        apply(&mut h, Intent::CloseEditor);
        apply(&mut h, Intent::OpenPractice);
        assert_nothing_cut(&h, &format!("the practice page in {lang}"), false);
    }
}

/// Turns the wheel `notches` over the board (away from the player, down, when positive).
fn turn_the_wheel(h: &mut Harness<'_, KomadaiApp>, notches: f32) {
    h.hover_at(board_rect(h).center());
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Line,
        delta: vec2(0.0, -notches),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
        modifiers: egui::Modifiers::NONE,
    });
    settle(h);
}

#[test]
fn the_wheel_over_the_board_steps_through_a_replay() {
    let mut h = harness_sized(app_in(&settings_dir("wheel-replay")), LARGE);
    let record = record_file("wheel-replay", "7g7f 3c3d 2g2f 8c8d");
    apply(&mut h, Intent::OpenFile(record));
    apply(&mut h, Intent::View(Some(0)));
    turn_the_wheel(&mut h, 1.0);
    assert_eq!(h.state().viewing(), Some(1), "down: a move forward");
    turn_the_wheel(&mut h, 2.0);
    assert_eq!(h.state().viewing(), Some(3));
    turn_the_wheel(&mut h, -1.0);
    assert_eq!(h.state().viewing(), Some(2), "up: a move back");
    turn_the_wheel(&mut h, 9.0);
    assert_eq!(
        h.state().viewing(),
        None,
        "no further than the record's end"
    );
}

#[test]
fn the_name_boxes_keep_to_two_lines_beside_the_review_and_the_analysis() {
    let mut h = harness_sized(app_after("names-two-lines", "7g7f 3c3d"), SMALL);
    gui_support::start_review(&mut h);
    wait_for_review(&mut h);
    apply(&mut h, Intent::StartAnalysis);
    apply(&mut h, Intent::AnalyseOffLadder);
    assert!(h.state().is_analysing());
    let line = h.get_by_label("Game").rect().height();
    for name in ["☗ Sente\n", "☖ Gote\n"] {
        let height = h.get_by_label_contains(name).rect().height();
        assert!(
            height < 2.6 * line,
            "{name:?} takes {height} points, more than two lines of {line}"
        );
    }
}

#[test]
fn the_move_lists_ending_wraps_rather_than_running_out_of_its_column() {
    let mut h = harness_sized(app_in(&settings_dir("ending-wraps")), SMALL);
    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 切れ負け\n";
    apply(&mut h, Intent::Paste(kif.to_owned()));
    let texts = painted_texts(&h);
    assert!(
        texts.iter().any(|(t, _)| t.contains("time")),
        "the ending is in the list: {texts:?}"
    );
    assert_nothing_cut(&h, "a record that ends on time", true);
}

/// Every painted text cut short with an ellipsis.
fn elided_texts(h: &Harness<'_, KomadaiApp>) -> Vec<String> {
    fn collect(shape: &egui::Shape, out: &mut Vec<String>) {
        match shape {
            egui::Shape::Text(text) if text.galley.elided => {
                out.push(text.galley.text().to_owned())
            }
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| collect(s, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        collect(&clipped.shape, &mut out);
    }
    out
}

/// How many rows each painted text containing `needle` takes.
fn rows_of(h: &Harness<'_, KomadaiApp>, needle: &str) -> Vec<usize> {
    fn collect(shape: &egui::Shape, needle: &str, out: &mut Vec<usize>) {
        match shape {
            egui::Shape::Text(text) if text.galley.text().contains(needle) => {
                out.push(text.galley.rows.len())
            }
            egui::Shape::Vec(shapes) => shapes.iter().for_each(|s| collect(s, needle, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        collect(&clipped.shape, needle, &mut out);
    }
    out
}

#[test]
fn a_clock_keeps_its_time_on_one_line_beside_the_analysis_in_a_small_window() {
    use komadai::clock::TimeControl;
    use komadai::gui::dialogs::game_setup::GameSetup;
    let mut h = harness_sized(app_in(&settings_dir("clock-one-line")), SMALL);
    let ten_minutes = TimeControl::Byoyomi {
        main: std::time::Duration::from_secs(600),
        period: std::time::Duration::from_secs(30),
    };
    apply(
        &mut h,
        Intent::NewGame {
            side: komadai::gui::storage::settings::SideChoice::Sente,
            level: komadai::gui::Level::Normal,
            sfen: None,
            setup: GameSetup {
                player_time: ten_minutes,
                ai_time: ten_minutes,
                ..GameSetup::default()
            },
        },
    );
    apply(&mut h, Intent::StartAnalysis);
    apply(&mut h, Intent::AnalyseOffLadder);
    let rows = rows_of(&h, "10:00");
    assert_eq!(rows.len(), 2, "both clocks show their time");
    assert!(
        rows.iter().all(|&r| r == 1),
        "a time broken over lines: {rows:?}"
    );
    let elided = elided_texts(&h);
    assert!(
        !elided.iter().any(|t| t.contains("10:00")),
        "a time cut short: {elided:?}"
    );
}
