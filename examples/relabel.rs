//! Gives the positions of self-play chunks a teacher engine's scores: the
//! same games, results and moves, each position the trainer would keep
//! scored again by any USI engine, in that engine's own units.
//!
//! ```text
//! cargo run --release --example relabel -- --teacher "PROGRAM ARGS..." \
//!     [--go "go btime 0 wtime 0 byoyomi 60000"] [--part K/N] [--plies N] --out OUT.kpk2 CHUNK...
//! ```
//!
//! CHUNKs are `.kpk2` files (or `.kpk2.xz`, read through `xz -dc`). OUT is
//! written game by game and can be stopped at any time: run again, it keeps
//! the whole games already there and goes on after them. `--part K/N` takes
//! every N-th game from the K-th (from 0), so that N runs share the work on N
//! cores. `--plies N` keeps each game's first N positions only, all scored by
//! the teacher: a teacher for the opening alone. A position the trainer leaves out anyway (the side to move in
//! check, the best move a capture) keeps its old score; a teacher's mate is
//! written as ±30,000, which the trainer leaves out too. The teacher's scale
//! need not be komadai's: `train_nnue --score-scale` converts it. `--teacher
//! builtin` is komadai's own engine, run in this process (deeper labels).

use komadai::engine::eval::data::{self, GameRecord};
use komadai::rules::{Move, Position, PositionCommand};
use komadai::usi::client::{EngineScore, Launch, Timeouts, UsiEngine};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A mate, in the data: past every score the trainer keeps.
const MATE_SCORE: i32 = 30_000;
/// The longest a teacher may take over one position.
const ANSWER_LIMIT: Duration = Duration::from_secs(120);

struct Options {
    teacher: Vec<String>,
    go: String,
    part: (u64, u64),
    /// Only each game's first this many positions are kept.
    plies: Option<usize>,
    out: PathBuf,
    data: Vec<PathBuf>,
}

fn main() {
    if let Err(message) = parse_args().and_then(|options| run(&options)) {
        eprintln!("relabel: {message}");
        std::process::exit(2);
    }
}

fn parse_args() -> Result<Options, String> {
    let mut options = Options {
        teacher: Vec::new(),
        go: "go btime 0 wtime 0 byoyomi 60000".into(),
        part: (0, 1),
        plies: None,
        out: PathBuf::new(),
        data: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if !arg.starts_with("--") {
            options.data.push(PathBuf::from(arg));
            continue;
        }
        let value = args.next().ok_or_else(|| format!("{arg} needs a value"))?;
        match arg.as_str() {
            "--teacher" => options.teacher = value.split_whitespace().map(String::from).collect(),
            "--go" => options.go = value,
            "--out" => options.out = PathBuf::from(value),
            "--part" => options.part = parse_part(&value)?,
            "--plies" => {
                let plies = value
                    .parse()
                    .map_err(|_| format!("--plies {value}: not a count"))?;
                options.plies = Some(plies).filter(|&n| n > 0);
            }
            _ => return Err(format!("unknown option {arg}")),
        }
    }
    if options.teacher.is_empty() || options.out.as_os_str().is_empty() || options.data.is_empty() {
        return Err(
            "usage: relabel --teacher \"PROGRAM ARGS\" [--go LINE] [--part K/N] [--plies N] \
                    --out OUT CHUNK..."
                .into(),
        );
    }
    Ok(options)
}

fn parse_part(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("--part {text}: expected K/N with K < N");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (u64, u64) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
    if k >= n {
        return Err(bad());
    }
    Ok((k, n))
}

/// The whole games OUT already holds; a half-written last game is cut off.
fn games_done(out: &Path) -> Result<usize, String> {
    let Ok(bytes) = std::fs::read(out) else {
        return Ok(0);
    };
    let (games, whole) = data::read_games(&bytes);
    if whole < bytes.len() {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(out)
            .map_err(|e| format!("cannot open {}: {e}", out.display()))?;
        file.set_len(whole as u64)
            .map_err(|e| format!("cannot cut {}: {e}", out.display()))?;
    }
    Ok(games.len())
}

