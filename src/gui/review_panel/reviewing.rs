//! The review in the window: the game's positions analysed in the background while the
//! player reads the verdicts as they arrive, and a retry of a mistake judged as the game's
//! move was. The review belongs to the moves it was made of: once the game no longer starts
//! with them (an undo, another game), it is dropped.
//!
//! While a review is open the clock is paused and the AI waits.

use crate::gui::app::KomadaiApp;
use crate::gui::panels::message::Message;
use crate::gui::review_panel::panel::{MoveShown, RetryShown, ReviewPanelState, SideRow};
use crate::gui::review_panel::state::{Retry, ReviewState, TRIES_BEFORE_ANSWER};
use crate::gui::storage::settings::NotationStyle;
use crate::gui::view_mode::ViewMode;
use crate::i18n::{self, Language, Strings, fill};
use crate::review::voice::line_text;
use crate::review::{
    Candidate, GamePositions, GameReview, MateEvent, MoveReview, PositionAnalysis, Progress,
    Reason, Score, Verdict,
};
use crate::review::{Line, Notation, Voice, Who, words};
use crate::rules::{Color, Move, Position, Square, notation};

impl KomadaiApp {
    /// Starts reviewing the game on the board (a review already open starts over).
    pub(in crate::gui) fn start_review(&mut self) {
        self.screen.clear_selection();
        self.background.forget_trial();
        let game = &self.play.game;
        let positions = GamePositions::new(game.start(), game.moves());
        self.review = Some(ReviewState {
            review: GameReview::new(positions.clone()),
            moves: game.moves().to_vec(),
            retry: None,
        });
        if !self.engine_reviews(&positions) {
            self.start_built_in_review(positions);
        }
    }

    /// Opens `review` (read back from a record or the autosave) for the game on the board,
    /// without analysing again.
    pub(in crate::gui) fn restore_review(&mut self, review: GameReview) {
        let moves = review.game().moves().to_vec();
        if !self.play.game.moves().starts_with(&moves) {
            return;
        }
        self.review = Some(ReviewState {
            review,
            moves,
            retry: None,
        });
    }

    /// Stops the analysis; the verdicts found so far stay.
    pub(in crate::gui) fn cancel_review(&mut self) {
        self.background.cancel_review();
    }

    pub(in crate::gui) fn close_review(&mut self) {
        self.background.cancel_review();
        self.background.forget_trial();
        self.review = None;
    }

    /// The review's analysis sent `analyses` (`finished`: it is done); a review whose game
    /// has changed is dropped with them.
    pub(in crate::gui) fn review_analysed(
        &mut self,
        analyses: Vec<PositionAnalysis>,
        finished: bool,
    ) {
        if finished {
            self.background.review_done();
        }
        self.drop_stale_review();
        if let Some(state) = &mut self.review {
            for analysis in analyses {
                state.review.add(analysis);
            }
        }
    }

    /// Closes the review once the game no longer starts with its moves (an undo, another
    /// game).
    pub(in crate::gui) fn drop_stale_review(&mut self) {
        if let Some(state) = &self.review
            && !self.play.game.moves().starts_with(&state.moves)
        {
            self.close_review();
        }
    }

    /// Goes back to the position before move `ply` for the player to find a better move.
    pub(in crate::gui) fn try_again(&mut self, ply: usize) {
        let Some(state) = &mut self.review else {
            return;
        };
        if state.review.move_review(ply).is_none() {
            return;
        }
        state.retry = Some(Retry {
            ply,
            tries: 0,
            note: None,
            answer_shown: false,
            solved: false,
        });
        self.background.forget_trial();
        self.screen.clear_selection();
        self.screen.view = self.screen.view.at(ply - 1, self.play.game.ply());
        if self.screen.view == ViewMode::Live {
            self.screen.view = ViewMode::LookingBack(ply - 1);
        }
    }

    pub(in crate::gui) fn stop_trying(&mut self) {
        self.background.forget_trial();
        if let Some(state) = &mut self.review {
            state.retry = None;
        }
        self.screen.clear_selection();
    }

    pub(in crate::gui) fn show_answer(&mut self) {
        if let Some(retry) = self.retry_mut() {
            retry.answer_shown = true;
        }
    }

    /// The board takes a move for the retry: at the retry's position, nothing being judged.
    pub(in crate::gui) fn is_trying(&self) -> bool {
        self.retry().is_some_and(|retry| {
            !retry.solved
                && self.shown_ply() + 1 == retry.ply
                && self.screen.view != ViewMode::Live
                && !self.background.is_judging()
        })
    }

