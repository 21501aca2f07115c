//! The Practice page's workings: the next exercise put on the board, a move judged on a
//! thread (a mate problem's by the mate solvers, a mistake's as *Try again* judges a retry),
//! the attempt counted in the practice and saved, help and the answer, a collection
//! imported, and a reviewed game's mistakes joining the practice.
//!
//! While the page is open the game waits: its clock is paused and the AI does not move.

use super::KomadaiApp;
use super::review::{explanation, names_the_better_move};
use crate::engine::search::{Engine, THREAD_STACK};
use crate::gui::intent::Intent;
use crate::gui::panels::message::Message;
use crate::gui::practice::page::PageState;
use crate::gui::practice::room::{Current, ImportJob, Job, Note, Tone, Verdict};
use crate::gui::review::panel::verdict_name;
use crate::gui::storage::settings::NotationStyle;
use crate::i18n::{self, fill};
use crate::practice::import::{self, Broken, Place};
use crate::practice::mate::{self, Judged, Soundness};
use crate::practice::{MateProblem, Mistake, Next, Origin, Task};
use crate::review::{MateEvent, Notation, Reason, Voice, Who};
use crate::rules::{Color, Move, Position, Square, notation};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{SystemTime, UNIX_EPOCH};

/// The queue's entries the page lists.
const QUEUE_SHOWN: usize = 8;

impl KomadaiApp {
    /// Reads the practice from the data folder (a damaged file is set aside, with a note).
    pub(super) fn load_practice(&mut self) {
        let store = self.stored.disk.practice_store();
        let (practice, note) = store.load();
        self.practice.practice = practice;
        self.practice.store = store;
        if let Some(note) = note {
            let note = note.text(self.language());
            log::warn!("{note}");
            self.screen.message = Some(Message::warning(note));
        }
    }

    fn save_practice(&mut self) {
        if let Err(err) = self.practice.store.save(&self.practice.practice) {
            log::warn!("could not save the practice: {err}");
            let why = i18n::system_error(self.language(), &i18n::SystemError::from(&err));
            let text = fill(self.language().practice().file_not_saved, &[("why", &why)]);
            self.screen.message = Some(Message::error(text));
        }
    }

    /// The schedule's time: the system's, moved on by the tests' offset.
    fn practice_now(&self) -> u64 {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        now.saturating_add(self.practice.clock_offset)
    }

    /// Whether the Practice page is open.
    pub fn is_practising(&self) -> bool {
        self.practice.open
    }

