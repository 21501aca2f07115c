//! A game's review, filled in as the analysis of its positions arrives: a
//! move is judged as soon as the positions before and after it are known,
//! so a reader can start at the first moves while the rest is analysed.

use super::analysis::{
    Budget, Candidate, GamePositions, PositionAnalysis, SecondLook, analyse_reached,
};
use super::explain::{MoveFacts, Reason, reasons};
use super::line::Line;
use super::score::Score;
use super::verdict::{
    Judgement, Verdict, behind_but_worse, judge_deeper, judge_move, move_accuracy,
};
use super::voice::Voice;
use super::words;
use crate::engine::search::Engine;
use crate::i18n::Language;
use crate::rules::{ByColor, Color, Move, Position, Square};
use std::sync::atomic::AtomicBool;

/// The verdict on one move and why.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// 1-based: the game's first move is ply 1.
    pub ply: usize,
    pub mover: Color,
    /// The position the move was played from.
    pub before: Position,
    /// The square the move before went to (Japanese `同`).
    pub previous_to: Option<Square>,
    pub played: Move,
    /// The engine's move in `before` (`None` if it had none).
    pub best: Option<Move>,
    /// The engine's line in `before`, from its move.
    pub best_line: Vec<Move>,
    /// The engine's best moves in `before`, best first, with the mover's scores.
    pub best_moves: Vec<Candidate>,
    /// The engine's line after the move played, from the opponent's reply.
    pub reply_line: Vec<Move>,
    /// The mover's score of `before`: what the best move keeps (with the second look, where
    /// one was made: [`PositionAnalysis::best_score`]).
    pub score_before: Score,
    /// The second look at the best move, where one was made
    /// ([`PositionAnalysis::best_checked`]).
    pub best_checked: Option<SecondLook>,
    /// The mover's score after the move played.
    pub score_after: Score,
    pub judgement: Judgement,
    /// Why, for an inaccuracy or worse (empty otherwise), most important first.
    pub reasons: Vec<Reason>,
    /// The deep pass's futures ([`super::deep`]), once it has looked at the move: the
    /// reasons were found and checked again on them.
    pub deep: Option<DeepLines>,
}

/// The deep pass's two futures of a move: what its reasons are found on, and all a saved
/// review keeps of the pass to find the same reasons again when it is read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeepLines {
    /// The line after the move played, from the opponent's reply.
    pub reply: Vec<Move>,
    /// The line after the better move, from the opponent's reply.
    pub better: Vec<Move>,
    /// The deep searches' scores of the two futures (`None` in a review saved before they
    /// were kept: its words are found on the lines alone, and its verdict is the fast
    /// pass's).
    pub scores: Option<DeepScores>,
}

/// The mover's scores of a move's two futures by the deep pass's searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeepScores {
    /// After the move played.
    pub played: Score,
    /// After the better move.
    pub better: Score,
}

impl DeepScores {
    /// Whether a mate shows on one future and not on the other: the move played mated and
    /// the better move not, or the better move mating and the move played not.
    pub fn one_side_mated(&self) -> bool {
        match (self.better, self.played) {
            (Score::Mated(_), _) | (_, Score::Mates(_)) => false,
            (_, Score::Mated(_)) | (Score::Mates(_), _) => true,
            _ => false,
        }
    }
}

impl MoveReview {
    pub fn verdict(&self) -> Verdict {
        self.judgement.verdict
    }

    /// Whether the deep pass ([`super::deep`]) looks at this move again: a mistake or a
    /// blunder, or a mate missed or allowed, with a better move to weigh it against. A mate
    /// is looked at again like the rest: the fast pass's mate may be one the better move
    /// does not escape either, or one a deeper defence escapes.
    pub fn wants_deep_look(&self) -> bool {
        (self.verdict().is_serious() || self.judgement.mate.is_some())
            && self.best.is_some_and(|best| best != self.played)
    }

