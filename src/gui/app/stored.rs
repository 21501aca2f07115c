//! What the app keeps on disk: the settings, the autosaved game and saved games, the ladder's
//! results.

use crate::gui::ladder::results::LadderResults;
use crate::gui::panels::message::Message;
use crate::gui::platform::data_dir;
use crate::gui::storage::autosave::{AutosaveStore, Autosaver};
use crate::gui::storage::ladder_file::LadderStore;
use crate::gui::storage::settings::{Settings, SettingsStore};
use std::path::PathBuf;

/// The settings and where they are kept, the autosave and the games folder, the results.
pub(in crate::gui) struct Stored {
    pub(in crate::gui) settings: Settings,
    pub(in crate::gui) store: SettingsStore,
    /// The autosave, the games folder and what the log last heard.
    pub(in crate::gui) disk: Disk,
    /// The player's results per level and odds, and where they are kept.
    pub(in crate::gui) ladder: LadderResults,
}

impl Stored {
    /// `settings` as read from `store`; the autosave and saved games in `data_dir` (`None`:
    /// nothing on disk); the results not read yet.
    pub(in crate::gui) fn new(
        settings: Settings,
        store: SettingsStore,
        data_dir: Option<PathBuf>,
    ) -> Stored {
        Stored {
            settings,
            store,
            ladder: LadderResults::new(LadderStore::in_dir(data_dir.clone())),
            disk: Disk::new(data_dir),
        }
    }
}

/// What the app keeps on disk besides its settings.
pub(in crate::gui) struct Disk {
    pub(in crate::gui) autosaver: Autosaver,
    data_dir: Option<PathBuf>,
    /// What the log last heard about: the player's note and whether the game was over.
    pub(in crate::gui) logged: (Option<Message>, bool),
    /// The study last written to the autosave as KIF, and the moves and header it was
    /// written from: written again only when they change (with many variations, writing it
    /// every frame took 20 ms a frame).
    pub(in crate::gui) study: Option<(Vec<crate::rules::Move>, super::play::OpenedRecord, String)>,
}

impl Disk {
    /// Autosave and saved games live in `data_dir`; `None` keeps nothing on disk.
    pub(in crate::gui) fn new(data_dir: Option<PathBuf>) -> Disk {
        let store = data_dir
            .as_ref()
            .map_or_else(AutosaveStore::in_memory, AutosaveStore::in_dir);
        Disk {
            autosaver: Autosaver::new(store),
            data_dir,
            logged: (None, false),
            study: None,
        }
    }

    /// Where the player's practice is kept.
    pub(in crate::gui) fn practice_store(
        &self,
    ) -> crate::gui::storage::practice_file::PracticeStore {
        crate::gui::storage::practice_file::PracticeStore::in_dir(self.data_dir.clone())
    }

    /// Where saved games go unless the player picks another place.
    pub(in crate::gui) fn games_dir(&self) -> Option<PathBuf> {
        self.data_dir.as_deref().map(data_dir::games_dir)
    }
}
