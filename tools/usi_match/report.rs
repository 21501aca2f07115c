//! The score so far, each game's line, its log and CSA record, and the summary.

use super::elo::result_line;
use super::settings::Settings;
use komadai::record::Record;
use komadai::rules::{Color, Move};
use komadai::usi::client::Answer;
use komadai::usi::matches::{Opening, Played, Verdict};
use serde_json::json;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::time::Duration;

/// Each engine's moves, time and search, over the match.
#[derive(Clone, Debug, Default)]
pub struct Totals {
    pub moves: u64,
    pub time: Duration,
    pub max_time: Duration,
    pub nodes: u64,
    pub node_time: Duration,
    pub depth: u64,
    pub depths: u64,
}

impl Totals {
    pub fn add(&mut self, answer: &Answer) {
        self.moves += 1;
        self.time += answer.elapsed;
        self.max_time = self.max_time.max(answer.elapsed);
        if let Some(nodes) = answer.nodes {
            self.nodes += nodes;
            self.node_time += answer.elapsed;
        }
        if let Some(depth) = answer.depth {
            self.depth += u64::from(depth);
            self.depths += 1;
        }
    }

    pub fn line(&self, who: &str, name: &str) -> String {
        let per_move = self.time.as_secs_f64() * 1000.0 / self.moves.max(1) as f64;
        let secs = self.node_time.as_secs_f64();
        let nps = if secs > 0.0 {
            self.nodes as f64 / secs
        } else {
            0.0
        };
        let depth = self.depth as f64 / self.depths.max(1) as f64;
        format!(
            "# {who} {name}: {} moves, avg {per_move:.0} ms/move (max {}), ~{nps:.0} nps, avg depth {depth:.1}",
            self.moves,
            self.max_time.as_millis()
        )
    }
}

/// A's and B's (not Sente's and Gote's).
pub type ByEngine<T> = [T; 2];
pub const A: usize = 0;
pub const B: usize = 1;

/// What the match has so far.
#[derive(Default)]
pub struct Scoreboard {
    pub next_game: usize,
    /// A's score (1, 0.5 or 0) and the reason, a game each in the order
    /// they finished.
    pub scores: Vec<(f64, &'static str)>,
    pub totals: ByEngine<Totals>,
    pub start_failures: ByEngine<usize>,
    pub stopped: bool,
}

impl Scoreboard {
    /// Wins, losses and draws from A's side.
    pub fn wld(&self) -> (usize, usize, usize) {
        let wins = self.scores.iter().filter(|(s, _)| *s == 1.0).count();
        let losses = self.scores.iter().filter(|(s, _)| *s == 0.0).count();
        (wins, losses, self.scores.len() - wins - losses)
    }
}

/// A finished game and where it came from.
pub struct Finished<'a> {
    /// From 0.
    pub game: usize,
    pub a_is_black: bool,
    /// From 0.
    pub opening_number: usize,
    pub opening: &'a Opening,
    pub played: Played,
}

impl Finished<'_> {
    pub fn a_color(&self) -> Color {
        if self.a_is_black {
            Color::Sente
        } else {
            Color::Gote
        }
    }

    /// The names of Sente's and Gote's engines.
    pub fn players<'n>(&self, names: &'n ByEngine<String>) -> (&'n str, &'n str) {
        if self.a_is_black {
            (&names[A], &names[B])
        } else {
            (&names[B], &names[A])
        }
    }
}

pub struct Outputs {
    pub log: Option<File>,
    pub csa: Option<File>,
}

pub fn open_append(path: &Option<String>) -> Result<Option<File>, String> {
    path.as_ref()
        .map(|p| {
            OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| format!("{p}: {e}"))
        })
        .transpose()
}

