//! The review in the window: the game's positions analysed in the background while the
//! player reads the verdicts as they arrive, and a retry of a mistake judged as the game's
//! move was. The review belongs to the moves it was made of: once the game no longer starts
//! with them (an undo, another game), it is dropped.
//!
//! While a review is open the clock is paused and the AI waits.

use crate::gui::app::background::Background;
use crate::gui::app::host::{Host, Wake};
use crate::gui::app::screen::Screen;
use crate::gui::panels::message::Message;
use crate::gui::review_panel::panel::{MoveShown, RetryShown, ReviewPanelState, SideRow};
use crate::gui::review_panel::state::{Retry, ReviewPanel, ReviewState, TRIES_BEFORE_ANSWER};
use crate::gui::storage::settings::{NotationStyle, Settings};
use crate::gui::view_mode::ViewMode;
use crate::i18n::{self, Language, Strings, fill};
use crate::review::voice::line_text;
use crate::review::{
    Candidate, DeepLook, GamePositions, GameReview, MateEvent, MoveReview, PositionAnalysis,
    Reason, Score, Verdict,
};
use crate::review::{Line, Notation, Voice, Who, words};
use crate::rules::game::Game;
use crate::rules::{Color, Move, Position, Square, notation};

impl ReviewPanel {
    /// Opens a review of `game` (a review already open starts over) and gives the positions
    /// its analysis is to go through.
    pub(in crate::gui) fn open(
        &mut self,
        game: &Game,
        screen: &mut Screen,
        background: &mut Background,
    ) -> GamePositions {
        screen.clear_selection();
        background.forget_trial();
        let positions = GamePositions::new(game.start(), game.moves());
        self.open = Some(ReviewState {
            review: GameReview::new(positions.clone()),
            moves: game.moves().to_vec(),
            retry: None,
            deep_due: false,
        });
        positions
    }

    /// Opens `review` (read back from a record or the autosave) for `game`, the game on the
    /// board, without analysing again. Its mistakes that were saved without the deep pass's
    /// lines are due a look from it ([`ReviewPanel::start_due_deep_pass`]), as after the
    /// fast pass: a player expects the words a finished review shows, checked.
    pub(in crate::gui) fn restore(&mut self, review: GameReview, game: &Game) {
        let moves = review.game().moves().to_vec();
        if !game.moves().starts_with(&moves) {
            return;
        }
        let deep_due = review.is_complete()
            && review
                .moves()
                .iter()
                .flatten()
                .any(MoveReview::awaits_deep_look);
        self.open = Some(ReviewState {
            review,
            moves,
            retry: None,
            deep_due,
        });
    }

    /// Starts the deep pass on a restored review's mistakes that await it, once: it runs at
    /// the first frame, when `host` can wake the window with each look (a review is
    /// restored before the window opens, from the autosave or a file named on the command
    /// line). The words marked as being checked meanwhile are those of a review whose fast
    /// pass has just finished.
    pub(in crate::gui) fn start_due_deep_pass(&mut self, background: &mut Background, host: &Host) {
        if let Some(state) = &mut self.open
            && std::mem::take(&mut state.deep_due)
        {
            background.start_deep_pass(&state.review, host.notify());
        }
    }

    /// Closes the review and stops its analysis and the judging of a retry.
    pub(in crate::gui) fn close(&mut self, background: &mut Background) {
        background.cancel_review();
        background.forget_trial();
        self.open = None;
    }

    /// The review's analysis sent `analyses` (`finished`: it is done); a review whose game
    /// has changed is dropped with them. Once every move is judged, the deep pass starts on
    /// the mistakes, waking the window through `host` with each look.
    pub(in crate::gui) fn analysed(
        &mut self,
        analyses: Vec<PositionAnalysis>,
        finished: bool,
        game: &Game,
        background: &mut Background,
        host: &Host,
    ) {
        if finished {
            background.review_done();
        }
        self.drop_stale(game, background);
        if let Some(state) = &mut self.open {
            for analysis in analyses {
                state.review.add(analysis);
            }
            if finished && state.review.is_complete() {
                background.start_deep_pass(&state.review, host.notify());
            }
        }
    }

    /// The deep pass sent `looks` (`finished`: it is done): each mistake's reasons found
    /// again on its deeper futures replace the fast pass's.
    pub(in crate::gui) fn deepened(
        &mut self,
        looks: Vec<DeepLook>,
        finished: bool,
        game: &Game,
        background: &mut Background,
    ) {
        if finished {
            background.deep_pass_done();
        }
        self.drop_stale(game, background);
        if let Some(state) = &mut self.open {
            for look in looks {
                state.review.deepen(look.ply, look.lines, look.reasons);
            }
        }
    }

    /// Closes the review once `game` no longer starts with its moves (an undo, another
    /// game).
    pub(in crate::gui) fn drop_stale(&mut self, game: &Game, background: &mut Background) {
        if let Some(state) = &self.open
            && !game.moves().starts_with(&state.moves)
        {
            self.close(background);
        }
    }

