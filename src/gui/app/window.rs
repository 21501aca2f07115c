//! The window's layout: which view goes where, each fed from the app's state. Views only
//! read; what the user asked for comes back as intents.
//!
//! Every panel's size depends on the window alone, never on the game: the board keeps its
//! place when the game ends, a note appears or looking back begins.

use super::KomadaiApp;
use crate::gui::analysis_panel::panel as study_panel;
use crate::gui::board::board_view::{BoardLayout, BoardView};
use crate::gui::board::move_box::{self, MoveBoxView};
use crate::gui::board::piece_tile::TileStyle;
use crate::gui::board::promotion;
use crate::gui::board::selection::Selection;
use crate::gui::board::wheel;
use crate::gui::dialogs::{self, game_over};
use crate::gui::editor::view as editor_view;
use crate::gui::intent::Intent;
use crate::gui::ladder::odds::Odds;
use crate::gui::panels::announce::Urgency;
use crate::gui::panels::{comment_box, eval_bar, game_menu, replay_bar, status, toolbar};
use crate::gui::review_panel::panel as review_panel;
use crate::gui::storage::settings::NotationStyle;
use crate::gui::view_mode::ViewMode;
use crate::i18n::{self, fill};
use crate::rules::{Color, Move, Position, notation};
use egui::{CentralPanel, Panel, Ui};

/// The review column's widest: room for the graph and a sentence per line.
const REVIEW_WIDTH: f32 = 300.0;
/// The review column's narrowest, in a small window: the summary's table still fits.
const REVIEW_NARROWEST: f32 = 230.0;
/// The share of the right column's height the move list keeps during a review.
const LIST_SHARE_IN_REVIEW: f32 = 0.3;
/// The share of the right column's height a record's comment takes under the moves, and
/// its bounds: three lines at least (all it gets beside a review), never most of a tall
/// column.
const COMMENT_SHARE: f32 = 0.25;
const COMMENT_LOWEST: f32 = 90.0;
const COMMENT_HIGHEST: f32 = 200.0;
/// The columns beside the board together take at most this share of the window's width:
/// with the review and the analysis both open in a small window they narrow (their text
/// wraps and scrolls) rather than squeeze the board.
const COLUMNS_SHARE: f32 = 0.5;
/// The analysis column's narrowest: a score, a depth and *Play* on a row. It gives way
/// first, the move list keeping the width its moves need.
const ANALYSIS_NARROWEST: f32 = 180.0;
/// The review column's narrowest beside the analysis: its buttons wrap, its table scrolls.
const REVIEW_SQUEEZED: f32 = 210.0;

impl KomadaiApp {
    /// Draws every panel and the open dialog; returns what the user asked for.
    pub(in crate::gui) fn show_window(&self, ui: &mut Ui) -> Vec<Intent> {
        let mut intents = Vec::new();
        let last = self.shown_game().ply();
        let width = ui.available_width();
        // The menu and the step bar first, so they span the whole window.
        Panel::top("game menu").show(ui, |ui| {
            let games_dir = self.stored.disk.games_dir();
            intents.extend(game_menu::show(
                ui,
                games_dir.as_deref(),
                self.language(),
                (
                    self.play.game.ply() > 0,
                    !self.is_studying() && self.screen.editor.is_none(),
                ),
                &self.stored.settings,
            ));
        });
        if self.engine_match.open {
            intents.extend(self.engine_match.show(ui, &self.stored.settings));
            return intents;
        }
        if self.practice_page.open {
            let (screen, settings) = (&self.screen, &self.stored.settings);
            intents.extend((self.practice_page).show(ui, screen, settings, self.play.player));
            return intents;
        }
        let row = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
        let bar_rows = replay_bar::rows(width) as f32;
        // The editor has no moves to step through: its board takes the bar's room.
        if self.screen.editor.is_none() {
            Panel::bottom("steps")
                .resizable(false)
                .exact_size(bar_rows * row + 4.0)
                .show(ui, |ui| {
                    intents.extend(replay_bar::show(
                        ui,
                        self.screen.view,
                        last,
                        self.play.kept.is_some(),
                        self.language(),
                    ));
                });
        }
        Panel::top("toolbar").show(ui, |ui| {
            intents.extend(self.show_toolbar(ui));
        });
        Panel::top("status")
            .resizable(false)
            .exact_size(status::HEIGHT)
            .show(ui, |ui| intents.extend(self.show_status(ui)));
        intents.extend(self.show_side_columns(ui, width));
        if self.stored.settings.eval_bar
            && !self.review_panel.is_open()
            && self.screen.editor.is_none()
        {
            let bottom = if self.is_flipped() {
                Color::Gote
            } else {
                Color::Sente
            };
            Panel::left("eval bar")
                .resizable(false)
                .exact_size(eval_bar::WIDTH + 8.0)
                .show(ui, |ui| {
                    let chance = self.analysis_chance().or_else(|| self.ai_sente_chance());
                    eval_bar::show(ui, chance, bottom, self.language());
                });
        }
        CentralPanel::default().show(ui, |ui| match &self.screen.editor {
            Some(editor) => {
                let style = TileStyle {
                    labels: self.stored.settings.labels,
                    move_dots: false,
                    board: self.stored.settings.board,
                    pieces: self.stored.settings.pieces,
                };
                intents.extend(editor_view::show(
                    ui,
                    editor,
                    style,
                    self.stored.settings.notation,
                    self.language(),
                ));
            }
            None => intents.extend(self.show_board(ui)),
        });
        if let Some(result) = self.play.game.result().filter(|_| self.screen.result_box) {
            intents.extend(game_over::show(
                ui.ctx(),
                &game_over::GameOverState {
                    result,
                    player: self.play.player,
                    handicap: self.is_handicap(),
                    moves: self.play.game.ply(),
                    can_review: !self.review_panel.is_open() && self.play.game.ply() > 0,
                    lang: self.language(),
                },
            ));
        }
        if let Some(dialog) = &self.screen.dialog {
            intents.extend(dialogs::show(
                ui.ctx(),
                dialog,
                (self.play.player, self.is_handicap()),
                self.language(),
                &self.stored.settings.engines,
            ));
        }
        intents
    }

