//! Trains the evaluation network on self-play games (`examples/selfplay.rs`).
//!
//! ```text
//! cargo run --release --example train_nnue -- [--inputs pieces|king-zones] [--width 64]
//!     [--epochs 12] [--lambda 0.3] [--lr 0.001] [--batch 16384] [--seed 1] [--threads N]
//!     [--alone] [--zones-from-zero] [--score-scale 1.0] [--repeat K] [--from-ply N]
//!     [--init NET] [--out FILE] DATA...
//! ```
//!
//! `--inputs` chooses the network's input set (`src/engine/nnue/features.rs`;
//! `pieces` unless told), read through the engine's own feature code;
//! `--zones-from-zero` starts the king zones' weights at zero rather than at
//! random, so the net starts as a pieces net.
//!
//! The network learns a correction to the linear evaluation (the two are
//! added when the engine evaluates), unless `--alone` asks for a network that
//! judges by itself.
//!
//! `--score-scale` multiplies the scores of the DATA files named after it (up
//! to the next `--score-scale`; 1 before the first), so that a teacher's
//! units can be read as komadai's beside komadai's own games. `--repeat K`
//! likewise trains on each kept position of the files named after it K times
//! an epoch (held out once), so that a few thousand positions of a teacher's
//! can weigh against hundreds of thousands of self-play ones. `--from-ply N`
//! reads each game of the files named after it from its N-th position on, so
//! that the opening of games another teacher scored again (`relabel --plies`)
//! is learned from that teacher alone.
//!
//! A position met twice is kept the first time: a file named earlier wins.
//!
//! DATA are chunk files (`.kpk2`, or `.kpk2.xz` read through `xz -dc`). Each
//! game's positions are kept when the side to move is not in check, the best
//! move is not a capture (the evaluation judges quiet positions; the
//! quiescence search settles the rest) and the search's score is under
//! [`SCORE_CAP`]; a position met again is kept once. Every twentieth game is
//! held out to measure the fit.
//!
//! The target blends the search's score, as a win chance `sigmoid(cp / 400)`,
//! with the game's result: `lambda × result + (1 − lambda) × sigmoid(score / 400)`.
//! The loss is the squared difference between that and the network's own win
//! chance. Adam, a fixed seed, every core (each thread takes a share of a
//! batch and the gradients are summed), the step size cut tenfold for the last
//! quarter of the epochs. The first layer's weights and biases are kept within
//! ±1.98, or less where more inputs can be on at once, so that no accumulator
//! can overflow 16 bits once quantised. The linear
//! evaluation's loss on the same held-out positions is printed beside the
//! network's, before and after quantisation.

use komadai::engine::eval::data;
use komadai::engine::eval::linear;
use komadai::engine::nnue::features::{self, InputSet};
use komadai::engine::nnue::net::{Net, NetParts, OUTPUT_CP, QA, QB};
use komadai::rules::{Move, Position};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Instant;

/// Positions whose search score is beyond this are left out: the game is
/// decided there and the evaluation's job is done.
const SCORE_CAP: i32 = 3_000;
/// The bound on the first layer's weights for the pieces inputs.
const WEIGHT_CLIP: f32 = 1.98;
const HELD_OUT_ONE_IN: u64 = 20;

#[derive(Clone, Debug)]
struct Options {
    inputs: InputSet,
    width: usize,
    epochs: usize,
    lambda: f32,
    lr: f32,
    batch: usize,
    seed: u64,
    threads: usize,
    out: PathBuf,
    alone: bool,
    zones_from_zero: bool,
    /// Multiplies the scores of the data files named after it: a
    /// teacher's units made komadai's (`examples/relabel.rs`).
    score_scale: f32,
    /// Set by `--repeat`: how many times an epoch the files named after it
    /// are trained on.
    repeat: usize,
    /// Set by `--from-ply`: each game of the files named after it is read
    /// from its this-many-th position on.
    from_ply: usize,
    /// A network to start from (its inputs, width and kind then the
    /// trained one's) rather than random weights.
    init: Option<PathBuf>,
    /// Each data file, with the options in force where it was named.
    data: Vec<DataFile>,
}

/// A data file and how it is read: the options named before it.
#[derive(Clone, Debug, PartialEq)]
struct DataFile {
    path: PathBuf,
    score_scale: f32,
    /// How many times an epoch its positions are trained on.
    repeat: usize,
    /// The first position of each game that is read.
    from_ply: usize,
}

