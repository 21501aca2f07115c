//! The komadai desktop app: a window with the board, playing the built-in AI.

// A double-clicked Windows app opens no console window; messages go to the log file.
#![cfg_attr(windows, windows_subsystem = "windows")]

use komadai::gui::data_dir::{data_dir, log_path};
use komadai::gui::{AppOptions, KomadaiApp, SettingsStore, logging};
use std::process::ExitCode;

fn main() -> ExitCode {
    let log = logging::init(log_path());
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("komadai")
        .with_app_id("komadai")
        .with_inner_size([1180.0, 820.0])
        .with_min_inner_size([520.0, 420.0]);
    if let Ok(icon) = eframe::icon_data::from_png_bytes(include_bytes!("../assets/icon.png")) {
        viewport = viewport.with_icon(icon);
    }
    let options = eframe::NativeOptions {
        viewport,
        ..Default::default()
    };
    let outcome = eframe::run_native(
        "komadai",
        options,
        Box::new(|_cc| {
            Ok(Box::new(KomadaiApp::with_data_dir(
                SettingsStore::platform(),
                data_dir(),
                AppOptions::default(),
            )))
        }),
    );
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            // No window could be opened (no display, no OpenGL 2+ driver): say so plainly
            // instead of panicking, where a terminal or the log will show it.
            log::error!("could not open the window: {err}");
            eprintln!("komadai could not open its window: {err}");
            eprintln!(
                "It needs a desktop session with OpenGL 2.0 or newer (on Linux an X11 or Wayland display; a software renderer such as Mesa's llvmpipe will do)."
            );
            if let Some(log) = &log {
                eprintln!("Details are in {}", log.display());
            }
            // A double-clicked app has no terminal: also say it in a system message box
            // (Windows and macOS natively, Linux through zenity where it is installed).
            let details = log.map_or_else(String::new, |log| {
                format!("\n\nDetails are in {}", log.display())
            });
            let _ = rfd::MessageDialog::new()
                .set_level(rfd::MessageLevel::Error)
                .set_title("komadai cannot start")
                .set_description(format!(
                    "komadai could not open its window: {err}\n\nIt needs OpenGL 2.0 or newer.{details}"
                ))
                .show();
            ExitCode::FAILURE
        }
    }
}
