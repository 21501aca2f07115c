//! The Practice page's workings: the next exercise put on the board, a move judged on a
//! thread (a mate problem's by the mate solvers, a mistake's as *Try again* judges a retry),
//! the attempt counted in the practice and saved, help and the answer. What comes into the
//! practice is `import`; what the page shows, `window`.
//!
//! While the page is open the game waits: its clock is paused and the AI does not move.

use crate::engine::search::{Engine, THREAD_STACK};
use crate::gui::app::event::Event;
use crate::gui::app::host::Wake;
use crate::gui::app::screen::Screen;
use crate::gui::intent::Intent;
use crate::gui::panels::message::Message;
use crate::gui::practice_page::state::{
    Current, ExerciseVerdict, Judging, Note, PracticePage, Tone,
};
use crate::gui::practice_page::window::{move_text, when};
use crate::gui::review_panel::reviewing::explanation;
use crate::gui::storage::settings::NotationStyle;
use crate::i18n::{self, Language, fill};
use crate::practice::mate::{self, Judged};
use crate::practice::{Next, Task};
use crate::review::{Budget, Notation, Voice, Who, words};
use crate::rules::{Color, Move, Position};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{SystemTime, UNIX_EPOCH};

impl PracticePage {
    /// The schedule's time: the system's, moved on by the tests' offset.
    pub(in crate::gui) fn now(&self) -> u64 {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        now.saturating_add(self.clock_offset)
    }

    /// Takes the board's moves while the page is open (and Esc with nothing picked up
    /// closes it); every other intent goes on to `apply`. A move is judged as `judge` says.
    pub(in crate::gui) fn takes(
        &mut self,
        intent: Intent,
        screen: &mut Screen,
        judge: Judge,
    ) -> Option<Intent> {
        if !self.open {
            return Some(intent);
        }
        match intent {
            Intent::Move(mv) => self.judge_move(mv, screen, judge),
            Intent::ChoosePromotion(promote) => {
                if let Some((from, to)) = screen.pick.promotion.take() {
                    self.judge_move(Move::Board { from, to, promote }, screen, judge);
                }
            }
            Intent::Cancel
                if screen.file_dialog.is_none()
                    && screen.pick.promotion.is_none()
                    && screen.pick.selection == crate::gui::board::selection::Selection::None =>
            {
                self.close(screen);
            }
            // The game's own moves wait while the page is open.
            Intent::Undo
            | Intent::View(_)
            | Intent::Hint
            | Intent::PlayOn(_)
            | Intent::AskResign
            | Intent::Resign
            | Intent::AskDeclare
            | Intent::Declare => {}
            // On the board, the settings, the page itself, and what is not the player's.
            Intent::Select(_)
            | Intent::SelectHand(_)
            | Intent::Deselect
            | Intent::AskPromotion { .. }
            | Intent::TypeMove(_)
            | Intent::Refuse(_)
            | Intent::ReadOnlyClick
            | Intent::Flip
            | Intent::SetLabels(_)
            | Intent::SetMoveDots(_)
            | Intent::SetBoardStyle(_)
            | Intent::SetPieceSet(_)
            | Intent::SetNotation(_)
            | Intent::SetLanguage(_)
            | Intent::SetSound(_)
            | Intent::OpenPractice
            | Intent::ClosePractice
            | Intent::NextExercise
            | Intent::PracticeHelp
            | Intent::PracticeAnswer
            | Intent::ImportCollection
            | Intent::ImportFiles(_)
            | Intent::FilesChosen(_)
            | Intent::ReplaceFile
            | Intent::Quit
            | Intent::Cancel
            | Intent::RecordResult { .. }
            | Intent::EditDialog(_) => return Some(intent),
            // Anything else is about the game: back to it first.
            other => {
                self.close(screen);
                return Some(other);
            }
        }
        None
    }

    /// Opens the page (on the next exercise if none is on its board); `wake` repaints the
    /// window when the solver finds the exercise's line.
    pub(in crate::gui) fn open(&mut self, screen: &mut Screen, wake: Wake) {
        screen.clear_selection();
        screen.dialog = None;
        self.open = true;
        if self.current.is_none() {
            self.next_exercise(screen, wake);
        }
    }

    pub(in crate::gui) fn close(&mut self, screen: &mut Screen) {
        screen.clear_selection();
        self.open = false;
    }

