//! A game from its start position to its end: the moves played, every
//! position along the way, undo, and every way the rule book
//! (`docs/RULES.md`) says a game ends.
//!
//! This is what the GUI holds and what records are read into and written
//! from; the engine sees only a start position and a move list.

mod repetition;
mod result;

pub use repetition::{Repetition, SENNICHITE_COUNT};
pub use result::{EndReason, GameError, GameResult, ImpassePreview, MAX_PLIES};

use super::impasse;
use super::moves::{Move, MoveList};
use super::position::Position;
use super::types::{Color, Square};
use repetition::Repetitions;
use std::fmt;

/// A game: start position, moves, the position after each, and the result
/// once a rule (or a player) has ended it.
///
/// Once there is a result, nothing but [`Game::undo`] changes the game.
#[derive(Clone)]
pub struct Game {
    /// `positions[p]` is the position after `p` moves; never empty.
    positions: Vec<Position>,
    moves: Vec<Move>,
    repetitions: Repetitions,
    result: Option<GameResult>,
}

impl Game {
    /// A game from the standard start position.
    pub fn new() -> Game {
        Game::from_position(Position::startpos())
    }

    /// A game from any position. A start position whose side to move has
    /// no legal move is over at once.
    pub fn from_position(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            repetitions: Repetitions::new(start.hash()),
            result: no_move_result(&start),
        }
    }

    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The position now (after the last move).
    pub fn position(&self) -> &Position {
        &self.positions[self.moves.len()]
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn last_move(&self) -> Option<Move> {
        self.moves.last().copied()
    }

    /// Moves played in this game (since its start position).
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// The game's move count as records number it: plies before the start
    /// position (from its SFEN move number) plus plies played here. The
    /// 400-ply limit applies to this count.
    pub fn total_plies(&self) -> usize {
        self.start().move_number().saturating_sub(1) as usize + self.ply()
    }

    /// The position after `ply` moves; 0 is the start position.
    pub fn position_after(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    pub fn side_to_move(&self) -> Color {
        self.position().side_to_move()
    }

    /// The legal moves now; none once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        if self.is_over() {
            MoveList::new()
        } else {
            self.position().legal_moves()
        }
    }

    /// How many times the current position (board, hands, side to move)
    /// has occurred in this game, this time included.
    pub fn repetition_count(&self) -> usize {
        self.repetitions.count(self.position().hash())
    }

    /// Plays `mv` if legal and the game is not over, then ends the game if
    /// a rule says so (mate, no legal move, sennichite, the ply limit).
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::Finished);
        }
        let mut next = *self.position();
        next.try_play(mv)?;
        let mover = self.side_to_move();
        self.repetitions.push(next.hash(), mover, next.in_check());
        self.positions.push(next);
        self.moves.push(mv);
        self.result = self.result_after_move();
        Ok(())
    }

    /// Takes back the last move, and with it any result. With no move to
    /// take back, clears a resignation or declaration made at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop();
        if mv.is_some()
            && let Some(pos) = self.positions.pop()
        {
            self.repetitions.pop(pos.hash());
        }
        self.result = if self.moves.is_empty() {
            no_move_result(self.start())
        } else {
            None
        };
        mv
    }

    /// Takes back moves until `ply` moves remain (nothing if fewer).
    pub fn undo_to(&mut self, ply: usize) {
        while self.ply() > ply {
            self.undo();
        }
    }

    pub fn result(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// `loser` resigns (whoever is to move); ignored once the game is over.
    pub fn resign(&mut self, loser: Color) {
        if !self.is_over() {
            self.result = Some(GameResult::new(Some(!loser), EndReason::Resignation));
        }
    }

    /// The side to move ran out of time and loses (切れ負け); ignored once
    /// the game is over. Only the side to move's clock runs, so only it can
    /// lose this way.
    pub fn lose_on_time(&mut self) {
        if !self.is_over() {
            let loser = self.side_to_move();
            self.result = Some(GameResult::new(Some(!loser), EndReason::TimeUp));
        }
    }

    /// Whether the side to move may declare an impasse now.
    pub fn can_declare(&self) -> bool {
        !self.is_over() && impasse::can_declare(self.position())
    }

    /// Both counts and the result a declaration by the side to move would
    /// give, whether or not a declaration is allowed now.
    pub fn impasse_preview(&self) -> ImpassePreview {
        let points = impasse::both_points(self.position());
        let (sente_points, gote_points) = (points[Color::Sente], points[Color::Gote]);
        ImpassePreview {
            sente_points,
            gote_points,
            result: GameResult::new(
                impasse::count_winner(points),
                EndReason::Impasse {
                    sente_points,
                    gote_points,
                },
            ),
        }
    }

    /// The side to move declares an impasse; the count decides.
    pub fn declare(&mut self) -> Result<GameResult, GameError> {
        if self.is_over() {
            return Err(GameError::Finished);
        }
        if !self.can_declare() {
            return Err(GameError::CannotDeclare);
        }
        let result = self.impasse_preview().result;
        self.result = Some(result);
        Ok(result)
    }

    /// The ending the last move brought about, if any, in the order the
    /// rules give precedence: mate (or no move), repetition, ply limit.
    fn result_after_move(&self) -> Option<GameResult> {
        let pos = self.position();
        if let Some(result) = no_move_result(pos) {
            return Some(result);
        }
        if let Some(repetition) = self.repetitions.sennichite(pos.hash())
            && self.repeats_truly(pos)
        {
            return Some(match repetition {
                Repetition::Draw => GameResult::new(None, EndReason::Sennichite),
                Repetition::PerpetualCheckBy(checker) => {
                    GameResult::new(Some(!checker), EndReason::PerpetualCheck)
                }
            });
        }
        if self.total_plies() >= MAX_PLIES {
            return Some(max_plies_result(pos));
        }
        None
    }

    /// Guards sennichite against a 64-bit hash collision: the earlier
    /// occurrences must really hold the same board, hands and side to move.
    /// Runs only on a fourth occurrence, so the cost per move stays O(1).
    fn repeats_truly(&self, pos: &Position) -> bool {
        self.repetitions.plies(pos.hash()).iter().all(|&ply| {
            self.positions
                .get(ply)
                .is_some_and(|p| same_placement(p, pos))
        })
    }
}