    /// Goes back to the position before move `ply` of `game` for the player to find a
    /// better move.
    pub(in crate::gui) fn try_again(
        &mut self,
        ply: usize,
        game: &Game,
        screen: &mut Screen,
        background: &mut Background,
    ) {
        let Some(state) = &mut self.open else {
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
        background.forget_trial();
        screen.clear_selection();
        screen.view = screen.view.at(ply - 1, game.ply());
        if screen.view == ViewMode::Live {
            screen.view = ViewMode::LookingBack(ply - 1);
        }
    }

    pub(in crate::gui) fn stop_trying(&mut self, screen: &mut Screen, background: &mut Background) {
        background.forget_trial();
        if let Some(state) = &mut self.open {
            state.retry = None;
        }
        screen.clear_selection();
    }

    pub(in crate::gui) fn show_answer(&mut self) {
        if let Some(retry) = self.retry_mut() {
            retry.answer_shown = true;
        }
    }

    /// The board takes a move for the retry: it shows the retry's position (`shown` moves
    /// in), nothing being judged.
    pub(in crate::gui) fn is_trying(
        &self,
        shown: usize,
        screen: &Screen,
        background: &Background,
    ) -> bool {
        self.retries_at(shown, screen)
            && self.retry().is_some_and(|retry| !retry.solved)
            && !background.is_judging()
    }

    /// A retry is open on the position shown (`shown` moves in): waiting for a move,
    /// judging one, or found.
    pub(in crate::gui) fn retries_at(&self, shown: usize, screen: &Screen) -> bool {
        (self.retry()).is_some_and(|retry| shown + 1 == retry.ply && screen.view != ViewMode::Live)
    }

    /// Judges `mv` played in the retry's position of `game`; an illegal move is refused with
    /// a note in `lang`.
    pub(in crate::gui) fn try_move(
        &mut self,
        mv: Move,
        game: &Game,
        lang: Language,
        screen: &mut Screen,
        background: &mut Background,
        wake: Wake,
    ) {
        let Some(ply) = self.retry().map(|r| r.ply) else {
            return;
        };
        let Some(before) = game.position_after(ply - 1) else {
            return;
        };
        if let Err(err) = before.explain(mv) {
            let why = i18n::illegal_move(lang, &err);
            screen.message = Some(Message::warning(why));
            return;
        }
        screen.clear_selection();
        if let Some(state) = &self.open {
            background.judge_try(&state.review, ply, mv, wake);
        }
    }

    /// The retried move judged: the retry's note says how it compares.
    pub(in crate::gui) fn take_judged_try(
        &mut self,
        judged: Option<MoveReview>,
        reading: &ReviewReading,
    ) {
        let lang = reading.lang;
        let t = lang.strings();
        let voice_notation = reading.notation;
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
        let voice = voice_for(
            voice_notation,
            reading.player,
            reading.replaying,
            reading.handicap,
            judged.mover,
        );
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

    /// Shows the next mistake or blunder of `game` after the move shown, or with `forward`
    /// false the one before it (the player's own in a game against the AI, either side's in
    /// an opened record); past the last one it goes round to the first, and back from the
    /// first to the last.
    pub(in crate::gui) fn step_to_mistake(
        &mut self,
        forward: bool,
        reading: &ReviewReading,
        game: &Game,
        screen: &mut Screen,
        background: &mut Background,
    ) {
        let Some(state) = &self.open else {
            return;
        };
        let sides: &[Color] = if reading.replaying {
            &Color::ALL
        } else {
            std::slice::from_ref(&reading.player)
        };
        let mut plies: Vec<usize> = sides
            .iter()
            .flat_map(|&side| state.review.serious_plies(side))
            .collect();
        plies.sort_unstable();
        plies.dedup();
        let shown = reading.shown;
        let target = if forward {
            let after = plies.iter().find(|&&ply| ply > shown);
            after.or(plies.first())
        } else {
            let before = plies.iter().rev().find(|&&ply| ply < shown);
            before.or(plies.last())
        };
        match target {
            Some(&ply) => {
                self.stop_trying(screen, background);
                screen.view = screen.view.at(ply, game.ply());
            }
            None => {
                let t = reading.lang.strings();
                screen.message = Some(Message::info(t.review_no_mistakes))
            }
        }
    }

    fn retry(&self) -> Option<&Retry> {
        self.open.as_ref()?.retry.as_ref()
    }

    fn retry_mut(&mut self) -> Option<&mut Retry> {
        self.open.as_mut()?.retry.as_mut()
    }

    /// A review is open beside the board.
    pub(in crate::gui) fn is_open(&self) -> bool {
        self.open.is_some()
    }

    /// The review so far, if one is open.
    pub(in crate::gui) fn review(&self) -> Option<&GameReview> {
        self.open.as_ref().map(|state| &state.review)
    }

    /// The moves the open review was made of.
    pub(in crate::gui) fn reviewed_moves(&self) -> Option<&[Move]> {
        self.open.as_ref().map(|state| state.moves.as_slice())
    }

    /// What the last retried move came to.
    pub(in crate::gui) fn retry_note(&self) -> Option<&str> {
        self.retry()?.note.as_deref()
    }

    /// The squares to highlight and the moves to draw as arrows for the position after
    /// `shown` moves.
    pub(in crate::gui) fn marks(&self, shown: usize) -> (Vec<Square>, Vec<Move>) {
        match &self.open {
            Some(state) => state.marks(shown),
            None => (Vec::new(), Vec::new()),
        }
    }

    /// What the review panel shows, read as `reading` says.
    pub(in crate::gui) fn panel_state(
        &self,
        reading: &ReviewReading,
        background: &Background,
    ) -> Option<ReviewPanelState> {
        let progress = background.review_progress().map(|p| (p.done, p.total));
        let deep_progress = background.deep_progress().map(|p| (p.done, p.total));
        let judging = background.is_judging();
        let state = self.open.as_ref()?;
        Some(state.panel_state(reading, progress, deep_progress, judging))
    }
}

/// How the review is read: in the player's language and notation, from their side (or
/// neither's in a replay), about the position after `shown` moves.
pub(in crate::gui) struct ReviewReading {
    lang: Language,
    notation: Notation,
    player: Color,
    replaying: bool,
    /// A handicap game, whose sides are named 上手 and 下手.
    handicap: bool,
    shown: usize,
    /// The player's own name, instead of "You".
    you: Option<String>,
    /// The board shows the reviewed game's own moves up to `shown` (not a variation, nor
    /// moves played on past its end).
    in_game: bool,
}

impl ReviewReading {
    /// Read with `settings`' language and notation, by `player`, the board showing `view`
    /// at `shown` moves; `handicap` names the sides 上手 and 下手; `in_game` while those
    /// moves are the reviewed game's own.
    pub(in crate::gui) fn new(
        settings: &Settings,
        player: Color,
        view: ViewMode,
        handicap: bool,
        (shown, in_game): (usize, bool),
    ) -> ReviewReading {
        ReviewReading {
            lang: settings.language,
            notation: match settings.notation {
                NotationStyle::Western => Notation::Western,
                NotationStyle::Japanese => Notation::Japanese,
            },
            player,
            replaying: view.is_replaying(),
            handicap,
            shown,
            you: settings.player_name.get().map(str::to_owned),
            in_game,
        }
    }
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

    /// The panel's contents: `progress` of the analysis while it runs, `deep_progress` of
    /// the deep pass while it runs, `judging` while a retried move is being judged.
    fn panel_state(
        &self,
        reading: &ReviewReading,
        progress: Option<(usize, usize)>,
        deep_progress: Option<(usize, usize)>,
        judging: bool,
    ) -> ReviewPanelState {
        let review = &self.review;
        let summary = review.summary();
        let names = side_names(reading);
        let sides = Color::ALL.map(|side| {
            let s = &summary[side];
            SideRow {
                mark: match side {
                    Color::Sente => "☗",
                    Color::Gote => "☖",
                },
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
            deep_progress,
            sides,
            chances: review.sente_chances(),
            verdicts: review
                .moves()
                .iter()
                .map(|m| m.as_ref().map(MoveReview::verdict))
                .collect(),
            shown: reading.shown,
            sente: reading.lang.seat(Color::Sente, reading.handicap),
            shown_move: move_shown(review, reading, deep_progress.is_some()),
            retry: self
                .retry
                .as_ref()
                .map(|retry| retry_shown(review, retry, reading, judging)),
        }
    }
}

fn side_names(reading: &ReviewReading) -> [String; 2] {
    let lang = reading.lang;
    let t = lang.strings();
    let name = |side: Color| {
        let who = if reading.replaying {
            lang.seat(side, reading.handicap)
        } else if side == reading.player {
            reading.you.as_deref().unwrap_or(t.review_you)
        } else {
            t.review_ai
        };
        who.to_owned()
    };
    Color::ALL.map(name)
}

/// The move that led to the position shown; `deepening`: the deep pass runs, and a mistake
/// it is yet to look at is marked as being checked.
fn move_shown(review: &GameReview, reading: &ReviewReading, deepening: bool) -> MoveShown {
    let ply = reading.shown;
    if ply == 0 {
        return MoveShown::Start;
    }
    if !reading.in_game {
        return MoveShown::NotInGame;
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
        checking: deepening && m.awaits_deep_look(),
        best,
        best_moves: best_moves_text(m, reading),
        can_retry: m.verdict() >= Verdict::Inaccuracy,
    }
}

/// "Best moves here: ▲7六歩 +120, …" for the position `m` was played from.
fn best_moves_text(m: &MoveReview, reading: &ReviewReading) -> Option<String> {
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

fn retry_shown(
    review: &GameReview,
    retry: &Retry,
    reading: &ReviewReading,
    judging: bool,
) -> RetryShown {
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