    /// Takes the board's moves while the page is open (and Esc with nothing picked up
    /// closes it); every other intent goes on to `apply`.
    pub(super) fn practice_takes(&mut self, intent: Intent) -> Option<Intent> {
        if !self.practice.open {
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
            | Intent::AiMove(_)
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

    pub(super) fn open_practice(&mut self) {
        self.screen.clear_selection();
        self.screen.dialog = None;
        self.practice.open = true;
        if self.practice.current.is_none() {
            self.next_exercise();
        }
    }

    pub(super) fn close_practice(&mut self) {
        self.screen.clear_selection();
        self.practice.open = false;
    }

    /// Puts the next exercise on the board: the most overdue, else a new problem.
    pub(super) fn next_exercise(&mut self) {
        self.screen.clear_selection();
        self.practice.note = None;
        let now = self.practice_now();
        let room = &self.practice;
        let task = match room.practice.next(now, &room.built_in) {
            Some(Next::Due(i)) => room.practice.exercises[i].task.clone(),
            Some(Next::Fresh(problem, origin)) => Task::Mate {
                sfen: problem.position.to_sfen(),
                plies: problem.plies,
                origin,
            },
            None => {
                self.practice.current = None;
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
        let Ok(start) = Position::from_sfen(&sfen) else {
            self.practice.current = None;
            return;
        };
        let wake = self.host.wake();
        let finding = matches!(task, Task::Mate { .. }).then(|| find_line(start, plies_left, wake));
        self.practice.current = Some(Current {
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
        let Some(current) = &self.practice.current else {
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
        let work: Box<dyn FnOnce() -> Verdict + Send> = match &current.task {
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
                Verdict::Mate(judged, line)
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
                    Verdict::Mistake(judged.map(Box::new))
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
            && let Some(current) = &mut self.practice.current
        {
            current.job = Some(Job {
                tried: mv,
                answer,
                cancel,
            });
        }
    }

    /// Once a frame: the judged move, the solver's line, the import, a review's mistakes.
    pub(super) fn poll_practice(&mut self) {
        self.harvest_review();
        self.poll_harvest();
        self.poll_import();
        let Some(current) = &mut self.practice.current else {
            return;
        };
        if let Some(finding) = &current.finding
            && let Ok(line) = finding.try_recv()
        {
            current.solution = line;
            current.finding = None;
        }
        let Some(job) = &current.job else {
            return;
        };
        let Ok(verdict) = job.answer.try_recv() else {
            return;
        };
        let tried = job.tried;
        current.job = None;
        match verdict {
            Verdict::Mate(judged, line) => self.take_mate_verdict(tried, judged, line),
            Verdict::Mistake(Some(review)) => self.take_mistake_verdict(&review),
            Verdict::Mistake(None) => {}
        }
    }

    fn take_mate_verdict(&mut self, tried: Move, judged: Judged, line: Vec<Move>) {
        let lang = self.language();
        let t = lang.practice();
        let Some(current) = &self.practice.current else {
            return;
        };
        let before = current.position;
        let plies_left = current.plies_left;
        let written = self.practice_written(&before, tried, current.last_move.map(|m| m.to()));
        let (text, tone, outcome) = match judged {
            Judged::Mates => (
                fill(t.solved_mate, &[("move", &written)]),
                Tone::Right,
                Some(true),
            ),
            Judged::Continues { reply } => {
                let after = before.after(tried);
                let reply_text = self.practice_written(&after, reply, Some(tried.to()));
                if let Some(current) = &mut self.practice.current {
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
                let reply_text = self.practice_written(&after, reply, Some(tried.to()));
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
            && let Some(current) = &mut self.practice.current
        {
            current.position = before.after(tried);
            current.last_move = Some(tried);
            current.solved = true;
        }
        self.practice.note = Some(Note { text, tone });
        if let Some(solved) = outcome {
            self.count_attempt(solved);
        }
    }

    fn take_mistake_verdict(&mut self, judged: &crate::review::MoveReview) {
        let lang = self.language();
        let t = lang.practice();
        let notation = self.practice_notation();
        let written = self.practice_written(&judged.before, judged.played, None);
        if judged.is_as_good_as_best() {
            if let Some(current) = &mut self.practice.current {
                current.solved = true;
                current.position = judged.before.after(judged.played);
                current.last_move = Some(judged.played);
            }
            let text = fill(t.solved_mistake, &[("move", &written)]);
            self.practice.note = Some(Note {
                text,
                tone: Tone::Right,
            });
            self.count_attempt(true);
            return;
        }
        let voice = Voice::for_player(notation, judged.mover, Who::Ai, judged.mover);
        let telling: Vec<Reason> = judged
            .reasons
            .iter()
            .filter(|reason| !names_the_better_move(reason))
            .cloned()
            .collect();
        let why = explanation(lang, &telling, &voice);
        let verdict = verdict_name(lang.strings(), judged.verdict());
        let text = fill(
            t.missed_mistake,
            &[("move", &written), ("verdict", &verdict), ("why", &why)],
        );
        self.practice.note = Some(Note {
            text,
            tone: Tone::Wrong,
        });
        self.count_attempt(false);
    }

    /// Counts the exercise's attempt once (its first miss, or its success), saves the
    /// practice and adds to the note how the rating moved and when it comes back.
    fn count_attempt(&mut self, solved: bool) {
        let now = self.practice_now();
        let Some(current) = &mut self.practice.current else {
            return;
        };
        if current.recorded {
            return;
        }
        current.recorded = true;
        let task = current.task.clone();
        let practice = &mut self.practice.practice;
        let before = practice.player.value;
        let index = practice.record(&task, solved, now);
        let change = practice.player.value - before;
        let schedule = practice.exercises[index].schedule;
        let t = self.language().practice();
        let mut extra = fill(t.rating_moved, &[("change", &format!("{change:+.0}"))]);
        extra.push_str(". ");
        if schedule.done {
            extra.push_str(t.put_away);
        } else {
            let when = self.when(schedule.due, now);
            extra.push_str(&fill(t.comes_back, &[("when", &when)]));
        }
        if let Some(note) = &mut self.practice.note {
            note.text = format!("{} {extra}", note.text);
        }
        self.save_practice();
    }

    /// The next step of help: which piece, then the move.
    pub(super) fn practice_help(&mut self) {
        if let Some(current) = &mut self.practice.current
            && !current.solution.is_empty()
        {
            current.help = (current.help + 1).min(2);
        }
    }

    /// Shows the answer; the attempt counts as missed.
    pub(super) fn practice_answer(&mut self) {
        let Some(current) = &mut self.practice.current else {
            return;
        };
        if current.solution.is_empty() || current.solved {
            return;
        }
        current.answer_shown = true;
        if let Some(job) = current.job.take() {
            job.cancel.store(true, Ordering::Relaxed);
        }
        self.count_attempt(false);
    }

    /// Asks the system's file dialog for collection files.
    pub(super) fn import_with_dialog(&mut self) {
        if !crate::gui::storage::records_io::dialogs_available() {
            let t = self.strings();
            self.screen.message = Some(Message::warning(fill(
                t.no_file_dialog,
                &[("dir", &t.games_folder)],
            )));
            return;
        }
        let files = rfd::FileDialog::new()
            .set_title(self.language().practice().import)
            .add_filter("SFEN, KIF", &["txt", "sfen", "kif", "kifu", "ki2", "csa"])
            .add_filter(self.strings().all_files_filter, &["*"])
            .pick_files();
        if let Some(files) = files {
            self.import_files(files);
        }
    }

    /// Checks `paths` as one collection on a thread; the page shows the progress.
    pub(super) fn import_files(&mut self, paths: Vec<PathBuf>) {
        let Some(first) = paths.first() else {
            return;
        };
        let name = first
            .file_stem()
            .map_or_else(|| "collection".to_owned(), |s| s.to_string_lossy().into());
        let candidates = import::from_files(&paths);
        let total = candidates.len();
        let progress = Arc::new(AtomicUsize::new(0));
        let heard = Arc::clone(&progress);
        let (sender, answer) = mpsc::channel();
        let wake = self.host.wake();
        let job_name = name.clone();
        let spawned = std::thread::Builder::new()
            .name("import".into())
            .stack_size(THREAD_STACK)
            .spawn(move || {
                let stop = AtomicBool::new(false);
                let imported = import::verify(&job_name, candidates, &stop, &mut |done| {
                    heard.store(done, Ordering::Relaxed);
                });
                let _ = sender.send(imported);
                wake();
            });
        if spawned.is_ok() {
            self.practice.broken.clear();
            self.practice.import = Some(ImportJob {
                name,
                total,
                progress,
                answer,
            });
        }
    }

    /// Whether a collection is being checked.
    pub fn is_importing(&self) -> bool {
        self.practice.import.is_some()
    }

    fn poll_import(&mut self) {
        let Some(job) = &self.practice.import else {
            return;
        };
        let Ok(imported) = job.answer.try_recv() else {
            return;
        };
        self.practice.import = None;
        let lang = self.language();
        let t = lang.practice();
        let count = imported.collection.problems.len();
        let name = imported.collection.name.clone();
        self.practice.broken = Vec::new();
        if !imported.broken.is_empty() {
            let heading = fill(t.broken_heading, &[("count", &imported.broken.len())]);
            self.practice.broken.push(heading);
        }
        for (place, broken) in &imported.broken {
            let place = match place {
                Place::Line(line) => fill(t.place_line, &[("line", line)]),
                Place::File(name) => name.clone(),
            };
            let why = self.broken_text(broken);
            let entry = fill(t.broken_entry, &[("place", &place), ("why", &why)]);
            self.practice.broken.push(entry);
        }
        if count > 0 {
            self.practice.practice.add_collection(imported.collection);
            self.save_practice();
        }
        let text = fill(t.imported, &[("name", &name), ("count", &count)]);
        self.practice.note = Some(Note {
            text,
            tone: Tone::Neutral,
        });
    }

    fn broken_text(&self, broken: &Broken) -> String {
        let lang = self.language();
        let t = lang.practice();
        match broken {
            Broken::Unreadable(why) => fill(t.broken_unreadable, &[("why", why)]),
            Broken::Unsound(Soundness::NoMate) => t.broken_no_mate.to_owned(),
            Broken::Unsound(Soundness::TooHard) => t.broken_too_hard.to_owned(),
            Broken::Unsound(Soundness::AttackerInCheck) => t.broken_in_check.to_owned(),
            // The moves in USI: the position is not at hand here.
            Broken::Unsound(Soundness::TwoFirstMoves { first, second }) => {
                fill(t.broken_two_first, &[("first", first), ("second", second)])
            }
            Broken::Unsound(Soundness::UnclearFirstMove { first, other }) => {
                fill(t.broken_unclear, &[("first", first), ("other", other)])
            }
            Broken::Unsound(Soundness::Sound { .. }) => String::new(),
        }
    }

    /// When a review of the player's own game is complete, its mistakes and blunders join
    /// the practice (once per review), and its missed mates are checked by the mate solver
    /// on a thread to join as problems.
    fn harvest_review(&mut self) {
        let Some(state) = &self.review else {
            return;
        };
        if self.screen.view.is_replaying()
            || !state.review.is_complete()
            || self.practice.harvested.as_deref() == Some(state.moves.as_slice())
        {
            return;
        }
        let player = self.play.player;
        let moves = state.moves.clone();
        let reviews: Vec<crate::review::MoveReview> = state
            .review
            .moves()
            .iter()
            .flatten()
            .filter(|m| m.mover == player)
            .cloned()
            .collect();
        self.practice.harvested = Some(moves);
        let mistakes: Vec<Mistake> = reviews.iter().filter_map(Mistake::from_review).collect();
        let now = self.practice_now();
        let added = self.practice.practice.add_mistakes(mistakes, now);
        let missed: Vec<(Position, u32)> = reviews
            .iter()
            .filter_map(|m| match m.judgement.mate {
                Some(MateEvent::Missed { plies }) => Some((m.before, plies)),
                _ => None,
            })
            .collect();
        if !missed.is_empty() {
            let (sender, answer) = mpsc::channel();
            let wake = self.host.wake();
            let spawned = std::thread::Builder::new()
                .name("missed mates".into())
                .stack_size(THREAD_STACK)
                .spawn(move || {
                    let stop = AtomicBool::new(false);
                    let problems = own_mates(&missed, &stop);
                    let _ = sender.send(problems);
                    wake();
                });
            if spawned.is_ok() {
                self.practice.harvest = Some(answer);
            }
        }
        if added > 0 {
            self.save_practice();
            let text = fill(
                self.language().practice().added_mistakes,
                &[("count", &added)],
            );
            self.screen.message = Some(Message::info(text));
        }
    }

    fn poll_harvest(&mut self) {
        let Some(answer) = &self.practice.harvest else {
            return;
        };
        let Ok(problems) = answer.try_recv() else {
            return;
        };
        self.practice.harvest = None;
        let now = self.practice_now();
        let mut added = false;
        for problem in &problems {
            added |= self.practice.practice.add_own_mate(problem, now);
        }
        if added {
            self.save_practice();
        }
    }

    fn practice_notation(&self) -> Notation {
        match self.stored.settings.notation {
            NotationStyle::Western => Notation::Western,
            NotationStyle::Japanese => Notation::Japanese,
        }
    }

    /// A move in the chosen notation.
    pub(super) fn practice_written(
        &self,
        before: &Position,
        mv: Move,
        previous_to: Option<Square>,
    ) -> String {
        match self.stored.settings.notation {
            NotationStyle::Western => notation::western(before, mv),
            NotationStyle::Japanese => notation::japanese(before, mv, previous_to),
        }
    }

    /// "in 10 min", "in 3 days"...
    fn when(&self, due: u64, now: u64) -> String {
        let t = self.language().practice();
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

    /// What the Practice page shows.
    pub(super) fn practice_page(&self) -> PageState {
        let lang = self.language();
        let t = lang.practice();
        let now = self.practice_now();
        let practice = &self.practice.practice;
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
                            .map_or("", |v| verdict_name(lang.strings(), v));
                        fill(t.mistake_entry, &[("ply", &m.ply), ("verdict", &verdict)])
                    }
                };
                format!("{what} — {}", self.when(exercise.schedule.due, now))
            })
            .collect();
        let mut sets = vec![fill(
            t.built_in_entry,
            &[("count", &self.practice.built_in.len())],
        )];
        for collection in &practice.collections {
            sets.push(fill(
                t.collection_entry,
                &[
                    ("name", &collection.name),
                    ("count", &collection.problems.len()),
                    ("left", &practice.unmet(collection)),
                ],
            ));
        }
        let current = self.practice.current.as_ref();
        PageState {
            rating: practice.player.value,
            streak: practice.streak,
            best_streak: practice.best_streak,
            days: practice.days_in_a_row(now),
            history: practice.history.iter().map(|a| a.rating).collect(),
            due: practice.due(now).len(),
            waiting: queue.len(),
            queue: entries,
            task: current.map(|c| self.task_text(c)),
            note: self.practice.note.clone(),
            judging: current.is_some_and(|c| c.job.is_some()),
            help: current.and_then(|c| self.help_text(c)),
            answer: current.and_then(|c| self.answer_text(c)),
            can_help: current.is_some_and(|c| !c.solved && !c.solution.is_empty() && c.help < 2),
            can_answer: current
                .is_some_and(|c| !c.solved && !c.answer_shown && !c.solution.is_empty()),
            importing: self.practice.import.as_ref().map(|job| {
                fill(
                    t.importing,
                    &[
                        ("name", &job.name),
                        ("done", &job.progress.load(Ordering::Relaxed)),
                        ("total", &job.total),
                    ],
                )
            }),
            broken: self.practice.broken.clone(),
            sets,
        }
    }

    fn task_text(&self, current: &Current) -> (String, String) {
        let lang = self.language();
        let t = lang.practice();
        let side = lang.side(current.start.side_to_move());
        let rating = self
            .practice
            .practice
            .find(&crate::practice::exercise::task_key(&current.task))
            .map(|i| self.practice.practice.exercises[i].rating.value);
        let text = match &current.task {
            Task::Mate {
                plies,
                origin: Origin::OwnGame,
                ..
            } => fill(
                t.task_own_mate,
                &[("side", &side), ("moves", &plies.div_ceil(2))],
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
                    .map(|mv| self.practice_written(&current.start, mv, None))
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

    fn help_text(&self, current: &Current) -> Option<String> {
        let lang = self.language();
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
                let written =
                    self.practice_written(&current.position, mv, current.last_move.map(|m| m.to()));
                Some(fill(t.help_move, &[("move", &written)]))
            }
            _ => None,
        }
    }

    fn answer_text(&self, current: &Current) -> Option<String> {
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
            written.push(self.practice_written(&pos, mv, previous));
            pos.play_unchecked(mv);
            previous = Some(mv.to());
        }
        let t = self.language().practice();
        Some(fill(t.answer_line, &[("line", &written.join(" "))]))
    }

    /// The side the practice board shows at the bottom: the one to find the moves.
    pub(super) fn practice_player(&self) -> Color {
        self.practice
            .current
            .as_ref()
            .map_or(self.play.player, |c| c.start.side_to_move())
    }

    /// Moves the schedule's time on (tests: an exercise missed comes back later).
    pub fn pass_practice_time(&mut self, seconds: u64) {
        self.practice.clock_offset = self.practice.clock_offset.saturating_add(seconds);
    }

    /// The player's practice.
    pub fn practice(&self) -> &crate::practice::Practice {
        &self.practice.practice
    }

    /// The exercise on the practice board.
    pub fn practice_task(&self) -> Option<&Task> {
        self.practice.current.as_ref().map(|c| &c.task)
    }

    /// The practice board's position.
    pub fn practice_position(&self) -> Option<Position> {
        self.practice.current.as_ref().map(|c| c.position)
    }

    /// Whether a move on the practice board is being judged.
    pub fn is_judging_practice(&self) -> bool {
        self.practice
            .current
            .as_ref()
            .is_some_and(|c| c.job.is_some() || c.finding.is_some())
    }

    /// What the last practice move or import came to.
    pub fn practice_note(&self) -> Option<&str> {
        self.practice.note.as_ref().map(|n| n.text.as_str())
    }

    /// Puts `task` on the practice board (tests, and a problem chosen by hand).
    pub fn practise(&mut self, task: Task) {
        self.practice.open = true;
        self.practice.note = None;
        self.set_exercise(task);
    }
}

/// Looks for a mating line of `plies` from `start` on a thread.
fn find_line(
    start: Position,
    plies: u32,
    wake: super::background::Wake,
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

/// The missed mates that are mates by checks alone, as problems of their exact length.
fn own_mates(missed: &[(Position, u32)], stop: &AtomicBool) -> Vec<MateProblem> {
    missed
        .iter()
        .filter_map(|&(position, plies)| {
            let limit = plies.max(1) | 1;
            match mate::mate_within(&position, limit.min(mate::EXACT_PLIES), stop) {
                Some(Some(line)) => Some(MateProblem {
                    position,
                    plies: line.len() as u32,
                }),
                _ => None,
            }
        })
        .collect()
}
