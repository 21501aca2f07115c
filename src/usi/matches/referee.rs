//! The referee: each answer of an engine judged by komadai's rules core.

use super::engine::Failure;
use crate::record::Record;
use crate::rules::game::{EndReason, Game, GameResult, MAX_PLIES};
use crate::rules::impasse::csa27_declaration_valid;
use crate::rules::{Color, Move, Position, PositionCommand};

/// Which rule `bestmove win` is judged by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclarationRule {
    /// The CSA 27-point rule USI engines declare by.
    Csa27,
    /// The app's 24-point count.
    Point24,
}

/// How a game ended: the winner (`None`, a draw), the reason as the log
/// names it, and a few words more.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub winner: Option<Color>,
    pub reason: &'static str,
    pub detail: String,
}

impl Verdict {
    pub fn new(winner: Option<Color>, reason: &'static str, detail: impl Into<String>) -> Verdict {
        Verdict {
            winner,
            reason,
            detail: detail.into(),
        }
    }

    /// The verdict a rule of the game gave.
    pub fn of_result(result: &GameResult) -> Verdict {
        let (reason, detail) = match result.reason {
            EndReason::Checkmate => ("checkmate", String::new()),
            EndReason::NoLegalMoves => ("no-legal-move", String::new()),
            EndReason::Resignation => ("resign", String::new()),
            EndReason::TimeUp => ("timeout", String::new()),
            EndReason::Sennichite => ("sennichite", String::new()),
            EndReason::PerpetualCheck => ("perpetual-check", result.to_string()),
            EndReason::Impasse {
                sente_points,
                gote_points,
            } => (
                "declaration",
                format!("Sente {sente_points} points, Gote {gote_points} points"),
            ),
            EndReason::MaxPlies { points: None } => ("max-plies", String::new()),
            EndReason::MaxPlies {
                points: Some((sente, gote)),
            } => (
                "max-plies",
                format!("both kings in their zones: Sente {sente} points, Gote {gote} points"),
            ),
        };
        Verdict::new(result.winner, reason, detail)
    }
}

/// One game as the referee sees it: the rules core's game, every move the
/// engines sent (an illegal one last), and the verdict once there is one.
pub struct Referee {
    pub game: Game,
    /// Every move as sent, the opening's included; an illegal one last.
    pub moves: Vec<String>,
    pub max_plies: usize,
    pub declaration: DeclarationRule,
    pub verdict: Option<Verdict>,
}

impl Referee {
    /// The game from `start`, `moves` (an opening's) judged already.
    pub fn new(
        start: Position,
        moves: &[Move],
        max_plies: usize,
        declaration: DeclarationRule,
    ) -> Referee {
        let mut referee = Referee {
            game: Game::from_position(start),
            moves: Vec::new(),
            max_plies,
            declaration,
            verdict: None,
        };
        for &mv in moves {
            referee.judge(&mv.to_string());
        }
        if referee.verdict.is_none() {
            referee.verdict = referee.limit_verdict();
        }
        referee
    }

    pub fn side_to_move(&self) -> Color {
        self.game.side_to_move()
    }

    /// The `position` command for the engine to move.
    pub fn position_command(&self) -> PositionCommand {
        PositionCommand {
            start: *self.game.start(),
            moves: self.game.moves().to_vec(),
        }
    }

    /// Judges the side to move's answer (a `bestmove` word); the verdict if
    /// it ended the game.
    pub fn judge(&mut self, answer: &str) -> Option<&Verdict> {
        let mover = self.side_to_move();
        self.verdict = match answer {
            "resign" => {
                self.game.resign(mover);
                self.game.result().map(Verdict::of_result)
            }
            "win" => Some(self.declaration_verdict(mover)),
            text => self.play(mover, text),
        };
        self.verdict.as_ref()
    }

