//! The evaluation network (NNUE): a small neural network over which pieces
//! stand where, trained on komadai's own games (`examples/train_nnue.rs`).
//!
//! [`features`] says what the network sees, [`net`] evaluates it in integers,
//! [`simd`] holds its inner loops.

pub mod features;
pub mod net;
pub mod simd;

pub use net::{Net, NetError, NetParts};

use std::sync::atomic::{AtomicPtr, Ordering};

/// The network the evaluation uses, or null for the linear evaluation. Only
/// ever holds a pointer from `Box::leak`, never freed, so a load can be
/// dereferenced for the rest of the program; installing a network is rare
/// (an option set at start-up) and each leaks one network's few hundred KB.
static ACTIVE: AtomicPtr<Net> = AtomicPtr::new(std::ptr::null_mut());

/// Makes `net` the evaluation of every search in the program from now on;
/// `None` goes back to the linear evaluation.
pub fn install(net: Option<Net>) {
    let pointer = net.map_or(std::ptr::null_mut(), |net| {
        Box::leak(Box::new(net)) as *mut Net
    });
    ACTIVE.store(pointer, Ordering::Release);
}

/// The network in use, if any.
#[inline]
pub fn active() -> Option<&'static Net> {
    let pointer = ACTIVE.load(Ordering::Acquire);
    // SAFETY: a non-null pointer came from `Box::leak` in `install` and is
    // never freed, so it points to a live `Net` for the rest of the program.
    unsafe { pointer.as_ref() }
}
