//! The game clock: both sides' time, the one running, and the time each move took.
//!
//! Plain arithmetic on instants the caller passes in (no clock of its own is read), so a
//! window can drive it from the system clock and a test from instants it makes up. Only the
//! side to move's clock runs; a move stops it and starts the other one.

mod control;
mod move_clock;

pub use control::{ControlKind, TimeControl};
pub use move_clock::MoveClock;

use crate::rules::{ByColor, Color};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// Both clocks of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameClock {
    controls: ByColor<TimeControl>,
    /// Main time left for each side, as it stood after its last move.
    left: ByColor<Duration>,
    /// The side whose clock counts: the side to move.
    turn: Color,
    /// Time spent on the current move up to the last pause.
    spent: Duration,
    /// When the clock last started, while it runs.
    since: Option<Instant>,
    /// The main time left before each move, to restore on undo.
    before_move: Vec<ByColor<Duration>>,
    /// The time each move took.
    move_times: Vec<Duration>,
}

/// What one side's clock shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// Main time left.
    pub main: Duration,
    /// Byoyomi left for this move, once the main time is gone (with a byoyomi control).
    pub byoyomi: Option<Duration>,
    /// This side's clock is running now.
    pub running: bool,
    /// This side has no time left.
    pub out: bool,
}

impl Reading {
    /// The time that matters now: the byoyomi once counting it, else the main time.
    pub fn shown(&self) -> Duration {
        self.byoyomi.unwrap_or(self.main)
    }
}

impl GameClock {
    /// Both clocks full and stopped, `turn` to move first.
    pub fn new(controls: ByColor<TimeControl>, turn: Color) -> GameClock {
        GameClock {
            controls,
            left: ByColor::new(controls[Color::Sente].main(), controls[Color::Gote].main()),
            turn,
            spent: Duration::ZERO,
            since: None,
            before_move: Vec::new(),
            move_times: Vec::new(),
        }
    }

    /// No limit for either side: only the time each move took is measured.
    pub fn unlimited(turn: Color) -> GameClock {
        GameClock::new(ByColor::default(), turn)
    }

    pub fn control(&self, color: Color) -> TimeControl {
        self.controls[color]
    }

    /// Either side plays against a limit.
    pub fn is_limited(&self) -> bool {
        Color::ALL.iter().any(|&c| self.controls[c].is_limited())
    }

