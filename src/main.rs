//! The komadai desktop app: a window with the board, playing the built-in AI.

use komadai::gui::{AppOptions, KomadaiApp, SettingsStore};

fn main() -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("komadai")
            .with_inner_size([1180.0, 820.0])
            .with_min_inner_size([520.0, 420.0]),
        ..Default::default()
    };
    eframe::run_native(
        "komadai",
        options,
        Box::new(|_cc| {
            Ok(Box::new(KomadaiApp::new(
                SettingsStore::platform(),
                AppOptions::default(),
            )))
        }),
    )
}
