//! Why a move was bad, found from the position and the engine's lines: the
//! reasons as data (pieces, squares, moves), for [`super::words`] to put
//! into words and for a board to draw.
//!
//! In order of what matters most: a mate allowed or missed (alone: nothing
//! else matters then); what the move let the opponent do: a piece left
//! where the best reply wins it (or, attacked already, a move too slow to
//! save it), a fork or a trap by that reply (or a chase it starts), a rook
//! or bishop lost further down the line, or else the one piece whose loss
//! the line's material comes to (a single pawn only when it falls within
//! three plies); when no material is lost, what the position shows (a mate
//! threat, the king's safety, a promotion let in, a piece driven off, a
//! tempo); then a piece the best move would have won, or else what the
//! better move gains (a capture, a trap, an attack on a piece), with its
//! line.
//!
//! A loss is blamed on the move only when the better move avoids it: both
//! are followed to a settled end ([`super::settle`]) from the position
//! before the move, the move's own capture counted, and the piece lost is
//! followed from where it stood, not by the square it was taken on.
//!
//! The board facts come from the rules core (attacks, legal moves) and the
//! engine's static exchange evaluation; the lines are the analysis's.

mod better;

use super::line::{Line, Step};
use super::score::Score;
use super::settle::{
    capture_gain, captured_at, en_prise, en_prise_after, end_of, gives_away, is_settled,
    loses_kind, material_balance, origin, safe_squares, settled,
};
use crate::engine::eval::capture_value;
use crate::engine::mate::MateSearch;
use crate::engine::see::see;
use crate::rules::attacks::piece_attacks;
use crate::rules::{Color, Move, Piece, PieceKind, Position, Square};
use better::better_move;
use std::sync::atomic::AtomicBool;

/// The longest part of an engine line an explanation shows.
const SHOWN_PLIES: usize = 7;
/// How far down the opponent's line a lost rook or bishop is looked for.
const MAJOR_LOOK_AHEAD: usize = 6;
/// Material (centipawns, capture values) a line must cost the mover for a
/// lost rook or bishop to be named: about a silver, so a trade is not.
const MAJOR_LOSS: i32 = 800;
/// What the mate solver may spend completing a mating line.
const MATE_COMPLETION_NODES: u64 = 200_000;
/// Material (capture values) a settled line must cost the mover for a
/// piece lost on it to be blamed on the move: less is a trade.
const MATERIAL_GAIN: i32 = 150;
/// The plies after the move within which a material claim must already
/// hold (the reply, the answer, the next move): the end of a longer line
/// is the search's guess, and a win it shows there alone is too often not
/// one on a deeper look.
const SOON_PLIES: usize = 3;
/// What a line must win, soon and at its end (and for the opponent beyond
/// what the better move loses), to be said to win material: about a
/// lance, so that a pawn won at the end of a long line (noise at the
/// review's depth) is not taught as a lesson.
const LET_WIN_LOSS: i32 = 400;
/// How many more squares around the king the opponent must attack after
/// the move than after the better move for the king's safety to be named.
const KING_PRESSURE_GAP: u32 = 2;
/// The longest mate a threat (詰めろ) is looked for to: short enough to be
/// seen over the board, and cheap to prove.
const THREAT_PLIES: u32 = 7;
/// What the mate solver may spend on one threat: a threat that takes
/// longer to find is not one to teach, and "no threat" is only said when
/// the search finished. On the explained mistakes of 20 games a fifth of
/// the earlier 100,000 gave the same sentences.
const THREAT_NODES: u64 = 20_000;
/// The plies of the better move's line within which a piece it attacks
/// must move away or be taken for the attack to be named: the opponent's
/// next two moves (one may answer a counter-attack first).
const ATTACK_PLIES: usize = 4;
/// The plies of the opponent's line within which its rook or bishop
/// getting in is named: an exchange of pawns on the file (three plies),
/// the mover's answer, and the promotion.
const BREAK_IN_PLIES: usize = 5;
/// The plies of the better move's line (from the move) within which a
/// piece of the opponent's that has not moved must be left with no safe
/// square to be called cornered: the opponent's first two turns.
const CORNERED_STILL_PLIES: usize = 3;
/// How far down the opponent's line a piece chased from square to square
/// is followed: a chase of a rook along the edge takes this long.
const CHASE_PLIES: usize = 10;
/// How far into the opponent's line a threat its best reply sets up is
/// looked for: its next two moves.
const REPLY_THREAT_PLIES: usize = 5;

/// One reason a move was bad.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// The opponent can now force mate in `plies` (its line, from after
    /// the move).
    AllowsMate { plies: u32, line: Line },
    /// The mover had a forced mate in `plies` (the line, from before the move).
    MissedMate { plies: u32, line: Line },
    /// The opponent's best reply wins the mover's piece on `square`.
    LeftHanging {
        piece: Piece,
        square: Square,
        /// Whether any of the mover's pieces guarded it (a guard too few or
        /// too valuable to hold it).
        defended: bool,
        /// Whether the move itself put it there.
        moved_there: bool,
        taken_with: Step,
    },
    /// The opponent's best reply attacks two or more of the mover's pieces;
    /// or, after `lead` (an exchange the reply starts and the mover answers
    /// by taking back), the opponent's next move does.
    Fork {
        /// The moves before the fork, from after the move played: empty
        /// when the fork is the reply itself.
        lead: Box<Line>,
        fork: Step,
        forker: Piece,
        targets: Vec<(Piece, Square)>,
        /// The opponent's line from the fork on, settled.
        line: Line,
    },
    /// The opponent's best reply `trap` leaves the mover's `piece` on
    /// `square` attacked with no move that saves it, which it was not
    /// before; the line (settled) wins it.
    Trap {
        trap: Step,
        piece: Piece,
        square: Square,
        /// It still had squares to go to, but every move of the mover's
        /// until it was taken was that piece fleeing an attack.
        chased: bool,
        line: Line,
    },
    /// The mover's rook or bishop (promoted or not), on `square` on the
    /// mover's last turn before it is taken, is lost in the opponent's line.
    LosesMajor {
        piece: Piece,
        square: Square,
        /// It was attacked and had no square to go to without loss.
        trapped: bool,
        line: Line,
    },
    /// The opponent's line after the move wins material (counted over
    /// whole exchanges): the mover's `piece`, taken on `square`, for about
    /// `cost` (nothing when `None`).
    OpponentWins {
        line: Line,
        piece: Piece,
        square: Square,
        cost: Option<PieceKind>,
    },
    /// The best move would have won the opponent's piece on `square`.
    MissedCapture {
        piece: Piece,
        square: Square,
        defended: bool,
        capture: Step,
    },
    /// The opponent's reply wins the mover's `piece` on `square`, which was
    /// already attacked before the move; the better move saves it first.
    TooSlow {
        better: Step,
        piece: Piece,
        square: Square,
    },
    /// No material is lost: what the position shows instead.
    Positional { better: Step, why: Positional },
    /// Nothing more specific: what the better move gains, and the mover's
    /// chance to win with it and after the move played.
    BetterMove {
        line: Line,
        gain: Gain,
        chance_best: f64,
        chance_played: f64,
    },
}

/// What the position shows when no material is lost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Positional {
    /// The opponent's best reply threatens mate (詰めろ): were the mover to
    /// pass, `threat` (from after the reply) mates; after the better move
    /// and its reply no mate is threatened.
    ThreatAllowed { reply: Box<Step>, threat: Line },
    /// The opponent's best reply `reply` gives check, and after it more
    /// squares around the mover's king are attacked than after the better
    /// move and its reply;
    /// `bearing` when the replying piece itself attacks some of them from
    /// where it lands, which it did not before.
    KingSafety {
        reply: Option<Box<Step>>,
        bearing: Option<Piece>,
        attacked: u32,
        attacked_better: u32,
    },
    /// The better move threatens mate (詰めろ): were the opponent to pass,
    /// `threat` (from after the better move) mates; the move played
    /// threatens none.
    MissedThreat { threat: Line },
    /// The opponent's line promotes a piece without loss, which the better
    /// move prevents: `reply` is the promotion, there to be made at once
    /// after the move (the same move is illegal or loses after the better
    /// move); or, with `line`, the first reply brings the piece in (a drop)
    /// and no answer of the mover's stops its promotion, which an answer
    /// does after the better move.
    PromotionAllowed {
        reply: Step,
        promoted: Piece,
        line: Option<Box<Line>>,
    },
    /// The opponent's best reply attacks the mover's `piece` on `square`
    /// (it could be won were the mover to pass, and could not before the
    /// reply), and the mover's answer in the line is that piece moving off:
    /// a tempo lost. After the better move and its reply the piece is not
    /// attacked. `line` is the reply and the answer.
    DrivenOff {
        piece: Piece,
        square: Square,
        line: Box<Line>,
    },
    /// The opponent's best reply attacks the mover's `piece` on `square`
    /// from where it lands (it could be won were the mover to pass, and
    /// could not before the reply), and the mover's answer in the line
    /// neither moves it nor takes the attacker; after the better move and
    /// its reply the same piece is not attacked. `line` is the reply, the
    /// answer and the opponent's next move.
    Attacked {
        piece: Piece,
        square: Square,
        line: Box<Line>,
    },
    /// The move took `piece`'s guard off `square` (it guarded it from
    /// `from`, and from where it went it does not): the opponent's best
    /// reply `reply` goes there without loss, where after the better move
    /// the same move would lose material.
    Unguarded {
        piece: Piece,
        from: Square,
        square: Square,
        reply: Box<Step>,
    },
    /// The opponent's rook or bishop gets into the mover's camp: within the
    /// first moves of its line, the material even on the way, it promotes
    /// without loss (`line` ends with the promotion); the better move's line
    /// promotes no rook or bishop of the opponent's as soon.
    BreakIn { promoted: Piece, line: Box<Line> },
    /// The opponent's best reply `reply` sets up `threat`, a promotion or a
    /// fork its line goes on to play within a few moves: were the mover to
    /// pass, it could be played at once without loss, it could not before
    /// the reply, and after the better move and the reply to it it cannot.
    /// `target` and `also`: the mover's pieces (not pawns or the king) it
    /// would attack, the most valuable first; `line` ends with the threat.
    ReplyThreat {
        reply: Box<Step>,
        threat: Move,
        target: Option<(Piece, Square)>,
        also: Option<(Piece, Square)>,
        line: Box<Line>,
    },
    /// The better move gives check: it keeps the initiative.
    Tempo,
}

