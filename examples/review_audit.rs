//! The review's explanations checked on the board, mechanically.
//!
//! Reviews each game as `komadai review` does, then checks every reason it
//! gives for a mistake or a blunder against a deeper search (ten times the
//! review's nodes) of the position after the move played and of the
//! position after the review's better move:
//! - a piece named as lost is lost on the settled line after the move (the
//!   mover has fewer of that kind, board and hand, when no capture is
//!   pending) and not on the settled line after the better move;
//! - a fork or a trap is the opponent's best reply and wins material; a
//!   fork is not already available after the better move, a trapped piece
//!   is not lost after it;
//! - a capture named as missed cannot simply be made a move later;
//! - a piece a better move attacks moves away or is taken in the deeper
//!   line after it; a piece driven off is driven off by the best reply;
//! - a line shown for material is settled, and the material it names
//!   matches the board at the end of the deeper, settled line;
//! - a mate is still a mate.
//!
//! Prints, by kind of sentence, how many were given, how many passed every
//! check, and which checks failed; `--sentences` prints every sentence with
//! its verdict.
//!
//! ```text
//! cargo run --release --example review_audit -- [--nodes N] [--threads N] [--eval NET] [--sentences] FILES...
//! cargo run --release --example review_audit -- --replay FILE [--dropped] [--verify NODES]
//! cargo run --release --example review_audit -- --deep-scores MOVES [--nodes N] [--captures]
//! ```
//!
//! `--deep-scores` reads lines `GAME PLY BEST` (a game file, a move's ply, the review's better
//! move in USI, or `-` for the review's own first choice, searched again) and prints the mover's
//! scores of the move's two futures as the deep pass searches them: how the deep pass weighs a
//! verdict (`review::verdict::judge_deeper`), for any move, flagged or not. Given the fast
//! pass's scores too (`GAME PLY BEST BEFORE AFTER`, each as `Cp(85)`, `Mated(5)`), it also
//! prints the line `--replay` reads, on the deep lines: what the review says of the move once
//! the deep pass has looked at it (the deep pass's nodes a search are 30,000,000 shared by two
//! searches a mistake, at most 1,000,000: give them as `--nodes` to get its lines).
//!
//! `--review-only` reviews and lists each game's mistakes and blunders with
//! the time the review took (the review's speed and verdicts, compared
//! across versions); `--lines` reviews and prints, for each mistake and
//! blunder, the line `--replay` reads, searching nothing deeper (with `--deep`, the deep
//! pass's lines, where the review's words come from); `--replay` searches nothing: it reads the `position sfen ... | played ...
//! | best ... | reply ... | checked ... | scores ...` lines `--sentences` prints and gives
//! the explanations of today's code for those same lines, in English and
//! Japanese, so a change to the reasons can be read against the judged
//! positions in seconds. With `--dropped` it also names each claim the
//! review's own check (`review::explain::verify`) dropped, and why; with
//! `--verify NODES` it checks every claim again on futures the verifier
//! searches itself at NODES (the review's budget is 100,000), and prints by
//! claim kind how many the finders made and how many of them are upheld,
//! the same for the claims the review's own check passes were every kind on
//! (the gate: a kind is shown only while nine in ten of these are upheld,
//! on at least five claims; with fewer, it stays as it is), and for the
//! claims the review shows. Every replay
//! prints how many of the mistakes have a reason in words, beyond a bare
//! "Better was", and how many were made by the side already behind.

use komadai::engine::mate::MateSearch;
use komadai::engine::see::see;
use komadai::review::cli::{read_game, review_game};
use komadai::review::deep::{DeepOptions, deepen};
use komadai::review::explain::verify::{self, Evidence, Searcher};
use komadai::review::explain::{MoveFacts, unchecked_reasons};
use komadai::review::settle::end_of;
use komadai::review::settle::{is_settled, loses_kind, material_balance, settled};
use komadai::review::{
    AnalysisOptions, DeepLines, DeepScores, Kind, Line, MoveReview, Notation, Positional, Reason,
    Score, Verdict, Voice,
};
use komadai::rules::attacks::piece_attacks;
use komadai::rules::{Color, Move, PieceKind, Position, Square};
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;

/// Material (capture values) a settled line must cost for "lost" to hold:
/// less is a trade.
const REAL_LOSS: i32 = 150;