    /// Whether the deep pass is yet to look at this move again: its words may change.
    pub fn awaits_deep_look(&self) -> bool {
        self.wants_deep_look() && !self.deepened()
    }

    /// Whether the fast pass's second look already asked the mate solver whether the better
    /// move is mated too, and it proved no mate ([`super::check::check_best`]): the move played
    /// is mated, and the second look was made with neither it nor the position before mated.
    /// The deep pass need not ask again: the same position through the same path, on the same
    /// budget, gets the same answer.
    pub fn better_mate_looked_for(&self) -> bool {
        matches!(self.score_after, Score::Mated(_))
            && !matches!(self.score_before, Score::Mated(_))
            && self
                .best_checked
                .as_ref()
                .is_some_and(|look| !matches!(look.score, Score::Mated(_)))
    }

    /// Whether the reasons were found and checked again on the deep pass's futures.
    pub fn deepened(&self) -> bool {
        self.deep.is_some()
    }

    /// The judgement once the deep pass has weighed this move on `lines`: the fast pass's,
    /// less a mate or a flag the deeper scores do not bear out, and a mistake they find no
    /// worse than the better move ([`judge_deeper`]); the fast pass's where the lines carry
    /// no scores.
    pub fn judgement_on(&self, lines: &DeepLines) -> Judgement {
        match lines.scores {
            Some(deep) => judge_deeper(
                self.judgement,
                (self.score_before, self.score_after),
                (deep.better, deep.played),
            ),
            None => self.judgement,
        }
    }

    /// The reasons found and checked on `lines`, the deep pass's futures of this move (in
    /// place of the fast pass's lines after the move and after the better one). Nothing
    /// where there is no better move, or where the deeper scores leave the move unflagged
    /// ([`Self::judgement_on`]).
    ///
    /// A mate is told as the deeper searches see it: where either pass's scores show one
    /// side mated on one future only, the reasons are weighed with the deep scores, so that
    /// "allowed mate" is said only where the move played is mated and the better move is
    /// not, with the deeper mate's length and line. Where the side-behind flag is withdrawn
    /// the words do not say the mover was behind and made it worse.
    pub fn reasons_on(&self, lines: &DeepLines) -> Vec<Reason> {
        let Some(best) = self.best.filter(|&best| best != self.played) else {
            return Vec::new();
        };
        let judgement = self.judgement_on(lines);
        if judgement.verdict < Verdict::Inaccuracy && judgement.mate.is_none() {
            return Vec::new();
        }
        let (score_before, score_after) = match lines.scores {
            // The better move's score as the mover's before it, as the fast pass's: a mate
            // counts the better move itself.
            Some(deep) if self.judgement.mate.is_some() || deep.one_side_mated() => {
                (deep.better.a_ply_earlier(), deep.played)
            }
            _ => (self.score_before, self.score_after),
        };
        let mut best_line = vec![best];
        best_line.extend_from_slice(&lines.better);
        let mut found = reasons(&MoveFacts {
            before: &self.before,
            previous_to: self.previous_to,
            played: self.played,
            best_line: &best_line,
            reply_line: &lines.reply,
            checked_line: &lines.better,
            score_before,
            score_after,
        });
        let flag_stands =
            judgement.verdict.is_serious() && behind_but_worse(self.score_before, self.score_after);
        if !flag_stands {
            found.retain(|reason| !matches!(reason, Reason::Behind { .. }));
            for reason in &mut found {
                if let Reason::AllowsMate { behind, .. } = reason {
                    *behind = false;
                }
            }
        }
        found
    }

    /// Whether `lines` can be this move's deep futures: the move is one the deep pass looks
    /// at, and each line is legal all along from the position it starts in. (A line read
    /// back from a file may be anything.)
    fn fits(&self, lines: &DeepLines) -> bool {
        let Some(best) = self.best.filter(|_| self.wants_deep_look()) else {
            return false;
        };
        let plays_out = |mv: Move, line: &[Move]| {
            self.before.is_legal(mv)
                && Line::legal(&self.before.after(mv), Some(mv.to()), line)
                    .moves
                    .len()
                    == line.len()
        };
        plays_out(self.played, &lines.reply) && plays_out(best, &lines.better)
    }

