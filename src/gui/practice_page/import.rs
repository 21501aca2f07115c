//! Problems and exercises coming into the practice: a collection imported (checked by the
//! solver on a thread, its broken problems listed), and a reviewed game's mistakes and
//! missed mates (a review in the window, or one of the background's: `backlog`).

use crate::engine::search::THREAD_STACK;
use crate::gui::app::host::{Host, Wake};
use crate::gui::app::play::Play;
use crate::gui::app::screen::Screen;
use crate::gui::panels::message::Message;
use crate::gui::practice_page::state::{ImportJob, Note, PracticePage, Tone};
use crate::gui::review_panel::state::ReviewPanel;
use crate::i18n::fill;
use crate::i18n::{Language, SystemError};
use crate::practice::import::{self, AlreadyIn, Broken, Imported, Place, Unreadable};
use crate::practice::mate::{self, Soundness};
use crate::practice::{MateProblem, Mistake};
use crate::review::{MateEvent, MoveReview};
use crate::rules::{Color, Position};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

impl PracticePage {
    /// Checks `paths` as one collection on a thread; the page shows the progress.
    pub(in crate::gui) fn import_files(&mut self, paths: Vec<PathBuf>, wake: Wake) {
        let Some(first) = paths.first() else {
            return;
        };
        let name = first
            .file_stem()
            .map_or_else(|| "collection".to_owned(), |s| s.to_string_lossy().into());
        let candidates = import::from_files(&paths);
        let known = import::Known::new(&self.built_in, &self.practice.collections, &name);
        let total = candidates.len();
        let progress = Arc::new(AtomicUsize::new(0));
        let heard = Arc::clone(&progress);
        let (sender, answer) = mpsc::channel();
        let job_name = name.clone();
        let spawned = std::thread::Builder::new()
            .name("import".into())
            .stack_size(THREAD_STACK)
            .spawn(move || {
                let stop = AtomicBool::new(false);
                let imported = import::verify(&job_name, candidates, known, &stop, &mut |done| {
                    heard.store(done, Ordering::Relaxed);
                });
                let _ = sender.send(imported);
                wake();
            });
        if spawned.is_ok() {
            self.broken.clear();
            self.import = Some(ImportJob {
                name,
                total,
                progress,
                answer,
            });
        }
    }

    /// Whether a collection is being checked.
    pub(in crate::gui) fn is_importing(&self) -> bool {
        self.import.is_some()
    }

    /// A collection checked: its problems join the practice, and the page says what was
    /// not added and why (a failure to save said on `screen`).
    pub(in crate::gui) fn imported(
        &mut self,
        imported: Imported,
        lang: Language,
        screen: &mut Screen,
    ) {
        let t = lang.practice();
        let count = imported.collection.problems.len();
        let name = imported.collection.name.clone();
        self.broken = Vec::new();
        if !imported.broken.is_empty() {
            let heading = fill(t.broken_heading, &[("count", &imported.broken.len())]);
            self.broken.push(heading);
        }
        for (place, broken) in &imported.broken {
            let place = match place {
                Place::Line(line) => fill(t.place_line, &[("line", line)]),
                Place::File(name) => name.clone(),
            };
            let why = broken_text(lang, broken);
            let entry = fill(t.broken_entry, &[("place", &place), ("why", &why)]);
            self.broken.push(entry);
        }
        if count > 0 {
            self.practice.add_collection(imported.collection);
            self.save(lang, screen);
        }
        let text = fill(t.imported, &[("name", &name), ("count", &count)]);
        self.note = Some(Note {
            text,
            tone: Tone::Neutral,
        });
    }

