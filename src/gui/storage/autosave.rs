//! The game in progress, kept on disk after every move so that a crash, a kill or a power
//! cut never loses it, and restored when the app starts again.
//!
//! The file is JSON with a `version` field. A file that cannot be used (damaged, cut short,
//! written by a newer komadai, or holding an illegal move) is moved aside, never overwritten,
//! and the app starts fresh with a note saying where the old file went.

use crate::clock::ClockSnapshot;
use crate::gui::Level;
use crate::gui::ladder::odds::Odds;
use crate::gui::storage::atomic_file;
use crate::gui::storage::file_note::{FileFault, FileNote, JsonError};
use crate::i18n::{self, Language, SystemError, fill};
use crate::rules::game::{EndReason, Game, GameError};
use crate::rules::{Color, Move, MoveParseError, Position, SfenError};
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
pub enum SavedSide {
    Sente,
    Gote,
}

impl From<Color> for SavedSide {
    fn from(color: Color) -> SavedSide {
        match color {
            Color::Sente => SavedSide::Sente,
            Color::Gote => SavedSide::Gote,
        }
    }
}

impl From<SavedSide> for Color {
    fn from(side: SavedSide) -> Color {
        match side {
            SavedSide::Sente => Color::Sente,
            SavedSide::Gote => Color::Gote,
        }
    }
}

/// How a game ended that its moves alone do not show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SavedEnding {
    Resigned {
        loser: SavedSide,
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
    pub player: SavedSide,
    pub level: Level,
    #[serde(default)]
    pub ending: Option<SavedEnding>,
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
    /// The open review's deep pass: the lines it found each mistake's reasons on, as a KIF
    /// comment keeps them (`crate::review::kif_comments::deep_text`), indexed as `review`
    /// by the position the move leads to, `null` where the pass has not looked. Absent in
    /// files from before the deep pass was kept: the pass looks at their mistakes again.
    /// Read leniently ([`lenient_texts`]): the game never waits on it.
    #[serde(
        default,
        deserialize_with = "lenient_texts",
        skip_serializing_if = "Option::is_none"
    )]
    pub deep: Option<Vec<Option<String>>>,
    /// The added USI engine playing the AI's side; absent when the built-in AI plays (and
    /// in files from before added engines).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<SavedEngine>,
    /// An added engine played in this game: it stays off the ladder even when the built-in
    /// AI took over.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub engine_played: bool,
    /// The study on the board, as KIF (its header, comments and variations with it): the
    /// opened record being replayed, or the copy of the game studied while the game (the
    /// fields above) waits. Absent when the board shows the game itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub study: Option<String>,
    /// When the game began (seconds since 1970, UTC), for its record's start time; absent
    /// in files from before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started: Option<u64>,
}

/// A list of texts where an entry that is not a text is `None`, and a value that is not a
/// list is no list: a field the app can do without, so that a damaged entry costs only
/// itself, never the saved game.
fn lenient_texts<'de, D>(deserializer: D) -> Result<Option<Vec<Option<String>>>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    let value = serde_json::Value::deserialize(deserializer)?;
    Ok(value.as_array().map(|items| {
        let text = |item: &serde_json::Value| item.as_str().map(str::to_owned);
        items.iter().map(text).collect()
    }))
}

/// An added engine as the engine list knew it when the game was saved: its id, and its
/// program to tell it from a later engine given the same id; its name for the player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedEngine {
    pub id: u32,
    pub program: PathBuf,
    pub name: String,
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
    /// The open review's deep lines, as saved.
    pub deep: Option<Vec<Option<String>>>,
    pub engine: Option<SavedEngine>,
    pub engine_played: bool,
    /// The study on the board, as KIF.
    pub study: Option<String>,
    /// When the game began, as saved.
    pub started: Option<u64>,
}

