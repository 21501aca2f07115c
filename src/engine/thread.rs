//! The engine on its own thread, so the GUI never waits for a search.

use super::decision::EngineMove;
use super::think::{EngineEvent, ThinkRequest, think};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};

/// A search running on its own thread. Dropping it stops the search.
pub struct ThinkHandle {
    events: Receiver<EngineEvent>,
    stop: Arc<AtomicBool>,
}

impl ThinkHandle {
    /// `wake` is called after each event is sent (the GUI passes
    /// `move || ctx.request_repaint()`).
    pub fn spawn(req: ThinkRequest, wake: Box<dyn Fn() + Send>) -> ThinkHandle {
        let (sender, events) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        // Detached: the thread ends on its own once the search stops. If it
        // cannot start, no event ever comes and the caller's stop is a no-op.
        let _ = std::thread::Builder::new()
            .name("komadai-engine".into())
            .stack_size(super::search::THREAD_STACK)
            .spawn(move || {
                let mut report = |progress: &super::Progress| {
                    // A closed channel means nobody listens: nothing to do.
                    let _ = sender.send(EngineEvent::Progress(progress.clone()));
                    wake();
                };
                let chosen: EngineMove = think(&req, &flag, &mut report);
                let _ = sender.send(EngineEvent::Done(chosen));
                wake();
            });
        ThinkHandle { events, stop }
    }

    pub fn try_recv(&self) -> Option<EngineEvent> {
        self.events.try_recv().ok()
    }

    /// Asks the search to finish at once; its `Done` event follows.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for ThinkHandle {
    fn drop(&mut self) {
        // The thread ends within a few thousand nodes; nobody needs to wait.
        self.stop();
    }
}
