//! Live analysis beside the board: started and stopped by the player, it follows the
//! position shown (a move played, a step back, a replay) and feeds the evaluation bar.

use crate::gui::analysis_panel::panel::{AnalysisPanelState, LineRow};
use crate::gui::analysis_panel::{AnalysisPanel, OpenAnalysis};
use crate::gui::app::host::Wake;
use crate::gui::engines::engine_review::review_score;
use crate::gui::storage::engine_list::EngineRole;
use crate::gui::storage::settings::{NotationStyle, Settings};
use crate::i18n::{Language, fill};
use crate::rules::{Color, PositionCommand, notation};
use crate::usi::client::{AnalysisReport, EngineScore, Launch, Timeouts};
use std::path::PathBuf;

/// What the analysis follows: the position on the board with the moves that led to it
/// (`None` while the editor's setup is unplayable), the threads the built-in engine may
/// use, and the window's repaint for the engine's news.
pub(in crate::gui) struct Following {
    pub(in crate::gui) shown: Option<PositionCommand>,
    pub(in crate::gui) threads: usize,
    pub(in crate::gui) wake: Wake,
}

impl AnalysisPanel {
    /// Opens the panel and starts the engine on the position shown; a new panel thinks with
    /// the engine of `settings`' analysis role.
    pub(in crate::gui) fn start(&mut self, settings: &Settings, following: Following) {
        let fresh = self.open.is_none();
        self.open.get_or_insert_with(OpenAnalysis::default).running = true;
        if fresh {
            self.use_role_engine(settings, following);
        } else {
            self.follow(following);
        }
    }

    /// Starts the analysis, or stops it (its lines stay).
    pub(in crate::gui) fn toggle(&mut self, settings: &Settings, following: Following) {
        match &mut self.open {
            Some(open) if open.running => open.stop(),
            _ => self.start(settings, following),
        }
    }

    pub(in crate::gui) fn set_lines(&mut self, lines: usize, following: Following) {
        if let Some(open) = &mut self.open {
            open.lines = lines;
        }
        self.follow(following);
    }

    /// Asks for an engine program (the dialog titled in `lang`); the analysis goes on with
    /// it.
    pub(in crate::gui) fn choose_engine(&mut self, lang: Language, following: Following) {
        let picked = rfd::FileDialog::new()
            .set_title(lang.strings().analysis_engine_choose_title)
            .pick_file();
        if let Some(program) = picked {
            self.set_engine(Some(program), following);
        }
    }

    /// Analyses with `program` (`None`: the built-in engine) from now on, restarting on the
    /// position shown if it was thinking.
    pub(in crate::gui) fn set_engine(&mut self, program: Option<PathBuf>, following: Following) {
        let engine = match program {
            Some(program) => Launch::Program(vec![program.to_string_lossy().into_owned()]),
            None => Launch::BuiltIn,
        };
        (self.open.get_or_insert_with(OpenAnalysis::default)).use_engine(engine);
        self.follow(following);
    }

    /// The open panel thinks with the engine of `settings`' analysis role from now on.
    pub(in crate::gui) fn use_role_engine(&mut self, settings: &Settings, following: Following) {
        let Some(open) = &mut self.open else {
            return;
        };
        let (launch, options) = match settings.engines.for_role(EngineRole::Analysis) {
            Some(entry) => {
                let setup = entry.setup(Timeouts::default());
                (setup.launch, setup.options)
            }
            None => (Launch::BuiltIn, Vec::new()),
        };
        open.use_engine_with(launch, options);
        self.follow(following);
    }

    /// Closes the panel; dropping the analysis ends its engine.
    pub(in crate::gui) fn close(&mut self) {
        self.open = None;
    }

    /// While the analysis runs, asks the engine about the position shown whenever it changes
    /// (the engine stops the old search and starts on the new one).
    pub(in crate::gui) fn follow(&mut self, following: Following) {
        let Following {
            shown,
            threads,
            wake,
        } = following;
        if let Some(open) = &mut self.open
            && open.running
        {
            // A position with no legal move ends the game: nothing to think about.
            match shown.filter(|p| p.current().has_legal_move()) {
                Some(position) => open.follow(position, threads, wake),
                None => open.hold(),
            }
        }
    }

    /// The engine is thinking on the position shown (until stopped).
    pub(in crate::gui) fn is_running(&self) -> bool {
        self.open.as_ref().is_some_and(|open| open.running)
    }

    /// The analysis's latest report, while the panel is open.
    pub(in crate::gui) fn report(&self) -> Option<AnalysisReport> {
        self.open.as_ref().and_then(OpenAnalysis::report)
    }

    /// The panel's contents about `shown`, while it is open (see
    /// [`OpenAnalysis::panel_state`]).
    pub(in crate::gui) fn panel_state(
        &self,
        shown: Option<&PositionCommand>,
        lang: Language,
        style: NotationStyle,
        can_play_lines: bool,
    ) -> Option<AnalysisPanelState> {
        let open = self.open.as_ref()?;
        Some(open.panel_state(shown, lang, style, can_play_lines))
    }

    /// Sente's chance by the analysis while it is about `shown`, the position on the board.
    pub(in crate::gui) fn sente_chance(&self, shown: Option<&PositionCommand>) -> Option<f64> {
        self.open.as_ref()?.sente_chance(shown)
    }
}

