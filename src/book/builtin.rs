//! The books shipped in `book/`, compiled into the program (the variant registry holds each
//! one's text).

use once_cell::sync::OnceCell;

use super::format::BookWarning;
use super::table::Book;
use crate::rules::Variant;

/// The text of the shipped book of `variant`, if one is shipped (the registry's book column).
pub fn text(variant: Variant) -> Option<&'static str> {
    variant.book()
}

/// The shipped books, each parsed on the first use of its variant (parsing all of them would
/// cost a first search of any variant about 0.1 s).
static SHARED: [OnceCell<Option<Book>>; Variant::ALL.len()] =
    [const { OnceCell::new() }; Variant::ALL.len()];

/// The shipped book of `variant`, parsed once and shared (probe it with
/// [`Book::probe_with`] and your own settings).
pub fn shared(variant: Variant) -> Option<&'static Book> {
    let i = Variant::ALL.iter().position(|&v| v == variant)?;
    SHARED
        .get(i)?
        .get_or_init(|| Book::builtin(variant))
        .as_ref()
}

impl Book {
    /// The shipped book of `variant`, if one is shipped (its load warnings are dropped; the
    /// tests check that the shipped books load without any).
    pub fn builtin(variant: Variant) -> Option<Book> {
        Book::builtin_with_warnings(variant).map(|(b, _)| b)
    }

    /// The shipped book of `variant` with its load warnings.
    pub fn builtin_with_warnings(variant: Variant) -> Option<(Book, Vec<BookWarning>)> {
        Book::parse(text(variant)?).ok()
    }
}