fn run(options: &Options) -> Result<(), String> {
    let skip = games_done(&options.out)?;
    let launch = if options.teacher == ["builtin"] {
        Launch::BuiltIn
    } else {
        Launch::Program(options.teacher.clone())
    };
    let mut teacher = UsiEngine::start(&launch, Timeouts::default(), None)
        .map_err(|e| format!("cannot start the teacher: {e}"))?;
    teacher.is_ready().map_err(|e| e.to_string())?;
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&options.out)
        .map_err(|e| format!("cannot open {}: {e}", options.out.display()))?;
    let (k, n) = options.part;
    let (mut taken, mut scored) = (0usize, 0usize);
    for path in &options.data {
        for game in data::read_chunk_file(path)? {
            if game.index % n != k {
                continue;
            }
            taken += 1;
            if taken <= skip {
                continue;
            }
            let game = match options.plies {
                Some(plies) => opening_of(&game, plies),
                None => game,
            };
            let (relabelled, count) = relabel(&mut teacher, &game, &options.go)?;
            let mut bytes = Vec::new();
            data::write_game(&relabelled, &mut bytes);
            out.write_all(&bytes)
                .map_err(|e| format!("cannot write {}: {e}", options.out.display()))?;
            scored += count;
            if taken % 20 == 0 {
                eprintln!("relabel: {taken} games, {scored} positions scored this run");
            }
        }
    }
    teacher.quit();
    eprintln!("relabel: done, {taken} games, {scored} positions scored this run");
    Ok(())
}

/// The game's first `plies` positions: the last one kept is where the
/// record ends, as at a game's last position.
fn opening_of(game: &GameRecord, plies: usize) -> GameRecord {
    let mut opening = game.clone();
    if opening.positions.len() > plies {
        opening.positions.truncate(plies);
        if let Some(last) = opening.positions.last_mut() {
            last.played = None;
        }
    }
    opening
}

/// The game with the teacher's score at each position the trainer keeps,
/// and how many it scored.
fn relabel(
    teacher: &mut UsiEngine,
    game: &GameRecord,
    go: &str,
) -> Result<(GameRecord, usize), String> {
    let mut relabelled = game.clone();
    let mut moves: Vec<Move> = Vec::new();
    let mut count = 0;
    teacher.new_game().map_err(|e| e.to_string())?;
    for (i, (pos, record)) in game.replay().into_iter().enumerate() {
        if worth_scoring(&pos, record.best) {
            let command = PositionCommand {
                start: game.start,
                moves: moves.clone(),
            };
            let answer = teacher
                .go(&command, go, ANSWER_LIMIT)
                .map_err(|e| format!("the teacher failed: {e}"))?;
            if let Some(score) = answer.lines.first().and_then(|line| line.score) {
                relabelled.positions[i].score = centipawns(score);
                count += 1;
            }
        }
        if let Some(mv) = record.played {
            moves.push(mv);
        }
    }
    Ok((relabelled, count))
}

/// What the trainer keeps: not in check, a quiet best move.
fn worth_scoring(pos: &Position, best: Move) -> bool {
    !pos.in_check() && (best.is_drop() || pos.piece_at(best.to()).is_none())
}

