//! A monkey in the window: seeded random user actions from every part of the app (moves,
//! undo, looking back, hints, resigning, the review started and stopped, trying again, the
//! editor, language and label switches, pasting, opening a saved record, new games with
//! handicaps and clocks), each applied as the views would send it, a frame run after it.
//! After every action nothing has panicked and the autosave, loaded again, is the game on
//! the board. A failure names its seed and step, so it replays.
//!
//! `cargo test --test gui monkey` runs a short walk; the long one is
//! `MONKEY_ACTIONS=5000 MONKEY_SEEDS=4 cargo test --release --test gui monkey -- --ignored --nocapture`.

use crate::common::{Below, TestRng, seeded};
use crate::gui_support::{app_in, harness, record_file, settings_dir};
use egui_kittest::Harness;
use komadai::clock::TimeControl;
use komadai::gui::dialogs::game_setup::GameSetup;
use komadai::gui::editor::Edit;
use komadai::gui::intent::Intent;
use komadai::gui::ladder::odds::Odds;
use komadai::gui::storage::autosave::AutosaveStore;
use komadai::gui::storage::settings::{Labels, NotationStyle, SideChoice};
use komadai::gui::{KomadaiApp, Level};
use komadai::i18n::Language;
use komadai::rules::{Color, Handicap, Piece, PieceKind, Square};
use std::path::{Path, PathBuf};
use std::time::Duration;

const PASTES: [&str; 5] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "position startpos moves 7g7f 3c3d 8h2b+",
    "4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
    "手数----指手--\n1 ７六歩(77)\n2 ３四歩(33)\n",
    "not a position at all",
];

fn random_square(rng: &mut TestRng) -> Square {
    Square::new(1 + rng.below(9) as u8, 1 + rng.below(9) as u8).expect("a square on the board")
}

fn random_kind(rng: &mut TestRng) -> PieceKind {
    PieceKind::HAND[rng.below(PieceKind::HAND.len())]
}

fn random_color(rng: &mut TestRng) -> Color {
    if rng.below(2) == 0 {
        Color::Sente
    } else {
        Color::Gote
    }
}

fn random_setup(rng: &mut TestRng) -> GameSetup {
    let handicap = Handicap::ALL[rng.below(Handicap::ALL.len())];
    let odds = match rng.below(3) {
        0 => Odds::Even,
        1 => Odds::Receive(handicap),
        _ => Odds::Give(handicap),
    };
    let time = match rng.below(4) {
        0 => TimeControl::Unlimited,
        1 => TimeControl::Byoyomi {
            main: Duration::ZERO,
            period: Duration::from_secs(30),
        },
        2 => TimeControl::Fischer {
            main: Duration::from_secs(300),
            increment: Duration::from_secs(10),
        },
        _ => TimeControl::SuddenDeath {
            main: Duration::from_secs(600),
        },
    };
    GameSetup {
        odds,
        player_time: time,
        ai_time: time,
    }
}

fn random_edit(rng: &mut TestRng) -> Edit {
    let color = random_color(rng);
    match rng.below(8) {
        0 => Edit::ClickSquare(random_square(rng)),
        1 => Edit::PlaceFromBox {
            piece: Piece::new(color, random_kind(rng)),
            on: random_square(rng),
        },
        2 => Edit::Shift {
            from: random_square(rng),
            to: random_square(rng),
        },
        3 => Edit::Remove(random_square(rng)),
        4 => Edit::Turn(random_square(rng)),
        5 => Edit::Hand {
            color,
            kind: random_kind(rng),
            more: rng.below(3) > 0,
        },
        6 => Edit::SideToMove(color),
        _ => Edit::Reset,
    }
}

/// A legal move of the game in play, when it is the player's to move.
fn player_move(app: &KomadaiApp, rng: &mut TestRng) -> Option<Intent> {
    let game = app.game();
    if game.is_over() || game.side_to_move() != app.player() {
        return None;
    }
    let legal = game.legal_moves();
    let moves = legal.as_slice();
    (!moves.is_empty()).then(|| Intent::Move(moves[rng.below(moves.len())]))
}

