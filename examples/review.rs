//! `komadai review` without the window stack, until the app's binary calls
//! it: `cargo run --release --no-default-features --example review -- GAME [--json]`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let status =
        komadai::review::cli::run_cli(&args, &mut std::io::stdout(), &mut std::io::stderr());
    std::process::exit(status);
}