fn centipawns(score: EngineScore) -> i32 {
    match score {
        EngineScore::Cp(cp) => cp.clamp(-MATE_SCORE, MATE_SCORE),
        EngineScore::Mate { winning: true, .. } => MATE_SCORE,
        EngineScore::Mate { winning: false, .. } => -MATE_SCORE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use komadai::engine::eval::data::{GameOutcome, PositionRecord};

    /// Sentinel score, which no search of these positions gives.
    const OLD: i32 = 12_345;

    fn record(moves: &[(&str, &str)]) -> GameRecord {
        let mv = |text: &str| Move::from_usi(text).expect("a move");
        let positions = moves
            .iter()
            .map(|&(best, played)| PositionRecord {
                best: mv(best),
                score: OLD,
                played: (!played.is_empty()).then(|| mv(played)),
            })
            .collect();
        GameRecord {
            index: 3,
            start_kind: 0,
            start: Position::startpos(),
            outcome: GameOutcome::Draw(data::End::PlyLimit),
            positions,
        }
    }

    fn options(out: &Path, data: &Path) -> Options {
        Options {
            teacher: vec!["builtin".into()],
            go: "go nodes 300".into(),
            part: (0, 1),
            plies: None,
            out: out.to_path_buf(),
            data: vec![data.to_path_buf()],
        }
    }

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("relabel-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        dir
    }

    #[test]
    fn parts_are_read_and_checked() {
        assert_eq!(parse_part("1/3"), Ok((1, 3)));
        assert!(parse_part("3/3").is_err());
        assert!(parse_part("a/3").is_err());
        assert!(parse_part("2").is_err());
    }

    #[test]
    fn quiet_positions_get_the_teachers_score_and_the_rest_keep_theirs() {
        // After 7g7f 3c3d Sente's best move is 8h2b+, a capture: left as it was.
        let game = record(&[
            ("7g7f", "7g7f"),
            ("3c3d", "3c3d"),
            ("8h2b+", "2g2f"),
            ("8c8d", ""),
        ]);
        let dir = temp_dir("quiet");
        let (data, out) = (dir.join("in.kpk2"), dir.join("out.kpk2"));
        let mut bytes = Vec::new();
        data::write_game(&game, &mut bytes);
        std::fs::write(&data, &bytes).expect("written");
        run(&options(&out, &data)).expect("relabelled");
        let (games, _) = data::read_games(&std::fs::read(&out).expect("read back"));
        assert_eq!(games.len(), 1);
        let scores: Vec<i32> = games[0].positions.iter().map(|p| p.score).collect();
        assert_eq!(scores[2], OLD, "a capture's position keeps its score");
        for i in [0, 1, 3] {
            assert_ne!(scores[i], OLD, "position {i} scored by the teacher");
            assert!(scores[i].abs() < 1_000, "position {i}: {}", scores[i]);
        }
        assert_eq!(games[0].outcome, game.outcome);
        assert_eq!(games[0].start, game.start);
        // Run again: the game already there is kept, not written twice.
        run(&options(&out, &data)).expect("resumed");
        let (again, whole) = data::read_games(&std::fs::read(&out).expect("read back"));
        assert_eq!((again.len(), whole), (1, bytes.len()));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn an_opening_teacher_keeps_and_scores_the_first_plies_only() {
        let game = record(&[
            ("7g7f", "7g7f"),
            ("3c3d", "3c3d"),
            ("2g2f", "2g2f"),
            ("8c8d", ""),
        ]);
        let dir = temp_dir("opening");
        let (data, out) = (dir.join("in.kpk2"), dir.join("out.kpk2"));
        let mut bytes = Vec::new();
        data::write_game(&game, &mut bytes);
        std::fs::write(&data, &bytes).expect("written");
        let options = Options {
            plies: Some(2),
            ..options(&out, &data)
        };
        run(&options).expect("relabelled");
        let (games, _) = data::read_games(&std::fs::read(&out).expect("read back"));
        let positions = &games[0].positions;
        assert_eq!(positions.len(), 2);
        assert!(positions.iter().all(|p| p.score != OLD));
        assert_eq!(
            positions[1].played, None,
            "the record ends at the last kept"
        );
        assert_eq!(games[0].outcome, game.outcome);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_half_written_game_is_cut_off_on_resuming() {
        let game = record(&[("7g7f", "7g7f"), ("3c3d", "")]);
        let dir = temp_dir("half");
        let out = dir.join("out.kpk2");
        let mut bytes = Vec::new();
        data::write_game(&game, &mut bytes);
        let whole = bytes.len();
        data::write_game(&game, &mut bytes);
        bytes.truncate(whole + 7);
        std::fs::write(&out, &bytes).expect("written");
        assert_eq!(games_done(&out), Ok(1));
        assert_eq!(std::fs::read(&out).expect("read back").len(), whole);
        std::fs::remove_dir_all(&dir).ok();
    }
}