struct Options {
    files: Vec<String>,
    review: AnalysisOptions,
    sentences: bool,
    /// Only review, timed, and list the mistakes and blunders: the
    /// review's speed and verdicts, compared across versions.
    review_only: bool,
    /// Only review, and print each mistake's lines for `--replay`.
    lines: bool,
    /// With `--lines`: run the deep pass too and print the lines its
    /// reasons are found on.
    deep: bool,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, file, rest @ ..] = args.as_slice()
        && flag == "--replay"
    {
        let replay_options = match parse_replay_args(rest) {
            Ok(options) => options,
            Err(message) => {
                eprintln!("review_audit: {message}");
                std::process::exit(2);
            }
        };
        match std::fs::read_to_string(file) {
            Ok(text) => replay(&text, &replay_options),
            Err(err) => {
                eprintln!("review_audit: {file}: {err}");
                std::process::exit(1);
            }
        }
        return;
    }
    if let [flag, file, rest @ ..] = args.as_slice()
        && flag == "--deep-scores"
    {
        // `--captures`: only the moves where the board offers a capture the deep pass could
        // search beside its reply (`explain::capture_not_played`), the others skipped.
        let captures = rest.last().is_some_and(|flag| flag == "--captures");
        let rest = &rest[..rest.len() - usize::from(captures)];
        let nodes = match rest {
            [] => komadai::review::deep::DEFAULT_DEEP_NODES,
            [flag, n] if flag == "--nodes" => n.parse().unwrap_or(0),
            _ => 0,
        };
        match std::fs::read_to_string(file) {
            Ok(text) if nodes > 0 => deep_scores(&text, nodes, captures),
            Ok(_) => {
                eprintln!("usage: review_audit --deep-scores MOVES [--nodes N] [--captures]");
                std::process::exit(2);
            }
            Err(err) => {
                eprintln!("review_audit: {file}: {err}");
                std::process::exit(1);
            }
        }
        return;
    }
    let options = match parse_args(std::env::args().skip(1).collect()) {
        Ok(options) => options,
        Err(message) => {
            eprintln!(
                "review_audit: {message}\nusage: review_audit [--nodes N] [--threads N] [--eval NET] [--sentences | --review-only | --lines [--deep]] FILES...\n       review_audit --replay LINES [--dropped] [--verify NODES]\n       review_audit --deep-scores MOVES [--nodes N] [--captures]"
            );
            std::process::exit(2);
        }
    };
    if options.review_only || options.lines {
        review_only(&options);
        return;
    }
    let mut deep = Deep::new(options.review.nodes * 10);
    let mut table: BTreeMap<&'static str, Tally> = BTreeMap::new();
    for file in &options.files {
        let (start, moves) = match read_game(file) {
            Ok(game) => game,
            Err(message) => {
                eprintln!("{message}");
                continue;
            }
        };
        let review = review_game(&start, &moves, &options.review);
        for mv in review.moves().iter().flatten() {
            if mv.verdict() < Verdict::Mistake {
                continue;
            }
            let audit = audit_move(mv, &mut deep);
            let sentences: Vec<String> = mv
                .reasons
                .iter()
                .map(|r| {
                    komadai::review::words::sentence(
                        komadai::i18n::Language::English,
                        r,
                        &Voice::to_mover(Notation::Western),
                    )
                })
                .collect();
            for ((kind, failures), sentence) in audit.into_iter().zip(sentences) {
                let tally = table.entry(kind).or_default();
                tally.given += 1;
                if failures.is_empty() {
                    tally.passed += 1;
                }
                for failure in &failures {
                    *tally.failures.entry(failure).or_default() += 1;
                }
                if options.sentences {
                    let mark = if failures.is_empty() {
                        "ok".to_owned()
                    } else {
                        failures.join(", ")
                    };
                    println!("{file} {}. {}: {sentence} [{mark}]", mv.ply, mv.played);
                    println!("  {}", replay_line(mv));
                }
            }
        }
    }
    print_table(&table);
}

fn parse_args(args: Vec<String>) -> Result<Options, String> {
    let mut review = AnalysisOptions::default();
    let mut files = Vec::new();
    let mut sentences = false;
    let mut review_only = false;
    let mut lines = false;
    let mut deep = false;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--nodes" => review.nodes = number(args.next(), "--nodes")?,
            "--threads" => review.threads = number(args.next(), "--threads")?,
            "--sentences" => sentences = true,
            "--review-only" => review_only = true,
            "--lines" => lines = true,
            "--deep" => deep = true,
            // A network file (or `linear`) every search judges with instead
            // of the built-in ones: a candidate network's verdicts, measured
            // without building it in.
            "--eval" => {
                let value = args.next().ok_or("--eval needs a network file")?;
                komadai::engine::nnue::install(komadai::engine::nnue::Choice::named(&value)?);
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            _ => files.push(arg),
        }
    }
    if files.is_empty() {
        return Err("no game file given".to_owned());
    }
    Ok(Options {
        files,
        review,
        sentences,
        review_only,
        lines,
        deep,
    })
}

fn number<T: std::str::FromStr>(value: Option<String>, flag: &str) -> Result<T, String> {
    value
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("{flag} needs a positive number"))
}

#[derive(Default)]
struct Tally {
    given: usize,
    passed: usize,
    failures: BTreeMap<&'static str, usize>,
}

fn print_table(table: &BTreeMap<&'static str, Tally>) {
    println!(
        "{:<26} {:>5} {:>6}  failed checks",
        "sentence", "given", "passed"
    );
    let (mut given, mut passed) = (0, 0);
    for (kind, tally) in table {
        let failures: Vec<String> = tally
            .failures
            .iter()
            .map(|(what, n)| format!("{what} {n}"))
            .collect();
        println!(
            "{kind:<26} {:>5} {:>6}  {}",
            tally.given,
            tally.passed,
            failures.join(", ")
        );
        given += tally.given;
        passed += tally.passed;
    }
    println!("{:<26} {given:>5} {passed:>6}", "all");
}

