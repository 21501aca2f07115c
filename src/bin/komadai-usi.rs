//! The USI engine: `komadai-usi`, for any shogi GUI that speaks USI.

fn main() {
    let stdin = std::io::stdin();
    if let Err(err) = komadai::usi::run(stdin.lock(), std::io::stdout()) {
        eprintln!("komadai-usi: {err}");
        std::process::exit(1);
    }
}
