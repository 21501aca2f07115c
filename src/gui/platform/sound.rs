//! Sounds: a soft wooden click when a piece is placed, two rising notes for check, a falling
//! chime at the end of a game. They are synthesised here (no sound files) and played on a
//! thread of their own, so the window never waits for them.
//!
//! On Linux the system's ALSA library (`libasound.so.2`, on every desktop) is loaded when the
//! first sound plays, with `libloading` (already in the window stack's tree): nothing is
//! needed to build, and without the library or a sound device the app stays silent. Windows
//! and macOS are silent for now: their sound APIs need a crate of their own.

use std::sync::mpsc::{self, Receiver, Sender};

/// The sample rate of the synthesised sounds, which ALSA resamples when it must.
pub const RATE: u32 = 44_100;

/// What happened, to be heard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// A piece put down on the board.
    Place,
    /// A move that gives check.
    Check,
    /// The game is over.
    GameEnd,
}

/// The cue's sound as 16-bit mono samples at [`RATE`].
pub fn samples(cue: Cue) -> Vec<i16> {
    match cue {
        Cue::Place => wood_click(),
        Cue::Check => notes(&[(880.0, 0.09), (1175.0, 0.14)], 0.35),
        Cue::GameEnd => notes(&[(784.0, 0.18), (659.0, 0.18), (523.0, 0.45)], 0.35),
    }
}

/// A short knock: two damped partials of a wooden block over a breath of noise, about 60 ms.
fn wood_click() -> Vec<i16> {
    let length = (RATE as f32 * 0.06) as usize;
    // A fixed xorshift: the same click every time, and no random source needed.
    let mut noise_state: u32 = 0x9E37_79B9;
    (0..length)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            noise_state ^= noise_state << 13;
            noise_state ^= noise_state >> 17;
            noise_state ^= noise_state << 5;
            let noise = (noise_state as f32 / u32::MAX as f32) * 2.0 - 1.0;
            let body = 0.6 * (std::f32::consts::TAU * 620.0 * t).sin() * (-t * 70.0).exp()
                + 0.3 * (std::f32::consts::TAU * 1480.0 * t).sin() * (-t * 110.0).exp();
            let attack = 0.25 * noise * (-t * 400.0).exp();
            to_sample(0.7 * (body + attack))
        })
        .collect()
}

/// Notes one after another, each (frequency in Hz, seconds), with a soft start and fade so
/// none of them clicks.
fn notes(notes: &[(f32, f32)], volume: f32) -> Vec<i16> {
    let mut out = Vec::new();
    for &(frequency, seconds) in notes {
        let length = (RATE as f32 * seconds) as usize;
        out.extend((0..length).map(|i| {
            let t = i as f32 / RATE as f32;
            let attack = (t / 0.008).min(1.0);
            let decay = (-t * 6.0 / seconds).exp();
            let tone = (std::f32::consts::TAU * frequency * t).sin()
                + 0.25 * (std::f32::consts::TAU * 2.0 * frequency * t).sin();
            to_sample(volume * attack * decay * tone / 1.25)
        }));
    }
    out
}