    /// Judges `mv` played in the retry's position.
    pub(in crate::gui) fn try_move(&mut self, mv: Move) {
        let Some(ply) = self.retry().map(|r| r.ply) else {
            return;
        };
        let Some(before) = self.play.game.position_after(ply - 1) else {
            return;
        };
        if let Err(err) = before.explain(mv) {
            let why = i18n::illegal_move(self.language(), &err);
            self.screen.message = Some(Message::warning(why));
            return;
        }
        self.screen.clear_selection();
        let wake = self.host.wake();
        if let Some(state) = &self.review {
            self.background.judge_try(&state.review, ply, mv, wake);
        }
    }

    /// The retried move judged: the retry's note says how it compares.
    pub(in crate::gui) fn take_judged_try(&mut self, judged: Option<MoveReview>) {
        let lang = self.language();
        let t = lang.strings();
        let voice_notation = self.review_notation();
        let player = self.play.player;
        let replaying = self.screen.view.is_replaying();
        let handicap = self.is_handicap();
        let Some(retry) = self.retry_mut() else {
            return;
        };
        let Some(judged) = judged else {
            return;
        };
        retry.tries += 1;
        let written = write_move(
            &judged.before,
            judged.played,
            judged.previous_to,
            voice_notation,
        );
        if judged.is_as_good_as_best() {
            retry.solved = true;
            retry.note = Some(fill(t.review_try_good, &[("move", &written)]));
            return;
        }
        let voice = voice_for(voice_notation, player, replaying, handicap, judged.mover);
        // Only what goes wrong after the try: the reasons that name the better move would
        // give the answer away.
        let telling = judged.reasons_without_the_answer();
        let why = [
            explanation(lang, &telling, &voice),
            what_follows(lang, &judged, voice_notation),
        ]
        .join(" ");
        let verdict = words::verdict_name(lang, judged.verdict());
        let note = fill(
            t.review_try_not_good,
            &[
                ("move", &written),
                ("verdict", &verdict),
                ("why", &why.trim()),
            ],
        );
        // An empty reason would leave two spaces where it stood.
        retry.note = Some(note.split_whitespace().collect::<Vec<_>>().join(" "));
        if retry.tries >= TRIES_BEFORE_ANSWER {
            retry.answer_shown = true;
        }
    }

    /// Shows the next mistake or blunder after the move shown (the player's own in a game
    /// against the AI, either side's in an opened record).
    pub(in crate::gui) fn next_mistake(&mut self) {
        let Some(state) = &self.review else {
            return;
        };
        let shown = self.shown_ply();
        let sides: &[Color] = if self.screen.view.is_replaying() {
            &Color::ALL
        } else {
            std::slice::from_ref(&self.play.player)
        };
        let next = sides
            .iter()
            .flat_map(|&side| state.review.serious_plies(side))
            .filter(|&ply| ply > shown)
            .min();
        match next {
            Some(ply) => {
                self.stop_trying();
                self.screen.view = self.screen.view.at(ply, self.play.game.ply());
            }
            None => {
                self.screen.message = Some(Message::info(self.strings().review_no_more_mistakes))
            }
        }
    }

    fn retry(&self) -> Option<&Retry> {
        self.review.as_ref()?.retry.as_ref()
    }

    fn retry_mut(&mut self) -> Option<&mut Retry> {
        self.review.as_mut()?.retry.as_mut()
    }

    fn review_notation(&self) -> Notation {
        match self.stored.settings.notation {
            NotationStyle::Western => Notation::Western,
            NotationStyle::Japanese => Notation::Japanese,
        }
    }

    /// A review is open beside the board.
    pub fn is_review_open(&self) -> bool {
        self.review.is_some()
    }

    /// How far the review's analysis has come, while it runs.
    pub fn review_progress(&self) -> Option<Progress> {
        self.background.review_progress()
    }

    /// The review so far, if one is open.
    pub fn game_review(&self) -> Option<&GameReview> {
        self.review.as_ref().map(|state| &state.review)
    }

    /// The verdict on move `ply` (1-based), once judged.
    pub fn review_verdict(&self, ply: usize) -> Option<Verdict> {
        Some(self.game_review()?.move_review(ply)?.verdict())
    }

    /// What the last retried move came to.
    pub fn retry_note(&self) -> Option<&str> {
        self.retry()?.note.as_deref()
    }

    /// A retried move is being judged.
    pub fn is_judging_try(&self) -> bool {
        self.background.is_judging()
    }

    /// How the review is read now: the player's language and notation, their side, what
    /// the board shows.
    fn review_reading(&self) -> Reading {
        Reading {
            lang: self.language(),
            notation: self.review_notation(),
            player: self.play.player,
            replaying: self.screen.view.is_replaying(),
            handicap: self.is_handicap(),
            shown: self.shown_ply(),
        }
    }