impl SavedGame {
    pub fn of(game: &Game, player: Color, level: Level, reviewing: bool) -> SavedGame {
        let ending = game.result().and_then(|result| match result.reason {
            EndReason::Resignation => result.loser().map(|loser| SavedEnding::Resigned {
                loser: loser.into(),
            }),
            // Only a declaration gives this reason; the ply limit has its own.
            EndReason::Impasse { .. } => Some(SavedEnding::Declared),
            EndReason::TimeUp => Some(SavedEnding::TimeUp),
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
            deep: None,
            engine: None,
            engine_played: false,
            study: None,
            started: None,
        }
    }

    /// Replays the saved moves; any illegal step makes the whole file unusable.
    pub fn resume(&self) -> Result<Resumed, Unusable> {
        if self.version > FORMAT_VERSION {
            return Err(Unusable::Newer(self.version));
        }
        let game = self.replay().map_err(Unusable::Content)?;
        Ok(Resumed {
            game,
            player: self.player.into(),
            level: self.level,
            reviewing: self.reviewing,
            clock: self.clock.clone(),
            odds: self.odds,
            counted: self.counted,
            review: self.review.clone(),
            deep: self.deep.clone(),
            engine: self.engine.clone(),
            engine_played: self.engine_played,
            study: self.study.clone(),
            started: self.started,
        })
    }

    /// The game the start, the moves and the ending rebuild.
    fn replay(&self) -> Result<Game, BadContent> {
        let start = Position::from_sfen(&self.start).map_err(BadContent::Start)?;
        let mut game = Game::from_position(start);
        for (number, text) in (1..).zip(&self.moves) {
            let mv = Move::from_usi(text).map_err(|error| BadContent::UnreadableMove {
                number,
                text: text.clone(),
                error,
            })?;
            game.play(mv).map_err(|error| BadContent::UnplayableMove {
                number,
                text: text.clone(),
                error,
            })?;
        }
        match self.ending {
            Some(SavedEnding::Resigned { loser }) => game.resign(loser.into()),
            Some(SavedEnding::TimeUp) => game.lose_on_time(),
            Some(SavedEnding::Declared) => {
                game.declare().map_err(BadContent::Declaration)?;
            }
            None => {}
        }
        Ok(game)
    }
}

/// Why a saved file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unusable {
    /// Not JSON, cut short, or missing a field.
    Damaged(Damage),
    /// Written by a newer komadai in a format this one does not know.
    Newer(u32),
    /// Readable, but the game in it cannot be rebuilt.
    Content(BadContent),
}

/// What makes a saved file unreadable as a saved game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    /// JSON, but without the `version` that says which format it is.
    NoVersion,
    /// Not JSON, cut short, or a field missing or of the wrong kind: the JSON reader's own
    /// words, kept as they are (see [`JsonError`]).
    Json(JsonError),
}

/// What in a readable saved game does not rebuild a game. Moves are numbered from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadContent {
    /// The start is not a position.
    Start(SfenError),
    /// A move is not USI notation.
    UnreadableMove {
        number: usize,
        text: String,
        error: MoveParseError,
    },
    /// A move is illegal where it stands, or comes after the game ended.
    UnplayableMove {
        number: usize,
        text: String,
        error: GameError,
    },
    /// The game ends by a declaration the final position does not allow.
    Declaration(GameError),
}

impl FileFault for Unusable {
    fn text(&self, lang: Language) -> String {
        let t = lang.strings();
        match self {
            Unusable::Damaged(why) => fill(t.unusable_damaged, &[("why", &why.text(lang))]),
            Unusable::Newer(version) => fill(
                t.unusable_newer,
                &[("version", version), ("max", &FORMAT_VERSION)],
            ),
            Unusable::Content(why) => fill(t.unusable_content, &[("why", &why.text(lang))]),
        }
    }
}

impl FileFault for Damage {
    fn text(&self, lang: Language) -> String {
        match self {
            Damage::NoVersion => lang.strings().saved_no_version.to_owned(),
            Damage::Json(why) => why.text(lang),
        }
    }
}