    /// The columns right of the board: the moves (with the review above them while
    /// reviewing) and the live analysis.
    fn show_side_columns(&self, ui: &mut Ui, width: f32) -> Vec<Intent> {
        let mut intents = Vec::new();
        // The board gets most of a small window; the list a fifth, within readable bounds.
        // A review shares the list's column (above it) rather than taking a column of its
        // own from the board.
        let review = (self.review_panel).panel_state(&self.review_reading(), &self.background);
        let column_width = match review {
            Some(_) => (width * 0.25).clamp(REVIEW_NARROWEST, REVIEW_WIDTH),
            None => (width * 0.2).clamp(140.0, 190.0),
        };
        let analysis = self.analysis_panel_state();
        let room = width * COLUMNS_SHARE;
        let analysis_width = (room - column_width).clamp(ANALYSIS_NARROWEST, study_panel::WIDTH);
        let column_width = match (&analysis, &review) {
            (Some(_), Some(_)) => column_width.min((room - analysis_width).max(REVIEW_SQUEEZED)),
            _ => column_width,
        };
        // Its own panel while reviewing: a panel remembers its width from frame to frame.
        let column = if review.is_some() {
            "review and moves"
        } else {
            "moves"
        };
        Panel::right(column)
            .resizable(false)
            .exact_size(column_width)
            .show(ui, |ui| {
                // The box a move is typed in, at the column's foot: the board keeps its
                // size. A dialog open takes the keyboard, and the board takes no move.
                if self.screen.editor.is_none() && self.screen.dialog.is_none() {
                    Panel::bottom("move box")
                        .resizable(false)
                        .show(ui, |ui| intents.extend(self.show_move_box(ui)));
                }
                // A record's comment on the position shown, under the moves. During a review
                // the review's words need the column: only a comment there is shown, small.
                let comment = (self.shown_comment())
                    .filter(|(_, text)| review.is_none() || !text.trim().is_empty());
                if let Some((ply, text)) = comment {
                    let height = match review {
                        Some(_) => COMMENT_LOWEST,
                        None => (ui.available_height() * COMMENT_SHARE)
                            .clamp(COMMENT_LOWEST, COMMENT_HIGHEST),
                    };
                    Panel::bottom("comment")
                        .resizable(false)
                        .exact_size(height)
                        .show(ui, |ui| {
                            let view = comment_box::CommentView { ply, text: &text };
                            intents.extend(comment_box::show(ui, &view, self.language()));
                        });
                }
                if let Some(panel) = &review {
                    let room = ui.available_height() * (1.0 - LIST_SHARE_IN_REVIEW);
                    // Scrolled both ways: content wider than the column would widen the
                    // panel over the board.
                    egui::ScrollArea::both()
                        .id_salt("review column")
                        .max_height(room)
                        .auto_shrink([false, true])
                        .show(ui, |ui| {
                            intents.extend(review_panel::show(ui, panel, self.language()));
                        });
                    ui.separator();
                }
                intents.extend(self.show_move_list(ui));
            });
        if let Some(panel) = analysis {
            Panel::right("analysis")
                .resizable(false)
                .exact_size(analysis_width)
                .show(ui, |ui| {
                    intents.extend(study_panel::show(ui, &panel, self.language()));
                });
        }
        intents
    }

