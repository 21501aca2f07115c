//! Fits the evaluation's weights (src/engine/eval/weights.rs) to labelled
//! positions, lines of `sfen <TAB> score <TAB> bestmove` as written by
//! `tools/eval_data.py`.
//!
//!     cargo run --release --example tune_eval -- --init > src/engine/eval/weights.rs
//!     cargo run --release --example tune_eval -- data1.tsv data2.tsv > weights.rs
//!
//!     cargo run --release --example tune_eval -- --from-tree data.tsv > weights.rs
//!
//! `--init` writes the hand-set starting weights. `--from-tree` starts from
//! the weights in the tree, and pulls towards them, instead of the hand-set
//! ones: a new teacher's positions refine what earlier fits learned (from
//! data that may no longer exist). Otherwise the weights are
//! fitted by full-batch Adam on the squared difference of win chances,
//! sigmoid(eval / K) against sigmoid(score / K), with a small pull towards
//! the starting weights so that rarely seen features stay sensible. Positions
//! in check and positions whose best move captures or promotes are left out:
//! a static evaluation cannot see tactics, and should not be taught them.
//! One game in twenty is held out whole to show over-fitting (positions of
//! one game are too alike to test each other).
//!
//! Every feature is fitted twice: a plain weight, and a weight per unit of
//! the game's phase (`features::phase`), pulled towards zero, so a feature's
//! worth can change as the hands fill.
//!
//! `--score-weight W` aims each position at W times its score's win chance
//! plus 1 - W times its game's result (a win, a loss, or unknown, read from
//! the game's last line), for what a shallow score cannot see; the default,
//! 1, is the scores alone. Blends of 0.5 and 0.75 on seeds 3 to 8 did not
//! beat the scores alone in self-play.

use komadai::engine::eval::features::{
    self, COUNT, DROP_CHECKS, HAND, KING_DANGER, KING_UNDER_MOVE, KING_ZONE, MOBILITY,
    NEAR_ENEMY_KING, NEAR_OWN_KING, PLACEMENT, TEMPO, THREATS, WEAK_SQUARES, WEIGHT_COUNT,
    hand_index, offset_index, placement_index,
};
use komadai::engine::eval::{SCALE, board_value, hand_value};
use komadai::rules::{Move, PieceKind, Position};
use std::io::{BufRead, BufReader, Write};
use std::ops::RangeInclusive;

/// Centipawns at which the win chance is 1/(1+e^-1) ≈ 73%.
const K: f64 = 400.0;
const EPOCHS: usize = 600;
const LEARNING_RATE: f64 = 2.0;
/// A score this large either way decides the game: `tools/eval_data.py`
/// stops a game there, and larger scores teach nothing more.
const DECIDED: i32 = 3000;
/// The pull towards the starting weights (`--ridge` changes it).
const RIDGE: f64 = 3e-9;
/// Weights kept at their starting values: the threats against the side that
/// just moved. The training set leaves out positions whose best move
/// captures, so it holds almost none where such a piece is simply taken, and
/// a fit would learn that those threats cost nothing. (The side to move's
/// threats are fitted: its best move, saving the piece, is quiet.)
const FROZEN: std::ops::Range<usize> = THREATS + 2..THREATS + 4;

fn initial_weights() -> Vec<f64> {
    let mut w = vec![0.0; WEIGHT_COUNT];
    for kind in PieceKind::ALL {
        for rank in 0..9 {
            for file in 0..5 {
                // The fixed values of move ordering are the starting material.
                let mut value = board_value(kind);
                if kind == PieceKind::King {
                    // A king on its own back ranks is harder to reach.
                    value = match rank + 1 {
                        9 => 30,
                        8 => 20,
                        7 => 0,
                        r => -25 * (7 - r),
                    };
                }
                if matches!(kind, PieceKind::Knight | PieceKind::Lance) && rank < 2 {
                    value -= 40;
                }
                w[placement_index(kind, rank, file)] = value as f64;
            }
        }
        for dr in -8i32..=8 {
            for df in 0..=8 {
                let distance = dr.abs().max(df) as usize;
                let near = |table: [i32; 4]| table[distance.clamp(1, 4) - 1] as f64;
                let guard = matches!(kind, PieceKind::Gold | PieceKind::Silver);
                let promoted = kind.is_promoted();
                let i = offset_index(kind, (dr, df));
                if guard {
                    w[NEAR_OWN_KING + i] = near([40, 20, 5, -10]);
                    w[NEAR_ENEMY_KING + i] = near([25, 17, 7, 0]);
                }
                if promoted {
                    w[NEAR_ENEMY_KING + i] = near([50, 35, 15, 0]);
                }
            }
        }
    }
    for kind in PieceKind::HAND {
        w[hand_index(kind, true)] = hand_value(kind) as f64;
    }
    w[KING_DANGER + 1] = -4.0;
    w[MOBILITY] = 3.0;
    w[MOBILITY + 1] = 3.0;
    w[TEMPO] = 20.0;
    // What a threatened gain costs, as a share of it.
    w[THREATS..THREATS + 4].copy_from_slice(&[-0.1, -0.5, -0.4, -0.15]);
    w
}