    /// The reasons that do not name the better move: what goes wrong after the move,
    /// told to a player trying again without giving the answer away.
    pub fn reasons_without_the_answer(&self) -> Vec<Reason> {
        let names_the_better_move = |reason: &Reason| {
            matches!(
                reason,
                Reason::BetterMove { .. }
                    | Reason::MissedCapture { .. }
                    | Reason::MissedMate { .. }
            )
        };
        let telling = self.reasons.iter().filter(|r| !names_the_better_move(r));
        telling.cloned().collect()
    }

    /// The explanation in `lang`, in `voice`'s notation and names.
    pub fn explanation(&self, lang: Language, voice: &Voice) -> String {
        words::explanation(lang, &self.reasons, voice)
    }

    /// The engine's move, to name beside the explanation ("Best was ..."): none when it is
    /// the move played, or when the explanation already names it as the better move.
    pub fn best_to_name(&self) -> Option<Move> {
        let best = self.best.filter(|&best| best != self.played)?;
        let named = self.reasons.iter().any(|reason| {
            matches!(reason, Reason::BetterMove { line, .. } if line.moves.first() == Some(&best))
        });
        (!named).then_some(best)
    }

    /// The squares the explanation is about (to highlight).
    pub fn highlights(&self) -> Vec<Square> {
        let mut squares: Vec<Square> = self.reasons.iter().flat_map(Reason::squares).collect();
        squares.dedup();
        squares
    }

    /// Moves to draw as arrows while this move is shown: the engine's move
    /// first, then the ones the reasons point at (a capture, a fork...).
    pub fn arrows(&self) -> Vec<Move> {
        let mut arrows: Vec<Move> = self.best.into_iter().collect();
        for mv in self.reasons.iter().filter_map(Reason::arrow) {
            if !arrows.contains(&mv) {
                arrows.push(mv);
            }
        }
        arrows
    }

    /// Whether the move is as good as the best: the best itself, or within
    /// the "good" band (what a retry must reach).
    pub fn is_as_good_as_best(&self) -> bool {
        self.verdict() <= Verdict::Good
    }

    /// The mover's win chance before (with the best move) and after the move.
    pub fn chances(&self) -> (f64, f64) {
        (
            self.score_before.win_chance(),
            self.score_after.win_chance(),
        )
    }
}

/// One side's totals.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideSummary {
    /// Moves judged, by verdict (index: [`Verdict`] order).
    pub counts: [usize; 5],
    /// Mean of the moves' accuracies ([`move_accuracy`]), `None` before any
    /// move is judged.
    pub accuracy: Option<f64>,
    pub missed_mates: usize,
    pub allowed_mates: usize,
}

impl SideSummary {
    pub fn count(&self, verdict: Verdict) -> usize {
        self.counts[verdict as usize]
    }
}

/// The review of a whole game as far as its analysis has come.
#[derive(Clone, Debug)]
pub struct GameReview {
    game: GamePositions,
    analyses: Vec<Option<PositionAnalysis>>,
    moves: Vec<Option<MoveReview>>,
}

impl GameReview {
    pub fn new(game: GamePositions) -> GameReview {
        let positions = game.len();
        GameReview {
            analyses: vec![None; positions],
            moves: vec![None; positions.saturating_sub(1)],
            game,
        }
    }

    pub fn game(&self) -> &GamePositions {
        &self.game
    }

