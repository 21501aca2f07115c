//! A quantised network and its evaluation in integers.
//!
//! The shape: the inputs of [`features`] from each side's view feed one layer
//! of `width` neurons shared by both views (the accumulators); the side to
//! move's accumulator and then the other's, clipped to 0..=[`QA`], feed one
//! output. Every number is an integer, so the result is the same on every
//! machine, with SIMD or without.
//!
//! A network may be trained to correct the linear evaluation rather than to
//! replace it (its output is then added to the linear evaluation's): a small
//! net learns a correction from far fewer positions than a whole judgement.
//!
//! The file, all little-endian: `b"KNN1"`, u32 input count, u32 width, u32
//! flags (bit 0: the output is added to the linear evaluation; bit 1: the
//! inputs are [`InputSet::KingZones`], else [`InputSet::Pieces`]), then
//! the first layer's weights input by input (`count × width` i16, scaled by
//! [`QA`]), its biases (`width` i16, scaled by [`QA`]), the output weights
//! (`2 × width` i16, scaled by [`QB`]) and the output bias (i32, scaled by
//! `QA × QB`). The output is the evaluation divided by [`OUTPUT_CP`].

use super::features::{self, InputSet};
use super::simd;
use crate::rules::{Color, Position};

/// The first layer's scale: a weight of 1.0 is stored as 255, and a neuron's
/// output is clipped to 0..=255.
pub const QA: i32 = 255;
/// The output layer's scale.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's output (the trainer fits the output
/// to the win chance `sigmoid(cp / OUTPUT_CP)`).
pub const OUTPUT_CP: i32 = 400;
/// The widest first layer this code evaluates.
pub const MAX_WIDTH: usize = 512;

const MAGIC: &[u8; 4] = b"KNN1";

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetError {
    NotANetwork,
    /// The file's input count is not its input set's.
    WrongInputs {
        set: InputSet,
        found: usize,
        expected: usize,
    },
    /// Flags this code does not know (a file from a newer build).
    UnknownFlags(u32),
    /// The width is not a positive multiple of 16 up to [`MAX_WIDTH`].
    BadWidth(usize),
    WrongLength {
        found: usize,
        expected: usize,
    },
}

impl std::fmt::Display for NetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NetError::NotANetwork => write!(f, "not a komadai network (no KNN1 header)"),
            NetError::WrongInputs {
                set,
                found,
                expected,
            } => write!(
                f,
                "made for {found} inputs, but its input set ({set}) has {expected} in this build"
            ),
            NetError::UnknownFlags(flags) => {
                write!(f, "flags {flags:#x} this build does not know")
            }
            NetError::BadWidth(width) => write!(
                f,
                "a first layer {width} wide (a multiple of 16 up to {MAX_WIDTH} is needed)"
            ),
            NetError::WrongLength { found, expected } => {
                write!(f, "{found} bytes where the shape needs {expected}")
            }
        }
    }
}

impl std::error::Error for NetError {}

/// The weights of a network, as the trainer quantised them.
#[derive(Clone, Debug)]
pub struct NetParts {
    pub inputs: InputSet,
    pub width: usize,
    pub input_weights: Vec<i16>,
    pub input_biases: Vec<i16>,
    pub output_weights: Vec<i16>,
    pub output_bias: i32,
    pub adds_linear: bool,
}

/// A network ready to evaluate.
#[derive(Clone, Debug)]
pub struct Net {
    /// Which network this is, unique in the program, so an accumulator kept
    /// from one evaluation to the next is never used with other weights.
    id: u64,
    inputs: InputSet,
    width: usize,
    /// `inputs.count()` rows of `width`.
    input_weights: Vec<i16>,
    input_biases: Vec<i16>,
    /// The side to move's `width`, then the other side's.
    output_weights: Vec<i16>,
    output_bias: i32,
    adds_linear: bool,
}