/// What the panel shows, read from the analysis for the position on the board.
impl OpenAnalysis {
    /// The panel's contents about `shown` (the position on the board; `None` while the
    /// editor's setup is unplayable), in `lang` and `style`; `can_play_lines` while a line
    /// can be played onto the board (not in the editor).
    pub(in crate::gui) fn panel_state(
        &self,
        shown: Option<&PositionCommand>,
        lang: Language,
        style: NotationStyle,
        can_play_lines: bool,
    ) -> AnalysisPanelState {
        let report = self.report().unwrap_or_default();
        let t = lang.strings();
        // Lines are shown only about the position on the board.
        let rows = if report.position.is_some() && report.position.as_ref() == shown {
            rows(&report, lang, style)
        } else {
            Vec::new()
        };
        let over = shown.map(PositionCommand::current).and_then(|p| {
            (!p.has_legal_move()).then(|| match p.in_check() {
                true => t.analysis_over_mate,
                false => t.analysis_over_no_move,
            })
        });
        let program = match &self.engine {
            Launch::Program(argv) => argv.first().map(|program| {
                std::path::Path::new(program)
                    .file_name()
                    .map_or_else(|| program.clone(), |n| n.to_string_lossy().into_owned())
            }),
            Launch::BuiltIn => None,
        };
        // In the words the engines' other failures are told in, in the player's language.
        let error = report.error.as_ref().map(|error| {
            let name = (report.engine_name.as_deref())
                .or(program.as_deref())
                .unwrap_or("komadai");
            let why = crate::i18n::usi_error(lang, error);
            fill(t.analysis_engine_failed, &[("name", &name), ("why", &why)])
        });
        AnalysisPanelState {
            over,
            program,
            running: self.running,
            held: self.running && shown.is_none(),
            can_play_lines,
            lines: self.lines,
            engine: report.engine_name.clone(),
            rows,
            nodes: report.nodes,
            error,
        }
    }

    /// Sente's chance to win by the analysis's best line, for the evaluation bar, while it
    /// is about `shown`, the position on the board.
    pub(in crate::gui) fn sente_chance(&self, shown: Option<&PositionCommand>) -> Option<f64> {
        let report = self.report()?;
        if report.position.as_ref() != shown {
            return None;
        }
        Some(review_score(report.sente_score()?).win_chance())
    }
}

/// The report's lines as the panel writes them.
fn rows(report: &AnalysisReport, lang: Language, style: NotationStyle) -> Vec<LineRow> {
    let Some(command) = &report.position else {
        return Vec::new();
    };
    let position = command.current();
    let to_move = position.side_to_move();
    let previous_to = command.moves.last().map(|mv| mv.to());
    report
        .lines
        .iter()
        .map(|line| {
            let written = written_line(&position, &line.moves, previous_to, style);
            LineRow {
                rank: line.rank,
                score: line
                    .score
                    .map(|s| score_text(lang, sente_view(s, to_move)))
                    .unwrap_or_default(),
                depth: line.depth,
                moves: written.join(" "),
                line: line.moves.clone(),
            }
        })
        .collect()
}

/// A score from Sente's side: `+120`, `-45`, or who mates.
fn score_text(lang: Language, score: EngineScore) -> String {
    let t = lang.strings();
    match score {
        EngineScore::Cp(cp) => format!("{cp:+}"),
        EngineScore::Mate { plies, winning } => {
            let side = lang.side(if winning { Color::Sente } else { Color::Gote });
            match plies {
                Some(plies) => fill(
                    t.analysis_mate,
                    &[("side", &side), ("plies", &plies.unsigned_abs())],
                ),
                None => fill(t.analysis_mate_unknown, &[("side", &side)]),
            }
        }
    }
}

/// The score as Sente sees it.
fn sente_view(score: EngineScore, to_move: Color) -> EngineScore {
    match to_move {
        Color::Sente => score,
        Color::Gote => score.negated(),
    }
}

/// A line of moves from `position` as the move list writes them (`previous_to`: where the
/// move before it went, for Japanese notation's 同).
pub(in crate::gui) fn written_line(
    position: &crate::rules::Position,
    moves: &[crate::rules::Move],
    previous_to: Option<crate::rules::Square>,
    style: NotationStyle,
) -> Vec<String> {
    match style {
        NotationStyle::Western => western_line(position, moves),
        NotationStyle::Japanese => japanese_line(position, moves, previous_to),
    }
}

/// A line in Japanese notation, with 同 after the board's last move as the move list does
/// (written 同玉, not the list's 同　玉).
fn japanese_line(
    position: &crate::rules::Position,
    moves: &[crate::rules::Move],
    previous_to: Option<crate::rules::Square>,
) -> Vec<String> {
    let mut position = *position;
    let mut previous_to = previous_to;
    moves
        .iter()
        .map(|&mv| {
            // The full-width space KIF pads 同 with would read as a gap between two moves.
            let text = notation::japanese(&position, mv, previous_to).replacen("同　", "同", 1);
            position.play_unchecked(mv);
            previous_to = Some(mv.to());
            text
        })
        .collect()
}

/// A line in Western notation, each move after its side's mark as the move list writes it.
fn western_line(position: &crate::rules::Position, moves: &[crate::rules::Move]) -> Vec<String> {
    let mut color = position.side_to_move();
    notation::western_moves(position, moves)
        .into_iter()
        .map(|text| {
            let mark = if color == Color::Sente { "☗" } else { "☖" };
            color = !color;
            format!("{mark}{text}")
        })
        .collect()
}