impl Positional {
    /// The mover's pieces the reason is about, beside the better move's square.
    fn squares(&self) -> Vec<Square> {
        match self {
            Positional::Attacked { square, .. } | Positional::DrivenOff { square, .. } => {
                vec![*square]
            }
            Positional::ReplyThreat { target, also, .. } => [target, also]
                .into_iter()
                .flatten()
                .map(|&(_, sq)| sq)
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// What a better move achieves, in plain terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gain {
    /// Its line wins material worth about this piece (exchanges counted
    /// through).
    Material(PieceKind),
    /// It mates or attacks the king: it gives check.
    Check,
    /// It leaves the opponent's `piece` on `square` attacked with no safe
    /// move (the move played does not), and its line wins the piece.
    Trap { piece: Piece, square: Square },
    /// It promotes a piece (to this kind).
    Promotion(PieceKind),
    /// It attacks the opponent's `piece` on `square` (and `also` a second
    /// one): the mover could win it were the opponent to pass, which it
    /// could not before, and the move played threatens neither; its line
    /// moves the piece away or takes it, where after the move played the
    /// opponent's reply does not move it anyway.
    Attack {
        piece: Piece,
        square: Square,
        also: Option<(Piece, Square)>,
    },
    /// It takes a piece of this kind and keeps what it won, settled, where
    /// the move played does not: less than [`Gain::Material`] claims.
    Capture(PieceKind),
    /// It takes the opponent's `piece` on `square` before that piece can
    /// make `reply`, a capture that promotes or whose line costs the mover
    /// material: the opponent's best reply to `played` (the move played),
    /// or its next move when `meanwhile` (the opponent's first reply and
    /// the mover's answer) left the piece standing, or a later one it could
    /// have made at once (`meanwhile` is then `None`).
    Forestall {
        piece: Piece,
        square: Square,
        played: Move,
        meanwhile: Option<(Move, Move)>,
        reply: Move,
    },
    /// Its line gets the mover's rook or bishop into the opponent's camp,
    /// promoted to `promoted` without loss (an exchange of pawns opening
    /// the file, as a rule); the move played's line does not as soon.
    BreakIn { promoted: Piece },
    /// It sets up `threat`, the mover's next move in its line (a promotion,
    /// or a piece attacking two of the opponent's): were the opponent to
    /// pass it could be played at once, it could not before the better
    /// move, the line plays it without loss, and the move played's line
    /// does not. `target` and `also`: the opponent's pieces (not pawns or
    /// the king) it would attack, the most valuable first.
    Threat {
        threat: Move,
        target: Option<(Piece, Square)>,
        also: Option<(Piece, Square)>,
    },
    /// It takes the opponent's `piece` (not a pawn) on `square`, losing
    /// nothing by the exchange it starts, where the move played takes
    /// nothing there; it may not keep what it took (the line shows the
    /// recapture), but the piece is gone, and with it what it did.
    /// `promotes`: the move promotes as it takes.
    Takes {
        piece: Piece,
        square: Square,
        promotes: bool,
    },
    /// Its line takes the opponent's `piece` on `square` (where it stands
    /// before the better move) and keeps less than [`Gain::Material`] claims
    /// but more than a pawn for it, settled, on the second look's line too;
    /// the move played's future does not take it.
    Wins { piece: Piece, square: Square },
    /// A better position by the engine's judgement, nothing more visible.
    Position,
}

impl Reason {
    /// The squares the reason is about, for a board to highlight.
    pub fn squares(&self) -> Vec<Square> {
        match self {
            Reason::AllowsMate { line, .. } | Reason::MissedMate { line, .. } => {
                line.moves.iter().map(|mv| mv.to()).take(1).collect()
            }
            Reason::OpponentWins { line, .. } => {
                line.moves.iter().map(|mv| mv.to()).take(1).collect()
            }
            Reason::LeftHanging { square, .. }
            | Reason::LosesMajor { square, .. }
            | Reason::MissedCapture { square, .. } => vec![*square],
            Reason::Fork { fork, targets, .. } => std::iter::once(fork.mv.to())
                .chain(targets.iter().map(|&(_, sq)| sq))
                .collect(),
            Reason::Trap { trap, square, .. } => vec![trap.mv.to(), *square],
            Reason::BetterMove { line, .. } => {
                line.moves.iter().map(|mv| mv.to()).take(1).collect()
            }
            Reason::TooSlow { better, square, .. } => vec![better.mv.to(), *square],
            Reason::Positional { better, why } => std::iter::once(better.mv.to())
                .chain(why.squares())
                .collect(),
        }
    }

    /// The move the reason points at (an arrow on the board), if any.
    pub fn arrow(&self) -> Option<Move> {
        match self {
            Reason::AllowsMate { line, .. }
            | Reason::MissedMate { line, .. }
            | Reason::LosesMajor { line, .. }
            | Reason::OpponentWins { line, .. }
            | Reason::BetterMove { line, .. } => line.moves.first().copied(),
            Reason::LeftHanging { taken_with, .. } => Some(taken_with.mv),
            Reason::Fork { fork, .. } => Some(fork.mv),
            Reason::Trap { trap, .. } => Some(trap.mv),
            Reason::MissedCapture { capture, .. } => Some(capture.mv),
            Reason::TooSlow { better, .. } | Reason::Positional { better, .. } => Some(better.mv),
        }
    }
}

/// What the explanation of one move is made from.
#[derive(Clone, Copy, Debug)]
pub struct MoveFacts<'a> {
    /// The position the move was played from.
    pub before: &'a Position,
    /// The square the move before went to (Japanese `同`).
    pub previous_to: Option<Square>,
    pub played: Move,
    /// The engine's line in `before`, starting with its best move.
    pub best_line: &'a [Move],
    /// The engine's line after the move, starting with the opponent's reply.
    pub reply_line: &'a [Move],
    /// The second look's line after the best move, starting with the opponent's reply
    /// (empty where none was made): a search of that position alone, what the material a
    /// better move is said to win is checked against.
    pub checked_line: &'a [Move],
    /// The mover's scores: the position's, and after the move.
    pub score_before: Score,
    pub score_after: Score,
}

/// The reasons the move was bad, most important first; never empty for a
/// move other than the engine's when the engine had one (the better move
/// is always a reason).
///
/// A loss is blamed on the move only when the better move avoids it: each
/// reason is weighed on two settled futures, the move played with the
/// opponent's line and the better move with its line.
pub fn reasons(facts: &MoveFacts) -> Vec<Reason> {
    let before = facts.before;
    if !before.is_legal(facts.played) {
        return Vec::new();
    }
    let after = before.after(facts.played);
    let best = Line::legal(before, facts.previous_to, facts.best_line);
    let reply = Line::legal(&after, Some(facts.played.to()), facts.reply_line);
    if let Some(reason) = mate_reason(facts, &best, &reply) {
        return vec![reason];
    }
    let mover = before.side_to_move();
    let futures = Futures::of(facts, &best, &reply);
    let mut found = Vec::new();
    let blamed = left_hanging(facts, &after, &reply, &futures)
        .or_else(|| fork(facts, &after, &reply, &futures))
        .or_else(|| trap(facts, &after, &best, &reply))
        .or_else(|| loses_major(&reply, mover, &futures))
        .or_else(|| opponent_wins(&futures, mover))
        .or_else(|| fork_after_exchange(facts, &futures))
        .or_else(|| pawn_lost(facts, &futures));
    match blamed {
        Some(reason) => found.push(reason),
        None => found.extend(unblamed(facts, &best, &reply, &futures)),
    }
    if best.moves.first() != Some(&facts.played) {
        let better = better_move(facts, &best, &futures.played);
        // A piece that could have been taken, and that takes and promotes
        // instead, is the better move's to name: it forestalls the strike.
        let forestalled = matches!(
            better,
            Some(Reason::BetterMove {
                gain: Gain::Forestall { reply, .. },
                ..
            }) if reply.is_promotion()
        );
        match missed_capture(facts, &best, &reply).filter(|_| !forestalled) {
            Some(missed) => found.push(missed),
            None => found.extend(better),
        }
    }
    found
}

/// The two futures a move is judged on, both from the position before it
/// and settled (no capture pending at their ends): the move played and the
/// opponent's line, and the better move and its line.
struct Futures {
    played: Line,
    better: Option<Line>,
    /// The material the mover loses along each (negative: wins).
    lost: i32,
    lost_better: i32,
    /// The same over the first few plies, settled.
    played_soon: Line,
    better_soon: Option<Line>,
    lost_soon: i32,
    lost_better_soon: i32,
}

impl Futures {
    fn of(facts: &MoveFacts, best: &Line, reply: &Line) -> Futures {
        let mover = facts.before.side_to_move();
        let lost = |line: &Line| -material_balance(line, mover);
        let played_for = |plies: usize| {
            let mut moves = vec![facts.played];
            moves.extend(reply.truncated(plies).moves);
            settled(&Line::legal(facts.before, facts.previous_to, &moves))
        };
        let has_better = best.moves.first().is_some_and(|&mv| mv != facts.played);
        let better_for = |plies: usize| has_better.then(|| settled(&best.truncated(plies + 1)));
        let played = played_for(SHOWN_PLIES - 1);
        let played_soon = played_for(SOON_PLIES);
        let better = better_for(SHOWN_PLIES - 1);
        let better_soon = better_for(SOON_PLIES);
        Futures {
            lost: lost(&played),
            lost_better: better.as_ref().map_or(0, lost),
            lost_soon: lost(&played_soon),
            lost_better_soon: better_soon.as_ref().map_or(0, lost),
            played,
            better,
            played_soon,
            better_soon,
        }
    }

