//! The claims the review makes about a move, as data: why it was bad
//! ([`Reason`]), what the position shows when no material is lost
//! ([`Positional`]), and what a better move achieves ([`Gain`]). Each is
//! found from the analysis by one room of this module and put into words,
//! in every language, by [`crate::review::words`].

use super::facts::*;
use crate::rules::formation::Castle;

/// One reason a move was bad.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// The opponent can now force mate in `plies` (its line, from after
    /// the move); `behind` when the mover was already behind, where the
    /// curve alone would not have flagged the move.
    AllowsMate {
        plies: u32,
        line: Line,
        behind: bool,
    },
    /// The mover was already behind, and the move lost at least a silver's
    /// worth more (the mover's scores before and after it): a mistake the
    /// win-chance curve, flat there, would let pass.
    Behind { before: Score, after: Score },
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
    /// `cost` (nothing when `None`); `later` when it falls only past the
    /// plies a line is shown (the line runs up to its capture).
    OpponentWins {
        line: Line,
        piece: Piece,
        square: Square,
        cost: Option<PieceKind>,
        later: bool,
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
    /// With `line`, the reply does not take it at once: the piece stays
    /// where it stood and the opponent's line (from after the move, up to
    /// the capture) takes it.
    TooSlow {
        better: Step,
        piece: Piece,
        square: Square,
        line: Option<Box<Line>>,
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

/// What the better move does against a rook or bishop let in
/// ([`Positional::BreakIn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The piece it moves or drops attacks the square the rook or bishop
    /// promotes on.
    Guards,
    /// It stands on that square, or between it and where the rook or bishop
    /// comes from.
    Blocks,
    /// Neither: its line lets no rook or bishop in all the same.
    Otherwise,
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
    /// The opponent's rook or bishop gets into the mover's camp after the
    /// move `played`: within the first moves of the opponent's line, the
    /// material even on the way, it promotes without loss and keeps the
    /// promoted piece to the settled end of the line, the opponent having
    /// paid nothing for it (`line`, from after the move, ends with the
    /// promotion); the better move's line lets no rook or bishop of the
    /// opponent's promote. `file`: the file a rook comes up to promote,
    /// where it does; `stop`: what the better move does there.
    BreakIn {
        played: Box<Step>,
        promoted: Piece,
        file: Option<u8>,
        line: Box<Line>,
        stop: Stop,
    },
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
    /// The race to mate lost by a move: the move played threatens no mate,
    /// the opponent's best reply `reply` threatens one (`theirs`, from after
    /// the reply, were the mover to pass), and the better move threatened
    /// mate first (`ours`, from after it, were the opponent to pass), with
    /// no mate threatened against the mover after the reply to it.
    Race {
        reply: Box<Step>,
        theirs: Box<Line>,
        ours: Box<Line>,
    },
    /// A defender pulled away from the king: the move took `piece` (from
    /// `from`) off guard of `square`, next to the mover's king and guarded
    /// by no other of its pieces; the opponent's best reply `reply` comes in
    /// by that square with check or a mate threat, which after the better
    /// move and the reply to it the mover's king does not face.
    Shelter {
        piece: Piece,
        from: Square,
        square: Square,
        reply: Box<Step>,
    },
    /// The better move gives check: it keeps the initiative.
    Tempo,
    /// In the opening, the move takes `piece` off `from`, one of the squares
    /// of the mover's `castle`, which then no longer stands and is not
    /// rebuilt in the opponent's line; after the better move it stands.
    Castle {
        castle: Castle,
        piece: Piece,
        from: Square,
    },
    /// In the opening, the opponent (a static rook, its rook pawn pushed)
    /// exchanges its rook pawn at once: `line`, from its reply, pushes the
    /// pawn on its rook's file and ends with the rook taking on `square`,
    /// on that file; the better move's line makes no such exchange as soon.
    RookPawn { line: Box<Line>, square: Square },
    /// The opponent's best reply `reply` (not a capture) threatens to win
    /// the mover's `piece` on `square` by `capture`: were the mover to pass,
    /// it wins a lance's worth or more by static exchange, which it could
    /// not before the reply; after the better move and the reply to it the
    /// same piece could not be won so, and nothing else for nearly as much.
    /// The words claim nothing about material lost or not.
    Threatened {
        reply: Box<Step>,
        piece: Piece,
        square: Square,
        capture: Move,
    },
}

impl Positional {
    /// The mover's pieces the reason is about, beside the better move's square.
    fn squares(&self) -> Vec<Square> {
        match self {
            Positional::Attacked { square, .. } | Positional::DrivenOff { square, .. } => {
                vec![*square]
            }
            Positional::Shelter { from, square, .. } => vec![*from, *square],
            Positional::Castle { from, .. } => vec![*from],
            Positional::RookPawn { square, .. } => vec![*square],
            Positional::Threatened { square, .. } => vec![*square],
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
    /// material: the opponent's best reply to `played` (the move played).
    Forestall {
        piece: Piece,
        square: Square,
        played: Move,
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
    /// In the opening, it completes the mover's castle, which the move
    /// played does not, and which stands at the end of its line where the
    /// move played's line has none.
    Castle(Castle),
    /// It threatens to win the opponent's `piece` on `square` by `capture`:
    /// were the opponent to pass, that capture wins a lance's worth or more
    /// by static exchange; before the better move the piece could not be
    /// won so, nor after the move played were the opponent to pass.
    Threatens {
        piece: Piece,
        square: Square,
        capture: Move,
    },
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
            Reason::Behind { .. } => Vec::new(),
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
            Reason::Behind { .. } => None,
        }
    }
}

/// A claim's kind: what the audit counts the verifier's verdicts by, and
/// what is switched off as a whole while the verifier upholds too few of
/// its claims on games the rules were not written on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    AllowsMate,
    Behind,
    MissedMate,
    LeftHanging,
    Fork,
    ForkAfterExchange,
    Trap,
    TrapChased,
    LosesMajor,
    OpponentWins,
    OpponentWinsLater,
    MissedCapture,
    TooSlow,
    TooSlowLater,
    ThreatAllowed,
    MissedThreat,
    PromotionAllowed,
    KingSafety,
    Tempo,
    DrivenOff,
    Attacked,
    Unguarded,
    BreakIn,
    ReplyThreat,
    Race,
    Shelter,
    Castle,
    RookPawn,
    ReplyThreatens,
    BetterMaterial,
    BetterCapture,
    BetterWins,
    BetterTakes,
    BetterTrap,
    BetterAttack,
    BetterForestall,
    BetterThreat,
    BetterBreakIn,
    BetterThreatens,
    BetterCheck,
    BetterPromotion,
    BetterCastle,
    BetterPlain,
}

impl Kind {
    /// A short name for tables ("left hanging", "better: attacks a piece").
    pub fn name(self) -> &'static str {
        match self {
            Kind::AllowsMate => "allows mate",
            Kind::Behind => "already behind",
            Kind::MissedMate => "missed mate",
            Kind::LeftHanging => "left hanging",
            Kind::Fork => "fork",
            Kind::ForkAfterExchange => "fork after exchange",
            Kind::Trap => "trap",
            Kind::TrapChased => "trap: chased",
            Kind::LosesMajor => "loses rook/bishop",
            Kind::OpponentWins => "let win material",
            Kind::OpponentWinsLater => "let win material: later",
            Kind::MissedCapture => "missed capture",
            Kind::TooSlow => "too slow: covers first",
            Kind::TooSlowLater => "too slow: taken later",
            Kind::ThreatAllowed => "positional: threat allowed",
            Kind::MissedThreat => "positional: missed threat",
            Kind::PromotionAllowed => "positional: promotion",
            Kind::KingSafety => "positional: king safety",
            Kind::Tempo => "positional: tempo",
            Kind::DrivenOff => "positional: driven off",
            Kind::Attacked => "positional: attacked",
            Kind::Unguarded => "positional: guard taken off",
            Kind::BreakIn => "positional: break-in",
            Kind::ReplyThreat => "positional: reply threatens",
            Kind::Race => "positional: race",
            Kind::Shelter => "positional: shelter",
            Kind::Castle => "positional: castle broken",
            Kind::RookPawn => "positional: rook pawn exchange",
            Kind::ReplyThreatens => "positional: reply threatens to win",
            Kind::BetterMaterial => "better: wins material",
            Kind::BetterCapture => "better: wins a piece",
            Kind::BetterWins => "better: wins a small piece",
            Kind::BetterTakes => "better: takes a piece",
            Kind::BetterTrap => "better: traps",
            Kind::BetterAttack => "better: attacks a piece",
            Kind::BetterForestall => "better: forestalls",
            Kind::BetterThreat => "better: sets up a threat",
            Kind::BetterBreakIn => "better: breaks in",
            Kind::BetterThreatens => "better: threatens to win",
            Kind::BetterCheck => "better: check",
            Kind::BetterPromotion => "better: promotes",
            Kind::BetterCastle => "better: builds a castle",
            Kind::BetterPlain => "better: bare",
        }
    }
}