    /// Takes one position's analysis (again, perhaps, with a second look at
    /// its best move); returns the plies (1-based) it let be judged, at most
    /// the move into it and the move out of it.
    pub fn add(&mut self, mut analysis: PositionAnalysis) -> Vec<usize> {
        let index = analysis.index;
        let Some(slot) = self.analyses.get_mut(index) else {
            return Vec::new();
        };
        // Workers may report a position twice, in either order: a second look once made stays.
        if let Some(kept) = slot.as_ref()
            && analysis.best_checked.is_none()
        {
            analysis.best_checked.clone_from(&kept.best_checked);
        }
        *slot = Some(analysis);
        let mut judged = Vec::new();
        for ply in [index, index + 1] {
            if ply >= 1 && self.judge_ply(ply) {
                judged.push(ply);
            }
        }
        judged
    }

    /// Judges the move `ply` if both its positions are analysed.
    fn judge_ply(&mut self, ply: usize) -> bool {
        let (Some(Some(before)), Some(Some(after))) =
            (self.analyses.get(ply - 1), self.analyses.get(ply))
        else {
            return false;
        };
        let (Some(position), Some(&played)) =
            (self.game.position(ply - 1), self.game.moves().get(ply - 1))
        else {
            return false;
        };
        let previous_to = ply
            .checked_sub(2)
            .and_then(|i| self.game.moves().get(i))
            .map(|mv| mv.to());
        let review = review_move(ply, position, previous_to, played, before, after);
        self.moves[ply - 1] = Some(review);
        true
    }

    /// Judges `tried`, played in place of the game's move `ply` (a retry),
    /// as the game's move was judged: the position after it is searched
    /// with `budget` (the analysis's, for a fair comparison) and the
    /// try is set against the engine's best move there. `None` until the
    /// position before is analysed, for an illegal try, or when cancelled.
    /// Blocking: call it off the UI thread, on a stack of
    /// [`crate::engine::search::THREAD_STACK`] bytes.
    pub fn judge_try(
        &self,
        ply: usize,
        tried: Move,
        engine: &mut Engine,
        budget: Budget,
        cancel: &AtomicBool,
    ) -> Option<MoveReview> {
        let analysis_before = self.analysis(ply.checked_sub(1)?)?;
        let before = self.game.position(ply - 1)?;
        if !before.is_legal(tried) {
            return None;
        }
        let after = before.after(tried);
        let analysis_after =
            analyse_reached(engine, &after, self.game.path(ply), ply, budget, cancel)?;
        let previous_to = ply
            .checked_sub(2)
            .and_then(|i| self.game.moves().get(i))
            .map(|mv| mv.to());
        Some(review_move(
            ply,
            before,
            previous_to,
            tried,
            analysis_before,
            &analysis_after,
        ))
    }

    /// Takes the reasons the deep pass found for move `ply` on `lines` in place of the fast
    /// pass's, and its judgement there ([`MoveReview::judgement_on`]: a flag the deeper
    /// scores do not bear out is withdrawn). Returns whether the move was there to take them.
    pub fn deepen(&mut self, ply: usize, lines: DeepLines, reasons: Vec<Reason>) -> bool {
        let Some(Some(m)) = ply.checked_sub(1).and_then(|i| self.moves.get_mut(i)) else {
            return false;
        };
        m.judgement = m.judgement_on(&lines);
        m.reasons = reasons;
        m.deep = Some(lines);
        true
    }

    /// Takes the deep pass's futures of move `ply` as a saved review kept them, and finds
    /// its reasons on them again, as the pass did. Lines that do not fit the move (not one
    /// the pass looks at, or a move that is not legal where it stands) are left out: the
    /// move keeps the fast pass's words and awaits the deep pass. Returns whether they
    /// were taken.
    pub fn deepen_from(&mut self, ply: usize, lines: DeepLines) -> bool {
        let Some(m) = self.move_review(ply).filter(|m| m.fits(&lines)) else {
            return false;
        };
        let reasons = m.reasons_on(&lines);
        self.deepen(ply, lines, reasons)
    }

    /// The review of move `ply` (1-based), once judged.
    pub fn move_review(&self, ply: usize) -> Option<&MoveReview> {
        self.moves.get(ply.checked_sub(1)?)?.as_ref()
    }