/// The weights in the tree, in centipawns: a fit can start from them (and be
/// pulled towards them) to refine what an earlier fit learned.
fn tree_weights() -> Vec<f64> {
    let text = include_str!("../src/engine/eval/weights.rs");
    let table = text.split_once("= [").map_or("", |(_, rest)| rest);
    let w: Vec<f64> = table
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .flat_map(|line| line.split(','))
        .filter_map(|word| word.trim().parse::<i64>().ok())
        .map(|value| value as f64 / SCALE as f64)
        .collect();
    assert_eq!(
        w.len(),
        WEIGHT_COUNT,
        "weights.rs holds one weight per feature"
    );
    w
}

/// One training position: its active features with their counts (the side
/// to move's positive, the other side's negative) and the target win chance.
struct Sample {
    features: Vec<(u32, f32)>,
    target: f64,
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

fn sample(pos: &Position, score: i32) -> Sample {
    let mut counts = std::collections::BTreeMap::new();
    let phase = features::phase(pos);
    features::features(pos, &mut |i, n| *counts.entry(i).or_insert(0) += n);
    let mut features: Vec<(u32, f32)> = counts
        .into_iter()
        .filter(|&(_, n)| n != 0)
        .map(|(i, n)| (i as u32, n as f32))
        .collect();
    // The phased weights' features: the same counts, times the phase.
    if phase > 0 {
        let phased: Vec<(u32, f32)> = features
            .iter()
            .map(|&(i, n)| (i + COUNT as u32, n * phase as f32))
            .collect();
        features.extend(phased);
    }
    Sample {
        features,
        target: sigmoid(score.clamp(-DECIDED, DECIDED) as f64 / K),
    }
}

/// A position the static evaluation should be taught: not in check, and
/// its best move neither captures nor promotes.
fn quiet(pos: &Position, best: &str) -> bool {
    let Ok(mv) = Move::from_usi(best) else {
        return false;
    };
    let capture = matches!(mv, Move::Board { .. }) && pos.piece_at(mv.to()).is_some();
    !pos.in_check() && !capture && !mv.is_promotion()
}

/// One labelled line of a data file.
struct Line {
    /// The training position, if the line's position is one to teach.
    sample: Option<Sample>,
    score: i32,
    /// The game move number in the SFEN: consecutive lines of one game
    /// count up by one.
    ply: u32,
}

fn parse(line: &str) -> Option<Line> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [sfen, score, best] = fields[..] else {
        return None;
    };
    let pos = Position::from_sfen(sfen).ok()?;
    let score = score.parse().ok()?;
    Some(Line {
        sample: quiet(&pos, best).then(|| sample(&pos, score)),
        score,
        ply: sfen.rsplit(' ').next()?.parse().ok()?,
    })
}

/// A game's result for the side to move at each of its lines (1 a win, 0 a
/// loss, 0.5 unknown), read from its last line.
fn results(game: &[Line]) -> Vec<f64> {
    let last = game.len().saturating_sub(1);
    let final_score = game.last().map_or(0, |l| l.score);
    (0..game.len())
        .map(|i| {
            // The side to move alternates, so every other line sees the
            // result reversed.
            let sign = if (last - i).is_multiple_of(2) { 1 } else { -1 };
            match final_score * sign {
                s if s >= DECIDED => 1.0,
                s if s <= -DECIDED => 0.0,
                _ => 0.5,
            }
        })
        .collect()
}