    /// When a review of the player's own game is complete, its mistakes and blunders join
    /// the practice (once per review), and the game is not reviewed again in the
    /// background.
    pub(in crate::gui) fn harvest_review(
        &mut self,
        panel: &ReviewPanel,
        play: &Play,
        host: &Host,
        lang: Language,
        screen: &mut Screen,
    ) {
        let (Some(review), Some(moves)) = (panel.review(), panel.reviewed_moves()) else {
            return;
        };
        if screen.view.is_replaying()
            || !review.is_complete()
            || self.harvested.as_deref() == Some(moves)
        {
            return;
        }
        let player = play.player;
        let moves = moves.to_vec();
        let reviews: Vec<MoveReview> = review.moves().iter().flatten().cloned().collect();
        let kept = crate::practice::KeptGame::new(play.game.start(), &moves, player);
        self.harvested = Some(moves);
        self.practice.mark_reviewed(&kept.key());
        let added = self.harvest(&reviews, player, host);
        self.save(lang, screen);
        if added > 0 {
            let text = fill(lang.practice().added_mistakes, &[("count", &added)]);
            screen.message = Some(Message::info(text));
        }
    }

    /// Adds `player`'s mistakes and blunders among `reviews` to the practice, and has the
    /// mates the player missed checked by the mate solver on a thread to join as problems.
    /// Returns how many mistakes were new (the caller saves).
    pub(in crate::gui) fn harvest(
        &mut self,
        reviews: &[MoveReview],
        player: Color,
        host: &Host,
    ) -> usize {
        let own: Vec<&MoveReview> = reviews.iter().filter(|m| m.mover == player).collect();
        let mistakes: Vec<Mistake> = own.iter().filter_map(|m| Mistake::from_review(m)).collect();
        let now = self.now();
        let added = self.practice.add_mistakes(mistakes, now);
        let missed: Vec<(Position, u32)> = own
            .iter()
            .filter_map(|m| match m.judgement.mate {
                Some(MateEvent::Missed { plies }) => Some((m.before, plies)),
                _ => None,
            })
            .collect();
        if !missed.is_empty() {
            let (sender, answer) = mpsc::channel();
            let wake = host.wake();
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
                self.harvest.push(answer);
            }
        }
        added
    }

    /// The mate solver found `found` among a review's missed mates: they join the practice.
    pub(in crate::gui) fn mates_found(
        &mut self,
        found: Vec<MateProblem>,
        lang: Language,
        screen: &mut Screen,
    ) {
        let now = self.now();
        let mut added = false;
        for problem in &found {
            added |= self.practice.add_own_mate(problem, now);
        }
        if added {
            self.save(lang, screen);
        }
    }
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

/// Why a problem was not added, in the player's language.
fn broken_text(lang: Language, broken: &Broken) -> String {
    let t = lang.practice();
    match broken {
        Broken::Unreadable(why) => {
            fill(t.broken_unreadable, &[("why", &unreadable_text(lang, why))])
        }
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
        Broken::Duplicate(AlreadyIn::BuiltIn) => t.broken_duplicate_built_in.to_owned(),
        Broken::Duplicate(AlreadyIn::Collection(name)) => {
            fill(t.broken_duplicate_collection, &[("name", name)])
        }
        Broken::Duplicate(AlreadyIn::Earlier(Place::Line(line))) => {
            let place = fill(t.place_line, &[("line", line)]);
            fill(t.broken_duplicate_earlier, &[("place", &place)])
        }
        Broken::Duplicate(AlreadyIn::Earlier(Place::File(name))) => {
            fill(t.broken_duplicate_earlier, &[("place", name)])
        }
    }
}

/// Why a problem could not be read, in the player's language.
fn unreadable_text(lang: Language, why: &Unreadable) -> String {
    match why {
        Unreadable::Sfen(err) => crate::i18n::sfen_error(lang, err),
        Unreadable::Record(err) if err.line > 0 => {
            let place = fill(lang.practice().place_line, &[("line", &err.line)]);
            format!(
                "{place}: {}",
                crate::i18n::record_problem(lang, &err.problem)
            )
        }
        Unreadable::Record(err) => crate::i18n::record_problem(lang, &err.problem),
        Unreadable::File(kind, text) => crate::i18n::system_error(
            lang,
            &SystemError {
                kind: *kind,
                text: text.clone(),
            },
        ),
    }
}
