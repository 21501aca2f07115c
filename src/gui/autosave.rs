//! The game in progress, kept on disk after every move so that a crash, a kill or a power
//! cut never loses it, and restored when the app starts again.
//!
//! The file is JSON with a `version` field. A file that cannot be used (damaged, cut short,
//! written by a newer komadai, or holding an illegal move) is moved aside, never overwritten,
//! and the app starts fresh with a note saying where the old file went.

use super::Level;
use super::atomic_file;
use super::file_note::{FileNote, Reason};
use super::i18n::{Language, SystemError, fill};
use super::odds::Odds;
use crate::clock::ClockSnapshot;
use crate::rules::game::{EndReason, Game};
use crate::rules::{Color, Move, Position};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The format this build writes; files with a larger number come from a newer komadai.
pub const FORMAT_VERSION: u32 = 1;
const FILE_NAME: &str = "autosave.json";

/// A side, as the file spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    Sente,
    Gote,
}

impl From<Color> for Side {
    fn from(color: Color) -> Side {
        match color {
            Color::Sente => Side::Sente,
            Color::Gote => Side::Gote,
        }
    }
}

impl From<Side> for Color {
    fn from(side: Side) -> Color {
        match side {
            Side::Sente => Color::Sente,
            Side::Gote => Color::Gote,
        }
    }
}

/// How a game ended that its moves alone do not show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    Resigned {
        loser: Side,
    },
    Declared,
    /// The side to move ran out of time.
    TimeUp,
}

/// The file's contents: enough to rebuild the game exactly, as text a person can read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    pub version: u32,
    /// The start position as SFEN.
    pub start: String,
    /// The moves in USI notation.
    pub moves: Vec<String>,
    pub player: Side,
    pub level: Level,
    #[serde(default)]
    pub ending: Option<Ending>,
    /// An opened game being replayed (the AI waits) rather than played.
    #[serde(default)]
    pub reviewing: bool,
    /// The clocks as they stood (time used on the move in progress included).
    #[serde(default)]
    pub clock: Option<ClockSnapshot>,
    /// The odds the game is played at, when it counts for the ladder.
    #[serde(default)]
    pub odds: Option<Odds>,
    /// The game's result is already in the ladder.
    #[serde(default)]
    pub counted: bool,
    /// The open review: each position's analysis as a KIF comment keeps it
    /// (`crate::review::kif_comments::analysis_text`), `null` where it was not analysed yet.
    /// Absent in files from before reviews, and when none is open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<Vec<Option<String>>>,
}

/// A game ready to continue.
#[derive(Clone, Debug)]
pub struct Resumed {
    pub game: Game,
    pub player: Color,
    pub level: Level,
    pub reviewing: bool,
    pub clock: Option<ClockSnapshot>,
    pub odds: Option<Odds>,
    pub counted: bool,
    /// The open review's analyses, as saved.
    pub review: Option<Vec<Option<String>>>,
}

impl SavedGame {
    pub fn of(game: &Game, player: Color, level: Level, reviewing: bool) -> SavedGame {
        let ending = game.result().and_then(|result| match result.reason {
            EndReason::Resignation => result.loser().map(|loser| Ending::Resigned {
                loser: loser.into(),
            }),
            // Only a declaration gives this reason; the ply limit has its own.
            EndReason::Impasse { .. } => Some(Ending::Declared),
            EndReason::TimeUp => Some(Ending::TimeUp),
            _ => None,
        });
        SavedGame {
            version: FORMAT_VERSION,
            start: game.start().to_sfen(),
            moves: game.moves().iter().map(Move::to_string).collect(),
            player: player.into(),
            level,
            ending,
            reviewing,
            clock: None,
            odds: None,
            counted: false,
            review: None,
        }
    }

    /// Replays the saved moves; any illegal step makes the whole file unusable.
    pub fn resume(&self) -> Result<Resumed, Unusable> {
        if self.version > FORMAT_VERSION {
            return Err(Unusable::Newer(self.version));
        }
        let start = Position::from_sfen(&self.start)
            .map_err(|err| Unusable::Content(format!("bad start position: {err}")))?;
        let mut game = Game::from_position(start);
        for (i, text) in self.moves.iter().enumerate() {
            let mv = Move::from_usi(text).map_err(|err| {
                Unusable::Content(format!("move {} ({text}) cannot be read: {err}", i + 1))
            })?;
            game.play(mv).map_err(|err| {
                Unusable::Content(format!("move {} ({text}) is not playable: {err}", i + 1))
            })?;
        }
        match self.ending {
            Some(Ending::Resigned { loser }) => game.resign(loser.into()),
            Some(Ending::TimeUp) => game.lose_on_time(),
            Some(Ending::Declared) => {
                game.declare()
                    .map_err(|err| Unusable::Content(format!("the declaration fails: {err}")))?;
            }
            None => {}
        }
        Ok(Resumed {
            game,
            player: self.player.into(),
            level: self.level,
            reviewing: self.reviewing,
            clock: self.clock.clone(),
            odds: self.odds,
            counted: self.counted,
            review: self.review.clone(),
        })
    }
}

/// Why a saved file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unusable {
    /// Not JSON, cut short, or missing a field.
    Damaged(String),
    /// Written by a newer komadai in a format this one does not know.
    Newer(u32),
    /// Readable, but the game in it cannot be rebuilt.
    Content(String),
}