    /// Puts the next exercise on the board: the most overdue, else a new problem.
    pub(in crate::gui) fn next_exercise(&mut self, screen: &mut Screen, wake: Wake) {
        screen.clear_selection();
        self.note = None;
        let now = self.now();
        let task = match self.practice.next(now, &self.built_in) {
            Some(Next::Due(i)) => self.practice.exercises[i].task.clone(),
            Some(Next::Fresh(problem, origin)) => Task::Mate {
                sfen: problem.position.to_sfen(),
                plies: problem.plies,
                origin,
            },
            None => {
                self.current = None;
                return;
            }
        };
        self.set_exercise(task, wake);
    }

    /// Puts `task` on the practice board, the page open (tests, and a problem chosen by
    /// hand).
    pub(in crate::gui) fn practise(&mut self, task: Task, wake: Wake) {
        self.open = true;
        self.note = None;
        self.set_exercise(task, wake);
    }

    fn set_exercise(&mut self, task: Task, wake: Wake) {
        let (sfen, plies_left, solution) = match &task {
            Task::Mate { sfen, plies, .. } => (sfen.clone(), *plies, Vec::new()),
            Task::Mistake(m) => (m.sfen.clone(), 0, m.best().into_iter().collect()),
        };
        // A mate problem's attacker may have no king; a mistake's position has both.
        let Ok(start) = Position::mate_problem_from_sfen(&sfen) else {
            self.current = None;
            return;
        };
        let finding = matches!(task, Task::Mate { .. }).then(|| find_line(start, plies_left, wake));
        self.current = Some(Current {
            task,
            start,
            position: start,
            plies_left,
            last_move: None,
            solution,
            recorded: false,
            solved: false,
            help: 0,
            answer_shown: false,
            job: None,
            finding,
        });
    }

    /// Judges the player's move on the practice board, on a thread.
    fn judge_move(&mut self, mv: Move, screen: &mut Screen, judge: Judge) {
        screen.clear_selection();
        let Some(current) = &self.current else {
            return;
        };
        if !current.awaits_move() {
            return;
        }
        if let Err(err) = current.position.explain(mv) {
            let why = i18n::illegal_move(judge.lang, &err);
            screen.message = Some(Message::warning(why));
            return;
        }
        let (sender, answer) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&cancel);
        let Judge {
            wake,
            budget,
            hash_mb,
            ..
        } = judge;
        let position = current.position;
        let plies_left = current.plies_left;
        let work: Box<dyn FnOnce() -> ExerciseVerdict + Send> = match &current.task {
            Task::Mate { .. } => Box::new(move || {
                let judged = mate::judge_attack(&position, mv, plies_left, &stop);
                let line = match &judged {
                    Judged::Continues { reply } => {
                        let next = position.after(mv).after(*reply);
                        match mate::mate_within(&next, plies_left - 2, &stop) {
                            Some(Some(line)) => line,
                            _ => Vec::new(),
                        }
                    }
                    _ => Vec::new(),
                };
                ExerciseVerdict::Mate(judged, line)
            }),
            Task::Mistake(mistake) => {
                let review = mistake.review();
                Box::new(move || {
                    let judged = review.and_then(|review| {
                        let mut engine = Engine::new(hash_mb);
                        review.judge_try(1, mv, &mut engine, budget, &stop)
                    });
                    ExerciseVerdict::Mistake(judged.map(Box::new))
                })
            }
        };
        let spawned = std::thread::Builder::new()
            .name("practice".into())
            .stack_size(THREAD_STACK)
            .spawn(move || {
                let _ = sender.send(work());
                wake();
            });
        if spawned.is_ok()
            && let Some(current) = &mut self.current
        {
            current.job = Some(Judging {
                tried: mv,
                answer,
                cancel,
            });
        }
    }

    /// Takes what the practice's threads sent, as events for `apply`: the mates found
    /// among a review's missed ones, the background review's analyses, the import checked,
    /// the solver's line and the judged move. Only the inboxes change here (a job that
    /// answered is let go).
    pub(in crate::gui) fn news(&mut self, events: &mut Vec<Event>) {
        let mut found = Vec::new();
        self.harvest.retain(|answer| match answer.try_recv() {
            Ok(problems) => {
                found.extend(problems);
                false
            }
            Err(mpsc::TryRecvError::Empty) => true,
            Err(mpsc::TryRecvError::Disconnected) => false,
        });
        if !found.is_empty() {
            events.push(Event::MatesFound(found));
        }
        events.push(Event::PracticeUpkeep);
        if let Some(run) = &self.backlog {
            // Asked before taking the results: once every worker is done, all they sent is
            // here.
            let finished = run.analysis.is_finished();
            let analyses: Vec<_> = std::iter::from_fn(|| run.analysis.try_next()).collect();
            events.push(Event::BacklogAnalysed { analyses, finished });
        }
        if let Some(job) = &self.import
            && let Ok(imported) = job.answer.try_recv()
        {
            self.import = None;
            events.push(Event::Imported(imported));
        }
        let Some(current) = &mut self.current else {
            return;
        };
        if let Some(finding) = &current.finding
            && let Ok(line) = finding.try_recv()
        {
            current.finding = None;
            events.push(Event::SolutionFound(line));
        }
        if let Some(job) = &current.job
            && let Ok(verdict) = job.answer.try_recv()
        {
            let tried = job.tried;
            current.job = None;
            events.push(Event::ExerciseJudged { tried, verdict });
        }
    }

    /// The solver's mating line from the exercise's position now.
    pub(in crate::gui) fn solution_found(&mut self, line: Vec<Move>) {
        if let Some(current) = &mut self.current {
            current.solution = line;
        }
    }

    /// The exercise's move judged: the page says how it went (in `lang`, moves written in
    /// `style`); `true` when an attempt was counted (the practice is to be saved).
    pub(in crate::gui) fn exercise_judged(
        &mut self,
        tried: Move,
        verdict: ExerciseVerdict,
        lang: Language,
        style: NotationStyle,
    ) -> bool {
        let now = self.now();
        match verdict {
            ExerciseVerdict::Mate(judged, line) => {
                self.take_mate_verdict(tried, judged, line, lang, style, now)
            }
            ExerciseVerdict::Mistake(Some(review)) => {
                self.take_mistake_verdict(&review, lang, style, now)
            }
            ExerciseVerdict::Mistake(None) => false,
        }
    }

    /// Shows the answer; the attempt counts as missed (`true`: the practice is to be saved).
    pub(in crate::gui) fn answer(&mut self, lang: Language) -> bool {
        let now = self.now();
        self.show_answer(lang, now)
    }

    /// The side the practice board shows at the bottom: the one to find the moves (the
    /// `player`'s of the game while no exercise is on it).
    pub(in crate::gui) fn player(&self, player: Color) -> Color {
        self.current
            .as_ref()
            .map_or(player, |c| c.start.side_to_move())
    }
}

