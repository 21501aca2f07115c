//! Every English word the window's review shows, in one place: the labels of its buttons,
//! its notes and its verdict marks. (The explanations themselves come from the review's own
//! words, `crate::review::english`.) Another language is one more table like this one.

use crate::review::Verdict;

pub const REVIEW_THIS_GAME: &str = "Review this game";
pub const REVIEW_HOVER: &str = "Analyse every move in the background: a graph, a verdict for each move, why the bad ones were bad";
pub const HEADING: &str = "Review";
pub const CANCEL: &str = "Cancel review";
pub const CLOSE: &str = "Close review";
pub const GRAPH: &str = "Evaluation graph";
pub const GRAPH_HOVER: &str = "Sente's chance to win; click or drag to see that position";
pub const TRY_AGAIN: &str = "Try again";
pub const TRY_AGAIN_HOVER: &str = "Back to the position before this move: find a better one";
pub const NEXT_MISTAKE: &str = "Next mistake";
pub const SHOW_ANSWER: &str = "Show the answer";
pub const STOP_TRYING: &str = "Stop trying";
pub const TRY_PROMPT: &str = "Find a better move: play it on the board.";
pub const JUDGING: &str = "Looking at your move…";
pub const NO_MORE_MISTAKES: &str = "No more mistakes after this move.";
pub const CLICK_A_MOVE: &str = "Click a move in the list or on the graph to see its verdict.";
pub const NOT_JUDGED_YET: &str = "Not judged yet: the analysis is still on its way.";
pub const START_POSITION: &str = "The start: no move yet.";

/// The progress bar's text: `done` of `total` positions analysed.
pub fn progress(done: usize, total: usize) -> String {
    format!("Analysing {done} / {total}")
}

/// The summary table's column headings, after the side's name.
pub const SUMMARY_COLUMNS: [&str; 5] = ["Accuracy", "?!", "?", "??", "Mates"];
/// What the headings mean, on hover.
pub const SUMMARY_HOVER: [&str; 5] = [
    "How close the moves came to the engine's, on average",
    "Inaccuracies: 5 to 10 points of win chance lost",
    "Mistakes: 10 to 20 points lost",
    "Blunders: 20 points or more lost",
    "Mates missed / mates allowed",
];

/// An accuracy in the summary ("–" before any move is judged).
pub fn accuracy(accuracy: Option<f64>) -> String {
    accuracy.map_or_else(|| "–".to_owned(), |a| format!("{a:.0}%"))
}

/// Mates missed and allowed, in the summary.
pub fn mates(missed: usize, allowed: usize) -> String {
    format!("{missed} / {allowed}")
}

/// The verdict's mark after a move in the list (as annotators write them).
pub fn mark(verdict: Verdict) -> &'static str {
    match verdict {
        Verdict::Best | Verdict::Good => "",
        Verdict::Inaccuracy => "?!",
        Verdict::Mistake => "?",
        Verdict::Blunder => "??",
    }
}

/// The heading of one move's verdict: "12. P-7f — Mistake (lost 14 points)".
pub fn move_heading(ply: usize, written: &str, verdict: &str, loss: f64) -> String {
    if loss >= 0.5 {
        format!("{ply}. {written} — {verdict} (lost {loss:.0} points of win chance)")
    } else {
        format!("{ply}. {written} — {verdict}")
    }
}

/// The status line while a mistake is tried again.
pub fn trying(ply: usize) -> String {
    format!("Try again: a better move {ply}, on the board")
}

/// The engine's move, named.
pub fn best_move(written: &str) -> String {
    format!("Best was {written}.")
}

/// A try as good as the best.
pub fn try_good(written: &str) -> String {
    format!("{written} is as good as the best move. Well found!")
}

/// A try that is not: the verdict and why.
pub fn try_not_good(written: &str, verdict: &str, why: &str) -> String {
    if why.is_empty() {
        format!("{written} is not as good: {verdict}. Try once more.")
    } else {
        format!("{written} is not as good: {verdict}. {why} Try once more.")
    }
}

/// After the second try: the answer.
pub fn answer(written: &str) -> String {
    format!("The answer: {written} (drawn on the board).")
}
