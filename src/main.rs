//! The komadai desktop app: a window with the board, playing the built-in AI.

use komadai::gui::{AppOptions, KomadaiApp, SettingsStore};

fn main() -> eframe::Result {
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