    /// The squares to highlight and the moves to draw as arrows for the position shown.
    pub(in crate::gui) fn review_marks(&self) -> (Vec<Square>, Vec<Move>) {
        match &self.review {
            Some(state) => state.marks(self.shown_ply()),
            None => (Vec::new(), Vec::new()),
        }
    }

    /// What the review panel shows.
    pub(in crate::gui) fn review_panel_state(&self) -> Option<ReviewPanelState> {
        let progress = self.background.review_progress().map(|p| (p.done, p.total));
        let judging = self.background.is_judging();
        let state = self.review.as_ref()?;
        Some(state.panel_state(&self.review_reading(), progress, judging))
    }
}

/// How the review is read: in the player's language and notation, from their side (or
/// neither's in a replay), about the position after `shown` moves.
struct Reading {
    lang: Language,
    notation: Notation,
    player: Color,
    replaying: bool,
    /// A handicap game, whose sides are named 上手 and 下手.
    handicap: bool,
    shown: usize,
}

/// What the review panel shows, read from the review open.
impl ReviewState {
    /// The squares to highlight and the moves to draw as arrows for the position after
    /// `shown` moves: the answer of a retry, or the reasons of the move that led to it.
    fn marks(&self, shown: usize) -> (Vec<Square>, Vec<Move>) {
        if let Some(retry) = &self.retry
            && shown + 1 == retry.ply
        {
            let best = self.review.move_review(retry.ply).and_then(|m| m.best);
            return match best.filter(|_| retry.answer_shown) {
                Some(best) => (Vec::new(), vec![best]),
                None => (Vec::new(), Vec::new()),
            };
        }
        match self.review.move_review(shown) {
            Some(m) if m.verdict() >= Verdict::Inaccuracy => (m.highlights(), m.arrows()),
            _ => (Vec::new(), Vec::new()),
        }
    }

    /// The panel's contents: `progress` of the analysis while it runs, `judging` while a
    /// retried move is being judged.
    fn panel_state(
        &self,
        reading: &Reading,
        progress: Option<(usize, usize)>,
        judging: bool,
    ) -> ReviewPanelState {
        let review = &self.review;
        let summary = review.summary();
        let names = side_names(reading);
        let sides = Color::ALL.map(|side| {
            let s = &summary[side];
            SideRow {
                name: names[side as usize].clone(),
                cells: [
                    s.accuracy
                        .map_or_else(|| "–".to_owned(), |a| format!("{a:.0}%")),
                    s.count(Verdict::Inaccuracy).to_string(),
                    s.count(Verdict::Mistake).to_string(),
                    s.count(Verdict::Blunder).to_string(),
                    format!("{} / {}", s.missed_mates, s.allowed_mates),
                ],
            }
        });
        ReviewPanelState {
            progress,
            sides,
            chances: review.sente_chances(),
            verdicts: review
                .moves()
                .iter()
                .map(|m| m.as_ref().map(MoveReview::verdict))
                .collect(),
            shown: reading.shown,
            shown_move: move_shown(review, reading),
            retry: self
                .retry
                .as_ref()
                .map(|retry| retry_shown(review, retry, reading, judging)),
        }
    }
}

fn side_names(reading: &Reading) -> [String; 2] {
    let lang = reading.lang;
    let t = lang.strings();
    let name = |side: Color| {
        let mark = if side == Color::Sente { "☗" } else { "☖" };
        let who = if reading.replaying {
            lang.seat(side, reading.handicap)
        } else if side == reading.player {
            t.review_you
        } else {
            t.review_ai
        };
        format!("{mark} {who}")
    };
    Color::ALL.map(name)
}

fn move_shown(review: &GameReview, reading: &Reading) -> MoveShown {
    let ply = reading.shown;
    if ply == 0 {
        return MoveShown::Start;
    }
    let Some(m) = review.move_review(ply) else {
        return MoveShown::Pending;
    };
    let lang = reading.lang;
    let t = lang.strings();
    let notation = reading.notation;
    let written = write_move(&m.before, m.played, m.previous_to, notation);
    let voice = voice_for(
        notation,
        reading.player,
        reading.replaying,
        reading.handicap,
        m.mover,
    );
    let best = m
        .best_to_name()
        .filter(|_| m.verdict() >= Verdict::Inaccuracy)
        .map(|best| write_move(&m.before, best, m.previous_to, notation))
        .map(|best| fill(t.review_best, &[("move", &best)]));
    let verdict = words::verdict_name(lang, m.verdict());
    let mut heading = fill(
        t.review_move_heading,
        &[("ply", &ply), ("move", &written), ("verdict", &verdict)],
    );
    if m.judgement.loss >= 0.5 {
        heading = format!("{heading} {}", loss_text(t, m.judgement.loss));
    }
    MoveShown::Judged {
        ply,
        heading,
        verdict: m.verdict(),
        mate: m.judgement.mate.map(|event| match event {
            MateEvent::Missed { plies } => fill(t.review_missed_mate, &[("plies", &plies)]),
            MateEvent::Allowed { plies } => fill(t.review_allowed_mate, &[("plies", &plies)]),
        }),
        why: explanation(lang, &m.reasons, &voice),
        best,
        best_moves: best_moves_text(m, reading),
        can_retry: m.verdict() >= Verdict::Inaccuracy,
    }
}

