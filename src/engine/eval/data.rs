//! Training data for the evaluation: self-play games packed compactly, each
//! game with its result, for the network's trainer.
//!
//! A game's positions follow one another by one move, so a game is stored as
//! its start and, for every searched position, the search's best move and
//! score and the move then played: 6 bytes a position (about 2 once a chunk is
//! compressed with xz). All numbers little-endian:
//!
//! ```text
//! b"KG"            a game starts
//! u32              the game's number in its run (its seed)
//! u8               its start: 0 the even start, k the k-th handicap of the generator
//! u16, bytes       the start's SFEN, after the random opening
//! u8               the result: 0 a draw, 1 Sente won, 2 Gote won
//! u8               how it ended ([`End`])
//! u16              n, the number of positions
//! n × (u16, i16, u16)  best move, its score for the side to move, move played
//!                  (moves as `Move::to_u16`; 0 for "none": the game ended there)
//! ```
//!
//! A reader stops at the first game that does not parse whole, so a file a
//! kill left half-written loses only its last game.

use crate::rules::game::{EndReason, GameResult};
use crate::rules::{Color, Move, Position};

const GAME_MAGIC: &[u8; 2] = b"KG";

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// By a rule of the game: mate, no legal move, impasse.
    Rule,
    /// Sennichite or perpetual check.
    Repetition,
    /// Both searches agreed on a decisive lead, or one saw a mate.
    Adjudicated,
    /// The generator's ply cap (or the game's move limit): a draw.
    PlyLimit,
}

impl End {
    fn code(self) -> u8 {
        match self {
            End::Rule => 0,
            End::Repetition => 1,
            End::Adjudicated => 2,
            End::PlyLimit => 3,
        }
    }

    fn from_code(code: u8) -> Option<End> {
        Some(match code {
            0 => End::Rule,
            1 => End::Repetition,
            2 => End::Adjudicated,
            3 => End::PlyLimit,
            _ => return None,
        })
    }
}

/// Who won a game, and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameOutcome {
    Win(Color, End),
    Draw(End),
}

impl GameOutcome {
    pub fn of_result(result: &GameResult) -> GameOutcome {
        let end = match result.reason {
            EndReason::Sennichite | EndReason::PerpetualCheck => End::Repetition,
            EndReason::MaxPlies { .. } => End::PlyLimit,
            _ => End::Rule,
        };
        match result.winner {
            Some(color) => GameOutcome::Win(color, end),
            None => GameOutcome::Draw(end),
        }
    }

    /// The result for `side`: 1 a win, 0.5 a draw, 0 a loss.
    pub fn points_for(self, side: Color) -> f32 {
        match self {
            GameOutcome::Win(winner, _) if winner == side => 1.0,
            GameOutcome::Win(..) => 0.0,
            GameOutcome::Draw(_) => 0.5,
        }
    }

    fn codes(self) -> [u8; 2] {
        match self {
            GameOutcome::Draw(end) => [0, end.code()],
            GameOutcome::Win(Color::Sente, end) => [1, end.code()],
            GameOutcome::Win(Color::Gote, end) => [2, end.code()],
        }
    }

    fn from_codes(result: u8, end: u8) -> Option<GameOutcome> {
        let end = End::from_code(end)?;
        Some(match result {
            0 => GameOutcome::Draw(end),
            1 => GameOutcome::Win(Color::Sente, end),
            2 => GameOutcome::Win(Color::Gote, end),
            _ => return None,
        })
    }
}

/// One searched position of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionRecord {
    pub best: Move,
    /// The search's score for the side to move, in centipawns.
    pub score: i32,
    /// The move played from here; `None` at the game's last position.
    pub played: Option<Move>,
}

/// One game: its start and its searched positions in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub index: u64,
    pub start_kind: u8,
    pub start: Position,
    pub outcome: GameOutcome,
    pub positions: Vec<PositionRecord>,
}

impl GameRecord {
    /// Each searched position with its record, in order. Stops early at a move
    /// that is not legal (a damaged record).
    pub fn replay(&self) -> Vec<(Position, PositionRecord)> {
        let mut pos = self.start;
        let mut out = Vec::with_capacity(self.positions.len());
        for record in &self.positions {
            out.push((pos, *record));
            match record.played {
                Some(mv) if pos.is_legal(mv) => pos.play_unchecked(mv),
                _ => break,
            }
        }
        out
    }
}

/// Appends `game` to `out`.
pub fn write_game(game: &GameRecord, out: &mut Vec<u8>) {
    let sfen = game.start.to_sfen();
    let positions = &game.positions[..game.positions.len().min(u16::MAX as usize)];
    out.extend_from_slice(GAME_MAGIC);
    out.extend_from_slice(&(game.index as u32).to_le_bytes());
    out.push(game.start_kind);
    out.extend_from_slice(&(sfen.len() as u16).to_le_bytes());
    out.extend_from_slice(sfen.as_bytes());
    out.extend_from_slice(&game.outcome.codes());
    out.extend_from_slice(&(positions.len() as u16).to_le_bytes());
    for record in positions {
        let score = record.score.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        out.extend_from_slice(&record.best.to_u16().to_le_bytes());
        out.extend_from_slice(&score.to_le_bytes());
        out.extend_from_slice(&record.played.map_or(0, Move::to_u16).to_le_bytes());
    }
}

