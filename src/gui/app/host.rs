//! What the app gets from where it runs: the window (to wake it, to ask for the focus), the
//! time, the sounds, and chance.

use crate::gui::platform::sound::{Cue, Player};
use egui::Context;
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use super::background::Wake;

/// Where the app reads the time: the system clock, or one a test moves by hand.
pub type TimeSource = Arc<dyn Fn() -> Instant + Send + Sync>;

/// The window, the time, the sounds and the random numbers.
pub(super) struct Host {
    /// The window, from the first frame on: woken by the searches, and the clipboard.
    pub(super) egui: Option<Context>,
    /// Frames left in which to ask for the keyboard focus, until the window has it.
    pub(super) focus_requests: u8,
    /// Where the clock reads the time.
    pub(super) time: TimeSource,
    /// What the sounds last answered, and the cues not yet played.
    pub(super) heard: Heard,
    /// Plays the cues; started with the first sound in a real window (tests stay silent).
    pub(super) sound: Option<Player>,
    /// Picks a random side and seeds the searches; repeatable from a fixed seed.
    pub(super) rng: Xoshiro256PlusPlus,
}

impl Host {
    /// No window yet, the system's time, silence, and chance from `seed`.
    pub(super) fn new(seed: u64) -> Host {
        Host {
            egui: None,
            focus_requests: FOCUS_REQUESTS,
            time: Arc::new(Instant::now),
            heard: Heard::default(),
            sound: None,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
    }

    pub(super) fn now(&self) -> Instant {
        (self.time)()
    }

    /// Something for a search to call when it has news: a repaint of the window, if there
    /// is one yet.
    pub(super) fn wake(&self) -> Wake {
        let ctx = self.egui.clone();
        Box::new(move || {
            if let Some(ctx) = &ctx {
                ctx.request_repaint();
            }
        })
    }

    /// Asks for the keyboard focus on the first frames, so the shortcuts work without a
    /// click into the window first (a window opened from a terminal, or without a window
    /// manager, does not always get it).
    pub(super) fn take_focus(&mut self, ctx: &Context) {
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
pub(super) struct Heard {
    pub(super) ply: usize,
    pub(super) over: bool,
    /// The cues not yet played, oldest first (a window plays them each frame).
    pub(super) cues: Vec<Cue>,
}

/// How many cues wait at most: without a window to play them, the oldest are dropped.
pub(super) const WAITING_CUES: usize = 8;

/// How many of the first frames ask for the keyboard focus: the first may come before the
/// window is mapped, when the request is ignored.
const FOCUS_REQUESTS: u8 = 10;

/// A seed that differs from run to run.
pub(super) fn seed_from_clock() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0x5EED, |d| d.as_nanos() as u64)
}
