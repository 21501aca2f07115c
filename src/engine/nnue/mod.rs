//! The evaluation network (NNUE): a small neural network over which pieces
//! stand where, trained on komadai's own games (`examples/train_nnue.rs`).
//!
//! [`features`] says what the network sees, [`net`] evaluates it in integers,
//! [`simd`] holds its inner loops.

pub mod features;
mod incremental;
pub mod net;
pub mod simd;

pub use features::InputSet;
pub use net::{Net, NetError, NetParts};

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicPtr, Ordering};

/// The network every search judges with unless a file or the linear
/// evaluation is chosen, compiled into the program (its recipe:
/// `tools/data/nnue/RECIPE.md`): every level plays it, and the hints, the
/// evaluation bar, the analysis, the review and the practice judge with it,
/// so they never disagree about a position.
const BUILT_IN: &[u8] = include_bytes!("../../../assets/eval.knn");

/// The built-in network, read once; `None` only if the file did not match the
/// code's shape, which a test rules out, and then the linear evaluation plays.
pub fn built_in() -> Option<&'static Net> {
    static NET: OnceLock<Option<Net>> = OnceLock::new();
    NET.get_or_init(|| Net::from_bytes(BUILT_IN).ok()).as_ref()
}

/// A network installed in place of the built-in one, or null. Only ever
/// holds a pointer from `Box::leak`, never freed, so a load can be
/// dereferenced for the rest of the program; installing a network is rare
/// (an option set at start-up) and each leaks one network's few hundred KB.
static INSTALLED: AtomicPtr<Net> = AtomicPtr::new(std::ptr::null_mut());

/// Set when the linear evaluation was chosen instead of any network.
static LINEAR: AtomicBool = AtomicBool::new(false);

/// Which evaluation every search in the program uses from now on.
#[derive(Debug)]
pub enum Choice {
    /// The network compiled into the program (the default).
    BuiltIn,
    /// The hand-tuned linear evaluation alone.
    Linear,
    /// A network read from a file.
    File(Net),
}

impl Choice {
    /// The choice a word names: `builtin`, `linear` (or nothing), or a
    /// network file's path, read and checked here.
    pub fn named(value: &str) -> Result<Choice, String> {
        match value {
            "builtin" => Ok(Choice::BuiltIn),
            "linear" | "" | "<empty>" => Ok(Choice::Linear),
            path => {
                let bytes = std::fs::read(path).map_err(|err| format!("{path}: {err}"))?;
                Net::from_bytes(&bytes)
                    .map(Choice::File)
                    .map_err(|err| format!("{path}: {err}"))
            }
        }
    }
}

/// Makes `choice` the evaluation of every search in the program from now on.
pub fn install(choice: Choice) {
    let (pointer, linear) = match choice {
        Choice::BuiltIn => (std::ptr::null_mut(), false),
        Choice::Linear => (std::ptr::null_mut(), true),
        Choice::File(net) => (Box::leak(Box::new(net)) as *mut Net, false),
    };
    LINEAR.store(linear, Ordering::Release);
    INSTALLED.store(pointer, Ordering::Release);
}

/// The network in use, if any.
#[inline]
pub fn active() -> Option<&'static Net> {
    let pointer = INSTALLED.load(Ordering::Acquire);
    // SAFETY: a non-null pointer came from `Box::leak` in `install` and is
    // never freed, so it points to a live `Net` for the rest of the program.
    if let Some(net) = unsafe { pointer.as_ref() } {
        return Some(net);
    }
    if LINEAR.load(Ordering::Acquire) {
        None
    } else {
        built_in()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_network_matches_the_code_and_plays_by_default() {
        let net = built_in().expect("assets/eval.knn reads as a network of this code's shape");
        assert!(net.width() > 0);
        assert_eq!(net.inputs(), features::InputSet::Pieces);
        assert_eq!(net.to_bytes(), BUILT_IN, "written back byte for byte");
        // Another test may install a network for the whole program; the
        // built-in one shows only when none is.
        if INSTALLED.load(Ordering::Acquire).is_null() && !LINEAR.load(Ordering::Acquire) {
            assert_eq!(active().map(Net::id), Some(net.id()));
        }
    }
}
