//! The books shipped in `book/`, compiled into the program.

use super::{Book, BookWarning};
use crate::rules::Variant;

/// The text of the shipped book of `variant`, if one is shipped.
pub fn text(variant: Variant) -> Option<&'static str> {
    match variant {
        Variant::Czech => Some(include_str!("../../book/czech.book")),
        _ => None,
    }
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
