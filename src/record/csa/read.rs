//! Reading CSA (V2, V2.2): names, `$` headers, `PI`/`P1`..`P9`/`P+`/`P-`
//! position lines, the side to move, `+7776FU` moves with their `T` times,
//! and `%` endings. Statements may share a line, separated by commas; a `/`
//! ends the first game of a multi-game file.

use super::write::{COMMENT, RESIGNED_COMMENT, kind_of_code};
use crate::record::board_problem::BoardProblem;
use crate::record::ending::{Ending, apply};
use crate::record::error::{Found, Problem, ReadUpTo, RecordError, whole};
use crate::record::model::{Record, RecordInfo, comment_at, set_comment_at};
use crate::record::replay::{play_move, start_position};
use crate::rules::game::Game;
use crate::rules::{Color, Move, Piece, PieceKind, Position, Setup, Square};
use std::time::Duration;

#[derive(Default)]
struct CsaReader {
    info: RecordInfo,
    setup: Option<Setup>,
    record: Option<Record>,
    ending: Option<Ending>,
    resigner: Option<Color>,
    recognised: bool,
    /// The `P` lines set up a mate problem: the attacker may have no king.
    mate_problem: bool,
    /// The `'*` comment lines, as [`Record::comments`] holds them.
    comments: Vec<String>,
}

pub fn read(text: &str) -> Result<Record, RecordError> {
    whole(read_up_to(text))
}

/// Reads CSA as far as its moves go: once the game has begun (its side to move or first
/// move read), a statement that cannot be read ends the record there, the problem given
/// beside it.
pub fn read_up_to(text: &str) -> ReadUpTo {
    read_with(text, CsaReader::default())
}

/// The start of a CSA file read as a mate problem: its `P` lines, the
/// attacker (the side to move) free to have no king, as tsume are set up
/// (with `P-00AL`, the defender holding the rest).
pub fn read_mate_problem(text: &str) -> Result<Position, RecordError> {
    let reader = CsaReader {
        mate_problem: true,
        ..CsaReader::default()
    };
    whole(read_with(text, reader)).map(|record| *record.game.start())
}

fn read_with(text: &str, mut reader: CsaReader) -> ReadUpTo {
    let stopped = match reader.read_lines(text) {
        Ok(()) => None,
        // Before the game has begun, a bad line leaves no record to give.
        Err(err) if reader.record.is_none() => return Err(err),
        Err(err) => Some(err),
    };
    reader.finish().map(|record| (record, stopped))
}