    pub fn play(&mut self, mover: Color, text: &str) -> Option<Verdict> {
        self.moves.push(text.to_string());
        let illegal = |why: String| Verdict::new(Some(!mover), "illegal-move", why);
        let mv = match Move::from_usi(text) {
            Ok(mv) => mv,
            Err(_) => return Some(illegal(format!("{mover} sent '{text}', not a USI move"))),
        };
        if let Err(why) = self.game.play(mv) {
            return Some(illegal(format!("{mover} played {text}: {why}")));
        }
        self.game
            .result()
            .map(Verdict::of_result)
            .or_else(|| self.limit_verdict())
    }

    /// A plain draw at the match's ply limit when it is below the rule
    /// book's, which the game applies itself.
    pub fn limit_verdict(&self) -> Option<Verdict> {
        let cut = self.max_plies < MAX_PLIES && self.game.total_plies() >= self.max_plies;
        cut.then(|| Verdict::new(None, "max-plies", format!("{} plies", self.max_plies)))
    }

    pub fn declaration_verdict(&mut self, declarer: Color) -> Verdict {
        let false_declaration = || {
            Verdict::new(
                Some(!declarer),
                "false-declaration",
                format!("{declarer} declared without the right"),
            )
        };
        match self.declaration {
            DeclarationRule::Csa27 if csa27_declaration_valid(self.game.position()) => {
                Verdict::new(
                    Some(declarer),
                    "declaration",
                    format!("{declarer} declared (27-point rule)"),
                )
            }
            DeclarationRule::Csa27 => false_declaration(),
            DeclarationRule::Point24 => match self.game.declare() {
                Ok(result) => Verdict::of_result(&result),
                Err(_) => false_declaration(),
            },
        }
    }

    /// The side to move did not answer in time, or its engine failed.
    pub fn lose_by(&mut self, failure: &Failure) {
        let loser = self.side_to_move();
        if matches!(failure, Failure::Timeout(_)) {
            self.game.lose_on_time();
        }
        self.verdict = Some(Verdict::new(
            Some(!loser),
            failure.reason(),
            format!("{loser}: {}", failure.message()),
        ));
    }

    /// Moves played on the board (an illegal last move was not).
    pub fn plies(&self) -> usize {
        self.game.ply()
    }

