//! The extension module behind `import dama`: the rules core and the engine of dama for Python
//! (python/dama/__init__.py re-exports it; python/dama/__init__.pyi types it).

mod board;
mod engine;
mod errors;

use pyo3::prelude::*;

use board::{variant_named, Board, Move};
use engine::{Analysis, Engine, Line};
use errors::{bad, DamaError, IllegalMoveError};

/// The number of move sequences of `depth` plies from `fen` (or the start) of `variant`;
/// `paths`: every capture path counts.
#[pyfunction]
#[pyo3(signature = (variant, depth, fen = None, paths = false))]
fn perft(
    py: Python<'_>,
    variant: &str,
    depth: u32,
    fen: Option<&str>,
    paths: bool,
) -> PyResult<u64> {
    let board = Board {
        game: dama::game::Game::new(start(variant, fen)?),
    };
    let b = Bound::new(py, board)?;
    b.call_method1("perft", (depth, paths))?.extract()
}

/// The position of `fen` in `variant`, or its start.
fn start(variant: &str, fen: Option<&str>) -> PyResult<dama::WidePosition> {
    let v = variant_named(variant)?;
    match fen {
        Some(text) => dama::WidePosition::from_fen(v, text).map_err(bad),
        None => Ok(dama::WidePosition::start(v)),
    }
}

/// The names of the variants dama plays.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    dama::Variant::ALL.iter().map(|v| v.name()).collect()
}

#[pymodule]
fn _dama(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Board>()?;
    m.add_class::<Move>()?;
    m.add_class::<Engine>()?;
    m.add_class::<Analysis>()?;
    m.add_class::<Line>()?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add("DamaError", m.py().get_type::<DamaError>())?;
    m.add("IllegalMoveError", m.py().get_type::<IllegalMoveError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