fn to_sample(x: f32) -> i16 {
    (x.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16
}

/// Plays cues on its own thread, one after another; silent where no sound can be made.
pub struct Player {
    cues: Sender<Cue>,
}

impl Player {
    /// A player that loads the system's sound library when its thread starts.
    pub fn start() -> Player {
        Player::with_library(backend::LIBRARY)
    }

    /// A player that loads `library` (tests give one that does not exist).
    pub fn with_library(library: &'static str) -> Player {
        let (cues, heard) = mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("komadai sound".into())
            .spawn(move || play_all(library, &heard));
        if let Err(err) = spawned {
            log::warn!("no sound: the sound thread did not start ({err})");
        }
        Player { cues }
    }

    /// Plays `cue` soon, after the ones before it; never waits.
    pub fn play(&self, cue: Cue) {
        // A closed channel means the thread found no way to make sound: stay silent.
        let _ = self.cues.send(cue);
    }
}

/// The sound thread: loads the library once, then plays each cue as it comes, until the app
/// drops its player. Without a library it ends at once (the app's sends then fail quietly).
fn play_all(library: &str, heard: &Receiver<Cue>) {
    let Some(output) = backend::SoundOutput::load(library) else {
        log::info!("no sound: {library} could not be loaded");
        return;
    };
    while let Ok(cue) = heard.recv() {
        if !output.play(&samples(cue)) {
            // No device (a machine without a sound card): stop asking, ALSA says so on
            // stderr every time.
            log::info!("no sound: no sound device could be opened");
            return;
        }
    }
}

#[cfg(target_os = "linux")]
mod backend {
    //! The handful of ALSA PCM calls needed to play a buffer, loaded at run time.

    use libloading::{Library, Symbol};
    use std::ffi::{c_char, c_int, c_long, c_uint, c_ulong, c_void};

    pub const LIBRARY: &str = "libasound.so.2";

    const STREAM_PLAYBACK: c_int = 0;
    const FORMAT_S16_LE: c_int = 2;
    const ACCESS_RW_INTERLEAVED: c_int = 3;
    /// How much ALSA may buffer, in microseconds.
    const LATENCY: c_uint = 100_000;

    type Open = unsafe extern "C" fn(*mut *mut c_void, *const c_char, c_int, c_int) -> c_int;
    type SetParams =
        unsafe extern "C" fn(*mut c_void, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
    type WriteI = unsafe extern "C" fn(*mut c_void, *const c_void, c_ulong) -> c_long;
    type Handle = unsafe extern "C" fn(*mut c_void) -> c_int;
    /// ALSA's thread-local error handler, given each message already written out.
    type LocalError =
        unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char);
    type SetLocalError = unsafe extern "C" fn(Option<LocalError>) -> Option<LocalError>;

    /// ALSA's errors (no card, no such device) go to the log rather than standard error,
    /// where ALSA writes them by default: the app prints nothing while it runs.
    unsafe extern "C" fn to_the_log(
        _file: *const c_char,
        _line: c_int,
        _function: *const c_char,
        _err: c_int,
        message: *const c_char,
    ) {
        if message.is_null() {
            return;
        }
        // SAFETY: ALSA passes a NUL-terminated message that lives through the call.
        let message = unsafe { std::ffi::CStr::from_ptr(message) };
        log::debug!("ALSA: {}", message.to_string_lossy());
    }

    /// The loaded library; a device is opened for each sound, so a device that comes or goes
    /// (headphones) is followed.
    pub struct SoundOutput {
        library: Library,
    }

    impl SoundOutput {
        /// Loads the library on the thread that will play (its errors are sent to the log
        /// from this thread on).
        pub fn load(name: &str) -> Option<SoundOutput> {
            // SAFETY: loading the system's ALSA library runs only its initialisers, which
            // have no preconditions.
            let library = unsafe { Library::new(name) }.ok()?;
            let output = SoundOutput { library };
            let complete = output.symbols().is_some();
            output.quiet();
            complete.then_some(output)
        }

        /// Sends ALSA's error messages on this thread to the log.
        fn quiet(&self) {
            // SAFETY: the type is that of ALSA's documented `snd_lib_error_set_local`, which
            // takes a handler (or none) and returns the one before; the handler matches
            // `snd_local_error_handler_t` and lives as long as the program.
            unsafe {
                if let Ok(set_local) = self
                    .library
                    .get::<SetLocalError>(b"snd_lib_error_set_local\0")
                {
                    set_local(Some(to_the_log));
                }
            }
        }

        #[allow(clippy::type_complexity)]
        fn symbols(
            &self,
        ) -> Option<(
            Symbol<'_, Open>,
            Symbol<'_, SetParams>,
            Symbol<'_, WriteI>,
            Symbol<'_, Handle>,
            Symbol<'_, Handle>,
        )> {
            // SAFETY: the types are those of ALSA's documented C functions of these names.
            unsafe {
                Some((
                    self.library.get(b"snd_pcm_open\0").ok()?,
                    self.library.get(b"snd_pcm_set_params\0").ok()?,
                    self.library.get(b"snd_pcm_writei\0").ok()?,
                    self.library.get(b"snd_pcm_drain\0").ok()?,
                    self.library.get(b"snd_pcm_close\0").ok()?,
                ))
            }
        }

        /// Plays 16-bit mono samples on the default device and waits until they are heard;
        /// any failure is silence. Returns whether a device could be opened.
        pub fn play(&self, samples: &[i16]) -> bool {
            let Some((open, set_params, write, drain, close)) = self.symbols() else {
                return false;
            };
            let mut pcm: *mut c_void = std::ptr::null_mut();
            // SAFETY: the calls follow ALSA's contract: a handle is used only after a
            // successful open and closed exactly once; the buffer outlives the write, and
            // the frame count is its length (one channel).
            unsafe {
                if open(&mut pcm, c"default".as_ptr(), STREAM_PLAYBACK, 0) < 0 || pcm.is_null() {
                    return false;
                }
                let ready = set_params(
                    pcm,
                    FORMAT_S16_LE,
                    ACCESS_RW_INTERLEAVED,
                    1,
                    super::RATE,
                    1,
                    LATENCY,
                ) >= 0;
                if ready {
                    write(pcm, samples.as_ptr().cast(), samples.len() as c_ulong);
                    drain(pcm);
                }
                close(pcm);
            }
            true
        }
    }
}

#[cfg(not(target_os = "linux"))]
mod backend {
    //! No sound outside Linux yet.

    pub const LIBRARY: &str = "";

    pub struct SoundOutput;

    impl SoundOutput {
        pub fn load(_name: &str) -> Option<SoundOutput> {
            None
        }

        pub fn play(&self, _samples: &[i16]) -> bool {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_cue_has_its_own_short_sound_within_range() {
        let place = samples(Cue::Place);
        let check = samples(Cue::Check);
        let end = samples(Cue::GameEnd);
        // The click is short; the chime longest.
        assert!(place.len() < check.len() && check.len() < end.len());
        assert!(end.len() < RATE as usize, "under a second");
        for sound in [&place, &check, &end] {
            let peak = sound.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
            assert!(peak > 3_000, "audible: {peak}");
            assert!(peak < i16::MAX.unsigned_abs(), "not clipped: {peak}");
            // Each ends faded out, so it stops without a click.
            let tail = sound[sound.len() - 20..]
                .iter()
                .map(|s| s.unsigned_abs())
                .max();
            assert!(tail.unwrap_or(0) < 2_000, "{tail:?}");
        }
    }

    #[test]
    fn the_same_cue_sounds_the_same_every_time() {
        assert_eq!(samples(Cue::Place), samples(Cue::Place));
    }

    #[test]
    fn without_the_library_a_player_is_silent_and_never_panics() {
        assert!(backend::SoundOutput::load("libkomadai-no-such-sound-library.so.0").is_none());
        let player = Player::with_library("libkomadai-no-such-sound-library.so.0");
        for cue in [Cue::Place, Cue::Check, Cue::GameEnd] {
            player.play(cue);
        }
        // Its thread has ended; later cues go nowhere, quietly.
        std::thread::sleep(std::time::Duration::from_millis(50));
        player.play(Cue::Place);
    }

    /// Plays the click on this machine when it has ALSA (run by hand: `cargo test --
    /// --ignored sound`); without a device it returns at once, silent.
    #[test]
    #[ignore = "makes a sound where there is a sound device"]
    fn the_system_library_plays_or_stays_silent() {
        if let Some(output) = backend::SoundOutput::load(backend::LIBRARY) {
            output.play(&samples(Cue::Place));
        }
    }
}