/// What judging a move on the practice board needs from the app: the player's language (a
/// refused move is told in it), the window's repaint for the verdict, and the review's
/// budget and table size (a mistake's try is judged as the review judges).
pub(in crate::gui) struct Judge {
    pub(in crate::gui) lang: Language,
    pub(in crate::gui) wake: Wake,
    pub(in crate::gui) budget: Budget,
    pub(in crate::gui) hash_mb: usize,
}

/// Looks for a mating line of `plies` from `start` on a thread.
fn find_line(start: Position, plies: u32, wake: Wake) -> mpsc::Receiver<Vec<Move>> {
    let (sender, answer) = mpsc::channel();
    let _ = std::thread::Builder::new()
        .name("practice line".into())
        .stack_size(THREAD_STACK)
        .spawn(move || {
            let stop = AtomicBool::new(false);
            let line = match mate::mate_within(&start, plies, &stop) {
                Some(Some(line)) => line,
                _ => Vec::new(),
            };
            let _ = sender.send(line);
            wake();
        });
    answer
}

/// The page's own workings: a judged move told, an attempt counted, help and the answer.
impl PracticePage {
    /// A mate problem's move judged: the note says how it went, the board follows the
    /// defender's reply. Returns whether the attempt was counted (to be saved).
    fn take_mate_verdict(
        &mut self,
        tried: Move,
        judged: Judged,
        line: Vec<Move>,
        lang: Language,
        style: NotationStyle,
        now: u64,
    ) -> bool {
        let t = lang.practice();
        let Some(current) = &self.current else {
            return false;
        };
        let before = current.position;
        let plies_left = current.plies_left;
        let written = move_text(style, &before, tried, current.last_move.map(|m| m.to()));
        let (text, tone, outcome) = match judged {
            Judged::Mates => (
                fill(t.solved_mate, &[("move", &written)]),
                Tone::Right,
                Some(true),
            ),
            Judged::Continues { reply } => {
                let after = before.after(tried);
                let reply_text = move_text(style, &after, reply, Some(tried.to()));
                if let Some(current) = &mut self.current {
                    current.position = after.after(reply);
                    current.plies_left = plies_left.saturating_sub(2);
                    current.last_move = Some(reply);
                    current.solution = line;
                    current.help = 0;
                }
                let text = fill(t.right_reply, &[("move", &written), ("reply", &reply_text)]);
                (text, Tone::Right, None)
            }
            Judged::NotCheck => (
                fill(t.wrong_not_check, &[("move", &written)]),
                Tone::Wrong,
                Some(false),
            ),
            Judged::Escapes { reply } => {
                let after = before.after(tried);
                let reply_text = move_text(style, &after, reply, Some(tried.to()));
                let text = fill(
                    t.wrong_escapes,
                    &[("move", &written), ("reply", &reply_text)],
                );
                (text, Tone::Wrong, Some(false))
            }
            Judged::Unknown => (
                fill(t.wrong_unknown, &[("move", &written)]),
                Tone::Neutral,
                None,
            ),
        };
        if outcome == Some(true)
            && let Some(current) = &mut self.current
        {
            current.position = before.after(tried);
            current.last_move = Some(tried);
            current.solved = true;
        }
        self.note = Some(Note { text, tone });
        outcome.is_some_and(|solved| self.count_attempt(solved, lang, now))
    }

