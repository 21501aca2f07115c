//! The review of a finished (or unfinished) game: every position analysed
//! in the background on all cores, a verdict for every move from how much it
//! lowered the mover's chance to win, and for the bad ones the reasons in
//! plain words, made from the position and the engine's lines.
//!
//! Knows the rules core, the records, the engine and the languages' tables
//! (`crate::i18n`); nothing of the GUI or the USI front. The pieces, in the order the data flows:
//! - [`analysis`]: one position searched (the best few moves, with their
//!   scores), the same result on any thread;
//! - [`check`]: a second look at the moves that seem to lose, the position
//!   after the better move searched too, so both moves are weighed alike;
//! - [`workers`]: every position of a game searched in parallel, results sent
//!   as they arrive, cancellable, with progress;
//! - [`score`]: a position's score and the win-chance curve
//!   (`1 / (1 + e^(-cp/600))`, mates at its ends);
//! - [`verdict`]: best / good / inaccuracy / mistake / blunder by the loss
//!   of win chance (5, 10 and 20 points), missed and allowed mates, the
//!   accuracy figure;
//! - [`settle`]: lines extended until no capture is pending, material
//!   counted on them, a piece followed along a line;
//! - [`explain`]: why a move was bad, as data (pieces, squares, moves);
//! - [`voice`]: who the sentences name (you, the AI, Sente...) and the
//!   notation moves and squares are written in;
//! - [`words`]: those reasons, verdicts and scores in words, filled into the
//!   templates of a language's table (`crate::i18n`), so every language
//!   shares one way of putting a sentence together;
//! - [`deep`]: after the fast pass, each mistake's two futures searched far
//!   deeper and its reasons found and checked again on them;
//! - [`game_review`]: a game's review filled in as results arrive, with
//!   each side's totals and the win-chance series for a graph;
//! - [`kif_comments`]: a review kept in a KIF record's `*` comments and read
//!   back from them;
//! - [`cli`]: `komadai review GAME [--json]`.

pub mod analysis;
pub mod check;
pub mod cli;
pub mod deep;
pub mod explain;
pub mod game_review;
pub mod kif_comments;
pub mod line;
pub mod pool;
pub mod score;
pub mod settle;
pub mod verdict;
pub mod voice;
pub mod words;
pub mod workers;

pub use analysis::{
    AnalysisOptions, Budget, Candidate, GamePositions, PositionAnalysis, SecondLook,
};
pub use deep::{DeepLook, DeepOptions, DeepPass};
pub use explain::{Gain, Kind, Positional, Reason, Stop};
pub use game_review::{DeepLines, DeepScores, GameReview, MoveReview, SideSummary};
pub use line::{Line, Step};
pub use score::Score;
pub use verdict::{Judgement, MateEvent, Verdict};
pub use voice::{Notation, Voice, Who};
pub use workers::{AnalysisProgress, GameAnalysis, analyse};