    /// What the move costs against the better move.
    fn extra_loss(&self) -> i32 {
        self.lost - self.lost_better.max(0)
    }

    /// The same within the first few plies.
    fn extra_loss_soon(&self) -> i32 {
        self.lost_soon - self.lost_better_soon.max(0)
    }

    /// The opponent's part of the played future, from after the move.
    fn opponents_line(&self) -> Line {
        opponents_part(&self.played)
    }
}

/// A future without the move played: the opponent's line from after it.
fn opponents_part(future: &Line) -> Line {
    match future.steps().get(1) {
        Some(second) => Line {
            start: second.before,
            previous_to: second.previous_to,
            moves: future.moves[1..].to_vec(),
        },
        None => future.truncated(0),
    }
}

/// The opponent's line wins material the better move would not have lost,
/// counted over the settled future from before the move (what the move
/// itself took included), within a few plies and at the line's end alike;
/// said only as the piece that pays for it: the most valuable piece of the
/// mover's the short line takes that is not paid back by one as good (a
/// trade of bishops is no loss), worth the loss on its own, of a kind the
/// better move's short line does not lose. Where every piece the short line
/// takes is paid back so, the piece is looked for on the whole line (a
/// trade that opens the way to a piece further on). A loss spread over
/// several small captures has no one reason to teach, and is not said.
fn opponent_wins(futures: &Futures, mover: Color) -> Option<Reason> {
    let lost = futures.lost.min(futures.lost_soon);
    let extra = futures.extra_loss().min(futures.extra_loss_soon());
    if lost < LET_WIN_LOSS || extra < LET_WIN_LOSS {
        return None;
    }
    let soon = (&futures.played_soon, futures.better_soon.as_ref());
    if let Some(loss) = unpaid_loss(&futures.played_soon, mover) {
        return piece_lost(futures, mover, soon, loss);
    }
    // Every piece the short line takes is paid back: the first piece the
    // whole line takes unpaid, where the line is settled, is what the
    // exchange cost.
    (1..=futures.played.moves.len()).find_map(|plies| {
        let cut = futures.played.truncated(plies);
        let loss = unpaid_loss(&cut, mover)?;
        piece_lost(futures, mover, (&cut, futures.better.as_ref()), loss)
    })
}

/// A piece of the mover's a line takes, and what the mover wins back on
/// the line beside the exchanges paid in full.
struct Loss {
    ply: usize,
    piece: Piece,
    square: Square,
    /// The worth of what is won back.
    won_back: i32,
    /// The piece won back, when it is one.
    paid_with: Option<Piece>,
}

/// The most valuable piece of the mover's `line` takes that no piece of
/// the opponent's it takes (as valuable or more, each counted once) pays
/// for, and what the mover's other captures come to.
fn unpaid_loss(line: &Line, mover: Color) -> Option<Loss> {
    unpaid_loss_by(line, mover, given_value)
}

/// [`unpaid_loss`] with the pieces weighed by `value`.
fn unpaid_loss_by(line: &Line, mover: Color, value: fn(PieceKind) -> i32) -> Option<Loss> {
    let steps = line.steps();
    let taken = |side: Color| {
        let mut found: Vec<(usize, Piece, Square)> = steps
            .iter()
            .enumerate()
            .filter(|(_, step)| step.before.side_to_move() == side && !step.mv.is_drop())
            .filter_map(|(ply, step)| {
                Some((ply, step.before.piece_at(step.mv.to())?, step.mv.to()))
            })
            .filter(|(_, piece, _)| piece.color != side)
            .collect();
        found.sort_by_key(|&(_, piece, _)| -value(piece.kind));
        found
    };
    let mut won: Vec<Piece> = taken(mover)
        .into_iter()
        .map(|(_, piece, _)| piece)
        .collect();
    for (ply, piece, square) in taken(!mover) {
        let worth = value(piece.kind);
        match won.iter().position(|back| value(back.kind) >= worth) {
            Some(paid) => {
                won.remove(paid);
            }
            None => {
                return Some(Loss {
                    ply,
                    piece,
                    square,
                    won_back: won.iter().map(|p| value(p.kind)).sum(),
                    paid_with: match won.as_slice() {
                        [one] => Some(*one),
                        _ => None,
                    },
                });
            }
        }
    }
    None
}

/// The reason for `loss` on one of the futures (`line` and the better
/// move's line over as many plies), when it holds there: the line fair (no
/// weak reply of the mover's in it), the piece worth the loss and lost on
/// balance, not won back in full, and neither it nor one of its kind lost
/// after the better move.
fn piece_lost(
    futures: &Futures,
    mover: Color,
    (line, better): (&Line, Option<&Line>),
    loss: Loss,
) -> Option<Reason> {
    let Loss {
        ply,
        piece,
        square,
        won_back,
        paid_with,
    } = loss;
    // A line in which the mover later gives a piece away counts its own
    // weak reply, not the move's cost.
    let fair = is_settled(line) && !gives_away(line, mover);
    let kind = piece.kind.unpromoted();
    let lost_too = better.is_some_and(|line| loses_kind(line, mover, kind));
    let from = origin(line, ply, square);
    let trapped_too = from.is_some_and(|from| trapped_after_better(futures, from));
    // The same piece taken in the better move's line, even where that line
    // wins one of its kind back, is no loss of the move's; traded there at
    // once for as much, it is (the move's line pays less for it).
    let taken_too = from.is_some_and(|from| {
        [futures.better.as_ref(), futures.better_soon.as_ref()]
            .into_iter()
            .flatten()
            .any(|line| captured_at(line, from).is_some_and(|ply| !traded_at_once(line, ply)))
    });
    // A piece won back for as much as it is worth is an exchange, not the loss.
    if !fair
        || given_value(piece.kind) < LET_WIN_LOSS
        || lost_too
        || trapped_too
        || taken_too
        || !loses_kind(line, mover, kind)
        || won_back >= given_value(piece.kind)
    {
        return None;
    }
    Some(Reason::OpponentWins {
        line: opponents_part(line),
        piece,
        square,
        cost: paid_with
            .filter(|p| given_value(p.kind) >= MATERIAL_GAIN)
            .map(|p| p.kind.unpromoted()),
    })
}

/// The piece the line takes at `ply` is taken back at once, on the same
/// square, by a capture of a piece worth as much: an even trade.
fn traded_at_once(line: &Line, ply: usize) -> bool {
    let steps = line.steps();
    let (Some(taken), Some(back)) = (steps.get(ply), steps.get(ply + 1)) else {
        return false;
    };
    let worth = |step: &Step| {
        step.before
            .piece_at(step.mv.to())
            .map(|p| given_value(p.kind))
    };
    back.mv.to() == taken.mv.to()
        && !back.mv.is_drop()
        && worth(back)
            .zip(worth(taken))
            .is_some_and(|(back, taken)| back >= taken)
}

/// Whether the opponent's first reply to the move played, made after the
/// better move instead, leaves the mover's piece standing on `from` (where
/// it stood before the move) attacked with no safe square: then the better
/// move does not save it either.
fn trapped_after_better(futures: &Futures, from: Square) -> bool {
    match (
        futures.better.as_ref().and_then(Line::first),
        futures.played.steps().get(1),
    ) {
        (Some(better), Some(reply)) => shut_in_after(&better, reply.mv, from),
        _ => false,
    }
}

/// `reply` played after `better` leaves the mover's piece on `from`, where
/// it stood before the better move, attacked with no safe square, and no
/// attacker of it can be taken without loss (a piece shut in whose
/// attacker is taken is saved).
fn shut_in_after(better: &Step, reply: Move, from: Square) -> bool {
    let after_better = better.before.after(better.mv);
    if after_better.piece_at(from) != better.before.piece_at(from) || !after_better.is_legal(reply)
    {
        return false;
    }
    let pos = after_better.after(reply);
    is_trapped(&pos, from) && !attacker_taken(&pos, from)
}

/// The side to move can take a piece attacking its piece on `square`
/// without loss by static exchange.
fn attacker_taken(pos: &Position, square: Square) -> bool {
    pos.attackers_to(square, !pos.side_to_move(), pos.occupied())
        .any(|attacker| capture_gain(pos, attacker).is_some_and(|gain| gain >= 0))
}

/// The opponent's line wins the pawn the move pushed (or dropped:
/// [`dropped_pawn_lost`]), outright and soon:
/// within the first few plies, settled, the only piece of the mover's it
/// takes is that pawn (followed from where it stood before the move; a pawn
/// lost elsewhere is more often a side effect than the move's lesson), the
/// loss holds
/// at the line's end too, the mover loses a pawn's worth more than after
/// the better move, and the better move's line does not take that pawn. A
/// pawn is below what [`opponent_wins`] names from a count alone; one pawn,
/// followed square by square and lost within three plies, is a lesson of
/// its own ("P-2d left the pawn where R-2f wins it").
fn pawn_lost(facts: &MoveFacts, futures: &Futures) -> Option<Reason> {
    let mover = facts.before.side_to_move();
    let soon = &futures.played_soon;
    let fair = is_settled(soon) && !gives_away(soon, mover);
    let lost = futures.lost.min(futures.lost_soon);
    let extra = futures.extra_loss().min(futures.extra_loss_soon());
    if !fair || lost < MATERIAL_GAIN || extra < MATERIAL_GAIN {
        return None;
    }
    if facts.played.is_drop() {
        return dropped_pawn_lost(futures, mover);
    }
    let start = &soon.start;
    let mut taken = start
        .pieces(mover)
        .filter_map(|sq| Some((sq, captured_at(soon, sq)?)));
    let (from, ply) = taken.next()?;
    let piece = start.piece_at(from)?;
    if taken.next().is_some() || piece.kind != PieceKind::Pawn || facts.played.from() != Some(from)
    {
        return None;
    }
    let taken_too = [futures.better.as_ref(), futures.better_soon.as_ref()]
        .into_iter()
        .flatten()
        .any(|line| captured_at(line, from).is_some_and(|ply| ply < SHOWN_PLIES));
    if taken_too {
        return None;
    }
    let square = soon.steps().get(ply)?.mv.to();
    Some(Reason::OpponentWins {
        line: opponents_part(soon),
        piece,
        square,
        cost: None,
    })
}

/// The same for a pawn the move dropped: it is the only piece of the
/// mover's the short line takes, and the better move's line loses no pawn.
fn dropped_pawn_lost(futures: &Futures, mover: Color) -> Option<Reason> {
    let soon = &futures.played_soon;
    let after_drop = opponents_part(soon);
    let dropped = soon.first()?.mv.to();
    let piece = after_drop
        .start
        .piece_at(dropped)
        .filter(|piece| piece.kind == PieceKind::Pawn)?;
    let ply = captured_at(&after_drop, dropped)?;
    let others_taken = soon
        .start
        .pieces(mover)
        .any(|sq| captured_at(soon, sq).is_some());
    let lost_too = [futures.better.as_ref(), futures.better_soon.as_ref()]
        .into_iter()
        .flatten()
        .any(|line| loses_kind(line, mover, PieceKind::Pawn));
    if others_taken || lost_too {
        return None;
    }
    let square = after_drop.steps().get(ply)?.mv.to();
    Some(Reason::OpponentWins {
        line: after_drop,
        piece,
        square,
        cost: None,
    })
}

/// When nothing the move lets the opponent win is to blame, and no
/// material is lost either (a loss the better move suffers too is no
/// reason): what the position shows.
fn unblamed(facts: &MoveFacts, best: &Line, reply: &Line, futures: &Futures) -> Option<Reason> {
    let better = best.first().filter(|step| step.mv != facts.played)?;
    // No material is lost by the move, and the better move wins no more
    // than it by much (both may win the same piece): the material is not
    // the point, so the position's reasons are looked for. A better move
    // that itself takes what the move played leaves (a pawn for nothing)
    // makes the material the point unless the gap is small.
    let takes = |mv: Move| {
        (!mv.is_drop())
            .then(|| facts.before.piece_at(mv.to()))
            .flatten()
    };
    let takes_more = takes(better.mv).is_some() && better.mv.to() != facts.played.to();
    let margin = if takes_more {
        MATERIAL_GAIN
    } else {
        LET_WIN_LOSS
    };
    if futures.lost < MATERIAL_GAIN && futures.lost_better > futures.lost.min(0) - margin {
        return positional(facts, best, reply);
    }
    // A pawn or so lost on the way, or material the line only wins once
    // the piece has promoted (no reason above named a loss): the promotion
    // is the point, and its sentence claims nothing about material.
    let why = promotion_allowed(&better, reply).or_else(|| break_in(best, reply))?;
    let mover = facts.before.side_to_move();
    let lost_after_promotion = promotion_ply(reply, mover).is_some_and(|promoted| {
        unpaid_loss(&futures.played, mover).is_none_or(|loss| loss.ply > promoted + 1)
    });
    (futures.lost < LET_WIN_LOSS || lost_after_promotion)
        .then_some(Reason::Positional { better, why })
}

/// The ply of the opponent's `reply` line at which it first promotes a
/// piece (the mover being `mover`).
fn promotion_ply(reply: &Line, mover: Color) -> Option<usize> {
    reply
        .steps()
        .iter()
        .position(|step| step.before.side_to_move() != mover && step.mv.is_promotion())
}

/// Nothing material is lost: in order, a mate threat the opponent's best
/// reply makes and the better move's line does not allow; the king's
/// safety when the opponent's reply checks and leaves more squares around
/// the mover's king attacked than the better move's does; a mate threat the better
/// move makes and the move played does not; a promotion the best reply
/// makes that the better move prevents; the tempo of a check the better
/// move gives. Each is said only when it holds after the move played and
/// does not after the better move.
fn positional(facts: &MoveFacts, best: &Line, reply: &Line) -> Option<Reason> {
    let better = best.first()?;
    let why = threat_allowed(best, reply)
        .or_else(|| unguarded(facts, &better, reply))
        .or_else(|| king_safety(facts, best, reply))
        .or_else(|| missed_threat(facts, &better))
        .or_else(|| promotion_allowed(&better, reply))
        .or_else(|| break_in(best, reply))
        .or_else(|| driven_off(facts, best, reply))
        .or_else(|| reply_threat(best, reply))
        .or_else(|| attacked(facts, best, reply))
        .or_else(|| {
            better
                .before
                .after(better.mv)
                .in_check()
                .then_some(Positional::Tempo)
        })?;
    Some(Reason::Positional { better, why })
}

/// The squares next to the mover's king the opponent attacks after its
/// best reply, against after the better move and the reply to it: the
/// sentence says "after the best reply", so that is where it is counted.
fn king_safety(facts: &MoveFacts, best: &Line, reply: &Line) -> Option<Positional> {
    let mover = facts.before.side_to_move();
    let first = reply.first();
    let after_reply = match first {
        Some(step) => step.before.after(step.mv),
        None => facts.before.after(facts.played),
    };
    let exposed = king_pressure(&after_reply, mover);
    let exposed_better = king_pressure(&end_of(&best.truncated(2)), mover);
    // A capture the mover's next move takes back at once is an exchange: what it brought
    // to bear is gone. (A piece given up to draw the king out is another matter.)
    let exchange = first.is_some_and(|step| step.before.piece_at(step.mv.to()).is_some());
    if exposed < exposed_better + KING_PRESSURE_GAP || (exchange && taken_at_once(reply)) {
        return None;
    }
    // Squares counted around the king are a lesson only where the reply
    // presses there at once, with check (a piece given up to draw the king
    // out counts): a quiet reply's pressure is the search's guess at a plan,
    // and was more often wrong than right.
    let checks = first.is_some_and(|step| step.before.after(step.mv).in_check());
    if !checks {
        return None;
    }
    let bearing = first.and_then(|step| brought_to_bear(&step, mover));
    Some(Positional::KingSafety {
        reply: first.map(Box::new),
        bearing,
        attacked: exposed,
        attacked_better: exposed_better,
    })
}

/// The piece `step` moves (or drops) when from where it lands it attacks a
/// square next to `side`'s king that it did not attack from where it stood.
fn brought_to_bear(step: &Step, side: Color) -> Option<Piece> {
    let after = step.before.after(step.mv);
    let king = after.king_square(side)?;
    let piece = after.piece_at(step.mv.to())?;
    let around = piece_attacks(Piece::new(side, PieceKind::King), king, after.occupied());
    let now = piece_attacks(piece, step.mv.to(), after.occupied()) & around;
    let before = step
        .mv
        .from()
        .and_then(|from| {
            Some(piece_attacks(
                step.before.piece_at(from)?,
                from,
                step.before.occupied(),
            ))
        })
        .unwrap_or_default();
    (now & !before).is_nonempty().then_some(piece)
}

/// The piece the move played moved guarded the square the opponent's best
/// reply goes to (by a drop, a move, or a capture of another piece: the
/// material of the line settled, nothing is lost by it), and guards it no
/// more; the reply loses nothing by static exchange after the move, and
/// after the better move, the piece still standing guard, the same move
/// would lose material.
fn unguarded(facts: &MoveFacts, better: &Step, reply: &Line) -> Option<Positional> {
    let from = facts.played.from()?;
    let piece = facts.before.piece_at(from)?;
    let first = reply.first()?;
    let (after, square) = (&first.before, first.mv.to());
    let guarded_from =
        |pos: &Position, at: Square| piece_attacks(piece, at, pos.occupied()).has(square);
    let after_better = better.before.after(better.mv);
    let taken_guard = guarded_from(facts.before, from)
        && !guarded_from(after, facts.played.to())
        && square != facts.played.to()
        && see(after, first.mv) >= 0
        && after_better.piece_at(from) == Some(piece)
        && after_better.is_legal(first.mv)
        && see(&after_better, first.mv) < 0;
    taken_guard.then(|| Positional::Unguarded {
        piece,
        from,
        square,
        reply: Box::new(first),
    })
}

/// What a side could mate with if the side to move in `pos` passed: the
/// mating line from the passed position, `Ok(None)` when the search
/// finished without one, `Err(())` when it could not tell (in check, or
/// out of nodes).
fn threat_in(pos: &Position) -> Result<Option<Line>, ()> {
    if pos.in_check() {
        return Err(());
    }
    let mut passed = *pos;
    passed.play_null();
    let stop = AtomicBool::new(false);
    let mut search = MateSearch::new(&stop, THREAT_NODES);
    match search.find(&passed, THREAT_PLIES) {
        Some(mate) => Ok(Some(Line::legal(&passed, None, &mate))),
        None if search.aborted() => Err(()),
        None => Ok(None),
    }
}

/// The opponent's best reply threatens mate, and after the better move and
/// the opponent's reply to it (the better line's second move) no mate is
/// threatened, the search having finished.
fn threat_allowed(best: &Line, reply: &Line) -> Option<Positional> {
    let reply = reply.first()?;
    let threat = threat_in(&reply.before.after(reply.mv)).ok().flatten()?;
    let answered = best.steps().get(1).copied()?;
    let after_answer = answered.before.after(answered.mv);
    matches!(threat_in(&after_answer), Ok(None)).then(|| Positional::ThreatAllowed {
        reply: Box::new(reply),
        threat,
    })
}

/// The better move threatens mate and the move played, searched the same
/// way, threatens none.
fn missed_threat(facts: &MoveFacts, better: &Step) -> Option<Positional> {
    let threat = threat_in(&better.before.after(better.mv)).ok().flatten()?;
    matches!(threat_in(&facts.before.after(facts.played)), Ok(None))
        .then_some(Positional::MissedThreat { threat })
}

/// The opponent's line promotes a piece, taking nothing and losing nothing
/// by it, within its first three plies: either a promotion there to be made
/// at once after the move (the line may play a forcing move first), which
/// after the better move is illegal or loses; or a piece the first reply
/// brings in (a drop) that promotes next whatever the mover answers, while
/// after the better move some answer stops it.
fn promotion_allowed(better: &Step, reply: &Line) -> Option<Positional> {
    let steps = reply.steps();
    let first = steps.first()?;
    let after = &first.before;
    let after_better = better.before.after(better.mv);
    for step in steps.iter().take(3).step_by(2) {
        let mv = step.mv;
        if !mv.is_promotion() || !step.before.is_legal(mv) || see(&step.before, mv) < 0 {
            continue;
        }
        let promoted = step.before.after(mv).piece_at(mv.to())?;
        if safe_promotion(&step.before, mv) && safe_promotion(after, mv) {
            if safe_promotion(&after_better, mv) {
                continue;
            }
            let reply = Step {
                before: *after,
                previous_to: first.previous_to,
                mv,
            };
            return Some(Positional::PromotionAllowed {
                reply,
                promoted,
                line: None,
            });
        }
        let brought_in = mv.from() == Some(first.mv.to())
            && promotes_whatever(&after.after(first.mv), first.mv.to())
            && !(after_better.is_legal(first.mv)
                && promotes_whatever(&after_better.after(first.mv), first.mv.to()));
        if brought_in {
            return Some(Positional::PromotionAllowed {
                reply: *first,
                promoted,
                line: Some(Box::new(reply.truncated(3))),
            });
        }
    }
    None
}

/// The opponent's line promotes a rook or bishop on one of its first
/// [`BREAK_IN_PLIES`] plies, by a move that takes nothing and loses nothing
/// by static exchange, the material about even on the way (an exchange of
/// pawns opening the file is the usual way in: a piece won on the way
/// would be the point instead); the better move's line,
/// over as many of the opponent's moves, promotes none.
fn break_in(best: &Line, reply: &Line) -> Option<Positional> {
    let (ply, promoted) = gets_in(reply)?;
    let promotes_too = best
        .steps()
        .iter()
        .skip(1)
        .take(ply + 1)
        .step_by(2)
        .any(major_promotes);
    (!promotes_too).then(|| Positional::BreakIn {
        promoted,
        line: Box::new(reply.truncated(ply + 1)),
    })
}

/// The ply of `line` at which the side to move at its start promotes a
/// rook or bishop, on one of its first [`BREAK_IN_PLIES`] plies, onto an
/// empty square or taking a pawn ([`major_promotes`]) and without loss by
/// static exchange, the material about even until then; and the piece it
/// becomes.
fn gets_in(line: &Line) -> Option<(usize, Piece)> {
    let steps = line.steps();
    let side = steps.first()?.before.side_to_move();
    let (ply, step) = steps
        .iter()
        .enumerate()
        .take(BREAK_IN_PLIES)
        .step_by(2)
        .find(|(_, step)| major_promotes(step))?;
    let even = material_balance(&line.truncated(ply), side).abs() < MATERIAL_GAIN;
    let promoted = step.before.after(step.mv).piece_at(step.mv.to())?;
    (even && see(&step.before, step.mv) >= 0).then_some((ply, promoted))
}

/// `step` promotes a rook or bishop onto an empty square, or taking no more
/// than a pawn (a pawn dropped in its way does not stop it).
fn major_promotes(step: &Step) -> bool {
    step.mv.is_promotion()
        && step
            .before
            .piece_at(step.mv.to())
            .is_none_or(|taken| taken.kind == PieceKind::Pawn)
        && step
            .mv
            .from()
            .and_then(|from| step.before.piece_at(from))
            .is_some_and(|piece| is_major(piece.kind))
}

/// The opponent's best reply attacks a piece of the mover's (not a pawn or
/// the king; the most valuable such) that it could not win before the
/// reply, and the mover's next move in the line is that piece going away
/// (not by taking: a piece that takes is in an exchange, not driven off);
/// after the better move and the opponent's reply to it, the same piece,
/// followed from where it stood before the move, is not attacked so.
fn driven_off(facts: &MoveFacts, best: &Line, reply: &Line) -> Option<Positional> {
    let steps = reply.steps();
    let (first, answer) = (steps.first()?, steps.get(1)?);
    let after_reply = &answer.before;
    let mover = after_reply.side_to_move();
    let square = answer.mv.from()?;
    let piece = after_reply.piece_at(square)?;
    if matches!(piece.kind, PieceKind::Pawn | PieceKind::King)
        || after_reply.in_check()
        || after_reply.piece_at(answer.mv.to()).is_some()
        || !en_prise(after_reply, square)
        || en_prise_after(&first.before, square)
    {
        return None;
    }
    // The words say the reply's piece attacks it: a piece attacked before
    // a check, and still after the answer to it, is not the reply's doing.
    let replier = after_reply.piece_at(first.mv.to())?;
    if !piece_attacks(replier, first.mv.to(), after_reply.occupied()).has(square) {
        return None;
    }
    let from = stood_before(facts, square)?;
    (!attacked_after_better(best, mover, piece, from)).then(|| Positional::DrivenOff {
        piece,
        square,
        line: Box::new(reply.truncated(2)),
    })
}

/// The mover's piece the opponent's best reply attacks ([`Positional::Attacked`]):
/// the most valuable (not a pawn or the king) the replying piece attacks
/// from where it lands, that could be won were the mover to pass and could
/// not before the reply; the mover's answer in the line does not move it
/// or take the attacker (a piece driven off is [`driven_off`]'s); after the
/// better move and the reply to it, the same piece, followed from where it
/// stood before the move, is not attacked so.
fn attacked(facts: &MoveFacts, best: &Line, reply: &Line) -> Option<Positional> {
    let steps = reply.steps();
    let (first, answer) = (steps.first()?, steps.get(1)?);
    let after_reply = &answer.before;
    if after_reply.in_check() {
        return None;
    }
    let mover = after_reply.side_to_move();
    let (piece, square) = attacked_from(after_reply, first.mv.to())
        .into_iter()
        .filter(|(piece, square)| {
            piece.kind != PieceKind::King
                && en_prise(after_reply, *square)
                && !en_prise_after(&first.before, *square)
        })
        .max_by_key(|(piece, _)| worth(piece.kind))?;
    if answer.mv.from() == Some(square) || answer.mv.to() == first.mv.to() {
        return None;
    }
    let from = stood_before(facts, square)?;
    // The same reply after the better move, where it can be made, attacks the piece too.
    let better = best.first()?;
    let at = followed_through(&better, from);
    let after_better = better.before.after(better.mv);
    let attacked_anyway = after_better.is_legal(first.mv) && {
        let pos = after_better.after(first.mv);
        pos.piece_at(at) == Some(piece) && en_prise(&pos, at)
    };
    (!attacked_after_better(best, mover, piece, from) && !attacked_anyway).then(|| {
        Positional::Attacked {
            piece,
            square,
            line: Box::new(reply.truncated(3)),
        }
    })
}

/// Whether the mover's `piece`, which stood on `from` before the move, is
/// attacked so (could be won were the mover to pass) after the better move
/// and the opponent's reply to it, followed to where the better move takes
/// it; or is not there to tell.
fn attacked_after_better(best: &Line, mover: Color, piece: Piece, from: Square) -> bool {
    let Some(better) = best.first() else {
        return true;
    };
    let at = followed_through(&better, from);
    let after_better = end_of(&best.truncated(2));
    after_better.side_to_move() != mover
        || after_better.piece_at(at) != Some(piece)
        || en_prise(&after_better, at)
}

/// Where the piece on `from` stands after `step`: where it goes, if it is
/// the piece that moves.
fn followed_through(step: &Step, from: Square) -> Square {
    if step.mv.from() == Some(from) {
        step.mv.to()
    } else {
        from
    }
}

/// The threat the opponent's best reply sets up ([`Positional::ReplyThreat`]):
/// the first of the opponent's next moves in its line, within
/// [`REPLY_THREAT_PLIES`], that promotes or forks and is new by [`new_threat`],
/// where after the better move and the reply to it the same move is no
/// threat.
fn reply_threat(best: &Line, reply: &Line) -> Option<Positional> {
    let steps = reply.steps();
    let first = steps.first()?;
    let passed = passed_after(&first.before, first.mv)?;
    // After the better move and the reply to it, the mover passing.
    let answer = best.steps().get(1).copied()?;
    let answered = passed_after(&answer.before, answer.mv)?;
    // The same reply after the better move, where it can be made.
    let same_reply = best
        .first()
        .map(|better| better.before.after(better.mv))
        .and_then(|pos| passed_after(&pos, first.mv));
    let still = |pos: &Position, mv: Move| pos.is_legal(mv) && see(pos, mv) >= 0;
    let (ply, threat) = steps
        .iter()
        .enumerate()
        .take(REPLY_THREAT_PLIES)
        .skip(2)
        .step_by(2)
        .find(|(_, step)| {
            new_threat(&passed, &first.before, step)
                && !still(&answered, step.mv)
                && !same_reply.as_ref().is_some_and(|pos| still(pos, step.mv))
        })?;
    let named = threatened_pieces(&passed, threat.mv);
    Some(Positional::ReplyThreat {
        reply: Box::new(*first),
        threat: threat.mv,
        target: named.first().copied(),
        also: named.get(1).copied(),
        line: Box::new(reply.truncated(ply + 1)),
    })
}

/// The position after `mv` in `pos` with its mover to move again (the
/// other side passing): what `mv` threatens. `None` when `mv` is illegal
/// there or gives check.
fn passed_after(pos: &Position, mv: Move) -> Option<Position> {
    if !pos.is_legal(mv) {
        return None;
    }
    let mut passed = pos.after(mv);
    if passed.in_check() {
        return None;
    }
    passed.play_null();
    Some(passed)
}

/// `step`'s move, a promotion or a fork (as [`fork_targets`] has it) that
/// takes nothing but a pawn, is a new threat in `passed` (a position where
/// the side that moved last has passed): playable there at once, losing
/// nothing by static exchange there and where its line plays it, and not
/// so in `earlier`, the position before the move that set it up. (A
/// capture of a piece is the piece it takes, not a threat of what it would
/// attack next; a pawn taken on the way leaves the promotion the point.)
fn new_threat(passed: &Position, earlier: &Position, step: &Step) -> bool {
    let mv = step.mv;
    if passed
        .piece_at(mv.to())
        .is_some_and(|taken| taken.kind != PieceKind::Pawn)
    {
        return false;
    }
    let playable = |pos: &Position| pos.is_legal(mv) && see(pos, mv) >= 0;
    let threatens = mv.is_promotion()
        || (passed.is_legal(mv) && fork_targets(passed, mv, !passed.side_to_move()).is_some());
    threatens && playable(passed) && see(&step.before, mv) >= 0 && !playable(earlier)
}

/// The other side's pieces (not pawns or the king) that `mv`, a move in
/// `pos`, would attack from where it lands, the most valuable first.
fn threatened_pieces(pos: &Position, mv: Move) -> Vec<(Piece, Square)> {
    let mut named: Vec<(Piece, Square)> = attacked_from(&pos.after(mv), mv.to())
        .into_iter()
        .filter(|(piece, _)| piece.kind != PieceKind::King)
        .collect();
    named.sort_by_key(|(piece, _)| std::cmp::Reverse(worth(piece.kind)));
    named
}

/// `mv` promotes, takes nothing, and loses nothing by static exchange.
fn safe_promotion(pos: &Position, mv: Move) -> bool {
    mv.is_promotion() && pos.is_legal(mv) && pos.piece_at(mv.to()).is_none() && see(pos, mv) >= 0
}

/// Whatever the side to move in `pos` answers, the other side's piece on
/// `square` can then promote without loss by static exchange (taking
/// something or not). A check that loses material only puts it off.
fn promotes_whatever(pos: &Position, square: Square) -> bool {
    let answers = pos.legal_moves();
    !answers.is_empty()
        && answers.iter().all(|&answer| {
            let next = pos.after(answer);
            (next.in_check() && see(pos, answer) < 0)
                || next.legal_moves().iter().any(|&mv| {
                    mv.from() == Some(square) && mv.is_promotion() && see(&next, mv) >= 0
                })
        })
}

/// How many squares next to `side`'s king the other side attacks.
fn king_pressure(pos: &Position, side: Color) -> u32 {
    let Some(king) = pos.king_square(side) else {
        return 0;
    };
    let occupied = pos.occupied();
    piece_attacks(Piece::new(side, PieceKind::King), king, occupied)
        .filter(|&sq| pos.is_attacked(sq, !side, occupied))
        .count() as u32
}

fn mate_reason(facts: &MoveFacts, best: &Line, reply: &Line) -> Option<Reason> {
    match (facts.score_before, facts.score_after) {
        (Score::Mates(plies), after) if !matches!(after, Score::Mates(_)) => {
            Some(Reason::MissedMate {
                plies,
                line: mating_line(best, plies),
            })
        }
        (before, Score::Mated(plies)) if !matches!(before, Score::Mated(_)) => {
            Some(Reason::AllowsMate {
                plies,
                line: mating_line(reply, plies),
            })
        }
        _ => None,
    }
}

/// The first `plies` moves of a mating line, completed by the mate solver
/// when the search's line stops short (its line ends where a hash entry or
/// the mate-in-one test settled the rest).
fn mating_line(line: &Line, plies: u32) -> Line {
    let mut line = line.truncated(plies as usize);
    let missing = (plies as usize).saturating_sub(line.moves.len());
    if missing == 0 || missing.is_multiple_of(2) {
        // Complete only from the mating side's turn: the defence is theirs.
        return line;
    }
    let mut end = line.start;
    for &mv in &line.moves {
        end.play_unchecked(mv);
    }
    let stop = AtomicBool::new(false);
    if let Some(rest) = MateSearch::new(&stop, MATE_COMPLETION_NODES).find(&end, missing as u32) {
        line.moves.extend(rest);
    }
    line
}

/// The reply captures a piece of the mover's and wins material by it, and
/// the better move's line does not lose that same piece (followed from
/// where it stood before the move).
fn left_hanging(
    facts: &MoveFacts,
    after: &Position,
    reply: &Line,
    futures: &Futures,
) -> Option<Reason> {
    let taken_with = reply.first()?;
    let square = taken_with.mv.to();
    let piece = after.piece_at(square)?;
    let mover = facts.before.side_to_move();
    // What the move itself took is set against what the reply wins: a
    // recapture in an even trade leaves nothing hanging.
    let took = facts
        .before
        .piece_at(facts.played.to())
        .filter(|_| !facts.played.is_drop())
        .map_or(0, |p| capture_value(p.kind));
    if piece.color != mover || taken_with.mv.is_drop() || see(after, taken_with.mv) <= took {
        return None;
    }
    let moved_there = facts.played.to() == square;
    // A piece that stood on the board is followed from where it stood (the
    // ply the better move's line takes it at, if it does); a dropped one
    // stood nowhere, and is lost anyway when the better move's line loses
    // one of its kind too (a pawn dropped there as well).
    let stood = stood_before(facts, square);
    let taken_after_better = futures
        .better
        .as_ref()
        .and_then(|better| captured_at(better, stood?));
    // Taken only where the better move's line is settled, long after, the
    // piece is lost to a capture race the better move starts, not anyway.
    let lost_anyway = futures.better.as_ref().is_some_and(|better| match stood {
        Some(_) => taken_after_better.is_some_and(|ply| ply < SHOWN_PLIES),
        None => loses_kind(better, mover, piece.kind.unpromoted()),
    });
    // A piece dropped where it is taken at once, and not taken back, is
    // lost whatever the line does later elsewhere.
    let dropped_and_lost = facts.played.is_drop()
        && moved_there
        && futures.lost_soon >= MATERIAL_GAIN
        && !futures
            .played_soon
            .steps()
            .iter()
            .skip(1)
            .any(|step| step.before.side_to_move() == mover && step.mv.to() == square);
    if lost_anyway || (futures.lost < MATERIAL_GAIN && !dropped_and_lost) {
        return None;
    }
    if let Some(better) = futures.better.as_ref().and_then(Line::first)
        && !moved_there
        && was_attacked(facts.before, taken_with.mv)
    {
        // "Too slow" says the better move saves the piece: not where its
        // line loses it all the same, however late.
        if taken_after_better.is_some() {
            return None;
        }
        return Some(Reason::TooSlow {
            better,
            piece,
            square,
        });
    }
    let occupied = after.occupied();
    Some(Reason::LeftHanging {
        piece,
        square,
        defended: after.attackers_to(square, mover, occupied).is_nonempty(),
        moved_there,
        taken_with,
    })
}

/// The reply's piece attacks two or more of the mover's pieces that it
/// could win (the king, a more valuable piece, or an unguarded one), the
/// mover cannot simply take it back, the same fork was not there after the
/// better move, and the line wins material by it.
fn fork(facts: &MoveFacts, after: &Position, reply: &Line, futures: &Futures) -> Option<Reason> {
    let fork = reply.first()?;
    let mover = facts.before.side_to_move();
    let targets = fork_targets(after, fork.mv, mover)?;
    let already_there = futures
        .better
        .as_ref()
        .and_then(|line| line.first())
        .is_some_and(|better| {
            let after_better = better.before.after(better.mv);
            after_better.is_legal(fork.mv)
                && fork_targets(&after_better, fork.mv, mover)
                    .is_some_and(|again| again.iter().filter(|t| targets.contains(t)).count() >= 2)
        });
    // The fork wins what it says: one of the pieces it attacks (followed
    // from where it stood before the move) is taken on the settled line.
    let wins_a_target = targets.iter().any(|&(piece, square)| {
        piece.kind != PieceKind::King
            && stood_before(facts, square)
                .is_some_and(|from| captured_at(&futures.played, from).is_some())
    });
    if already_there || !wins_a_target || futures.extra_loss() < MATERIAL_GAIN {
        return None;
    }
    let forker = after.after(fork.mv).piece_at(fork.mv.to())?;
    Some(Reason::Fork {
        lead: Box::new(reply.truncated(0)),
        fork,
        forker,
        targets,
        line: futures.opponents_line(),
    })
}

/// The plies of the opponent's line a fork is looked for at beyond the
/// reply: after one exchange (reply, recapture), or two.
const FORK_AFTER_PLIES: [usize; 2] = [3, 5];

/// A fork further down the opponent's settled line: the reply starts an
/// exchange, the mover takes back (every move of the mover's before the
/// fork a capture, none of them a piece given away), and the opponent's
/// next move attacks two or more pieces as [`fork_targets`] counts them.
/// Said only when the line then takes one of the forked pieces, loses
/// material against the better move, and the better move's line loses no
/// piece of that kind.
fn fork_after_exchange(facts: &MoveFacts, futures: &Futures) -> Option<Reason> {
    let mover = facts.before.side_to_move();
    let line = &futures.played;
    let steps = line.steps();
    if futures.extra_loss() < MATERIAL_GAIN || futures.lost < MATERIAL_GAIN {
        return None;
    }
    for at in FORK_AFTER_PLIES {
        let step = steps.get(at)?;
        let answers_take = steps[1..at]
            .iter()
            .filter(|s| s.before.side_to_move() == mover)
            .all(|s| !s.mv.is_drop() && s.before.piece_at(s.mv.to()).is_some());
        if !answers_take {
            return None;
        }
        let Some(targets) = fork_targets(&step.before, step.mv, mover) else {
            continue;
        };
        // A forked piece that is taken only after taking as much itself
        // (a rook that runs off with a rook) was traded, not won.
        let won = targets
            .iter()
            .find_map(|&(piece, square)| {
                let run = follow(line, at, square)?;
                (piece.kind != PieceKind::King
                    && capture_value(piece.kind) - run.took >= MATERIAL_GAIN)
                    .then_some((piece, run.taken_at))
            })
            .or_else(|| check_wins(&steps, at, &targets, mover));
        let Some((piece, taken_at)) = won else {
            continue;
        };
        // The same piece, followed back to where it stood before the move,
        // is what the better line must not lose; a dropped one stood
        // nowhere, and any of its kind counts.
        let stood = origin(line, taken_at, steps.get(taken_at)?.mv.to());
        let lost_too = futures.better.as_ref().is_some_and(|better| match stood {
            Some(from) => captured_at(better, from).is_some(),
            None => loses_kind(better, mover, piece.kind.unpromoted()),
        });
        if lost_too || gives_away(&line.truncated(taken_at + 1), mover) {
            return None;
        }
        let forker = step.before.after(step.mv).piece_at(step.mv.to())?;
        let opponents = opponents_part(line);
        return Some(Reason::Fork {
            lead: Box::new(opponents.truncated(at - 1)),
            fork: *step,
            forker,
            targets,
            line: Line {
                start: step.before,
                previous_to: step.previous_to,
                moves: line.moves[at..(taken_at + 1).min(line.moves.len())].to_vec(),
            },
        });
    }
    None
}

/// A fork that gives check leaves the mover one answer to the check: when
/// the forker's next move takes a piece of the mover's (one the answer
/// left, or uncovered), that piece is what the fork wins.
fn check_wins(
    steps: &[Step],
    at: usize,
    targets: &[(Piece, Square)],
    mover: Color,
) -> Option<(Piece, usize)> {
    let fork = steps.get(at)?;
    let next = steps.get(at + 2)?;
    let checks = targets.iter().any(|(p, _)| p.kind == PieceKind::King);
    let taken = next.before.piece_at(next.mv.to())?;
    (checks
        && next.mv.from() == Some(fork.mv.to())
        && taken.color == mover
        && capture_value(taken.kind) >= MATERIAL_GAIN)
        .then_some((taken, at + 2))
}

/// The opponent's best reply wins a piece of the mover's (the most
/// valuable such, not a pawn) that has no way out: it leaves the piece
/// attacked with every move of it losing material, or it attacks the piece
/// and every move of the mover's until it is taken is that piece fleeing,
/// taking much less than itself on the way. It was not lost before the move
/// (a piece the move dropped counts; one shut in but defended was not),
/// the line (followed further than other reasons, as a chase takes moves)
/// wins it without paying one as valuable back, and the better move's line
/// does not lose it.
fn trap(facts: &MoveFacts, after: &Position, best: &Line, reply: &Line) -> Option<Reason> {
    let trap = reply.first()?;
    let next = after.after(trap.mv);
    let mover = facts.before.side_to_move();
    // A reply that takes the piece the move put there is a piece left
    // hanging (said above when it holds), not a trap.
    if next.in_check() || trap.mv.to() == facts.played.to() {
        return None;
    }
    let chase = future_of(
        facts.before,
        facts.previous_to,
        facts.played,
        reply,
        CHASE_PLIES,
    );
    let better_chase = best
        .first()
        .filter(|better| better.mv != facts.played)
        .map(|_| settled(&best.truncated(CHASE_PLIES + 1)));
    let lost_better = better_chase
        .as_ref()
        .map_or(0, |line| -material_balance(line, mover));
    let found = (next.pieces(mover) & !next.pieces_of_kind(PieceKind::Pawn))
        .filter_map(|sq| {
            let piece = next.piece_at(sq)?;
            if piece.kind == PieceKind::King {
                return None;
            }
            let from = stood_before(facts, sq);
            // Lost already before the move (shut in and not held: a piece
            // shut in but defended was safe), or no attack the reply made.
            let lost_before = from
                .is_some_and(|from| is_trapped(facts.before, from) && en_prise(facts.before, from));
            if lost_before || en_prise_after(after, sq) {
                return None;
            }
            let run = follow(&chase, 2, sq)?;
            let trapped = is_trapped(&next, sq);
            let shown = settled(&chase.truncated(run.taken_at + 1));
            let settled_loss = -material_balance(&shown, mover);
            let lost_anyway = better_chase.as_ref().is_some_and(|line| match from {
                Some(from) => captured_at(line, from).is_some(),
                None => loses_kind(line, mover, piece.kind.unpromoted()),
            });
            // The same reply after the better move traps the same piece
            // where it stands: the better move does not avoid it.
            let trapped_anyway = trapped
                && from.is_some_and(|from| {
                    best.first()
                        .filter(|better| better.mv != facts.played)
                        .is_some_and(|better| shut_in_after(&better, trap.mv, from))
                });
            // The piece must be what the chase costs: not paid back by one
            // as valuable (a rook for a bishop), weighed unpromoted, as a
            // rook taken back promoted is still a rook for a rook.
            let unpaid = unpaid_loss_by(&shown, mover, |kind| capture_value(kind.unpromoted()))
                .is_some_and(|loss| loss.ply == run.taken_at);
            let wins = capture_value(piece.kind) - run.took >= MATERIAL_GAIN
                && unpaid
                && settled_loss >= MATERIAL_GAIN
                && settled_loss - lost_better.max(0) >= MATERIAL_GAIN;
            // A piece that takes something while it "flees" is in an
            // exchange, not a chase.
            let chased = run.fled && run.took * 4 <= capture_value(piece.kind);
            ((trapped || chased) && wins && !lost_anyway && !trapped_anyway)
                .then_some((sq, piece, trapped, shown))
        })
        .max_by_key(|(_, piece, _, _)| capture_value(piece.kind))?;
    let (square, piece, trapped, shown) = found;
    Some(Reason::Trap {
        trap,
        piece,
        square,
        chased: !trapped,
        line: opponents_part(&shown),
    })
}

/// The move and the opponent's line after it, `plies` of it, from the
/// position before the move, settled.
fn future_of(
    before: &Position,
    previous_to: Option<Square>,
    first: Move,
    rest: &Line,
    plies: usize,
) -> Line {
    let mut moves = vec![first];
    moves.extend(rest.truncated(plies).moves);
    settled(&Line::legal(before, previous_to, &moves))
}

/// The line's second move takes the piece its first move played.
fn taken_at_once(line: &Line) -> bool {
    match line.moves.as_slice() {
        [first, second, ..] => second.to() == first.to(),
        _ => false,
    }
}

/// The piece on `square` (not of the side to move in `pos`) can be taken at
/// once for nothing: a capture of it wins by static exchange at least what
/// the piece is worth to its side. (A piece taken for a lesser one, as a
/// gold for a silver the opponent then loses, still does its work.)
fn taken_for_nothing(pos: &Position, square: Square) -> bool {
    pos.piece_at(square).is_some_and(|piece| {
        capture_gain(pos, square).is_some_and(|gain| gain >= given_value(piece.kind))
    })
}

/// A piece followed along a line until it is taken.
struct Run {
    /// The ply of the line it is taken at.
    taken_at: usize,
    /// What it took on the way.
    took: i32,
    /// Every move of its side before then was this piece moving away from
    /// an attack.
    fled: bool,
}

/// Follows the piece on `square` before ply `from` of `line` to where it is
/// taken; `None` when it survives the line.
fn follow(line: &Line, from: usize, square: Square) -> Option<Run> {
    let steps = line.steps();
    let owner = steps.get(from)?.before.piece_at(square)?.color;
    let mut at = square;
    let mut took = 0;
    let mut fled = true;
    for (ply, step) in steps.iter().enumerate().skip(from) {
        let pos = &step.before;
        if pos.side_to_move() == owner {
            if step.mv.from() == Some(at) {
                fled &= en_prise(pos, at);
                took += pos
                    .piece_at(step.mv.to())
                    .map_or(0, |p| capture_value(p.kind));
                at = step.mv.to();
            } else {
                fled = false;
            }
        } else if step.mv.to() == at && !step.mv.is_drop() {
            return Some(Run {
                taken_at: ply,
                took,
                fled,
            });
        }
    }
    None
}

/// Where the mover's piece on `square` after the move stood before it: the
/// move's origin for the piece it moved, nowhere for a piece it dropped.
fn stood_before(facts: &MoveFacts, square: Square) -> Option<Square> {
    if facts.played.to() == square {
        facts.played.from()
    } else {
        Some(square)
    }
}

/// The pieces of `mover`'s that `fork` (a move of the opponent's in `pos`)
/// attacks and could win, when there are two or more and the forker
/// cannot simply be taken.
fn fork_targets(pos: &Position, fork: Move, mover: Color) -> Option<Vec<(Piece, Square)>> {
    let next = pos.after(fork);
    let square = fork.to();
    let forker = next.piece_at(square)?;
    let occupied = next.occupied();
    let targets: Vec<(Piece, Square)> = attacked_from(&next, square)
        .into_iter()
        .filter(|&(p, sq)| {
            p.kind == PieceKind::King
                || worth(p.kind) > worth(forker.kind)
                || next.attackers_to(sq, mover, occupied).is_empty()
        })
        .collect();
    if targets.len() < 2 {
        return None;
    }
    let answered = capture_gain(&next, square).is_some_and(|gain| gain >= 0);
    (!answered).then_some(targets)
}

/// A rook or bishop of the mover's captured in the opponent's line at a
/// real cost, which the better move's line does not lose; trapped when, on
/// the mover's turn before, it was attacked and every move of it lost
/// material.
fn loses_major(reply: &Line, mover: Color, futures: &Futures) -> Option<Reason> {
    let steps = reply.steps();
    // Counted from before the move: a bishop that takes a bishop and is
    // taken back as a horse was traded, not lost.
    let taken_by_move = material_balance(&futures.played.truncated(1), mover);
    let mut last_turn: Option<&Step> = None;
    for (i, step) in steps.iter().enumerate().take(MAJOR_LOOK_AHEAD) {
        let pos = &step.before;
        if pos.side_to_move() == mover {
            last_turn = Some(step);
            continue;
        }
        let Some(piece) = pos.piece_at(step.mv.to()) else {
            continue;
        };
        if piece.color != mover || !is_major(piece.kind) || step.mv.is_drop() {
            continue;
        }
        let shown = (i + 2).min(steps.len());
        let line = reply.truncated(shown);
        if taken_by_move + material_balance(&line, mover) > -MAJOR_LOSS {
            continue;
        }
        // Where the piece stood on the mover's last turn: the mover's move
        // may have taken it onto the square where it was lost.
        let (stood, square) = match last_turn {
            Some(turn) if turn.mv.to() == step.mv.to() => {
                let from = turn.mv.from().unwrap_or(step.mv.to());
                (turn.before.piece_at(from).unwrap_or(piece), from)
            }
            _ => (piece, step.mv.to()),
        };
        let kind = stood.kind.unpromoted();
        let lost_anyway = futures
            .better
            .as_ref()
            .is_some_and(|better| loses_kind(better, mover, kind));
        if lost_anyway
            || gives_away(&futures.played.truncated(i + 2), mover)
            || !loses_kind(&futures.played, mover, kind)
            || futures.extra_loss() < MATERIAL_GAIN
        {
            return None;
        }
        let trapped = last_turn.is_some_and(|turn| is_trapped(&turn.before, square));
        return Some(Reason::LosesMajor {
            piece: stood,
            square,
            trapped,
            line,
        });
    }
    None
}

/// What losing a piece of this kind costs: its capture value, and for the
/// king more than anything (a king is never taken; a king can fork).
fn worth(kind: PieceKind) -> i32 {
    if kind == PieceKind::King {
        i32::MAX / 4
    } else {
        capture_value(kind)
    }
}

/// What a piece taken inside a line costs its side: a small piece that
/// promotes on the way and is taken (a pawn that becomes a tokin) is the
/// small piece lost, not the promoted one.
fn given_value(kind: PieceKind) -> i32 {
    if is_major(kind) {
        capture_value(kind)
    } else {
        capture_value(kind.unpromoted())
    }
}

fn is_major(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::Rook | PieceKind::Bishop | PieceKind::Dragon | PieceKind::Horse
    )
}