/// The training positions of `game`, each aimed at a blend of its searched
/// score (weight `score_weight`) and its game's result.
fn game_samples(game: Vec<Line>, score_weight: f64, samples: &mut Vec<Sample>) {
    let results = results(&game);
    for (line, result) in game.into_iter().zip(results) {
        if let Some(mut s) = line.sample {
            s.target = score_weight * s.target + (1.0 - score_weight) * result;
            samples.push(s);
        }
    }
}

/// Consecutive lines of one game, split where the move number does not
/// count on by one (a new game began).
fn split_games(lines: Vec<Line>) -> Vec<Vec<Line>> {
    let mut games: Vec<Vec<Line>> = Vec::new();
    for line in lines {
        match games.last_mut() {
            Some(game) if game.last().is_some_and(|prev| line.ply == prev.ply + 1) => {
                game.push(line)
            }
            _ => games.push(vec![line]),
        }
    }
    games
}

/// The training and held-out positions of the games in `paths`: every
/// twentieth game is held out whole, so the held-out loss is measured on
/// games the fit never saw.
fn load(paths: &[String], score_weight: f64) -> (Vec<Sample>, Vec<Sample>) {
    let (mut training, mut held_out) = (Vec::new(), Vec::new());
    let mut games = 0;
    for path in paths {
        let Ok(file) = std::fs::File::open(path) else {
            eprintln!("cannot open {path}");
            continue;
        };
        let lines = BufReader::new(file)
            .lines()
            .map_while(Result::ok)
            .filter_map(|line| parse(&line))
            .collect();
        for game in split_games(lines) {
            games += 1;
            let set = if games % 20 == 0 {
                &mut held_out
            } else {
                &mut training
            };
            game_samples(game, score_weight, set);
        }
    }
    (training, held_out)
}

fn eval(w: &[f64], s: &Sample) -> f64 {
    s.features
        .iter()
        .map(|&(i, n)| w[i as usize] * n as f64)
        .sum()
}

fn loss(w: &[f64], samples: &[Sample]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (sigmoid(eval(w, s) / K) - s.target).powi(2))
        .sum();
    total / samples.len().max(1) as f64
}

/// How the fit moves: the Adam step at the start (it falls to a tenth by
/// the end) and the pull towards the starting weights.
struct Steps {
    rate: f64,
    ridge: f64,
}

fn train(samples: &[Sample], held_out: &[Sample], start: &[f64], steps: &Steps) -> Vec<f64> {
    let Steps {
        rate: first_rate,
        ridge,
    } = *steps;
    let mut w = start.to_vec();
    eprintln!(
        "start: training {:.6}, held out {:.6}",
        loss(&w, samples),
        loss(&w, held_out)
    );
    let (mut m, mut v) = (vec![0.0; WEIGHT_COUNT], vec![0.0; WEIGHT_COUNT]);
    let (beta1, beta2) = (0.9f64, 0.999f64);
    let n = samples.len() as f64;
    for epoch in 1..=EPOCHS {
        let mut grad = vec![0.0; WEIGHT_COUNT];
        for s in samples {
            let p = sigmoid(eval(&w, s) / K);
            let g = 2.0 * (p - s.target) * p * (1.0 - p) / K / n;
            for &(i, c) in &s.features {
                grad[i as usize] += g * c as f64;
            }
        }
        let rate = first_rate * (1.0 - 0.9 * epoch as f64 / EPOCHS as f64);
        for i in 0..WEIGHT_COUNT {
            if FROZEN.contains(&(i % COUNT)) {
                continue;
            }
            let g = grad[i] + ridge * (w[i] - start[i]);
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(epoch as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(epoch as i32));
            w[i] -= rate * m_hat / (v_hat.sqrt() + 1e-12);
        }
        if epoch % 50 == 0 || epoch == 1 {
            eprintln!(
                "epoch {epoch}: training {:.6}, held out {:.6}",
                loss(&w, samples),
                loss(&w, held_out)
            );
        }
    }
    w
}

