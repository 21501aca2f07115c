//! The Practice page's workings: the next exercise put on the board, a move judged on a
//! thread (a mate problem's by the mate solvers, a mistake's as *Try again* judges a retry),
//! the attempt counted in the practice and saved, help and the answer. What comes into the
//! practice is `import`; what the page shows, `window`.
//!
//! While the page is open the game waits: its clock is paused and the AI does not move.

use crate::engine::search::{Engine, THREAD_STACK};
use crate::gui::app::KomadaiApp;
use crate::gui::app::event::Event;
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
use crate::review::{Notation, Voice, Who, words};
use crate::rules::{Color, Move, Position};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{SystemTime, UNIX_EPOCH};

impl KomadaiApp {
    /// Reads the practice from the data folder (a damaged file is set aside, with a note).
    pub(in crate::gui) fn load_practice(&mut self) {
        let store = self.stored.disk.practice_store();
        let (practice, note) = store.load();
        self.practice_page.practice = practice;
        self.practice_page.store = store;
        if let Some(note) = note {
            let note = note.text(self.language());
            log::warn!("{note}");
            self.screen.message = Some(Message::warning(note));
        }
    }

    pub(in crate::gui) fn save_practice(&mut self) {
        if let Err(err) = self.practice_page.store.save(&self.practice_page.practice) {
            log::warn!("could not save the practice: {err}");
            let why = i18n::system_error(self.language(), &i18n::SystemError::from(&err));
            let text = fill(self.language().practice().file_not_saved, &[("why", &why)]);
            self.screen.message = Some(Message::error(text));
        }
    }

    /// The schedule's time: the system's, moved on by the tests' offset.
    pub(in crate::gui) fn practice_now(&self) -> u64 {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        now.saturating_add(self.practice_page.clock_offset)
    }

    /// Whether the Practice page is open.
    pub fn is_practising(&self) -> bool {
        self.practice_page.open
    }

