//! The app's own file dialog, for where the system's cannot be shown (a desktop with no
//! file-chooser portal and no `zenity`): the `egui_file` crate's, in the player's language,
//! opening in the games folder. It saves a record, opens one, or picks the files of a
//! collection to import.
//!
//! The dialog's widget keeps its own state (the folder listed, the file picked), as egui's
//! widgets keep theirs; what it was opened for is the app's, and what the player chose comes
//! back as an [`Intent`].

use crate::gui::intent::Intent;
use crate::gui::storage::records_io::{COLLECTION_EXTENSIONS, RECORD_EXTENSIONS};
use crate::i18n::Language;
use crate::record::Record;
use egui::Context;
use egui_file::{FileDialog, State};
use std::borrow::Cow;
use std::path::{Path, PathBuf};

/// What the dialog was opened for.
#[derive(Clone, Debug)]
pub enum FileTask {
    /// Open a record to replay.
    Open,
    /// Save this record (taken when the dialog opened).
    Save(Box<Record>),
    /// Import these files as one collection of mate problems.
    Import,
}

/// The open dialog and what it is for.
pub struct OwnFileDialog {
    pub task: FileTask,
    widget: FileDialog,
}

impl OwnFileDialog {
    /// The dialog for `task`, open in `dir` (where there is none, the working folder),
    /// `name` offered as the file name to save as.
    pub fn new(task: FileTask, dir: Option<&Path>, name: &str, lang: Language) -> OwnFileDialog {
        let t = lang.strings();
        let (widget, title) = match &task {
            FileTask::Open => (FileDialog::open_file(), t.open_dialog_title),
            FileTask::Save(_) => (FileDialog::save_file(), t.save_dialog_title),
            FileTask::Import => (
                FileDialog::open_file().multi_select(true),
                lang.practice().import,
            ),
        };
        let extensions: &'static [&'static str] = match &task {
            FileTask::Import => &COLLECTION_EXTENSIONS,
            _ => &RECORD_EXTENSIONS,
        };
        let mut widget = widget
            .title(title)
            .id(egui::Id::unique("komadai file dialog"))
            .default_size([560.0, 420.0])
            // In the middle of the window, over the board, as the app's other dialogs are.
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .open_button_text(Cow::Borrowed(t.file_dialog_open))
            .save_button_text(Cow::Borrowed(t.file_dialog_save))
            .cancel_button_text(Cow::Borrowed(t.cancel))
            .new_folder_button_text(Cow::Borrowed(t.file_dialog_new_folder))
            .new_folder_name_text(Cow::Borrowed(t.file_dialog_new_folder))
            .rename_button_text(Cow::Borrowed(t.file_dialog_rename))
            .refresh_button_hover_text(Cow::Borrowed(t.file_dialog_refresh))
            .parent_folder_button_hover_text(Cow::Borrowed(t.file_dialog_parent))
            .file_label_text(Cow::Borrowed(t.file_dialog_file))
            .show_hidden_checkbox_text(Cow::Borrowed(t.file_dialog_hidden))
            .show_rename(false)
            .keep_on_top(true)
            .default_filename(name)
            .show_files_filter(Box::new(move |path: &Path| has_extension(path, extensions)));
        if let Some(dir) = dir {
            let _ = std::fs::create_dir_all(dir);
            widget = widget.initial_path(dir);
        }
        widget.open();
        OwnFileDialog { task, widget }
    }

    /// Draws the dialog; once the player chose or cancelled, what to do
    /// ([`Intent::FilesChosen`], or [`Intent::Cancel`]).
    pub fn show(&mut self, ctx: &Context) -> Option<Intent> {
        match self.widget.show(ctx).state() {
            State::Open => None,
            State::Selected => {
                let chosen: Vec<PathBuf> = match self.task {
                    FileTask::Import => {
                        let picked = self.widget.selection();
                        let many = picked
                            .into_iter()
                            .map(Path::to_path_buf)
                            .collect::<Vec<_>>();
                        if many.is_empty() {
                            self.widget
                                .path()
                                .map(Path::to_path_buf)
                                .into_iter()
                                .collect()
                        } else {
                            many
                        }
                    }
                    _ => self
                        .widget
                        .path()
                        .map(Path::to_path_buf)
                        .into_iter()
                        .collect(),
                };
                Some(Intent::FilesChosen(chosen))
            }
            State::Closed | State::Cancelled => Some(Intent::Cancel),
        }
    }
}

impl std::fmt::Debug for OwnFileDialog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OwnFileDialog")
            .field("task", &self.task)
            .finish_non_exhaustive()
    }
}

fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension()
        .and_then(|ext| ext.to_str())
        .is_some_and(|ext| extensions.iter().any(|e| e.eq_ignore_ascii_case(ext)))
}
