//! `komadai review` without the window stack: the same arguments and output,
//! for machines and scripts that build the crate without the `gui` feature
//! (`tools/review_quality.py --review target/release/examples/review_cli`).
//!
//! ```sh
//! cargo build --release --no-default-features --example review_cli
//! target/release/examples/review_cli GAME [--json] [--japanese] [--nodes N] [--lines N] [--threads N] [--eval NET]
//! ```

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // `--eval NET`: a network file (or `linear`) every search judges with
    // instead of the built-in ones, so a candidate network's review can be
    // measured without building it in.
    if let Some(at) = args.iter().position(|arg| arg == "--eval") {
        let Some(value) = args.get(at + 1).cloned() else {
            eprintln!("review_cli: --eval needs a network file");
            return ExitCode::from(2);
        };
        match komadai::engine::nnue::Choice::named(&value) {
            Ok(choice) => komadai::engine::nnue::install(choice),
            Err(message) => {
                eprintln!("review_cli: {message}");
                return ExitCode::from(2);
            }
        }
        args.drain(at..at + 2);
    }
    let status =
        komadai::review::cli::run_cli(&args, &mut std::io::stdout(), &mut std::io::stderr());
    ExitCode::from(u8::try_from(status).unwrap_or(1))
}
