//! The review's deep second pass. The fast pass judges every move from
//! searches of a small budget ([`super::workers`]); its lines are short,
//! and what a mistake is said to lose is read off them. Once it is done,
//! each mistake and blunder is looked at again: the position after the move
//! played and the one after the better move are searched far deeper, with
//! the program's one network, and the explanation is found and
//! checked ([`super::explain::verify`]) again on those futures. The graph
//! and the verdicts stay the fast pass's, but for the flags that the
//! deeper scores must bear out ([`super::verdict::judge_deeper`]): a mate
//! allowed or missed (the move played mated and the better move not, or the
//! other way round: a mate either way flags nothing), the side-behind flag
//! (a silver's worth between the two futures) and a loss far from level
//! ([`super::verdict::LOST_CP`] between them); a mate against the move played stands
//! only where the mate solver finds none against the better move either
//! ([`super::check::mate_against_better`], a budget of its own beside the
//! search's); and any mistake whose move
//! played the deeper searches find no worse than the better move is not
//! flagged, and loses its words. Until its look arrives such a verdict is
//! provisional, like the words; they change move by move as each look
//! arrives.
//!
//! The deeper searches are the verifier's own ([`Searcher`]), on worker
//! threads that take the moves in game order from a shared counter, as the
//! fast pass's workers take positions. A result depends on the move and the
//! budget alone, never on the threads or the order.
//!
//! A review saved (the autosave, a KIF's comments) keeps each look's two lines
//! ([`DeepLines`]); read back, the reasons are found on them again, as here, and
//! the window sends the pass only to the mistakes that have none.

use super::analysis::GamePositions;
use super::check::mate_against_better;
use super::explain::verify::Searcher;
use super::explain::{Reason, capture_as_good, capture_not_played, names_capture};
use super::game_review::{DeepLines, DeepScores, GameReview, MoveReview};
use super::pool::{Hands, Pool};
use super::score::Score;
use super::workers::Notify;
use crate::engine::repetition::Visit;
use crate::rules::{Move, Position};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Nodes of each of the deep pass's searches (two a mistake) at most: ten
/// times the fast pass's a position, all on one line, about 2.5 s of a core
/// each. The `review` bench's 120-ply game has seven mistakes and blunders:
/// 14 searches.
pub const DEFAULT_DEEP_NODES: u64 = 1_000_000;

/// Nodes of the whole deep pass at most, shared by its searches where a
/// game has more mistakes than [`DEFAULT_DEEP_NODES`] allows for: about 75 s
/// of a core, so that both passes of a 120-ply game take under a minute on
/// two cores however many mistakes it has.
pub const DEFAULT_GAME_NODES: u64 = 30_000_000;

/// Hash table per deep worker: a search of a million nodes stores a good
/// part of them.
pub const DEFAULT_DEEP_HASH_MB: usize = 64;

/// How hard the deep pass searches, and on how many threads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeepOptions {
    /// Nodes of each search at most.
    pub nodes: u64,
    /// Nodes of all the searches together at most: each search gets an
    /// equal share where `nodes` each would take more.
    pub game_nodes: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Hash table per worker, in MB.
    pub hash_mb: usize,
}

impl Default for DeepOptions {
    /// The default budget on every core of the machine.
    fn default() -> DeepOptions {
        DeepOptions {
            nodes: DEFAULT_DEEP_NODES,
            game_nodes: DEFAULT_GAME_NODES,
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            hash_mb: DEFAULT_DEEP_HASH_MB,
        }
    }
}

/// One move looked at again: the deeper futures and the reasons found and
/// checked on them.
#[derive(Clone, Debug, PartialEq)]
pub struct DeepLook {
    /// The move's ply (1-based).
    pub ply: usize,
    /// The deep searches' lines and scores after the move played and after the better move.
    pub lines: DeepLines,
    /// Why the move was bad, found and checked on those lines.
    pub reasons: Vec<Reason>,
}

impl DeepOptions {
    /// The nodes of each search for `mistakes` moves to look at again (two
    /// searches each): `nodes`, or the share of `game_nodes` where that is less.
    pub fn search_nodes(&self, mistakes: usize) -> u64 {
        let searches = 2 * mistakes.max(1) as u64;
        self.nodes.min(self.game_nodes / searches).max(1)
    }
}

/// Whether the deep pass looks for a capture its reply did not play
/// ([`capture_look`]). Off, as a new kind of claim is, until nine in ten of
/// its claims are borne out on enough held-out games: on the gate's 129
/// mistakes (held-out sets 12 and 13) it named two (pieces other than
/// pawns), a knight taken by Sx2e that Fairy-Stockfish at 1,000,000 nodes
/// bears out (its second reply, 1 cp from its first) and a knight taken by
/// +Px3c that it does not (its third reply, 118 cp below its first, and
/// the move no mistake by it). `review_audit --deep-scores MOVES --captures`
/// measures it.
pub const CAPTURE_LOOK_SHOWN: bool = false;

