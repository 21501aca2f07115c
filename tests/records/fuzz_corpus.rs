//! The fuzzers' kept inputs (`fuzz/corpus/<target>/`) replayed through the same checks the
//! fuzz targets run (`fuzz/src/lib.rs`, included here), so that stable `cargo test` guards
//! every input coverage-guided fuzzing once found interesting.

// The fuzz crate's own `storage` feature is unknown here (that part is the GUI tests').
#[allow(unexpected_cfgs)]
#[path = "../../fuzz/src/lib.rs"]
mod targets;

use std::path::PathBuf;

/// Each file of a target's corpus, with its name.
pub fn corpus(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|err| panic!("{dir:?}: {err}"))
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let bytes = std::fs::read(entry.path()).ok()?;
            Some((entry.file_name().to_string_lossy().into_owned(), bytes))
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpus for {target}");
    files
}

#[test]
fn every_kept_input_passes_its_targets_checks() {
    type Check = fn(&[u8]);
    let checks: [(&str, Check); 10] = [
        ("sfen", targets::sfen),
        ("usi_position", targets::usi_position),
        ("usi_session", targets::usi_session),
        ("kif", targets::kif),
        ("ki2", targets::ki2),
        ("csa", targets::csa),
        ("jkf", targets::jkf),
        ("book", targets::book),
        ("nnue_net", targets::nnue_net),
        ("review_input", targets::review_input),
    ];
    for (target, check) in checks {
        for (name, bytes) in corpus(target) {
            let outcome = std::panic::catch_unwind(|| check(&bytes));
            assert!(outcome.is_ok(), "fuzz/corpus/{target}/{name}");
        }
    }
}
