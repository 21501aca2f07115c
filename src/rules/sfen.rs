//! SFEN in and out, and the USI `position` forms (`startpos`, `sfen ...`,
//! with a `moves ...` tail). Reading fills in a [`Setup`] field by field;
//! whether its pieces make a legal position is the setup's check.

use super::hand::Hand;
use super::legality::IllegalMove;
use super::moves::{Move, MoveParseError};
use super::position::{Position, START_SFEN};
use super::setup::{Setup, SetupError};
use super::types::{ByColor, Color, Piece, PieceKind, Square};
use std::fmt;

/// Why a SFEN string was refused. Each message says what to fix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SfenError {
    /// The text does not start with a board (its first word has no `/`): not an SFEN at
    /// all. Holds the text, cut short when long.
    NotSfen(String),
    /// A required field is absent.
    MissingField(SfenField),
    /// The board does not have nine ranks separated by `/`.
    RankCount(usize),
    /// A rank (1 = `a`) does not describe exactly nine squares.
    RankLength { rank: u8, squares: usize },
    /// A character that names no piece.
    UnknownPiece { rank: u8, found: char },
    /// `+` before a gold, a king, a digit or nothing.
    BadPromotion { rank: u8, found: String },
    /// The side to move is not `b` or `w`.
    SideToMove(String),
    /// The hand field cannot be read.
    HandSyntax(String),
    /// A king or promoted piece in hand.
    HandPiece(String),
    /// The pieces do not make a position the rules allow.
    Illegal(SetupError),
    /// The move number is not a positive whole number.
    MoveNumber(String),
    /// Text after the last field.
    TrailingText(String),
}

/// A field an SFEN cannot do without (the move number may be left out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SfenField {
    Board,
    SideToMove,
    Hands,
}

impl fmt::Display for SfenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SfenField::Board => "board",
            SfenField::SideToMove => "side to move",
            SfenField::Hands => "pieces in hand",
        })
    }
}

impl fmt::Display for SfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rank_name = |rank: &u8| (b'a' + rank - 1) as char;
        match self {
            SfenError::NotSfen(text) => write!(
                f,
                "'{text}' is not an SFEN; an SFEN starts with the board, its nine ranks \
                 separated by '/'"
            ),
            SfenError::MissingField(field) => write!(
                f,
                "the SFEN has no {field}; it needs board, side to move, hands and move number, \
                 e.g. '{START_SFEN}'"
            ),
            SfenError::RankCount(n) => {
                write!(f, "the board has {n} rank(s); it needs 9, separated by '/'")
            }
            SfenError::RankLength { rank, squares } => write!(
                f,
                "rank {} describes {squares} square(s); every rank needs exactly 9",
                rank_name(rank)
            ),
            SfenError::UnknownPiece { rank, found } => write!(
                f,
                "rank {}: '{found}' is not a piece; use K R B G S N L P (Sente) or k r b g s n l p (Gote)",
                rank_name(rank)
            ),
            SfenError::BadPromotion { rank, found } => write!(
                f,
                "rank {}: '{found}' cannot be promoted; only R B S N L P (either case) take '+'",
                rank_name(rank)
            ),
            SfenError::SideToMove(found) => write!(
                f,
                "side to move is '{found}'; it must be 'b' (Sente) or 'w' (Gote)"
            ),
            SfenError::HandSyntax(found) => write!(
                f,
                "cannot read the pieces in hand '{found}'; write '-' for none or counts and letters such as '2Pb'"
            ),
            SfenError::HandPiece(found) => write!(
                f,
                "'{found}' cannot be in hand; hands hold only unpromoted R B G S N L P"
            ),
            SfenError::Illegal(err) => write!(f, "{err}"),
            SfenError::MoveNumber(found) => {
                write!(f, "move number '{found}' is not a positive whole number")
            }
            SfenError::TrailingText(found) => {
                write!(f, "unexpected text after the SFEN: '{found}'")
            }
        }
    }
}

