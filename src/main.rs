//! The komadai desktop app: a window with the board, playing the built-in AI.
//!
//! `komadai FILE` opens a game record (KIF, KI2, CSA, USI) to replay it: what a file manager
//! runs when a record is double-clicked. `komadai review GAME` reviews a game in the terminal,
//! with no window.

// A double-clicked Windows app opens no console window; messages go to the log file.
#![cfg_attr(windows, windows_subsystem = "windows")]

use komadai::gui::intent::Intent;
use komadai::gui::platform::data_dir::{data_dir, log_path};
use komadai::gui::platform::logging;
use komadai::gui::{AppOptions, KomadaiApp, SettingsStore};
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "Usage: komadai [FILE]
       komadai review GAME [--json] [--japanese] [--fast] [--nodes N] [--lines N] [--threads N]
                      [--deep-nodes N]

Plays shogi against the built-in AI. With FILE, a game record (KIF, KI2, CSA or a USI
position line, UTF-8 or Shift_JIS) or a one-line SFEN position, opens it as
Game > Open game... does: a record is shown from its first move, to replay.
`komadai review GAME` prints a review of every move (verdict, score, best move, why), without
opening a window (a file named review opens with `komadai ./review`). It waits for the deep
pass, which searches each mistake's explanation again far deeper (about a minute for a long
game on two cores); `--fast` prints the first pass alone (seconds).

Options:
  -h, --help     print this help
  -V, --version  print the version";

/// What the command line asked for.
#[derive(Debug, PartialEq, Eq)]
enum Args {
    /// Start the app, opening this record if there is one.
    Run(Option<PathBuf>),
    /// Review a game in the terminal, with these arguments.
    Review(Vec<String>),
    Help,
    Version,
}

/// Reads the arguments after the program's name. A path may start with `-` after `--`.
fn parse_args(args: impl IntoIterator<Item = OsString>) -> Result<Args, String> {
    let mut args = args.into_iter().peekable();
    if args.peek().is_some_and(|first| first == "review") {
        let rest = args.skip(1).map(|arg| {
            arg.into_string()
                .map_err(|arg| format!("'{}' is not UTF-8", arg.to_string_lossy()))
        });
        return rest.collect::<Result<_, _>>().map(Args::Review);
    }
    let mut file = None;
    let mut options_done = false;
    for arg in args {
        if !options_done && arg.to_string_lossy().starts_with('-') && arg != "-" {
            match arg.to_string_lossy().as_ref() {
                "--" => options_done = true,
                "-h" | "--help" => return Ok(Args::Help),
                "-V" | "--version" => return Ok(Args::Version),
                other => return Err(format!("unknown option '{other}'")),
            }
        } else if file.is_some() {
            return Err("komadai opens one file at a time".to_owned());
        } else {
            file = Some(PathBuf::from(arg));
        }
    }
    Ok(Args::Run(file))
}

fn main() -> ExitCode {
    let file = match parse_args(std::env::args_os().skip(1)) {
        Ok(Args::Run(file)) => file,
        Ok(Args::Review(args)) => {
            let status = komadai::review::cli::run_cli(
                &args,
                &mut std::io::stdout(),
                &mut std::io::stderr(),
            );
            return ExitCode::from(u8::try_from(status).unwrap_or(1));
        }
        Ok(Args::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(Args::Version) => {
            println!("komadai {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        Err(err) => {
            eprintln!("komadai: {err}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
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
            let mut app = KomadaiApp::with_data_dir(
                SettingsStore::platform(),
                data_dir(),
                AppOptions::default(),
            );
            if let Some(file) = file {
                app.apply(Intent::OpenFile(file));
            }
            Ok(Box::new(app))
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

#[cfg(test)]
mod tests {
    use super::{Args, parse_args};
    use std::path::PathBuf;

    fn parse(args: &[&str]) -> Result<Args, String> {
        parse_args(args.iter().map(Into::into))
    }

    #[test]
    fn no_argument_starts_the_app_without_a_file() {
        assert_eq!(parse(&[]), Ok(Args::Run(None)));
    }

    #[test]
    fn a_path_is_the_record_to_open() {
        let path = "/home/me/棋譜/game.kif";
        assert_eq!(parse(&[path]), Ok(Args::Run(Some(PathBuf::from(path)))));
    }

    #[test]
    fn review_takes_the_rest_of_the_line_for_the_review() {
        assert_eq!(
            parse(&["review", "game.kif", "--json"]),
            Ok(Args::Review(vec![
                "game.kif".to_owned(),
                "--json".to_owned()
            ]))
        );
        assert_eq!(
            parse(&["./review"]),
            Ok(Args::Run(Some(PathBuf::from("./review"))))
        );
    }

    #[test]
    fn help_and_version_are_answered() {
        assert_eq!(parse(&["--help"]), Ok(Args::Help));
        assert_eq!(parse(&["-V"]), Ok(Args::Version));
    }

    #[test]
    fn an_unknown_option_is_named_in_the_error() {
        assert_eq!(
            parse(&["--fullscreen"]),
            Err("unknown option '--fullscreen'".to_owned())
        );
    }

    #[test]
    fn a_file_named_like_an_option_opens_after_double_dash() {
        assert_eq!(
            parse(&["--", "-game.csa"]),
            Ok(Args::Run(Some(PathBuf::from("-game.csa"))))
        );
    }

    #[test]
    fn two_files_are_refused() {
        assert!(parse(&["a.kif", "b.kif"]).is_err());
    }
}