/// The piece on `square` (of the side to move) is attacked and every move
/// it has loses material by exchange.
pub fn is_trapped(pos: &Position, square: Square) -> bool {
    let Some(piece) = pos.piece_at(square) else {
        return false;
    };
    piece.color == pos.side_to_move()
        && pos.is_attacked(square, !piece.color, pos.occupied())
        && safe_squares(pos, square) == 0
}

/// The best move takes a piece and wins material by it, the move played
/// took nothing there, and after the opponent's reply the same capture is
/// no longer to be had.
fn missed_capture(facts: &MoveFacts, best: &Line, reply: &Line) -> Option<Reason> {
    let capture = best.first()?;
    let before = facts.before;
    let piece = before
        .piece_at(capture.mv.to())
        .filter(|_| !capture.mv.is_drop())?;
    if facts.played.to() == capture.mv.to()
        || see(before, capture.mv) <= 0
        || still_to_be_had(reply, capture.mv.to(), piece)
    {
        return None;
    }
    let defended = before
        .attackers_to(capture.mv.to(), piece.color, before.occupied())
        .is_nonempty();
    Some(Reason::MissedCapture {
        piece,
        square: capture.mv.to(),
        defended,
        capture,
    })
}

/// The opponent's capture `mv` already won material before the move: had it
/// been the opponent's turn, it could have been made at once.
fn was_attacked(before: &Position, mv: Move) -> bool {
    if before.in_check() {
        return false;
    }
    let mut passed = *before;
    passed.play_null();
    passed.is_legal(mv) && see(&passed, mv) > 0
}

/// After the move played and the opponent's reply, `piece` still stands on
/// `square` and the mover can win it by a capture there.
fn still_to_be_had(reply: &Line, square: Square, piece: Piece) -> bool {
    let Some(answer) = reply.first() else {
        return false;
    };
    let next = answer.before.after(answer.mv);
    next.piece_at(square) == Some(piece) && en_prise_after(&next, square)
}

/// The other side's pieces (the king among them, pawns left out) that the
/// piece on `square` attacks in `pos`.
fn attacked_from(pos: &Position, square: Square) -> Vec<(Piece, Square)> {
    let Some(piece) = pos.piece_at(square) else {
        return Vec::new();
    };
    (piece_attacks(piece, square, pos.occupied()) & pos.pieces(!piece.color))
        .filter_map(|sq| Some((pos.piece_at(sq)?, sq)))
        .filter(|(target, _)| target.kind != PieceKind::Pawn)
        .collect()
}

#[cfg(test)]
mod tests;