    pub fn turn(&self) -> Color {
        self.turn
    }

    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }

    /// The time each move took, in the order of the moves.
    pub fn move_times(&self) -> &[Duration] {
        &self.move_times
    }

    /// Starts (or keeps) the side to move's clock running.
    pub fn resume(&mut self, now: Instant) {
        if self.since.is_none() {
            self.since = Some(now);
        }
    }

    /// Stops the clock, keeping what the current move has used so far.
    pub fn pause(&mut self, now: Instant) {
        if let Some(since) = self.since.take() {
            self.spent += now.saturating_duration_since(since);
        }
    }

    /// What the side to move has used on this move so far.
    pub fn used(&self, now: Instant) -> Duration {
        self.spent
            + self
                .since
                .map_or(Duration::ZERO, |since| now.saturating_duration_since(since))
    }

    /// The side to move made its move at `now`: its time is charged (and, with an increment,
    /// topped up) and the other side's clock takes over, running if this one was. Returns the
    /// time the move took.
    pub fn press(&mut self, now: Instant) -> Duration {
        let used = self.used(now);
        let mover = self.turn;
        self.before_move.push(self.left);
        self.move_times.push(used);
        let control = self.controls[mover];
        let left = &mut self.left[mover];
        // Byoyomi is spent from the main time's end and returns with every move; what is
        // over the main time is never charged to it.
        *left = left.saturating_sub(used);
        if control.is_limited() {
            *left += control.increment();
        }
        self.turn = !mover;
        self.spent = Duration::ZERO;
        if self.since.is_some() {
            self.since = Some(now);
        }
        used
    }

    /// The clocks as they stood after `plies` moves (undo): main times restored, the move
    /// times after it forgotten, stopped, with `turn` to move.
    pub fn take_back_to(&mut self, plies: usize, turn: Color) {
        if let Some(&left) = self.before_move.get(plies) {
            self.left = left;
        }
        self.before_move.truncate(plies);
        self.move_times.truncate(plies);
        self.turn = turn;
        self.spent = Duration::ZERO;
        self.since = None;
    }

    /// Moves played without this clock (a game opened, or played on from an earlier move),
    /// up to `plies` moves, with `turn` to move: each took the time `known` gives for it (a
    /// record's), or none.
    pub fn catch_up(&mut self, plies: usize, known: &[Duration], turn: Color) {
        while self.move_times.len() < plies {
            let time = known
                .get(self.move_times.len())
                .copied()
                .unwrap_or_default();
            self.before_move.push(self.left);
            self.move_times.push(time);
        }
        self.turn = turn;
    }

    /// The plies this clock has seen played.
    pub fn plies(&self) -> usize {
        self.move_times.len()
    }

    /// What `color`'s clock shows at `now`.
    pub fn reading(&self, color: Color, now: Instant) -> Reading {
        let control = self.controls[color];
        let running = self.since.is_some() && self.turn == color;
        let used = if self.turn == color {
            self.used(now)
        } else {
            Duration::ZERO
        };
        let left = self.left[color];
        let main = left.saturating_sub(used);
        let byoyomi = match control {
            TimeControl::Byoyomi { period, .. } if used >= left => {
                Some(period.saturating_sub(used - left))
            }
            _ => None,
        };
        let out = control.is_limited() && main.is_zero() && byoyomi.is_none_or(|b| b.is_zero());
        Reading {
            main,
            byoyomi,
            running,
            out,
        }
    }

    /// The side whose time ran out, if one did: always the side to move.
    pub fn time_up(&self, now: Instant) -> Option<Color> {
        self.reading(self.turn, now).out.then_some(self.turn)
    }

    /// The clock as the engine's time manager reads it, for `color` about to think; `None`
    /// without a limit (the level's own pace then).
    pub fn for_engine(&self, color: Color, now: Instant) -> Option<MoveClock> {
        let control = self.controls[color];
        if !control.is_limited() {
            return None;
        }
        let reading = self.reading(color, now);
        Some(MoveClock {
            remaining: Some(reading.main),
            increment: control.increment(),
            byoyomi: reading.byoyomi.unwrap_or(control.period()),
            movetime: None,
        })
    }

    /// What to keep on disk: everything but the running instant (the move's time so far is
    /// banked as of `now`).
    pub fn snapshot(&self, now: Instant) -> ClockSnapshot {
        ClockSnapshot {
            controls: self.controls.0,
            left: self.left.0,
            spent: self.used(now),
            before_move: self.before_move.iter().map(|b| b.0).collect(),
            move_times: self.move_times.clone(),
        }
    }

    /// The clock a snapshot kept, stopped, with `turn` to move.
    pub fn from_snapshot(snapshot: &ClockSnapshot, turn: Color) -> GameClock {
        GameClock {
            controls: ByColor(snapshot.controls),
            left: ByColor(snapshot.left),
            turn,
            spent: snapshot.spent,
            since: None,
            before_move: snapshot.before_move.iter().map(|&b| ByColor(b)).collect(),
            move_times: snapshot.move_times.clone(),
        }
    }
}