    /// The moves written out, with the review's verdicts; a click looks at that position.
    fn show_move_list(&self, ui: &mut Ui) -> Option<Intent> {
        ui.heading(self.strings().moves_heading);
        ui.weak(self.seats_caption());
        let (language, notation) = (self.language(), self.stored.settings.notation);
        let branches = self.play.branches(&self.screen, language, notation);
        // The review's verdicts are about the game's own moves.
        let verdicts = self
            .game_review()
            .filter(|_| self.play.line.is_main())
            .map(|review| {
                review
                    .moves()
                    .iter()
                    .map(|m| m.as_ref().map(|m| m.verdict()))
                    .collect::<Vec<_>>()
            });
        let shown = self.screen.view.earlier(self.shown_game().ply());
        (self.screen.move_list).show(
            ui,
            shown,
            self.language(),
            verdicts.as_deref(),
            branches.as_ref(),
        )
    }

    fn show_toolbar(&self, ui: &mut Ui) -> Option<Intent> {
        let game = &self.play.game;
        let live = self.screen.view == ViewMode::Live;
        let replaying = self.screen.view.is_replaying();
        toolbar::show(
            ui,
            &toolbar::ToolbarState {
                settings: self.stored.settings.clone(),
                can_undo: !replaying && self.can_undo(),
                can_resign: !replaying && !game.is_over(),
                can_declare: live && self.players_turn() && game.can_declare(),
                can_hint: !replaying && self.players_turn() && !self.background.is_hinting(),
                lang: self.language(),
            },
        )
    }

    fn show_status(&self, ui: &mut Ui) -> Option<Intent> {
        let opponent = self.opponent_name();
        let game = self.shown_game();
        let position = game.position();
        // A record that names neither player is just "an opened game".
        let replay_players = self.play.header.as_ref().and_then(|h| {
            let (sente, gote) = (h.info.sente.as_deref(), h.info.gote.as_deref());
            (sente.is_some() || gote.is_some()).then(|| {
                let lang = self.language();
                let sente = sente.unwrap_or(lang.side(crate::rules::Color::Sente));
                (sente, gote.unwrap_or(lang.side(crate::rules::Color::Gote)))
            })
        });
        status::show(
            ui,
            &status::StatusState {
                player: self.play.player,
                player_side: self.side_name(self.play.player),
                handicap: self.is_handicap(),
                level_name: &opponent,
                view: self.screen.view,
                last: game.ply(),
                replay_players,
                side_to_move: position.side_to_move(),
                in_check: position.in_check(),
                thinking: self.background.is_thinking(),
                engine: self.opponent_engine(),
                hinting: self.background.is_hinting(),
                hint: self
                    .hint()
                    .map(|mv| self.written(position, mv))
                    .or_else(|| {
                        self.hint_piece()
                            .map(|mv| self.hint_piece_text(position, mv))
                    }),
                progress: self.background.progress(),
                message: self.screen.message.as_ref(),
                result: game.result(),
                can_review: !self.review_panel.is_open(),
                trying: (self.review_panel).retries_at(self.shown_ply(), &self.screen),
                studying_copy: self.play.kept.is_some(),
                spoken: self.spoken_news(),
                lang: self.language(),
            },
        )
    }

    /// What a screen reader is told of the position shown: the move that led to it, with
    /// check, and how the game ended when it did.
    fn spoken_news(&self) -> (String, Urgency) {
        let (game, ply) = (self.shown_game(), self.shown_ply());
        let (lang, handicap) = (self.language(), self.is_handicap());
        let before = ply.checked_sub(1).and_then(|i| game.position_after(i));
        let moved = ply
            .checked_sub(1)
            .and_then(|i| game.moves().get(i).copied());
        let mut said = match (before, moved) {
            (Some(before), Some(mv)) => {
                let check = game.position_after(ply).is_some_and(Position::in_check);
                i18n::played(lang, before, mv, check, handicap)
            }
            _ => String::new(),
        };
        match game.result().filter(|_| ply == game.ply()) {
            Some(result) => {
                if !said.is_empty() {
                    said.push(' ');
                }
                said.push_str(&i18n::game_result(lang, result, handicap));
                (said, Urgency::Assertive)
            }
            None => (said, Urgency::Polite),
        }
    }