/// The whole games of a chunk file: `.kpk2`, or `.kpk2.xz` read through the
/// `xz` program (the data is committed compressed).
pub fn read_chunk_file(path: &std::path::Path) -> Result<Vec<GameRecord>, String> {
    let bytes = if path.extension().is_some_and(|e| e == "xz") {
        let output = std::process::Command::new("xz")
            .arg("-dc")
            .arg(path)
            .output()
            .map_err(|e| format!("cannot run xz for {}: {e}", path.display()))?;
        if !output.status.success() {
            return Err(format!("xz could not read {}", path.display()));
        }
        output.stdout
    } else {
        std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?
    };
    Ok(read_games(&bytes).0)
}

/// The whole games at the start of `bytes`, and how many bytes they take
/// (anything after is a damaged or half-written game).
pub fn read_games(bytes: &[u8]) -> (Vec<GameRecord>, usize) {
    let mut games = Vec::new();
    let mut reader = PackReader { bytes, at: 0 };
    let mut whole = 0;
    while let Some(game) = reader.game() {
        games.push(game);
        whole = reader.at;
    }
    (games, whole)
}

struct PackReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl PackReader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let slice = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(slice)
    }

    fn u8(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }

    fn u16(&mut self) -> Option<u16> {
        Some(u16::from_le_bytes(self.take(2)?.try_into().ok()?))
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes(self.take(4)?.try_into().ok()?))
    }

    fn game(&mut self) -> Option<GameRecord> {
        if self.take(2)? != GAME_MAGIC {
            return None;
        }
        let index = u64::from(self.u32()?);
        let start_kind = self.u8()?;
        let length = usize::from(self.u16()?);
        let sfen = std::str::from_utf8(self.take(length)?).ok()?;
        let start = Position::from_sfen(sfen).ok()?;
        let (result, end) = (self.u8()?, self.u8()?);
        let outcome = GameOutcome::from_codes(result, end)?;
        let count = usize::from(self.u16()?);
        let mut positions = Vec::with_capacity(count);
        for _ in 0..count {
            let best = Move::from_u16(self.u16()?)?;
            let score = i32::from(self.u16()? as i16);
            let played = match self.u16()? {
                0 => None,
                code => Some(Move::from_u16(code)?),
            };
            positions.push(PositionRecord {
                best,
                score,
                played,
            });
        }
        Some(GameRecord {
            index,
            start_kind,
            start,
            outcome,
            positions,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> GameRecord {
        let start = Position::startpos();
        let first = Move::from_usi("7g7f").expect("a move");
        let second = Move::from_usi("3c3d").expect("a move");
        GameRecord {
            index: 7,
            start_kind: 0,
            start,
            outcome: GameOutcome::Win(Color::Gote, End::Adjudicated),
            positions: vec![
                PositionRecord {
                    best: first,
                    score: 40,
                    played: Some(first),
                },
                PositionRecord {
                    best: second,
                    score: -35_000,
                    played: None,
                },
            ],
        }
    }

    #[test]
    fn a_game_reads_back_as_written_with_the_score_clamped() {
        let mut bytes = Vec::new();
        write_game(&sample(), &mut bytes);
        write_game(&sample(), &mut bytes);
        let (games, whole) = read_games(&bytes);
        assert_eq!(whole, bytes.len());
        assert_eq!(games.len(), 2);
        let mut expected = sample();
        expected.positions[1].score = i16::MIN as i32;
        assert_eq!(games[0], expected);
        assert_eq!(games[0].replay().len(), 2);
    }

    #[test]
    fn a_half_written_game_is_left_out_and_the_whole_ones_kept() {
        let mut bytes = Vec::new();
        write_game(&sample(), &mut bytes);
        let one = bytes.len();
        write_game(&sample(), &mut bytes);
        for cut in one..bytes.len() {
            let (games, whole) = read_games(&bytes[..cut]);
            assert_eq!((games.len(), whole), (1, one), "cut at {cut}");
        }
    }

    #[test]
    fn a_chunk_file_reads_its_whole_games_and_a_missing_one_is_an_error() {
        let dir = std::env::temp_dir().join(format!("komadai-chunk-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("c.kpk2");
        let mut bytes = Vec::new();
        write_game(&sample(), &mut bytes);
        write_game(&sample(), &mut bytes);
        bytes.truncate(bytes.len() - 1);
        std::fs::write(&path, &bytes).expect("write chunk");
        let games = read_chunk_file(&path).expect("chunk reads");
        assert_eq!(games.len(), 1);
        assert!(read_chunk_file(&dir.join("missing.kpk2")).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