fn main() {
    let options = match parse_args(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("train_nnue: {message}");
            std::process::exit(2);
        }
    };
    if let Err(message) = run(&options) {
        eprintln!("train_nnue: {message}");
        std::process::exit(1);
    }
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut options = Options {
        inputs: InputSet::Pieces,
        width: 64,
        epochs: 12,
        lambda: 0.3,
        lr: 0.001,
        batch: 16_384,
        seed: 1,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        out: PathBuf::from("assets/nnue.knn"),
        alone: false,
        zones_from_zero: false,
        score_scale: 1.0,
        repeat: 1,
        from_ply: 0,
        init: None,
        data: Vec::new(),
    };
    // Set by a `--score-scale` until a data file follows it.
    let mut scale_unused = false;
    while let Some(arg) = args.next() {
        if !arg.starts_with("--") {
            options.data.push(DataFile {
                path: PathBuf::from(arg),
                score_scale: options.score_scale,
                repeat: options.repeat,
                from_ply: options.from_ply,
            });
            scale_unused = false;
            continue;
        }
        if arg == "--alone" {
            options.alone = true;
            continue;
        }
        if arg == "--zones-from-zero" {
            options.zones_from_zero = true;
            continue;
        }
        let value = args.next().ok_or_else(|| format!("{arg} needs a value"))?;
        let bad = || format!("{arg}: not a number: {value}");
        match arg.as_str() {
            "--width" => options.width = value.parse().map_err(|_| bad())?,
            "--epochs" => options.epochs = value.parse().map_err(|_| bad())?,
            "--lambda" => options.lambda = value.parse().map_err(|_| bad())?,
            "--lr" => options.lr = value.parse().map_err(|_| bad())?,
            "--score-scale" => {
                options.score_scale = value.parse().map_err(|_| bad())?;
                scale_unused = true;
            }
            "--repeat" => options.repeat = value.parse::<usize>().map_err(|_| bad())?.max(1),
            "--from-ply" => options.from_ply = value.parse().map_err(|_| bad())?,
            "--batch" => options.batch = value.parse::<usize>().map_err(|_| bad())?.max(1),
            "--seed" => options.seed = value.parse().map_err(|_| bad())?,
            "--threads" => options.threads = value.parse::<usize>().map_err(|_| bad())?.max(1),
            "--out" => options.out = PathBuf::from(&value),
            "--init" => options.init = Some(PathBuf::from(&value)),
            "--inputs" => {
                options.inputs = InputSet::named(&value).ok_or_else(|| {
                    format!("--inputs: {value} is not an input set (pieces or king-zones)")
                })?;
            }
            _ => return Err(format!("unknown option {arg}")),
        }
    }
    if options.data.is_empty() {
        return Err("no data files given".into());
    }
    if scale_unused {
        return Err("--score-scale scales the data files named after it: none follow".into());
    }
    if options.width == 0 || !options.width.is_multiple_of(16) {
        return Err("--width must be a positive multiple of 16".into());
    }
    Ok(options)
}

/// One training position: where its inputs lie in [`Samples::inputs`] (the
/// side to move's view, then the other's), the linear evaluation the network
/// corrects (in network units; 0 for a network alone) and the target win chance.
#[derive(Clone, Copy)]
struct Sample {
    start: u32,
    ours: u8,
    theirs: u8,
    base: f32,
    target: f32,
}

#[derive(Default)]
struct Samples {
    inputs: Vec<u16>,
    list: Vec<Sample>,
}

impl Samples {
    fn push(&mut self, set: InputSet, pos: &Position, base: f32, target: f32) {
        let us = pos.side_to_move();
        let start = self.inputs.len() as u32;
        let ours = features::active_list(set, pos, us);
        let theirs = features::active_list(set, pos, !us);
        self.inputs.extend_from_slice(&ours);
        self.inputs.extend_from_slice(&theirs);
        self.list.push(Sample {
            start,
            ours: ours.len() as u8,
            theirs: theirs.len() as u8,
            base,
            target,
        });
    }

