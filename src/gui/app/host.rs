//! What the app gets from where it runs: the window (to wake it, to ask for the focus), the
//! time, the sounds, and chance.

use crate::gui::platform::sound::{Cue, Player};
use egui::Context;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Called by a search when it has news for the window.
pub(in crate::gui) type Wake = Box<dyn Fn() + Send>;

/// Where the app reads the time: the system clock, or one a test moves by hand.
pub type TimeSource = Arc<dyn Fn() -> Instant + Send + Sync>;

/// The window, the time, the sounds and the random numbers.
pub(in crate::gui) struct Host {
    /// The window, from the first frame on: woken by the searches, and the clipboard.
    pub(in crate::gui) egui: Option<Context>,
    /// Frames left in which to ask for the keyboard focus, until the window has it.
    pub(in crate::gui) focus_requests: u8,
    /// Where the clock reads the time.
    pub(in crate::gui) time: TimeSource,
    /// What the sounds last answered, and the cues not yet played.
    pub(in crate::gui) heard: Heard,
    /// Plays the cues; started with the first sound in a real window (tests stay silent).
    pub(in crate::gui) sound: Option<Player>,
    /// Picks a random side and seeds the searches; repeatable from a fixed seed.
    pub(in crate::gui) rng: Xoshiro256PlusPlus,
    /// Whether to try the system's file dialogs (tests turn them off, as on a desktop
    /// without them: the app's own dialog is shown instead).
    pub(in crate::gui) system_dialogs: bool,
}

impl Host {
    /// No window yet, the system's time, silence, and chance from `seed`.
    pub(in crate::gui) fn new(seed: u64) -> Host {
        Host {
            egui: None,
            focus_requests: FOCUS_REQUESTS,
            time: Arc::new(Instant::now),
            heard: Heard::default(),
            sound: None,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            system_dialogs: true,
        }
    }

    pub(in crate::gui) fn now(&self) -> Instant {
        (self.time)()
    }

    /// Something for a search to call when it has news: a repaint of the window, if there
    /// is one yet.
    pub(in crate::gui) fn wake(&self) -> Wake {
        let ctx = self.egui.clone();
        Box::new(move || {
            if let Some(ctx) = &ctx {
                ctx.request_repaint();
            }
        })
    }

    /// [`Host::wake`] for work shared by several threads (the review's workers).
    pub(in crate::gui) fn notify(&self) -> crate::review::workers::Notify {
        let ctx = self.egui.clone();
        Arc::new(move || {
            if let Some(ctx) = &ctx {
                ctx.request_repaint();
            }
        })
    }

    /// Asks for the keyboard focus on the first frames, so the shortcuts work without a
    /// click into the window first (a window opened from a terminal, or without a window
    /// manager, does not always get it).
    pub(in crate::gui) fn take_focus(&mut self, ctx: &Context) {
        if self.focus_requests == 0 {
            return;
        }
        if ctx.input(|i| i.viewport().focused) == Some(true) {
            self.focus_requests = 0;
            return;
        }
        self.focus_requests -= 1;
        ctx.send_viewport_cmd(egui::ViewportCommand::Focus);
        ctx.request_repaint_after(Duration::from_millis(100));
    }
}

/// The game as the sounds last heard it: its length and whether it was over.
#[derive(Clone, Default)]
pub(in crate::gui) struct Heard {
    pub(in crate::gui) ply: usize,
    pub(in crate::gui) over: bool,
    /// The cues not yet played, oldest first (a window plays them each frame).
    pub(in crate::gui) cues: Vec<Cue>,
}

/// How many cues wait at most: without a window to play them, the oldest are dropped.
pub(in crate::gui) const WAITING_CUES: usize = 8;

/// How many of the first frames ask for the keyboard focus: the first may come before the
/// window is mapped, when the request is ignored.
const FOCUS_REQUESTS: u8 = 10;

/// A seed that differs from run to run.
pub(in crate::gui) fn seed_from_clock() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0x5EED, |d| d.as_nanos() as u64)
}