/// The deeper search the review is checked against: the verifier's own searcher, its line
/// kept as the legal moves of the position.
struct Deep(Searcher);

impl Deep {
    fn new(nodes: u64) -> Deep {
        Deep(Searcher::new(nodes))
    }

    /// The side to move's score and the line from `pos`.
    fn search(&mut self, pos: &Position) -> (Score, Line) {
        let (score, pv) = self.0.search(pos);
        (score, Line::legal(pos, None, &pv))
    }
}

/// What the deeper search says about one move: the settled lines after the
/// move played and after the better move, both from the position before.
struct Verdicts {
    mover: Color,
    after_score: Score,
    before_score: Score,
    reply: Line,
    played_line: Line,
    better_line: Option<Line>,
    better: Option<Move>,
}

fn deep_verdicts(mv: &MoveReview, deep: &mut Deep) -> Verdicts {
    let after = mv.before.after(mv.played);
    let (after_score, reply) = deep.search(&after);
    let played_line = settled(&prefixed(&mv.before, mv.played, &reply));
    let better = mv.best_line.first().copied().filter(|&b| b != mv.played);
    let better_line = better.map(|b| {
        let (_, line) = deep.search(&mv.before.after(b));
        settled(&prefixed(&mv.before, b, &line))
    });
    let (before_score, _) = deep.search(&mv.before);
    Verdicts {
        mover: mv.before.side_to_move(),
        after_score: after_score.flipped(),
        before_score,
        reply,
        played_line,
        better_line,
        better,
    }
}

/// `first` and then `rest`, as one line from `start`.
fn prefixed(start: &Position, first: Move, rest: &Line) -> Line {
    let mut moves = vec![first];
    moves.extend(&rest.moves);
    Line::legal(start, None, &moves)
}

/// Each reason's kind and the checks it failed.
fn audit_move(mv: &MoveReview, deep: &mut Deep) -> Vec<(&'static str, Vec<&'static str>)> {
    if mv.reasons.is_empty() {
        return Vec::new();
    }
    let v = deep_verdicts(mv, deep);
    mv.reasons
        .iter()
        .map(|reason| (reason.kind().name(), check(reason, mv, &v)))
        .collect()
}