    fn views(&self, sample: &Sample) -> (&[u16], &[u16]) {
        let start = sample.start as usize;
        let middle = start + usize::from(sample.ours);
        (
            &self.inputs[start..middle],
            &self.inputs[middle..middle + usize::from(sample.theirs)],
        )
    }
}

fn win_chance(cp: f32) -> f32 {
    1.0 / (1.0 + (-cp / OUTPUT_CP as f32).exp())
}

fn is_capture(pos: &Position, mv: Move) -> bool {
    !mv.is_drop() && pos.piece_at(mv.to()).is_some()
}

/// The training and held-out samples, and the held-out positions (to measure
/// the linear evaluation and the quantised network on).
fn load(options: &Options) -> Result<(Samples, Samples, Vec<Position>), String> {
    let (mut train, mut held) = (Samples::default(), Samples::default());
    let mut held_positions = Vec::new();
    let mut seen = HashSet::new();
    let (mut games, mut positions) = (0usize, 0usize);
    for file in &options.data {
        for game in data::read_chunk_file(&file.path)? {
            games += 1;
            let held_out = game.index.is_multiple_of(HELD_OUT_ONE_IN);
            for (pos, record) in game.replay().into_iter().skip(file.from_ply) {
                positions += 1;
                let score = record.score as f32 * file.score_scale;
                if pos.in_check()
                    || is_capture(&pos, record.best)
                    || score.abs() >= SCORE_CAP as f32
                    || !seen.insert(pos.hash())
                {
                    continue;
                }
                let result = game.outcome.points_for(pos.side_to_move());
                let target = options.lambda * result + (1.0 - options.lambda) * win_chance(score);
                let base = if options.alone {
                    0.0
                } else {
                    linear(&pos) as f32 / OUTPUT_CP as f32
                };
                if held_out {
                    held.push(options.inputs, &pos, base, target);
                    held_positions.push(pos);
                } else {
                    for _ in 0..file.repeat {
                        train.push(options.inputs, &pos, base, target);
                    }
                }
            }
        }
    }
    eprintln!(
        "train_nnue: {games} games, {positions} positions; kept {} for training, {} held out",
        train.list.len(),
        held.list.len()
    );
    Ok((train, held, held_positions))
}

/// The network in floating point, as trained.
#[derive(Clone)]
struct Model {
    inputs: InputSet,
    width: usize,
    /// `inputs.count()` rows of `width`, then the biases (`width`), the output
    /// weights (`2 × width`) and the output bias: one vector for Adam.
    params: Vec<f32>,
}