/// "Best moves here: ▲7六歩 +120, …" for the position `m` was played from.
fn best_moves_text(m: &MoveReview, reading: &Reading) -> Option<String> {
    if m.best_moves.is_empty() {
        return None;
    }
    let t = reading.lang.strings();
    let notation = reading.notation;
    let written: Vec<String> = m
        .best_moves
        .iter()
        .filter(|c| m.before.is_legal(c.mv))
        .map(|c: &Candidate| {
            let mv = write_move(&m.before, c.mv, m.previous_to, notation);
            let score = match c.score {
                Score::Cp(cp) => format!("{cp:+}"),
                Score::Mates(plies) => fill(t.review_score_mate, &[("plies", &plies)]),
                Score::Mated(plies) => fill(t.review_score_mated, &[("plies", &plies)]),
            };
            format!("{mv} {score}")
        })
        .collect();
    Some(fill(t.review_best_moves, &[("moves", &written.join(", "))]))
}

fn retry_shown(review: &GameReview, retry: &Retry, reading: &Reading, judging: bool) -> RetryShown {
    let answer = retry
        .answer_shown
        .then(|| review.move_review(retry.ply))
        .flatten()
        .and_then(|m| {
            Some(write_move(
                &m.before,
                m.best?,
                m.previous_to,
                reading.notation,
            ))
        })
        .map(|written| fill(reading.lang.strings().review_answer, &[("move", &written)]));
    RetryShown {
        ply: retry.ply,
        judging,
        note: retry.note.clone(),
        answer,
        solved: retry.solved,
    }
}

/// The reasons in the interface's language.
pub(in crate::gui) fn explanation(lang: Language, reasons: &[Reason], voice: &Voice) -> String {
    words::explanation(lang, reasons, voice)
}

/// "(lost 12 points of win chance)", and "1 point" for one.
fn loss_text(t: &Strings, loss: f64) -> String {
    let loss = format!("{loss:.0}");
    let template = if loss == "1" {
        t.move_loss_one_point
    } else {
        t.review_move_loss
    };
    fill(template, &[("loss", &loss)])
}

/// What the engine expects after a try (its reply and the moves after), and the win chance
/// it costs: the try's own story, which gives no better move away. Empty without a line.
fn what_follows(lang: Language, judged: &MoveReview, notation: Notation) -> String {
    let mut after = judged.before;
    if !after.is_legal(judged.played) {
        return String::new();
    }
    after.play_unchecked(judged.played);
    let line = Line::legal(&after, Some(judged.played.to()), &judged.reply_line);
    if line.moves.is_empty() {
        return String::new();
    }
    let shown = Line {
        moves: line.moves.into_iter().take(FOLLOWING_MOVES).collect(),
        ..line
    };
    let loss = format!("{:.0}", judged.judgement.loss.max(0.0));
    fill(
        lang.strings().try_what_follows,
        &[("line", &line_text(&shown, notation)), ("loss", &loss)],
    )
}

/// How many moves of the engine's line a try's note shows.
const FOLLOWING_MOVES: usize = 3;

/// A move in the chosen notation.
fn write_move(
    before: &Position,
    mv: Move,
    previous_to: Option<Square>,
    notation: Notation,
) -> String {
    match notation {
        Notation::Western => notation::western(before, mv),
        Notation::Japanese => notation::japanese(before, mv, previous_to),
    }
}

/// Who the explanation names: "you" and "the AI" in a game played here, the sides in a
/// replayed record (上手 and 下手 in a handicap game).
fn voice_for(
    notation: Notation,
    player: Color,
    replaying: bool,
    handicap: bool,
    mover: Color,
) -> Voice {
    if replaying {
        Voice::by_sides(notation, mover, handicap)
    } else {
        Voice::for_player(notation, player, Who::Ai, mover)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loss_of_one_point_is_one_point() {
        let t = Language::English.strings();
        assert_eq!(loss_text(t, 1.2), "(lost 1 point of win chance)");
        assert_eq!(loss_text(t, 12.0), "(lost 12 points of win chance)");
    }
}
