//! An added engine at work for one role: its player thread and the name it is shown by,
//! and the `go` line that gives it the game's clocks.

use crate::clock::GameClock;
use crate::engine::EngineMove;
use crate::rules::Color;
use crate::usi::client::{BestMove, EnginePlayer, EngineSetup};
use std::time::{Duration, Instant};

/// How far past its time an added engine's move may come before it loses on time. A move
/// made in time still has to cross the pipe and wait for the window's next frame, and a
/// busy machine delays both: GUIs give engines such a margin (ShogiHome's "network delay"),
/// and engines keep one of their own (YaneuraOu's NetworkDelay2 is about a second). A
/// second covers the window's side of it without giving an engine real thinking time.
pub(in crate::gui) const MOVE_MARGIN: Duration = Duration::from_secs(1);

/// An added engine playing a role.
pub(in crate::gui) struct Seat {
    /// Its id in the engine list.
    pub(in crate::gui) id: u32,
    pub(in crate::gui) name: String,
    pub(in crate::gui) player: EnginePlayer,
    /// How long past its own time a move may come before the engine counts as hung.
    pub(in crate::gui) grace: Duration,
}

impl Seat {
    pub(in crate::gui) fn new(
        id: u32,
        name: String,
        setup: EngineSetup,
        wake: Box<dyn Fn() + Send>,
    ) -> Seat {
        let grace = setup.timeouts.stop;
        Seat {
            id,
            name,
            player: EnginePlayer::new(setup, wake),
            grace,
        }
    }
}

/// An engine's answer as the AI's decision.
pub(in crate::gui) fn decision(answer: BestMove) -> EngineMove {
    match answer {
        BestMove::Move(mv) => EngineMove::Move(mv),
        BestMove::Resign => EngineMove::Resign,
        BestMove::Win => EngineMove::DeclareWin,
    }
}

/// The `go` line for the engine playing `side`: the game's clocks as they stand (main time
/// left, byoyomi or increment), or `think` a move when the game has no clock; with how long
/// the answer may take before the engine counts as hung.
pub(in crate::gui) fn go_line(
    clock: &GameClock,
    side: Color,
    now: Instant,
    think: Duration,
    grace: Duration,
) -> (String, Duration) {
    let control = clock.control(side);
    if !control.is_limited() {
        let ms = think.as_millis();
        return (format!("go btime 0 wtime 0 byoyomi {ms}"), think + grace);
    }
    let left = |color: Color| {
        if clock.control(color).is_limited() {
            clock.reading(color, now).main
        } else {
            Duration::ZERO
        }
    };
    let (btime, wtime) = (left(Color::Sente), left(Color::Gote));
    let mut go = format!("go btime {} wtime {}", btime.as_millis(), wtime.as_millis());
    let (period, increment) = (control.period(), control.increment());
    if !increment.is_zero() {
        let ms = increment.as_millis();
        go.push_str(&format!(" binc {ms} winc {ms}"));
    } else {
        go.push_str(&format!(" byoyomi {}", period.as_millis()));
    }
    let own = clock.reading(side, now);
    let limit = own.main + own.byoyomi.unwrap_or(period) + increment + grace;
    (go, limit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::TimeControl;
    use crate::rules::ByColor;

    const GRACE: Duration = Duration::from_secs(5);

    fn line(controls: [TimeControl; 2]) -> (String, Duration) {
        let clock = GameClock::new(ByColor(controls), Color::Sente);
        go_line(
            &clock,
            Color::Gote,
            Instant::now(),
            Duration::from_secs(3),
            GRACE,
        )
    }

    #[test]
    fn a_game_without_a_clock_gives_the_engine_a_fixed_time() {
        let (go, limit) = line([TimeControl::Unlimited; 2]);
        assert_eq!(go, "go btime 0 wtime 0 byoyomi 3000");
        assert_eq!(limit, Duration::from_secs(8));
    }

    #[test]
    fn byoyomi_and_fischer_clocks_are_passed_on_with_both_sides_main_time() {
        let byoyomi = TimeControl::Byoyomi {
            main: Duration::from_secs(600),
            period: Duration::from_secs(30),
        };
        let (go, limit) = line([TimeControl::Unlimited, byoyomi]);
        assert_eq!(go, "go btime 0 wtime 600000 byoyomi 30000");
        assert_eq!(limit, Duration::from_secs(600 + 30 + 5));
        let fischer = TimeControl::Fischer {
            main: Duration::from_secs(300),
            increment: Duration::from_secs(10),
        };
        let (go, _) = line([fischer, fischer]);
        assert_eq!(go, "go btime 300000 wtime 300000 binc 10000 winc 10000");
    }
}
