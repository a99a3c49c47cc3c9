//! Files that appear whole or not at all.
//!
//! A [`PartFile`] is written under the name `<name>.part` beside its final name, and renamed to
//! the final name only by [`PartFile::finish`], after its bytes are flushed and synced. A run
//! that is interrupted (killed, out of disk, a write error) leaves at most a `.part` file, never a
//! file under the final name that looks whole and is not. The book writer, the bitbase generator
//! and the tools' outputs (PDN games, match summaries, openings) all write this way.

use std::ffi::OsString;
use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// A file being written under a temporary name (see the module documentation).
pub struct PartFile {
    out: BufWriter<File>,
    part: PathBuf,
    path: PathBuf,
}

/// `path` with `.part` added to its file name.
pub fn part_name(path: &Path) -> PathBuf {
    let mut name = OsString::from(path.as_os_str());
    name.push(".part");
    PathBuf::from(name)
}

impl PartFile {
    /// Creates (or truncates) `<path>.part`; errors name that file.
    pub fn create(path: &Path) -> io::Result<PartFile> {
        let part = part_name(path);
        let file = File::create(&part).map_err(|e| named(&part, e))?;
        Ok(PartFile {
            out: BufWriter::new(file),
            part,
            path: path.to_path_buf(),
        })
    }

    /// Flushes and syncs the file, then renames it to its final name; errors name the file.
    pub fn finish(self) -> io::Result<()> {
        let PartFile { out, part, path } = self;
        let file = out.into_inner().map_err(|e| named(&part, e.into_error()))?;
        file.sync_all().map_err(|e| named(&part, e))?;
        fs::rename(&part, &path).map_err(|e| named(&path, e))
    }
}

impl Write for PartFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Writes `bytes` to `path` through a [`PartFile`].
pub fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut f = PartFile::create(path)?;
    f.write_all(bytes).map_err(|e| named(&f.part, e))?;
    f.finish()
}

/// `e` with the name of the file it happened to.
fn named(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("dama-files-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    fn the_final_name_appears_only_when_finished() {
        let path = scratch("games.pdn");
        let _ = fs::remove_file(&path);
        let mut f = PartFile::create(&path).unwrap();
        f.write_all(b"[Event \"x\"]\n").unwrap();
        f.flush().unwrap();
        assert!(!path.exists());
        assert!(part_name(&path).exists());
        f.finish().unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"[Event \"x\"]\n");
        assert!(!part_name(&path).exists());
        // Dropped unfinished (an interrupted run): the old file stays as it was.
        let mut f = PartFile::create(&path).unwrap();
        f.write_all(b"half").unwrap();
        drop(f);
        assert_eq!(fs::read(&path).unwrap(), b"[Event \"x\"]\n");
        write_whole(&path, b"new").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
    }

    #[test]
    fn errors_name_the_file() {
        let path = scratch("no-such-dir").join("x.book");
        let e = write_whole(&path, b"x").unwrap_err().to_string();
        assert!(e.contains("x.book.part"), "{e}");
    }
}