fn write_weights(w: &[f64], out: &mut impl Write, origin: &str) -> std::io::Result<()> {
    writeln!(
        out,
        "//! Generated by `examples/tune_eval.rs` ({origin}); do not edit by hand."
    )?;
    writeln!(
        out,
        "//! Indices are laid out in `features.rs`; values in 1/{SCALE} centipawn."
    )?;
    writeln!(out)?;
    writeln!(out, "#[rustfmt::skip]")?;
    writeln!(out, "pub static WEIGHTS: [i32; {WEIGHT_COUNT}] = [")?;
    let sections = [
        (PLACEMENT, "placement: kind x (rank x folded file)"),
        (
            NEAR_OWN_KING,
            "near own king: kind x (rank offset x file distance)",
        ),
        (
            NEAR_ENEMY_KING,
            "near enemy king: kind x (rank offset x file distance)",
        ),
        (HAND, "hand: P, L, N, S, B, R, G: any held, each one"),
        (KING_DANGER, "king danger: units, units^2/8"),
        (MOBILITY, "mobility: rook squares, bishop squares"),
        (TEMPO, "tempo"),
        (
            THREATS,
            "threats: side to move's largest, second; the other side's largest, second",
        ),
        (
            KING_ZONE,
            "king zone: squares next to the king attacked by each tier",
        ),
        (
            WEAK_SQUARES,
            "weak squares: times each kind in the enemy's hand (P, L, N, S, B, R, G); attacked",
        ),
        (
            DROP_CHECKS,
            "drop checks: safe squares next to the king, +1 for any afar; per kind in the enemy's hand (L, N, S, G, B, R)",
        ),
        (
            KING_UNDER_MOVE,
            "the king not to move: king danger, king zone, weak squares, drop checks again",
        ),
        (COUNT, "phased: every feature again, per unit of phase"),
    ];
    for (i, &value) in w.iter().enumerate() {
        if let Some((_, name)) = sections.iter().find(|(start, _)| *start == i) {
            writeln!(out, "    // {name}")?;
        }
        let row_start = i == 0 || sections.iter().any(|(s, _)| *s == i) || i % 9 == 0;
        if row_start {
            write!(out, "   ")?;
        }
        write!(out, " {},", (value * SCALE as f64).round() as i64)?;
        let next = i + 1;
        if next % 9 == 0 || sections.iter().any(|(s, _)| *s == next) || next == WEIGHT_COUNT {
            writeln!(out)?;
        }
    }
    writeln!(out, "];")
}

/// The number given to an option, if it is one and within `range`.
fn number_in(word: Option<&String>, range: RangeInclusive<f64>) -> Option<f64> {
    word.and_then(|w| w.parse::<f64>().ok())
        .filter(|x| range.contains(x))
}

