//! Practice: the player's own mistakes coming back as exercises until they are put right,
//! and mate problems, with a puzzle rating. No window here: the app's Practice page shows
//! it, and the app keeps it in the data folder.
//!
//! - [`exercise`]: one exercise (a mistake to put right, or a mate problem), as stored;
//! - [`schedule`]: when an exercise comes back (soon after a miss, later after a success);
//! - [`rating`]: the player's and each exercise's rating (Elo; why not Glicko-2 there);
//! - [`queue`]: the player's practice as a whole, and the choice of the next exercise;
//! - [`problem`]: a mate problem and the sets they come in (`assets/tsume.txt`);
//! - [`mate`]: a problem put to the mate solvers, an attacker's move judged, and the mate
//!   search on any position;
//! - [`import`]: a tsume collection of the player's, each problem verified;
//! - [`games`]: the player's finished games waiting for a review.
//!
//! A mistake is judged as *Try again* judges a retry in the review: the review's own
//! [`crate::review::GameReview::judge_try`], on the analysis kept with the exercise.

pub mod exercise;
pub mod games;
pub mod import;
pub mod mate;
pub mod problem;
pub mod queue;
pub mod rating;
pub mod schedule;

pub use exercise::{Exercise, Mistake, Origin, Task};
pub use games::KeptGame;
pub use problem::MateProblem;
pub use queue::{Collection, Next, Practice};
