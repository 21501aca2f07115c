//! The USI engine: `komadai-usi`, for any shogi GUI that speaks USI.

fn main() {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    if let Err(err) = komadai::usi::run(stdin.lock(), stdout.lock()) {
        eprintln!("komadai-usi: {err}");
        std::process::exit(1);
    }
}
