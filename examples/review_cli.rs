//! `komadai review` without the window stack: the same arguments and output,
//! for machines and scripts that build the crate without the `gui` feature
//! (`tools/review_quality.py --review target/release/examples/review_cli`).
//!
//! ```sh
//! cargo build --release --no-default-features --example review_cli
//! target/release/examples/review_cli GAME [--json] [--japanese] [--nodes N] [--lines N] [--threads N]
//! ```

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let status =
        komadai::review::cli::run_cli(&args, &mut std::io::stdout(), &mut std::io::stderr());
    ExitCode::from(u8::try_from(status).unwrap_or(1))
}