    /// Takes the board's moves while the page is open (and Esc with nothing picked up
    /// closes it); every other intent goes on to `apply`.
    pub(in crate::gui) fn practice_takes(&mut self, intent: Intent) -> Option<Intent> {
        if !self.practice_page.open {
            return Some(intent);
        }
        match intent {
            Intent::Move(mv) => self.practice_move(mv),
            Intent::ChoosePromotion(promote) => {
                if let Some((from, to)) = self.screen.pick.promotion.take() {
                    self.practice_move(Move::Board { from, to, promote });
                }
            }
            Intent::Cancel
                if self.screen.pick.promotion.is_none()
                    && self.screen.pick.selection
                        == crate::gui::board::selection::Selection::None =>
            {
                self.close_practice();
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
            | Intent::Refuse(_)
            | Intent::ReadOnlyClick
            | Intent::Flip
            | Intent::SetLabels(_)
            | Intent::SetMoveDots(_)
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
            | Intent::Quit
            | Intent::Cancel
            | Intent::RecordResult { .. }
            | Intent::EditDialog(_) => return Some(intent),
            // Anything else is about the game: back to it first.
            other => {
                self.close_practice();
                return Some(other);
            }
        }
        None
    }

    pub(in crate::gui) fn open_practice(&mut self) {
        self.screen.clear_selection();
        self.screen.dialog = None;
        self.practice_page.open = true;
        if self.practice_page.current.is_none() {
            self.next_exercise();
        }
    }

    pub(in crate::gui) fn close_practice(&mut self) {
        self.screen.clear_selection();
        self.practice_page.open = false;
    }

    /// Puts the next exercise on the board: the most overdue, else a new problem.
    pub(in crate::gui) fn next_exercise(&mut self) {
        self.screen.clear_selection();
        self.practice_page.note = None;
        let now = self.practice_now();
        let room = &self.practice_page;
        let task = match room.practice.next(now, &room.built_in) {
            Some(Next::Due(i)) => room.practice.exercises[i].task.clone(),
            Some(Next::Fresh(problem, origin)) => Task::Mate {
                sfen: problem.position.to_sfen(),
                plies: problem.plies,
                origin,
            },
            None => {
                self.practice_page.current = None;
                return;
            }
        };
        self.set_exercise(task);
    }

    fn set_exercise(&mut self, task: Task) {
        let (sfen, plies_left, solution) = match &task {
            Task::Mate { sfen, plies, .. } => (sfen.clone(), *plies, Vec::new()),
            Task::Mistake(m) => (m.sfen.clone(), 0, m.best().into_iter().collect()),
        };
        // A mate problem's attacker may have no king; a mistake's position has both.
        let Ok(start) = Position::mate_problem_from_sfen(&sfen) else {
            self.practice_page.current = None;
            return;
        };
        let wake = self.host.wake();
        let finding = matches!(task, Task::Mate { .. }).then(|| find_line(start, plies_left, wake));
        self.practice_page.current = Some(Current {
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
    fn practice_move(&mut self, mv: Move) {
        self.screen.clear_selection();
        let Some(current) = &self.practice_page.current else {
            return;
        };
        if !current.awaits_move() {
            return;
        }
        if let Err(err) = current.position.explain(mv) {
            let why = i18n::illegal_move(self.language(), &err);
            self.screen.message = Some(Message::warning(why));
            return;
        }
        let (sender, answer) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&cancel);
        let wake = self.host.wake();
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
                let budget = self.background.review_budget();
                let hash_mb = self.background.review_hash_mb();
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
            && let Some(current) = &mut self.practice_page.current
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
    pub(in crate::gui) fn practice_news(&mut self, events: &mut Vec<Event>) {
        let room = &mut self.practice_page;
        let mut found = Vec::new();
        room.harvest.retain(|answer| match answer.try_recv() {
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
        if let Some(run) = &room.backlog {
            // Asked before taking the results: once every worker is done, all they sent is
            // here.
            let finished = run.analysis.is_finished();
            let analyses: Vec<_> = std::iter::from_fn(|| run.analysis.try_next()).collect();
            events.push(Event::BacklogAnalysed { analyses, finished });
        }
        if let Some(job) = &room.import
            && let Ok(imported) = job.answer.try_recv()
        {
            room.import = None;
            events.push(Event::Imported(imported));
        }
        let Some(current) = &mut room.current else {
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
        if let Some(current) = &mut self.practice_page.current {
            current.solution = line;
        }
    }

    /// The exercise's move judged: the page says how it went, and a counted attempt is saved.
    pub(in crate::gui) fn exercise_judged(&mut self, tried: Move, verdict: ExerciseVerdict) {
        let (lang, style, now) = (
            self.language(),
            self.stored.settings.notation,
            self.practice_now(),
        );
        let page = &mut self.practice_page;
        let counted = match verdict {
            ExerciseVerdict::Mate(judged, line) => {
                page.take_mate_verdict(tried, judged, line, lang, style, now)
            }
            ExerciseVerdict::Mistake(Some(review)) => {
                page.take_mistake_verdict(&review, lang, style, now)
            }
            ExerciseVerdict::Mistake(None) => false,
        };
        if counted {
            self.save_practice();
        }
    }

    /// Shows the answer; the attempt counts as missed.
    pub(in crate::gui) fn practice_answer(&mut self) {
        let now = self.practice_now();
        if self.practice_page.show_answer(self.language(), now) {
            self.save_practice();
        }
    }

    /// The side the practice board shows at the bottom: the one to find the moves.
    pub(in crate::gui) fn practice_player(&self) -> Color {
        self.practice_page
            .current
            .as_ref()
            .map_or(self.play.player, |c| c.start.side_to_move())
    }

    /// Moves the schedule's time on (tests: an exercise missed comes back later).
    pub fn pass_practice_time(&mut self, seconds: u64) {
        self.practice_page.clock_offset = self.practice_page.clock_offset.saturating_add(seconds);
    }

    /// The player's practice.
    pub fn practice(&self) -> &crate::practice::Practice {
        &self.practice_page.practice
    }

    /// The exercise on the practice board.
    pub fn practice_task(&self) -> Option<&Task> {
        self.practice_page.current.as_ref().map(|c| &c.task)
    }

    /// The practice board's position.
    pub fn practice_position(&self) -> Option<Position> {
        self.practice_page.current.as_ref().map(|c| c.position)
    }

    /// Whether a move on the practice board is being judged.
    pub fn is_judging_practice(&self) -> bool {
        self.practice_page
            .current
            .as_ref()
            .is_some_and(|c| c.job.is_some() || c.finding.is_some())
    }

    /// What the last practice move or import came to.
    pub fn practice_note(&self) -> Option<&str> {
        self.practice_page.note.as_ref().map(|n| n.text.as_str())
    }

    /// Puts `task` on the practice board (tests, and a problem chosen by hand).
    pub fn practise(&mut self, task: Task) {
        self.practice_page.open = true;
        self.practice_page.note = None;
        self.set_exercise(task);
    }
}

/// Looks for a mating line of `plies` from `start` on a thread.
fn find_line(
    start: Position,
    plies: u32,
    wake: crate::gui::app::host::Wake,
) -> mpsc::Receiver<Vec<Move>> {
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
