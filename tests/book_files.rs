//! Book files on disk: a whole file loads; a corrupt, truncated, non-text or wrong-variant file is
//! refused with an error naming the file; a saved book appears under its name only when whole.

use std::fs;
use std::path::PathBuf;

use dama::book::{builtin, Book};
use dama::Variant;

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("book-files");
    fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Writes `bytes` as the book file `name` and returns the error of loading it as Czech.
fn refused(name: &str, bytes: &[u8]) -> String {
    let path = scratch(name);
    fs::write(&path, bytes).unwrap();
    let e = Book::load_for(&path, Variant::Czech)
        .map(|(b, _)| b.len())
        .unwrap_err()
        .to_string();
    assert!(e.contains(&path.display().to_string()), "{e}");
    e
}

#[test]
fn a_whole_book_file_loads() {
    let text = builtin::text(Variant::Czech).unwrap();
    let path = scratch("whole.book");
    fs::write(&path, text).unwrap();
    let (book, warnings) = Book::load_for(&path, Variant::Czech).unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(book.len(), Book::builtin(Variant::Czech).unwrap().len());
}

#[test]
fn corrupt_truncated_and_non_text_files_are_refused_by_name() {
    let text = builtin::text(Variant::Czech).unwrap();
    // One score changed in the last entry (a flipped digit keeps every line readable).
    let mut corrupt = text.trim_end().to_string();
    let last = corrupt.rfind(" 1").unwrap();
    corrupt.replace_range(last..last + 2, " 7");
    let e = refused("corrupt.book", corrupt.as_bytes());
    assert!(
        e.contains("checksum mismatch") && e.contains("not used"),
        "{e}"
    );
    // Cut in the middle of the entries, at a line end and in the middle of a line.
    let half = text.len() / 2;
    let line_end = text[..half].rfind('\n').unwrap() + 1;
    for cut in [line_end, half] {
        let e = refused("truncated.book", &text.as_bytes()[..cut]);
        assert!(e.contains("corrupt or truncated"), "{e}");
    }
    let mut bytes = text.as_bytes().to_vec();
    bytes[text.len() / 3] = 0xFF;
    let e = refused("binary.book", &bytes);
    assert!(e.contains("not text"), "{e}");
    let e = refused("headless.book", b"\x00\x01garbage\n");
    assert!(e.contains("not text") || e.contains("variant"), "{e}");
}

#[test]
fn another_variants_book_is_refused_by_name() {
    let text = builtin::text(Variant::International).unwrap();
    let e = refused("international.book", text.as_bytes());
    assert!(e.contains("the book of international, not of czech"), "{e}");
}

#[test]
fn saving_replaces_the_file_only_when_whole() {
    let book = Book::builtin(Variant::Mala).unwrap();
    let path = scratch("saved.book");
    book.save(&path).unwrap();
    assert!(!dama::files::part_name(&path).exists());
    let (again, warnings) = Book::load_for(&path, Variant::Mala).unwrap();
    assert!(warnings.is_empty());
    assert_eq!(again.to_text(), book.to_text());
    // A directory in the way of the temporary name: the save fails and the old file stays.
    fs::create_dir_all(dama::files::part_name(&path)).unwrap();
    assert!(Book::new(Variant::Mala).save(&path).is_err());
    assert_eq!(fs::read_to_string(&path).unwrap(), book.to_text());
    fs::remove_dir(dama::files::part_name(&path)).unwrap();
}