fn same_placement(a: &Position, b: &Position) -> bool {
    a.side_to_move() == b.side_to_move()
        && Square::all().all(|sq| a.piece_at(sq) == b.piece_at(sq))
        && Color::ALL.into_iter().all(|c| a.hand(c) == b.hand(c))
}

/// Checkmate or no legal move for the side to move: the other side wins.
fn no_move_result(pos: &Position) -> Option<GameResult> {
    if pos.has_legal_move() {
        return None;
    }
    let reason = if pos.in_check() {
        EndReason::Checkmate
    } else {
        EndReason::NoLegalMoves
    };
    Some(GameResult::new(Some(!pos.side_to_move()), reason))
}

fn max_plies_result(pos: &Position) -> GameResult {
    if !impasse::kings_in_zones(pos) {
        return GameResult::new(None, EndReason::MaxPlies { points: None });
    }
    let points = impasse::both_points(pos);
    GameResult::new(
        impasse::count_winner(points),
        EndReason::MaxPlies {
            points: Some((points[Color::Sente], points[Color::Gote])),
        },
    )
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

/// Start SFEN, moves in USI, and the result: enough to rebuild the game.
impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let moves: Vec<String> = self.moves.iter().map(Move::to_string).collect();
        f.debug_struct("Game")
            .field("start", &self.start().to_sfen())
            .field("moves", &moves.join(" "))
            .field("result", &self.result)
            .finish()
    }
}
