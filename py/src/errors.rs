//! The module's exceptions: every refusal of the rules core arrives as one, with its reason.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

create_exception!(
    dama,
    DamaError,
    PyValueError,
    "Bad input refused by dama: an unknown variant, a bad FEN, a bad limit. The message is the rules core's reason."
);
create_exception!(
    dama,
    IllegalMoveError,
    DamaError,
    "A move that is not legal in the position (or not a move at all), with the reason."
);

/// A `DamaError` with `why`.
pub fn bad(why: impl std::fmt::Display) -> PyErr {
    DamaError::new_err(why.to_string())
}

/// An `IllegalMoveError` with `why`.
pub fn illegal(why: impl std::fmt::Display) -> PyErr {
    IllegalMoveError::new_err(why.to_string())
}