/// Ends the process over a bad option value: a typo must not silently fit
/// with another value than the one asked for.
fn refuse(message: &str) -> ! {
    eprintln!("{message}");
    std::process::exit(2);
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut start = initial_weights();
    let mut origin_of_start = "hand-set start";
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.first().map(String::as_str) == Some("--init") {
        return write_weights(&start, &mut out, "hand-set starting weights");
    }
    let mut ridge = RIDGE;
    let mut rate = LEARNING_RATE;
    let mut score_weight = 1.0;
    let mut files = Vec::new();
    let mut words = args.iter();
    while let Some(word) = words.next() {
        if word == "--ridge" {
            ridge = number_in(words.next(), 0.0..=f64::MAX)
                .unwrap_or_else(|| refuse("--ridge needs a number of 0 or more"));
        } else if word == "--rate" {
            rate = number_in(words.next(), f64::MIN_POSITIVE..=f64::MAX)
                .unwrap_or_else(|| refuse("--rate needs a number above 0"));
        } else if word == "--from-tree" {
            start = tree_weights();
            origin_of_start = "from the tree's weights";
        } else if word == "--score-weight" {
            score_weight = number_in(words.next(), 0.0..=1.0)
                .unwrap_or_else(|| refuse("--score-weight needs a number from 0 to 1"));
        } else {
            files.push(word.clone());
        }
    }
    let (training, held_out) = load(&files, score_weight);
    if training.is_empty() {
        refuse("no training positions in the files given");
    }
    eprintln!(
        "{} training positions, {} held out",
        training.len(),
        held_out.len()
    );
    let w = train(&training, &held_out, &start, &Steps { rate, ridge });
    let origin = format!(
        "{} positions, {origin_of_start}, rate {rate}, ridge {ridge:e}, score weight {score_weight}",
        training.len()
    );
    write_weights(&w, &mut out, &origin)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(ply: u32, score: i32) -> Line {
        Line {
            sample: None,
            score,
            ply,
        }
    }

    #[test]
    fn every_twentieth_game_is_held_out_whole() {
        // Forty games of two positions each: the move numbers count on by
        // one within a game and jump between games.
        let mut text = String::new();
        for game in 0..40 {
            for ply in [10 * game + 1, 10 * game + 2] {
                let side = if ply % 2 == 1 { 'b' } else { 'w' };
                let mv = if side == 'b' { "5i4h" } else { "5a4b" };
                text += &format!("4k4/9/9/9/9/9/9/9/4K4 {side} G {ply}\t{ply}\t{mv}\n");
            }
        }
        let path = std::env::temp_dir().join(format!("tune_eval_{}.tsv", std::process::id()));
        std::fs::write(&path, text).expect("temporary file");
        let (training, held_out) = load(&[path.display().to_string()], 1.0);
        let _ = std::fs::remove_file(&path);
        assert_eq!((training.len(), held_out.len()), (76, 4));
        // Held-out positions come in whole games: their scores (the move
        // numbers) pair up as 10g + 1 and 10g + 2.
        let mut scores: Vec<f64> = held_out.iter().map(|s| s.target).collect();
        scores.sort_by(f64::total_cmp);
        let score = |ply: i32| sigmoid(ply as f64 / K);
        assert_eq!(scores, vec![score(191), score(192), score(391), score(392)]);
    }

    #[test]
    fn a_game_result_is_read_from_its_last_line_for_each_side_to_move() {
        // The side to move at the last line is winning: it won, and the
        // side to move one line earlier lost.
        let won = [line(10, 50), line(11, -400), line(12, 3500)];
        assert_eq!(results(&won), vec![1.0, 0.0, 1.0]);
        let lost = [line(10, 0), line(11, -30000)];
        assert_eq!(results(&lost), vec![1.0, 0.0]);
        // A game that stopped undecided teaches nothing either way.
        let open = [line(10, 0), line(11, 900)];
        assert_eq!(results(&open), vec![0.5, 0.5]);
    }

    #[test]
    fn a_blend_aims_each_teachable_position_between_its_score_and_its_result() {
        let teachable = |ply, score| Line {
            sample: Some(Sample {
                features: Vec::new(),
                target: 0.5,
            }),
            ..line(ply, score)
        };
        // Three lines, the middle one not taught; the side to move at the
        // last line won, so the first line's side won too.
        let game = vec![teachable(10, 0), line(11, 0), teachable(12, 3500)];
        let mut samples = Vec::new();
        game_samples(game, 0.25, &mut samples);
        let targets: Vec<f64> = samples.iter().map(|s| s.target).collect();
        assert_eq!(targets, vec![0.25 * 0.5 + 0.75, 0.25 * 0.5 + 0.75]);
        let lost = vec![teachable(20, 0), teachable(21, -3500)];
        let mut samples = Vec::new();
        game_samples(lost, 0.25, &mut samples);
        let targets: Vec<f64> = samples.iter().map(|s| s.target).collect();
        assert_eq!(targets, vec![0.25 * 0.5 + 0.75, 0.25 * 0.5]);
    }

    #[test]
    fn an_option_takes_only_a_number_in_its_range() {
        let word = |w: &str| Some(w.to_string());
        assert_eq!(number_in(word("0.5").as_ref(), 0.0..=1.0), Some(0.5));
        assert_eq!(number_in(word("3").as_ref(), 0.0..=1.0), None);
        assert_eq!(number_in(word("-1e-9").as_ref(), 0.0..=f64::MAX), None);
        assert_eq!(number_in(word("abc").as_ref(), 0.0..=f64::MAX), None);
        assert_eq!(number_in(None, 0.0..=1.0), None);
    }

    #[test]
    fn games_are_split_where_the_move_number_does_not_count_on() {
        let lines = vec![
            line(5, 0),
            line(6, 0),
            line(7, 0),
            line(9, 0),
            line(3, 0),
            line(4, 0),
        ];
        let lengths: Vec<usize> = split_games(lines).iter().map(Vec::len).collect();
        assert_eq!(lengths, vec![3, 1, 2]);
    }
}