impl Model {
    /// A model of random weights; with `zones_from_zero` the inputs past the
    /// pieces set's (the king zones) start at zero, so that training begins
    /// from a pieces network and adds what the zones explain.
    fn new(
        inputs: InputSet,
        width: usize,
        zones_from_zero: bool,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Model {
        let count = inputs.count();
        let zones = InputSet::Pieces.count() * width..count * width;
        let mut params = vec![0.0f32; count * width + 3 * width + 1];
        let output_scale = 1.0 / (2.0 * width as f32).sqrt();
        for (i, p) in params.iter_mut().enumerate() {
            let u: f32 = rng.random_range(-1.0..1.0);
            *p = if zones_from_zero && zones.contains(&i) {
                0.0
            } else if i < count * width {
                0.15 * u
            } else if i < count * width + width {
                0.1
            } else if i < count * width + 3 * width {
                output_scale * u
            } else {
                0.0
            };
        }
        Model {
            inputs,
            width,
            params,
        }
    }

    /// The weights of a quantised network, scaled back.
    fn load(&mut self, net: &Net) {
        let parts = net.to_parts();
        let (biases, output) = (self.biases(), self.output());
        let w = self.width;
        for (p, &q) in self.params[..biases].iter_mut().zip(&parts.input_weights) {
            *p = f32::from(q) / QA as f32;
        }
        for (p, &q) in self.params[biases..biases + w]
            .iter_mut()
            .zip(&parts.input_biases)
        {
            *p = f32::from(q) / QA as f32;
        }
        for (p, &q) in self.params[output..output + 2 * w]
            .iter_mut()
            .zip(&parts.output_weights)
        {
            *p = f32::from(q) / QB as f32;
        }
        self.params[output + 2 * w] = parts.output_bias as f32 / (QA * QB) as f32;
    }

    fn biases(&self) -> usize {
        self.inputs.count() * self.width
    }

    fn output(&self) -> usize {
        self.biases() + self.width
    }

    /// The bound on the first layer's weights and biases: the pieces
    /// inputs' 1.98, or less, so that the bias and the most inputs that can
    /// be on at once sum within 16 bits once scaled by `QA`.
    fn weight_clip(&self) -> f32 {
        let room = i16::MAX as f32 / QA as f32 / (self.inputs.most_active() + 1) as f32;
        WEIGHT_CLIP.min(room)
    }

    fn accumulate(&self, inputs: &[u16], acc: &mut [f32]) {
        let w = self.width;
        acc.copy_from_slice(&self.params[self.biases()..self.biases() + w]);
        for &input in inputs {
            let row = &self.params[usize::from(input) * w..(usize::from(input) + 1) * w];
            for (a, r) in acc.iter_mut().zip(row) {
                *a += r;
            }
        }
    }

    /// The network's output (the evaluation / `OUTPUT_CP`) and, when a
    /// gradient is given, adds the loss's gradient for `target` to it.
    fn step(
        &self,
        sample: &Sample,
        views: (&[u16], &[u16]),
        grad: Option<&mut [f32]>,
    ) -> (f32, f32) {
        let target = sample.target;
        let w = self.width;
        let mut acc = [vec![0.0f32; w], vec![0.0f32; w]];
        self.accumulate(views.0, &mut acc[0]);
        self.accumulate(views.1, &mut acc[1]);
        let out_w = &self.params[self.output()..self.output() + 2 * w];
        let mut y = sample.base + self.params[self.output() + 2 * w];
        for (side, a) in acc.iter().enumerate() {
            for j in 0..w {
                y += a[j].clamp(0.0, 1.0) * out_w[side * w + j];
            }
        }
        let p = 1.0 / (1.0 + (-y).exp());
        let loss = (p - target) * (p - target);
        if let Some(grad) = grad {
            let dy = 2.0 * (p - target) * p * (1.0 - p);
            let (biases, output) = (self.biases(), self.output());
            grad[output + 2 * w] += dy;
            for (side, (a, inputs)) in acc.iter().zip([views.0, views.1]).enumerate() {
                let mut da = vec![0.0f32; w];
                for j in 0..w {
                    grad[output + side * w + j] += dy * a[j].clamp(0.0, 1.0);
                    if a[j] > 0.0 && a[j] < 1.0 {
                        da[j] = dy * out_w[side * w + j];
                    }
                }
                for j in 0..w {
                    grad[biases + j] += da[j];
                }
                for &input in inputs {
                    let row = &mut grad[usize::from(input) * w..(usize::from(input) + 1) * w];
                    for (g, d) in row.iter_mut().zip(&da) {
                        *g += d;
                    }
                }
            }
        }
        (y, loss)
    }

    fn quantise(&self, adds_linear: bool) -> Result<Net, String> {
        let w = self.width;
        let q =
            |value: f32, scale: i32| (value * scale as f32).round().clamp(-32767.0, 32767.0) as i16;
        let input_weights = self.params[..self.biases()]
            .iter()
            .map(|&v| q(v, QA))
            .collect();
        let input_biases = self.params[self.biases()..self.biases() + w]
            .iter()
            .map(|&v| q(v, QA))
            .collect();
        let output_weights = self.params[self.output()..self.output() + 2 * w]
            .iter()
            .map(|&v| q(v, QB))
            .collect();
        let output_bias = (self.params[self.output() + 2 * w] * (QA * QB) as f32).round() as i32;
        Net::from_parts(NetParts {
            inputs: self.inputs,
            width: w,
            input_weights,
            input_biases,
            output_weights,
            output_bias,
            adds_linear,
        })
        .map_err(|e| format!("the quantised network does not read back: {e}"))
    }
}

struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    fn step(&mut self, model: &mut Model, grad: &[f32], lr: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        let clipped = model.biases() + model.width;
        let clip = model.weight_clip();
        for (i, ((p, &g), (m, v))) in model
            .params
            .iter_mut()
            .zip(grad)
            .zip(self.m.iter_mut().zip(self.v.iter_mut()))
            .enumerate()
        {
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            *p -= lr * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
            if i < clipped {
                *p = p.clamp(-clip, clip);
            }
        }
    }
}

