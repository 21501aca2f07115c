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
    /// After the opponent's best reply `reply` more squares around the
    /// mover's king are attacked than after the better move and its reply;
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
    // wins one of its kind back, is no loss of the move's.
    let taken_too = from.is_some_and(|from| {
        [futures.better.as_ref(), futures.better_soon.as_ref()]
            .into_iter()
            .flatten()
            .any(|line| captured_at(line, from).is_some())
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
/// it stood before the better move, attacked with no safe square.
fn shut_in_after(better: &Step, reply: Move, from: Square) -> bool {
    let after_better = better.before.after(better.mv);
    after_better.piece_at(from) == better.before.piece_at(from)
        && after_better.is_legal(reply)
        && is_trapped(&after_better.after(reply), from)
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
    // A pawn or so lost on the way: a promotion is still the point, and
    // its sentence claims nothing about material.
    (futures.lost < LET_WIN_LOSS)
        .then(|| promotion_allowed(&better, reply).or_else(|| break_in(best, reply)))
        .flatten()
        .map(|why| Reason::Positional { better, why })
}

/// Nothing material is lost: in order, a mate threat the opponent's best
/// reply makes and the better move's line does not allow; the king's
/// safety when the opponent's line leaves more squares around the mover's
/// king attacked than the better move's does; a mate threat the better
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
            let settled_loss =
                -material_balance(&settled(&chase.truncated(run.taken_at + 1)), mover);
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
            let shown = settled(&chase.truncated(run.taken_at + 1));
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
                .then_some((sq, piece, trapped, run))
        })
        .max_by_key(|&(_, piece, _, _)| capture_value(piece.kind))?;
    let (square, piece, trapped, run) = found;
    let shown = settled(&chase.truncated(run.taken_at + 1));
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
        if material_balance(&line, mover) > -MAJOR_LOSS {
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

fn better_move(facts: &MoveFacts, best: &Line, played: &Line) -> Option<Reason> {
    let first = best.first()?;
    // Material is counted once no capture is pending at the line's end,
    // so neither a capture at its end nor an exchange cut short is taken
    // for a win.
    let line = settled(&best.truncated(SHOWN_PLIES));
    let mover = facts.before.side_to_move();
    let won_soon = material_balance(&settled(&best.truncated(SOON_PLIES + 1)), mover);
    // The second look searched the position after the better move by itself: material it
    // does not see won, soon and at its line's end alike, is not claimed, nor a piece trapped
    // that its line does not take.
    let checked = checked_future(facts, &first, SHOWN_PLIES);
    let won_checked = [
        checked.as_ref(),
        checked_future(facts, &first, SOON_PLIES + 1).as_ref(),
    ]
    .into_iter()
    .flatten()
    .map(|line| material_balance(line, mover))
    .min();
    // What the move played took too, on the same square, is no gain of the
    // better move's.
    let taken_by_both = (facts.played.to() == first.mv.to() && !facts.played.is_drop())
        .then(|| first.before.piece_at(first.mv.to()))
        .flatten()
        .filter(|_| !first.mv.is_drop())
        .map_or(0, |piece| capture_value(piece.kind));
    let won = material_balance(&line, mover)
        .min(won_soon)
        .min(won_checked.unwrap_or(i32::MAX))
        - taken_by_both;
    // A capture race still running where the settling stopped wins nothing
    // that can be told.
    // Nor is a win that comes from the opponent's own weak reply inside
    // the line.
    let fair = is_settled(&line) && !gives_away(&line, !mover);
    let gain = if won >= LET_WIN_LOSS && fair {
        Gain::Material(worth_of(won))
    } else if let Some((piece, square)) = traps(played, &first, &line).filter(|&(_, square)| {
        fair && checked
            .as_ref()
            .is_none_or(|line| captured_at(line, square).is_some())
    }) {
        Gain::Trap { piece, square }
    } else if let Some(kind) = kept_capture(&first, won, played).filter(|_| fair) {
        Gain::Capture(kind)
    } else if let Some(strike) = forestalls(&first, played) {
        Gain::Forestall {
            piece: strike.piece,
            square: strike.square,
            played: facts.played,
            meanwhile: strike.meanwhile,
            reply: strike.reply,
        }
    } else if first.before.after(first.mv).in_check() {
        Gain::Check
    } else if let Some((targets, answered_at)) = attacks(facts, &first, best, &line, played)
        .filter(|_| !same_move_unpromoted(facts.played, first.mv))
    {
        // A promotion that attacks a piece the line then wins or drives
        // off is named by the attack: that is what it is for, unless the
        // move played was the same move, not promoting.
        let line = best.truncated((answered_at + 1).max(SOON_PLIES));
        let (piece, square) = targets[0];
        let gain = Gain::Attack {
            piece,
            square,
            also: targets.get(1).copied(),
        };
        return Some(Reason::BetterMove {
            line,
            gain,
            chance_best: facts.score_before.win_chance(),
            chance_played: facts.score_after.win_chance(),
        });
    } else if let Some((piece, square, ply)) =
        wins(&first, &line, checked.as_ref(), played).filter(|_| fair && won >= MATERIAL_GAIN)
    {
        // The line up to the capture shows how the piece is won.
        return Some(Reason::BetterMove {
            line: line.truncated((ply + 1).max(SOON_PLIES)),
            gain: Gain::Wins { piece, square },
            chance_best: facts.score_before.win_chance(),
            chance_played: facts.score_after.win_chance(),
        });
    } else if let Some((piece, square)) = takes(facts, &first) {
        Gain::Takes {
            piece,
            square,
            promotes: first.mv.is_promotion(),
        }
    } else if first.mv.is_promotion() && !taken_at_once(best) {
        // A promoted piece the line takes at once was not promoted for its
        // own sake.
        first
            .before
            .piece_at(first.mv.from()?)
            .and_then(|p| p.kind.promoted())
            .map_or(Gain::Position, Gain::Promotion)
    } else if let Some((ply, promoted)) = gets_in(best).filter(|&(ply, _)| {
        ply > 0
            && !played
                .steps()
                .iter()
                .take(ply + 1)
                .step_by(2)
                .any(major_promotes)
    }) {
        return Some(Reason::BetterMove {
            line: best.truncated(ply + 1),
            gain: Gain::BreakIn { promoted },
            chance_best: facts.score_before.win_chance(),
            chance_played: facts.score_after.win_chance(),
        });
    } else if let Some(threat) = sets_up(facts, best, played) {
        return Some(Reason::BetterMove {
            line: best.truncated(3),
            gain: threat,
            chance_best: facts.score_before.win_chance(),
            chance_played: facts.score_after.win_chance(),
        });
    } else {
        Gain::Position
    };
    // With no material gain to show, a long line is only the search's
    // guess and hard to follow: the engine's first moves show what the move
    // does. No material is claimed, so they are not extended by captures
    // the engine did not choose.
    let line = match gain {
        Gain::Position
        | Gain::Check
        | Gain::Promotion(_)
        | Gain::Forestall { .. }
        | Gain::Takes { .. } => best.truncated(SOON_PLIES),
        Gain::Capture(_) => settled(&best.truncated(SOON_PLIES)),
        _ => line,
    };
    Some(Reason::BetterMove {
        line,
        gain,
        chance_best: facts.score_before.win_chance(),
        chance_played: facts.score_after.win_chance(),
    })
}

/// The opponent's piece the better move's settled `line` takes, within the
/// plies it shows, and does not pay back with one as valuable (the most
/// valuable such, not a pawn), standing where it stood before the better
/// move and taken there, and the ply it is taken at: the
/// second look's line (`checked`, where one was made) takes it too, and
/// the move played's future (`played`) does not.
fn wins(
    better: &Step,
    line: &Line,
    checked: Option<&Line>,
    played: &Line,
) -> Option<(Piece, Square, usize)> {
    let mover = better.before.side_to_move();
    let loss = unpaid_loss(line, !mover)?;
    let square = loss.square;
    let stood = better.before.piece_at(square) == Some(loss.piece);
    let taken_there = origin(line, loss.ply, square) == Some(square);
    let seen_again = checked.is_none_or(|line| captured_at(line, square).is_some());
    let taken_anyway = captured_at(played, square).is_some();
    let shown = loss.ply < SHOWN_PLIES;
    (loss.piece.kind != PieceKind::Pawn
        && shown
        && stood
        && taken_there
        && seen_again
        && !taken_anyway)
        .then_some((loss.piece, square, loss.ply))
}

/// The better move and the second look's line after it, over `plies`, settled; `None`
/// where no second look was made.
fn checked_future(facts: &MoveFacts, better: &Step, plies: usize) -> Option<Line> {
    if facts.checked_line.is_empty() {
        return None;
    }
    let mut moves = vec![better.mv];
    moves.extend_from_slice(facts.checked_line);
    let line = Line::legal(facts.before, facts.previous_to, &moves);
    Some(settled(&line.truncated(plies)))
}

/// The opponent's piece (not a pawn) the better move takes and where, when
/// the exchange it starts loses nothing and the move played takes nothing
/// on that square.
fn takes(facts: &MoveFacts, better: &Step) -> Option<(Piece, Square)> {
    let square = better.mv.to();
    let piece = better
        .before
        .piece_at(square)
        .filter(|piece| piece.kind != PieceKind::Pawn && !better.mv.is_drop())?;
    let played_takes_there = facts.played.to() == square && facts.before.piece_at(square).is_some();
    (!played_takes_there && see(&better.before, better.mv) >= 0).then_some((piece, square))
}

/// The threat the better move sets up: the mover's next move in its line
/// (`best`), a promotion or a fork (as [`fork_targets`] has it), that loses
/// nothing by static exchange where the line plays it, could
/// be played at once were the opponent to pass after the better move, could
/// not be played (or lost material) before it, and is not the mover's next
/// move in the move played's line (`played`, from before the move).
fn sets_up(facts: &MoveFacts, best: &Line, played: &Line) -> Option<Gain> {
    let steps = best.steps();
    let (better, threat) = (steps.first()?, steps.get(2)?);
    let passed = passed_after(&better.before, better.mv)?;
    let new = new_threat(&passed, facts.before, threat) && played.moves.get(2) != Some(&threat.mv);
    if !new {
        return None;
    }
    let named = threatened_pieces(&passed, threat.mv);
    Some(Gain::Threat {
        threat: threat.mv,
        target: named.first().copied(),
        also: named.get(1).copied(),
    })
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

/// `played` is `better` without its promotion.
fn same_move_unpromoted(played: Move, better: Move) -> bool {
    better.is_promotion()
        && !played.is_promotion()
        && played.from() == better.from()
        && played.to() == better.to()
}

/// The kind of piece the better move takes, when it wins by static
/// exchange, the line keeps most of it (`won`, settled, soon and at the
/// end) and the move played's future wins clearly less.
fn kept_capture(better: &Step, won: i32, played: &Line) -> Option<PieceKind> {
    let taken = better
        .before
        .piece_at(better.mv.to())
        .filter(|_| !better.mv.is_drop())?;
    let mover = better.before.side_to_move();
    let kept = won >= MATERIAL_GAIN && won * 4 >= capture_value(taken.kind) * 3;
    let played_won = material_balance(played, mover);
    (see(&better.before, better.mv) > 0 && kept && played_won + MATERIAL_GAIN <= won)
        .then_some(taken.kind.unpromoted())
}

/// A capture the opponent's `piece` on `square` makes in the move
/// played's future: `reply`, after `meanwhile` when it is the opponent's
/// second move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Strike {
    piece: Piece,
    square: Square,
    meanwhile: Option<(Move, Move)>,
    reply: Move,
}

/// The opponent's piece the better move takes before it can strike in the
/// move played's future: with its first or second move there (standing
/// still until then, the mover's answer in between not taking it) it
/// captures, and that capture promotes or the played future costs the
/// mover material; or with a later move, one it could have made at once
/// after the move played, that promotes or takes more than a pawn. The
/// better move loses nothing by the exchange it starts. A threat the move
/// played left standing for a few moves is as much the point as one it
/// allowed at once.
fn forestalls(better: &Step, played: &Line) -> Option<Strike> {
    let mover = better.before.side_to_move();
    let square = better.mv.to();
    let piece = better.before.piece_at(square)?;
    if better.mv.is_drop() || piece.color == mover || see(&better.before, better.mv) < 0 {
        return None;
    }
    let steps = played.steps();
    let costs = material_balance(played, mover) <= -MATERIAL_GAIN;
    let after_played = steps.get(1)?.before;
    for at in (1..steps.len()).step_by(2) {
        let reply = steps[at];
        if reply.before.piece_at(square) != Some(piece) {
            return None;
        }
        if reply.mv.from() == Some(square) {
            let taken = reply.before.piece_at(reply.mv.to());
            let takes = taken.is_some();
            // A strike further down the line is the point only where it could be made at
            // once after the move played, and promotes or takes more than a pawn: it is
            // named as it would be played there.
            let far_strike = after_played.is_legal(reply.mv)
                && after_played.piece_at(reply.mv.to()) == taken
                && (reply.mv.is_promotion() || taken.is_some_and(|p| p.kind != PieceKind::Pawn));
            if at > 3 && !far_strike {
                return None;
            }
            let meanwhile = (at == 3).then(|| (steps[1].mv, steps[2].mv));
            return (takes && (reply.mv.is_promotion() || costs)).then_some(Strike {
                piece,
                square,
                meanwhile,
                reply: reply.mv,
            });
        }
    }
    None
}

/// The opponent's piece (the most valuable such, not a pawn) that the
/// better move's settled line hunts down and takes at a gain, within its
/// first [`SHOWN_PLIES`]: after the
/// better move it is attacked with no safe move, or every move the
/// opponent makes until it is taken is that piece fleeing an attack (it
/// was chased), or every move it makes is such a flight to its one safe
/// square and on the way it is left attacked with no safe move (cornered
/// while the opponent plays elsewhere); what it takes on the way is worth
/// much less than it; the move played's future does not take it.
fn traps(played: &Line, better: &Step, line: &Line) -> Option<(Piece, Square)> {
    let mover = better.before.side_to_move();
    if material_balance(line, mover) < MATERIAL_GAIN {
        return None;
    }
    let before = &better.before;
    let after_better = before.after(better.mv);
    // A piece dropped to hunt that the opponent can take at once for
    // nothing traps nothing.
    if better.mv.is_drop() && taken_for_nothing(&after_better, better.mv.to()) {
        return None;
    }
    let steps = line.steps();
    let hunted = |sq: Square| {
        // Taken where the line is shown, not in the captures that settle it:
        // a piece won only at the end of a long exchange elsewhere was not
        // what the move trapped.
        let Some(taken) = captured_at(line, sq).filter(|&ply| ply < SHOWN_PLIES) else {
            return false;
        };
        let mut at = sq;
        let mut chased = true;
        // Every move the piece makes is a flight, and on the way it is
        // caught with no safe square left (the opponent's other moves in
        // between change nothing for it).
        let mut fled = true;
        let mut flights = 0;
        let mut cornered = false;
        // What the piece takes while it flees: a piece that "flees" by
        // taking one as good (a bishop for a bishop) is traded, not won.
        let mut took = 0;
        for (ply, step) in steps.iter().enumerate().take(taken).skip(1) {
            if step.before.side_to_move() == mover {
                continue;
            }
            // A piece that has not moved is cornered by the better move's
            // first strokes (its next move and the one after), not at the
            // end of a long line.
            cornered |=
                (flights > 0 || ply <= CORNERED_STILL_PLIES) && is_trapped(&step.before, at);
            // Chased: each move of the opponent's is the piece fleeing an
            // attack, not a piece walking into a capture of its own accord.
            let attacked = step.before.is_attacked(at, mover, step.before.occupied());
            match step.mv.from() {
                Some(from) if from == at && attacked => {
                    // A flight chosen among several safe squares may have
                    // picked the wrong one: only a forced one is the hunt's.
                    fled &= safe_squares(&step.before, at) <= 1;
                    flights += 1;
                    took += step
                        .before
                        .piece_at(step.mv.to())
                        .map_or(0, |p| capture_value(p.kind));
                    at = step.mv.to();
                }
                Some(from) if from == at => {
                    chased = false;
                    fled = false;
                }
                _ => chased = false,
            }
        }
        let worth = before.piece_at(sq).map_or(0, |p| capture_value(p.kind));
        (chased || is_trapped(&after_better, sq) || (fled && cornered))
            && worth - took >= MATERIAL_GAIN
            && captured_at(played, sq).is_none()
    };
    let square = (before.pieces(!mover) & !before.pieces_of_kind(PieceKind::Pawn))
        .filter(|&sq| {
            before
                .piece_at(sq)
                .is_some_and(|p| p.kind != PieceKind::King)
        })
        .filter(|&sq| after_better.piece_at(sq) == before.piece_at(sq))
        .filter(|&sq| hunted(sq))
        .max_by_key(|&sq| before.piece_at(sq).map_or(0, |p| capture_value(p.kind)))?;
    Some((before.piece_at(square)?, square))
}

/// The opponent's pieces (not pawns, not the king; the most valuable
/// first) that the better move attacks: each could be won at once were the
/// opponent to pass after it, could not be before it, and is not so after
/// the move played. Said only when the attack tells in the better line:
/// within the opponent's next two moves the piece named first (the most
/// valuable one for which this holds; a less valuable one may follow it)
/// moves away (not by taking the piece the better move played: that was a
/// sacrifice, not an attack), or the mover takes it (the ply it does so is
/// returned); the better move's piece cannot itself be taken at once for
/// nothing; and after the move played the opponent's reply is not that
/// same piece moving off anyway (the attack then changes nothing), unless
/// the better move's settled future (`better_future`) takes the piece and
/// the move played's (`played_future`) does not: the piece got away after
/// the move played and is lost after the better move, within the
/// opponent's next two moves, so the attack is what changed. An attack a
/// check makes is the check's.
fn attacks(
    facts: &MoveFacts,
    better: &Step,
    best: &Line,
    better_future: &Line,
    played_future: &Line,
) -> Option<(Vec<(Piece, Square)>, usize)> {
    let before = &better.before;
    let mover = before.side_to_move();
    let after_better = before.after(better.mv);
    // A piece the opponent can take at once for nothing attacks nothing.
    if taken_for_nothing(&after_better, better.mv.to()) {
        return None;
    }
    let after_played = before.after(facts.played);
    let mut targets: Vec<(Piece, Square)> = (after_better.pieces(!mover)
        & !after_better.pieces_of_kind(PieceKind::Pawn))
    .filter_map(|sq| Some((after_better.piece_at(sq)?, sq)))
    .filter(|&(piece, sq)| {
        piece.kind != PieceKind::King
            && en_prise(&after_better, sq)
            && !en_prise_after(before, sq)
            && !(after_played.piece_at(sq) == Some(piece) && en_prise(&after_played, sq))
    })
    .collect();
    targets.sort_by_key(|&(piece, _)| -capture_value(piece.kind));
    let steps = best.steps();
    let answered = |square: Square| {
        steps
            .iter()
            .enumerate()
            .take(ATTACK_PLIES + 1)
            .skip(1)
            .find_map(|(ply, step)| {
                let moved = step.before.side_to_move() != mover
                    && step.mv.from() == Some(square)
                    && step.mv.to() != better.mv.to();
                let taken = step.before.side_to_move() == mover
                    && step.mv.to() == square
                    && !step.mv.is_drop();
                (moved || taken).then_some(ply)
            })
    };
    let reply = facts.reply_line.first().copied();
    // The most valuable piece whose attack tells; a more valuable one the
    // opponent simply guards is not named.
    let (at, answered_at) = targets.iter().enumerate().find_map(|(i, &(_, square))| {
        let lost_only_after_better = captured_at(better_future, square)
            .is_some_and(|ply| ply <= ATTACK_PLIES)
            && captured_at(played_future, square).is_none();
        let moves_anyway =
            reply.is_some_and(|mv| mv.from() == Some(square)) && !lost_only_after_better;
        answered(square)
            .filter(|_| !moves_anyway)
            .map(|ply| (i, ply))
    })?;
    let mut named = targets.split_off(at);
    named.truncate(2);
    Some((named, answered_at))
}

/// The piece whose capture is worth about `material` centipawns.
fn worth_of(material: i32) -> PieceKind {
    PieceKind::HAND
        .into_iter()
        .min_by_key(|&kind| (capture_value(kind) - material).abs())
        .unwrap_or(PieceKind::Pawn)
}

#[cfg(test)]
mod tests {
    /// Whether a reason in `found` matches `pattern`.
    macro_rules! says {
        ($found:expr, $pattern:pat) => {
            $found.iter().any(|r| matches!(r, $pattern))
        };
    }

    /// Whether the better move's reason in `found` gives a gain matching `pattern`.
    macro_rules! gains {
        ($found:expr, $pattern:pat) => {
            matches!(better_gain(&$found), Some($pattern))
        };
    }

    use super::*;
    use crate::i18n::Language;
    use crate::review::voice::{Notation, Voice};
    use crate::review::words;

    fn moves(usi: &[&str]) -> Vec<Move> {
        usi.iter().filter_map(|m| Move::from_usi(m).ok()).collect()
    }

    #[test]
    fn a_bishop_walked_into_the_corner_and_shut_in_is_trapped() {
        // B-1a flees the gold, but G-2a attacks it again and every square
        // it could go to is guarded: it is lost two plies later. B-1c
        // would have been safe.
        let before =
            Position::from_sfen("4k1g2/6pB1/5s3/5p3/9/9/9/9/4K4 b - 1").expect("test SFEN");
        let best = moves(&["2b1c"]);
        let reply = moves(&["3a2a", "5i4h", "2a1a"]);
        let facts = MoveFacts {
            before: &before,
            previous_to: None,
            played: Move::from_usi("2b1a").expect("move"),
            best_line: &best,
            reply_line: &reply,
            checked_line: &[],
            score_before: Score::Cp(-300),
            score_after: Score::Cp(-1500),
        };
        let found = reasons(&facts);
        let Some(Reason::Trap { piece, square, .. }) = found.first() else {
            panic!("no trapped bishop: {found:?}");
        };
        assert_eq!(piece.kind, PieceKind::Bishop);
        assert_eq!(*square, Square::parse("1a").expect("sq"));
        assert_eq!(
            words::explanation(
                Language::English,
                &found[..1],
                &Voice::to_mover(Notation::Western)
            ),
            "G-2a traps your bishop on 1a: G-2a K-4h Gx1a."
        );
        assert!(matches!(found.get(1), Some(Reason::BetterMove { .. })));
    }

    #[test]
    fn a_king_can_fork_two_unguarded_pieces() {
        let before = Position::from_sfen("9/9/9/9/3kpR3/9/3N5/9/K8 b - 1").expect("SFEN");
        // The rook runs, the king takes the knight.
        let reply = moves(&["6e5f", "4e1e", "5f6g"]);
        let facts = MoveFacts {
            before: &before,
            previous_to: None,
            played: Move::from_usi("9i8h").expect("move"),
            best_line: &moves(&["4e5e"]),
            reply_line: &reply,
            checked_line: &[],
            score_before: Score::Cp(2000),
            score_after: Score::Cp(500),
        };
        let found = reasons(&facts);
        assert!(
            matches!(found.first(), Some(Reason::Fork { forker, .. }) if forker.kind == PieceKind::King),
            "{found:?}"
        );
        assert_eq!(
            words::explanation(
                Language::English,
                &found[..1],
                &Voice::to_mover(Notation::Western)
            ),
            "King to 5f forks your rook and knight: K-5f R-1e Kx6g Rx5e."
        );
    }

    /// The reasons for `played` from `sfen`, with the engine's lines given.
    fn reasons_for(sfen: &str, played: &str, best: &[&str], reply: &[&str]) -> Vec<Reason> {
        reasons_checked(sfen, played, best, reply, &[])
    }

    /// [`reasons_for`] with the second look's line after the better move.
    fn reasons_checked(
        sfen: &str,
        played: &str,
        best: &[&str],
        reply: &[&str],
        checked: &[&str],
    ) -> Vec<Reason> {
        let before = Position::from_sfen(sfen).expect("test SFEN");
        let facts = MoveFacts {
            before: &before,
            previous_to: None,
            played: Move::from_usi(played).expect("move"),
            best_line: &moves(best),
            reply_line: &moves(reply),
            checked_line: &moves(checked),
            score_before: Score::Cp(0),
            score_after: Score::Cp(-600),
        };
        reasons(&facts)
    }

    /// The gain the better move is given, if it is a reason.
    fn better_gain(found: &[Reason]) -> Option<Gain> {
        found.iter().find_map(|r| match r {
            Reason::BetterMove { gain, .. } => Some(*gain),
            _ => None,
        })
    }

    fn english(found: &[Reason]) -> String {
        words::explanation(
            Language::English,
            found,
            &Voice::to_mover(Notation::Western),
        )
    }

    #[test]
    fn a_better_move_that_takes_the_piece_before_it_strikes_says_so() {
        // After K-4h the pawn on 6f takes on 6g and promotes; Px6f takes it
        // first (the bishop takes back: no material won, so the old sentence
        // was a bare "Better was Px6f").
        let sfen = "4k4/9/9/1b7/9/3p5/3P5/3G5/4K4 b - 1";
        let found = reasons_for(sfen, "5i4h", &["6g6f", "8d6f"], &["6f6g+", "6h6g"]);
        assert!(gains!(found, Gain::Forestall { .. }), "{found:?}");
        assert!(
            english(&found).contains(
                "Better was Px6f, which takes the opponent's pawn on 6f before it can play Px6g+"
            ),
            "{}",
            english(&found)
        );
        // A reply that takes nothing is not forestalled: the pawn promoting
        // on an empty 6g is the promotion reason's to name.
        let before = Position::from_sfen("4k4/9/9/9/9/3p5/2G6/9/4K4 b - 1").expect("test SFEN");
        let played = Line::legal(&before, None, &moves(&["5i4h", "6f6g+"]));
        let better = Line::legal(&before, None, &moves(&["7g6f"]));
        let first = better.first().expect("a legal better move");
        assert_eq!(forestalls(&first, &played), None);
    }

    #[test]
    fn a_strike_further_down_the_line_is_forestalled_when_it_could_be_made_at_once() {
        // The pawn on 6f could take on 6g and promote at once after K-4h;
        // the line plays two king moves first. Px6f takes it before it can.
        let sfen = "4k4/9/9/1b7/9/3p5/3P5/3G5/4K4 b - 1";
        let reply = ["5a5b", "4h3h", "5b5a", "3h4h", "6f6g+", "6h6g"];
        let found = reasons_for(sfen, "5i4h", &["6g6f", "8d6f"], &reply);
        assert!(
            english(&found)
                .contains("which takes the opponent's pawn on 6f before it can play Px6g+"),
            "{}",
            english(&found)
        );
        // A pawn that only takes a pawn, late in a line that loses a silver
        // first, is not the point.
        let sfen = "4k4/9/9/9/3p5/3P5/9/r5S2/4K4 b - 1";
        let reply = ["9h3h", "6i7i", "5a5b", "7i8i", "6e6f", "8i9i"];
        let found = reasons_for(sfen, "5i6i", &["6f6e"], &reply);
        assert!(!gains!(found, Gain::Forestall { .. }), "{found:?}");
    }

    #[test]
    fn a_piece_chased_into_a_corner_while_the_opponent_plays_elsewhere_is_trapped() {
        // P-9e drives the bishop on 9f to 8e; Gote promotes a pawn and the
        // gold takes it, then P*8d leaves the bishop with no safe square and
        // Sente can only play elsewhere before it is taken. (From a real
        // game, Gote's bishop moved from 4e to 5d out of the pawn's way, as
        // in Fairy-Stockfish's line there.)
        let sfen = "1n2k2n1/l1s1gg1sl/1rpppp1pp/p3b1p2/6P2/BpP5P/PPNPPP1P1/1G1SG1RSL/L3K2N1 w - 34";
        let best = ["9d9e", "9f8e", "8f8g+", "8h8g", "P*8d", "4g4f", "8d8e"];
        let reply = ["9f8g", "P*8f", "8g9h", "3d3e", "3h3e", "4c4d"];
        let found = reasons_for(sfen, "8f8g+", &best, &reply);
        assert!(
            english(&found)
                .contains("Better was P-9e, which traps and wins the opponent's bishop on 9f"),
            "{}",
            english(&found)
        );
        // The same line stopped before the pawn drop corners the bishop
        // claims no trap: on 8e it is safe until then.
        let found = reasons_for(sfen, "8f8g+", &best[..4], &reply);
        assert!(!english(&found).contains("traps"), "{}", english(&found));
    }

    #[test]
    fn a_piece_that_could_flee_to_a_safer_square_is_not_trapped() {
        // After G-5f the bishop on 5e has more than one safe square (Fairy-
        // Stockfish answers B-7c); the review's line picks B-4d, where it is
        // cornered later. Counting that as a trap said "G-5f traps and wins
        // the opponent's bishop on 5e" (habu_watanabe_2008, ply 27).
        let sfen = "ln1g1k1nl/1r4g2/p2pspspp/2p3p2/1p2b2P1/2PP5/PPSG1PP1P/1BG2S1R1/LN1K3NL b Pp 27";
        let best = [
            "6g5f", "5e4d", "5f4e", "4a3a", "P*5d", "5c6d", "4e4d", "4c4d",
        ];
        let reply = ["5e4d", "6i7i", "4a3a", "4h5g", "6c6d", "7g6f"];
        let said = english(&reasons_for(sfen, "6f6e", &best, &reply));
        assert!(said.contains("Better was G-5f"), "{said}");
        assert!(!said.contains("traps"), "{said}");
    }

    #[test]
    fn a_strike_left_standing_for_a_move_is_forestalled_too() {
        // After K-4h the opponent first plays K-5b, and only then does the
        // pawn on 6f take on 6g and promote: Px6f still takes it first.
        let sfen = "4k4/9/9/1b7/9/3p5/3P5/3G5/4K4 b - 1";
        let later = ["5a5b", "4h3h", "6f6g+", "6h6g"];
        let found = reasons_for(sfen, "5i4h", &["6g6f", "8d6f"], &later);
        assert!(
            english(&found).contains(
                "Better was Px6f, which takes the opponent's pawn on 6f before it can play Px6g+"
            ),
            "{}",
            english(&found)
        );
        // The mover's answer in between takes the pawn: nothing is left to
        // forestall.
        let before = Position::from_sfen(sfen).expect("test SFEN");
        let answered = ["5i4h", "5a5b", "6g6f", "8d6f"];
        let played = Line::legal(&before, None, &moves(&answered));
        let better = Line::legal(&before, None, &moves(&["6g6f", "8d6f"]));
        let first = better.first().expect("a legal better move");
        assert_eq!(forestalls(&first, &played), None);
    }

    #[test]
    fn a_piece_the_better_move_loses_too_is_not_blamed_on_the_move() {
        // P*2f lets Px2b+ win the bishop, but after the better G-3b the pawn
        // takes it just the same (G-3b Px2b+ Sx2b): the old sentence said the
        // bishop "was attacked and not defended well enough".
        let found = reasons_for(
            "4kgs2/7b1/7P1/9/9/9/9/9/4K4 w p 1",
            "P*2f",
            &["4a3b", "2c2b+", "3a2b"],
            &["2c2b+", "3a2b"],
        );
        assert!(
            matches!(found.first(), Some(Reason::BetterMove { .. })),
            "{found:?}"
        );
        assert!(!english(&found).contains("bishop"), "{}", english(&found));
    }

    #[test]
    fn a_dropped_pawn_is_not_blamed_when_the_better_move_gives_one_too() {
        // P*4d is taken by the gold; the better P*5d is taken by the same
        // gold. The old sentence said the pawn on 4d "was attacked and not
        // defended".
        let sfen = "4k4/9/4g4/9/9/9/9/9/4K4 b 2P 1";
        let found = reasons_for(sfen, "P*4d", &["P*5d", "5c5d"], &["5c4d", "5i4h"]);
        assert!(!says!(found, Reason::LeftHanging { .. }), "{found:?}");
        // When the better move keeps its pawns, the drop is to blame.
        let found = reasons_for(sfen, "P*4d", &["5i4h", "5a4a"], &["5c4d", "5i4h"]);
        assert!(
            matches!(found.first(), Some(Reason::LeftHanging { .. })),
            "{found:?}"
        );
    }

    #[test]
    fn a_piece_attacked_before_the_move_is_a_move_too_slow() {
        // The rook on 3a attacked the silver already; P-9f does nothing for
        // it and G-4h guards it.
        let found = reasons_for(
            "4k1r2/9/9/9/9/9/P5S2/9/4KG3 b - 1",
            "9g9f",
            &["4i4h", "5a4b"],
            &["3a3g+", "5i6h"],
        );
        assert!(
            matches!(found.first(), Some(Reason::TooSlow { .. })),
            "{found:?}"
        );
        assert!(
            english(&found).starts_with(
                "Too slow: your silver on 3g was already attacked; G-4h saves it first."
            ),
            "{}",
            english(&found)
        );
        let japanese = words::explanation(
            Language::Japanese,
            &found[..1],
            &Voice::to_mover(Notation::Japanese),
        );
        assert!(japanese.starts_with("一手遅れました"), "{japanese}");
    }

    #[test]
    fn a_reply_that_leaves_a_piece_no_square_is_named_as_a_trap() {
        // P-9f takes the silver's last square: P-8d then attacks it and
        // every square it could go to is guarded. The old sentence only said
        // the line won "a silver's worth of material".
        let found = reasons_for(
            "4k4/9/ppg6/9/1Sp6/9/P8/9/4K4 b - 1",
            "9g9f",
            &["8e9f", "5a4b"],
            &["8c8d", "5i4h", "8d8e"],
        );
        assert!(
            matches!(found.first(), Some(Reason::Trap { piece, .. }) if piece.kind == PieceKind::Silver),
            "{found:?}"
        );
        assert!(
            english(&found).starts_with("P-8d traps your silver on 8e: P-8d K-4h Px8e."),
            "{}",
            english(&found)
        );
    }

    #[test]
    fn a_capture_still_there_next_move_was_not_missed() {
        // R-2c+ would win the silver, and after P-9f and K-4a it still does.
        let sfen = "4k4/9/7s1/9/9/9/P8/7R1/4K4 b - 1";
        let found = reasons_for(sfen, "9g9f", &["2h2c+"], &["5a4a"]);
        assert!(!says!(found, Reason::MissedCapture { .. }), "{found:?}");
        // When the silver runs, the capture was missed.
        let found = reasons_for(sfen, "9g9f", &["2h2c+"], &["2c3d"]);
        assert!(
            matches!(found.last(), Some(Reason::MissedCapture { .. })),
            "{found:?}"
        );
    }

    #[test]
    fn a_fork_the_better_move_allows_too_is_not_blamed_on_the_move() {
        // K-5f forks rook and knight after K-8h and after K-9h alike.
        let found = reasons_for(
            "9/9/9/9/3kpR3/9/3N5/9/K8 b - 1",
            "9i8h",
            &["9i9h", "6e5f", "4e1e", "5f6g"],
            &["6e5f", "4e1e", "5f6g"],
        );
        assert!(!says!(found, Reason::Fork { .. }), "{found:?}");
    }

    #[test]
    fn what_the_move_itself_took_is_counted() {
        // Sx3f takes a silver and the pawn takes back: an even trade, which
        // the old sentence called letting the opponent win a silver.
        let found = reasons_for(
            "4k4/9/9/9/6p2/6s2/5S3/9/4K4 b - 1",
            "4g3f",
            &["5i4h"],
            &["3e3f"],
        );
        assert!(
            !says!(
                found,
                Reason::OpponentWins { .. } | Reason::LeftHanging { .. }
            ),
            "{found:?}"
        );
    }

    #[test]
    fn a_line_cut_in_the_middle_of_an_exchange_is_settled_before_counting() {
        // The reply line stops on Rx2f; the silver on 2g takes back, so the
        // pawn walked into a trade that wins nothing for the opponent.
        let found = reasons_for(
            "4k4/7r1/9/9/9/9/7S1/9/4K4 b P 1",
            "P*2f",
            &["5i4h"],
            &["2b2f"],
        );
        assert!(!says!(found, Reason::OpponentWins { .. }), "{found:?}");
    }

    #[test]
    fn a_line_in_which_the_mover_gives_a_piece_away_is_not_counted() {
        // K-5h keeps the silver guarded; the engine's line goes on with the
        // silver stepping to 4f, where the rook takes it for nothing. That
        // loss is the later weak reply's, not K-5h's: the old sentence said
        // K-5h "let the opponent win a silver's worth of material".
        let found = reasons_for(
            "4k4/9/9/5r3/9/9/5S3/9/4K4 b - 1",
            "5i5h",
            &["5i4h", "5a5b"],
            &["5a5b", "4g4f", "4d4f"],
        );
        assert!(
            !says!(
                found,
                Reason::OpponentWins { .. } | Reason::LosesMajor { .. } | Reason::Trap { .. }
            ),
            "{found:?}"
        );
        assert!(!english(&found).contains("silver"), "{}", english(&found));
        // Played straight away, the same silver step is the move's fault.
        let found = reasons_for(
            "4k4/9/9/5r3/9/9/5S3/4K4/9 b - 1",
            "4g4f",
            &["5h4h", "5a5b"],
            &["4d4f", "5h5g"],
        );
        assert!(
            matches!(found.first(), Some(Reason::LeftHanging { piece, .. }) if piece.kind == PieceKind::Silver),
            "{found:?}"
        );
    }

    #[test]
    fn no_material_lost_names_the_kings_safety() {
        // The gold leaves 7h and the rook on 9h sees 6h, 5h and 4h.
        let found = reasons_for(
            "4k4/9/9/9/9/9/P8/r1G6/4K4 b - 1",
            "7h7g",
            &["9g9f", "5a4a"],
            &["5a4a"],
        );
        assert!(
            matches!(
                found.first(),
                Some(Reason::Positional {
                    why: Positional::KingSafety {
                        attacked: 3,
                        attacked_better: 0,
                        bearing: None,
                        ..
                    },
                    ..
                })
            ),
            "{found:?}"
        );
        assert!(
            english(&found).starts_with(
                "No material is lost, but your king is weaker: after the best reply K-4a 3 squares"
            ),
            "{}",
            english(&found)
        );
    }

    #[test]
    fn a_dropped_piece_taken_at_once_is_named_whatever_the_line_wins_later() {
        // hard_vs_normal_1 ply 45: P*2c is simply taken (Gx2c). Later in the
        // reply's line Sente wins the rook for a gold elsewhere, which left
        // the old words a bare "Better was S-7i".
        let found = reasons_for(
            "ln1g4l/3sk1sg1/p2pppn2/2p3ppp/2r6/P+R6P/2NPPPP2/1BGSG1S2/L5KNL b Pb3p 45",
            "P*2c",
            &["6h7i", "P*8e", "7g8e", "B*6d", "8h7g", "7e2e", "8f7f"],
            &[
                "2b2c", "8f8a", "B*6i", "8h9g", "6i5h+", "9g7e", "7d7e", "3i2h", "5h4h",
            ],
        );
        assert!(
            english(&found).starts_with(
                "Your pawn went to 2c, where it was attacked and not defended; the opponent can \
                 take it with Gx2c."
            ),
            "{}",
            english(&found)
        );
    }

    #[test]
    fn a_fork_is_blamed_when_the_better_line_loses_another_piece_of_its_kind() {
        // normal_vs_easy_1 ply 59: after G-3f, Bx3f Rx3f B*4g forks the
        // rook and the knight on 2i. The better P-5f's line gives up the
        // knight on 7g, not the one on 2i: the old words were a bare
        // "Better was P-5f".
        let found = reasons_for(
            "1n2k2n1/l3g2sl/2r1ppgpp/1Pppb4/pS7/1pP2Pp1P/P1NPPG1P1/2GS2RSL/L3K2N1 b bp 59",
            "4g3f",
            &["5g5f", "B*8g", "7h8g", "8f8g+", "B*8b", "8g7g", "6h7g"],
            &[
                "5d3f", "3h3f", "B*4g", "B*5h", "4g2i+", "2h3g", "G*4g", "5h4g", "2i4g", "G*4h",
            ],
        );
        assert!(
            english(&found).starts_with(
                "After Bx3f Rx3f, bishop to 4g forks your knight and rook: B*4g B*5h Bx2i+."
            ),
            "{}",
            english(&found)
        );
    }

    #[test]
    fn a_pawn_dropped_in_the_rooks_way_does_not_stop_the_break_in() {
        // normal_vs_easy_56 (held-out set 7) ply 12: after G-7b the pawns
        // are exchanged on the 2-file and the rook takes the pawn dropped
        // on 2c, promoting (Fairy-Stockfish's line too); after K-4a the
        // king guards the file and the rook goes back.
        let found = reasons_for(
            "ln1gk2nl/1r1sgs1b1/ppppppppp/9/7P1/1P7/P1PPPPP1P/1B2GK1RL/LNSG2SN1 w - 12",
            "6a7b",
            &["5a4a", "2e2d", "2c2d", "2h2d", "4a3b", "P*2c", "2b3a"],
            &["2e2d", "2c2d", "2h2d", "P*2c", "2d2c+", "4b3a"],
        );
        assert_eq!(
            english(&found[..1]),
            "The opponent's rook gets into your camp: P-2d Px2d Rx2d P*2c Rx2c+ makes a dragon; \
             after K-4a it does not get in."
        );
    }

    #[test]
    fn a_pawn_dropped_where_it_is_won_soon_is_named() {
        // normal_vs_easy_54 (held-out set 7) ply 22: P*2f blocks the dragon,
        // which takes it two moves later (Fairy-Stockfish at once); after
        // P-8d no pawn is lost.
        let sfen = "lns1k2nl/1r4gb1/pppps1p2/4ppg1p/9/P8/1PPPPPP1P/1B1S3+R1/LN1GKGSNL w Pp 22";
        let best = ["8c8d", "P*2e", "8d8e", "2h2f", "5a4b", "3i3h"];
        let reply = ["8h9g", "5c6d", "2h2f", "2a1c", "6i5h", "1c2e"];
        let found = reasons_for(sfen, "P*2f", &best, &reply);
        assert!(
            english(&found)
                .starts_with("This let the opponent win your pawn on 2f: B-9g S-6d +Rx2f."),
            "{}",
            english(&found)
        );
        // A better move whose line loses a pawn too makes it no lesson.
        let found = reasons_for(sfen, "P*2f", &["P*2e", "2h2e"], &reply);
        assert!(
            !english(&found).contains("your pawn"),
            "{}",
            english(&found)
        );
    }

    #[test]
    fn a_piece_the_better_line_loses_only_in_its_settling_is_not_lost_anyway() {
        // normal_vs_easy_59 (held-out set 7) ply 54: P-9g+ is taken at once
        // by the pawn on 9h (Fairy-Stockfish's reply too). The better move's
        // line, settled, takes the pawn on 9f eleven plies on, at the end of
        // a capture race it starts: that is no reason to keep quiet.
        let sfen = "1n1k3nl/2sgg1s2/2ppppbp1/1r7/lp2P1PPP/p1PP1Gp2/1PG2P2R/PB4S1L/LN1S1K1N1 w P 54";
        let best = [
            "3c1e", "P*1f", "1e3c", "1g2g", "5c5d", "9h9g", "8e8f", "8g8f", "9f9g+", "9i9g",
            "9e9g+",
        ];
        let reply = ["9h9g", "8d9d", "4f3f", "2c2d", "2e2d", "3c5e", "4g4f"];
        let found = reasons_for(sfen, "9f9g+", &best, &reply);
        assert!(
            english(&found).starts_with("Your tokin went to 9g, where it was attacked"),
            "{}",
            english(&found)
        );
        // hard_vs_normal (set 5): the lance on 1c was attacked before 4c-4d
        // and is taken at once; L*5g attacks the rook instead, and its line
        // loses the lance too, late. "L*5g saves it first" would be false.
        let found = reasons_for(
            "lnkg3+P1/2sg5/ppp1psR1l/3p5/2NnPps2/2P1G3P/PPSP1PP2/2G1R4/LN2K1b1+p w Pblp 64",
            "4c4d",
            &[
                "L*5g", "7h6h", "5g5h+", "6h5h", "R*7i", "L*6i", "7i8i+", "5f6e", "6d6e",
            ],
            &["3c1c+", "B*4h", "5h4h", "L*5g", "5f5g", "3i4h+", "5i4h"],
        );
        assert!(!says!(found, Reason::TooSlow { .. }), "{found:?}");
    }

    #[test]
    fn a_piece_the_better_line_wins_is_named_where_the_second_look_wins_it_too() {
        // normal_vs_easy_55 (held-out set 7) ply 35: P-4e offers a pawn to
        // open the bishop's diagonal, and Bx1a+ takes the lance
        // (Fairy-Stockfish's first choice, its line too). The line wins a
        // lance for a pawn: less than "a lance's worth" claims.
        let sfen =
            "lnsk2bnl/4r1g2/pp3s1p1/2p1ppp1p/3p3g1/P1P1PP2P/1PBPG1P1L/2GS1R3/LN2K1SN1 b p 35";
        let best = [
            "4f4e", "4d4e", "7g1a+", "2a3c", "4h2h", "2e3e", "L*2f", "5d5e", "5f5e",
        ];
        let reply = ["2a3c", "4f4e", "3a5c", "7g8f", "3b4b", "8f5c+", "4b5c"];
        let checked = ["4d4e", "7g1a+", "2a3c", "4h2h", "2c2d", "5i6i"];
        let found = reasons_checked(sfen, "4h2h", &best, &reply, &checked);
        assert!(
            english(&found).contains(
                "Better was P-4e, which wins the opponent's lance on 1a (P-4e Px4e Bx1a+)"
            ),
            "{}",
            english(&found)
        );
        // Where the second look's line takes no lance, none is claimed.
        let found = reasons_checked(sfen, "4h2h", &best, &reply, &["5b5c", "4e4d"]);
        assert!(!gains!(found, Gain::Wins { .. }), "{found:?}");
    }

    #[test]
    fn a_piece_that_takes_and_promotes_instead_of_being_taken_is_forestalled() {
        // normal_vs_easy_55 (held-out set 7) ply 55: Px6f was to be had, and
        // the reply is that pawn taking on 6g and promoting. "You could have
        // taken the undefended pawn" told half of it (Fairy-Stockfish's line
        // takes the pawn a move later all the same); the threat is the point.
        let sfen = "ln1k4l/4r1g2/pp1s1snp1/2P1ppp1p/6g2/PP1pPP1PP/3PG1PRL/2GS2S2/LN2K1bN1 b BP 55";
        let best = ["6g6f", "5b7b", "8i7g", "7b7d", "5i4i", "3i5g+", "6h5g"];
        let reply = ["6f6g+", "7h6g", "6c7d", "5h4i", "3i5g+", "6h5g", "G*8h"];
        let found = reasons_for(sfen, "5i5h", &best, &reply);
        assert!(!says!(found, Reason::MissedCapture { .. }), "{found:?}");
        assert!(
            english(&found).contains(
                "Better was Px6f, which takes the opponent's pawn on 6f before it can play Px6g+"
            ),
            "{}",
            english(&found)
        );
    }

    #[test]
    fn a_piece_the_move_played_took_too_is_no_gain_of_the_better_move() {
        // hard_vs_normal_69 (held-out set 8) ply 31: Sx8h and Kx8h both take
        // the horse on 8h; what the king's line wins is that same horse, and
        // "Kx8h wins a lance's worth of material" taught nothing (Fairy-
        // Stockfish: after Sx8h, B*6i is the point).
        let found = reasons_checked(
            "ln2kgsnl/3r5/ppp1pp1pp/6p2/9/P6P1/1P1GPPP1P/1+bK3GR1/LNS3SNL b SPbg2p 31",
            "7i8h",
            &[
                "7h8h", "6b6g+", "S*7h", "6g6b", "P*7g", "B*6f", "3h4h", "G*5d",
            ],
            &["B*6i", "7h7g", "G*7h", "7g7f", "7h8h", "6g7g", "6b6h+"],
            &["6b6g+", "S*7h", "6g6a", "8i7g", "B*6f", "7i6h", "G*5h"],
        );
        assert!(!gains!(found, Gain::Material(_)), "{found:?}");
    }

    #[test]
    fn a_bishop_shut_in_but_defended_can_still_be_trapped_by_a_pawn_drop() {
        // normal_vs_easy_70 (held-out set 8) ply 14: the bishop on 2b has no
        // square to go to and the rook on 2e attacks it, but the silver
        // guards it, so it was not lost before K-5b. P*2c attacks it with a
        // pawn, and it is lost (Fairy-Stockfish's reply and line).
        let found = reasons_for(
            "lnsg2snl/r4kgb1/p1ppppp1p/1p7/7R1/2P6/PP1PPPP1P/1B3G2L/LNSGK1SN1 w Pp 14",
            "4b5b",
            &["P*2c", "P*2d", "2c2d", "2e2d", "P*2c", "2d8d"],
            &["P*2c", "9b8b", "2c2b+", "3a2b", "6i5h", "6a6b"],
        );
        assert!(
            english(&found).starts_with("P*2c traps your bishop on 2b: P*2c R-8b Px2b+ Gx2b."),
            "{}",
            english(&found)
        );
        // hard_vs_normal_30 (set 4) ply 12: the same drop, but the pawn
        // dropped on 2d then takes the rook: the bishop is paid for, and the
        // loss is the silver on 3a the tokin goes on to take.
        let found = reasons_for(
            "ln1gkgsnl/1r1s3b1/pp1p1pp1p/2p1p4/7R1/6P2/PPPPPP2P/1B3KG2/LNSG2SNL w Pp 12",
            "4a4b",
            &["1c1d", "2e2c+", "4a3b", "2c2d", "6b5c", "P*2c"],
            &["P*2c", "P*2d", "2c2b+", "2d2e", "2b3a", "R*2b", "6i7h"],
        );
        assert!(!says!(found, Reason::Trap { .. }), "{found:?}");
    }

    #[test]
    fn a_rook_let_into_the_camp_is_named() {
        // normal_vs_easy (games of the levels, seed 71) ply 13: after P-3e
        // the pawns are exchanged on the 8-file and the rook promotes on
        // 8g, which G-7h guards. A pawn is lost on the way, so no "no
        // material is lost".
        let found = reasons_for(
            "1nsg2snl/lr1kg2b1/p1pp1pppp/4p4/1p7/4P1P2/PPPPGP1PP/1B4RS1/LNSGK2NL b - 13",
            "3f3e",
            &[
                "6i7h", "3c3d", "4g4f", "8e8f", "8g8f", "8b8f", "P*8g", "8f8e", "5g6f",
            ],
            &[
                "8e8f", "8g8f", "8b8f", "7g7f", "8f8g+", "6i7h", "8g8e", "8i7g",
            ],
        );
        assert_eq!(
            english(&found[..1]),
            "The opponent's rook gets into your camp: P-8f Px8f Rx8f P-7f R-8g+ makes a dragon; \
             after G-7h it does not get in."
        );
        // The same line after a better move that lets the rook in as soon is
        // not the move's fault.
        let found = reasons_for(
            "1nsg2snl/lr1kg2b1/p1pp1pppp/4p4/1p7/4P1P2/PPPPGP1PP/1B4RS1/LNSGK2NL b - 13",
            "3f3e",
            &["9g9f", "8e8f", "8g8f", "8b8f", "7g7f", "8f8g+"],
            &[
                "8e8f", "8g8f", "8b8f", "7g7f", "8f8g+", "6i7h", "8g8e", "8i7g",
            ],
        );
        assert!(
            !says!(
                found,
                Reason::Positional {
                    why: Positional::BreakIn { .. },
                    ..
                }
            ),
            "{found:?}"
        );
    }

    #[test]
    fn a_trap_the_same_reply_sets_after_the_better_move_is_not_blamed() {
        // Hard against Normal (seed 62), ply 47: R*3f leaves the knight on
        // 3g no safe square, and after the better R*2h it does the same
        // (Fairy-Stockfish's reply to both). The old words said "R*3f traps
        // your knight on 3g".
        let found = reasons_for(
            "1nsg2snl/l1k6/pppp1p1pb/6P1p/7P1/P2PG2g1/1PP2PN1P/1B1S1S3/LN1G2K1L b R3Pr 47",
            "R*4a",
            &["R*2h", "1c6h+", "6i6h", "S*2g", "B*5c", "2g2h+", "3i2h"],
            &[
                "R*3f", "4a4c+", "2f3g", "4h3g", "3f3g+", "G*3h", "S*2h", "3i4i",
            ],
        );
        assert!(!says!(found, Reason::Trap { .. }), "{found:?}");
    }

    #[test]
    fn a_piece_the_same_reply_traps_after_the_better_move_is_not_blamed() {
        // Hard against Normal (seed 82), ply 17: P*8g shuts in the bishop
        // on 8h after G-7h, and after the better P-3f just the same
        // (Fairy-Stockfish wins it either way). The old words were "This
        // let the opponent win your bishop on 8h for a pawn".
        let found = reasons_for(
            "ln1gk2nl/1rs2sgb1/p1ppppp1p/7p1/9/9/P1PPPPPPP/1B2GSR2/LNSG1K1NL b 2p 17",
            "6i7h",
            &[
                "3g3f", "8b8g+", "3f3e", "8g8e", "7g7f", "8e7f", "8h7g", "7f8e",
            ],
            &[
                "P*8g", "4i5i", "8g8h+", "7i8h", "P*8f", "3g3f", "B*8g", "8h8g", "8f8g+",
            ],
        );
        assert!(
            !says!(
                found,
                Reason::OpponentWins { .. } | Reason::LeftHanging { .. }
            ),
            "{found:?}"
        );
    }

    #[test]
    fn a_promotion_that_attacks_a_piece_is_named_by_the_attack() {
        // Normal against Easy (seed 81), ply 34: L-9i+ attacks the knight
        // on 8i, which the line takes; "promoting to a promoted lance" was
        // true but not the point.
        let found = reasons_for(
            "1nsk1g1nl/r5sb1/1pgp1p1p1/2p3p1p/4p4/l1PP1PP1P/1PBGPG1P1/5R3/1NS1K1SNL w Plp 34",
            "L*9e",
            &[
                "9f9i+", "P*9d", "9i8i", "7i7h", "8i7i", "7g8f", "7i7h", "4h7h",
            ],
            &[
                "7i7h", "9f9h+", "5i4i", "9e9g+", "7g8f", "2b3a", "8f3a+", "4a3a",
            ],
        );
        assert!(
            english(&found).contains("Better was L-9i+, which attacks the opponent's knight on 8i"),
            "{}",
            english(&found)
        );
        // normal_vs_normal_120 ply 40: the move played was the same pawn
        // step without promoting, so the promotion is the whole point.
        let found = reasons_for(
            "l2g2knl/2bs1gsb1/n4p1pp/p1+R1p1p2/5P3/P1PpG1P2/1PN1P1NPP/3S2SR1/L2G1K2L w 3P 40",
            "6f6g",
            &[
                "6f6g+", "4e4d", "2b4d", "P*4e", "4d7g+", "6h7g", "7b6c", "7d8d", "6g7g",
            ],
            &["7d7e", "6g6h+", "6i6h", "5d5e", "5f5e", "2b5e", "7e5e"],
        );
        assert!(
            english(&found).contains("Better was P-6g+, promoting to a tokin"),
            "{}",
            english(&found)
        );
    }

    #[test]
    fn a_piece_that_never_moves_is_cornered_only_by_the_first_strokes() {
        // Hard against Normal (seed 82), ply 29: P-2c+ forks the rook and
        // the bishop; the knight on 8a the line takes eight plies later
        // was said to be trapped ("traps and wins the opponent's knight on
        // 8a"), where Fairy-Stockfish's line leaves it be.
        let found = reasons_for(
            "1n2kgsnl/1s2g1rb1/2ppppp2/7Pp/lpB4p1/6S1P/+pPPPPPP2/L6R1/1NSGKG1NL b p 29",
            "7e9g",
            &[
                "2d2c+", "9g9h", "2c3b", "3a3b", "R*9b", "L*2f", "9b8b+", "2f2h+", "8b8a",
            ],
            &[
                "P*9f", "2d2c+", "9f9g+", "2c3b", "4a3b", "9h9g", "P*9f", "R*9b",
            ],
        );
        let text = english(&found);
        assert!(!text.contains("traps"), "{text}");
        assert!(
            text.contains(
                "Better was P-2c+, which attacks the opponent's rook on 3b and bishop on 2b"
            ),
            "{text}"
        );
        // Normal against Easy (seed 71), ply 87: B*8c, the better line's
        // second stroke, checks and leaves the lance on 9b nowhere to go.
        let found = reasons_for(
            "1n1sR1+bnl/l1k1b1g2/2ppgp1s1/p3p2pp/1R3PP2/P1P3SPP/2GP3G1/5SK2/LN5NL b 3Pp 87",
            "P*8b",
            &[
                "5a3a+", "3b3a", "B*8c", "7b6b", "8c9b+", "P*8c", "9b8a", "6a7b", "8a8b",
            ],
            &[
                "8a9c", "5a3a+", "P*3g", "3h3g", "9c8e", "3a2a", "8e7g+", "8i7g", "R*4i",
            ],
        );
        assert!(
            english(&found).contains("which traps and wins the opponent's lance on 9b"),
            "{}",
            english(&found)
        );
    }

    #[test]
    fn a_rook_that_could_step_aside_is_not_called_trapped() {
        // A game of Normal against Easy (seed 71), ply 86: after P*8d
        // the rook on 8e takes the pawn and the king takes it, where it
        // could have gone back to 8h (Fairy-Stockfish's answer). The old
        // words said P*8d "traps and wins the opponent's rook on 8e".
        let found = reasons_for(
            "1n1sR1+bnl/l3b1g2/1kppgp1s1/p3p2pp/1R3PP2/P1P3SPP/2GP3G1/5SK2/LN5NL w 3Pp 86",
            "8c7b",
            &[
                "P*8d", "8e8d", "8c8d", "5a3a+", "3b3a", "B*7e", "8d7d", "7e5c+", "R*8h", "P*8e",
            ],
            &[
                "5a3a+", "P*3g", "2i3g", "3b3a", "B*8c", "7b6b", "8c9b+", "R*6i", "8e8a+",
            ],
        );
        let text = english(&found);
        assert!(!text.contains("traps"), "{text}");
        assert!(!text.contains("worth of material"), "{text}");
        // Hard against Normal (seed 72), ply 34: a bishop that runs into a
        // capture, where it had squares to go
        // to, is given away by the line: L*4e attacks it, no more.
        let found = reasons_for(
            "1n1g1g1nl/3s1ksb1/1pp2pppp/2rpp4/9/5B2P/PPSPPPPP1/4R1GS1/1N1G2KNL w Ll2p 34",
            "3c3d",
            &[
                "L*4e", "4f3e", "3c3d", "3e6b+", "6a6b", "5h7h", "2b4d", "S*3f", "7d7e",
            ],
            &["L*6f", "6b6c", "5g5f", "4b3a", "4f5g", "2b4d"],
        );
        assert!(
            english(&found).contains("Better was L*4e, which attacks the opponent's bishop on 4f"),
            "{}",
            english(&found)
        );
    }

    #[test]
    fn a_piece_the_better_line_loses_too_is_not_blamed_though_it_wins_one_back() {
        // Normal against Easy, ply 55: after R*8b the opponent's rook takes
        // the knight on 8i, but after R*7a it takes the same knight too
        // (the better line wins the opponent's knight on 8a first, so the
        // count of knights is even, and was once read as no loss).
        let found = reasons_for(
            "ln6l/3g1gs2/psp1pknpb/3p1p2p/9/P2P5/BPPGP2PP/L2SGS2L/1N2K2N1 b Rr4p 55",
            "R*8b",
            &[
                "R*7a", "R*9i", "7a8a+", "9i8i+", "N*7i", "8i9h", "9g6d", "P*6c", "6d7e",
            ],
            &[
                "8c7b", "8b8d+", "R*9i", "9g7i", "9i8i+", "9h9g", "N*4f", "5h4g",
            ],
        );
        assert!(!says!(found, Reason::OpponentWins { .. }), "{found:?}");
    }

    #[test]
    fn a_reply_taken_back_at_once_does_not_weaken_the_king() {
        // Normal against Easy, ply 39: Bx2h+ takes the rook next to the
        // king, and the king takes the horse back at once.
        let found = reasons_for(
            "lns3sn+B/2gPkg3/p1pppp2p/6pp1/9/P4+rP2/4P1NPP/3SGS1RL/LNG2K2b b L4p 39",
            "4i3i",
            &["2h3h", "4f3f", "6b6a+", "5b6a", "5h4g", "3f2g"],
            &[
                "1i2h+", "3i2h", "R*4i", "L*4g", "4f3f", "4g4c+", "5b4c", "1a2a", "3a3b",
            ],
        );
        assert!(
            !says!(
                found,
                Reason::Positional {
                    why: Positional::KingSafety { .. },
                    ..
                }
            ),
            "{found:?}"
        );
    }

    #[test]
    fn a_piece_the_opponent_can_take_at_once_attacks_nothing() {
        // Normal against Easy, ply 55: P-6a+ would attack the silver on 7a,
        // but the king takes the tokin.
        let found = reasons_for(
            "lns4n1/2gPkgs2/p1pppp2p/6pp+r/9/P5PL1/3+BPG1PP/3S1S1KL/LNG6 b Brn4p 55",
            "B*8f",
            &["6b6a+", "N*5e", "6a7a", "5e4g+", "4h4g", "7b7a", "S*3h"],
            &[
                "N*5e", "6g5f", "5e4g+", "5f4g", "7a6b", "N*8c", "P*8e", "8f7e",
            ],
        );
        assert!(!gains!(found, Gain::Attack { .. }), "{found:?}");
    }

    #[test]
    fn a_dropped_gold_that_can_be_taken_only_for_a_silver_still_attacks() {
        // Normal against Easy, ply 64: G*7h attacks the bishop on 8h and the
        // silver on 7i; Sx7h wins the gold, but the dragon takes the silver
        // back, and the line takes the bishop.
        let found = reasons_for(
            "l1g2k1nl/2r4b1/1ps1pn1p1/p1pp4p/3n5/P4P1P1/1PPGP1P1P/1B4SK1/L+rS4NL w GS2Pgp 64",
            "P*3f",
            &["G*7h", "G*6c", "7h8h", "6c7b", "7a7b"],
            &["G*6c", "3f3g+", "2i3g", "G*5a", "6c7b", "7a7b", "S*7h"],
        );
        assert!(gains!(found, Gain::Attack { .. }), "{found:?}");
    }

    #[test]
    fn a_piece_won_back_for_as_much_is_not_named_as_the_loss() {
        // Hard against Normal, ply 12: P*2c wins the bishop on 2b, but the
        // mover's pawn takes the rook on 2e for it; the loss is elsewhere.
        let found = reasons_for(
            "ln1gkgsnl/1r1s3b1/pp1p1pp1p/2p1p4/7R1/6P2/PPPPPP2P/1B3KG2/LNSG2SNL w Pp 12",
            "4a4b",
            &[
                "1c1d", "2e2c+", "4a3b", "2c2d", "6b5c", "P*2c", "2b1c", "2d1d",
            ],
            &[
                "P*2c", "P*2d", "2c2b+", "2d2e", "2b3a", "R*2b", "6i7h", "2e2f", "B*4f",
            ],
        );
        assert!(
            !says!(found, Reason::OpponentWins { cost: Some(_), .. }),
            "{found:?}"
        );
        // The bishop and the rook pay for each other: the silver the tokin
        // takes on 3a is what the move lost.
        assert!(
            english(&found).starts_with(
                "This let the opponent win your silver on 3a: P*2c P*2d Px2b+ Px2e +Px3a."
            ),
            "{}",
            english(&found)
        );
    }

    #[test]
    fn a_trade_that_opens_the_way_to_a_piece_names_that_piece() {
        // From a game: Bx6f takes a pawn, the bishops are traded, and the
        // bishop dropped on 7g drives the dragon off, takes the lance on 1a
        // and then the knight on 2a. The old words were a bare "Better was
        // P*8f": the trade that starts the line won nothing for either side.
        let found = reasons_for(
            "lnsk2snl/2g2g1b1/p1pppp2p/6pp1/2+r6/P2P1PP2/2B1P1NPP/3SGS1RL/LNG2K3 w P2p 30",
            "2b6f",
            &["P*8f", "7i7h", "7a6b", "6h6g", "7e8e", "P*8h", "3a3b"],
            &[
                "7g6f", "7e6f", "B*7g", "6f4f", "7g1a+", "B*1i", "2h3h", "2a3c",
            ],
        );
        assert!(
            english(&found).starts_with(
                "This let the opponent win your knight on 2a: Bx6f +Rx6f B*7g +Rx4f Bx1a+"
            ),
            "{}",
            english(&found)
        );
    }

    #[test]
    fn a_trap_or_a_promotion_by_a_piece_taken_at_once_is_not_claimed() {
        // Hard against Normal, ply 27: P*2b would trap the knight on 2a,
        // but the silver on 3a takes the pawn.
        let found = reasons_for(
            "ln1gkgsnl/4r4/pp1+R4p/2p3p2/9/2P3P2/PP1PPP2P/5KG2/LNS1G1SN+b b S4Pblp 27",
            "S*5c",
            &["P*2b", "L*6b", "6c5b", "4a5b", "2b2a+", "6b6g+"],
            &["B*2f", "3h3g", "5b5c", "6c7d", "L*7a", "7d3d", "2f1e"],
        );
        assert!(!gains!(found, Gain::Trap { .. }), "{found:?}");
        // Normal against Easy, ply 51: Rx3c+ is taken at once by the knight.
        let found = reasons_for(
            "l1g2k1nl/2r4b1/1ps1ppsp1/p1pp2R1p/3n3g1/P3GP3/1PPGP1P1P/1B1S2S2/LN4KNL b 2Pp 51",
            "5f4e",
            &[
                "3d3c+", "2a3c", "P*6i", "7b4b", "7g7f", "2e3e", "3g3f", "3e3f",
            ],
            &[
                "6e5g+", "6h5g", "3c3d", "4e3d", "R*6i", "N*4i", "6i6g+", "P*5d",
            ],
        );
        assert!(!gains!(found, Gain::Promotion(_)), "{found:?}");
    }

    #[test]
    fn a_promotion_that_takes_a_pawn_is_still_a_threat() {
        // Normal against Easy, ply 14: P-8f threatens Px8g+, a tokin that
        // takes a pawn and attacks the bishop on 8h.
        let found = reasons_for(
            "lnsgkgsnl/1r5b1/3pppppp/p1p6/1p7/2P1PP1P1/PP1P2P1P/1B2GGR2/LNS1K1SNL w - 14",
            "4a3b",
            &[
                "8e8f", "8h5e", "8f8g+", "5e8b+", "7a8b", "5i4i", "6a7a", "R*8d", "P*8f",
            ],
            &[
                "7i7h", "3c3d", "7h7g", "1c1d", "3g3f", "6a5b", "3f3e", "3d3e",
            ],
        );
        assert!(
            english(&found).contains(
                "Better was P-8f, which threatens Px8g+, attacking the opponent's bishop on 8h"
            ),
            "{}",
            english(&found)
        );
        // Hard against Normal, ply 29: after B-9g, P*9f "threatens Px9g+"
        // only in that it takes the bishop there: that is the bishop lost,
        // not a threat of what the tokin would attack next.
        let found = reasons_for(
            "1n2kgsnl/1s2g1rb1/2ppppp2/7Pp/lpB4p1/6S1P/+pPPPPPP2/L6R1/1NSGKG1NL b p 29",
            "7e9g",
            &[
                "2d2c+", "9g9h", "2c3b", "3a3b", "R*9b", "L*2f", "9b8b+", "2f2h+", "8b8a",
            ],
            &[
                "P*9f", "2d2c+", "9f9g+", "2c3b", "4a3b", "9h9g", "P*9f", "R*9b",
            ],
        );
        assert!(
            !says!(
                found,
                Reason::Positional {
                    why: Positional::ReplyThreat { .. },
                    ..
                }
            ),
            "{found:?}"
        );
    }

    #[test]
    fn a_reply_that_attacks_a_piece_the_move_uncovered_is_named() {
        // Normal against Easy, ply 15: P-3f opens the diagonal from 5e to
        // the rook on 2h, and B-5e attacks it; after G-5h the pawn on 3g
        // still shuts the bishop out.
        let sfen = "lnsgg1knl/1r4sb1/ppppp2pp/6p2/5p3/2PP5/PPG1PPPPP/LBS4RL/1N2KGSN1 b - 15";
        let best = [
            "4i5h", "6c6d", "2g2f", "8b4b", "2f2e", "4e4f", "4g4f", "4b4f",
        ];
        let reply = [
            "2b5e", "4i4h", "5e2h+", "3i2h", "8b4b", "B*5f", "7a8b", "9g9f", "6c6d",
        ];
        let found = reasons_for(sfen, "3g3f", &best, &reply);
        assert_eq!(
            english(&found[..1]),
            "No material is lost, but the best reply B-5e attacks your rook on 2h (B-5e G-4h \
             Bx2h+); after G-5h and the best reply it is not attacked."
        );
        let sq = |name: &str| Square::parse(name).expect("sq");
        assert_eq!(found[0].squares(), [sq("5h"), sq("2h")], "{found:?}");
        // A better move that takes the rook itself out of the way is
        // followed there: after R-4h it is not attacked.
        let found = reasons_for(sfen, "3g3f", &["2h4h", "6c6d"], &reply);
        assert!(
            english(&found[..1]).ends_with("after R-4h and the best reply it is not attacked."),
            "{found:?}"
        );
        // Had the mover's answer moved the rook away, the rook would be
        // driven off, not left attacked.
        let mut fled = reply;
        fled[1] = "2h3h";
        let found = reasons_for(sfen, "3g3f", &best, &fled[..2]);
        assert!(
            !says!(
                found,
                Reason::Positional {
                    why: Positional::Attacked { .. },
                    ..
                }
            ),
            "{found:?}"
        );
    }

    #[test]
    fn a_reply_that_sets_up_a_forking_promotion_is_named() {
        // After K-4a, P*2d threatens P-2c+, a tokin attacking the rook on 3b
        // and the bishop on 2b; after S-1b the silver guards 2c.
        let sfen = "4k3s/6rb1/9/9/9/9/9/9/4K4 w P 1";
        let found = reasons_for(sfen, "5a4a", &["1a1b", "P*2d"], &["P*2d", "4a5a", "2d2c+"]);
        assert_eq!(
            english(&found[..1]),
            "No material is lost, but the best reply P*2d threatens P-2c+, attacking your rook \
             on 3b and bishop on 2b (P*2d K-5a P-2c+); after S-1b and the best reply there is \
             no such threat."
        );
        assert_eq!(
            japanese(&found[..1]),
            "駒損はありませんが、最善の応手▲２四歩で▲２三歩成からあなたの３二の飛と２二の角に\
             当てる狙いが生じます（▲２四歩 △５一玉 ▲２三歩成）。△１二銀なら最善の応手の後も\
             その狙いはありませんでした。"
        );
        // The board outlines the better move's square and the two pieces threatened.
        let sq = |name: &str| Square::parse(name).expect("sq");
        assert_eq!(
            found[0].squares(),
            [sq("1b"), sq("3b"), sq("2b")],
            "{found:?}"
        );
        // A better move that leaves 2c unguarded leaves the same threat: not blamed.
        let found = reasons_for(sfen, "5a4a", &["5a5b", "P*2d"], &["P*2d", "4a5a", "2d2c+"]);
        assert!(
            !says!(
                found,
                Reason::Positional {
                    why: Positional::ReplyThreat { .. },
                    ..
                }
            ),
            "{found:?}"
        );
    }

    #[test]
    fn a_better_move_that_sets_up_a_forking_promotion_says_what_it_threatens() {
        // P*2d threatens P-2c+, a tokin attacking the rook on 3b and the
        // bishop on 2b: the pawn drop itself attacks nothing.
        let found = reasons_for(
            "4k4/6rb1/9/9/9/9/9/7R1/4K4 b P 1",
            "5i4h",
            &["P*2d", "5a4a", "2d2c+"],
            &["5a4a", "4h3h"],
        );
        assert_eq!(
            english(&found[found.len() - 1..]),
            "Better was P*2d, which threatens P-2c+, attacking the opponent's rook on 3b and \
             bishop on 2b (P*2d K-4a P-2c+): it keeps your chance to win at 50% instead of 27%."
        );
        // With the pawn on 2d already, the same promotion was there to be
        // played before the better move: it sets up nothing.
        let found = reasons_for(
            "4k4/6rb1/9/7P1/9/9/9/7R1/4K4 b - 1",
            "5i4h",
            &["2h2f", "5a4a", "2d2c+"],
            &["5a4a", "4h3h"],
        );
        assert!(!gains!(found, Gain::Threat { .. }), "{found:?}");
        // Normal against Easy (seed 71), ply 60: G-4f would attack the rook
        // on 3g and the silver on 3f, but not as a fork the fork reason
        // counts (two pieces it could win, the gold not simply taken):
        // no threat is named.
        let found = reasons_for(
            "1n1s3nl/l1k3gb1/1rpp1p1s1/p2g3pp/1p2PPP2/P1PBp1SPP/1P1P2RG1/2G2S3/LN4KNL w P 60",
            "2b5e",
            &[
                "6d5e", "6f7g", "5e4f", "3g3h", "5f5g+", "7g2b+", "3b2b", "B*5c", "6a6b",
            ],
            &[
                "6f5e", "6d5e", "B*7g", "B*4f", "P*5i", "8e8f", "8g8f", "4f3g+",
            ],
        );
        assert!(!gains!(found, Gain::Threat { .. }), "{found:?}");
        // normal_vs_easy_1 ply 32: B*5e; nothing stops B-1i+, which attacks
        // the knight on 2i and the lance on 1h (Fairy-Stockfish lets it
        // through after each of its three best answers).
        let found = reasons_for(
            "1n2k2n1/l1s1gg1sl/1rpppp1pp/p5p2/6P2/BpP5P/PPNPPP1P1/1G1SG1R1L/L3K1SN1 w b 32",
            "B*4e",
            &["B*5e", "8g8f", "5e1i+", "2i3g", "3d3e", "9f8e", "3e3f"],
            &[
                "3i2h", "9d9e", "9f8e", "8f8g+", "8h8g", "8a9c", "4g4f", "9c8e",
            ],
        );
        assert!(
            english(&found).contains(
                "Better was B*5e, which threatens B-1i+, attacking the opponent's knight on 2i \
                 and lance on 1h"
            ),
            "{}",
            english(&found)
        );
    }

    #[test]
    fn a_better_move_that_gets_the_rook_in_says_so() {
        // A game of Normal against Easy (seed 61), ply 14: P-8f exchanges
        // the pawns and the rook promotes on 8g (Fairy-Stockfish's first
        // choice, +420 for Gote against -255 after S-3b).
        let sfen = "lnsgg1snl/1r2k2b1/p1p1ppp1p/3p3p1/1p7/2P2P3/PP1PP1PPP/1BR2KGS1/LNSG3NL w - 14";
        let found = reasons_for(
            sfen,
            "3a3b",
            &[
                "8e8f", "8g8f", "8b8f", "7i6h", "8f8g+", "4h3i", "3c3d", "6g6f", "8g8e",
            ],
            &[
                "8h7g", "6a6b", "5g5f", "7c7d", "4h4i", "5b6a", "3g3f", "6b6c", "1g1f",
            ],
        );
        assert!(
            english(&found).contains(
                "Better was P-8f, which gets your rook into the opponent's camp (P-8f Px8f Rx8f \
                 S-6h R-8g+)"
            ),
            "{}",
            english(&found)
        );
    }

    #[test]
    fn the_piece_a_reply_brings_against_the_king_is_named() {
        // hard_vs_normal_1 ply 49: N*8g spends the move; R-2e swings the
        // rook to the file next to the king on 3i, where K-4h would have
        // kept every square beside it free.
        let found = reasons_for(
            "l+R1g4l/3sk2g1/p2pppns1/2p3ppp/2r6/P7P/2NPPPP2/1BGSG1S2/L2b2KNL b N4p 49",
            "N*8g",
            &["3i4h", "6i7h+", "8h9g", "6a7a", "8a9a", "7e2e", "N*6e"],
            &["7e2e", "8a9a", "6i5h+", "L*2g", "G*4h", "3i2h", "2e3e"],
        );
        assert!(
            matches!(
                found.first(),
                Some(Reason::Positional {
                    why: Positional::KingSafety { bearing: Some(piece), .. },
                    ..
                }) if piece.kind == PieceKind::Rook
            ),
            "{found:?}"
        );
        assert!(
            english(&found)
                .contains("the best reply R-2e brings the opponent's rook to bear on it"),
            "{}",
            english(&found)
        );
    }

    #[test]
    fn a_guard_taken_off_the_square_the_reply_goes_to_is_named() {
        // The silver on 6h guards 5g; on 7g it does not, and G*5g comes in
        // free. After P-9f the same drop would be taken.
        let sfen = "4k4/9/9/9/9/9/P8/3S5/4K4 b g 1";
        let found = reasons_for(sfen, "6h7g", &["9g9f", "5a4a"], &["G*5g", "5i4i"]);
        assert!(
            matches!(
                found.first(),
                Some(Reason::Positional {
                    why: Positional::Unguarded { square, .. },
                    ..
                }) if *square == Square::parse("5g").expect("sq")
            ),
            "{found:?}"
        );
        assert_eq!(
            english(&found[..1]),
            "No material is lost, but your silver left 6h and no longer guards 5g: the opponent \
             answers G*5g, which after P-9f would lose material."
        );
        // Hard against Normal (seed 62), ply 22: S-4c attacks the bishop but
        // leaves the pawn on 2c to Rx2c+, which P-5d keeps guarded. The
        // reply takes a pawn, so "no material is lost" is not said.
        let found = reasons_for(
            "ln1k3nl/r1gs1gsb1/ppppp1ppp/5B3/7R1/2P2P3/PP1PP1P1P/2GK1S3/LNS2G1NL w 2P 22",
            "3b4c",
            &[
                "5c5d", "4d6f", "4b4c", "6h5i", "4c3d", "2e2g", "7c7d", "3g3f",
            ],
            &[
                "2e2c+", "4b3b", "2c2d", "4c4d", "2d4d", "B*4c", "P*2c", "2b3a", "S*2b",
            ],
        );
        assert!(
            english(&found).starts_with(
                "Your silver left 3b and no longer guards 2c: the opponent answers Rx2c+, which \
                 after P-5d would lose material."
            ),
            "{}",
            english(&found)
        );
        // A better move that takes the silver off 6h as well guards 5g no
        // better: the drop is not the move's fault.
        let found = reasons_for(sfen, "6h7g", &["6h6g", "5a4a"], &["G*5g", "5i4i"]);
        assert!(
            !says!(
                found,
                Reason::Positional {
                    why: Positional::Unguarded { .. },
                    ..
                }
            ),
            "{found:?}"
        );
    }

    fn japanese(found: &[Reason]) -> String {
        words::explanation(
            Language::Japanese,
            found,
            &Voice::to_mover(Notation::Japanese),
        )
    }

    #[test]
    fn a_reply_that_threatens_mate_is_named_when_the_better_move_allows_none() {
        // P*5g takes 5h under guard: G*5h would mate. After K-4h and K-4a
        // no mate is threatened. Nothing material changes hands, and the
        // old explanation was a bare "Better was K-4h".
        let found = reasons_for(
            "4k4/9/9/9/9/9/P8/9/4K4 b gp 1",
            "9g9f",
            &["5i4h", "5a4a"],
            &["P*5g"],
        );
        let Some(Reason::Positional {
            why: Positional::ThreatAllowed { reply, threat },
            ..
        }) = found.first()
        else {
            panic!("no mate threat named: {found:?}");
        };
        assert_eq!(reply.mv, Move::from_usi("P*5g").expect("move"));
        assert_eq!(threat.moves, moves(&["G*5h"]));
        assert!(
            english(&found).starts_with(
                "No material is lost, but P*5g threatens mate in 1 (G*5h); after K-4h"
            ),
            "{}",
            english(&found)
        );
        let japanese = japanese(&found[..1]);
        assert!(
            japanese.starts_with("駒損はありませんが、") && japanese.contains("詰めろ（1手詰"),
            "{japanese}"
        );
        // When the better move's line allows the same threat, it is not the
        // move's fault.
        let found = reasons_for(
            "4k4/9/9/9/9/9/P7P/9/4K4 b gp 1",
            "9g9f",
            &["1g1f", "P*5g"],
            &["P*5g"],
        );
        assert!(
            !says!(
                found,
                Reason::Positional {
                    why: Positional::ThreatAllowed { .. },
                    ..
                }
            ),
            "{found:?}"
        );
    }

    #[test]
    fn a_better_move_that_threatens_mate_is_named() {
        // P*5c guards 5b, so G*5b would mate; P-9f threatens nothing.
        let found = reasons_for(
            "4k4/9/9/9/9/9/P8/9/4K4 b GP 1",
            "9g9f",
            &["P*5c", "5a4a"],
            &["5a4b"],
        );
        let Some(Reason::Positional {
            why: Positional::MissedThreat { threat },
            ..
        }) = found.first()
        else {
            panic!("no missed threat named: {found:?}");
        };
        assert_eq!(threat.moves, moves(&["G*5b"]));
        assert!(
            english(&found).starts_with(
                "No material is lost, but the attack slows down: P*5c would have threatened mate in 1 (G*5b)"
            ),
            "{}",
            english(&found)
        );
        let japanese = japanese(&found[..1]);
        assert!(japanese.contains("詰めろ（1手詰"), "{japanese}");
        // When the move played keeps the same threat (the pawn on 5c is
        // already there), nothing is missed.
        let found = reasons_for(
            "4k4/9/4P4/9/9/9/P8/9/4K4 b G 1",
            "9g9f",
            &["5i4h", "5a4a"],
            &["5a4b"],
        );
        assert!(
            !says!(
                found,
                Reason::Positional {
                    why: Positional::MissedThreat { .. },
                    ..
                }
            ),
            "{found:?}"
        );
    }

    #[test]
    fn a_promotion_the_better_move_prevents_is_named() {
        // P-2g+ promotes; after G-3h the gold would take the tokin.
        let sfen = "4k4/9/9/9/9/7p1/P8/9/4K1G2 b - 1";
        let found = reasons_for(sfen, "9g9f", &["3i3h", "5a4a"], &["2f2g+"]);
        assert!(
            matches!(
                found.first(),
                Some(Reason::Positional {
                    why: Positional::PromotionAllowed { .. },
                    ..
                })
            ),
            "{found:?}"
        );
        assert!(
            english(&found).starts_with("The opponent can promote a pawn to a"),
            "{}",
            english(&found)
        );
        assert!(
            japanese(&found[..1]).contains("成られます"),
            "{}",
            japanese(&found[..1])
        );
        // A better move that leaves the promotion safe does not prevent it.
        let found = reasons_for(sfen, "9g9f", &["5i4h", "5a4a"], &["2f2g+"]);
        assert!(
            !says!(
                found,
                Reason::Positional {
                    why: Positional::PromotionAllowed { .. },
                    ..
                }
            ),
            "{found:?}"
        );
    }

    #[test]
    fn a_better_move_that_hunts_down_a_piece_says_so() {
        // From a game: P-2f attacks the rook on 2e, and it is chased along
        // the edge until the lance takes it; after P-9e the rook gets away
        // to 4e. The old words were a bare "Better was P-2f (P-2f R-1e P-1f)".
        let sfen = "ln1k3nl/4g1sb1/1p1sp3p/p2pgppp1/7r1/P1PPPPP2/1PNG2SPP/1BS1R4/L3K1GNL b p 41";
        let best = [
            "2g2f", "2e1e", "1g1f", "1e1d", "1f1e", "1d1e", "1i1e", "1c1d",
        ];
        let reply = ["2e4e", "3g2h"];
        let found = reasons_for(sfen, "9f9e", &best, &reply);
        let gain = better_gain(&found);
        assert!(
            matches!(gain, Some(Gain::Trap { piece, square }) if piece.kind == PieceKind::Rook && square == Square::parse("2e").expect("sq")),
            "{found:?}"
        );
        assert!(
            english(&found)
                .contains("Better was P-2f, which traps and wins the opponent's rook on 2e"),
            "{}",
            english(&found)
        );
        let japanese = japanese(&found);
        assert!(japanese.contains("飛を追い詰めて取る"), "{japanese}");
        // When the better line lets the rook go, no trap is named; nor when
        // the move played loses the rook as well (the knight takes it in the
        // game's line after S-2h).
        let found = reasons_for(sfen, "9f9e", &["2g2f", "2e4e", "4f4e"], &reply);
        assert!(!gains!(found, Gain::Trap { .. }), "{found:?}");
        let taken_anyway = ["4d4e", "2i3g", "4e4f", "3g2e", "4f4g+", "5h6h"];
        let found = reasons_for(sfen, "3g2h", &best, &taken_anyway);
        assert!(!gains!(found, Gain::Trap { .. }), "{found:?}");
    }

    #[test]
    fn a_piece_taken_beyond_the_shown_line_was_not_trapped() {
        // P-2d attacks the knight on 2c, and 1e and 3e are guarded: it is
        // trapped. Taken within the line's first seven plies it is won by the
        // move; taken only after (where the captures that settle a line's
        // end run on), it was not what the move won.
        let before = Position::from_sfen("4k4/9/7n1/9/7P1/6P1P/9/9/4K4 b - 1").expect("sfen");
        let shuffle = ["5a4a", "5i4h", "4a5a", "4h5i", "5a4a", "5i4h", "4a5a"];
        let hunt = |waits: usize| {
            let mut moves = vec![Move::from_usi("2e2d").expect("move")];
            moves.extend(self::moves(&shuffle[..waits]));
            moves.push(Move::from_usi("2d2c+").expect("move"));
            let line = Line::legal(&before, None, &moves);
            let better = line.first().expect("better move");
            traps(&Line::legal(&before, None, &[]), &better, &line)
        };
        let knight = Some((
            Piece::new(Color::Gote, PieceKind::Knight),
            Square::parse("2c").expect("square"),
        ));
        assert_eq!(hunt(5), knight);
        assert_eq!(hunt(7), None);
    }

    #[test]
    fn material_the_second_look_does_not_see_won_is_not_claimed() {
        // N*3d forks the rook and the bishop; the review's line lets the bishop go (R-2h
        // Nx4b+). The second look, a search of the position after N*3d alone, answers Sx3d:
        // nothing is won on it, and no win of material is claimed.
        let gain_with = |checked: &[&str]| {
            better_gain(&reasons_checked(
                "k8/5b1r1/6s2/9/9/9/9/9/4K4 b N 1",
                "5i4h",
                &["N*3d", "2b2h", "3d4b+"],
                &["9a8a"],
                checked,
            ))
        };
        assert!(matches!(gain_with(&[]), Some(Gain::Material(_))));
        let seen_otherwise = gain_with(&["3c3d", "5i4h"]);
        assert!(
            !matches!(seen_otherwise, Some(Gain::Material(_))),
            "{seen_otherwise:?}"
        );
        // A second look that wins the bishop as well leaves the claim.
        assert!(matches!(
            gain_with(&["2b2h", "3d4b+"]),
            Some(Gain::Material(_))
        ));
    }

    #[test]
    fn a_trap_the_second_look_does_not_take_the_piece_on_is_not_claimed() {
        // The rook hunt above, where the second look's line stops with the rook on 1e.
        let best = [
            "2g2f", "2e1e", "1g1f", "1e1d", "1f1e", "1d1e", "1i1e", "1c1d",
        ];
        let trapped_with = |checked: &[&str]| {
            let found = reasons_checked(
                "ln1k3nl/4g1sb1/1p1sp3p/p2pgppp1/7r1/P1PPPPP2/1PNG2SPP/1BS1R4/L3K1GNL b p 41",
                "9f9e",
                &best,
                &["2e4e", "3g2h"],
                checked,
            );
            matches!(better_gain(&found), Some(Gain::Trap { .. }))
        };
        assert!(trapped_with(&best[1..]));
        assert!(!trapped_with(&["2e1e"]));
    }

    #[test]
    fn a_better_move_that_takes_a_piece_names_it() {
        // Sx2d takes the silver and the pawn takes back: nothing is kept,
        // but the piece the better move takes is what it is for. The old
        // words were a bare "Better was Sx2d".
        let sfen = "4k4/9/7p1/7s1/6S2/9/9/9/4K4 b - 1";
        let found = reasons_for(sfen, "5i4h", &["3e2d", "2c2d"], &["5a4b"]);
        assert!(
            gains!(
                found,
                Gain::Takes {
                    promotes: false,
                    ..
                }
            ),
            "{found:?}"
        );
        assert!(
            english(&found).contains("Better was Sx2d, which takes the opponent's silver on 2d"),
            "{}",
            english(&found)
        );
        assert!(
            japanese(&found).contains("相手の２四の銀を取る手"),
            "{}",
            japanese(&found)
        );
        // A move played that takes the same piece with another leaves
        // nothing to name.
        let sfen = "4k4/9/7p1/7s1/6SP1/9/9/9/4K4 b - 1";
        let found = reasons_for(sfen, "2e2d", &["3e2d", "2c2d"], &["2c2d"]);
        assert!(!gains!(found, Gain::Takes { .. }), "{found:?}");
        // A capture that promotes says so.
        let found = reasons_for(
            "4k4/7p1/7s1/6S2/9/9/9/9/4K4 b - 1",
            "5i4h",
            &["3d2c+", "2b2c"],
            &["5a4b"],
        );
        assert!(
            english(&found).contains("which takes the opponent's silver on 2c and promotes"),
            "{}",
            english(&found)
        );
    }

    #[test]
    fn a_piece_that_takes_one_as_good_on_its_way_is_traded_not_trapped() {
        // From a game: after P-7f the bishop on 3c is attacked and takes the
        // bishop on 8h, and the gold takes back: a trade, which an earlier
        // version called "traps and wins the opponent's bishop on 3c".
        let found = reasons_for(
            "lnkg1g1nl/1sr3s2/pp3pbpp/2ppp1p2/5P3/1P2P1P2/P1PPG3P/1B1S3R1/LNG2KSNL b p 27",
            "5f5e",
            &[
                "7g7f", "3c8h+", "7i8h", "B*3c", "6g6f", "6a6b", "8i7g", "7d7e",
            ],
            &["3c5e", "2h1h", "5e3c", "1h2h"],
        );
        assert!(!gains!(found, Gain::Trap { .. }), "{found:?}");
        assert!(!english(&found).contains("traps"), "{}", english(&found));
    }

    #[test]
    fn a_trade_at_the_end_of_a_line_is_not_counted_as_a_win() {
        // Sente takes the bishop with its bishop; the line stops before Gote
        // takes back. Counted over whole exchanges, nothing is won.
        let start = Position::startpos();
        let line = Line::legal(&start, None, &moves(&["7g7f", "3c3d", "8h2b+"]));
        assert!(material_balance(&line, Color::Sente) > 0);
        let whole = line.truncated(line.moves.len() / 2 * 2);
        assert_eq!(material_balance(&whole, Color::Sente), 0);
    }

    #[test]
    fn an_engine_line_is_cut_at_its_first_illegal_move() {
        let start = Position::startpos();
        let line = Line::legal(&start, None, &moves(&["7g7f", "7g7f", "3c3d"]));
        assert_eq!(line.moves.len(), 1);
    }
}