/// A game clock as the autosave keeps it. Sides are in the order Sente, Gote.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSnapshot {
    pub controls: [TimeControl; 2],
    pub left: [Duration; 2],
    /// What the side to move had used on its move.
    pub spent: Duration,
    #[serde(default)]
    pub before_move: Vec<[Duration; 2]>,
    #[serde(default)]
    pub move_times: Vec<Duration>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    fn byoyomi(main: u64, period: u64) -> TimeControl {
        TimeControl::Byoyomi {
            main: secs(main),
            period: secs(period),
        }
    }

    /// Both sides on `control`, Sente to move, running from `t0`.
    fn running(control: TimeControl, t0: Instant) -> GameClock {
        let mut clock = GameClock::new(ByColor::new(control, control), Color::Sente);
        clock.resume(t0);
        clock
    }

    #[test]
    fn the_running_clock_counts_down_and_the_other_waits() {
        let t0 = Instant::now();
        let clock = running(byoyomi(60, 10), t0);
        let sente = clock.reading(Color::Sente, t0 + secs(15));
        assert_eq!(sente.main, secs(45));
        assert!(sente.running);
        let gote = clock.reading(Color::Gote, t0 + secs(15));
        assert_eq!(gote.main, secs(60));
        assert!(!gote.running);
    }

    #[test]
    fn a_move_charges_the_mover_and_starts_the_other_clock() {
        let t0 = Instant::now();
        let mut clock = running(byoyomi(60, 10), t0);
        assert_eq!(clock.press(t0 + secs(7)), secs(7));
        assert_eq!(clock.turn(), Color::Gote);
        let later = t0 + secs(10);
        assert_eq!(clock.reading(Color::Sente, later).main, secs(53));
        assert_eq!(clock.reading(Color::Gote, later).main, secs(57));
        assert_eq!(clock.move_times(), &[secs(7)]);
    }

    #[test]
    fn byoyomi_counts_down_after_the_main_time_and_comes_back_each_move() {
        let t0 = Instant::now();
        let mut clock = running(byoyomi(5, 10), t0);
        let reading = clock.reading(Color::Sente, t0 + secs(8));
        assert_eq!(reading.main, Duration::ZERO);
        assert_eq!(reading.byoyomi, Some(secs(7)));
        assert_eq!(reading.shown(), secs(7));
        assert!(!reading.out);
        clock.press(t0 + secs(8));
        clock.press(t0 + secs(9));
        // Sente's next move starts with the whole period again.
        let reading = clock.reading(Color::Sente, t0 + secs(12));
        assert_eq!(reading.byoyomi, Some(secs(7)));
    }

    #[test]
    fn byoyomi_used_up_loses_on_time() {
        let t0 = Instant::now();
        let clock = running(byoyomi(5, 10), t0);
        assert_eq!(clock.time_up(t0 + secs(14)), None);
        assert_eq!(clock.time_up(t0 + secs(15)), Some(Color::Sente));
        assert!(clock.reading(Color::Sente, t0 + secs(15)).out);
    }

    #[test]
    fn sudden_death_loses_when_the_main_time_is_gone() {
        let t0 = Instant::now();
        let mut clock = running(TimeControl::SuddenDeath { main: secs(30) }, t0);
        clock.press(t0 + secs(20));
        assert_eq!(clock.time_up(t0 + secs(49)), None);
        assert_eq!(clock.time_up(t0 + secs(50)), Some(Color::Gote));
    }

    #[test]
    fn fischer_adds_the_increment_after_each_move() {
        let t0 = Instant::now();
        let control = TimeControl::Fischer {
            main: secs(60),
            increment: secs(5),
        };
        let mut clock = running(control, t0);
        clock.press(t0 + secs(2));
        assert_eq!(clock.reading(Color::Sente, t0 + secs(2)).main, secs(63));
    }

    #[test]
    fn an_unlimited_clock_never_runs_out_but_measures_moves() {
        let t0 = Instant::now();
        let mut clock = GameClock::unlimited(Color::Gote);
        clock.resume(t0);
        assert_eq!(clock.time_up(t0 + secs(100_000)), None);
        clock.press(t0 + secs(3));
        assert_eq!(clock.move_times(), &[secs(3)]);
        assert_eq!(clock.for_engine(Color::Gote, t0), None);
    }

    #[test]
    fn a_paused_clock_keeps_its_time() {
        let t0 = Instant::now();
        let mut clock = running(byoyomi(60, 10), t0);
        clock.pause(t0 + secs(10));
        assert!(!clock.is_running());
        let reading = clock.reading(Color::Sente, t0 + secs(500));
        assert_eq!(reading.main, secs(50));
        clock.resume(t0 + secs(500));
        assert_eq!(clock.reading(Color::Sente, t0 + secs(505)).main, secs(45));
    }

    #[test]
    fn each_side_has_its_own_control() {
        let t0 = Instant::now();
        let controls = ByColor::new(
            byoyomi(600, 30),
            TimeControl::SuddenDeath { main: secs(60) },
        );
        let clock = GameClock::new(controls, Color::Gote);
        assert_eq!(clock.reading(Color::Sente, t0).main, secs(600));
        assert_eq!(clock.reading(Color::Gote, t0).main, secs(60));
        assert_eq!(clock.turn(), Color::Gote);
    }

    #[test]
    fn undo_restores_the_clocks_as_they_stood() {
        let t0 = Instant::now();
        let mut clock = running(byoyomi(60, 10), t0);
        clock.press(t0 + secs(10));
        clock.press(t0 + secs(30));
        clock.take_back_to(0, Color::Sente);
        assert!(!clock.is_running());
        assert_eq!(clock.reading(Color::Sente, t0).main, secs(60));
        assert_eq!(clock.reading(Color::Gote, t0).main, secs(60));
        assert!(clock.move_times().is_empty());
    }

    #[test]
    fn a_snapshot_brings_the_clock_back_stopped_where_it_was() {
        let t0 = Instant::now();
        let mut clock = running(byoyomi(60, 10), t0);
        clock.press(t0 + secs(10));
        let snapshot = clock.snapshot(t0 + secs(14));
        let restored = GameClock::from_snapshot(&snapshot, Color::Gote);
        let later = t0 + secs(1000);
        assert!(!restored.is_running());
        assert_eq!(restored.reading(Color::Gote, later).main, secs(56));
        assert_eq!(restored.reading(Color::Sente, later).main, secs(50));
        assert_eq!(restored.move_times(), &[secs(10)]);
    }

    #[test]
    fn the_engine_sees_what_is_left_and_the_byoyomi() {
        let t0 = Instant::now();
        let clock = running(byoyomi(60, 10), t0);
        let seen = clock.for_engine(Color::Sente, t0 + secs(20));
        assert_eq!(
            seen,
            Some(MoveClock {
                remaining: Some(secs(40)),
                byoyomi: secs(10),
                ..MoveClock::default()
            })
        );
    }
}