impl Reason for Unusable {
    fn text(&self, lang: Language) -> String {
        let t = lang.strings();
        match self {
            Unusable::Damaged(why) => fill(t.unusable_damaged, &[("why", why)]),
            Unusable::Newer(version) => fill(
                t.unusable_newer,
                &[("version", version), ("max", &FORMAT_VERSION)],
            ),
            Unusable::Content(why) => fill(t.unusable_content, &[("why", why)]),
        }
    }
}

impl fmt::Display for Unusable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Language::English))
    }
}

/// Why the saved game was not resumed, for a note to the player: an unreadable or stuck
/// file is left where it is, and this game is not saved over it.
pub type AutosaveNote = FileNote<Unusable>;

/// What starting up found.
#[derive(Debug, Default)]
pub struct Loaded {
    pub resumed: Option<Resumed>,
    /// For the player: a file was moved aside, or could not be read.
    pub note: Option<AutosaveNote>,
    /// The file is there but could not even be moved aside: saving would overwrite it.
    pub keep_off: bool,
}

/// Where the game is kept: one file in a directory, or nowhere (tests, no home directory).
#[derive(Clone, Debug)]
pub struct AutosaveStore {
    dir: Option<PathBuf>,
}

impl AutosaveStore {
    pub fn in_dir(dir: impl Into<PathBuf>) -> AutosaveStore {
        AutosaveStore {
            dir: Some(dir.into()),
        }
    }

    pub fn in_memory() -> AutosaveStore {
        AutosaveStore { dir: None }
    }

    pub fn path(&self) -> Option<PathBuf> {
        self.dir.as_ref().map(|dir| dir.join(FILE_NAME))
    }

    /// The saved game, if there is a usable one; an unusable file is moved aside.
    pub fn load(&self) -> Loaded {
        let Some(path) = self.path() else {
            return Loaded::default();
        };
        atomic_file::remove_stale_temporaries(&path);
        let bytes = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(err) if err.kind() == io::ErrorKind::NotFound => return Loaded::default(),
            Err(err) => {
                return Loaded {
                    resumed: None,
                    note: Some(AutosaveNote::Unreadable {
                        path,
                        error: SystemError::from(&err),
                    }),
                    keep_off: true,
                };
            }
        };
        match parse(&bytes).and_then(|saved| saved.resume()) {
            Ok(resumed) => Loaded {
                resumed: Some(resumed),
                note: None,
                keep_off: false,
            },
            Err(why) => set_aside(&path, &why),
        }
    }

    /// Writes the game atomically (the old file stays whole until the new one is complete).
    pub fn save(&self, saved: &SavedGame) -> io::Result<()> {
        let Some(path) = self.path() else {
            return Ok(());
        };
        let text = serde_json::to_string_pretty(saved).map_err(io::Error::other)?;
        atomic_file::write(&path, text.as_bytes())
    }
}

/// Reads the file's bytes as a saved game, checking the version before the fields so that a
/// newer format is reported as newer, not as damaged.
pub fn parse(bytes: &[u8]) -> Result<SavedGame, Unusable> {
    let value: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|err| Unusable::Damaged(err.to_string()))?;
    let version = value
        .get("version")
        .and_then(serde_json::Value::as_u64)
        .ok_or_else(|| Unusable::Damaged("no format version".to_owned()))?;
    if version > u64::from(FORMAT_VERSION) {
        return Err(Unusable::Newer(u32::try_from(version).unwrap_or(u32::MAX)));
    }
    serde_json::from_value(value).map_err(|err| Unusable::Damaged(err.to_string()))
}

fn set_aside(path: &Path, why: &Unusable) -> Loaded {
    match atomic_file::set_aside(path, "unusable") {
        Ok(aside) => Loaded {
            resumed: None,
            note: Some(AutosaveNote::SetAside {
                why: why.clone(),
                aside,
            }),
            keep_off: false,
        },
        Err(err) => Loaded {
            resumed: None,
            note: Some(AutosaveNote::Stuck {
                path: path.to_path_buf(),
                why: why.clone(),
                error: SystemError::from(&err),
            }),
            keep_off: true,
        },
    }
}

/// The app's side of autosaving: writes only when the game changed, and stops for good when
/// writing would overwrite a file that must be kept.
#[derive(Debug)]
pub struct Autosaver {
    store: AutosaveStore,
    last: Option<SavedGame>,
    off: bool,
}

impl Autosaver {
    pub fn new(store: AutosaveStore) -> Autosaver {
        Autosaver {
            store,
            last: None,
            off: false,
        }
    }

    /// Loads the saved game once, at start-up.
    pub fn restore(&mut self) -> Loaded {
        let loaded = self.store.load();
        self.off = loaded.keep_off;
        loaded
    }

    /// Saves `saved` unless it is what was saved last; returns why when the write failed.
    pub fn save_if_changed(&mut self, saved: SavedGame) -> Option<String> {
        if self.off || self.last.as_ref() == Some(&saved) {
            return None;
        }
        let outcome = self.store.save(&saved);
        self.last = Some(saved);
        match outcome {
            Ok(()) => None,
            Err(err) => {
                log::warn!("could not save the game: {err}");
                Some(err.to_string())
            }
        }
    }
}