fn check(reason: &Reason, mv: &MoveReview, v: &Verdicts) -> Vec<&'static str> {
    let mut failed = Vec::new();
    let mut fail = |ok: bool, what: &'static str| {
        if !ok {
            failed.push(what);
        }
    };
    let lost_played = -material_balance(&v.played_line, v.mover);
    let lost_better = v
        .better_line
        .as_ref()
        .map_or(0, |line| -material_balance(line, v.mover));
    match reason {
        Reason::AllowsMate { .. } => {
            fail(matches!(v.after_score, Score::Mated(_)), "no mate deeper");
        }
        Reason::MissedMate { .. } => {
            fail(matches!(v.before_score, Score::Mates(_)), "no mate deeper");
        }
        Reason::LeftHanging { piece, .. } | Reason::LosesMajor { piece, .. } => {
            let kind = piece.kind.unpromoted();
            fail(loses_kind(&v.played_line, v.mover, kind), "piece not lost");
            fail(lost_played >= REAL_LOSS, "no material lost");
            if let Some(line) = &v.better_line {
                fail(!loses_kind(line, v.mover, kind), "lost after better too");
            }
        }
        Reason::Fork {
            lead,
            fork,
            targets,
            ..
        } => {
            let mut expected = lead.moves.clone();
            expected.push(fork.mv);
            fail(v.reply.moves.starts_with(&expected), "not the best reply");
            fail(lost_played >= REAL_LOSS, "wins nothing");
            if let Some(better) = v.better.filter(|_| lead.moves.is_empty()) {
                let after_better = mv.before.after(better);
                fail(
                    !fork_stands(&after_better, fork.mv, targets),
                    "fork after better too",
                );
            }
        }
        Reason::Trap { trap, piece, .. } => {
            let kind = piece.kind.unpromoted();
            fail(
                v.reply.moves.first() == Some(&trap.mv),
                "not the best reply",
            );
            fail(loses_kind(&v.played_line, v.mover, kind), "piece not lost");
            if let Some(line) = &v.better_line {
                fail(!loses_kind(line, v.mover, kind), "lost after better too");
            }
        }
        Reason::OpponentWins { line, piece, .. } => {
            let kind = piece.kind.unpromoted();
            fail(is_settled(line), "line not settled");
            fail(loses_kind(&v.played_line, v.mover, kind), "piece not lost");
            fail(
                lost_played - lost_better >= REAL_LOSS,
                "better loses as much",
            );
            if let Some(line) = &v.better_line {
                fail(!loses_kind(line, v.mover, kind), "lost after better too");
            }
        }
        Reason::MissedCapture { square, .. } => {
            fail(
                !still_capturable(mv, &v.reply, *square),
                "still available next move",
            );
        }
        Reason::BetterMove {
            line,
            gain: komadai::review::Gain::Material(_) | komadai::review::Gain::Capture(_),
            ..
        } => {
            fail(is_settled(line), "line not settled");
            fail(-lost_better >= REAL_LOSS, "no material won deeper");
        }
        Reason::BetterMove {
            gain: komadai::review::Gain::Attack { square, .. },
            ..
        } => {
            // The deeper line after the better move answers the attack:
            // the piece moves away, or is taken.
            if let Some(line) = &v.better_line {
                let answered = line.steps().iter().skip(1).take(6).any(|step| {
                    step.mv.from() == Some(*square)
                        || (step.before.side_to_move() == v.mover && step.mv.to() == *square)
                });
                fail(answered, "attack not answered deeper");
            }
        }
        Reason::Positional {
            why: Positional::ThreatAllowed { reply, .. },
            ..
        } => {
            fail(
                v.reply.moves.first() == Some(&reply.mv),
                "not the best reply",
            );
            if let Some(answered) = v
                .better_line
                .as_ref()
                .and_then(|l| l.steps().get(1).copied())
            {
                fail(
                    threat(&answered.before.after(answered.mv)) == Some(false),
                    "threat after better too",
                );
            }
        }
        Reason::Positional {
            why: Positional::MissedThreat { .. },
            ..
        } => {
            fail(
                threat(&mv.before.after(mv.played)) == Some(false),
                "move played threatens too",
            );
        }
        Reason::Positional {
            why: Positional::PromotionAllowed { reply, line, .. },
            ..
        } => {
            // Brought in: the deeper reply is the same first move; at once:
            // the deeper line makes the same promotion within three plies.
            let found = match line {
                Some(_) => v.reply.moves.first() == Some(&reply.mv),
                None => v
                    .reply
                    .moves
                    .iter()
                    .take(3)
                    .step_by(2)
                    .any(|&m| m == reply.mv),
            };
            fail(found, "not the best reply");
        }
        Reason::Positional {
            why: Positional::BreakIn { .. },
            ..
        } => {
            // The deeper reply line gets a rook or bishop in too.
            fail(
                gets_in_within(&v.reply, BREAK_IN_CHECK_PLIES),
                "no break-in deeper",
            );
        }
        Reason::BetterMove {
            gain: komadai::review::Gain::BreakIn { .. },
            ..
        } => {
            // The deeper better line gets the mover's rook or bishop in too.
            fail(
                v.better_line
                    .as_ref()
                    .is_some_and(|deeper| gets_in_within(deeper, BREAK_IN_CHECK_PLIES)),
                "no break-in deeper",
            );
        }
        Reason::Positional {
            why: Positional::Unguarded { reply, .. },
            ..
        } => {
            // The deeper search's best reply goes to the unguarded square.
            fail(
                v.reply.moves.first() == Some(&reply.mv),
                "not the best reply",
            );
        }
        Reason::Positional {
            why: Positional::DrivenOff { line, .. } | Positional::Attacked { line, .. },
            ..
        } => {
            // The piece is driven off by the deeper search's best reply.
            fail(
                v.reply.moves.first() == line.moves.first(),
                "not the best reply",
            );
        }
        Reason::Positional {
            why: Positional::ReplyThreat { reply, threat, .. },
            ..
        } => {
            // The deeper search's best reply is the same, and its line plays the threat.
            fail(
                v.reply.moves.first() == Some(&reply.mv),
                "not the best reply",
            );
            fail(
                v.reply.moves.iter().take(7).any(|m| m == threat),
                "threat not played deeper",
            );
        }
        Reason::Positional {
            why: Positional::KingSafety { .. },
            ..
        } => {
            let pressure = |line: &Line| king_pressure(&end_of(&line.truncated(2)), v.mover);
            let better = v.better_line.as_ref().map_or(0, pressure);
            fail(pressure(&v.played_line) > better, "king not weaker deeper");
        }
        _ => {}
    }
    failed
}

/// The plies of a deeper line within which a rook or bishop said to get
/// in must promote: the reason's five, and a move more each side.
const BREAK_IN_CHECK_PLIES: usize = 7;

/// The side to move at the start of `line` promotes a rook or bishop on one
/// of its first `plies` plies.
fn gets_in_within(line: &Line, plies: usize) -> bool {
    line.steps().iter().take(plies).step_by(2).any(|step| {
        step.mv.is_promotion()
            && step
                .mv
                .from()
                .and_then(|from| step.before.piece_at(from))
                .is_some_and(|p| matches!(p.kind, PieceKind::Rook | PieceKind::Bishop))
    })
}

/// Whether the side not to move in `pos` could mate (within 9 plies, by a
/// larger mate search than the review's) were the side to move to pass;
/// `None` when that cannot be told.
fn threat(pos: &Position) -> Option<bool> {
    if pos.in_check() {
        return None;
    }
    let mut passed = *pos;
    passed.play_null();
    let stop = AtomicBool::new(false);
    let mut search = MateSearch::new(&stop, 1_000_000);
    match search.find(&passed, 9) {
        Some(_) => Some(true),
        None if search.aborted() => None,
        None => Some(false),
    }
}