/// Networks are equal when their weights are, whichever was read first.
impl PartialEq for Net {
    fn eq(&self, other: &Net) -> bool {
        self.inputs == other.inputs
            && self.width == other.width
            && self.input_weights == other.input_weights
            && self.input_biases == other.input_biases
            && self.output_weights == other.output_weights
            && self.output_bias == other.output_bias
            && self.adds_linear == other.adds_linear
    }
}

impl Eq for Net {}

fn next_id() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The header's length: magic, inputs, width, flags.
const HEADER: usize = 16;
const ADDS_LINEAR: u32 = 1;
const KING_ZONES: u32 = 2;

impl Net {
    /// Reads a network file, checking that its shape is this code's.
    pub fn from_bytes(bytes: &[u8]) -> Result<Net, NetError> {
        if bytes.len() < HEADER || &bytes[..4] != MAGIC {
            return Err(NetError::NotANetwork);
        }
        let word = |at: usize| {
            u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]) as usize
        };
        let (inputs, width, flags) = (word(4), word(8), word(12) as u32);
        if flags & !(ADDS_LINEAR | KING_ZONES) != 0 {
            return Err(NetError::UnknownFlags(flags));
        }
        let set = if flags & KING_ZONES != 0 {
            InputSet::KingZones
        } else {
            InputSet::Pieces
        };
        if inputs != set.count() {
            return Err(NetError::WrongInputs {
                set,
                found: inputs,
                expected: set.count(),
            });
        }
        if width == 0 || width % 16 != 0 || width > MAX_WIDTH {
            return Err(NetError::BadWidth(width));
        }
        let expected = HEADER + 2 * (inputs * width + width + 2 * width) + 4;
        if bytes.len() != expected {
            return Err(NetError::WrongLength {
                found: bytes.len(),
                expected,
            });
        }
        let mut values = bytes[HEADER..expected - 4]
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let mut take = |n: usize| values.by_ref().take(n).collect::<Vec<i16>>();
        let input_weights = take(inputs * width);
        let input_biases = take(width);
        let output_weights = take(2 * width);
        let output_bias = i32::from_le_bytes(
            bytes[expected - 4..]
                .try_into()
                .map_err(|_| NetError::NotANetwork)?,
        );
        Ok(Net {
            id: next_id(),
            inputs: set,
            width,
            input_weights,
            input_biases,
            output_weights,
            output_bias,
            adds_linear: flags & ADDS_LINEAR != 0,
        })
    }

    /// Writes the network in the format [`Net::from_bytes`] reads.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + 2 * self.input_weights.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(self.inputs.count() as u32).to_le_bytes());
        out.extend_from_slice(&(self.width as u32).to_le_bytes());
        let mut flags = if self.adds_linear { ADDS_LINEAR } else { 0 };
        if self.inputs == InputSet::KingZones {
            flags |= KING_ZONES;
        }
        out.extend_from_slice(&flags.to_le_bytes());
        for values in [
            &self.input_weights,
            &self.input_biases,
            &self.output_weights,
        ] {
            for value in values.iter() {
                out.extend_from_slice(&value.to_le_bytes());
            }
        }
        out.extend_from_slice(&self.output_bias.to_le_bytes());
        out
    }

    /// A network from its parts (the trainer's quantised weights).
    pub fn from_parts(parts: NetParts) -> Result<Net, NetError> {
        let net = Net {
            id: next_id(),
            inputs: parts.inputs,
            width: parts.width,
            input_weights: parts.input_weights,
            input_biases: parts.input_biases,
            output_weights: parts.output_weights,
            output_bias: parts.output_bias,
            adds_linear: parts.adds_linear,
        };
        Net::from_bytes(&net.to_bytes())
    }

    /// The weights as quantised, to be trained further.
    pub fn to_parts(&self) -> NetParts {
        NetParts {
            inputs: self.inputs,
            width: self.width,
            input_weights: self.input_weights.clone(),
            input_biases: self.input_biases.clone(),
            output_weights: self.output_weights.clone(),
            output_bias: self.output_bias,
            adds_linear: self.adds_linear,
        }
    }

    pub fn width(&self) -> usize {
        self.width
    }

    /// Which inputs the network reads.
    pub fn inputs(&self) -> InputSet {
        self.inputs
    }

    /// Whether the output corrects the linear evaluation (is added to it).
    pub fn adds_linear(&self) -> bool {
        self.adds_linear
    }

    /// The evaluation summed afresh with chosen kernels (the tests compare them);
    /// [`Net::evaluate`] (in `incremental.rs`) gives the same, kept from one call to the next.
    pub fn evaluate_with(&self, pos: &Position, kernels: simd::Kernels) -> i32 {
        let mut sente = [0i16; MAX_WIDTH];
        let mut gote = [0i16; MAX_WIDTH];
        self.accumulate(pos, Color::Sente, &mut sente[..self.width], kernels);
        self.accumulate(pos, Color::Gote, &mut gote[..self.width], kernels);
        self.output(pos.side_to_move(), &sente, &gote, kernels)
    }

    /// The output from both views' accumulators (indexed by their side), for
    /// the side to move `us`.
    pub(super) fn output(
        &self,
        us: Color,
        sente: &[i16],
        gote: &[i16],
        kernels: simd::Kernels,
    ) -> i32 {
        let (ours, theirs) = match us {
            Color::Sente => (&sente[..self.width], &gote[..self.width]),
            Color::Gote => (&gote[..self.width], &sente[..self.width]),
        };
        let (ours_w, theirs_w) = self.output_weights.split_at(self.width);
        let sum = i64::from(self.output_bias)
            + i64::from(kernels.clipped_dot(ours, QA as i16, ours_w))
            + i64::from(kernels.clipped_dot(theirs, QA as i16, theirs_w));
        (sum * i64::from(OUTPUT_CP) / i64::from(QA * QB)) as i32
    }

    /// One side's accumulator: the biases plus the rows of its active inputs.
    pub(super) fn accumulate(
        &self,
        pos: &Position,
        side: Color,
        acc: &mut [i16],
        kernels: simd::Kernels,
    ) {
        acc.copy_from_slice(&self.input_biases);
        features::active(self.inputs, pos, side, &mut |input| {
            kernels.add(acc, self.row(input));
        });
    }

    /// The first layer's weights of one input.
    #[inline]
    pub(super) fn row(&self, input: usize) -> &[i16] {
        &self.input_weights[input * self.width..(input + 1) * self.width]
    }

    /// This network's identity in the program.
    pub(super) fn id(&self) -> u64 {
        self.id
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::random_game;

    /// A network of small pseudo-random weights (no training needed to test
    /// the arithmetic).
    fn random_net(inputs: InputSet, width: usize) -> Net {
        let mut state = 0x2545_f491_u64;
        let mut next = |range: i32| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            ((state >> 33) as i32 % (2 * range + 1) - range) as i16
        };
        let input_weights = (0..inputs.count() * width).map(|_| next(400)).collect();
        let input_biases = (0..width).map(|_| next(200)).collect();
        let output_weights = (0..2 * width).map(|_| next(100)).collect();
        Net::from_parts(NetParts {
            inputs,
            width,
            input_weights,
            input_biases,
            output_weights,
            output_bias: 1234,
            adds_linear: true,
        })
        .expect("the shape is right")
    }

    #[test]
    fn a_network_reads_back_as_written_with_its_input_set() {
        for set in InputSet::ALL {
            let net = random_net(set, 32);
            let read = Net::from_bytes(&net.to_bytes()).expect("reads back");
            assert_eq!(read.inputs(), set);
            assert_eq!(read, net);
        }
    }

    #[test]
    fn a_file_of_another_shape_is_refused_with_why() {
        let bytes = random_net(InputSet::Pieces, 16).to_bytes();
        assert_eq!(Net::from_bytes(b"KNN"), Err(NetError::NotANetwork));
        assert_eq!(
            Net::from_bytes(&bytes[..bytes.len() - 1]),
            Err(NetError::WrongLength {
                found: bytes.len() - 1,
                expected: bytes.len()
            })
        );
        let mut other_inputs = bytes.clone();
        other_inputs[4] ^= 1;
        assert!(matches!(
            Net::from_bytes(&other_inputs),
            Err(NetError::WrongInputs { .. })
        ));
        let mut odd_width = bytes.clone();
        odd_width[8] = 17;
        let mut flags = bytes.clone();
        flags[12] = 0;
        assert!(!Net::from_bytes(&flags).expect("a network").adds_linear());
        assert_eq!(Net::from_bytes(&odd_width), Err(NetError::BadWidth(17)));
        let mut unknown = bytes;
        unknown[12] |= 4;
        assert_eq!(Net::from_bytes(&unknown), Err(NetError::UnknownFlags(5)));
    }

    #[test]
    fn a_file_whose_input_set_does_not_match_its_input_count_is_refused() {
        // A pieces network's file claiming the king zones, and the reverse:
        // the count in the header no longer fits the set the flags name.
        let pieces = random_net(InputSet::Pieces, 16).to_bytes();
        let mut claims_zones = pieces;
        claims_zones[12] |= KING_ZONES as u8;
        let refusal = Net::from_bytes(&claims_zones);
        assert_eq!(
            refusal,
            Err(NetError::WrongInputs {
                set: InputSet::KingZones,
                found: InputSet::Pieces.count(),
                expected: InputSet::KingZones.count(),
            })
        );
        let message = refusal.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(
            message.contains("king-zones") && message.contains("2344"),
            "{message}"
        );
        let mut claims_pieces = random_net(InputSet::KingZones, 16).to_bytes();
        claims_pieces[12] &= !(KING_ZONES as u8);
        assert!(matches!(
            Net::from_bytes(&claims_pieces),
            Err(NetError::WrongInputs {
                set: InputSet::Pieces,
                ..
            })
        ));
    }

    #[test]
    fn the_simd_and_portable_evaluations_agree_bit_for_bit() {
        let detected = simd::Kernels::detect();
        for set in InputSet::ALL {
            let net = random_net(set, 64);
            for seed in 0..40 {
                let game = random_game::random_game(seed, 120);
                for pos in game.iter().step_by(7) {
                    assert_eq!(
                        net.evaluate_with(pos, simd::Kernels::Portable),
                        net.evaluate_with(pos, detected),
                        "{set}: {}",
                        pos.to_sfen()
                    );
                }
            }
        }
    }

    #[test]
    fn the_evaluation_is_the_same_for_a_position_turned_round() {
        // Both views are turned with the board, so the side to move sees
        // exactly what the other side saw.
        let a = Position::from_sfen(
            "ln5nl/2r2gk2/1p2sgbpp/p1spppp2/2P6/P1SPPPP1P/1PG1S1G2/3K3R1/LN5NL w Pp 1",
        )
        .expect("a test position");
        let b = Position::from_sfen(&features::turned(&a.to_sfen())).expect("turned round");
        for set in InputSet::ALL {
            let net = random_net(set, 32);
            assert_eq!(net.evaluate(&a), net.evaluate(&b), "{set}");
        }
    }

    #[test]
    fn the_king_zones_change_the_evaluation() {
        // The same weights for the pieces' inputs, with and without the
        // zones: a position with pieces near a king must come out otherwise.
        let zones = random_net(InputSet::KingZones, 32);
        let width = zones.width();
        let pieces = Net::from_parts(NetParts {
            inputs: InputSet::Pieces,
            width,
            input_weights: zones.input_weights[..InputSet::Pieces.count() * width].to_vec(),
            input_biases: zones.input_biases.clone(),
            output_weights: zones.output_weights.clone(),
            output_bias: zones.output_bias,
            adds_linear: true,
        })
        .expect("the shape is right");
        let start = Position::startpos();
        let kings_alone = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1").expect("kings");
        let kernels = simd::Kernels::Portable;
        assert_ne!(
            zones.evaluate_with(&start, kernels),
            pieces.evaluate_with(&start, kernels)
        );
        assert_eq!(
            zones.evaluate_with(&kings_alone, kernels),
            pieces.evaluate_with(&kings_alone, kernels),
            "two kings far apart light no zone input"
        );
    }
}
