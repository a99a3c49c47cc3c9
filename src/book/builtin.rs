//! The books shipped in `book/`, compiled into the program.

use once_cell::sync::Lazy;

use super::{Book, BookWarning};
use crate::rules::Variant;

/// The text of the shipped book of `variant`, if one is shipped.
pub fn text(variant: Variant) -> Option<&'static str> {
    match variant {
        Variant::Czech => Some(include_str!("../../book/czech.book")),
        Variant::Russian => Some(include_str!("../../book/russian.book")),
        Variant::Brazilian => Some(include_str!("../../book/brazilian.book")),
        Variant::Pool => Some(include_str!("../../book/pool.book")),
        Variant::English => Some(include_str!("../../book/english.book")),
        Variant::International => Some(include_str!("../../book/international.book")),
        Variant::Mala => Some(include_str!("../../book/mala.book")),
    }
}

/// The shipped books, parsed once on first use.
static SHARED: Lazy<Vec<Option<Book>>> =
    Lazy::new(|| Variant::ALL.iter().map(|&v| Book::builtin(v)).collect());

/// The shipped book of `variant`, parsed once and shared (probe it with
/// [`Book::probe_with`] and your own settings).
pub fn shared(variant: Variant) -> Option<&'static Book> {
    let i = Variant::ALL.iter().position(|&v| v == variant)?;
    SHARED.get(i)?.as_ref()
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