/// How many squares next to `side`'s king the other side attacks.
fn king_pressure(pos: &Position, side: Color) -> usize {
    let Some(king) = pos.king_square(side) else {
        return 0;
    };
    let occupied = pos.occupied();
    piece_attacks(
        komadai::rules::Piece::new(side, komadai::rules::PieceKind::King),
        king,
        occupied,
    )
    .filter(|&sq| pos.is_attacked(sq, !side, occupied))
    .count()
}

/// After the better move, the opponent can still make the fork: the move is
/// legal (for the opponent, after the better move) and attacks two of the
/// pieces it forked.
fn fork_stands(
    after_better: &Position,
    fork: Move,
    targets: &[(komadai::rules::Piece, Square)],
) -> bool {
    if !after_better.is_legal(fork) {
        return false;
    }
    let next = after_better.after(fork);
    let Some(forker) = next.piece_at(fork.to()) else {
        return false;
    };
    let attacked = piece_attacks(forker, fork.to(), next.occupied());
    targets
        .iter()
        .filter(|&&(piece, sq)| attacked.has(sq) && next.piece_at(sq) == Some(piece))
        .count()
        >= 2
}

/// After the move played and the deeper search's reply, the mover can still
/// win the piece that stood on `square` (it has not moved) with a capture.
fn still_capturable(mv: &MoveReview, reply: &Line, square: Square) -> bool {
    let Some(target) = mv.before.piece_at(square) else {
        return false;
    };
    let mut pos = mv.before.after(mv.played);
    let Some(&answer) = reply.moves.first() else {
        return false;
    };
    if answer.from() == Some(square) || mv.played.to() == square {
        return false;
    }
    pos.play_unchecked(answer);
    pos.piece_at(square) == Some(target)
        && pos
            .legal_moves()
            .iter()
            .any(|&m| m.to() == square && see(&pos, m) > 0)
}

/// Each game reviewed as `komadai review` does, timed, with its mistakes
/// and blunders listed by ply.
fn review_only(options: &Options) {
    for file in &options.files {
        let Ok((start, moves)) = read_game(file) else {
            eprintln!("{file}: not read");
            continue;
        };
        let clock = std::time::Instant::now();
        let mut review = review_game(&start, &moves, &options.review);
        if options.deep {
            let deep = DeepOptions {
                threads: options.review.threads.max(1),
                ..DeepOptions::default()
            };
            deepen(&mut review, &deep);
        }
        let seconds = clock.elapsed().as_secs_f64();
        let bad: Vec<String> = review
            .moves()
            .iter()
            .flatten()
            .filter(|mv| mv.verdict() >= Verdict::Mistake)
            .map(|mv| format!("{}:{}:{:?}", mv.ply, mv.played, mv.verdict()))
            .collect();
        if options.lines {
            for mv in review.moves().iter().flatten() {
                if mv.verdict() >= Verdict::Mistake {
                    println!("{file} {}. {}", mv.ply, mv.played);
                    println!("  {}", replay_line(mv));
                }
            }
        } else {
            println!("{file} {seconds:.1} s; {}", bad.join(" "));
        }
    }
}

