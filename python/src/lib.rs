//! `placer._placer`: the native half of the `placer` Python package, a thin
//! layer over the `placer` library. It converts Python values to the
//! library's types and back, runs long work off the interpreter's lock, and
//! turns every error (and any panic) into a Python exception. The Python half,
//! `placer/__init__.py`, holds the documented API with its signatures.

/// The extension's own allocations. glibc's `malloc` hands a big block
/// (a matrix's cells, its costs) fresh pages from the system on most calls,
/// and their page faults took most of the time of repeated small solves:
/// `select(int32 300×1000).best()` was 4 ms with it, 1.1 ms with mimalloc,
/// which keeps freed memory for the next call (docs/PERFORMANCE.md).
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod args;
mod errors;
mod layout;
mod logic;
mod matrix;
mod rules;
mod run;
mod solution;
mod table;

use pyo3::prelude::*;

/// The native module; `import placer` re-exports what users call.
#[pymodule]
fn _placer(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(rules::count, m)?)?;
    m.add_function(wrap_pyfunction!(rules::solutions, m)?)?;
    m.add_function(wrap_pyfunction!(rules::first, m)?)?;
    m.add_function(wrap_pyfunction!(rules::check, m)?)?;
    m.add_function(wrap_pyfunction!(rules::builtin_rules, m)?)?;
    m.add_function(wrap_pyfunction!(rules::read_picture, m)?)?;
    m.add_class::<rules::Puzzle>()?;
    m.add_class::<logic::Step>()?;
    m.add_class::<logic::Explanation>()?;
    m.add_class::<matrix::Select>()?;
    m.add_class::<solution::Solution>()?;
    m.add_class::<solution::SolutionIter>()?;
    Ok(())
}