/// Looks at `m` again with `searcher`; `None` when `cancel` was set first
/// or the move cannot be weighed (no better move, or an illegal one).
pub fn look_again(
    searcher: &mut Searcher,
    game: &GamePositions,
    m: &MoveReview,
    cancel: &AtomicBool,
) -> Option<DeepLook> {
    let best = m.best.filter(|&best| best != m.played)?;
    if !m.before.is_legal(m.played) || !m.before.is_legal(best) {
        return None;
    }
    // Both futures are reached through the game up to the move.
    let path = game.path(m.ply);
    let (played, reply_line) = searcher.search_reached(&m.before.after(m.played), path, cancel)?;
    let after_best = m.before.after(best);
    let (better, better_line) = searcher.search_reached(&after_best, path, cancel)?;
    // The searches score each future for the opponent, to move there.
    let (played, mut better) = (played.flipped(), better.flipped());
    // A mate allowed stands only where the better move escapes it: the mate solver looks
    // for one against the better move that the search missed, unless the fast pass has.
    if matches!(played, Score::Mated(_))
        && !matches!(better, Score::Mated(_))
        && !m.better_mate_looked_for()
    {
        let found = mate_against_better(&after_best, path, cancel);
        better = found.map_or(better, Score::Mated);
    }
    let lines = DeepLines {
        reply: reply_line,
        better: better_line,
        scores: Some(DeepScores { played, better }),
    };
    let reasons = m.reasons_on(&lines);
    let found = CAPTURE_LOOK_SHOWN.then(|| {
        capture_look(
            searcher,
            (&m.before, m.played, best),
            path,
            (&lines, &reasons),
            cancel,
            &|l| m.reasons_on(l),
        )
    });
    let (lines, reasons) = found.flatten().unwrap_or((lines, reasons));
    Some(DeepLook {
        ply: m.ply,
        reasons,
        lines,
    })
}

/// Where `reasons`, those `reasons_on` finds on `lines`, the deep lines of the
/// move `played` from `before` (the better move `best`, reached through
/// `path`), blame no material nor mate on the move, a capture the deep
/// search's reply did not play but the board says wins the piece the move
/// put there, or one already attacked that it left
/// ([`capture_not_played`]), is searched too, as one more search of the
/// pass's budget: where it leaves the mover no better off than the search's
/// own reply ([`capture_as_good`]), and the reasons found on its line name it
/// (the piece lost, counted from before the move, at the settled end of
/// that line, and not lost so after the better move), its line stands as the
/// opponent's line after the move played, kept with the look so that a
/// review read back finds the same words. The scores, and so the verdict,
/// stay the first search's.
pub fn capture_look(
    searcher: &mut Searcher,
    (before, played, best): (&Position, Move, Move),
    path: &[Visit],
    (lines, reasons): (&DeepLines, &[Reason]),
    cancel: &AtomicBool,
    reasons_on: &dyn Fn(&DeepLines) -> Vec<Reason>,
) -> Option<(DeepLines, Vec<Reason>)> {
    let blamed = reasons.iter().any(|reason| {
        matches!(
            reason,
            Reason::AllowsMate { .. }
                | Reason::MissedMate { .. }
                | Reason::LeftHanging { .. }
                | Reason::TooSlow { .. }
                | Reason::Fork { .. }
                | Reason::Trap { .. }
                | Reason::LosesMajor { .. }
                | Reason::OpponentWins { .. }
        )
    });
    let played_score = lines.scores?.played;
    // Mating after the search's own reply, the mover has no capture to fear.
    if reasons.is_empty() || blamed || matches!(played_score, Score::Mates(_)) {
        return None;
    }
    let capture = capture_not_played(before, played, lines.reply.first().copied(), best)?;
    let after = before.after(played);
    let mut path = path.to_vec();
    path.push(Visit {
        key: after.hash(),
        in_check: after.in_check(),
    });
    // Searched from the mover's side, to move after the capture.
    let (score, line) = searcher.search_reached(&after.after(capture), &path, cancel)?;
    if !capture_as_good(played_score, score) {
        return None;
    }
    let mut reply = vec![capture];
    reply.extend(line);
    let named = DeepLines {
        reply,
        better: lines.better.clone(),
        scores: lines.scores,
    };
    let found = reasons_on(&named);
    found
        .iter()
        .any(|reason| names_capture(reason, capture))
        .then_some((named, found))
}

/// What the deep workers share: the moves to look at and the next to take.
struct Work {
    game: GamePositions,
    moves: Vec<MoveReview>,
    next: AtomicUsize,
    options: DeepOptions,
}

/// The deep pass running in the background: poll it for looks, watch its
/// progress, cancel it. Dropping it cancels it and waits for the workers
/// (each search stops within a thousand nodes).
pub type DeepPass = Pool<DeepLook>;

impl Pool<DeepLook> {
    /// Starts looking again at every move of `review` that awaits it
    /// ([`MoveReview::awaits_deep_look`]), calling `notify` from
    /// a worker after each look.
    pub fn start(review: &GameReview, options: DeepOptions, notify: Notify) -> DeepPass {
        let moves: Vec<MoveReview> = review
            .moves()
            .iter()
            .flatten()
            .filter(|m| m.awaits_deep_look())
            .cloned()
            .collect();
        let total = moves.len();
        let threads = options.threads.clamp(1, total.max(1));
        let work = Arc::new(Work {
            game: review.game().clone(),
            moves,
            next: AtomicUsize::new(0),
            options,
        });
        Pool::spawn("review-deep", threads, total, move |hands| {
            let Hands {
                sender,
                cancel,
                done,
            } = hands;
            let options = &work.options;
            let nodes = options.search_nodes(work.moves.len());
            let mut searcher = Searcher::with(nodes, options.hash_mb);
            loop {
                let index = work.next.fetch_add(1, Ordering::Relaxed);
                let Some(m) = work.moves.get(index) else {
                    return;
                };
                if cancel.load(Ordering::Relaxed) {
                    return;
                }
                let look = look_again(&mut searcher, &work.game, m, &cancel);
                done.fetch_add(1, Ordering::Relaxed);
                if let Some(look) = look
                    && sender.send(look).is_err()
                {
                    return;
                }
                notify();
            }
        })
    }
}

/// Runs the deep pass over `review`, blocking, and puts each look into it.
pub fn deepen(review: &mut GameReview, options: &DeepOptions) {
    let pass = DeepPass::start(review, options.clone(), Arc::new(|| {}));
    while let Some(look) = pass.next_blocking() {
        review.deepen(look.ply, look.lines, look.reasons);
    }
}