/// The line `--replay` reads: the position before the move, the move, the
/// review's lines and scores; the deep pass's lines where it looked at the
/// move (its better line after the fast pass's better move, its reply line,
/// and the same better line as the second look, as the deep pass has it).
/// Moves in USI, a space between each: the form `--replay` reads.
fn usi(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn replay_line(mv: &MoveReview) -> String {
    let (best, reply, checked) = match (&mv.deep, mv.best) {
        (Some(lines), Some(best)) => {
            let mut line = vec![best];
            line.extend_from_slice(&lines.better);
            (line, &lines.reply[..], &lines.better[..])
        }
        _ => (
            mv.best_line.clone(),
            &mv.reply_line[..],
            mv.best_checked
                .as_ref()
                .map_or(&[][..], |look| &look.line[..]),
        ),
    };
    format!(
        "position sfen {} | played {} | best {} | reply {} | checked {} | scores {:?} {:?}",
        mv.before.to_sfen(),
        mv.played,
        usi(&best),
        usi(reply),
        usi(checked),
        mv.score_before,
        mv.score_after
    )
}

/// `--deep-scores`: for each line `GAME PLY BEST` (a game file, a move's ply, the review's
/// better move in USI), the mover's scores of the two futures as the deep pass searches them
/// (`nodes` each, reached through the game), printed as
/// `GAME PLY PLAYED BEST better SCORE played SCORE`: the deep pass's weighing of a verdict,
/// for moves the review flagged or left unflagged alike, without reviewing the games again;
/// with `BEFORE AFTER` (the fast pass's scores), the `--replay` line of the deep lines too.
fn deep_scores(text: &str, nodes: u64, captures_only: bool) {
    let mut games: BTreeMap<String, komadai::review::analysis::GamePositions> = BTreeMap::new();
    let cancel = AtomicBool::new(false);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (file, ply, best, scores) = match fields[..] {
            [file, ply, best] => (file, ply, best, None),
            [file, ply, best, before, after] => (file, ply, best, Some((before, after))),
            _ => {
                eprintln!("not GAME PLY BEST [BEFORE AFTER]: {line}");
                continue;
            }
        };
        let Ok(ply) = ply.parse::<usize>() else {
            eprintln!("bad ply: {line}");
            continue;
        };
        if !games.contains_key(file) {
            let Ok((start, moves)) = read_game(file) else {
                eprintln!("{file}: not read");
                continue;
            };
            games.insert(
                file.to_owned(),
                komadai::review::analysis::GamePositions::new(&start, &moves),
            );
        }
        let Some(game) = games.get(file) else {
            continue;
        };
        let (Some(before), Some(&played)) = (
            ply.checked_sub(1).and_then(|i| game.position(i)),
            ply.checked_sub(1).and_then(|i| game.moves().get(i)),
        ) else {
            eprintln!("no move {ply} in {file}");
            continue;
        };
        // `-`: the review's own first choice, searched here as the review searches.
        let best = if best == "-" {
            let review = AnalysisOptions::default();
            let mut engine = komadai::engine::search::Engine::new(review.hash_mb);
            komadai::review::analysis::analyse_position(
                &mut engine,
                game,
                ply - 1,
                review.budget(),
                &cancel,
            )
            .and_then(|analysis| analysis.best)
        } else {
            Move::from_usi(best).ok()
        };
        let Some(best) = best else {
            eprintln!("no better move: {line}");
            continue;
        };
        if !before.is_legal(best) || best == played {
            eprintln!("{file} {ply}: {best} is not a better move");
            continue;
        }
        if captures_only
            && komadai::review::explain::capture_not_played(before, played, None, best).is_none()
        {
            continue;
        }
        let mut searcher = Searcher::with(nodes, komadai::review::deep::DEFAULT_DEEP_HASH_MB);
        let path = game.path(ply);
        let searched = |searcher: &mut Searcher, mv: Move| {
            searcher
                .search_reached(&before.after(mv), path, &cancel)
                .map(|(score, line)| (score.flipped(), line))
        };
        let (Some((after_played, reply)), Some((after_better, better))) = (
            searched(&mut searcher, played),
            searched(&mut searcher, best),
        ) else {
            continue;
        };
        println!("{file} {ply} {played} {best} better {after_better:?} played {after_played:?}");
        // With the fast pass's scores, the line `--replay` reads, on the deep lines: what
        // the review says once the deep pass has looked at the move.
        if let Some((score_before, score_after)) = scores {
            // A capture the deep reply did not play, searched and named as the deep pass
            // does (`deep::capture_look`), the reasons found as `--replay` finds them.
            let fast = (
                parse_score(score_before).unwrap_or(Score::Cp(0)),
                parse_score(score_after).unwrap_or(Score::Cp(-600)),
            );
            let reasons_on = |lines: &DeepLines| {
                let mut best_line = vec![best];
                best_line.extend_from_slice(&lines.better);
                komadai::review::explain::reasons(&MoveFacts {
                    before,
                    previous_to: None,
                    played,
                    best_line: &best_line,
                    reply_line: &lines.reply,
                    checked_line: &lines.better,
                    score_before: fast.0,
                    score_after: fast.1,
                })
            };
            let lines = DeepLines {
                reply,
                better,
                scores: Some(DeepScores {
                    played: after_played,
                    better: after_better,
                }),
            };
            let reasons = reasons_on(&lines);
            let named = komadai::review::deep::capture_look(
                &mut searcher,
                (before, played, best),
                path,
                (&lines, &reasons),
                &cancel,
                &reasons_on,
            );
            if let Some((named, _)) = &named {
                println!(
                    "  capture not played: {} (the deep reply was {})",
                    usi(&named.reply[..1]),
                    usi(&lines.reply[..lines.reply.len().min(1)])
                );
            }
            let lines = named.map_or(lines, |(named, _)| named);
            println!(
                "  position sfen {} | played {played} | best {best} {} | reply {} | checked {} | scores {score_before} {score_after}",
                before.to_sfen(),
                usi(&lines.better),
                usi(&lines.reply),
                usi(&lines.better),
            );
        }
    }
}

/// What `--replay` does beside giving the explanations.
struct ReplayOptions {
    /// Print each claim the review's own check drops, and why.
    dropped: bool,
    /// Check every claim, before the review's check and after it, on
    /// futures searched by the verifier at this many nodes, and print how
    /// many of each kind it upholds.
    verify: Option<u64>,
}

fn parse_replay_args(args: &[String]) -> Result<ReplayOptions, String> {
    let mut options = ReplayOptions {
        dropped: false,
        verify: None,
    };
    let mut args = args.iter().cloned();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--dropped" => options.dropped = true,
            "--verify" => options.verify = Some(number(args.next(), "--verify")?),
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(options)
}

/// How many claims of a kind the verifier checked, upheld, and why it
/// failed the others.
#[derive(Default)]
struct Upheld {
    given: usize,
    upheld: usize,
    failures: BTreeMap<&'static str, usize>,
}