impl std::error::Error for SfenError {}

impl From<SetupError> for SfenError {
    fn from(err: SetupError) -> Self {
        SfenError::Illegal(err)
    }
}

impl Position {
    /// Reads a SFEN string (`board side hands [move-number]`); a leading
    /// `sfen ` is accepted. The move number may be left out (it is then 1).
    pub fn from_sfen(text: &str) -> Result<Position, SfenError> {
        Ok(Position::try_from(Setup::from_sfen(text)?)?)
    }

    /// Reads a mate problem's SFEN: as [`Position::from_sfen`], except that
    /// the attacker may have no king ([`Setup::into_mate_problem`]).
    pub fn mate_problem_from_sfen(text: &str) -> Result<Position, SfenError> {
        Ok(Setup::from_sfen(text)?.into_mate_problem()?)
    }

    /// The SFEN string, hands in the usual order (R B G S N L P, Sente first).
    pub fn to_sfen(&self) -> String {
        Setup::from(self).to_sfen()
    }
}

impl Setup {
    /// Reads a SFEN string into a setup, field by field, without asking
    /// whether the rules allow it (see [`Position::from_sfen`]).
    /// The fields are read in their order, each checked before the next is looked at, so
    /// that the first thing wrong is the one named; text whose first word is plainly no
    /// board (it has no `/`) is said not to be an SFEN at all.
    pub fn from_sfen(text: &str) -> Result<Setup, SfenError> {
        let mut fields = text.split_whitespace().peekable();
        if fields.peek() == Some(&"sfen") {
            fields.next();
        }
        let words = fields.clone();
        let board = fields
            .next()
            .ok_or(SfenError::MissingField(SfenField::Board))?;
        if !board.contains('/') {
            let text = words.collect::<Vec<_>>().join(" ");
            return Err(SfenError::NotSfen(shortened(&text)));
        }
        let board = parse_board(board)?;
        let side_to_move = match fields.next() {
            None => return Err(SfenError::MissingField(SfenField::SideToMove)),
            Some("b") => Color::Sente,
            Some("w") => Color::Gote,
            Some(other) => return Err(SfenError::SideToMove(other.to_string())),
        };
        let hands = fields
            .next()
            .ok_or(SfenError::MissingField(SfenField::Hands))?;
        let hands = parse_hands(hands)?;
        let move_number = match fields.next() {
            None => 1,
            Some(n) => match n.parse::<u32>() {
                Ok(n) if n > 0 => n,
                _ => return Err(SfenError::MoveNumber(n.to_string())),
            },
        };
        if let Some(extra) = fields.next() {
            return Err(SfenError::TrailingText(extra.to_string()));
        }
        Ok(Setup {
            board,
            hands,
            side_to_move,
            move_number,
        })
    }