/// One action a person could take, chosen by `rng`; moves on the board most often.
pub fn action(app: &KomadaiApp, rng: &mut TestRng, saved: &Path) -> Intent {
    if rng.below(3) == 0
        && let Some(mv) = player_move(app, rng)
    {
        return mv;
    }
    let plies = app.game().ply();
    match rng.below(47) {
        0 => Intent::Select(random_square(rng)),
        1 => Intent::SelectHand(random_kind(rng)),
        2 => Intent::Deselect,
        3 => Intent::ChoosePromotion(rng.below(2) == 0),
        4 | 5 => Intent::Undo,
        6 => Intent::Hint,
        7 => Intent::AskResign,
        8 if rng.below(4) == 0 => Intent::Resign,
        9 => Intent::AskDeclare,
        10 => Intent::View(Some(rng.below(plies + 1))),
        11 => Intent::View(None),
        12 => Intent::PlayOn(random_color(rng)),
        13 => Intent::Flip,
        14 => Intent::SetLabels(if rng.below(2) == 0 {
            Labels::Kanji
        } else {
            Labels::Letters
        }),
        15 => Intent::SetNotation(if rng.below(2) == 0 {
            NotationStyle::Western
        } else {
            NotationStyle::Japanese
        }),
        16 => Intent::SetLanguage(if rng.below(2) == 0 {
            Language::English
        } else {
            Language::Japanese
        }),
        17 => Intent::SetEvalBar(rng.below(2) == 0),
        18 => Intent::SetSteppedHints(rng.below(2) == 0),
        19 => Intent::SetMoveDots(rng.below(2) == 0),
        20 => Intent::CopySfen,
        21 => Intent::CopyKif,
        22 => Intent::OpenPaste,
        23 => Intent::Paste(PASTES[rng.below(PASTES.len())].to_owned()),
        24 => Intent::StartReview,
        25 => Intent::CancelReview,
        26 => Intent::CloseReview,
        27 => Intent::NextMistake,
        28 => Intent::TryAgain(1 + rng.below(plies.max(1))),
        29 => Intent::ShowAnswer,
        30 => Intent::StopTrying,
        31 => Intent::OpenEditor,
        32 | 33 => Intent::Edit(random_edit(rng)),
        34 => Intent::PlayFromEditor(random_color(rng)),
        35 => Intent::CloseEditor,
        36 => Intent::OpenNewGame,
        37 => Intent::NewGame {
            side: [SideChoice::Sente, SideChoice::Gote, SideChoice::Random][rng.below(3)],
            level: Level::Easy,
            sfen: None,
            setup: random_setup(rng),
        },
        38 => Intent::OpenFile(saved.to_path_buf()),
        39 => Intent::StudyGame,
        40 => Intent::BackToGame,
        41 => Intent::OtherBranch(rng.below(2) == 0),
        42 => Intent::PromoteLine(app.shown_line()),
        43 => Intent::DeleteLine(app.shown_line()),
        44 => Intent::ShowLine {
            line: komadai::record::LineId::main(),
            ply: rng.below(plies + 1),
        },
        // A move for whichever side is to move on the board (a study takes either).
        45 => study_move(app, rng).unwrap_or(Intent::Cancel),
        _ => Intent::Cancel,
    }
}

/// A legal move in the position on the board.
fn study_move(app: &KomadaiApp, rng: &mut TestRng) -> Option<Intent> {
    let position = komadai::rules::Position::from_sfen(&app.shown_sfen()).ok()?;
    let legal = position.legal_moves();
    let moves = legal.as_slice();
    (!moves.is_empty()).then(|| Intent::Move(moves[rng.below(moves.len())]))
}

/// The autosave on disk, read afresh, holds the game the app shows as its game.
fn check_autosave(harness: &Harness<'_, KomadaiApp>, dir: &PathBuf, seed: u64, step: usize) {
    let app = harness.state();
    let Some(resumed) = AutosaveStore::in_dir(dir).load().resumed else {
        return;
    };
    // While a copy is studied, the game that waits is the one kept.
    let game = app.kept_game().unwrap_or(app.game());
    assert_eq!(
        (resumed.game.start().to_sfen(), resumed.game.moves()),
        (game.start().to_sfen(), game.moves()),
        "seed {seed}, step {step}: the autosave is not the game on the board"
    );
}

/// `actions` random actions from `seed`; returns how many moves were played on the board.
fn walk(seed: u64, actions: usize) -> usize {
    let dir = settings_dir(&format!("monkey-{seed}"));
    let saved = record_file(&format!("monkey-{seed}-record"), "7g7f 3c3d 2g2f 8c8d");
    let mut rng = seeded(seed);
    let mut harness = harness(app_in(&dir));
    let mut moves = 0;
    for step in 0..actions {
        let intent = action(harness.state(), &mut rng, &saved);
        moves += usize::from(matches!(intent, Intent::Move(_)));
        harness.state_mut().apply(intent);
        harness.step();
        // The AI answers on its own thread; a pause now and then lets it.
        if rng.below(4) == 0 {
            std::thread::sleep(Duration::from_millis(2));
            harness.step();
        }
        check_autosave(&harness, &dir, seed, step);
    }
    moves
}

fn from_env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn a_short_random_walk_through_the_app_never_panics_and_keeps_the_autosave_true() {
    let moves = walk(1, 400);
    assert!(
        moves > 20,
        "the walk played {moves} moves: it should mostly play"
    );
}

#[test]
#[ignore = "the long walk: MONKEY_ACTIONS and MONKEY_SEEDS set its size"]
fn a_long_random_walk() {
    let (actions, seeds) = (
        from_env("MONKEY_ACTIONS", 5000),
        from_env("MONKEY_SEEDS", 4),
    );
    for seed in 0..seeds as u64 {
        let moves = walk(100 + seed, actions);
        println!(
            "monkey seed {}: {actions} actions, {moves} moves played",
            100 + seed
        );
    }
}
