//! What each fuzz target promises, beyond not panicking: one function per
//! reader, taking the fuzzer's bytes. The fuzz targets call these, and the
//! main crate's tests replay the kept corpora through the same file
//! (`tests/records/fuzz_corpus.rs` includes it by path), so CI guards
//! every input the fuzzer once found interesting.

// The main crate's tests include this file, where the fuzz crate's
// `storage` feature is not known; they include `storage.rs` on their own.
#[cfg(feature = "storage")]
pub mod storage;

use komadai::engine::book::Book;
use komadai::engine::nnue::Net;
use komadai::record::{Record, decode};
use komadai::rules::game::Game;
use komadai::rules::{Position, PositionCommand};

/// A position SFEN accepts writes back to a SFEN that reads as the same
/// position.
pub fn sfen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = Position::from_sfen(text) {
        let written = pos.to_sfen();
        assert_eq!(
            Position::from_sfen(&written),
            Ok(pos),
            "{text:?} -> {written}"
        );
    }
    // Read as a mate problem the attacker may have no king: the position
    // still writes back to itself, and every legal move plays and undoes.
    if let Ok(problem) = Position::mate_problem_from_sfen(text) {
        let written = problem.to_sfen();
        assert_eq!(
            Position::mate_problem_from_sfen(&written),
            Ok(problem),
            "{text:?} -> {written}"
        );
        for &mv in problem.legal_moves().iter() {
            let mut played = problem;
            let undo = played.play_undoable(mv);
            assert_eq!(
                played.hash(),
                played.hash_from_scratch(),
                "{mv} in {written}"
            );
            played.undo(mv, undo);
            assert_eq!(played, problem, "{mv} undone in {written}");
        }
    }
}

/// An accepted `position` line writes back to a line that reads as the
/// same start and moves.
pub fn usi_position(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(command) = PositionCommand::parse(text) {
        let written = command.to_usi();
        assert_eq!(
            PositionCommand::parse(&written).as_ref(),
            Ok(&command),
            "{text:?} -> {written}"
        );
    }
}

/// A whole USI session on arbitrary lines ends without a panic. Every `go`
/// becomes a depth-1 search and `bench` is left out, so one input costs
/// milliseconds; the hash size and thread count keep their defaults.
pub fn usi_session(data: &[u8]) {
    let mut input = Vec::with_capacity(data.len() + 16);
    for line in data.split(|&b| b == b'\n') {
        let words = String::from_utf8_lossy(line).to_ascii_lowercase();
        let first = words.split_whitespace().next().unwrap_or("");
        match first {
            "go" => input.extend_from_slice(b"go depth 1"),
            "bench" => continue,
            "setoption" if words.contains("hash") || words.contains("threads") => continue,
            _ => input.extend_from_slice(line),
        }
        input.push(b'\n');
    }
    let _ = komadai::usi::run(&input[..], std::io::sink());
}

/// The same game: start (its move number aside) and moves.
fn same_game(a: &Game, b: &Game) -> bool {
    let core = |p: &Position| {
        let s = p.to_sfen();
        s.rsplit_once(' ').map(|(c, _)| c.to_string()).unwrap_or(s)
    };
    core(a.start()) == core(b.start()) && a.moves() == b.moves()
}

fn assert_same(original: &Record, back: Result<Record, komadai::record::RecordError>, what: &str) {
    match back {
        Ok(back) => {
            assert!(
                same_game(&original.game, &back.game),
                "{what} read back as another game"
            );
            assert_eq!(
                original.game.result(),
                back.game.result(),
                "{what} read back with another result"
            );
        }
        Err(err) => panic!("{what} written by komadai does not read back: {err}"),
    }
}

/// A KIF file (UTF-8 or Shift_JIS bytes) read, written in each encoding
/// and read again is the same game.
pub fn kif(data: &[u8]) {
    if let Ok(record) = Record::from_kif_bytes(data) {
        let utf8 = record.to_kif();
        assert_same(&record, Record::from_kif(&utf8), "UTF-8 KIF");
        let sjis = record.to_kif_shift_jis();
        assert_same(&record, Record::from_kif_bytes(&sjis), "Shift_JIS KIF");
    }
}

/// A KI2 file read, written and read again is the same game.
pub fn ki2(data: &[u8]) {
    let Ok(text) = decode(data) else { return };
    if let Ok(record) = Record::from_ki2(&text) {
        assert_same(&record, Record::from_ki2(&record.to_ki2()), "KI2");
    }
}

/// A CSA file read, written and read again is the same game.
pub fn csa(data: &[u8]) {
    let Ok(text) = decode(data) else { return };
    if let Ok(record) = Record::from_csa(&text) {
        assert_same(&record, Record::from_csa(&record.to_csa()), "CSA");
    }
}

/// A JKF record read, written and read again is the same game with the
/// same variations.
pub fn jkf(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(record) = Record::from_jkf(text) {
        let back = Record::from_jkf(&record.to_jkf());
        if let Ok(back) = &back {
            assert_eq!(record.variations, back.variations, "JKF variations");
        }
        assert_same(&record, back, "JKF");
    }
}

/// An opening book either reads or names its bad line; what it reads holds
/// only legal moves (the reader checks them as it goes, so the start
/// position's moves are checked here again).
pub fn book(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Book::parse(text) {
        Ok(book) => {
            let start = Position::startpos();
            assert!(book.moves(&start).iter().all(|m| start.is_legal(m.mv)));
        }
        Err(err) => assert!(err.line >= 1, "{err}"),
    }
}

/// A network file either reads or is refused; one that reads writes back
/// to the very same bytes.
pub fn nnue_net(data: &[u8]) {
    if let Ok(net) = Net::from_bytes(data) {
        let written = net.to_bytes();
        let again = Net::from_bytes(&written).map(|n| n.to_bytes());
        assert_eq!(again.as_deref(), Ok(&written[..]));
    }
}

/// `komadai review FILE` reads any bytes into a game or a message naming
/// the file (the reading part; no engine is run).
pub fn review_input(data: &[u8]) {
    let path = std::env::temp_dir().join(format!(
        "komadai-fuzz-review-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    if std::fs::write(&path, data).is_err() {
        return;
    }
    let path_text = path.to_string_lossy().into_owned();
    match komadai::review::cli::read_game(&path_text) {
        Ok((start, moves)) => {
            let mut pos = start;
            for mv in moves {
                assert!(pos.is_legal(mv), "{mv} read into the review is not legal");
                pos.play_unchecked(mv);
            }
        }
        Err(message) => assert!(message.starts_with(&path_text), "{message}"),
    }
}