    /// The wheel over the board steps through the moves (a dialog open, it does not).
    fn wheel_step(&self, ui: &Ui, layout: &BoardLayout) -> Option<Intent> {
        let table = layout.top_stand.union(layout.bottom_stand);
        let steps = wheel::steps(ui, table);
        if steps == 0 || self.screen.dialog.is_some() {
            return None;
        }
        let (shown, last) = (self.shown_ply(), self.shown_game().ply());
        let target = wheel::stepped(shown, steps, last);
        (target != shown).then_some(Intent::View(Some(target)))
    }

    /// The first step of a stepped hint in words: which piece to move.
    fn hint_piece_text(&self, position: &Position, mv: Move) -> String {
        let lang = self.language();
        let t = lang.strings();
        let square = |sq| match self.stored.settings.notation {
            NotationStyle::Western => format!("{sq}"),
            NotationStyle::Japanese => notation::japanese_square(sq),
        };
        match mv {
            Move::Board { from, .. } => {
                let piece = position.piece_at(from).map_or("", |p| lang.piece(p.kind));
                fill(
                    t.hint_piece,
                    &[("piece", &piece), ("square", &square(from))],
                )
            }
            Move::Drop { kind, .. } => fill(t.hint_drop, &[("piece", &lang.piece(kind))]),
        }
    }

    /// A move in the position now, as the move list would write it.
    fn written(&self, position: &Position, mv: Move) -> String {
        match self.stored.settings.notation {
            NotationStyle::Western => notation::western(position, mv),
            NotationStyle::Japanese => {
                notation::japanese(position, mv, self.play.game.last_move().map(|m| m.to()))
            }
        }
    }

    /// The board takes a move: the player's turn in the game, a retry in the review, or a
    /// study; no dialog open.
    fn board_takes_moves(&self) -> bool {
        let free = !self.review_panel.is_open() && self.screen.dialog.is_none();
        (self.screen.view == ViewMode::Live && self.players_turn() && free)
            || self.is_trying()
            || (self.is_studying() && free)
    }

    /// The box a move is typed in, reading it in the position shown.
    fn show_move_box(&self, ui: &mut Ui) -> Vec<Intent> {
        let game = self.shown_game();
        let previous = self.shown_ply().checked_sub(1);
        let view = MoveBoxView {
            state: &self.screen.move_box,
            position: self.board_position(),
            previous_to: previous.and_then(|i| game.moves().get(i)).map(|mv| mv.to()),
            takes_moves: self.board_takes_moves(),
            prompt_open: self.screen.pick.promotion.is_some(),
            layout: move_box::Layout::Column,
            lang: self.language(),
        };
        move_box::show(ui, &view)
    }

    fn show_board(&self, ui: &mut Ui) -> Option<Intent> {
        let game = self.shown_game();
        let style = TileStyle {
            labels: self.stored.settings.labels,
            move_dots: self.stored.settings.move_dots,
            board: self.stored.settings.board,
            pieces: self.stored.settings.pieces,
        };
        let earlier = self.screen.view.earlier(game.ply());
        let ply = self.shown_ply();
        let trying = self.is_trying();
        let (marked, arrows) = match self.play.line.is_main() {
            true => self.review_panel.marks(ply),
            false => Default::default(),
        };
        let view = BoardView {
            position: self.board_position(),
            player: self.play.player,
            flipped: self.stored.settings.flipped,
            style,
            notation: self.stored.settings.notation,
            selection: if earlier.is_some() && !trying && !self.is_studying() {
                Selection::None
            } else {
                self.screen.pick.selection
            },
            last_move: ply
                .checked_sub(1)
                .and_then(|i| game.moves().get(i).copied()),
            hint: self.hint(),
            hint_piece: self.hint_piece(),
            interactive: self.board_takes_moves(),
            prompt_open: self.screen.pick.promotion.is_some(),
            handicap: self.play.odds.and_then(Odds::handicap).is_some(),
            marked: &marked,
            arrows: &arrows,
            lang: self.language(),
        };
        let bottom = view.bottom_color();
        let (layout, clicked) = view.show(ui);
        self.show_clocks(ui, &layout, bottom);
        let Some((from, to)) = self.screen.pick.promotion else {
            return clicked.or_else(|| self.wheel_step(ui, &layout));
        };
        let choice = promotion::show(
            ui.ctx(),
            &layout,
            self.board_position(),
            (from, to),
            style,
            bottom,
            self.language(),
        );
        choice.or(clicked)
    }
}