impl CsaReader {
    /// Reads the lines up to the end (or a `/`), or up to the first that cannot be read.
    fn read_lines(&mut self, text: &str) -> Result<(), RecordError> {
        let reader = self;
        'lines: for (i, raw) in text.lines().enumerate() {
            let number = i + 1;
            let line = raw.trim_matches(['\r', '\u{feff}']).trim();
            if let Some(side) = line.strip_prefix(RESIGNED_COMMENT) {
                reader.resigner = match side.trim() {
                    "+" => Some(Color::Sente),
                    "-" => Some(Color::Gote),
                    _ => None,
                };
                continue;
            }
            if let Some(text) = line.strip_prefix(COMMENT) {
                reader.comment(text);
                continue;
            }
            if line.is_empty() || line.starts_with('\'') {
                continue;
            }
            if line == "/" {
                break;
            }
            // Names and headers may hold commas; everything else may be split.
            if line.starts_with(['N', '$', 'V']) {
                reader.header(line, number)?;
                continue;
            }
            for statement in line.split(',') {
                let statement = statement.trim_end();
                if statement == "/" {
                    break 'lines;
                }
                reader.statement(statement, number)?;
            }
        }
        Ok(())
    }

    /// A `'*` line: it belongs to the last move read (or to the start, before the first).
    fn comment(&mut self, text: &str) {
        let ply = self.record.as_ref().map_or(0, |r| r.game.ply());
        let joined = match comment_at(&self.comments, ply) {
            Some(earlier) => format!("{earlier}\n{text}"),
            None => text.to_owned(),
        };
        set_comment_at(&mut self.comments, ply, joined);
    }

    fn header(&mut self, line: &str, number: usize) -> Result<(), RecordError> {
        self.recognised = true;
        let info = &mut self.info;
        if let Some(name) = line.strip_prefix("N+") {
            info.sente = Some(name.to_string());
        } else if let Some(name) = line.strip_prefix("N-") {
            info.gote = Some(name.to_string());
        } else if let Some(rest) = line.strip_prefix('$') {
            let (key, value) = rest.split_once(':').unwrap_or((rest, ""));
            let value = value.to_string();
            match key {
                "EVENT" => info.event = Some(value),
                "SITE" => info.site = Some(value),
                "START_TIME" => info.start_time = Some(value),
                other => info.other.push((format!("${other}"), value)),
            }
        } else if !line.starts_with('V') {
            return Err(unexpected(line, number));
        }
        Ok(())
    }

    fn statement(&mut self, s: &str, number: usize) -> Result<(), RecordError> {
        if s.is_empty() || s.starts_with('\'') {
            return Ok(());
        }
        if let Some(seconds) = s.strip_prefix('T') {
            self.move_time(seconds);
            return Ok(());
        }
        self.recognised = true;
        if s.starts_with('%') {
            if self.ending.is_some() {
                return Ok(());
            }
            self.game_mut(number)?;
            self.ending = Some(Ending::from_csa(s));
            return Ok(());
        }
        if let Some(rest) = s.strip_prefix('P') {
            if self.record.is_some() {
                return Err(unexpected(s, number));
            }
            let setup = self.setup.get_or_insert_with(Setup::default);
            return position_line(setup, rest).map_err(|why| {
                let text = s.to_string();
                RecordError::new(number, Problem::BadPositionLine { text, why })
            });
        }
        match s {
            "+" | "-" if self.record.is_none() => {
                let setup = self
                    .setup
                    .get_or_insert_with(|| Setup::from(&Position::startpos()));
                setup.side_to_move = if s == "+" { Color::Sente } else { Color::Gote };
                self.game_mut(number)?;
                Ok(())
            }
            _ if s.starts_with(['+', '-']) => self.play(s, number),
            _ => Err(unexpected(s, number)),
        }
    }

    /// A `T` line: the time the last move took, in seconds (V3 writes
    /// fractions: `T1.500`). One that is unreadable or comes before any
    /// move is ignored, as readers of CSA have always done.
    fn move_time(&mut self, seconds: &str) {
        let Some(record) = self.record.as_mut() else {
            return;
        };
        let plies = record.game.ply();
        let Some(time) = seconds
            .trim()
            .parse::<f64>()
            .ok()
            .and_then(|s| Duration::try_from_secs_f64(s).ok())
        else {
            return;
        };
        if plies == 0 || record.move_times.len() >= plies {
            return;
        }
        record.move_times.resize(plies - 1, Duration::ZERO);
        record.move_times.push(time);
    }

    /// The game, created from the setup when the first move comes.
    fn game_mut(&mut self, number: usize) -> Result<&mut Record, RecordError> {
        if self.record.is_none() {
            let start = match &self.setup {
                Some(setup) if self.mate_problem => setup
                    .into_mate_problem()
                    .map_err(|err| RecordError::new(number, Problem::BadPosition(err)))?,
                Some(setup) => start_position(*setup, number)?,
                None => Position::startpos(),
            };
            self.record = Some(Record::new(Game::from_position(start)));
        }
        match self.record.as_mut() {
            Some(record) => Ok(record),
            None => Err(RecordError::new(number, Problem::Empty)),
        }
    }

    fn play(&mut self, s: &str, number: usize) -> Result<(), RecordError> {
        let ended = self.ending.is_some();
        let record = self.game_mut(number)?;
        let game = &mut record.game;
        let move_number = game.start().move_number() as usize + game.ply();
        let err = |problem| RecordError::new(number, problem);
        if ended {
            return Err(err(Problem::MoveAfterEnd {
                number: move_number,
            }));
        }
        let mv = parse_move(game.position(), s, move_number).map_err(err)?;
        play_move(game, mv, move_number, s).map_err(err)
    }

    fn finish(mut self) -> Result<Record, RecordError> {
        if self.record.is_none() {
            if !self.recognised {
                return Err(RecordError::new(0, Problem::Empty));
            }
            self.game_mut(0)?;
        }
        let Some(mut record) = self.record else {
            return Err(RecordError::new(0, Problem::Empty));
        };
        record.info = self.info;
        record.comments = self.comments;
        if !record.move_times.is_empty() {
            let plies = record.game.ply();
            record.move_times.resize(plies, Duration::ZERO);
        }
        if let Some(ending) = self.ending {
            apply(&mut record, ending, self.resigner);
        }
        Ok(record)
    }
}

fn unexpected(s: &str, number: usize) -> RecordError {
    RecordError::new(number, Problem::UnexpectedLine(s.to_string()))
}

fn square_of(digits: &str) -> Option<Option<Square>> {
    let mut chars = digits.chars();
    let file = chars.next()?.to_digit(10)?;
    let rank = chars.next()?.to_digit(10)?;
    if file == 0 && rank == 0 {
        return Some(None);
    }
    Square::new(u8::try_from(file).ok()?, u8::try_from(rank).ok()?).map(Some)
}