/// Counts each of `claims` in `table`, and prints its verdict on a line
/// of its own (`which`: the finders' claims or those shown).
fn tally_claims(
    table: &mut BTreeMap<Kind, Upheld>,
    which: &str,
    claims: &[Reason],
    facts: &MoveFacts,
    evidence_for: &Futures,
) {
    for claim in claims {
        let entry = table.entry(claim.kind()).or_default();
        entry.given += 1;
        let verdict = verify::check(claim, facts, evidence_for.of(claim, facts));
        match verdict {
            Ok(()) => entry.upheld += 1,
            Err(failure) => *entry.failures.entry(failure.name()).or_default() += 1,
        }
        println!(
            "  {which} {}: {}",
            claim.kind().name(),
            verdict.err().map_or("upheld", |failure| failure.name())
        );
    }
}

/// The futures a move's claims are checked on: the verifier's own, and
/// those of each capture a claim names that its own reply does not play.
struct Futures<'e> {
    own: &'e Evidence,
    captures: &'e [(Move, Evidence)],
}

impl<'e> Futures<'e> {
    /// The futures `claim` is checked on.
    fn of(&self, claim: &Reason, facts: &MoveFacts) -> &'e Evidence {
        named_capture(claim, facts)
            .and_then(|capture| self.captures.iter().find(|(mv, _)| *mv == capture))
            .map_or(self.own, |(_, future)| future)
    }
}

/// The opponent's capture a claim names as what wins the mover's piece: a
/// piece left hanging, or one too slow to save taken at once (by the
/// review's reply, which takes it there).
fn named_capture(claim: &Reason, facts: &MoveFacts) -> Option<Move> {
    match claim {
        Reason::LeftHanging { taken_with, .. } => Some(taken_with.mv),
        Reason::TooSlow {
            square, line: None, ..
        } => facts
            .reply_line
            .first()
            .copied()
            .filter(|mv| mv.to() == *square),
        _ => None,
    }
}

/// The fewest claims of a kind on held-out games from which its share
/// upheld decides whether it is shown: below it one claim more or less
/// swings the share by a fifth or more, so the kind stays as it is (a new
/// kind starts off).
const GATE_MIN_CLAIMS: usize = 5;

/// Whether a kind passes the gate: upheld nine times in ten, on at least
/// [`GATE_MIN_CLAIMS`] claims; with fewer, as it is now.
fn passes_gate(kind: Kind, entry: &Upheld) -> bool {
    if entry.given >= GATE_MIN_CLAIMS {
        entry.upheld * 10 >= entry.given * 9
    } else {
        verify::kind_shown(kind)
    }
}

fn print_upheld(title: &str, table: &BTreeMap<Kind, Upheld>) {
    println!("{title}");
    println!(
        "{:<28} {:>5} {:>6} {:>5}  {:<4} {:<4} failed checks",
        "claim kind", "given", "upheld", "share", "now", "gate"
    );
    let (mut given, mut upheld) = (0, 0);
    for (kind, entry) in table {
        let failures: Vec<String> = entry
            .failures
            .iter()
            .map(|(what, n)| format!("{what} {n}"))
            .collect();
        let on_off = |on: bool| if on { "on" } else { "off" };
        println!(
            "{:<28} {:>5} {:>6} {:>4.0}%  {:<4} {:<4} {}",
            kind.name(),
            entry.given,
            entry.upheld,
            100.0 * entry.upheld as f64 / entry.given.max(1) as f64,
            on_off(verify::kind_shown(*kind)),
            on_off(passes_gate(*kind, entry)),
            failures.join(", ")
        );
        given += entry.given;
        upheld += entry.upheld;
    }
    println!("{:<28} {given:>5} {upheld:>6}", "all");
}

/// How many of the replayed mistakes have a reason in words (anything
/// beyond a bare "Better was"), and how many the side already behind made.
#[derive(Default)]
struct Coverage {
    moves: usize,
    in_words: usize,
    behind: usize,
    by_kind: BTreeMap<Kind, usize>,
}

impl Coverage {
    fn count(&mut self, reasons: &[Reason]) {
        self.moves += 1;
        if reasons.iter().any(|r| r.kind() != Kind::BetterPlain) {
            self.in_words += 1;
        }
        if reasons.iter().any(|r| {
            matches!(
                r,
                Reason::Behind { .. } | Reason::AllowsMate { behind: true, .. }
            )
        }) {
            self.behind += 1;
        }
        for reason in reasons {
            *self.by_kind.entry(reason.kind()).or_default() += 1;
        }
    }

    fn print(&self) {
        println!(
            "{} mistakes and blunders, {} with a reason in words ({:.0}%), {} by the side already behind",
            self.moves,
            self.in_words,
            100.0 * self.in_words as f64 / self.moves.max(1) as f64,
            self.behind
        );
        let kinds: Vec<String> = self
            .by_kind
            .iter()
            .map(|(kind, n)| format!("{} {n}", kind.name()))
            .collect();
        println!("reasons shown by kind: {}", kinds.join(", "));
    }
}