impl Reason {
    /// The claim's kind.
    pub fn kind(&self) -> Kind {
        match self {
            Reason::AllowsMate { .. } => Kind::AllowsMate,
            Reason::Behind { .. } => Kind::Behind,
            Reason::MissedMate { .. } => Kind::MissedMate,
            Reason::LeftHanging { .. } => Kind::LeftHanging,
            Reason::Fork { lead, .. } if lead.moves.is_empty() => Kind::Fork,
            Reason::Fork { .. } => Kind::ForkAfterExchange,
            Reason::Trap { chased: false, .. } => Kind::Trap,
            Reason::Trap { chased: true, .. } => Kind::TrapChased,
            Reason::LosesMajor { .. } => Kind::LosesMajor,
            Reason::OpponentWins { later: false, .. } => Kind::OpponentWins,
            Reason::OpponentWins { later: true, .. } => Kind::OpponentWinsLater,
            Reason::MissedCapture { .. } => Kind::MissedCapture,
            Reason::TooSlow { line: None, .. } => Kind::TooSlow,
            Reason::TooSlow { line: Some(_), .. } => Kind::TooSlowLater,
            Reason::Positional { why, .. } => match why {
                Positional::ThreatAllowed { .. } => Kind::ThreatAllowed,
                Positional::MissedThreat { .. } => Kind::MissedThreat,
                Positional::PromotionAllowed { .. } => Kind::PromotionAllowed,
                Positional::KingSafety { .. } => Kind::KingSafety,
                Positional::Tempo => Kind::Tempo,
                Positional::DrivenOff { .. } => Kind::DrivenOff,
                Positional::Attacked { .. } => Kind::Attacked,
                Positional::Unguarded { .. } => Kind::Unguarded,
                Positional::BreakIn { .. } => Kind::BreakIn,
                Positional::ReplyThreat { .. } => Kind::ReplyThreat,
                Positional::Race { .. } => Kind::Race,
                Positional::Shelter { .. } => Kind::Shelter,
                Positional::Castle { .. } => Kind::Castle,
                Positional::RookPawn { .. } => Kind::RookPawn,
                Positional::Threatened { .. } => Kind::ReplyThreatens,
            },
            Reason::BetterMove { gain, .. } => match gain {
                Gain::Material(_) => Kind::BetterMaterial,
                Gain::Capture(_) => Kind::BetterCapture,
                Gain::Wins { .. } => Kind::BetterWins,
                Gain::Takes { .. } => Kind::BetterTakes,
                Gain::Trap { .. } => Kind::BetterTrap,
                Gain::Attack { .. } => Kind::BetterAttack,
                Gain::Forestall { .. } => Kind::BetterForestall,
                Gain::Threat { .. } => Kind::BetterThreat,
                Gain::BreakIn { .. } => Kind::BetterBreakIn,
                Gain::Threatens { .. } => Kind::BetterThreatens,
                Gain::Check => Kind::BetterCheck,
                Gain::Promotion(_) => Kind::BetterPromotion,
                Gain::Castle(_) => Kind::BetterCastle,
                Gain::Position => Kind::BetterPlain,
            },
        }
    }
}

