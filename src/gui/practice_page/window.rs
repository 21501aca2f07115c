//! The window while the Practice page is open: the menu bar, a line for the note about the
//! last action, the page on the right and the exercise's board in the middle; and what the
//! page shows, written in the interface's language.

use crate::gui::app::screen::Screen;
use crate::gui::board::board_view::BoardView;
use crate::gui::board::move_box::{self, MoveBoxView};
use crate::gui::board::piece_tile::TileStyle;
use crate::gui::board::promotion;
use crate::gui::intent::Intent;
use crate::gui::panels::message;
use crate::gui::practice_page::page::{self, PageState};
use crate::gui::practice_page::state::{Current, PracticePage};
use crate::gui::storage::settings::{NotationStyle, Settings};
use crate::i18n::{Language, by_count, fill};
use crate::practice::{Origin, Task};
use crate::review::words;
use crate::rules::{Color, Move, Position, Square, notation};
use egui::{CentralPanel, Panel, RichText, Ui};
use std::sync::atomic::Ordering;

/// The queue's entries the page lists.
const QUEUE_SHOWN: usize = 8;

/// The page's width: room for the graph and a sentence per line.
const PAGE_WIDTH: f32 = 340.0;

impl PracticePage {
    /// Draws the page and the board, with the `screen`'s note and pick, as `settings` say
    /// (`player`: the game's player, whose side is at the bottom while no exercise is on the
    /// board); returns what the user asked for.
    pub(in crate::gui) fn show(
        &self,
        ui: &mut Ui,
        screen: &Screen,
        settings: &Settings,
        player: Color,
    ) -> Vec<Intent> {
        let mut intents = Vec::new();
        Panel::top("practice note").show(ui, |ui| match &screen.message {
            Some(note) => {
                let colour = message::color(note.kind, ui.visuals());
                ui.label(RichText::new(message::capitalised(&note.text)).color(colour));
            }
            None => {
                ui.label(" ");
            }
        });
        Panel::right("practice page")
            .resizable(false)
            .exact_size(PAGE_WIDTH)
            .show(ui, |ui| {
                let state = self.page_state(settings.language, settings.notation, self.now());
                intents.extend(page::show(ui, &state, settings.language));
            });
        if let Some(current) = &self.current {
            let view = MoveBoxView {
                state: &screen.move_box,
                position: &current.position,
                previous_to: current.last_move.map(Move::to),
                takes_moves: current.awaits_move(),
                prompt_open: screen.pick.promotion.is_some(),
                layout: move_box::Layout::Row,
                lang: settings.language,
            };
            Panel::bottom("practice move box")
                .resizable(false)
                .exact_size(move_box::row_height(ui))
                .show(ui, |ui| intents.extend(move_box::show(ui, &view)));
        }
        CentralPanel::default().show(ui, |ui| {
            intents.extend(self.show_board(ui, screen, settings, player))
        });
        intents
    }

    fn show_board(
        &self,
        ui: &mut Ui,
        screen: &Screen,
        settings: &Settings,
        player: Color,
    ) -> Option<Intent> {
        let current = self.current.as_ref()?;
        let style = TileStyle {
            labels: settings.labels,
            move_dots: settings.move_dots,
            board: settings.board,
            pieces: settings.pieces,
        };
        let help_move = current.solution.first().copied();
        let answer: Vec<_> = if current.answer_shown {
            help_move.into_iter().collect()
        } else {
            Vec::new()
        };
        let view = BoardView {
            position: &current.position,
            player: self.player(player),
            flipped: settings.flipped,
            style,
            notation: settings.notation,
            selection: screen.pick.selection,
            last_move: current.last_move,
            hint: help_move.filter(|_| current.help >= 2),
            hint_piece: help_move.filter(|_| current.help == 1),
            interactive: current.awaits_move(),
            prompt_open: screen.pick.promotion.is_some(),
            handicap: false,
            marked: &[],
            arrows: &answer,
            lang: settings.language,
        };
        let bottom = view.bottom_color();
        let (layout, clicked) = view.show(ui);
        let Some((from, to)) = screen.pick.promotion else {
            return clicked;
        };
        let choice = promotion::show(
            ui.ctx(),
            &layout,
            &current.position,
            (from, to),
            style,
            bottom,
            settings.language,
        );
        choice.or(clicked)
    }
}

