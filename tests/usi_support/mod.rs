//! What a USI session writes, kept for a test to read.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A clonable output: the session writes through one clone, the test reads
/// through another.
#[derive(Clone, Default)]
pub struct Transcript(Arc<Mutex<Vec<u8>>>);

impl Transcript {
    /// Everything written so far.
    pub fn text(&self) -> String {
        let buffer = self.0.lock().unwrap_or_else(|p| p.into_inner());
        String::from_utf8_lossy(&buffer).into_owned()
    }
}

impl Write for Transcript {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let mut buffer = self.0.lock().unwrap_or_else(|p| p.into_inner());
        buffer.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