    /// Every move's review, in order (`None`: not judged yet).
    pub fn moves(&self) -> &[Option<MoveReview>] {
        &self.moves
    }

    /// The analysis of position `index` (0: the start), once known.
    pub fn analysis(&self, index: usize) -> Option<&PositionAnalysis> {
        self.analyses.get(index)?.as_ref()
    }

    /// Whether every move is judged.
    pub fn is_complete(&self) -> bool {
        self.moves.iter().all(Option::is_some) && self.analyses.iter().all(Option::is_some)
    }

    /// Sente's win chance at every position (for the graph), `None` where
    /// the position is not analysed yet.
    pub fn sente_chances(&self) -> Vec<Option<f64>> {
        self.analyses
            .iter()
            .enumerate()
            .map(|(index, analysis)| {
                let analysis = analysis.as_ref()?;
                let to_move = self.game.position(index)?.side_to_move();
                let score = if to_move == Color::Sente {
                    analysis.score
                } else {
                    analysis.score.flipped()
                };
                Some(score.win_chance())
            })
            .collect()
    }

    /// The plies of the mover's mistakes and blunders, in order (for "next
    /// mistake" and the graph's marks).
    pub fn serious_plies(&self, side: Color) -> Vec<usize> {
        self.moves
            .iter()
            .flatten()
            .filter(|m| m.mover == side && m.verdict().is_serious())
            .map(|m| m.ply)
            .collect()
    }

    /// Each side's totals over the moves judged so far.
    pub fn summary(&self) -> ByColor<SideSummary> {
        let mut sides = ByColor::new(SideSummary::default(), SideSummary::default());
        let mut accuracy_sums = ByColor::new((0.0, 0usize), (0.0, 0usize));
        for review in self.moves.iter().flatten() {
            let side = &mut sides[review.mover];
            side.counts[review.verdict() as usize] += 1;
            match review.judgement.mate {
                Some(super::verdict::MateEvent::Missed { .. }) => side.missed_mates += 1,
                Some(super::verdict::MateEvent::Allowed { .. }) => side.allowed_mates += 1,
                None => {}
            }
            let sum = &mut accuracy_sums[review.mover];
            sum.0 += move_accuracy(review.judgement.loss);
            sum.1 += 1;
        }
        for color in Color::ALL {
            let (sum, n) = accuracy_sums[color];
            sides[color].accuracy = (n > 0).then(|| sum / n as f64);
        }
        sides
    }
}

/// Judges one move from the analyses of the positions before and after it.
pub fn review_move(
    ply: usize,
    before: &Position,
    previous_to: Option<Square>,
    played: Move,
    analysis_before: &PositionAnalysis,
    analysis_after: &PositionAnalysis,
) -> MoveReview {
    let score_before = analysis_before.best_score();
    let score_after = analysis_after.score.flipped();
    let is_best = analysis_before.best == Some(played);
    let looks = (score_before, analysis_before.surest_best_score());
    let judgement = judge_move(before, played, looks, score_after, is_best);
    let explained = judgement.verdict >= Verdict::Inaccuracy || judgement.mate.is_some();
    let reasons = if explained {
        reasons(&MoveFacts {
            before,
            previous_to,
            played,
            best_line: &analysis_before.line,
            reply_line: &analysis_after.line,
            checked_line: analysis_before
                .best_checked
                .as_ref()
                .map_or(&[], |look| &look.line),
            score_before,
            score_after,
        })
    } else {
        Vec::new()
    };
    MoveReview {
        ply,
        mover: before.side_to_move(),
        before: *before,
        previous_to,
        played,
        best: analysis_before.best,
        best_line: analysis_before.line.clone(),
        best_moves: analysis_before.best_moves.clone(),
        reply_line: analysis_after.line.clone(),
        score_before,
        best_checked: analysis_before.best_checked.clone(),
        score_after,
        judgement,
        reasons,
        deep: None,
    }
}