/// What the Practice page shows, read from its state.
impl PracticePage {
    /// What the page shows at `now`, written in `lang` and `style`.
    pub(in crate::gui) fn page_state(
        &self,
        lang: Language,
        style: NotationStyle,
        now: u64,
    ) -> PageState {
        let t = lang.practice();
        let practice = &self.practice;
        let queue = practice.queue();
        let entries = queue
            .iter()
            .take(QUEUE_SHOWN)
            .map(|&i| {
                let exercise = &practice.exercises[i];
                let what = match &exercise.task {
                    Task::Mate { plies, .. } => fill(t.mate_entry, &[("plies", plies)]),
                    Task::Mistake(m) => {
                        let verdict = crate::review::Verdict::ALL
                            .into_iter()
                            .find(|v| v.key() == m.verdict)
                            .map_or("", |v| words::verdict_name(lang, v));
                        fill(t.mistake_entry, &[("ply", &m.ply), ("verdict", &verdict)])
                    }
                };
                format!("{what} — {}", when(lang, exercise.schedule.due, now))
            })
            .collect();
        let built_in = self.built_in.len();
        let mut sets = vec![fill(
            by_count(built_in, t.built_in_entry_one, t.built_in_entry),
            &[("count", &built_in)],
        )];
        for collection in &practice.collections {
            let count = collection.problems.len();
            sets.push(fill(
                by_count(count, t.collection_entry_one, t.collection_entry),
                &[
                    ("name", &collection.name),
                    ("count", &collection.problems.len()),
                    ("left", &practice.unmet(collection)),
                ],
            ));
        }
        let current = self.current.as_ref();
        PageState {
            rating: practice.player.value,
            streak: practice.streak,
            best_streak: practice.best_streak,
            days: practice.days_in_a_row(now),
            history: practice.history.iter().map(|a| a.rating).collect(),
            due: practice.due(now).len(),
            waiting: queue.len(),
            queue: entries,
            kept: (!practice.unreviewed.is_empty()).then(|| {
                let count = practice.unreviewed.len();
                fill(
                    by_count(count, t.kept_waiting_one, t.kept_waiting),
                    &[("count", &count)],
                )
            }),
            task: current.map(|c| task_text(self, c, lang, style)),
            note: self.note.clone(),
            judging: current.is_some_and(|c| c.job.is_some()),
            help: current.and_then(|c| help_text(c, lang, style)),
            answer: current.and_then(|c| answer_text(c, lang, style)),
            can_help: current.is_some_and(|c| !c.solved && !c.solution.is_empty() && c.help < 2),
            can_answer: current
                .is_some_and(|c| !c.solved && !c.answer_shown && !c.solution.is_empty()),
            importing: self.import.as_ref().map(|job| {
                fill(
                    t.importing,
                    &[
                        ("name", &job.name),
                        ("done", &job.progress.load(Ordering::Relaxed)),
                        ("total", &job.total),
                    ],
                )
            }),
            broken: self.broken.clone(),
            sets,
        }
    }
}

fn task_text(
    page: &PracticePage,
    current: &Current,
    lang: Language,
    style: NotationStyle,
) -> (String, String) {
    let t = lang.practice();
    let side = lang.side(current.start.side_to_move());
    let rating = page
        .practice
        .find(&crate::practice::exercise::task_key(&current.task))
        .map(|i| page.practice.exercises[i].rating.value);
    let text = match &current.task {
        Task::Mate {
            plies,
            origin: Origin::OwnGame,
            ..
        } => fill(
            t.task_own_mate,
            &[
                ("side", &side),
                ("plies", plies),
                ("moves", &plies.div_ceil(2)),
            ],
        ),
        Task::Mate { plies, .. } => fill(
            t.task_mate,
            &[
                ("side", &side),
                ("plies", plies),
                ("moves", &plies.div_ceil(2)),
            ],
        ),
        Task::Mistake(m) => {
            let played = m
                .played_move()
                .map(|mv| move_text(style, &current.start, mv, None))
                .unwrap_or_default();
            fill(
                t.task_mistake,
                &[("side", &side), ("ply", &m.ply), ("played", &played)],
            )
        }
    };
    let rating = rating.unwrap_or_else(|| match &current.task {
        Task::Mate { plies, .. } => crate::practice::rating::initial_for_mate(*plies),
        Task::Mistake(_) => crate::practice::rating::MISTAKE_START,
    });
    let rating = fill(t.task_rating, &[("rating", &format!("{rating:.0}"))]);
    (text, rating)
}

fn help_text(current: &Current, lang: Language, style: NotationStyle) -> Option<String> {
    let t = lang.practice();
    let &mv = current.solution.first()?;
    match current.help {
        1 => Some(match mv {
            Move::Board { from, .. } => {
                let piece = current
                    .position
                    .piece_at(from)
                    .map_or("", |p| lang.piece(p.kind));
                fill(
                    t.help_piece,
                    &[("piece", &piece), ("square", &lang.square(from))],
                )
            }
            Move::Drop { kind, .. } => fill(t.help_drop, &[("piece", &lang.piece(kind))]),
        }),
        2 => {
            let written = move_text(
                style,
                &current.position,
                mv,
                current.last_move.map(|m| m.to()),
            );
            Some(fill(t.help_move, &[("move", &written)]))
        }
        _ => None,
    }
}

fn answer_text(current: &Current, lang: Language, style: NotationStyle) -> Option<String> {
    if !current.answer_shown {
        return None;
    }
    let mut pos = current.position;
    let mut previous = current.last_move.map(|m| m.to());
    let mut written = Vec::new();
    for &mv in &current.solution {
        if !pos.is_legal(mv) {
            break;
        }
        written.push(move_text(style, &pos, mv, previous));
        pos.play_unchecked(mv);
        previous = Some(mv.to());
    }
    let t = lang.practice();
    Some(fill(t.answer_line, &[("line", &written.join(" "))]))
}

/// "in 10 min", "in 3 days"...
pub(in crate::gui) fn when(lang: Language, due: u64, now: u64) -> String {
    let t = lang.practice();
    let wait = due.saturating_sub(now);
    if wait == 0 {
        t.due_now.to_owned()
    } else if wait < 3600 {
        fill(t.due_in_minutes, &[("minutes", &wait.div_ceil(60))])
    } else if wait < 2 * 86_400 {
        fill(t.due_in_hours, &[("hours", &wait.div_ceil(3600))])
    } else {
        fill(t.due_in_days, &[("days", &(wait / 86_400))])
    }
}

/// A move in the chosen notation.
pub(in crate::gui) fn move_text(
    style: NotationStyle,
    before: &Position,
    mv: Move,
    previous_to: Option<Square>,
) -> String {
    match style {
        NotationStyle::Western => notation::western(before, mv),
        NotationStyle::Japanese => notation::japanese(before, mv, previous_to),
    }
}
