//! The fuzzers' kept inputs for the app's own files (autosave, settings, ladder) replayed
//! through the checks their fuzz targets run (`fuzz/src/storage.rs`, included here).

#[path = "../../fuzz/src/storage.rs"]
mod storage;

use std::path::PathBuf;

#[test]
fn every_kept_file_reads_or_is_kept_aside_whole() {
    type Check = fn(&[u8]);
    let checks: [(&str, Check); 3] = [
        ("autosave", storage::autosave),
        ("settings", storage::settings),
        ("ladder", storage::ladder),
    ];
    for (target, check) in checks {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("fuzz/corpus")
            .join(target);
        let mut count = 0;
        for entry in std::fs::read_dir(&dir)
            .expect("the corpus")
            .filter_map(Result::ok)
        {
            let bytes = std::fs::read(entry.path()).expect("readable");
            let outcome = std::panic::catch_unwind(|| check(&bytes));
            assert!(outcome.is_ok(), "{:?}", entry.path());
            count += 1;
        }
        assert!(count > 0, "no corpus for {target}");
    }
}