/// `+7776FU`, `-0055KA`: checked against the position before the move.
fn parse_move(before: &Position, s: &str, number: usize) -> Result<Move, Problem> {
    let bad = || Problem::BadMoveText {
        number,
        text: s.to_string(),
    };
    if !s.is_ascii() || s.len() != 7 {
        return Err(bad());
    }
    let color = if s.starts_with('+') {
        Color::Sente
    } else {
        Color::Gote
    };
    if color != before.side_to_move() {
        return Err(Problem::WrongSide {
            number,
            text: s.to_string(),
            to_move: before.side_to_move(),
        });
    }
    let from = square_of(&s[1..3]).ok_or_else(bad)?;
    let to = square_of(&s[3..5]).ok_or_else(bad)?.ok_or_else(bad)?;
    let kind = kind_of_code(&s[5..7]).ok_or_else(bad)?;
    let Some(from) = from else {
        return Ok(Move::Drop { kind, to });
    };
    match before.piece_at(from) {
        Some(piece) if piece.kind == kind => Ok(Move::Board {
            from,
            to,
            promote: false,
        }),
        Some(piece) if piece.kind.promoted() == Some(kind) => Ok(Move::Board {
            from,
            to,
            promote: true,
        }),
        _ => Err(Problem::WrongPiece {
            number,
            text: s.to_string(),
            found: Found::on(before, from),
        }),
    }
}

/// One `P` line (without the `P`): `I...`, a rank `1`..`9`, or `+`/`-`.
fn position_line(setup: &mut Setup, rest: &str) -> Result<(), BoardProblem> {
    if !rest.is_ascii() {
        return Err(BoardProblem::NotAscii);
    }
    if let Some(removed) = rest.strip_prefix('I') {
        *setup = Setup::from(&Position::startpos());
        for chunk in chunks(removed, 4)? {
            let sq = square_of(&chunk[..2])
                .flatten()
                .ok_or_else(|| no_square(chunk))?;
            let kind = kind_of_code(&chunk[2..]).ok_or_else(|| no_piece(chunk))?;
            if setup.piece_at(sq).map(|p| p.kind) != Some(kind) {
                return Err(BoardProblem::NothingToRemove { kind, square: sq });
            }
            setup.set_piece(sq, None);
        }
        return Ok(());
    }
    if let Some(pieces) = rest.strip_prefix('+').or(rest.strip_prefix('-')) {
        let color = if rest.starts_with('+') {
            Color::Sente
        } else {
            Color::Gote
        };
        return place_pieces(setup, color, pieces);
    }
    let rank = rest
        .chars()
        .next()
        .and_then(|c| c.to_digit(10))
        .filter(|r| (1..=9).contains(r))
        .ok_or(BoardProblem::UnknownLine)?;
    let cells = format!("{:<27}", &rest[1..]);
    let cells = chunks(&cells, 3)?;
    if cells.len() != 9 {
        let squares = cells.len();
        return Err(BoardProblem::RankLength { squares });
    }
    for (cell, file) in cells.into_iter().zip((1..=9u8).rev()) {
        let Some(sq) = Square::new(file, rank as u8) else {
            continue;
        };
        let piece = match cell {
            " * " | "   " => None,
            _ => {
                let color = match &cell[..1] {
                    "+" => Color::Sente,
                    "-" => Color::Gote,
                    _ => {
                        let cell = cell.to_string();
                        return Err(BoardProblem::NoColor { cell, square: sq });
                    }
                };
                let kind = kind_of_code(&cell[1..]).ok_or_else(|| no_piece(cell))?;
                Some(Piece::new(color, kind))
            }
        };
        setup.set_piece(sq, piece);
    }
    Ok(())
}

/// `P+00KA7776FU00AL`: pieces to squares or (00) to the hand; `00AL` puts
/// every piece not yet placed into this hand.
fn place_pieces(setup: &mut Setup, color: Color, pieces: &str) -> Result<(), BoardProblem> {
    for chunk in chunks(pieces, 4)? {
        let code = &chunk[2..];
        let sq = square_of(&chunk[..2]).ok_or_else(|| no_square(chunk))?;
        if code == "AL" && sq.is_none() {
            fill_hand(setup, color);
            continue;
        }
        let kind = kind_of_code(code).ok_or_else(|| no_piece(chunk))?;
        match sq {
            Some(sq) => setup.set_piece(sq, Some(Piece::new(color, kind))),
            None => {
                if !PieceKind::HAND.contains(&kind) {
                    return Err(BoardProblem::NotInHand { kind });
                }
                let hand = &mut setup.hands[color];
                hand.set(kind, hand.count(kind).saturating_add(1));
            }
        }
    }
    Ok(())
}

fn fill_hand(setup: &mut Setup, color: Color) {
    let left = setup.pieces_left_over();
    let hand = &mut setup.hands[color];
    for kind in PieceKind::HAND {
        hand.set(kind, hand.count(kind).saturating_add(left.count(kind)));
    }
}

fn chunks(text: &str, size: usize) -> Result<Vec<&str>, BoardProblem> {
    if !text.len().is_multiple_of(size) {
        let text = text.to_string();
        return Err(BoardProblem::ItemLength { text, size });
    }
    Ok((0..text.len() / size)
        .map(|i| &text[i * size..(i + 1) * size])
        .collect())
}

fn no_square(item: &str) -> BoardProblem {
    let item = item.to_string();
    BoardProblem::NoSquare { item }
}

fn no_piece(item: &str) -> BoardProblem {
    let item = item.to_string();
    BoardProblem::NoPiece { item }
}
