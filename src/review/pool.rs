//! Worker threads that send their results back one at a time: the fast
//! pass's analysis ([`super::workers`]) and the deep pass ([`super::deep`])
//! each run on one. The window polls it between frames, a command line waits
//! on it; either can watch its progress or cancel it. Dropping it cancels it
//! and waits for the workers.

use crate::engine::search::THREAD_STACK;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;

/// How far the work has come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalysisProgress {
    /// Pieces of work done (positions analysed, mistakes looked at again).
    pub done: usize,
    /// Pieces of work in all.
    pub total: usize,
}

impl AnalysisProgress {
    /// 0 to 1.
    pub fn fraction(self) -> f32 {
        if self.total == 0 {
            1.0
        } else {
            self.done as f32 / self.total as f32
        }
    }
}

/// What each worker is handed: where its results go, the flag that stops
/// it, and the count of work done that [`Pool::progress`] reads.
pub struct Hands<T> {
    pub sender: Sender<T>,
    pub cancel: Arc<AtomicBool>,
    pub done: Arc<AtomicUsize>,
}

/// Workers running in the background, sending results of type `T`.
pub struct Pool<T> {
    receiver: Receiver<T>,
    cancel: Arc<AtomicBool>,
    done: Arc<AtomicUsize>,
    total: usize,
    workers: Vec<JoinHandle<()>>,
}

impl<T: Send + 'static> Pool<T> {
    /// Starts `threads` workers named `name`, each running `work` with its
    /// own [`Hands`], on `total` pieces of work. A thread the system refuses
    /// is left out; the others share its work.
    pub fn spawn(
        name: &str,
        threads: usize,
        total: usize,
        work: impl Fn(Hands<T>) + Send + Sync + 'static,
    ) -> Pool<T> {
        let work = Arc::new(work);
        let cancel = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicUsize::new(0));
        let (sender, receiver) = mpsc::channel();
        let mut workers = Vec::new();
        for _ in 0..threads.max(1) {
            let hands = Hands {
                sender: sender.clone(),
                cancel: Arc::clone(&cancel),
                done: Arc::clone(&done),
            };
            let work = Arc::clone(&work);
            let spawned = std::thread::Builder::new()
                .name(name.into())
                .stack_size(THREAD_STACK)
                .spawn(move || work(hands));
            if let Ok(handle) = spawned {
                workers.push(handle);
            }
        }
        Pool {
            receiver,
            cancel,
            done,
            total,
            workers,
        }
    }
}

impl<T> Pool<T> {
    /// A result if one is waiting; never blocks.
    pub fn try_next(&self) -> Option<T> {
        self.receiver.try_recv().ok()
    }

    /// The next result, waiting for it; `None` once every worker has
    /// finished (or was cancelled) and every result was taken.
    pub fn next_blocking(&self) -> Option<T> {
        self.receiver.recv().ok()
    }

    pub fn progress(&self) -> AnalysisProgress {
        AnalysisProgress {
            done: self.done.load(Ordering::Relaxed).min(self.total),
            total: self.total,
        }
    }

    /// Stops the workers: no new result arrives after the ones in flight.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Whether every worker has stopped (finished or cancelled).
    pub fn is_finished(&self) -> bool {
        self.workers.iter().all(JoinHandle::is_finished)
    }
}

impl<T> Drop for Pool<T> {
    fn drop(&mut self) {
        self.cancel();
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
    }
}