/// The explanations of today's code for the lines `--sentences` printed.
fn replay(text: &str, options: &ReplayOptions) {
    let mut searcher = options.verify.map(Searcher::new);
    let mut unchecked_table = BTreeMap::new();
    let mut gated_table = BTreeMap::new();
    let mut checked_table = BTreeMap::new();
    let mut coverage = Coverage::default();
    for line in text.lines() {
        let Some(rest) = line.trim().strip_prefix("position sfen ") else {
            continue;
        };
        let fields: Vec<&str> = rest.split(" | ").collect();
        let field = |name: &str| {
            fields
                .iter()
                .find_map(|f| f.strip_prefix(name).map(str::trim))
                .unwrap_or("")
        };
        let Ok(before) = Position::from_sfen(fields[0]) else {
            println!("bad SFEN: {line}");
            continue;
        };
        let moves = |text: &str| -> Vec<Move> {
            text.split_whitespace()
                .filter_map(|m| Move::from_usi(m).ok())
                .collect()
        };
        let Some(&played) = moves(field("played ")).first() else {
            continue;
        };
        let scores: Vec<Score> = field("scores ")
            .split_whitespace()
            .filter_map(parse_score)
            .collect();
        let (best, reply) = (moves(field("best ")), moves(field("reply ")));
        let checked = moves(field("checked "));
        let facts = komadai::review::explain::MoveFacts {
            before: &before,
            previous_to: None,
            played,
            best_line: &best,
            reply_line: &reply,
            checked_line: &checked,
            score_before: scores.first().copied().unwrap_or(Score::Cp(0)),
            score_after: scores.get(1).copied().unwrap_or(Score::Cp(-600)),
        };
        let reasons = komadai::review::explain::reasons(&facts);
        coverage.count(&reasons);
        println!("{} {played}", fields[0]);
        for (lang, notation) in [
            (komadai::i18n::Language::English, Notation::Western),
            (komadai::i18n::Language::Japanese, Notation::Japanese),
        ] {
            let words =
                komadai::review::words::explanation(lang, &reasons, &Voice::to_mover(notation));
            println!("  {words}");
        }
        let unchecked = unchecked_reasons(&facts);
        if options.dropped
            && let Some(evidence) = Evidence::review(&facts)
        {
            for claim in unchecked.iter().filter(|claim| !reasons.contains(claim)) {
                let why = verify::check(claim, &facts, &evidence)
                    .err()
                    .map_or("kind off", |failure| failure.name());
                println!("  dropped {}: {why}", claim.kind().name());
                // What a kind the gate keeps off would have said, to read it against the board.
                if why == "kind off" {
                    let words = komadai::review::words::sentence(
                        komadai::i18n::Language::English,
                        claim,
                        &Voice::to_mover(Notation::Western),
                    );
                    println!("    would say: {words}");
                }
            }
        }
        if let Some(searcher) = searcher.as_mut()
            && !unchecked.is_empty()
        {
            let evidence = searcher.evidence(&facts);
            // A claim naming a capture the verifier's own reply does not play
            // is checked on the future of that capture, where it is as good a
            // reply.
            let own_reply = evidence.played.moves.get(1).copied();
            let mut captures: Vec<(Move, Evidence)> = Vec::new();
            for capture in unchecked
                .iter()
                .filter_map(|claim| named_capture(claim, &facts))
            {
                if Some(capture) != own_reply
                    && !captures.iter().any(|(mv, _)| *mv == capture)
                    && let Some(future) =
                        searcher.evidence_after_capture(&facts, &evidence, capture)
                {
                    captures.push((capture, future));
                }
            }
            let evidence_for = Futures {
                own: &evidence,
                captures: &captures,
            };
            tally_claims(
                &mut unchecked_table,
                "found",
                &unchecked,
                &facts,
                &evidence_for,
            );
            // What the review would show were every kind on: the claims its
            // own check passes on its own lines. The gate is decided on these.
            let passed: Vec<Reason> = Evidence::review(&facts)
                .map(|review| {
                    unchecked
                        .iter()
                        .filter(|claim| verify::check(claim, &facts, &review).is_ok())
                        .cloned()
                        .collect()
                })
                .unwrap_or_default();
            tally_claims(&mut gated_table, "passed", &passed, &facts, &evidence_for);
            tally_claims(&mut checked_table, "shown", &reasons, &facts, &evidence_for);
        }
    }
    coverage.print();
    if let Some(nodes) = options.verify {
        print_upheld(
            &format!("The finders' claims, upheld on futures searched at {nodes} nodes:"),
            &unchecked_table,
        );
        print_upheld(
            &format!(
                "The claims the review's own check passes, every kind on, upheld at {nodes} nodes (the gate):"
            ),
            &gated_table,
        );
        print_upheld(
            &format!("The claims shown, upheld on futures searched at {nodes} nodes:"),
            &checked_table,
        );
    }
}

/// A score as `{:?}` prints it: `Cp(-120)`, `Mates(3)`, `Mated(2)`.
fn parse_score(text: &str) -> Option<Score> {
    let (name, value) = text.strip_suffix(')')?.split_once('(')?;
    match name {
        "Cp" => value.parse().ok().map(Score::Cp),
        "Mates" => value.parse().ok().map(Score::Mates),
        "Mated" => value.parse().ok().map(Score::Mated),
        _ => None,
    }
}