    /// The game as a record, `black` and `white` its players; an ending the game itself
    /// does not hold (an illegal move, a crash, a 27-point declaration) in the record's
    /// words.
    pub fn record(&self, black: &str, white: &str) -> Record {
        let mut record = Record::new(self.game.clone());
        record.info.sente = Some(black.to_string());
        record.info.gote = Some(white.to_string());
        if !self.game.is_over() {
            let reason = self.verdict.as_ref().map_or("", |v| v.reason);
            let word = match reason {
                "illegal-move" | "false-declaration" => "反則負け",
                "declaration" => "入玉宣言",
                "max-plies" => "持将棋",
                _ => "中断",
            };
            record.other_ending = Some(word.to_string());
        }
        record
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn referee_at_start() -> Referee {
        Referee::new(Position::startpos(), &[], MAX_PLIES, DeclarationRule::Csa27)
    }

    fn referee_at(sfen: &str) -> Referee {
        let start = Position::from_sfen(sfen).expect("test SFEN is valid");
        Referee::new(start, &[], MAX_PLIES, DeclarationRule::Csa27)
    }

    #[test]
    fn an_illegal_move_loses_for_the_mover() {
        let mut referee = referee_at_start();
        assert_eq!(referee.judge("7g7f"), None);
        let verdict = referee.judge("3c3d").cloned();
        assert_eq!(verdict, None);
        let verdict = referee
            .judge("7f7d")
            .cloned()
            .expect("an illegal move ends the game");
        assert_eq!(verdict.winner, Some(Color::Gote));
        assert_eq!(verdict.reason, "illegal-move");
        assert!(verdict.detail.contains("7f7d"), "{}", verdict.detail);
        assert_eq!(
            referee.moves,
            ["7g7f", "3c3d", "7f7d"],
            "kept, unplayed, last"
        );
        assert_eq!(referee.plies(), 2);
    }

    #[test]
    fn a_move_that_is_no_usi_move_loses() {
        let mut referee = referee_at_start();
        let verdict = referee.judge("7g7f?").cloned().expect("judged");
        assert_eq!(
            (verdict.winner, verdict.reason),
            (Some(Color::Gote), "illegal-move")
        );
    }

    #[test]
    fn nifu_is_an_illegal_move() {
        let mut referee = referee_at("4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
        let verdict = referee.judge("P*5e").cloned().expect("judged");
        assert_eq!(verdict.reason, "illegal-move");
        assert!(verdict.detail.contains("nifu"), "{}", verdict.detail);
    }

    #[test]
    fn resigning_loses() {
        let mut referee = referee_at_start();
        referee.judge("7g7f");
        let verdict = referee.judge("resign").cloned().expect("judged");
        assert_eq!(
            (verdict.winner, verdict.reason),
            (Some(Color::Sente), "resign")
        );
    }

    #[test]
    fn checkmate_ends_the_game_for_the_mover() {
        // Gold drop on 5b, guarded by the pawn on 5c: mate.
        let mut referee = referee_at("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
        let verdict = referee.judge("G*5b").cloned().expect("mate");
        assert_eq!(
            (verdict.winner, verdict.reason),
            (Some(Color::Sente), "checkmate")
        );
    }

    #[test]
    fn fourfold_repetition_is_sennichite() {
        let mut referee = referee_at_start();
        let shuffle = ["5i5h", "5a5b", "5h5i", "5b5a"];
        for (i, mv) in shuffle.iter().cycle().take(12).enumerate() {
            let verdict = referee.judge(mv).cloned();
            assert_eq!(verdict.is_some(), i == 11, "ply {i}");
        }
        let verdict = referee.verdict.clone().expect("sennichite");
        assert_eq!((verdict.winner, verdict.reason), (None, "sennichite"));
    }

    #[test]
    fn a_valid_27_point_declaration_wins_and_a_false_one_loses() {
        let camp = "1+P1+PK+P1+P1/1RGSGSB2/9/9/9/9/9/9/4k4";
        let mut valid = referee_at(&format!("{camp} b 2G2S2N2L2P 1"));
        let verdict = valid.judge("win").cloned().expect("judged");
        assert_eq!(
            (verdict.winner, verdict.reason),
            (Some(Color::Sente), "declaration")
        );
        let mut short = referee_at(&format!("{camp} b 2G2S2N2LP 1"));
        let verdict = short.judge("win").cloned().expect("judged");
        assert_eq!(
            (verdict.winner, verdict.reason),
            (Some(Color::Gote), "false-declaration")
        );
    }

    #[test]
    fn a_24_point_declaration_is_decided_by_the_count() {
        // Both kings in their zones, every other piece in hand: 27 points each.
        let sfen = "4K4/9/9/9/9/9/9/9/4k4 b RB2G2S2N2L9Prb2g2s2n2l9p 1";
        let start = Position::from_sfen(sfen).expect("test SFEN is valid");
        let mut referee = Referee::new(start, &[], MAX_PLIES, DeclarationRule::Point24);
        let verdict = referee.judge("win").cloned().expect("judged");
        assert_eq!(verdict.reason, "declaration");
        assert_eq!(verdict.winner, None, "{}", verdict.detail);
    }

    #[test]
    fn a_smaller_ply_limit_cuts_the_game_as_a_draw() {
        let mut referee = Referee::new(Position::startpos(), &[], 2, DeclarationRule::Csa27);
        assert_eq!(referee.judge("7g7f"), None);
        let verdict = referee.judge("3c3d").cloned().expect("the limit");
        assert_eq!((verdict.winner, verdict.reason), (None, "max-plies"));
    }

    #[test]
    fn a_late_answer_loses_on_time() {
        let mut referee = referee_at_start();
        referee.judge("7g7f");
        referee.lose_by(&Failure::Timeout("no answer in time".into()));
        let verdict = referee.verdict.clone().expect("judged");
        assert_eq!(
            (verdict.winner, verdict.reason),
            (Some(Color::Sente), "timeout")
        );
        let result = referee.game.result().expect("the game records it");
        assert_eq!(result.reason, EndReason::TimeUp);
    }
}
