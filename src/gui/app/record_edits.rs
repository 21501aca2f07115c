//! The record as players keep it, edited in the window: the comment on the position shown,
//! the game's information, the player's own name; and moving about it (a move number to go
//! to) and asking it (the mate search on the position shown or the editor's setup).

use super::KomadaiApp;
use crate::gui::analysis_panel::analysing::written_line;
use crate::gui::dialogs::Dialog;
use crate::gui::dialogs::dialog::{GameInfo, MateView};
use crate::gui::panels::message::Message;
use crate::gui::storage::settings::PlayerName;
use crate::i18n::fill;
use crate::practice::mate::MateFound;
use crate::review::kif_comments;
use crate::rules::{Position, Square};

impl KomadaiApp {
    /// The comment on the position shown, with its ply, while the board shows a record (a
    /// replay or a study): the only boards whose record the window edits.
    pub(in crate::gui) fn shown_comment(&self) -> Option<(usize, String)> {
        if !self.screen.view.is_replaying() || self.screen.editor.is_some() {
            return None;
        }
        self.play.header.as_ref()?;
        let ply = self.shown_ply();
        let record = self.bare_record();
        let text = record.comment_on(&self.play.line, ply).unwrap_or_default();
        Some((ply, kif_comments::own_words(text)))
    }

    /// Sets the comment on the position shown, in the line shown.
    pub(in crate::gui) fn set_comment(&mut self, text: String) {
        if self.shown_comment().is_none() {
            return;
        }
        let (line, ply) = (self.play.line.clone(), self.shown_ply());
        let mut record = self.bare_record();
        let replaced = record.comment_on(&line, ply).unwrap_or_default();
        let text = kif_comments::with_review_lines(&text, replaced);
        if !record.set_comment_on(&line, ply, text) {
            return;
        }
        if let Some(header) = &mut self.play.header {
            header.comments = record.comments;
            header.variations = record.variations;
        }
    }

    /// Shows the game's information: the record's own, editable, on a record's board; a
    /// game in progress's as it would be saved, to read.
    pub(in crate::gui) fn open_game_info(&mut self) {
        let info = self.bare_record().info;
        let text = |value: &Option<String>| value.clone().unwrap_or_default();
        let form = GameInfo {
            event: text(&info.event),
            start_time: text(&info.start_time),
            time_control: info.time_control().unwrap_or_default().to_owned(),
            sente: text(&info.sente),
            gote: text(&info.gote),
            handicap: self.is_handicap(),
        };
        let editable = self.play.header.is_some();
        self.screen.dialog = Some(Dialog::GameInfo {
            info: form,
            editable,
        });
    }

    /// Keeps the edited information in the record's header (a field left empty: none).
    pub(in crate::gui) fn set_game_info(&mut self, form: GameInfo) {
        self.screen.dialog = None;
        let Some(header) = &mut self.play.header else {
            return;
        };
        let given = |text: &str| Some(text.trim().to_owned()).filter(|t| !t.is_empty());
        let info = &mut header.info;
        info.event = given(&form.event);
        info.start_time = given(&form.start_time);
        info.sente = given(&form.sente);
        info.gote = given(&form.gote);
        // Untouched, a CSA file's own time limit stays as it came.
        if given(&form.time_control).as_deref() != info.time_control() {
            info.set_time_control(given(&form.time_control));
        }
    }

    pub(in crate::gui) fn open_player_name(&mut self) {
        let name = self.stored.settings.player_name.get().unwrap_or_default();
        self.screen.dialog = Some(Dialog::PlayerName(name.to_owned()));
    }

    /// The player's name from now on, saved with the settings.
    pub(in crate::gui) fn set_player_name(&mut self, typed: &str) {
        self.screen.dialog = None;
        self.stored.settings.player_name = PlayerName::cleaned(typed);
        self.save_settings();
    }

    /// Asks for a move number to show (not in the editor, which has no moves).
    pub(in crate::gui) fn open_jump(&mut self) {
        if self.screen.editor.is_some() {
            return;
        }
        let last = self.shown_game().ply();
        self.screen.dialog = Some(Dialog::Jump {
            text: String::new(),
            last,
        });
    }

    /// Starts the mate search for the side to move: on the editor's setup (a mate problem's
    /// attacker may have no king) when the editor is open, else on the position shown.
    pub(in crate::gui) fn search_mate(&mut self) {
        let (position, previous_to) = match &self.screen.editor {
            Some(editor) => match editor.setup.into_mate_problem() {
                Ok(position) => (position, None),
                Err(_) => {
                    let text = self.language().records().mate_bad_setup;
                    self.screen.message = Some(Message::warning(text));
                    return;
                }
            },
            None => {
                let shown = self.shown_ply();
                let moves = self.shown_game().moves();
                let previous_to = shown.checked_sub(1).and_then(|i| moves.get(i));
                (*self.board_position(), previous_to.map(|mv| mv.to()))
            }
        };
        let handicap = self.screen.editor.is_none() && self.is_handicap();
        let attacker = (self.language()).seat(position.side_to_move(), handicap);
        self.screen.dialog = Some(Dialog::Mate(MateView {
            attacker: attacker.to_owned(),
            answer: None,
        }));
        let wake = self.host.wake();
        (self.background).search_mate(position, previous_to, wake);
    }

    /// The mate search's answer, written into its dialog while it is open.
    pub(in crate::gui) fn mate_searched(
        &mut self,
        position: &Position,
        previous_to: Option<Square>,
        found: MateFound,
    ) {
        let (lang, style) = (self.language(), self.stored.settings.notation);
        let Some(Dialog::Mate(view)) = &mut self.screen.dialog else {
            return;
        };
        let r = lang.records();
        view.answer = Some(match found {
            MateFound::Mate { line, shortest } => {
                let template = match shortest {
                    true => r.mate_found,
                    false => r.mate_found_maybe_shorter,
                };
                let verdict = fill(template, &[("plies", &line.len())]);
                let written = written_line(position, &line, previous_to, style);
                (verdict, written.join(" "))
            }
            MateFound::NoMate => (
                fill(r.mate_none, &[("side", &view.attacker)]),
                String::new(),
            ),
            MateFound::OutOfBudget { nodes } => {
                let verdict = fill(r.mate_out_of_budget, &[("nodes", &nodes)]);
                (verdict, String::new())
            }
        });
    }
}