impl FileFault for BadContent {
    fn text(&self, lang: Language) -> String {
        let t = lang.strings();
        let a_move = |template, number: &usize, text: &String, why: String| {
            fill(
                template,
                &[("number", number), ("text", text), ("why", &why)],
            )
        };
        match self {
            BadContent::Start(err) => {
                fill(t.saved_bad_start, &[("why", &i18n::sfen_error(lang, err))])
            }
            BadContent::UnreadableMove {
                number,
                text,
                error,
            } => a_move(
                t.saved_unreadable_move,
                number,
                text,
                i18n::move_parse_error(lang, error),
            ),
            BadContent::UnplayableMove {
                number,
                text,
                error,
            } => a_move(
                t.saved_unplayable_move,
                number,
                text,
                i18n::game_error(lang, error),
            ),
            BadContent::Declaration(err) => fill(
                t.saved_declaration_fails,
                &[("why", &i18n::game_error(lang, err))],
            ),
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
pub struct Restored {
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
    pub fn load(&self) -> Restored {
        let Some(path) = self.path() else {
            return Restored::default();
        };
        atomic_file::remove_stale_temporaries(&path);
        let bytes = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(err) if err.kind() == io::ErrorKind::NotFound => return Restored::default(),
            Err(err) => {
                return Restored {
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
            Ok(resumed) => Restored {
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
    let damaged = |err: serde_json::Error| Unusable::Damaged(Damage::Json(JsonError::from(&err)));
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(damaged)?;
    let version = value
        .get("version")
        .and_then(serde_json::Value::as_u64)
        .ok_or(Unusable::Damaged(Damage::NoVersion))?;
    if version > u64::from(FORMAT_VERSION) {
        return Err(Unusable::Newer(u32::try_from(version).unwrap_or(u32::MAX)));
    }
    serde_json::from_value(value).map_err(damaged)
}

fn set_aside(path: &Path, why: &Unusable) -> Restored {
    match atomic_file::set_aside(path, "unusable") {
        Ok(aside) => Restored {
            resumed: None,
            note: Some(AutosaveNote::SetAside {
                why: why.clone(),
                aside,
            }),
            keep_off: false,
        },
        Err(err) => Restored {
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
    /// The last write failed: the player was told, and is not told again at every move
    /// until a write succeeds and fails anew.
    failing: bool,
}

impl Autosaver {
    pub fn new(store: AutosaveStore) -> Autosaver {
        Autosaver {
            store,
            last: None,
            off: false,
            failing: false,
        }
    }

    /// Loads the saved game once, at start-up.
    pub fn restore(&mut self) -> Restored {
        let loaded = self.store.load();
        self.off = loaded.keep_off;
        loaded
    }

    /// Saves `saved` unless it is what was saved last; returns the system's refusal when a
    /// write fails after the last one succeeded, for the app to write in the player's
    /// language once (the game goes on; later failures are only logged).
    pub fn save_if_changed(&mut self, saved: SavedGame) -> Option<SystemError> {
        if self.off || self.last.as_ref() == Some(&saved) {
            return None;
        }
        let outcome = self.store.save(&saved);
        self.last = Some(saved);
        match outcome {
            Ok(()) => {
                self.failing = false;
                None
            }
            Err(err) => {
                log::warn!("could not save the game: {err}");
                let first = !self.failing;
                self.failing = true;
                first.then(|| SystemError::from(&err))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::START_SFEN;

    fn saved(start: &str, moves: &[&str], ending: Option<SavedEnding>) -> SavedGame {
        SavedGame {
            version: FORMAT_VERSION,
            start: start.to_owned(),
            moves: moves.iter().map(|&m| m.to_owned()).collect(),
            player: SavedSide::Sente,
            level: Level::Easy,
            ending,
            reviewing: false,
            clock: None,
            odds: None,
            counted: false,
            review: None,
            deep: None,
            engine: None,
            engine_played: false,
            study: None,
            started: None,
        }
    }

    /// Why `game` does not resume, in each language.
    fn refusal(game: &SavedGame) -> (BadContent, String, String) {
        match game.resume() {
            Err(Unusable::Content(why)) => {
                let english = why.text(Language::English);
                let japanese = why.text(Language::Japanese);
                (why, english, japanese)
            }
            other => unreachable!("not a content problem: {other:?}"),
        }
    }

    /// `message` without `quoted` (the file's own text) has no run of two lowercase Latin
    /// letters: USI examples such as 7g7f and names such as SFEN may stay.
    fn has_no_english_word(message: &str, quoted: &str) -> bool {
        let rest = message.replace(quoted, "");
        let lower: Vec<bool> = rest.chars().map(|c| c.is_ascii_lowercase()).collect();
        !lower.windows(2).any(|pair| pair[0] && pair[1])
    }

    #[test]
    fn a_bad_start_is_explained_in_japanese() {
        let (why, english, japanese) = refusal(&saved("9/9/9 b - 1", &[], None));
        let BadContent::Start(err) = &why else {
            unreachable!("{why:?}")
        };
        assert_eq!(english, format!("bad start position: {err}"));
        assert_eq!(
            japanese,
            "開始局面が読めません：盤面が3段です。「/」で区切った9段が要ります"
        );
        assert!(has_no_english_word(&japanese, ""), "{japanese}");
    }

    #[test]
    fn an_unreadable_move_is_explained_in_japanese() {
        let (why, english, japanese) = refusal(&saved(START_SFEN, &["7g7f", "7c7x"], None));
        let BadContent::UnreadableMove { error, .. } = &why else {
            unreachable!("{why:?}")
        };
        assert_eq!(english, format!("move 2 (7c7x) cannot be read: {error}"));
        assert!(
            japanese.starts_with("2手目（7c7x）が読めません："),
            "{japanese}"
        );
        assert!(has_no_english_word(&japanese, "7c7x"), "{japanese}");
    }

    #[test]
    fn an_illegal_move_is_explained_in_japanese() {
        let moves = ["7g7f", "7c7d", "7f7e", "7d7e", "P*7d"];
        let (why, english, japanese) = refusal(&saved(START_SFEN, &moves, None));
        let BadContent::UnplayableMove { error, .. } = &why else {
            unreachable!("{why:?}")
        };
        assert_eq!(english, format!("move 5 (P*7d) is not playable: {error}"));
        assert_eq!(
            japanese,
            "5手目（P*7d）：指せない手です：持ち駒に歩がありません"
        );
        assert!(has_no_english_word(&japanese, "P*7d"), "{japanese}");
    }

    #[test]
    fn a_failing_declaration_is_explained_in_japanese() {
        let game = saved(START_SFEN, &[], Some(SavedEnding::Declared));
        let (why, english, japanese) = refusal(&game);
        let BadContent::Declaration(err) = &why else {
            unreachable!("{why:?}")
        };
        assert_eq!(english, format!("the declaration fails: {err}"));
        assert!(
            japanese.starts_with("入玉宣言が成り立ちません："),
            "{japanese}"
        );
        assert!(has_no_english_word(&japanese, ""), "{japanese}");
    }

    #[test]
    fn a_file_without_a_version_is_damaged_in_either_language() {
        let err = parse(br#"{"start": "x"}"#).expect_err("no version");
        assert_eq!(err, Unusable::Damaged(Damage::NoVersion));
        assert_eq!(
            err.text(Language::English),
            "it is damaged (no format version)"
        );
        let japanese = err.text(Language::Japanese);
        assert_eq!(japanese, "ファイルが壊れています（形式の番号がありません）");
    }

    #[test]
    fn the_engine_and_the_study_are_kept_and_an_older_file_without_them_still_loads() {
        let mut game = saved(START_SFEN, &["7g7f"], None);
        let older = serde_json::to_string(&game).expect("written");
        assert!(
            !older.contains("engine") && !older.contains("study"),
            "{older}"
        );
        let resumed = parse(older.as_bytes())
            .expect("loads")
            .resume()
            .expect("resumes");
        assert_eq!((resumed.engine, resumed.engine_played), (None, false));
        assert_eq!(resumed.study, None);

        game.engine = Some(SavedEngine {
            id: 2,
            program: PathBuf::from("/opt/engines/fairy"),
            name: "Fairy".to_owned(),
        });
        game.engine_played = true;
        game.study = Some("手数----指手---------消費時間--\n".to_owned());
        let text = serde_json::to_string(&game).expect("written");
        let resumed = parse(text.as_bytes())
            .expect("loads")
            .resume()
            .expect("resumes");
        assert_eq!(resumed.engine, game.engine);
        assert!(resumed.engine_played);
        assert_eq!(resumed.study, game.study);
    }

    #[test]
    fn the_deep_lines_are_kept_and_a_damaged_entry_costs_only_itself() {
        let mut game = saved(START_SFEN, &["7g7f"], None);
        let older = serde_json::to_string(&game).expect("written");
        assert!(!older.contains("deep"), "{older}");
        let resumed = parse(older.as_bytes()).expect("loads");
        assert_eq!(resumed.deep, None);

        game.deep = Some(vec![None, Some("reply=3c3d better=".to_owned())]);
        let text = serde_json::to_string(&game).expect("written");
        assert_eq!(parse(text.as_bytes()).expect("loads").deep, game.deep);

        let damaged = text.replace(r#""reply=3c3d better=""#, r#"{"reply": 7}"#);
        assert_ne!(damaged, text);
        let resumed = parse(damaged.as_bytes()).expect("loads all the same");
        assert_eq!(resumed.deep, Some(vec![None, None]));
        assert_eq!(resumed.moves, game.moves);
        let not_a_list = text.replace(r#"[null,"reply=3c3d better="]"#, "\"lines\"");
        assert_ne!(not_a_list, text);
        assert_eq!(parse(not_a_list.as_bytes()).expect("loads").deep, None);
    }

    #[test]
    fn the_json_readers_words_stay_its_own() {
        let err = parse(b"{\"version\": 1,").expect_err("cut short");
        let Unusable::Damaged(Damage::Json(JsonError(words))) = &err else {
            unreachable!("{err:?}")
        };
        for lang in Language::ALL {
            assert!(err.text(lang).contains(words.as_str()), "{err:?}");
        }
    }

    #[test]
    fn a_write_the_system_refuses_is_explained_in_japanese() {
        let dir =
            std::env::temp_dir().join(format!("komadai-autosave-refused-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join(FILE_NAME).join("inside")).expect("a directory in its place");
        let mut autosaver = Autosaver::new(AutosaveStore::in_dir(&dir));
        let err = autosaver
            .save_if_changed(saved(START_SFEN, &["7g7f"], None))
            .expect("a directory cannot be replaced by the file");
        assert_eq!(err.kind, io::ErrorKind::IsADirectory);
        let japanese = i18n::system_error(Language::Japanese, &err);
        assert_eq!(japanese, "同じ名前のフォルダがあります");
        assert_eq!(i18n::system_error(Language::English, &err), err.text);
        let _ = fs::remove_dir_all(&dir);
    }

    /// One value of each kind, for the test below; a new variant breaks `variant`.
    fn samples() -> Vec<Unusable> {
        let contents = [
            saved("9/9/9 b - 1", &[], None),
            saved(START_SFEN, &["7c7x"], None),
            saved(START_SFEN, &["P*5e"], None),
            saved(START_SFEN, &[], Some(SavedEnding::Declared)),
        ]
        .map(|game| Unusable::Content(refusal(&game).0));
        let damaged = [Damage::NoVersion, Damage::Json(JsonError("EOF".to_owned()))];
        damaged
            .into_iter()
            .map(Unusable::Damaged)
            .chain([Unusable::Newer(FORMAT_VERSION + 1)])
            .chain(contents)
            .collect()
    }

    fn variant(why: &Unusable) -> &'static str {
        match why {
            Unusable::Damaged(Damage::NoVersion) => "Damaged::NoVersion",
            Unusable::Damaged(Damage::Json(_)) => "Damaged::Json",
            Unusable::Newer(_) => "Newer",
            Unusable::Content(BadContent::Start(_)) => "Content::Start",
            Unusable::Content(BadContent::UnreadableMove { .. }) => "Content::UnreadableMove",
            Unusable::Content(BadContent::UnplayableMove { .. }) => "Content::UnplayableMove",
            Unusable::Content(BadContent::Declaration(_)) => "Content::Declaration",
        }
    }

    #[test]
    fn japanese_translates_every_variant() {
        let samples = samples();
        let names: std::collections::BTreeSet<_> = samples.iter().map(variant).collect();
        assert_eq!(names.len(), 7, "{names:?}");
        for why in samples {
            let japanese = why.text(Language::Japanese);
            assert!(!japanese.contains('{'), "unfilled: {japanese}");
            assert_ne!(japanese, why.text(Language::English));
            assert!(!japanese.is_ascii(), "not Japanese: {japanese}");
        }
    }
}
