//! Writing a file so that a crash, a kill or a power cut leaves either the old file or the
//! new one, never half of either: write a temporary file beside it, flush it to the disk,
//! rename it over the old one, then flush the directory so the rename itself is kept.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::Path;

/// Replaces `path` with `bytes` atomically, creating its directory if needed.
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path
        .parent()
        .ok_or_else(|| io::Error::other(format!("{} has no directory", path.display())))?;
    fs::create_dir_all(dir)?;
    // One temporary file per process: two komadai windows saving at once never write into
    // the same half-finished file.
    let mut temp_name = path.file_name().unwrap_or_default().to_os_string();
    temp_name.push(format!(".{}.tmp", std::process::id()));
    let temp = dir.join(temp_name);
    let written = write_temporary(&temp, bytes).and_then(|()| fs::rename(&temp, path));
    if written.is_err() {
        // A full disk or a refused rename must not leave a half-written file taking the
        // little room there is; the old file is untouched either way.
        let _ = fs::remove_file(&temp);
    }
    written?;
    sync_dir(dir);
    Ok(())
}

fn write_temporary(temp: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = File::create(temp)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// On Unix a rename is only durable once the directory is flushed; elsewhere (and where the
/// platform refuses) the rename is already as safe as it gets.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(handle) = File::open(dir) {
        let _ = handle.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// Removes the temporary files a write of `path` left when the process was killed between
/// creating and renaming them. Files younger than a minute are left alone: another komadai
/// window may be writing one right now.
pub fn remove_stale_temporaries(path: &Path) {
    let (Some(dir), Some(name)) = (path.parent(), path.file_name()) else {
        return;
    };
    let prefix = format!("{}.", name.to_string_lossy());
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let minute = std::time::Duration::from_secs(60);
    for entry in entries.filter_map(Result::ok) {
        let file_name = entry.file_name().to_string_lossy().into_owned();
        let temporary = file_name.starts_with(&prefix) && file_name.ends_with(".tmp");
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|t| t.elapsed().is_ok_and(|age| age > minute));
        if temporary && old {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Moves a file that could not be used out of the way under a name no other file has, so it
/// is kept for the player (or a bug report) and never overwritten. Returns the new path.
pub fn set_aside(path: &Path, label: &str) -> io::Result<std::path::PathBuf> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    let stamp = crate::gui::platform::logging::file_stamp();
    for n in 0..1000 {
        let suffix = if n == 0 {
            String::new()
        } else {
            format!("-{n}")
        };
        let aside = dir.join(format!("{stem}.{label}-{stamp}{suffix}{ext}"));
        if !aside.exists() {
            fs::rename(path, &aside)?;
            return Ok(aside);
        }
    }
    Err(io::Error::other("too many set-aside files already"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("komadai-atomic-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn write_replaces_the_file_and_leaves_no_temporary() {
        let dir = temp_dir("replace");
        let path = dir.join("game.json");
        write(&path, b"first").unwrap();
        write(&path, b"second").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second");
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name())
            .collect();
        assert_eq!(names, ["game.json"]);
    }

    /// A full disk, for real: the temporary file's name is a link to `/dev/full`, where every
    /// write fails with "no space left on device".
    #[cfg(target_os = "linux")]
    #[test]
    fn a_full_disk_keeps_the_old_file_and_leaves_no_temporary() {
        let dir = temp_dir("full");
        let path = dir.join("game.json");
        write(&path, b"saved before").unwrap();
        let temp = dir.join(format!("game.json.{}.tmp", std::process::id()));
        std::os::unix::fs::symlink("/dev/full", &temp).unwrap();
        let error = write(&path, b"the new game").unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::StorageFull, "{error}");
        assert_eq!(fs::read(&path).unwrap(), b"saved before");
        assert!(
            fs::symlink_metadata(&temp).is_err(),
            "the temporary is gone"
        );
        write(&path, b"room again").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"room again");
    }

    #[test]
    fn stale_temporaries_are_removed_and_fresh_ones_kept() {
        let dir = temp_dir("stale");
        let path = dir.join("game.json");
        write(&path, b"whole").unwrap();
        let stale = dir.join("game.json.123.tmp");
        let fresh = dir.join("game.json.456.tmp");
        fs::write(&stale, b"half").unwrap();
        fs::write(&fresh, b"half").unwrap();
        let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        File::options()
            .write(true)
            .open(&stale)
            .unwrap()
            .set_modified(hour_ago)
            .unwrap();
        remove_stale_temporaries(&path);
        assert!(!stale.exists());
        assert!(fresh.exists());
        assert_eq!(fs::read(&path).unwrap(), b"whole");
    }

    #[test]
    fn set_aside_never_overwrites_an_earlier_bad_file() {
        let dir = temp_dir("aside");
        let path = dir.join("game.json");
        write(&path, b"bad one").unwrap();
        let first = set_aside(&path, "bad").unwrap();
        write(&path, b"bad two").unwrap();
        let second = set_aside(&path, "bad").unwrap();
        assert_ne!(first, second);
        assert_eq!(fs::read(&first).unwrap(), b"bad one");
        assert_eq!(fs::read(&second).unwrap(), b"bad two");
        assert!(!path.exists());
    }
}
