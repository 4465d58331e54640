//! Library errors as the Python exceptions of `placer/_errors.py`.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use placer::Diagnostic;

/// An instance of the exception class `name` of `placer._errors`, built
/// from `args` and keyword arguments `kwargs`.
fn raise(
    name: &str,
    message: String,
    fill: impl FnOnce(&Bound<'_, PyDict>) -> PyResult<()>,
) -> PyErr {
    Python::attach(|py| {
        let made = (|| -> PyResult<PyErr> {
            let class = py.import("placer._errors")?.getattr(name)?;
            let kwargs = PyDict::new(py);
            fill(&kwargs)?;
            let err = class.call((message.clone(),), Some(&kwargs))?;
            Ok(PyErr::from_value(err))
        })();
        made.unwrap_or_else(|e| e)
    })
}

/// A rule, picture or parameter error: `placer.RuleError` with the line,
/// column and help of the diagnostic, and its full caret text as `str()`.
pub fn rule_error(d: &Diagnostic) -> PyErr {
    let at = match (&d.source, &d.span) {
        (Some(source), Some(span)) => Some((source.name.clone(), source.line_col(span.start))),
        _ => None,
    };
    raise("RuleError", d.to_string(), |kw| {
        kw.set_item("reason", &d.message)?;
        kw.set_item("help", d.help.as_deref())?;
        kw.set_item("source", d.source.as_ref().map(|s| s.name.clone()))?;
        if let Some((_, (line, column))) = at {
            kw.set_item("line", line)?;
            kw.set_item("column", column)?;
        }
        Ok(())
    })
}

/// A matrix that cannot be read or used: `placer.MatrixError`.
pub fn matrix_error(message: impl std::fmt::Display) -> PyErr {
    raise("MatrixError", message.to_string(), |_| Ok(()))
}

/// Work the library refuses as too large for its exact methods:
/// `placer.TooLargeError`.
pub fn too_large(message: impl std::fmt::Display) -> PyErr {
    raise("TooLargeError", message.to_string(), |_| Ok(()))
}

/// A panic or a lost worker: `placer.InternalError`, never a crash.
pub fn internal(message: impl std::fmt::Display) -> PyErr {
    raise(
        "InternalError",
        format!("internal error in placer: {message}; please report it"),
        |_| Ok(()),
    )
}
