//! The analysis panel: live analysis (検討) of the position on the board, by the
//! built-in engine or any USI engine, through the library's USI client.
//! `panel` draws; the app keeps an [`AnalysisPanel`], which `apply` changes through its
//! methods (`analysing`).

pub(in crate::gui) mod analysing;
pub mod panel;

use crate::rules::PositionCommand;
use crate::usi::client::{Analysis, AnalysisReport, EngineSetup, Launch, Timeouts};

/// The lines shown when the panel first opens.
pub const DEFAULT_LINES: usize = 3;

/// The analysis panel's part of the app: the analysis, while the panel is open.
#[derive(Default)]
pub struct AnalysisPanel {
    /// Dropping it (closing the panel) ends its engine.
    open: Option<OpenAnalysis>,
}

/// The analysis the app keeps while the panel is open.
pub struct OpenAnalysis {
    /// The engine's thread; started with the first analysis, dropped on close.
    analysis: Option<Analysis>,
    /// How many best lines to show (1 to 5).
    lines: usize,
    /// The player wants it to think (it follows the board until stopped).
    running: bool,
    /// The position and line count last asked of the engine.
    asked: Option<(PositionCommand, usize)>,
    /// The engine: komadai's own, or a USI engine program chosen by the player.
    engine: Launch,
    /// The player's option values for that engine (an added engine's), sent after the
    /// study's own.
    options: Vec<(String, Option<String>)>,
}

impl Default for OpenAnalysis {
    fn default() -> OpenAnalysis {
        OpenAnalysis {
            analysis: None,
            lines: DEFAULT_LINES,
            running: false,
            asked: None,
            engine: Launch::BuiltIn,
            options: Vec::new(),
        }
    }
}

impl OpenAnalysis {
    /// Asks for `position` unless it is the one being analysed already; the
    /// engine is started (built-in, on `threads`) the first time.
    pub fn follow(
        &mut self,
        position: PositionCommand,
        threads: usize,
        notify: impl Fn() + Send + 'static,
    ) {
        let asking = (position, self.lines);
        if self.asked.as_ref() == Some(&asking) {
            return;
        }
        let analysis = self.analysis.get_or_insert_with(|| {
            let setup = EngineSetup {
                launch: self.engine.clone(),
                // The engine's own search, never its book: a study wants the lines and scores.
                options: [
                    ("Threads".into(), Some(threads.max(1).to_string())),
                    ("USI_OwnBook".into(), Some("false".into())),
                ]
                .into_iter()
                .chain(self.options.iter().cloned())
                .collect(),
                timeouts: Timeouts::default(),
            };
            Analysis::new(setup, Box::new(notify))
        });
        analysis.analyse(asking.0.clone(), asking.1);
        self.asked = Some(asking);
    }

    /// Thinks with `engine` from now on: the running one is ended, the new one started on
    /// the next request.
    pub fn use_engine(&mut self, engine: Launch) {
        self.use_engine_with(engine, Vec::new());
    }

    /// As [`OpenAnalysis::use_engine`], with the player's option values for it.
    pub fn use_engine_with(&mut self, engine: Launch, options: Vec<(String, Option<String>)>) {
        if self.engine != engine || self.options != options {
            self.engine = engine;
            self.options = options;
            self.analysis = None;
            self.asked = None;
        }
    }

    /// Stops the engine while the board shows no position it can think on (an unplayable
    /// setup in the editor); it starts again on the next one.
    pub fn hold(&mut self) {
        if self.asked.take().is_some()
            && let Some(analysis) = &self.analysis
        {
            analysis.stop();
        }
    }

    /// Stops the engine thinking; its last lines stay shown.
    pub fn stop(&mut self) {
        self.running = false;
        self.asked = None;
        if let Some(analysis) = &self.analysis {
            analysis.stop();
        }
    }

    /// The latest report, when the engine has been asked anything.
    pub fn report(&self) -> Option<AnalysisReport> {
        self.analysis.as_ref().map(Analysis::report)
    }
}