/// The mean loss over `samples`, on every thread.
fn mean_loss(model: &Model, samples: &Samples, threads: usize) -> f64 {
    let share = samples.list.len().div_ceil(threads).max(1);
    let total: f64 = std::thread::scope(|scope| {
        let handles: Vec<_> = samples
            .list
            .chunks(share)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|s| f64::from(model.step(s, samples.views(s), None).1))
                        .sum::<f64>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0.0)).sum()
    });
    total / samples.list.len().max(1) as f64
}

/// The mean loss of an evaluation function on the held-out positions.
fn eval_loss(positions: &[Position], samples: &Samples, eval: impl Fn(&Position) -> i32) -> f64 {
    let total: f64 = positions
        .iter()
        .zip(&samples.list)
        .map(|(pos, s)| f64::from((win_chance(eval(pos) as f32) - s.target).powi(2)))
        .sum();
    total / positions.len().max(1) as f64
}

fn train_batch(
    model: &mut Model,
    adam: &mut Adam,
    samples: &Samples,
    batch: &[u32],
    threads: usize,
    lr: f32,
) {
    let share = batch.len().div_ceil(threads).max(1);
    let size = model.params.len();
    let frozen = &*model;
    let grads: Vec<Vec<f32>> = std::thread::scope(|scope| {
        let handles: Vec<_> = batch
            .chunks(share)
            .map(|part| {
                scope.spawn(move || {
                    let mut grad = vec![0.0f32; size];
                    for &i in part {
                        let s = &samples.list[i as usize];
                        frozen.step(s, samples.views(s), Some(&mut grad));
                    }
                    grad
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    let mut total = vec![0.0f32; size];
    for grad in &grads {
        for (t, g) in total.iter_mut().zip(grad) {
            *t += g;
        }
    }
    let n = batch.len() as f32;
    total.iter_mut().for_each(|g| *g /= n);
    adam.step(model, &total, lr);
}

/// Takes the inputs, width and kind of the `--init` network, if any.
fn adopt_init(options: &mut Options) -> Result<Option<Net>, String> {
    let Some(path) = &options.init else {
        return Ok(None);
    };
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let net = Net::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    options.inputs = net.inputs();
    options.width = net.width();
    options.alone = !net.adds_linear();
    Ok(Some(net))
}

fn run(options: &Options) -> Result<(), String> {
    let mut options = options.clone();
    let init = adopt_init(&mut options)?;
    let options = &options;
    let started = Instant::now();
    let (train, held, held_positions) = load(options)?;
    if train.list.is_empty() || held.list.is_empty() {
        return Err("not enough positions to train on".into());
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(options.seed);
    let mut model = Model::new(
        options.inputs,
        options.width,
        options.zones_from_zero,
        &mut rng,
    );
    if let Some(net) = &init {
        model.load(net);
    }
    let mut adam = Adam {
        m: vec![0.0; model.params.len()],
        v: vec![0.0; model.params.len()],
        t: 0,
    };
    eprintln!(
        "train_nnue: held-out loss of the linear evaluation {:.5}; of the untrained network {:.5}",
        eval_loss(&held_positions, &held, linear),
        mean_loss(&model, &held, options.threads)
    );
    let mut order: Vec<u32> = (0..train.list.len() as u32).collect();
    let (mut best, mut best_loss) = (model.clone(), f64::INFINITY);
    for epoch in 0..options.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let lr = if epoch * 4 >= options.epochs * 3 {
            options.lr / 10.0
        } else {
            options.lr
        };
        for batch in order.chunks(options.batch) {
            train_batch(&mut model, &mut adam, &train, batch, options.threads, lr);
        }
        let held_loss = mean_loss(&model, &held, options.threads);
        eprintln!(
            "train_nnue: epoch {} held-out loss {held_loss:.5} ({:.0} s)",
            epoch + 1,
            started.elapsed().as_secs_f64()
        );
        if held_loss < best_loss {
            (best, best_loss) = (model.clone(), held_loss);
        }
    }
    let net = best.quantise(!options.alone)?;
    let quantised = eval_loss(&held_positions, &held, |pos| {
        net.evaluate(pos) + if net.adds_linear() { linear(pos) } else { 0 }
    });
    eprintln!(
        "train_nnue: held-out loss of the quantised network {quantised:.5} (float {best_loss:.5})"
    );
    let bytes = net.to_bytes();
    std::fs::write(&options.out, &bytes)
        .map_err(|e| format!("cannot write {}: {e}", options.out.display()))?;
    eprintln!(
        "train_nnue: wrote {} ({} bytes) in {:.0} s",
        options.out.display(),
        bytes.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_network_loaded_to_train_further_quantises_back_to_itself() {
        let net = komadai::engine::nnue::built_in().expect("the built-in network");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut model = Model::new(net.inputs(), net.width(), false, &mut rng);
        model.load(net);
        assert_eq!(model.quantise(net.adds_linear()).as_ref(), Ok(net));
    }

    fn args(line: &str) -> impl Iterator<Item = String> {
        line.split_whitespace()
            .map(String::from)
            .collect::<Vec<_>>()
            .into_iter()
    }

    /// A game of quiet moves from the start, every position scored `score`,
    /// written as a chunk file of its own in a fresh temporary folder.
    fn chunk_file(name: &str, score: i32) -> PathBuf {
        use komadai::engine::eval::data::{End, GameOutcome, GameRecord, PositionRecord};
        let moves = ["7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e"];
        let positions = moves
            .iter()
            .map(|text| {
                let mv = Move::from_usi(text).expect("a move");
                PositionRecord {
                    best: mv,
                    score,
                    played: Some(mv),
                }
            })
            .collect();
        let game = GameRecord {
            index: 1,
            start_kind: 0,
            start: Position::startpos(),
            outcome: GameOutcome::Draw(End::PlyLimit),
            positions,
        };
        let mut bytes = Vec::new();
        data::write_game(&game, &mut bytes);
        let dir = std::env::temp_dir().join(format!("train-nnue-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let path = dir.join("chunk.kpk2");
        std::fs::write(&path, bytes).expect("written");
        path
    }

    fn options_for(line: &str) -> Options {
        let mut options = parse_args(args(line)).expect("parses");
        options.lambda = 0.0;
        options
    }

    #[test]
    fn a_first_ply_leaves_out_the_opening_and_a_position_met_twice_keeps_its_first_score() {
        let teacher = chunk_file("teacher", 200);
        let own = chunk_file("own", -200);
        let (train, _, _) = load(&options_for(&format!("{}", own.display()))).expect("loads");
        assert_eq!(train.list.len(), 6);
        let (train, _, _) =
            load(&options_for(&format!("--from-ply 4 {}", own.display()))).expect("loads");
        assert_eq!(train.list.len(), 2);
        // The teacher's file, read from its third position, is named first:
        // those four keep its scores, and the own file adds the two it left out.
        let line = format!(
            "--from-ply 2 {} --from-ply 0 {}",
            teacher.display(),
            own.display()
        );
        let (train, _, _) = load(&options_for(&line)).expect("loads");
        let above: Vec<bool> = train.list.iter().map(|s| s.target > 0.5).collect();
        assert_eq!(above, [true, true, true, true, false, false]);
    }

    #[test]
    fn a_score_scale_a_repeat_and_a_first_ply_apply_to_the_files_named_after_them() {
        let options = parse_args(args("own.kpk2 --score-scale 0.8 a.kpk2 b.kpk2")).expect("parses");
        let scales: Vec<f32> = options.data.iter().map(|file| file.score_scale).collect();
        assert_eq!(scales, [1.0, 0.8, 0.8]);
        let options =
            parse_args(args("own.kpk2 --repeat 5 a.kpk2 --repeat 1 b.kpk2")).expect("parses");
        let repeats: Vec<usize> = options.data.iter().map(|file| file.repeat).collect();
        assert_eq!(repeats, [1, 5, 1]);
        let options = parse_args(args("open.kpk2 --from-ply 32 a.kpk2 b.kpk2")).expect("parses");
        let starts: Vec<usize> = options.data.iter().map(|file| file.from_ply).collect();
        assert_eq!(starts, [0, 32, 32]);
        let err = parse_args(args("--from-ply x a.kpk2")).expect_err("not a number");
        assert!(err.contains("not a number"), "{err}");
        let err = parse_args(args("a.kpk2 --score-scale 0.8")).expect_err("nothing to scale");
        assert!(err.contains("none follow"), "{err}");
    }
}