    /// The SFEN string of the setup, playable or not (an editor copies what is on its
    /// board), hands in the usual order (R B G S N L P, Sente first).
    pub fn to_sfen(&self) -> String {
        let mut out = String::with_capacity(90);
        for rank in 1..=9 {
            let mut empty = 0;
            for file in (1..=9).rev() {
                let piece = Square::new(file, rank).and_then(|sq| self.piece_at(sq));
                match piece {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push_str(&piece.sfen());
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank < 9 {
                out.push('/');
            }
        }
        out.push_str(match self.side_to_move {
            Color::Sente => " b ",
            Color::Gote => " w ",
        });
        let sente = self.hands[Color::Sente].to_string();
        let gote = self.hands[Color::Gote].to_string().to_ascii_lowercase();
        match (sente.as_str(), gote.as_str()) {
            ("-", "-") => out.push('-'),
            ("-", _) => out.push_str(&gote),
            (_, "-") => out.push_str(&sente),
            _ => {
                out.push_str(&sente);
                out.push_str(&gote);
            }
        }
        out.push(' ');
        out.push_str(&self.move_number.max(1).to_string());
        out
    }
}

/// `text` as an error quotes it: its first 40 characters, `…` after them if there are more.
fn shortened(text: &str) -> String {
    const QUOTED: usize = 40;
    match text.char_indices().nth(QUOTED) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

fn parse_board(text: &str) -> Result<[Option<Piece>; 81], SfenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 9 {
        return Err(SfenError::RankCount(ranks.len()));
    }
    let mut board = [None; 81];
    for (rank_index, rank_text) in ranks.iter().enumerate() {
        let rank = rank_index as u8 + 1;
        let mut squares = 0usize;
        let mut chars = rank_text.chars();
        while let Some(c) = chars.next() {
            if let Some(n) = c.to_digit(10) {
                if n == 0 {
                    return Err(SfenError::UnknownPiece { rank, found: c });
                }
                squares += n as usize;
                continue;
            }
            let (promoted, letter) = if c == '+' {
                match chars.next() {
                    Some(next) => (true, next),
                    None => {
                        return Err(SfenError::BadPromotion {
                            rank,
                            found: "+".into(),
                        });
                    }
                }
            } else {
                (false, c)
            };
            let kind = PieceKind::from_letter(letter).filter(|_| letter.is_ascii_alphabetic());
            let Some(mut kind) = kind else {
                if promoted {
                    return Err(SfenError::BadPromotion {
                        rank,
                        found: format!("+{letter}"),
                    });
                }
                return Err(SfenError::UnknownPiece {
                    rank,
                    found: letter,
                });
            };
            if promoted {
                kind = kind.promoted().ok_or(SfenError::BadPromotion {
                    rank,
                    found: format!("+{letter}"),
                })?;
            }
            let color = if letter.is_ascii_uppercase() {
                Color::Sente
            } else {
                Color::Gote
            };
            squares += 1;
            if squares <= 9 {
                let file = 10 - squares as u8;
                if let Some(sq) = Square::new(file, rank) {
                    board[sq.index()] = Some(Piece::new(color, kind));
                }
            }
        }
        if squares != 9 {
            return Err(SfenError::RankLength { rank, squares });
        }
    }
    Ok(board)
}

fn parse_hands(text: &str) -> Result<ByColor<Hand>, SfenError> {
    let mut hands = ByColor::new(Hand::EMPTY, Hand::EMPTY);
    if text == "-" {
        return Ok(hands);
    }
    let syntax = || SfenError::HandSyntax(text.to_string());
    let mut count: Option<u32> = None;
    for c in text.chars() {
        if let Some(d) = c.to_digit(10) {
            let n = count.unwrap_or(0) * 10 + d;
            if n == 0 || n > 18 {
                return Err(syntax());
            }
            count = Some(n);
            continue;
        }
        if c == '+' {
            return Err(SfenError::HandPiece("+".into()));
        }
        let kind = PieceKind::from_letter(c)
            .filter(|_| c.is_ascii_alphabetic())
            .ok_or_else(syntax)?;
        if kind == PieceKind::King {
            return Err(SfenError::HandPiece(c.to_string()));
        }
        let color = if c.is_ascii_uppercase() {
            Color::Sente
        } else {
            Color::Gote
        };
        // At most 18 a letter; too many of a kind in all is the position's
        // fault, reported when the setup is checked.
        let n = u8::try_from(count.take().unwrap_or(1)).unwrap_or(u8::MAX);
        let total = hands[color].count(kind).saturating_add(n);
        hands[color].set(kind, total);
    }
    if count.is_some() {
        return Err(syntax());
    }
    Ok(hands)
}

/// Why a USI `position` line was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Neither `startpos` nor `sfen ...`.
    MissingStart,
    Sfen(SfenError),
    /// Something other than `moves` after the position.
    UnexpectedToken(String),
    /// A move of the list (1-based) is not USI text.
    BadMove {
        number: usize,
        error: MoveParseError,
    },
    /// A move of the list (1-based) is illegal where it is played.
    IllegalMove {
        number: usize,
        mv: Move,
        reason: IllegalMove,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::MissingStart => {
                write!(
                    f,
                    "expected 'startpos' or 'sfen <board> <side> <hands> <n>'"
                )
            }
            PositionError::Sfen(err) => write!(f, "bad SFEN: {err}"),
            PositionError::UnexpectedToken(t) => write!(f, "unexpected '{t}' (expected 'moves')"),
            PositionError::BadMove { number, error } => write!(f, "move {number}: {error}"),
            PositionError::IllegalMove { number, mv, reason } => {
                write!(f, "move {number} ({mv}) is illegal: {reason}")
            }
        }
    }
}