/// Why a claim is not upheld.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Failure {
    /// No mate on the checked future.
    NoMate,
    /// The opponent's best reply there is another move.
    NotTheReply,
    /// The piece named is not lost on the future of the move played.
    NotLost,
    /// The better move's future costs as much.
    LostAfterBetter,
    /// The loss comes from a weak move of the loser's own inside the line.
    WeakMoveInside,
    /// A claim about the position where the line loses material: the loss,
    /// not the position, is the point.
    MaterialLost,
    /// What the better move was to win is still there after the move played
    /// and the reply.
    StillThere,
    /// The better move's future does not win what it is said to.
    NotWon,
    /// The mover takes back the replying piece, and the threat is gone.
    Recaptured,
    /// The mate threat is there after the better move too.
    ThreatAfterBetter,
    /// No mate is threatened (or no check given) where the claim says one is.
    NoThreat,
    /// The castle said to be lost stands at the end of the move played's
    /// line.
    CastleStands,
    /// The castle said to be kept or built is gone at the end of the better
    /// move's line.
    CastleGone,
    /// The move played's line makes no rook-pawn exchange.
    NoExchange,
    /// The better move's line makes the rook-pawn exchange as soon.
    ExchangeAfterBetter,
    /// No rook or bishop of the opponent's breaks in on the move played's
    /// line where the claim says, or it is taken back, or paid for.
    NoBreakIn,
    /// The better move's line lets a rook or bishop in too.
    BreakInAfterBetter,
}

impl Failure {
    /// A short name for tables.
    pub fn name(self) -> &'static str {
        match self {
            Failure::NoMate => "no mate",
            Failure::NotTheReply => "not the best reply",
            Failure::NotLost => "piece not lost",
            Failure::LostAfterBetter => "lost after better too",
            Failure::WeakMoveInside => "weak move inside the line",
            Failure::MaterialLost => "material is lost",
            Failure::StillThere => "prize still there",
            Failure::NotWon => "not won",
            Failure::Recaptured => "answered by a recapture",
            Failure::ThreatAfterBetter => "threat after better too",
            Failure::NoThreat => "no threat",
            Failure::CastleStands => "castle stands after the move",
            Failure::CastleGone => "no castle after better",
            Failure::NoExchange => "no rook-pawn exchange",
            Failure::ExchangeAfterBetter => "exchange after better too",
            Failure::NoBreakIn => "no break-in",
            Failure::BreakInAfterBetter => "breaks in after better too",
        }
    }
}