    /// A mistake's try judged as the review judges a retry: the note says how it went.
    /// Returns whether the attempt was counted (to be saved).
    fn take_mistake_verdict(
        &mut self,
        judged: &crate::review::MoveReview,
        lang: Language,
        style: NotationStyle,
        now: u64,
    ) -> bool {
        let t = lang.practice();
        let notation = review_notation(style);
        let written = move_text(style, &judged.before, judged.played, None);
        if judged.is_as_good_as_best() {
            if let Some(current) = &mut self.current {
                current.solved = true;
                current.position = judged.before.after(judged.played);
                current.last_move = Some(judged.played);
            }
            let text = fill(t.solved_mistake, &[("move", &written)]);
            self.note = Some(Note {
                text,
                tone: Tone::Right,
            });
            return self.count_attempt(true, lang, now);
        }
        let voice = Voice::for_player(notation, judged.mover, Who::Ai, judged.mover);
        let telling = judged.reasons_without_the_answer();
        let why = explanation(lang, &telling, &voice);
        let verdict = words::verdict_name(lang, judged.verdict());
        let text = fill(
            t.missed_mistake,
            &[("move", &written), ("verdict", &verdict), ("why", &why)],
        );
        self.note = Some(Note {
            text,
            tone: Tone::Wrong,
        });
        self.count_attempt(false, lang, now)
    }

    /// Counts the exercise's attempt once (its first miss, or its success) at `now`, and
    /// adds to the note how the rating moved and when it comes back. Returns whether it
    /// was counted now (the practice is to be saved).
    fn count_attempt(&mut self, solved: bool, lang: Language, now: u64) -> bool {
        let Some(current) = &mut self.current else {
            return false;
        };
        if current.recorded {
            return false;
        }
        current.recorded = true;
        let task = current.task.clone();
        let practice = &mut self.practice;
        let before = practice.player.value;
        let index = practice.record(&task, solved, now);
        let change = practice.player.value - before;
        let schedule = practice.exercises[index].schedule;
        let t = lang.practice();
        let mut extra = fill(t.rating_moved, &[("change", &format!("{change:+.0}"))]);
        extra.push_str(". ");
        if schedule.done {
            extra.push_str(t.put_away);
        } else {
            let when = when(lang, schedule.due, now);
            extra.push_str(&fill(t.comes_back, &[("when", &when)]));
        }
        if let Some(note) = &mut self.note {
            note.text = format!("{} {extra}", note.text);
        }
        true
    }

    /// The next step of help: which piece, then the move.
    pub(in crate::gui) fn help(&mut self) {
        if let Some(current) = &mut self.current
            && !current.solution.is_empty()
        {
            current.help = (current.help + 1).min(2);
        }
    }

    /// Shows the answer; the attempt counts as missed. Returns whether it was counted now
    /// (the practice is to be saved).
    fn show_answer(&mut self, lang: Language, now: u64) -> bool {
        let Some(current) = &mut self.current else {
            return false;
        };
        if current.solution.is_empty() || current.solved {
            return false;
        }
        current.answer_shown = true;
        if let Some(job) = current.job.take() {
            job.cancel.store(true, Ordering::Relaxed);
        }
        self.count_attempt(false, lang, now)
    }
}

/// The review's notation for the chosen style.
fn review_notation(style: NotationStyle) -> Notation {
    match style {
        NotationStyle::Western => Notation::Western,
        NotationStyle::Japanese => Notation::Japanese,
    }
}