/// Scores a finished game and prints its line.
pub fn score(
    board: &mut Scoreboard,
    finished: &Finished,
    names: &ByEngine<String>,
    settings: &Settings,
) {
    let referee = &finished.played.referee;
    let Some(verdict) = &referee.verdict else {
        return;
    };
    let a_color = finished.a_color();
    board
        .scores
        .push((score_of(verdict, a_color), verdict.reason));
    for (who, color) in [(A, a_color), (B, !a_color)] {
        for answer in &finished.played.answers[color] {
            board.totals[who].add(answer);
        }
        let failed_to_start = verdict.reason == "start-failure" && verdict.winner != Some(color);
        board.start_failures[who] = if failed_to_start {
            board.start_failures[who] + 1
        } else {
            0
        };
        if board.start_failures[who] >= 3 {
            eprintln!(
                "usi_match: engine {} failed to start 3 times in a row; stopping",
                ["A", "B"][who]
            );
            board.stopped = true;
        }
    }
    if settings.quiet {
        return;
    }
    let (w, l, d) = board.wld();
    let (black, white) = finished.players(names);
    let result = match verdict.winner {
        None => "1/2-1/2",
        Some(Color::Sente) => "1-0",
        Some(Color::Gote) => "0-1",
    };
    let detail = if verdict.detail.is_empty() {
        String::new()
    } else {
        format!(" ({})", verdict.detail)
    };
    println!(
        "Game {}/{} opening {}: {black} (black) vs {white} (white): {result} {}{detail}, {} plies  [A: +{w} -{l} ={d}]",
        finished.game + 1,
        settings.games,
        finished.opening_number + 1,
        verdict.reason,
        referee.plies()
    );
}

/// A's score: 1 for a win, 0.5 for a draw, 0 for a loss.
pub fn score_of(verdict: &Verdict, a_color: Color) -> f64 {
    match verdict.winner {
        None => 0.5,
        Some(w) if w == a_color => 1.0,
        Some(_) => 0.0,
    }
}

/// Appends the game to the log and the CSA file.
pub fn write_out(outputs: &mut Outputs, finished: &Finished, names: &ByEngine<String>) {
    if let Some(log) = outputs.log.as_mut()
        && let Some(line) = log_line(finished, names)
        && let Err(e) = writeln!(log, "{line}").and_then(|()| log.flush())
    {
        eprintln!("usi_match: cannot write the log: {e}");
    }
    if let Some(csa) = outputs.csa.as_mut()
        && let Err(e) = writeln!(csa, "{}/", csa_record(finished, names).to_csa())
    {
        eprintln!("usi_match: cannot write the CSA file: {e}");
    }
}

/// The game's JSON line, in the format `tools/eval_data.py` and
/// `tools/loss_trace.py` read.
pub fn log_line(finished: &Finished, names: &ByEngine<String>) -> Option<String> {
    let referee = &finished.played.referee;
    let verdict = referee.verdict.as_ref()?;
    let (black, white) = finished.players(names);
    let winner = verdict.winner.map(|c| match c {
        Color::Sente => "black",
        Color::Gote => "white",
    });
    let opening_moves: Vec<String> = finished.opening.moves.iter().map(Move::to_string).collect();
    let line = json!({
        "game": finished.game + 1,
        "black": black,
        "white": white,
        "a_is_black": finished.a_is_black,
        "start_sfen": finished.opening.start.to_sfen(),
        "opening_moves": opening_moves,
        "moves": referee.moves,
        "winner": winner,
        "reason": verdict.reason,
        "detail": verdict.detail,
        "plies": referee.plies(),
        "score_a": score_of(verdict, finished.a_color()),
    });
    Some(line.to_string())
}

/// The game as a record, with its players' names.
pub fn csa_record(finished: &Finished, names: &ByEngine<String>) -> Record {
    let (black, white) = finished.players(names);
    finished.played.referee.record(black, white)
}

pub fn print_summary(board: &Scoreboard, names: &ByEngine<String>, settings: &Settings) {
    for (who, label) in [(A, "A"), (B, "B")] {
        if board.totals[who].moves > 0 {
            println!("{}", board.totals[who].line(label, &names[who]));
        }
    }
    let mut reasons: Vec<(&str, usize)> = Vec::new();
    for (_, reason) in &board.scores {
        match reasons.iter_mut().find(|(r, _)| r == reason) {
            Some((_, n)) => *n += 1,
            None => reasons.push((reason, 1)),
        }
    }
    let reasons: Vec<String> = reasons.iter().map(|(r, n)| format!("{r}: {n}")).collect();
    println!("# results by reason: {}", reasons.join(", "));
    if board.scores.len() < settings.games {
        println!(
            "# only {} of {} games finished",
            board.scores.len(),
            settings.games
        );
    }
    let (w, l, d) = board.wld();
    println!("{} vs {}: {}", names[A], names[B], result_line(w, l, d));
}