impl std::error::Error for PositionError {}

impl From<SfenError> for PositionError {
    fn from(err: SfenError) -> Self {
        PositionError::Sfen(err)
    }
}

/// A start position and the moves played from it, as a USI `position`
/// command gives them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCommand {
    pub start: Position,
    pub moves: Vec<Move>,
}

impl PositionCommand {
    /// Parses `[position] startpos|sfen B S H N [moves m1 m2 ...]`; every
    /// move is checked for legality in turn.
    pub fn parse(text: &str) -> Result<PositionCommand, PositionError> {
        PositionCommand::parse_with(text, Position::from_sfen)
    }

    /// As [`PositionCommand::parse`], for an engine: an SFEN whose side to
    /// move has no king is a mate problem, its hands as written, as GUIs
    /// send one before `go mate`.
    pub fn parse_for_engine(text: &str) -> Result<PositionCommand, PositionError> {
        PositionCommand::parse_with(text, |sfen| {
            Ok(Setup::from_sfen(sfen)?.into_mate_problem_as_written()?)
        })
    }

    fn parse_with(
        text: &str,
        read_sfen: impl Fn(&str) -> Result<Position, SfenError>,
    ) -> Result<PositionCommand, PositionError> {
        let mut tokens = text.split_whitespace().peekable();
        if tokens.peek() == Some(&"position") {
            tokens.next();
        }
        let start = match tokens.next() {
            Some("startpos") => Position::startpos(),
            Some("sfen") => {
                let fields: Vec<&str> = tokens
                    .by_ref()
                    .take_while(|&t| t != "moves")
                    .collect::<Vec<_>>();
                let pos = read_sfen(&fields.join(" "))?;
                return finish(pos, tokens.collect());
            }
            _ => return Err(PositionError::MissingStart),
        };
        match tokens.next() {
            None => Ok(PositionCommand {
                start,
                moves: Vec::new(),
            }),
            Some("moves") => finish(start, tokens.collect()),
            Some(other) => Err(PositionError::UnexpectedToken(other.to_string())),
        }
    }

    /// The position after all the moves.
    pub fn current(&self) -> Position {
        let mut pos = self.start;
        for &mv in &self.moves {
            pos.play_unchecked(mv);
        }
        pos
    }

    /// The command text: `startpos moves ...` or `sfen ... moves ...`.
    pub fn to_usi(&self) -> String {
        let mut out = if self.start == Position::startpos() {
            "startpos".to_string()
        } else {
            format!("sfen {}", self.start.to_sfen())
        };
        if !self.moves.is_empty() {
            out.push_str(" moves");
            for mv in &self.moves {
                out.push(' ');
                out.push_str(&mv.to_string());
            }
        }
        out
    }
}

fn finish(start: Position, move_texts: Vec<&str>) -> Result<PositionCommand, PositionError> {
    let mut pos = start;
    let mut moves = Vec::with_capacity(move_texts.len());
    for (i, text) in move_texts.iter().enumerate() {
        let number = i + 1;
        let mv = Move::from_usi(text).map_err(|error| PositionError::BadMove { number, error })?;
        pos.try_play(mv)
            .map_err(|reason| PositionError::IllegalMove { number, mv, reason })?;
        moves.push(mv);
    }
    Ok(PositionCommand { start, moves })
}
